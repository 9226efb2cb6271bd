package draughts

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"oyunbot/ai"
)

// checkInvariants verifies the state against itself: disjoint bitboards,
// piece counts, men off their crowning rank, the incremental hash, and
// the text round trip.
func checkInvariants(t *testing.T, p *Position) {
	t.Helper()
	s := &p.St
	bbs := []uint32{s.men[0], s.men[1], s.kings[0], s.kings[1]}
	for i := range bbs {
		for j := i + 1; j < len(bbs); j++ {
			if bbs[i]&bbs[j] != 0 {
				t.Fatalf("%s: bitboards %d and %d overlap", p, i, j)
			}
		}
	}
	for c := 0; c < 2; c++ {
		if n := popcount(s.pieces(c)); n > maxPiecesPerColor {
			t.Fatalf("%s: colour %d has %d pieces", p, c, n)
		}
		if s.men[c]&promoRow[c] != 0 {
			t.Fatalf("%s: a man on its crowning rank", p)
		}
	}
	if h := s.computeHash(); h != s.hash {
		t.Fatalf("%s: incremental hash %x, from scratch %x", p, s.hash, h)
	}
	q, err := p.Game().Parse(p.String())
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

// checkMoves verifies every legal move: both notations round trip, the
// highlighted squares, the forced pieces, make/unmake.
func checkMoves(t *testing.T, p *Position) []ai.Move {
	t.Helper()
	moves := p.Moves(make([]ai.Move, 0, ai.MaxMoves))
	st := p.Status()
	if st.Over != (len(moves) == 0) {
		t.Fatalf("%s: status %+v with %d moves", p, st, len(moves))
	}
	if uint64(len(moves)) != p.Perft(1) && p.adjudicated() == "" {
		t.Fatalf("%s: %d moves, perft(1) %d", p, len(moves), p.Perft(1))
	}
	forced := p.ForcedPieces()
	var starts []string
	captures := false
	for i, m := range moves {
		if slices.Contains(moves[:i], m) {
			t.Fatalf("%s: move %s twice", p, p.FormatMove(m))
		}
		for _, numeric := range []bool{false, true} {
			text := p.v.formatMove(m, numeric)
			got, err := p.ParseMove(text)
			if err != nil || got != m {
				t.Fatalf("%s: %q does not round-trip: %v", p, text, err)
			}
			if p.FormatMove(m) != text {
				t.Fatalf("%s: typed %q, written %q", p, text, p.FormatMove(m))
			}
		}
		path, captured := p.MoveSquares(m)
		if len(path) != max(moveCount(m), 1)+1 || len(captured) != moveCount(m) {
			t.Fatalf("%s: %s has path %v, captured %v", p, p.FormatMove(m), path, captured)
		}
		var taken uint32
		for _, c := range captured {
			sq := p.v.fromFileRank(int(c[0]-'a'), int(c[1]-'1'))
			taken |= bit(sq)
		}
		if taken != moveTaken(m) {
			t.Fatalf("%s: %s captures %v, encoded %032b", p, p.FormatMove(m), captured, moveTaken(m))
		}
		if moveCount(m) > 0 {
			captures = true
			if !slices.Contains(starts, path[0]) {
				starts = append(starts, path[0])
			}
		}
		before, hash, ply := p.String(), p.Hash(), p.Ply()
		p.Make(m)
		checkInvariants(t, p)
		p.Unmake()
		if p.String() != before || p.Hash() != hash || p.Ply() != ply {
			t.Fatalf("make/unmake %s changed %s to %s", p.FormatMove(m), before, p)
		}
	}
	slices.Sort(starts)
	if captures && !slices.Equal(forced, starts) || !captures && forced != nil {
		t.Fatalf("%s: forced %v, capturing pieces %v", p, forced, starts)
	}
	return moves
}

// TestRandomGames plays random games of both variants, checking every
// position and move on the way, to the end.
func TestRandomGames(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 10
	}
	ends := map[string]int{}
	for i := 0; i < games; i++ {
		g := []Game{Italian, Checkers}[i%2]
		r := rand.New(rand.NewPCG(uint64(i), 7))
		p := g.NewStart()
		for ply := 0; ; ply++ {
			checkInvariants(t, p)
			moves := checkMoves(t, p)
			if len(moves) == 0 {
				ends[p.Status().Reason]++
				break
			}
			p.Make(moves[r.IntN(len(moves))])
		}
	}
	t.Logf("ends: %v", ends)
}
