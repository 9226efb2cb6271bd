package fakediscord

import (
	"strings"
	"testing"
)

// TestCheckMessage: the fake refuses what Discord refuses, so that tests
// passing against it mean something.
func TestCheckMessage(t *testing.T) {
	str := func(s string) *string { return &s }
	btn := func(id string) Component { return Component{Type: 2, Style: 2, Label: "x", CustomID: id} }
	row := func(cs ...Component) Component { return Component{Type: 1, Components: cs} }
	tests := []struct {
		name string
		b    body
		ok   bool
	}{
		{"text", body{Content: str("hi")}, true},
		{"file only", body{files: []File{{Name: "b.png", Data: []byte{1}}}}, true},
		{"buttons only", body{Components: []Component{row(btn("a"))}}, true},
		{"empty", body{}, false},
		{"too long", body{Content: str(strings.Repeat("ş", 2001))}, false},
		{"duplicate custom_id", body{Components: []Component{row(btn("a")), row(btn("a"))}}, false},
		{"six buttons in a row", body{Components: []Component{row(btn("1"), btn("2"), btn("3"), btn("4"), btn("5"), btn("6"))}}, false},
		{"six rows", body{Components: []Component{row(btn("1")), row(btn("2")), row(btn("3")), row(btn("4")), row(btn("5")), row(btn("6"))}}, false},
		{"button outside a row", body{Components: []Component{btn("a")}}, false},
		{"empty label", body{Components: []Component{row(Component{Type: 2, Style: 2, CustomID: "a"})}}, false},
		{"long custom_id", body{Components: []Component{row(btn(strings.Repeat("a", 101)))}}, false},
		{"empty file", body{Content: str("x"), files: []File{{Name: "b.png"}}}, false},
	}
	for _, tt := range tests {
		if err := checkMessage(&tt.b, true); (err == nil) != tt.ok {
			t.Errorf("%s: error %v, want ok=%v", tt.name, err, tt.ok)
		}
	}
}

