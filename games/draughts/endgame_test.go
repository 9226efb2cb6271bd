package draughts

import (
	"context"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"oyunbot/ai"
	"oyunbot/analysis"
	"oyunbot/games"
)

// -egdb.full N builds the database of N pieces (4 or 5; 5 is minutes of
// CPU and 300 MB a game) and runs the whole check on it: every entry
// against its moves, and sampled ones against a search to the end.
// `bot egdb -verify` does the same on the cached database.
var egdbFull = flag.Int("egdb.full", 0, "build the endgame database of this many pieces and check it whole")

// quick is a game's table of up to three pieces, solved anew.
func quick(t *testing.T, g Game) *EndgameDB {
	t.Helper()
	return solveEndgames(g.v.italian, quickPieces, nil)
}

// TestEndgameTable: what is known of the smallest endings, in both games,
// and every win short enough for the forty-move rule.
func TestEndgameTable(t *testing.T) {
	for _, g := range []Game{Italian, Checkers} {
		eg := g.v.endgame()
		st := eg.Stats()
		t.Logf("%s: %d pieces, %d entries, %d won %d lost %d drawn, longest %d plies", g.Name(), st.Pieces, st.Entries, st.Wins, st.Losses, st.Draws, st.LongestWin)
		if st.LongestWin >= fortyMovePlies {
			t.Errorf("%s: a win takes %d plies, past the forty-move rule", g.Name(), st.LongestWin)
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
			p.SetEndgamePieces(0)
			if _, _, ok := p.EndgameResult(); ok {
				t.Errorf("%s %s: a result with the table off", g.Name(), pos)
			}
		}
	}
}

// TestEndgameMatchesReference: the database's solver (by material, men
// configuration and a bucket queue over the kings' steps) and the first
// table's (one breadth-first search over every position's explicit
// moves) agree on every position of up to three pieces, distances
// included, in both games.
func TestEndgameMatchesReference(t *testing.T) {
	for _, g := range []Game{Italian, Checkers} {
		db := quick(t, g)
		ref := refSolve(g.v.italian)
		n := 0
		var cbuf [refPieces + 1]int
		db.each(func(sl *egSlice, s *state, i int64) {
			cs := refCodes(s, cbuf[:0])
			rv := ref.vals[len(cs)][s.side][refIndex(cs)]
			var want uint8
			switch {
			case rv > 0:
				want = uint8(rv + 1)
			case rv < 0:
				want = uint8(-rv - 1 + 1)
			}
			if db.vals[i] != want {
				t.Fatalf("%s %s: database %s, reference %s", g.Name(), db.text(s), valText(db.vals[i]), valText(want))
			}
			n++
		})
		t.Logf("%s: %d positions agree", g.Name(), n)
		if n < 200_000 {
			t.Errorf("%s: only %d positions compared", g.Name(), n)
		}
	}
}

// TestEndgameVerify: the retrograde consistency check passes on the
// table, and fails when one entry is changed (a win made a draw, a loss
// one ply longer).
func TestEndgameVerify(t *testing.T) {
	for _, g := range []Game{Italian, Checkers} {
		db := quick(t, g)
		n, err := db.Verify()
		if err != nil {
			t.Fatalf("%s: %v", g.Name(), err)
		}
		t.Logf("%s: %d positions consistent", g.Name(), n)
		for _, change := range []func(v uint8) (uint8, bool){
			func(v uint8) (uint8, bool) { return 0, v != 0 && v&1 == 0 },    // a win made a draw
			func(v uint8) (uint8, bool) { return v + 2, v > 2 && v&1 == 1 }, // a loss put off
			func(v uint8) (uint8, bool) { return 2, v == 0 },                // a draw made a win
		} {
			i := int64(0)
			for ; i < int64(len(db.vals)); i++ {
				if _, ok := db.stateAt(i); !ok {
					continue
				}
				if nv, ok := change(db.vals[i]); ok {
					old := db.vals[i]
					db.vals[i] = nv
					if _, err := db.Verify(); err == nil {
						t.Errorf("%s: entry %d changed from %s to %s, the check passes", g.Name(), i, valText(old), valText(nv))
					}
					db.vals[i] = old
					break
				}
			}
		}
	}
}

