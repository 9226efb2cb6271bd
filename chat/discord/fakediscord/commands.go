// commands.go is the REST API's application commands: registering the
// bot's commands (PUT), checked against Discord's rules for names,
// descriptions, options and localisations.

package fakediscord

import (
	"encoding/json"
	"fmt"
	"net/http"
	"unicode/utf8"
)

// putCommands replaces the application's commands, as the bulk overwrite does.
func (s *Server) putCommands(w http.ResponseWriter, r *http.Request, appID string) {
	if appID != s.opts.AppID {
		s.errorf("commands for application %s, the bot's is %s", appID, s.opts.AppID)
		apiError(w, http.StatusForbidden, 50001, "Missing Access")
		return
	}
	var cmds []Command
	if err := json.NewDecoder(r.Body).Decode(&cmds); err != nil {
		s.badRequest(w, "PUT commands", err)
		return
	}
	if err := checkCommands(cmds); err != nil {
		s.badRequest(w, "PUT commands", err)
		return
	}
	s.mu.Lock()
	s.commands = cmds
	s.commandPuts++
	out := []map[string]any{}
	for _, c := range cmds {
		out = append(out, map[string]any{"id": s.newID(), "application_id": appID, "type": 1,
			"name": c.Name, "description": c.Description, "options": c.Options, "version": "1"})
	}
	s.changed()
	s.mu.Unlock()
	writeJSON(w, 200, out)
}

// checkCommands applies Discord's rules for command definitions.
func checkCommands(cmds []Command) error {
	if len(cmds) > maxCommands {
		return fmt.Errorf("%d commands, limit %d", len(cmds), maxCommands)
	}
	names := map[string]bool{}
	trNames := map[string]bool{}
	for _, c := range cmds {
		if c.Type != 0 && c.Type != 1 {
			return fmt.Errorf("/%s: type %d, want chat input (1)", c.Name, c.Type)
		}
		if !commandName.MatchString(c.Name) {
			return fmt.Errorf("command name %q", c.Name)
		}
		if names[c.Name] {
			return fmt.Errorf("duplicate command %q", c.Name)
		}
		names[c.Name] = true
		if err := checkText(c.Name, c.Description, c.DescriptionLocalizations); err != nil {
			return err
		}
		for loc, n := range c.NameLocalizations {
			if !commandName.MatchString(n) {
				return fmt.Errorf("/%s: %s name %q", c.Name, loc, n)
			}
			if trNames[loc+" "+n] {
				return fmt.Errorf("/%s: %s name %q taken by another command", c.Name, loc, n)
			}
			trNames[loc+" "+n] = true
		}
		if err := checkOptions("/"+c.Name, c.Options, 0); err != nil {
			return err
		}
		if err := checkEnum("/"+c.Name+" integration_types", c.IntegrationTypes, 1); err != nil {
			return err
		}
		if err := checkEnum("/"+c.Name+" contexts", c.Contexts, 2); err != nil {
			return err
		}
	}
	return nil
}

// checkEnum checks a list of integration types (0..1) or interaction
// contexts (0..2): known values, each once, and not empty when present.
func checkEnum(where string, vals []int, max int) error {
	if vals != nil && len(vals) == 0 {
		return fmt.Errorf("%s: empty", where)
	}
	seen := map[int]bool{}
	for _, v := range vals {
		if v < 0 || v > max || seen[v] {
			return fmt.Errorf("%s: value %d unknown or repeated", where, v)
		}
		seen[v] = true
	}
	return nil
}

// Option types with rules of their own.
const (
	optSubCommand      = 1
	optSubCommandGroup = 2
	optString          = 3
	optInteger         = 4
	optNumber          = 10
	maxOptions         = 25
	maxStringOption    = 6000
)