func TestCheckCommands(t *testing.T) {
	good := Command{Type: 1, Name: "play", Description: "Play", NameLocalizations: map[string]string{"tr": "oyna"},
		Options: []CommandOption{{Type: 3, Name: "game", Description: "Game", Required: true,
			Choices: []Choice{{Name: "Dama", Value: "dama"}}}, {Type: 3, Name: "level", Description: "Level"}}}
	if err := checkCommands([]Command{good}); err != nil {
		t.Fatalf("good command refused: %v", err)
	}
	bad := map[string]func(c *Command){
		"upper-case name":          func(c *Command) { c.Name = "Play" },
		"space in tr name":         func(c *Command) { c.NameLocalizations["tr"] = "oyun oyna" },
		"no description":           func(c *Command) { c.Description = "" },
		"required after optional":  func(c *Command) { c.Options[0], c.Options[1] = c.Options[1], c.Options[0] },
		"choices and autocomplete": func(c *Command) { c.Options[0].Autocomplete = true },
		"26 choices": func(c *Command) {
			for range 25 {
				c.Options[0].Choices = append(c.Options[0].Choices, Choice{Name: "x", Value: "x"})
			}
		},
	}
	for name, spoil := range bad {
		c := good
		c.NameLocalizations = map[string]string{"tr": "oyna"}
		c.Options = append([]CommandOption(nil), good.Options...)
		c.Options[0].Choices = append([]Choice(nil), good.Options[0].Choices...)
		spoil(&c)
		if err := checkCommands([]Command{c}); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if err := checkCommands([]Command{good, good}); err == nil {
		t.Error("duplicate command accepted")
	}
}

// TestCheckSubCommands: sub-commands and groups, bounds and localized
// names follow Discord's rules.
func TestCheckSubCommands(t *testing.T) {
	one, twenty, five := 1.0, 20.0, 5
	good := func() Command {
		return Command{Type: 1, Name: "tournament", Description: "Tournaments", NameLocalizations: map[string]string{"tr": "turnuva"},
			Options: []CommandOption{
				{Type: 1, Name: "create", Description: "Open one", NameLocalizations: map[string]string{"tr": "oluştur"},
					Options: []CommandOption{
						{Type: 3, Name: "game", Description: "Game", Required: true, Choices: []Choice{{Name: "Dama", Value: "dama"}}},
						{Type: 4, Name: "rounds", Description: "Rounds", MinValue: &one, MaxValue: &twenty, Choices: []Choice{{Name: "three", Value: 3.0}}},
						{Type: 3, Name: "time", Description: "Clock", MaxLength: &five},
					}},
				{Type: 2, Name: "bot", Description: "The bot", Options: []CommandOption{{Type: 1, Name: "add", Description: "Add it"}}},
			}}
	}
	if err := checkCommands([]Command{good()}); err != nil {
		t.Fatalf("good command refused: %v", err)
	}
	bad := map[string]func(c *Command){
		"sub-commands mixed with options": func(c *Command) {
			c.Options = append(c.Options, CommandOption{Type: 3, Name: "x", Description: "x"})
		},
		"sub-command in a sub-command": func(c *Command) {
			c.Options[0].Options = append(c.Options[0].Options, CommandOption{Type: 1, Name: "deeper", Description: "x"})
		},
		"group in a group": func(c *Command) {
			c.Options[1].Options = []CommandOption{{Type: 2, Name: "g", Description: "x"}}
		},
		"required sub-command":        func(c *Command) { c.Options[0].Required = true },
		"upper-case tr option name":   func(c *Command) { c.Options[0].NameLocalizations["tr"] = "Oluştur" },
		"min_value on a string":       func(c *Command) { c.Options[0].Options[0].MinValue = &one },
		"max_length on an integer":    func(c *Command) { c.Options[0].Options[1].MaxLength = &five },
		"min_value above max_value":   func(c *Command) { c.Options[0].Options[1].MinValue = &twenty; c.Options[0].Options[1].MaxValue = &one },
		"fractional integer choice":   func(c *Command) { c.Options[0].Options[1].Choices[0].Value = 2.5 },
		"string choice on an integer": func(c *Command) { c.Options[0].Options[1].Choices[0].Value = "3" },
		"required after optional in a sub-command": func(c *Command) {
			c.Options[0].Options[2].Required = true
		},
	}
	for name, spoil := range bad {
		c := good()
		spoil(&c)
		if err := checkCommands([]Command{c}); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	other := Command{Type: 1, Name: "tourney", Description: "x", NameLocalizations: map[string]string{"tr": "turnuva"}}
	if err := checkCommands([]Command{good(), other}); err == nil {
		t.Error("two commands with one Turkish name accepted")
	}
}

// TestCheckInstallContexts: integration_types and contexts take Discord's
// values, each once.
func TestCheckInstallContexts(t *testing.T) {
	c := Command{Type: 1, Name: "play", Description: "Play", IntegrationTypes: []int{0, 1}, Contexts: []int{0, 1, 2}}
	if err := checkCommands([]Command{c}); err != nil {
		t.Fatalf("good command refused: %v", err)
	}
	for name, spoil := range map[string]func(c *Command){
		"integration type 2": func(c *Command) { c.IntegrationTypes = []int{0, 2} },
		"context 3":          func(c *Command) { c.Contexts = []int{3} },
		"repeated context":   func(c *Command) { c.Contexts = []int{1, 1} },
		"empty contexts":     func(c *Command) { c.Contexts = []int{} },
	} {
		bad := c
		spoil(&bad)
		if err := checkCommands([]Command{bad}); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestApplyEdit: an edit keeps what it leaves out; its attachments array
// lists what the message keeps (its own by id, uploads by index), and an
// upload it does not list is refused.
func TestApplyEdit(t *testing.T) {
	str := func(s string) *string { return &s }
	old, nw := File{Name: "old.png", Data: []byte{1}}, File{Name: "new.png", Data: []byte{2}}
	msg := func() *Message { return &Message{ID: "55", Content: "before", Files: []File{old}} }
	tests := []struct {
		name    string
		b       body
		content string
		files   []string
		ok      bool
	}{
		{"content alone", body{Content: str("after")}, "after", []string{"old.png"}, true},
		{"upload without attachments: added", body{files: []File{nw}}, "before", []string{"old.png", "new.png"}, true},
		{"replace", body{Attachments: []attachment{{ID: "0"}}, files: []File{nw}}, "before", []string{"new.png"}, true},
		{"keep and add", body{Attachments: []attachment{{ID: "550"}, {ID: "0"}}, files: []File{nw}}, "before", []string{"old.png", "new.png"}, true},
		{"remove all", body{Attachments: []attachment{}}, "before", nil, true},
		{"upload not listed", body{Attachments: []attachment{}, files: []File{nw}}, "", nil, false},
		{"unknown id", body{Attachments: []attachment{{ID: "999"}}}, "", nil, false},
	}
	for _, tt := range tests {
		m := msg()
		err := applyEdit(m, &tt.b)
		if (err == nil) != tt.ok {
			t.Errorf("%s: error %v, want ok=%v", tt.name, err, tt.ok)
			continue
		}
		if !tt.ok {
			continue
		}
		var names []string
		for _, f := range m.Files {
			names = append(names, f.Name)
		}
		if m.Content != tt.content || strings.Join(names, ",") != strings.Join(tt.files, ",") {
			t.Errorf("%s: %q %v, want %q %v", tt.name, m.Content, names, tt.content, tt.files)
		}
	}
}
