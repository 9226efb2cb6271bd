package gamestest

import (
	"testing"

	"oyunbot/ai"
	"oyunbot/games"
)

// TestRaceRoundTrip plays random games: every legal move formats and parses
// back, make/unmake restores position and hash, text round-trips.
func TestRaceRoundTrip(t *testing.T) {
	for seed := range 50 {
		p := Race{}.Start().(*RacePos)
		r := uint64(seed + 1)
		for ply := 0; ply < 200 && !p.Status().Over; ply++ {
			moves := p.Moves(nil)
			if len(moves) == 0 {
				t.Fatalf("no moves in %s", p)
			}
			for _, m := range moves {
				s := p.FormatMove(m)
				if got, err := p.ParseMove(s); err != nil || got != m {
					t.Fatalf("%s: %q parses to %v, %v", p, s, got, err)
				}
				before, h := p.String(), p.Hash()
				p.Make(m)
				p.Unmake()
				if p.String() != before || p.Hash() != h {
					t.Fatalf("make/unmake %q changed %s to %s", s, before, p)
				}
			}
			q, err := Race{}.ParsePosition(p.String())
			if err != nil || q.String() != p.String() {
				t.Fatalf("position %q round trip: %v %v", p, q, err)
			}
			r = r*6364136223846793005 + 1442695040888963407
			p.Make(moves[int(r>>33)%len(moves)])
		}
		if st := p.Status(); !st.Over || st.WinPoints() < 1 {
			t.Fatalf("seed %d: game not over after 200 plies: %s %+v", seed, p, st)
		}
	}
}

func TestRaceChancesSumToOne(t *testing.T) {
	sum := 0.0
	for _, c := range (&RacePos{}).Chances(nil) {
		sum += c.Prob
	}
	if sum < 0.999999 || sum > 1.000001 {
		t.Fatalf("chances sum to %v", sum)
	}
}

func TestRaceShutoutIsTwoPoints(t *testing.T) {
	p, err := Race{}.ParsePosition("8 7 / 0 0 : w 12")
	if err != nil {
		t.Fatal(err)
	}
	mv, err := p.ParseMove("b1")
	if err != nil {
		t.Fatal(err)
	}
	p.Make(mv)
	if st := p.Status(); !st.Over || st.Winner != ai.First || st.WinPoints() != 2 {
		t.Fatalf("%+v", st)
	}
}

func TestStepsOptimal(t *testing.T) {
	// 10: dec, third, third, dec; 37: dec, third, third, half, half, dec.
	for _, tc := range []struct{ n, want int }{{0, 0}, {1, 1}, {10, 4}, {37, 6}} {
		p, err := Steps{}.ParsePosition(fmtInt(tc.n))
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := p.(games.Solver).OptimalLength(); !ok || got != tc.want {
			t.Errorf("%d: %d, want %d", tc.n, got, tc.want)
		}
	}
}

func fmtInt(n int) string { return (&StepsPos{n: n}).String() }
