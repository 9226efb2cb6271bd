package chessgame

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/games/chess"
	"oyunbot/games/chess/engine"
)

// searchFEN searches fen with opts to depth and returns the result.
func searchFEN(t *testing.T, fen string, opts ai.Options, depth int) ai.Result {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return ai.NewEngine(opts).Search(context.Background(), p, ai.Limits{Depth: depth}, nil)
}

// plainOptions is alpha-beta with a table and nothing selective: the
// reference the selective techniques must agree with on forced mates.
func plainOptions() ai.Options {
	return ai.Options{AlphaBeta: true, TT: true, TTSizeMB: 4, Killers: true, History: true, PVS: true}
}

// mateIn converts a search score to moves to mate (0 when not a mate).
func mateIn(score int) int {
	if score < ai.Win-1000 {
		return 0
	}
	return (ai.Win - score + 1) / 2
}

func TestEngineFindsMates(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		mate  int
		first string // the mating move, when it is the only one
	}{
		{"back rank, mate in 1", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, "d1d8"},
		{"scholar's mate, mate in 1", "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1, "h5f7"},
		{"rook ladder, mate in 2", "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", 2, ""},
		{"rook ladder, mate in 3", "8/7k/8/8/8/8/8/RR4K1 w - - 0 1", 3, ""},
		{"smothered mate, mate in 2", "5rrk/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1", 2, ""},
	}
	for _, tc := range tests {
		depth := 2*tc.mate - 1
		ref := searchFEN(t, tc.fen, plainOptions(), depth)
		if got := mateIn(ref.Score); got != tc.mate {
			t.Fatalf("%s: plain alpha-beta finds mate in %d (score %d), the test expects %d", tc.name, got, ref.Score, tc.mate)
		}
		res := searchFEN(t, tc.fen, ai.DefaultOptions(), depth)
		if got := mateIn(res.Score); got != tc.mate {
			t.Errorf("%s: the engine scores %d (mate in %d), want mate in %d", tc.name, res.Score, got, tc.mate)
		}
		if tc.first != "" && engine.MoveOf(res.Best).UCI() != tc.first {
			t.Errorf("%s: the engine plays %s, want %s", tc.name, engine.MoveOf(res.Best).UCI(), tc.first)
		}
	}
}

// TestEngineSolvesTactics: Win at Chess (Reinfeld 1958) positions and
// simple hanging pieces, solved at a small fixed depth.
func TestEngineSolvesTactics(t *testing.T) {
	tests := []struct {
		name, fen string
		best      []string // any of these
		depth     int
	}{
		{"hanging queen", "rnb1kbnr/pppp1ppp/8/4p1q1/4P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 1 3", []string{"c1g5"}, 4},
		{"WAC.004", "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1", []string{"h6h7"}, 5},
		{"WAC.005", "5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - 0 1", []string{"c6c4"}, 5},
		{"WAC.008", "r4q1k/p2bR1rp/2p2Q1N/5p2/5p2/2P5/PP3PPP/R5K1 w - - 0 1", []string{"e7f7"}, 5},
		{"WAC.009", "3q1rk1/p4pp1/2pb3p/3p4/6Pr/1PNQ4/P1PB1PP1/4RRK1 b - - 0 1", []string{"d6h2"}, 5},
	}
	for _, tc := range tests {
		res := searchFEN(t, tc.fen, ai.DefaultOptions(), tc.depth)
		got := engine.MoveOf(res.Best).UCI()
		ok := false
		for _, b := range tc.best {
			ok = ok || got == b
		}
		if !ok {
			t.Errorf("%s: the engine plays %s (score %d), want %s", tc.name, got, res.Score, strings.Join(tc.best, " or "))
		}
	}
}

func TestNullMoveOnlyWithPieces(t *testing.T) {
	tests := []struct {
		fen  string
		want bool
	}{
		{chess.StartFEN, true},
		{"8/8/4k3/8/2P5/8/5K2/8 w - - 0 1", false},                               // pawns only
		{"8/5p2/4k3/8/2P5/8/5K2/6n1 w - - 0 1", false},                           // White has pawns only
		{"8/5p2/4k3/8/2P5/8/5K2/6n1 b - - 0 1", true},                            // Black has a knight
		{"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", true},  // before Qh4#
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", false}, // in check (mate)
	}
	for _, tc := range tests {
		p, err := ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.NullOK(); got != tc.want {
			t.Errorf("%s: NullOK %v, want %v", tc.fen, got, tc.want)
		}
	}
}

