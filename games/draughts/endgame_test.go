package draughts

import (
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

// TestEndgameTableAgreesWithSearch: in random table positions a plain
// search to the table's distance finds the same result, from the rules
// alone (the evaluation's table switched off by searching with material).
func TestEndgameTableAgreesWithSearch(t *testing.T) {
	t.Skip("TODO")
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
