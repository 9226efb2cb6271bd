package chessgame

import (
	"errors"
	"strings"
	"testing"

	"oyunbot/games"
	"oyunbot/games/chess"
)

// TestReadings (issue 41.9): a Turkish K that the rook and the king can
// both play has two readings, the rook's first; one that only one of them
// can play has none (ReadMove's reading stands), nor has K in English.
func TestReadings(t *testing.T) {
	// White: king e1, rook h1; black: king e8.
	p := mustFEN(t, "4k3/8/8/8/8/8/8/4K2R w - - 0 1")
	for _, c := range []struct {
		in, lang string
		want     []string // move:letters
	}{
		{"Kf1", "tr", []string{"Rf1:tr", "Kf1:en"}},
		{"kf1", "tr", []string{"Rf1:tr", "Kf1:en"}},
		{"1. Kf1", "tr", []string{"Rf1:tr", "Kf1:en"}},
		{"Kf2", "tr", nil}, // only the king
		{"Kg1", "tr", nil}, // only the rook
		{"Kf1", "en", nil}, // the king
		{"Şf1", "tr", nil},
		{"Rf1", "tr", nil},
		{"", "tr", nil},
	} {
		var got []string
		for _, r := range p.Readings(c.in, c.lang) {
			got = append(got, r.Move+":"+r.Letters)
			if r.Key == "" || len(r.Words) == 0 {
				t.Errorf("%q: reading %+v has no name or words", c.in, r)
			}
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("Readings(%q, %s) = %v, want %v", c.in, c.lang, got, c.want)
		}
	}
}

func TestMoveSquares(t *testing.T) {
	p := mustFEN(t, "4k3/8/8/3pP3/8/8/8/R3K3 w Q d6 0 1")
	cases := []struct{ move, path, captured string }{
		{"exd6", "e5 d6", "d5"},
		{"O-O-O", "e1 c1", ""},
		{"Ra8+", "a1 a8", ""},
	}
	for _, c := range cases {
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		path, captured := p.MoveSquares(m)
		if got := join(path); got != c.path {
			t.Errorf("%s: path %q, want %q", c.move, got, c.path)
		}
		if got := join(captured); got != c.captured {
			t.Errorf("%s: captured %q, want %q", c.move, got, c.captured)
		}
	}
}

func join(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out
}

// TestMoveErrorKinds: ParseMove converts the rules' kinds of move error to
// the games package's by number, so each must be the same-named one there.
func TestMoveErrorKinds(t *testing.T) {
	for rules, want := range map[chess.MoveErrorKind]games.MoveErrorKind{
		chess.Malformed: games.Malformed, chess.Illegal: games.Illegal,
		chess.Ambiguous: games.Ambiguous, chess.GameOver: games.GameOver,
	} {
		if games.MoveErrorKind(rules) != want {
			t.Errorf("chess kind %d is games kind %d, want %d", rules, games.MoveErrorKind(rules), want)
		}
	}
	p := mustFEN(t, chess.StartFEN)
	for text, want := range map[string]games.MoveErrorKind{"e5": games.Illegal, "zz": games.Malformed, "Nd2": games.Illegal} {
		_, err := p.ParseMove(text)
		var me *games.MoveError
		if !errors.As(err, &me) || me.Kind != want || me.Input != text {
			t.Errorf("ParseMove(%q): %v, want a *games.MoveError of kind %d", text, err, want)
		}
	}
}