// TestNoNullMoveInPawnEndings: in a king and pawn ending (zugzwang land)
// the engine searches exactly as with null-move pruning switched off.
func TestNoNullMoveInPawnEndings(t *testing.T) {
	const fen = "8/8/1p1k4/1P6/2P1K3/8/8/8 w - - 0 1" // trébuchet-like: zugzwang decides
	off := ai.DefaultOptions()
	off.NullMove = false
	a := searchFEN(t, fen, ai.DefaultOptions(), 10)
	b := searchFEN(t, fen, off, 10)
	if a.Nodes != b.Nodes || a.Score != b.Score || a.Best != b.Best {
		t.Errorf("with null move: %d nodes, score %d, %s; without: %d nodes, score %d, %s",
			a.Nodes, a.Score, engine.MoveOf(a.Best).UCI(), b.Nodes, b.Score, engine.MoveOf(b.Best).UCI())
	}
	// In the middlegame null move does cut the tree (at depth 10: the
	// other pruning leaves it little to do in shallow searches).
	const mid = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8"
	a = searchFEN(t, mid, ai.DefaultOptions(), 10)
	b = searchFEN(t, mid, off, 10)
	if a.Nodes >= b.Nodes {
		t.Errorf("middlegame: %d nodes with null move, %d without: no pruning", a.Nodes, b.Nodes)
	}
}

// TestSeedLevelPlaysTheThesisMove: the seed level picks, among the legal
// moves, the one whose position scores best by the thesis's evaluation
// (one ply), and never from the book.
func TestSeedLevelPlaysTheThesisMove(t *testing.T) {
	seed, ok := levelNamed("seed")
	if !ok {
		t.Fatal("no seed level")
	}
	fens := []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	}
	e := ai.NewEngine(ai.DefaultOptions())
	for _, fen := range fens {
		p, _ := ParseFEN(fen)
		best, bestScore := map[string]bool{}, -ai.Inf
		p.SetStyle(engine.StyleSeed)
		for _, m := range p.Moves(nil) {
			p.Make(m)
			v := -p.Evaluate()
			if st := p.Status(); st.Over {
				v = ai.Win // a mate is worth more than any material
			}
			p.Unmake()
			if v > bestScore {
				best, bestScore = map[string]bool{}, v
			}
			if v == bestScore {
				best[engine.MoveOf(m).UCI()] = true
			}
		}
		p.SetStyle(engine.StyleStandard)
		res := e.Choose(context.Background(), p, seed, rand.New(rand.NewPCG(1, 2)))
		if !best[engine.MoveOf(res.Best).UCI()] {
			t.Errorf("%s: seed plays %s, the thesis's one-ply choice is one of %v (score %d)", fen, engine.MoveOf(res.Best).UCI(), best, bestScore)
		}
		if style := p.SetStyle(engine.StyleStandard); style != engine.StyleStandard {
			t.Errorf("the style was not restored: %q", style)
		}
	}
}

func levelNamed(name string) (ai.Level, bool) {
	for _, l := range levels() {
		if l.Name == name {
			return l, true
		}
	}
	return ai.Level{}, false
}

func TestLevelsAreOrderedAndResponsive(t *testing.T) {
	ls := levels()
	want := []string{"seed", "easy", "medium", "hard", "master"}
	if len(ls) != len(want) {
		t.Fatalf("%d levels, want %d", len(ls), len(want))
	}
	for i, l := range ls {
		if l.Name != want[i] {
			t.Errorf("level %d is %q, want %q", i, l.Name, want[i])
		}
		if l.Limits.Time > 2e9 {
			t.Errorf("%s thinks up to %v: too slow for chat", l.Name, l.Limits.Time)
		}
		if l.Limits.Time == 0 && l.Limits.Depth == 0 {
			t.Errorf("%s has no limit", l.Name)
		}
	}
}

// TestNoBookSearches: a level that keeps the book closed searches the
// start position (a book move would come back unsearched, at depth 0)
// even with an rng, which its deliberate mistakes need.
func TestNoBookSearches(t *testing.T) {
	master, _ := levelNamed("master")
	master.Limits = ai.Limits{Depth: 3}
	e := ai.NewEngine(ai.DefaultOptions())
	rng := rand.New(rand.NewPCG(3, 3))
	if res := e.Choose(context.Background(), NewStart(), master, rng); res.Depth != 0 {
		t.Fatalf("with the book open the start position was searched (depth %d)", res.Depth)
	}
	master.NoBook = true
	if res := e.Choose(context.Background(), NewStart(), master, rng); res.Depth != 3 {
		t.Errorf("with the book closed: depth %d, want a search to depth 3", res.Depth)
	}
}