// TestEndgameAgreesWithSearch: sampled positions of the table agree with
// a search of the rules alone to the end (no table, no evaluation).
func TestEndgameAgreesWithSearch(t *testing.T) {
	for _, g := range []Game{Italian, Checkers} {
		db := quick(t, g)
		c, err := db.VerifySearch(9, 100, 200_000, 9, 5)
		if err != nil {
			t.Fatalf("%s: %v", g.Name(), err)
		}
		t.Logf("%s: %+v", g.Name(), c)
		if c.Wins < 100 || c.Losses < 100 || c.Draws < 100 {
			t.Errorf("%s: checked only %+v", g.Name(), c)
		}
	}
}

// TestEndgameIndex: every position of the table reads back from its
// index, and the index of every state of up to five pieces is within its
// layout and distinct (sampled).
func TestEndgameIndex(t *testing.T) {
	db := quick(t, Italian)
	n := 0
	db.each(func(sl *egSlice, s *state, i int64) {
		j, ok := db.layout.index(s)
		if !ok || j != i {
			t.Fatalf("%s: index %d, want %d", db.text(s), j, i)
		}
		back, ok := db.stateAt(i)
		if !ok || back.men != s.men || back.kings != s.kings || back.side != s.side {
			t.Fatalf("entry %d: %s reads back as %s", i, db.text(s), db.text(&back))
		}
		n++
	})
	l := layouts[egdbMax]
	seen := map[int64]bool{}
	for i := int64(0); i < l.total; i += 997 {
		t5 := &EndgameDB{layout: l}
		s, ok := t5.stateAt(i)
		if !ok {
			continue
		}
		j, ok := l.index(&s)
		if !ok || j != i || seen[j] {
			t.Fatalf("5 pieces: entry %d reads back as %d", i, j)
		}
		seen[j] = true
	}
	t.Logf("%d positions of up to 3, %d sampled of up to 5", n, len(seen))
}

// TestEndgameCache: a database saved in the cache folder loads back the
// same, and a damaged file is rebuilt.
func TestEndgameCache(t *testing.T) {
	dir := t.TempDir()
	built, err := LoadEGDB(Checkers, dir, quickPieces, nil)
	if err != nil || built.Loaded {
		t.Fatalf("first load: %v, loaded %v", err, built != nil && built.Loaded)
	}
	want := string(quick(t, Checkers).vals)
	if string(built.vals) != want {
		t.Fatal("the table built and saved is not the one solved")
	}
	loaded, err := LoadEGDB(Checkers, dir, quickPieces, nil)
	if err != nil || !loaded.Loaded || string(loaded.vals) != want {
		t.Fatalf("second load: %v, loaded %v, same %v", err, loaded.Loaded, string(loaded.vals) == want)
	}
	// Damaged as a new file (the loaded tables map the old one, which an
	// atomic write, a rename, leaves alone).
	path := filepath.Join(dir, EGDBFile(Checkers, quickPieces))
	data, _ := os.ReadFile(path)
	data[len(data)/2] ^= 1
	if err := games.WriteFileAtomic(path, data); err != nil {
		t.Fatal(err)
	}
	again, err := LoadEGDB(Checkers, dir, quickPieces, nil)
	if err != nil || again.Loaded || !again.Rebuilt || string(again.vals) != want || string(loaded.vals) != want {
		t.Fatalf("damaged file: %v, loaded %v", err, again.Loaded)
	}
}

