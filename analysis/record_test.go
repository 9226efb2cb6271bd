package analysis_test

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/analysis"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/dama"
	"oyunbot/games/gamestest"
	"oyunbot/games/islem"
	"oyunbot/games/tavla"
	"oyunbot/games/tictactoe"
)

// randomGame plays n random plies (rolls by their chances) from start.
func randomGame(rng *rand.Rand, start games.Position, n int) []ai.Move {
	p := start.Clone()
	var moves []ai.Move
	for len(moves) < n && !p.Status().Over {
		var m ai.Move
		if p.Turn() == ai.Chance {
			outs := p.(ai.Stochastic).Chances(nil)
			m = outs[rng.IntN(len(outs))].Move
		} else {
			ms := games.Legal(p, nil)
			m = ms[rng.IntN(len(ms))]
		}
		moves = append(moves, m)
		p.Make(m)
	}
	return moves
}

// TestRecordRoundTrip: what FormatRecord writes, ParseRecord reads back,
// in every kind of game (moves with spaces, rolls, a custom start).
func TestRecordRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	custom, err := chessgame.Game{}.ParsePosition("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		g     games.Game
		start games.Position
	}{
		{chessgame.Game{}, chessgame.Game{}.Start()}, {chessgame.Game{}, custom}, {dama.Game{}, dama.Game{}.Start()},
		{islem.Game{}, islem.Game{}.Start()}, {tavla.Game{}, tavla.Game{}.Start()},
		{tictactoe.Game{}, tictactoe.Game{}.Start()}, {gamestest.Race{}, gamestest.Race{}.Start()},
	} {
		for range 5 {
			moves := randomGame(rng, tc.start, 80)
			text := analysis.FormatRecord(tc.g, tc.start, moves)
			start, back, err := analysis.ParseRecord(tc.g, strings.NewReader(text))
			if err != nil {
				t.Fatalf("%s: %v in\n%s", tc.g.Name(), err, text)
			}
			if start.String() != tc.start.String() || !reflect.DeepEqual(back, moves) {
				t.Fatalf("%s: the record changed:\n%s", tc.g.Name(), text)
			}
		}
	}
}

// TestParseRecordForms: moves several to a line, PGN's numbers and
// result, comments, a mate's # kept.
func TestParseRecordForms(t *testing.T) {
	g := chessgame.Game{}
	text := "# Scholar's mate\n1. e4 e5 2. Bc4 Nc6\n3. Qh5 Nf6 # the blunder\n4. Qxf7# 1-0\n"
	_, moves, err := analysis.ParseRecord(g, strings.NewReader(text))
	if err != nil || len(moves) != 7 {
		t.Fatalf("%d moves, %v", len(moves), err)
	}
	for _, tc := range []struct{ text, want string }{
		{"e4\ne4\n", "line 2: move 2"},
		{"e4 e5 Kxe8\n", "line 1: move 3"},
		{"start 8/8/8/8 w\n", "line 1: the start"},
	} {
		if _, _, err := analysis.ParseRecord(g, strings.NewReader(tc.text)); !errors.Is(err, analysis.ErrBadRecord) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.text, err, tc.want)
		}
	}
}

// FuzzParseRecord: any text is a record or a clear error, and a record
// read is written back to the same moves.
func FuzzParseRecord(f *testing.F) {
	for _, s := range []string{"e4 e5\nNf3", "start 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\ne4", "1. e4 # c\n1... e5", "Qxf7#", "start \n"} {
		f.Add(s)
	}
	g := chessgame.Game{}
	f.Fuzz(func(t *testing.T, text string) {
		start, moves, err := analysis.ParseRecord(g, strings.NewReader(text))
		if err != nil {
			if !errors.Is(err, analysis.ErrBadRecord) {
				t.Fatalf("%q: an error not wrapping ErrBadRecord: %v", text, err)
			}
			return
		}
		out := analysis.FormatRecord(g, start, moves)
		start2, back, err := analysis.ParseRecord(g, strings.NewReader(out))
		if err != nil || start2.String() != start.String() || !reflect.DeepEqual(back, moves) {
			t.Fatalf("%q wrote %q, read back %v (%v)", text, out, back, err)
		}
	})
}
