package fakediscord

import (
	"fmt"
	"strings"
	"testing"
)

// TestCheckSelect: string select menus as Discord takes them: alone in
// their row, 1..25 options of distinct values, labels and values of 1..100
// characters, a placeholder of at most 150, a custom_id unique in the
// message.
func TestCheckSelect(t *testing.T) {
	opts := func(n int) []SelectOption {
		out := make([]SelectOption, n)
		for i := range out {
			out[i] = SelectOption{Label: fmt.Sprint("o", i), Value: fmt.Sprint("v", i)}
		}
		return out
	}
	menu := func(id string, o []SelectOption) Component {
		return Component{Type: 3, CustomID: id, Options: o}
	}
	row := func(cs ...Component) Component { return Component{Type: 1, Components: cs} }
	btn := Component{Type: 2, Style: 2, Label: "x", CustomID: "b"}
	two := 2
	long := menu("m", opts(1))
	long.Placeholder = strings.Repeat("p", 151)
	multi := menu("m", opts(1))
	multi.MaxValues = &two
	for _, tt := range []struct {
		name string
		rows []Component
		ok   bool
	}{
		{"a menu and buttons", []Component{row(menu("m", opts(25))), row(btn)}, true},
		{"26 options", []Component{row(menu("m", opts(26)))}, false},
		{"no option", []Component{row(menu("m", nil))}, false},
		{"beside a button", []Component{row(menu("m", opts(2)), btn)}, false},
		{"same custom_id", []Component{row(menu("b", opts(2))), row(btn)}, false},
		{"same value", []Component{row(menu("m", []SelectOption{{Label: "a", Value: "v"}, {Label: "b", Value: "v"}}))}, false},
		{"empty label", []Component{row(menu("m", []SelectOption{{Value: "v"}}))}, false},
		{"long value", []Component{row(menu("m", []SelectOption{{Label: "a", Value: strings.Repeat("v", 101)}}))}, false},
		{"long placeholder", []Component{row(long)}, false},
		{"more values than options", []Component{row(multi)}, false},
	} {
		b := body{Components: tt.rows}
		if err := checkMessage(&b, true); (err == nil) != tt.ok {
			t.Errorf("%s: error %v, want ok=%v", tt.name, err, tt.ok)
		}
	}
}