// TestEndgameFull is the whole check of a larger database, behind
// -egdb.full (see BENCHMARKS.md, "Draughts endgame databases").
func TestEndgameFull(t *testing.T) {
	if *egdbFull == 0 {
		t.Skip("-egdb.full N builds and checks the database of N pieces")
	}
	for _, g := range []Game{Italian, Checkers} {
		db := solveEndgames(g.v.italian, *egdbFull, nil)
		st := db.Stats()
		t.Logf("%s: %d pieces built in %v: %d entries, %d won %d lost %d drawn, longest win %d plies",
			g.Name(), st.Pieces, db.Built, st.Entries, st.Wins, st.Losses, st.Draws, st.LongestWin)
		n, err := db.Verify()
		if err != nil {
			t.Fatalf("%s: %v", g.Name(), err)
		}
		c, err := db.VerifySearch(11, 300, 3_000_000, 11, 7)
		if err != nil {
			t.Fatalf("%s: %v", g.Name(), err)
		}
		t.Logf("%s: %d consistent, search agrees on %+v", g.Name(), n, c)
	}
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

// TestEvaluateProbesTable: the evaluation of a table position is the
// table's exact score, captures pending or not, and the heuristic one
// with the table switched off (SetEndgamePieces(0)).
func TestEvaluateProbesTable(t *testing.T) {
	for _, g := range []Game{Italian, Checkers} {
		db := g.v.endgame()
		r := rand.New(rand.NewPCG(3, 3))
		captures, differ := 0, 0
		for try := 0; try < 20000; try++ {
			s, ok := db.stateAt(r.Int64N(int64(len(db.vals))))
			if !ok {
				continue
			}
			p := &Position{v: g.v, history: history{St: s, Hist: make([]state, 7)}}
			want := scoreOf(db.vals[p.mustIndex(t)])
			switch { // seven plies made
			case want > 0:
				want -= 7
			case want < 0:
				want += 7
			}
			if got := p.Evaluate(); got != want {
				t.Fatalf("%s %s: Evaluate %d, the table %d", g.Name(), p, got, want)
			}
			if s.canCapture() {
				captures++
			}
			p.SetEndgamePieces(0)
			if p.Evaluate() != want {
				differ++
			}
		}
		if captures < 1000 || differ < 10000 {
			t.Errorf("%s: %d positions with a capture pending, %d heuristic scores not the table's", g.Name(), captures, differ)
		}
	}
}

func (p *Position) mustIndex(t *testing.T) int64 {
	i, ok := p.v.endgame().layout.index(&p.St)
	if !ok {
		t.Fatalf("%s: not in the table", p)
	}
	return i
}

// TestEngineConvertsTableWins: from won table positions of three pieces
// (two kings against one, the longest wins), the engine on both sides
// plays the table's moves (SearchOwn): the game ends in the table's
// plies, the winner's win; its score is the engine's for a won game, so
// the analysis reads the position as decided. The control: without the
// table the same engine does not keep to those plies.
func TestEngineConvertsTableWins(t *testing.T) {
	for _, g := range []Game{Italian, Checkers} {
		db := g.v.endgame()
		var starts []state
		db.each(func(sl *egSlice, s *state, i int64) {
			if sl.wk == 2 && sl.bk == 1 && s.side == white && db.vals[i]&1 == 0 && db.vals[i] >= 30 && len(starts) < 200 {
				starts = append(starts, *s)
			}
		})
		if len(starts) < 6 {
			t.Fatalf("%s: %d long wins", g.Name(), len(starts))
		}
		play := func(s state, egdb int) (bool, int, int) {
			p := &Position{v: g.v, history: history{St: s}}
			p.St.hash = p.St.computeHash()
			p.SetEndgamePieces(egdb)
			e := ai.NewEngine(ai.DefaultOptions())
			first := 0
			for !p.Status().Over {
				res := e.Search(context.Background(), p, ai.Limits{Nodes: 3000}, nil)
				if p.Ply() == 0 {
					first = res.Score
				}
				p.Make(res.Best)
			}
			return p.Status().Winner == ai.First, p.Ply(), first
		}
		exact, exactWithout := 0, 0
		for k := 0; k < 6; k++ {
			s := starts[k*len(starts)/6]
			i, _ := db.layout.index(&s)
			dtw := int(db.vals[i]) - 1
			won, plies, score := play(s, -1)
			if !won || plies != dtw || score != ai.Win-dtw {
				t.Errorf("%s %s: won %v in %d plies, score %d; the table says a win in %d", g.Name(), db.text(&s), won, plies, score, dtw)
			} else {
				exact++
			}
			if won, plies, _ := play(s, 0); won && plies == dtw {
				exactWithout++
			}
		}
		t.Logf("%s: %d of 6 won in the table's plies with it, %d without", g.Name(), exact, exactWithout)
		if exactWithout == 6 {
			t.Errorf("%s: the engine without the table plays as well: the test shows nothing", g.Name())
		}
		// A drawn position scores 0, a lost one the engine's loss.
		for _, tc := range []struct {
			pos  string
			want func(int) bool
		}{
			{"......../......../......../...W..../......../......../......../.B...... w", func(s int) bool { return s == 0 }},
			{"......../......../......../...W..../......W./......../......../.B...... b", func(s int) bool { return s < -ai.MaxEval }},
		} {
			pos := tc.pos
			if g == Checkers {
				pos = mirrorText(pos)
			}
			p, err := g.Parse(pos)
			if err != nil {
				t.Fatal(err)
			}
			if res := ai.NewEngine(ai.DefaultOptions()).Search(context.Background(), p, ai.Limits{Nodes: 1000}, nil); !tc.want(res.Score) {
				t.Errorf("%s %s: score %d", g.Name(), tc.pos, res.Score)
			}
		}
	}
}

// TestAnalysisReadsTableResults: the post-game analysis, searching
// through SearchOwn, reads a drawn table position with a piece more as
// the draw it is (value 0, a 50% chance) where the evaluation alone sees
// the piece, and a won one as won (the ceiling, a 100% chance).
func TestAnalysisReadsTableResults(t *testing.T) {
	for _, g := range []Game{Italian, Checkers} {
		db := g.v.endgame()
		var drawn, won *Position
		db.each(func(sl *egSlice, s *state, i int64) {
			if sl.wm+sl.wk != 2 || sl.bm+sl.bk != 1 || s.side != white || s.canCapture() {
				return
			}
			p := &Position{v: g.v, history: history{St: *s}}
			p.St.hash = p.St.computeHash()
			q := p.clone()
			q.SetEndgamePieces(0)
			switch {
			case drawn == nil && db.vals[i] == 0 && q.Evaluate() > 100:
				drawn = p
			case won == nil && db.vals[i] > 20 && db.vals[i]&1 == 0:
				won = p
			}
		})
		if drawn == nil || won == nil {
			t.Fatalf("%s: no drawn or won position found", g.Name())
		}
		for _, tc := range []struct {
			p          *Position
			value, win float64
		}{{drawn, 0, 0.5}, {won, 5, 1}} {
			r, err := analysis.Analyse(context.Background(), g, tc.p, nil, analysis.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if ev := r.Evals[0]; ev.Value != tc.value || ev.Win != tc.win {
				t.Errorf("%s %s: analysed as %+v, want value %v, chance %v", g.Name(), tc.p, ev, tc.value, tc.win)
			}
		}
	}
}

// TestSearchOwnLeavesTheFortyMoveRule: a table win answered from the table
// with the count of quiet plies at 0 is left to the engine's search when
// the count and the win's plies reach the forty-move rule's 80.
func TestSearchOwnLeavesTheFortyMoveRule(t *testing.T) {
	p, err := Italian.Parse("......../......../......../...W..../......W./......../......../.B...... w")
	if err != nil {
		t.Fatal(err)
	}
	_, plies, ok := p.EndgameResult()
	if !ok || plies < 2 {
		t.Fatalf("table result %d %v", plies, ok)
	}
	if _, ok := p.SearchOwn(context.Background(), ai.Level{}, nil, nil, new(any)); !ok {
		t.Fatal("a table win not answered from the table")
	}
	p.St.quiet = uint8(fortyMovePlies - plies)
	if _, ok := p.SearchOwn(context.Background(), ai.Level{}, nil, nil, new(any)); ok {
		t.Errorf("answered from the table with %d quiet plies and a win in %d", p.St.quiet, plies)
	}
	p.St.quiet--
	if _, ok := p.SearchOwn(context.Background(), ai.Level{}, nil, nil, new(any)); !ok {
		t.Errorf("not answered from the table with %d quiet plies and a win in %d", p.St.quiet, plies)
	}
}

// TestEGDBPiecesInTests: a test binary without OYUNBOT_DRAUGHTS_EGDB uses
// the quick table alone (no test builds the five pieces' 300 MB unasked),
// told without package testing in the bot; the variable still decides.
func TestEGDBPiecesInTests(t *testing.T) {
	t.Setenv("OYUNBOT_DRAUGHTS_EGDB", "")
	if n := EGDBPieces(); n != quickPieces {
		t.Errorf("in a test binary: %d pieces, want %d", n, quickPieces)
	}
	t.Setenv("OYUNBOT_DRAUGHTS_EGDB", "4")
	if n := EGDBPieces(); n != 4 {
		t.Errorf("OYUNBOT_DRAUGHTS_EGDB=4: %d pieces", n)
	}
}
