package tournament

import (
	"fmt"
	"strings"
	"testing"
)

func roundString(r Round) string {
	var parts []string
	for _, p := range r.Pairings {
		parts = append(parts, fmt.Sprintf("%d-%d", p.White, p.Black))
	}
	if r.Bye != 0 {
		parts = append(parts, fmt.Sprintf("bye %d", r.Bye))
	}
	return strings.Join(parts, " ")
}

// TestBergerTableSix checks the published FIDE Berger table for 6 players
// (FIDE Handbook C.05 Annex 1), board order and colours included.
func TestBergerTableSix(t *testing.T) {
	want := []string{
		"1-6 2-5 3-4",
		"6-4 5-3 1-2",
		"2-6 3-1 4-5",
		"6-5 1-4 2-3",
		"3-6 4-2 5-1",
	}
	for r, w := range want {
		if got := roundString(BergerRound(6, r+1)); got != w {
			t.Errorf("round %d: got %q, want %q", r+1, got, w)
		}
	}
}

// TestBergerTableFive checks an odd field: the FIDE 6-player table with
// player 6 as the bye.
func TestBergerTableFive(t *testing.T) {
	want := []string{"2-5 3-4 bye 1", "5-3 1-2 bye 4", "3-1 4-5 bye 2", "1-4 2-3 bye 5", "4-2 5-1 bye 3"}
	for r, w := range want {
		if got := roundString(BergerRound(5, r+1)); got != w {
			t.Errorf("round %d: got %q, want %q", r+1, got, w)
		}
	}
}

// TestRoundRobinProperties: for 2..16 players, single and double, every pair
// meets exactly once per cycle (in a double, once with each colour), every
// player appears once per round, odd fields give each player one bye per
// cycle, each player's Whites and Blacks differ by at most one per cycle, and
// nobody has the same colour three games running.
func TestRoundRobinProperties(t *testing.T) {
	for n := 2; n <= 16; n++ {
		for cycles := 1; cycles <= 2; cycles++ {
			t.Run(fmt.Sprintf("n=%d/cycles=%d", n, cycles), func(t *testing.T) {
				per := RoundRobinRounds(n)
				wantPer := n - 1
				if n%2 == 1 {
					wantPer = n
				}
				if per != wantPer {
					t.Fatalf("RoundRobinRounds(%d) = %d, want %d", n, per, wantPer)
				}
				meet := map[[2]int]int{} // ordered (white, black)
				colours := make([][]int, n+1)
				whites := make([]int, n+1)
				blacks := make([]int, n+1)
				byes := make([]int, n+1)
				for r := 1; r <= per*cycles; r++ {
					round := RoundRobinRound(n, cycles, r)
					if round.Number != r {
						t.Fatalf("round %d numbered %d", r, round.Number)
					}
					seen := make([]int, n+1)
					for _, p := range round.Pairings {
						if p.White < 1 || p.White > n || p.Black < 1 || p.Black > n || p.White == p.Black {
							t.Fatalf("round %d: bad pairing %v", r, p)
						}
						seen[p.White]++
						seen[p.Black]++
						meet[[2]int{p.White, p.Black}]++
						whites[p.White]++
						blacks[p.Black]++
						colours[p.White] = append(colours[p.White], 1)
						colours[p.Black] = append(colours[p.Black], -1)
					}
					if round.Bye != 0 {
						seen[round.Bye]++
						byes[round.Bye]++
					}
					if (round.Bye != 0) != (n%2 == 1) {
						t.Fatalf("round %d: bye %d with n=%d", r, round.Bye, n)
					}
					for p := 1; p <= n; p++ {
						if seen[p] != 1 {
							t.Fatalf("round %d: player %d appears %d times", r, p, seen[p])
						}
					}
					if r == per {
						// End of the first cycle: colours balanced.
						for p := 1; p <= n; p++ {
							if d := whites[p] - blacks[p]; d > 1 || d < -1 {
								t.Errorf("player %d: %d Whites, %d Blacks", p, whites[p], blacks[p])
							}
						}
					}
				}
				for a := 1; a <= n; a++ {
					cs := colours[a]
					for i := 2; i < len(cs); i++ {
						if cs[i] == cs[i-1] && cs[i] == cs[i-2] {
							t.Errorf("player %d: three games in a row with the same colour: %v", a, cs)
							break
						}
					}
					if n%2 == 1 && byes[a] != cycles {
						t.Errorf("player %d: %d byes", a, byes[a])
					}
					if whites[a] != blacks[a] && cycles == 2 {
						t.Errorf("double: player %d has %d Whites, %d Blacks", a, whites[a], blacks[a])
					}
					for b := a + 1; b <= n; b++ {
						ab, ba := meet[[2]int{a, b}], meet[[2]int{b, a}]
						if ab+ba != cycles {
							t.Errorf("%d and %d meet %d times", a, b, ab+ba)
						}
						if cycles == 2 && (ab != 1 || ba != 1) {
							t.Errorf("double: %d-%d %d times, %d-%d %d times", a, b, ab, b, a, ba)
						}
					}
				}
			})
		}
	}
}

func TestRoundRobinOutOfRange(t *testing.T) {
	for _, c := range []struct{ n, r int }{{1, 1}, {0, 1}, {4, 0}, {4, 4}, {5, 6}} {
		if got := BergerRound(c.n, c.r); len(got.Pairings) != 0 || got.Bye != 0 {
			t.Errorf("BergerRound(%d, %d) = %v, want empty", c.n, c.r, got)
		}
	}
	if got := RoundRobinRound(4, 2, 7); len(got.Pairings) != 0 {
		t.Errorf("round 7 of a double 4-player round robin: %v", got)
	}
}
