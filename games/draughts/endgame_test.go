package draughts

import (
	"math/rand/v2"
	"testing"
	"time"

	"oyunbot/ai"
)

// TestEndgameTable: what is known of the smallest endings, in both games,
// and every win short enough for the forty-move rule.
func TestEndgameTable(t *testing.T) {
	for _, g := range []Game{Italian, Checkers} {
		start := time.Now()
		eg := g.v.endgame()
		t.Logf("%s: solved in %v", g.Name(), time.Since(start))
		longest := 0
		for n := 2; n <= endgamePieces; n++ {
			for side := 0; side < 2; side++ {
				for _, v := range eg.vals[n][side] {
					longest = max(longest, int(v), int(-v-1))
				}
			}
		}
		t.Logf("%s: longest win or loss %d plies", g.Name(), longest)
		if longest >= fortyMovePlies {
			t.Errorf("%s: a win takes %d plies, past the forty-move rule", g.Name(), longest)
		}
		for _, tc := range []struct {
			pos    string
			winner ai.Side
		}{
			// A lone king against a lone king: a draw.
			{"......../......../......../...W..../......../......../......../.B...... w", ai.NoSide},
			// Two kings against one win, whoever moves.
			{"......../......../......../...W..../......W./......../......../.B...... w", ai.First},
			{"......../......../......../...W..../......W./......../......../.B...... b", ai.First},
		} {
			pos := tc.pos
			if g == Checkers {
				pos = mirrorText(pos)
			}
			p, err := g.Parse(pos)
			if err != nil {
				t.Fatal(err)
			}
			w, plies, ok := p.EndgameResult()
			if !ok || w != tc.winner {
				t.Errorf("%s %s: table says %v in %d (%v), want %v", g.Name(), pos, w, plies, ok, tc.winner)
			}
		}
	}
}

// TestEndgameTableAgreesWithSearch: in random table positions of both
// games a plain search by the rules alone proves what the table says: a
// win in n plies is forced in n and not in n-1, a loss in n cannot be put
// off past n plies but can to n-1 (the short ones, where the search is
// quick), and a draw is no forced result within 7 plies.
func TestEndgameTableAgreesWithSearch(t *testing.T) {
	checked := map[string]int{}
	dist := map[int]int{} // checked positions by the table's value
	for _, g := range []Game{Italian, Checkers} {
		eg := g.v.endgame()
		r := rand.New(rand.NewPCG(9, uint64(len(g.Name()))))
		for tries := 0; tries < 4000 && checked[g.Name()] < 300; tries++ {
			n := 2 + r.IntN(2)
			side := r.IntN(2)
			idx := r.IntN(len(eg.vals[n][side]))
			cs := decodeCombo(idx, n)
			s, ok := stateOf(cs, g.v.italian)
			if !ok {
				continue
			}
			s.side = uint8(side)
			v := eg.vals[n][side][idx]
			switch {
			case v > 0 && v <= 7:
				if !winIn(s, int(v)) || winIn(s, int(v)-1) {
					t.Fatalf("%s %v side %d: table says win in %d", g.Name(), cs, side, v)
				}
			case v < 0 && -v-1 <= 6:
				d := int(-v - 1)
				if !lossIn(s, d) || (d > 0 && lossIn(s, d-1)) {
					t.Fatalf("%s %v side %d: table says loss in %d", g.Name(), cs, side, d)
				}
			case v == 0:
				if winIn(s, 5) || lossIn(s, 5) {
					t.Fatalf("%s %v side %d: table says draw, search finds a result", g.Name(), cs, side)
				}
			default:
				continue
			}
			checked[g.Name()]++
			dist[int(v)]++
		}
	}
	t.Logf("checked %v, by value %v", checked, dist)
	for _, v := range []int{0, 3, 5, -3, -5} {
		if dist[v] == 0 {
			t.Errorf("no position of value %d checked", v)
		}
	}
}

// decodeCombo is the inverse of comboIndex for n codes.
func decodeCombo(idx, n int) []int {
	cs := make([]int, n)
	for k := n; k >= 1; k-- {
		c := k - 1
		for binom[c+1][k] <= idx {
			c++
		}
		cs[k-1] = c
		idx -= binom[c][k]
	}
	return cs
}

// winIn reports whether the side to move in s can force a win within d
// plies (the opponent left without a move or a piece).
func winIn(s state, d int) bool {
	if d <= 0 {
		return false
	}
	var buf [ai.MaxMoves]ai.Move
	for _, m := range s.genMoves(buf[:0]) {
		c := s
		c.apply(m)
		if lossIn(c, d-1) {
			return true
		}
	}
	return false
}

// lossIn reports whether the side to move in s loses within d plies
// whatever it does.
func lossIn(s state, d int) bool {
	var buf [ai.MaxMoves]ai.Move
	moves := s.genMoves(buf[:0])
	if len(moves) == 0 {
		return true
	}
	if d <= 0 {
		return false
	}
	for _, m := range moves {
		c := s
		c.apply(m)
		if !winIn(c, d-1) {
			return false
		}
	}
	return true
}

// mirrorText mirrors a board text left to right (an Italian position as
// the same position on the English board).
func mirrorText(s string) string {
	b := []byte(s)
	for i := 0; i+8 <= len(b) && b[i] != ' '; i += 9 {
		for j := 0; j < 4; j++ {
			b[i+j], b[i+7-j] = b[i+7-j], b[i+j]
		}
	}
	return string(b)
}
