package islem

import (
	"math/rand/v2"
	"testing"

	"oyunbot/ai"
)

// conserved checks that each side's 28 stones are all in hand, on the
// board or captured by the opponent.
func conserved(t *testing.T, p *Position) {
	t.Helper()
	for s := ai.First; s <= ai.Second; s++ {
		n := popcount(p.stones(s)) + setBits(p.hand[s][0]) + setBits(p.hand[s][1]) + int(p.caps[s.Opponent()])
		if n != 2*SetStones {
			t.Fatalf("side %d has %d stones in all, want 28\n%s", s, n, p)
		}
	}
}

// Random playouts: every legal move round-trips through its notation, the
// incremental hash matches a fresh one, make/unmake restores the position,
// stones are conserved, and every game ends within the turn limit.
func TestRandomPlayouts(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 5
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for g := 0; g < games; g++ {
		p := newStart()
		for plies := 0; !p.Status().Over; plies++ {
			if plies > 2000 {
				t.Fatal("game did not end")
			}
			all := p.legal(nil, true)
			if len(all) == 0 {
				t.Fatalf("no legal move in a live game\n%s", p)
			}
			// Bias towards the searched moves so that games score.
			ms := p.Moves(nil)
			if len(ms) == 0 || rng.IntN(10) == 0 {
				ms = all
			}
			m := ms[rng.IntN(len(ms))]
			if q, err := p.ParseMove(p.FormatMove(m)); err != nil || q != m {
				t.Fatalf("%q parses to %v, %v; want %v", p.FormatMove(m), q, err, m)
			}
			before, h := p.state, p.hash
			p.Make(m)
			if p.hash != p.computeHash() {
				t.Fatalf("incremental hash differs after %s", p.FormatMove(m))
			}
			conserved(t, p)
			p.Unmake()
			if p.state != before || p.hash != h {
				t.Fatalf("unmake of %s did not restore the position", p.FormatMove(m))
			}
			p.Make(m)
		}
		if p.turns > TurnLimit {
			t.Fatalf("game ran %d turns", p.turns)
		}
		// The text format reads back what it wrote.
		q, err := Game{}.ParsePosition(p.String())
		if err != nil || q.String() != p.String() || q.Hash() != p.Hash() {
			t.Fatalf("position text does not round-trip: %v\n%s\n%s", err, p, q)
		}
	}
}
