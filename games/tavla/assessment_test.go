package tavla

import "testing"

func TestGamePhase(t *testing.T) {
	for pos, want := range map[string]string{
		"w15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,b15 0 0 - -": "contact",
		".,.,.,.,.,.,.,.,.,.,.,.,b15,w15,.,.,.,.,.,.,.,.,.,. 0 0 - -": "race",
		"b15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,w15,.,.,.,. 0 0 - -": "bearoff",
	} {
		p, err := Game{}.ParsePosition(pos)
		if err != nil {
			t.Fatalf("%s: %v", pos, err)
		}
		if got := p.(*Pos).GamePhase(); got != want {
			t.Errorf("%s: %s, want %s", pos, got, want)
		}
	}
}
