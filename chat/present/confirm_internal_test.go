package present

import (
	"oyunbot/chat"
	"strings"
	"testing"
)

// TestAskedMark: the mark names any user id, spaces and all (a console
// name), as one word, and is read back exactly; data that would pass the
// platforms' limit with it gets no button rather than a cut one.
func TestAskedMark(t *testing.T) {
	for _, id := range []string{"42", "223344556677889900", "Ali Veli", "for=x", "ç%20"} {
		w := askedMark(id)
		if len(strings.Fields(w)) != 1 {
			t.Errorf("%q: mark %q is not one word", id, w)
		}
		got, ok := ParseAskedMark(w)
		if !ok || got != id {
			t.Errorf("%q: mark %q read as %q, %v", id, w, got, ok)
		}
	}
	for _, w := range []string{"for=", "for", "for=%zz", "#g1", "yes"} {
		if _, ok := ParseAskedMark(w); ok {
			t.Errorf("%q read as a mark", w)
		}
	}
	if d := WithAsked("resign #g1 yes", "223344556677889900"); d != "resign #g1 yes for=223344556677889900" {
		t.Errorf("WithAsked: %q", d)
	}
	if d := WithAsked("resign #g1 yes", strings.Repeat("9", 50)); d != "" {
		t.Errorf("data past %d bytes: %q", chat.MaxButtonData, d)
	}
}
