package dama

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/games"
)

// checkInvariants verifies the state against itself: disjoint bitboards,
// legal piece counts, men off their promotion rank, the incremental hash.
func checkInvariants(t *testing.T, p *Position) {
	t.Helper()
	s := &p.St
	bbs := []uint64{s.men[0], s.men[1], s.kings[0], s.kings[1]}
	for i := range bbs {
		for j := i + 1; j < len(bbs); j++ {
			if bbs[i]&bbs[j] != 0 {
				t.Fatalf("%s: bitboards %d and %d overlap", p, i, j)
			}
		}
	}
	for c := 0; c < 2; c++ {
		if n := bits.OnesCount64(s.pieces(c)); n > maxPiecesPerColor {
			t.Fatalf("%s: colour %d has %d pieces", p, c, n)
		}
		if s.men[c]&promoRank[c] != 0 {
			t.Fatalf("%s: a man on its promotion rank", p)
		}
	}
	if h := s.computeHash(); h != s.hash {
		t.Fatalf("%s: incremental hash %x, from scratch %x", p, s.hash, h)
	}
	q, err := ParsePosition(p.String())
	if err != nil {
		t.Fatalf("String %q does not parse: %v", p, err)
	}
	if q.String() != p.String() || q.Hash() != p.Hash() {
		t.Fatalf("round trip %q -> %q", p, q)
	}
	if strings.Join(p.Board(), "/") != strings.Fields(p.String())[0] {
		t.Fatalf("Board %v disagrees with %s", p.Board(), p)
	}
}

// checkMoves verifies every legal move: notation round trip, highlight
// squares, maximum rule, make/unmake restoring board, hash and history.
func checkMoves(t *testing.T, p *Position) []ai.Move {
	t.Helper()
	moves := p.Moves(make([]ai.Move, 0, ai.MaxMoves))
	st := p.Status()
	if st.Over != (len(moves) == 0) {
		t.Fatalf("%s: status %+v with %d moves", p, st, len(moves))
	}
	if !st.Over && st.Winner != ai.NoSide {
		t.Fatalf("%s: winner %v in a live game", p, st.Winner)
	}
	if st.Reason == ReasonNoMoves && len(p.St.genMoves(nil)) != 0 {
		t.Fatalf("%s: no-moves with moves", p)
	}
	before, hash, ply := p.String(), p.Hash(), p.Ply()
	seen := map[ai.Move]bool{}
	caps := -1
	for _, m := range moves {
		if m.IsNone() {
			t.Fatalf("%s: the zero move is listed", p)
		}
		if seen[m] {
			t.Fatalf("%s: %s listed twice", p, p.FormatMove(m))
		}
		seen[m] = true
		if caps >= 0 && moveCaptures(m) != caps {
			t.Fatalf("%s: moves with %d and %d captures", p, caps, moveCaptures(m))
		}
		caps = moveCaptures(m)
		text := p.FormatMove(m)
		if got, err := p.ParseMove(text); err != nil || got != m {
			t.Fatalf("%s: ParseMove(FormatMove) %q = %v, %v; want %v", p, text, got, err, m)
		}
		path, captured := p.MoveSquares(m)
		if len(captured) != caps || len(path) != max(caps+1, 2) {
			t.Fatalf("%s: %s path %v captured %v", p, text, path, captured)
		}
		n0, n1 := bits.OnesCount64(p.St.pieces(0)), bits.OnesCount64(p.St.pieces(1))
		us := p.St.side
		p.Make(m)
		checkInvariants(t, p)
		if got := bits.OnesCount64(p.St.pieces(us ^ 1)); got != []int{n0, n1}[us^1]-caps {
			t.Fatalf("%s: %s left %d enemy pieces", before, text, got)
		}
		if got := bits.OnesCount64(p.St.pieces(us)); got != []int{n0, n1}[us] {
			t.Fatalf("%s: %s changed own piece count", before, text)
		}
		if p.Turn() != ai.Side(us^1) || p.Ply() != ply+1 {
			t.Fatalf("%s: turn %v ply %d after %s", before, p.Turn(), p.Ply(), text)
		}
		p.Unmake()
		if p.String() != before || p.Hash() != hash || p.Ply() != ply {
			t.Fatalf("unmake %s: %s -> %s", text, before, p)
		}
	}
	return moves
}

