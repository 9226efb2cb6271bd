package tavla

import (
	"math/rand/v2"
	"testing"

	"oyunbot/ai"
)

// checkersOf counts each side's checkers: on the board (pinned included)
// and borne off.
func checkersOf(p *Pos) [2]int {
	var n [2]int
	for i := range points {
		switch o := p.st.owner(i); o {
		case white, black:
			n[o] += p.st.count(i)
			if p.st.pinned(i) {
				n[o.Opponent()]++
			}
		}
	}
	n[0] += int(p.st.off[0]) + int(p.st.bar[0])
	n[1] += int(p.st.off[1]) + int(p.st.bar[1])
	return n
}

// TestRandomPlayouts plays random games and checks at every step: the
// incremental hash, the text format's round trip, every legal move's
// notation round trip, make/unmake restoring hash and board, and fifteen
// checkers a side.
func TestRandomPlayouts(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	games := 30
	if testing.Short() {
		games = 5
	}
	for g := range games {
		p := Game{}.Start().(*Pos)
		for ply := 0; ply < 3000 && !p.Status().Over; ply++ {
			if h := p.computeHash(); h != p.Hash() {
				t.Fatalf("game %d ply %d: hash %x, from scratch %x: %s", g, ply, p.Hash(), h, p)
			}
			if n := checkersOf(p); n != [2]int{checkers, checkers} {
				t.Fatalf("game %d ply %d: checkers %v: %s", g, ply, n, p)
			}
			text := p.String()
			q, err := parsePositionOf(text, p.st.hit)
			if err != nil || q.String() != text || q.Hash() != p.Hash() {
				t.Fatalf("game %d ply %d: %q read back as %v (%v)", g, ply, text, q, err)
			}
			moves := p.Moves(nil)
			if len(moves) == 0 {
				t.Fatalf("game %d ply %d: no move in a live game: %s", g, ply, p)
			}
			for _, m := range moves {
				s := p.FormatMove(m)
				if back, err := p.ParseMove(s); err != nil || back != m {
					t.Fatalf("game %d ply %d: %q read back as %v (%v) in %s", g, ply, s, back, err, p)
				}
				p.Make(m)
				p.Unmake()
				if p.String() != text || p.Hash() != q.Hash() {
					t.Fatalf("game %d ply %d: make/unmake of %s changed %s to %s", g, ply, s, text, p)
				}
			}
			m := moves[rng.IntN(len(moves))]
			if p.Turn() == ai.Chance {
				m = sample(p, rng)
			}
			p.Make(m)
		}
		if !p.Status().Over {
			t.Fatalf("game %d did not end: %s", g, p)
		}
	}
}

func sample(p *Pos, rng *rand.Rand) ai.Move {
	outs := p.Chances(nil)
	x := rng.Float64()
	for _, o := range outs {
		if x -= o.Prob; x < 0 {
			return o.Move
		}
	}
	return outs[len(outs)-1].Move
}

// TestUnmakeToStart: a whole game taken back move by move ends at the
// start, hash included.
func TestUnmakeToStart(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	p := Game{}.Start().(*Pos)
	start, h := p.String(), p.Hash()
	n := 0
	for ; n < 400 && !p.Status().Over; n++ {
		moves := p.Moves(nil)
		m := moves[rng.IntN(len(moves))]
		if p.Turn() == ai.Chance {
			m = sample(p, rng)
		}
		p.Make(m)
	}
	for range n {
		p.Unmake()
	}
	if p.String() != start || p.Hash() != h {
		t.Fatalf("after taking back %d moves: %s", n, p)
	}
}
