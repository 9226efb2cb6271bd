package fakediscord

// select.go is the string select menu (component type 3): Discord's rules
// for one in a message, and a user choosing one of its options.

import (
	"fmt"
	"slices"
	"unicode/utf8"
)

// Discord's limits of string select menus.
const (
	maxMenuOptions = 25  // options in a menu
	maxOptionText  = 100 // characters of an option's label, value, description
	maxPlaceholder = 150 // characters of a menu's placeholder
)

// checkSelect applies Discord's rules to a string select menu alone in its
// action row; ids are the custom_ids of the message so far.
func checkSelect(c Component, ids map[string]bool) error {
	if c.CustomID == "" || len(c.CustomID) > maxCustomID {
		return fmt.Errorf("select custom_id %q: want 1..%d characters", c.CustomID, maxCustomID)
	}
	if ids[c.CustomID] {
		return fmt.Errorf("duplicate custom_id %q", c.CustomID)
	}
	ids[c.CustomID] = true
	if n := len(c.Options); n == 0 || n > maxMenuOptions {
		return fmt.Errorf("select menu with %d options, want 1..%d", n, maxMenuOptions)
	}
	if utf8.RuneCountInString(c.Placeholder) > maxPlaceholder {
		return fmt.Errorf("placeholder %q longer than %d characters", c.Placeholder, maxPlaceholder)
	}
	lo, hi := 1, 1
	if c.MinValues != nil {
		lo = *c.MinValues
	}
	if c.MaxValues != nil {
		hi = *c.MaxValues
	}
	if lo < 0 || lo > maxMenuOptions || hi < 1 || hi > maxMenuOptions || lo > hi || hi > len(c.Options) {
		return fmt.Errorf("select min_values %d, max_values %d with %d options", lo, hi, len(c.Options))
	}
	values := map[string]bool{}
	defaults := 0
	for _, o := range c.Options {
		for what, text := range map[string]string{"label": o.Label, "value": o.Value} {
			if n := utf8.RuneCountInString(text); n == 0 || n > maxOptionText {
				return fmt.Errorf("option %s %q: want 1..%d characters", what, text, maxOptionText)
			}
		}
		if utf8.RuneCountInString(o.Description) > maxOptionText {
			return fmt.Errorf("option description %q longer than %d characters", o.Description, maxOptionText)
		}
		if values[o.Value] {
			return fmt.Errorf("duplicate option value %q", o.Value)
		}
		values[o.Value] = true
		if o.Default {
			defaults++
		}
	}
	if defaults > hi {
		return fmt.Errorf("%d default options, max_values %d", defaults, hi)
	}
	return nil
}

// Select has u choose the option of value in the select menu customID of
// message messageID (an INTERACTION_CREATE of type 3, component_type 3)
// and returns the interaction id. Choosing what the message does not offer
// (no such menu or option, or a disabled menu) is a test failure, as no
// real client could.
func (s *Server) Select(ch Channel, u User, locale, messageID, customID, value string) string {
	s.mu.Lock()
	m := s.messages[messageID]
	var menu *Component
	if m != nil && !m.Deleted {
		for _, c := range m.Menus() {
			if c.CustomID == customID {
				menu = &c
			}
		}
	}
	s.mu.Unlock()
	if menu == nil || menu.Disabled || !slices.ContainsFunc(menu.Options, func(o SelectOption) bool { return o.Value == value }) {
		s.errorf("select %q in menu %q of message %s: not offered", value, customID, messageID)
		return ""
	}
	data := map[string]any{"custom_id": customID, "component_type": 3, "values": []string{value}}
	return s.interact(ch, u, locale, 3, data, messageID)
}
