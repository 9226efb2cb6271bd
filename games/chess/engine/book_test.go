package engine

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestBookLinesAreLegal(t *testing.T) {
	for _, line := range bookLines {
		p := NewStart()
		for _, s := range strings.Fields(line) {
			m, err := p.ParseSAN(s)
			if err != nil {
				t.Errorf("%s: %s: %v", line, s, err)
				break
			}
			p.MakeMove(m)
		}
	}
}

func TestBookVariesAndEnds(t *testing.T) {
	seen := map[string]bool{}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 40 {
		m, ok := NewStart().BookMove(rng)
		if !ok {
			t.Fatal("the start position is not in the book")
		}
		seen[MoveOf(m).UCI()] = true
	}
	if len(seen) < 3 {
		t.Errorf("40 draws from the start gave %v: the book does not vary", seen)
	}
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if _, ok := p.BookMove(rng); ok {
		t.Error("Kiwipete is in the book")
	}
	s := NewStart()
	s.SetStyle(StyleSeed)
	if _, ok := s.BookMove(rng); ok {
		t.Error("the seed style plays from the book")
	}
}