func randomGame(t *testing.T, p *Position, rng *rand.Rand, maxPlies int) int {
	start := p.String()
	plies := 0
	for ; plies < maxPlies; plies++ {
		checkInvariants(t, p)
		moves := checkMoves(t, p)
		if len(moves) == 0 {
			break
		}
		// Clone is independent and keeps the history.
		if plies%17 == 0 {
			c := p.Clone().(*Position)
			c.Make(moves[0])
			if c.Ply() != p.Ply()+1 || p.String() == c.String() {
				t.Fatalf("clone shares state with %s", p)
			}
		}
		p.Make(moves[rng.IntN(len(moves))])
	}
	for p.Ply() > 0 {
		p.Unmake()
	}
	if p.String() != start {
		t.Fatalf("unmaking the game gives %s, want %s", p, start)
	}
	return plies
}

func TestRandomPlayouts(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	games := 30
	if testing.Short() {
		games = 6
	}
	total := 0
	for _, c := range append([]perftCase{{pos: StartFEN}}, loadPerft(t)...) {
		for g := 0; g < games/6+1; g++ {
			total += randomGame(t, mustPos(t, c.pos), rng, 300)
		}
	}
	t.Logf("%d plies checked", total)
}

// FuzzParseMove: ParseMove never panics, never changes the position, and
// what it accepts is legal and round-trips through FormatMove.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"c3-c4", "c3c4", "C3 C4", "c3xc5xe5", "c3:c5:e5", "d4xd6", "e8xa6", "a1xa7", "", "x", "c3-", "h8-h1", "c3--c4", "a1xa2xa3xa4xa5xa6xa7xa8xa1xa2xa3xa4xa5xa6xa7xa8xa1xa2"} {
		f.Add(s)
	}
	positions := []string{
		StartFEN,
		"......../......../......../...b..../...W..../......../...b..../........ w",
		"....b.../..b...../..w...../......../......../......../.....b../........ w",
		"...BW.../......../.b....../b......./.....b../....B.../....b.../........ w",
		"......../......../b......./......../......../b......./......../W....... w",
		"......../......../......../...b..../...W..../......../......../........ w",
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, fen := range positions {
			p := mustPos(t, fen)
			m, err := p.ParseMove(s)
			if p.String() != fen || p.Ply() != 0 {
				t.Fatalf("ParseMove(%q) changed the position", s)
			}
			if err != nil {
				var me *games.MoveError
				if !errors.As(err, &me) || me.Reason == "" || !m.IsNone() {
					t.Fatalf("ParseMove(%q): %v (%T)", s, err, err)
				}
				continue
			}
			if !slices.Contains(p.Moves(nil), m) {
				t.Fatalf("ParseMove(%q) = illegal %v", s, m)
			}
			if got, err := p.ParseMove(p.FormatMove(m)); err != nil || got != m {
				t.Fatalf("round trip of %q: %v %v", s, got, err)
			}
		}
	})
}

// FuzzParsePosition: ParsePosition never panics; a parsed position
// round-trips and its moves can be generated and played.
func FuzzParsePosition(f *testing.F) {
	f.Add(StartFEN)
	f.Add("......../......../......../...b..../...W..../......../...b..../........ w")
	f.Add("B......./.b.b.b.b/...b.b.b/....w.../......../..w....w/w...b..w/........ b")
	f.Add("......../bbbbbbbb/bbbbbbbb/......../......../wwwwwwww/wwwwwwww/........ w 8")
	f.Add("WWWWWWWW/WWWWWWWW/......../......../......../......../BBBBBBBB/BBBBBBBB b")
	f.Add("")
	f.Add("/ w")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(s)
		if err != nil {
			if p != nil {
				t.Fatal("a position and an error")
			}
			return
		}
		q, err := ParsePosition(p.String())
		if err != nil || q.String() != p.String() || q.Hash() != p.Hash() {
			t.Fatalf("round trip %q -> %q: %v", s, p, err)
		}
		p.Status()
		p.Evaluate()
		for _, m := range p.Moves(nil) {
			p.Make(m)
			p.Unmake()
		}
		if p.String() != q.String() {
			t.Fatalf("make/unmake changed %s", q)
		}
	})
}
