package present

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzShorten: what is echoed has no control character but newlines (in
// multi-line text), no bidi override, and at most n characters and "…".
func FuzzShorten(f *testing.F) {
	for _, s := range []string{"dama\x00\x1b[31m", "a\u202eb", "line\nline", strings.Repeat("ş", 40), "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, out := range []string{Shorten(s, 20), CleanName(s), cleanText(s, true)} {
			for _, r := range out {
				if r != '\n' && (unicode.IsControl(r) || unsafeRune(r)) {
					t.Fatalf("%q → %q keeps %U", s, out, r)
				}
			}
		}
		if n := utf8.RuneCountInString(Shorten(s, 20)); n > 21 || strings.Contains(Shorten(s, 20), "\n") {
			t.Fatalf("%q → %q", s, Shorten(s, 20))
		}
		if n := utf8.RuneCountInString(CleanName(s)); n > maxNameRunes+1 {
			t.Fatalf("name %q → %d runes", s, n)
		}
	})
}
