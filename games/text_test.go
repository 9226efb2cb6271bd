package games

import "testing"

// TestFill: placeholders and plural forms, the forms chosen by their
// placeholder's value ("1" the first), values never read again.
func TestFill(t *testing.T) {
	for _, tc := range []struct {
		msg  string
		kv   []string
		want string
	}{
		{"{n} {n|move|moves}", []string{"n", "1"}, "1 move"},
		{"{n} {n|move|moves}", []string{"n", "22"}, "22 moves"},
		{"{a} {a|stone|stones}, {b} {b|pair|pairs}", []string{"a", "1", "b", "3"}, "1 stone, 3 pairs"},
		{"{n} hamle", []string{"n", "1"}, "1 hamle"},
		{"{x|y} {n|one|other} {open", []string{"n", "2"}, "{x|y} other {open"},
		{"{v}", []string{"v", "{v|x|y}"}, "{v|x|y}"},
		{"no placeholders", nil, "no placeholders"},
	} {
		if got := Fill(tc.msg, tc.kv...); got != tc.want {
			t.Errorf("Fill(%q, %q) = %q, want %q", tc.msg, tc.kv, got, tc.want)
		}
	}
}