// checkOptions checks the options of a command (depth 0), of a group (1)
// or of a sub-command (2): a level holds either sub-commands (groups only
// at the top) or plain options, never both.
func checkOptions(where string, opts []CommandOption, depth int) error {
	if len(opts) > maxOptions {
		return fmt.Errorf("%s: %d options, limit %d", where, len(opts), maxOptions)
	}
	subs := 0
	for _, o := range opts {
		if o.Type == optSubCommand || o.Type == optSubCommandGroup {
			subs++
		}
	}
	if subs != 0 && subs != len(opts) {
		return fmt.Errorf("%s: sub-commands mixed with options", where)
	}
	optional := false
	optNames := map[string]bool{}
	for _, o := range opts {
		here := where + " " + o.Name
		if !commandName.MatchString(o.Name) || optNames[o.Name] {
			return fmt.Errorf("%s: bad or duplicate option name", here)
		}
		optNames[o.Name] = true
		for loc, n := range o.NameLocalizations {
			if !commandName.MatchString(n) {
				return fmt.Errorf("%s: %s name %q", here, loc, n)
			}
		}
		if err := checkText(here, o.Description, o.DescriptionLocalizations); err != nil {
			return err
		}
		if o.Type < 1 || o.Type > 11 {
			return fmt.Errorf("%s: option type %d", here, o.Type)
		}
		switch o.Type {
		case optSubCommandGroup:
			if depth > 0 {
				return fmt.Errorf("%s: a group inside a group or sub-command", here)
			}
			for _, sub := range o.Options {
				if sub.Type != optSubCommand {
					return fmt.Errorf("%s: a group holds sub-commands only", here)
				}
			}
			if err := checkOptions(here, o.Options, depth+1); err != nil {
				return err
			}
			continue
		case optSubCommand:
			if depth > 1 {
				return fmt.Errorf("%s: a sub-command nested too deep", here)
			}
			if o.Required || len(o.Choices) > 0 || o.Autocomplete {
				return fmt.Errorf("%s: a sub-command is not required and has no choices", here)
			}
			if err := checkOptions(here, o.Options, 2); err != nil {
				return err
			}
			continue
		}
		if len(o.Options) > 0 {
			return fmt.Errorf("%s: options inside a plain option", here)
		}
		if o.Required && optional {
			return fmt.Errorf("%s: required option after an optional one", here)
		}
		optional = optional || !o.Required
		if len(o.Choices) > maxChoices {
			return fmt.Errorf("%s: %d choices, limit %d", here, len(o.Choices), maxChoices)
		}
		if len(o.Choices) > 0 && o.Autocomplete {
			return fmt.Errorf("%s: choices and autocomplete together", here)
		}
		for _, ch := range o.Choices {
			if n := utf8.RuneCountInString(ch.Name); n == 0 || n > maxChoiceName {
				return fmt.Errorf("%s: choice name %q", here, ch.Name)
			}
			for loc, n := range ch.NameLocalizations {
				if l := utf8.RuneCountInString(n); l == 0 || l > maxChoiceName {
					return fmt.Errorf("%s: %s choice name %q", here, loc, n)
				}
			}
			switch v := ch.Value.(type) {
			case string:
				if o.Type != optString || v == "" || len(v) > maxChoiceName {
					return fmt.Errorf("%s: choice value %q", here, v)
				}
			case float64:
				if (o.Type != optInteger && o.Type != optNumber) || (o.Type == optInteger && v != float64(int64(v))) {
					return fmt.Errorf("%s: choice value %v", here, v)
				}
			default:
				return fmt.Errorf("%s: choice value %v", here, ch.Value)
			}
		}
		numeric := o.Type == optInteger || o.Type == optNumber
		if (o.MinValue != nil || o.MaxValue != nil) && !numeric {
			return fmt.Errorf("%s: min_value/max_value on a type %d option", here, o.Type)
		}
		if o.MinValue != nil && o.MaxValue != nil && *o.MinValue > *o.MaxValue {
			return fmt.Errorf("%s: min_value %v > max_value %v", here, *o.MinValue, *o.MaxValue)
		}
		if (o.MinLength != nil || o.MaxLength != nil) && o.Type != optString {
			return fmt.Errorf("%s: min_length/max_length on a type %d option", here, o.Type)
		}
		if o.MaxLength != nil && (*o.MaxLength < 1 || *o.MaxLength > maxStringOption) {
			return fmt.Errorf("%s: max_length %d", here, *o.MaxLength)
		}
		if o.MinLength != nil && (*o.MinLength < 0 || *o.MinLength > maxStringOption || (o.MaxLength != nil && *o.MinLength > *o.MaxLength)) {
			return fmt.Errorf("%s: min_length %d", here, *o.MinLength)
		}
	}
	return nil
}

func checkText(where, desc string, locs map[string]string) error {
	if n := utf8.RuneCountInString(desc); n == 0 || n > maxDescription {
		return fmt.Errorf("%s: description %q: want 1..%d characters", where, desc, maxDescription)
	}
	for loc, d := range locs {
		if n := utf8.RuneCountInString(d); n == 0 || n > maxDescription {
			return fmt.Errorf("%s: %s description %q", where, loc, d)
		}
	}
	return nil
}
