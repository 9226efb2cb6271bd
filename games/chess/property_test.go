package chess

import (
	"math/rand/v2"
	"testing"
)

// playoutStarts are the positions random playouts start from.
var playoutStarts = []string{
	StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
}

// TestPlayoutInvariants plays seeded random games and checks at every ply:
// the count equals the generated moves, the noisy moves are exactly the
// captures and promotions in the same order, the incremental hash equals
// the recomputed one, FEN, SAN and UCI read back to the same thing, and
// Unmake restores the state exactly.
func TestPlayoutInvariants(t *testing.T) {
	games := 15
	if testing.Short() {
		games = 5
	}
	r := rand.New(rand.NewPCG(9, 9))
	// Weights of any value: the rules keep State.PSQ for whatever table
	// is set (games/chess/engine's when it is linked, none in this test).
	var w [2][7][64]int64
	for c := range w {
		for k := range w[c] {
			for sq := range w[c][k] {
				w[c][k][sq] = int64(r.Uint64() >> 24)
			}
		}
	}
	SetSquareWeights(&w)
	for g := range games {
		p, err := ParseFEN(playoutStarts[g%len(playoutStarts)])
		if err != nil {
			t.Fatal(err)
		}
		var before []State
		for ply := 0; ply < 200 && p.drawnByRule() == ""; ply++ {
			checkInvariants(t, p)
			if t.Failed() {
				t.Fatalf("game %d ply %d: %s", g, ply, p.FEN())
			}
			moves := p.Moves(nil)
			if len(moves) == 0 {
				break
			}
			before = append(before, p.st)
			p.MakeMove(moves[r.IntN(len(moves))])
		}
		for i := len(before) - 1; i >= 0; i-- {
			p.Unmake()
			if p.st != before[i] {
				t.Fatalf("game %d: Unmake to ply %d does not restore the state", g, i)
			}
		}
	}
}

func checkInvariants(t *testing.T, p *Position) {
	t.Helper()
	s := &p.st
	var l moveList
	s.gen(&l, false)
	if uint64(l.n) != s.count() {
		t.Errorf("count %d, generated %d", s.count(), l.n)
	}
	if h := s.computePawnKey(); h != s.PawnKey {
		t.Errorf("pawn key %x, recomputed %x", s.PawnKey, h)
	}
	if h := s.computeHash(); h != s.Hash {
		t.Errorf("incremental hash %#x, recomputed %#x", s.Hash, h)
	}
	var psq [2]int64
	for sq, pc := range s.Squares {
		if k := Kind(pc & 7); k != NoKind {
			psq[pc>>3] += squareWeights[pc>>3][k][sq]
		}
	}
	if psq != s.PSQ {
		t.Errorf("incremental material and squares %v, recomputed %v", s.PSQ, psq)
	}
	var want []Move
	for _, m := range l.moves[:l.n] {
		if m.IsNoisy() {
			want = append(want, m)
		}
	}
	noisy, all := p.NoisyMoves(nil)
	if len(noisy) != len(want) || all != (len(want) == l.n) {
		t.Errorf("noisy moves %d (all %v), want %d of %d", len(noisy), all, len(want), l.n)
	} else {
		for i := range want {
			if noisy[i] != want[i] {
				t.Errorf("noisy move %d is %s, want %s", i, noisy[i].UCI(), want[i].UCI())
			}
		}
	}
	q, err := ParseFEN(p.FEN())
	if err != nil {
		t.Errorf("FEN %q does not read back: %v", p.FEN(), err)
	} else if !sameGameState(q.st, *s) {
		t.Errorf("FEN %q reads back as another state", p.FEN())
	}
	for _, m := range l.moves[:l.n] {
		for _, text := range []string{p.SAN(m), m.UCI()} {
			if got, err := p.ParseSAN(text); err != nil || got != m {
				t.Errorf("%q reads as %v (%v), want %s", text, got, err, m.UCI())
			}
		}
		c := *s
		c.apply(m)
		if c.attacked(c.KingSq(s.Side), c.Side, c.Occ()) {
			t.Errorf("%s leaves the king in check", m.UCI())
		}
	}
	if p.st.anyLegal() != (l.n > 0) {
		t.Errorf("anyLegal %v with %d moves", p.st.anyLegal(), l.n)
	}
	if p.Perft(1) != uint64(l.n) {
		t.Errorf("Perft(1) = %d, want %d", p.Perft(1), l.n)
	}
}

// TestNullMove checks that MakeNull passes the turn, clears en passant and
// keeps the hash consistent, and that UnmakeNull restores everything.
func TestNullMove(t *testing.T) {
	p, _ := ParseFEN("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1")
	if p.EnPassant() != parseSquare("e3") {
		t.Fatalf("en passant square %d, want e3", p.EnPassant())
	}
	before := p.st
	p.MakeNull()
	if p.SideToMove() != White || p.EnPassant() != noSquare || p.Hash() != p.st.computeHash() {
		t.Errorf("after MakeNull: side %d, ep %d, hash ok %v", p.SideToMove(), p.EnPassant(), p.Hash() == p.st.computeHash())
	}
	p.UnmakeNull()
	if p.st != before {
		t.Error("UnmakeNull does not restore the state")
	}
}

// TestNoisyMovesAll covers the answers hasQuiet gives by counting: every
// legal move noisy, and a quiet move only by a pinned piece.
func TestNoisyMovesAll(t *testing.T) {
	cases := []struct {
		fen   string
		noisy int
		all   bool
	}{
		{"7k/8/8/8/8/6n1/6PP/6RK w - - 0 1", 1, true},    // in check, hxg3 is the only move
		{"k7/2P5/K7/8/8/8/8/8 w - - 0 1", 4, false},      // four promotions, three king moves
		{"rr5k/8/8/8/R7/2n5/8/K7 w - - 0 1", 1, false},   // Rxa8, or the pinned rook's quiet moves
		{"4k3/4r3/8/8/8/8/4R3/r3K3 w - - 0 1", 0, false}, // in check, the pinned rook cannot help
		{"1k6/8/8/8/8/8/p1p5/1K6 w - - 0 1", 2, false},   // double check by pawns
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		var l moveList
		p.st.gen(&l, false)
		want := 0
		for _, m := range l.moves[:l.n] {
			if m.IsNoisy() {
				want++
			}
		}
		noisy, all := p.NoisyMoves(nil)
		if len(noisy) != want || all != (want == l.n) {
			t.Errorf("%s: %d noisy, all %v; want %d of %d", c.fen, len(noisy), all, want, l.n)
		}
		if len(noisy) != c.noisy || all != c.all {
			t.Errorf("%s: %d noisy, all %v; the case says %d, %v", c.fen, len(noisy), all, c.noisy, c.all)
		}
	}
}

// sameGameState compares two states as a FEN records them: the square a
// pawn last stepped over (kept only to explain a refused en passant) is
// written only when a legal capture exists there.
func sameGameState(a, b State) bool {
	a.skipped, b.skipped = noSquare, noSquare
	return a == b
}
