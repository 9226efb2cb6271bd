package islem

import "testing"

func TestGamePhase(t *testing.T) {
	p := newStart()
	if got := p.GamePhase(); got != "first-set" {
		t.Errorf("start: %s", got)
	}
	p.hand[0][0], p.hand[1][0] = 0, 0
	if got := p.GamePhase(); got != "second-set" {
		t.Errorf("first sets placed: %s", got)
	}
	p.hand[1][1] = 0
	if got := p.GamePhase(); got != "moves" {
		t.Errorf("a hand empty: %s", got)
	}
}
