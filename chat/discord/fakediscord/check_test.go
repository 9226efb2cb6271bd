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
