package dama

import "testing"

func TestGamePhase(t *testing.T) {
	for pos, want := range map[string]string{
		"......../bbbbbbbb/bbbbbbbb/......../......../wwwwwwww/wwwwwwww/........ w": "opening",
		"......../bbbbbbbb/bbbbb.../......../......../wwwwww../wwwwwwww/........ w": "middlegame",
		"......../bbbb..../b......./......../......../ww....../wwW...../........ w": "endgame",
	} {
		p, err := Game{}.ParsePosition(pos)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.(*Position).GamePhase(); got != want {
			t.Errorf("%s: %s, want %s", pos, got, want)
		}
	}
}
