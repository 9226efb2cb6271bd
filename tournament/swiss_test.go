package tournament

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// randomResult draws a finished result, now and then a forfeit.
func randomResult(rng *rand.Rand) Result {
	switch x := rng.IntN(20); {
	case x < 8:
		return WhiteWins
	case x < 15:
		return BlackWins
	case x < 18:
		return Draw
	case x < 19:
		return WhiteWinsForfeit
	default:
		return BlackWinsForfeit
	}
}

// bruteRound is an independent exhaustive check of a Swiss round: over all
// ways to pair the active players (with a bye, when odd, for a player with
// the fewest byes), the fewest repeated pairings possible and, among
// pairings with that many repeats, the lowest-ranked player who can take
// the bye (0 if none needed). Ranking is by score, then number.
func bruteRound(active []int, history []Round) (minRepeats, lowestBye int) {
	score := map[int]int{}
	byes := map[int]int{}
	met := map[[2]int]bool{}
	for _, r := range history {
		if r.Bye != 0 {
			score[r.Bye] += 2
			byes[r.Bye]++
		}
		for _, p := range r.Pairings {
			w, b := p.Result.halfPoints()
			score[p.White] += w
			score[p.Black] += b
			met[pairKey(p.White, p.Black)] = true
		}
	}
	ps := slices.Clone(active)
	sort.Slice(ps, func(i, j int) bool {
		if score[ps[i]] != score[ps[j]] {
			return score[ps[i]] > score[ps[j]]
		}
		return ps[i] < ps[j]
	})
	minByes := 1 << 30
	for _, p := range ps {
		minByes = min(minByes, byes[p])
	}
	minRepeats, lowestBye = 1<<30, 0
	lowestRank := -1
	used := make([]bool, len(ps))
	var rec func(repeats, bye int)
	rec = func(repeats, bye int) {
		i := 0
		for i < len(ps) && used[i] {
			i++
		}
		if i == len(ps) {
			if repeats < minRepeats {
				minRepeats, lowestRank = repeats, bye
			} else if repeats == minRepeats && bye > lowestRank {
				lowestRank = bye
			}
			return
		}
		used[i] = true
		if len(ps)%2 == 1 && bye < 0 && byes[ps[i]] == minByes {
			rec(repeats, i)
		}
		for j := i + 1; j < len(ps); j++ {
			if !used[j] {
				used[j] = true
				r := repeats
				if met[pairKey(ps[i], ps[j])] {
					r++
				}
				rec(r, bye)
				used[j] = false
			}
		}
		used[i] = false
	}
	rec(0, -1)
	if lowestRank >= 0 {
		lowestBye = ps[lowestRank]
	}
	return minRepeats, lowestBye
}

// checkRound validates a paired round's shape: every active player exactly
// once, a bye exactly when the field is odd, nobody else.
func checkRound(t *testing.T, active []int, r Round) {
	t.Helper()
	seen := map[int]int{}
	for _, p := range r.Pairings {
		seen[p.White]++
		seen[p.Black]++
		if p.White == p.Black {
			t.Fatalf("player %d paired with itself", p.White)
		}
		if p.Result != NoResult {
			t.Fatalf("new pairing has a result: %v", p)
		}
	}
	if r.Bye != 0 {
		seen[r.Bye]++
	}
	if (r.Bye != 0) != (len(active)%2 == 1) {
		t.Fatalf("bye %d with %d active players", r.Bye, len(active))
	}
	for _, a := range active {
		if seen[a] != 1 {
			t.Fatalf("player %d appears %d times in %s", a, seen[a], roundString(r))
		}
	}
	if len(seen) != len(active) {
		t.Fatalf("round %s pairs players outside %v", roundString(r), active)
	}
}

// TestSwissRandomTournaments plays hundreds of seeded random Swiss events of
// 2..10 players, some with more rounds than players and with withdrawals,
// and checks each round against the exhaustive search: a pair meets again
// only if no pairing of the whole round avoids it (and then as few repeats
// as possible), the bye goes to the lowest-ranked player who can take it,
// and nobody gets a second bye while anyone active has none.
func TestSwissRandomTournaments(t *testing.T) {
	rng := rand.New(rand.NewPCG(2024, 5))
	tournaments := 600
	if testing.Short() {
		tournaments = 150
	}
	repeatsSeen, byeChecks := 0, 0
	for tn := range tournaments {
		n := 2 + rng.IntN(9)
		rounds := 1 + rng.IntN(n+1)
		withdrawals := tn%4 == 3
		active := make([]int, n)
		for i := range active {
			active[i] = i + 1
		}
		var history []Round
		byes := map[int]int{}
		for r := 1; r <= rounds && len(active) >= 2; r++ {
			round := PairSwiss(active, history)
			checkRound(t, active, round)
			minRep, lowestBye := bruteRound(active, history)
			met := meetings(history)
			rep := 0
			for _, p := range round.Pairings {
				if met[pairKey(p.White, p.Black)] > 0 {
					rep++
				}
			}
			if rep != minRep {
				t.Fatalf("tournament %d (n=%d) round %d: %d repeats, but %d possible\nhistory %v\nround %s",
					tn, n, r, rep, minRep, history, roundString(round))
			}
			repeatsSeen += rep
			if round.Bye != lowestBye {
				t.Fatalf("tournament %d round %d: bye to %d, lowest-ranked possible is %d\nhistory %v",
					tn, r, round.Bye, lowestBye, history)
			}
			if round.Bye != 0 {
				byeChecks++
				for _, a := range active {
					if byes[a] < byes[round.Bye] {
						t.Fatalf("tournament %d round %d: second bye to %d while %d had none", tn, r, round.Bye, a)
					}
				}
				byes[round.Bye]++
			}
			for i := range round.Pairings {
				round.Pairings[i].Result = randomResult(rng)
			}
			history = append(history, round)
			if withdrawals && len(active) > 2 && rng.IntN(3) == 0 {
				i := rng.IntN(len(active))
				active = slices.Delete(active, i, i+1)
			}
		}
		if !withdrawals && rounds <= n {
			for p, c := range byes {
				if c > 1 {
					t.Fatalf("tournament %d: player %d had %d byes in %d rounds of %d players", tn, p, c, rounds, n)
				}
			}
		}
	}
	if repeatsSeen == 0 || byeChecks == 0 {
		t.Fatalf("the random tournaments never forced a repeat (%d) or a bye (%d): the test is too weak", repeatsSeen, byeChecks)
	}
}

// TestSwissFirstRound checks round 1 against the Dutch system: top half
// against bottom half, colours alternating down the boards.
func TestSwissFirstRound(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{
		{2, "1-2"},
		{3, "1-2 bye 3"},
		{8, "1-5 6-2 3-7 8-4"},
		{9, "1-5 6-2 3-7 8-4 bye 9"},
		{10, "1-6 7-2 3-8 9-4 5-10"},
	}
	for _, tt := range tests {
		active := make([]int, tt.n)
		for i := range active {
			active[i] = i + 1
		}
		if got := roundString(PairSwiss(active, nil)); got != tt.want {
			t.Errorf("n=%d: got %q, want %q", tt.n, got, tt.want)
		}
	}
}

// TestSwissScoreGroups: after a round 1 with only decisive games, round 2
// pairs winners with winners and losers with losers, top half against
// bottom half (transposed to satisfy colours), each player getting the other
// colour.
func TestSwissScoreGroups(t *testing.T) {
	active := []int{1, 2, 3, 4, 5, 6, 7, 8}
	r1 := PairSwiss(active, nil) // 1-5 6-2 3-7 8-4
	// White wins on boards 1 and 3, Black on 2 and 4: winners 1, 3, 2, 4.
	for i := range r1.Pairings {
		if i%2 == 0 {
			r1.Pairings[i].Result = WhiteWins
		} else {
			r1.Pairings[i].Result = BlackWins
		}
	}
	r2 := PairSwiss(active, []Round{r1})
	score := map[int]int{}
	for _, p := range r1.Pairings {
		w, b := p.Result.halfPoints()
		score[p.White] += w
		score[p.Black] += b
	}
	colour := map[int]int{}
	for _, p := range r1.Pairings {
		colour[p.White] = 1
		colour[p.Black] = -1
	}
	for _, p := range r2.Pairings {
		if score[p.White] != score[p.Black] {
			t.Errorf("round 2 pairs %d (%d) with %d (%d): different score groups", p.White, score[p.White], p.Black, score[p.Black])
		}
		if colour[p.White] != -1 || colour[p.Black] != 1 {
			t.Errorf("round 2 %d-%d does not alternate colours", p.White, p.Black)
		}
	}
	// Dutch: S1 {1,2} v S2 {3,4} would give 1-3 and 2-4, two colour
	// clashes; the transposition 1-4, 2-3 has none. Likewise 5-8, 6-7.
	if got, want := roundString(r2), "4-1 2-3 5-8 7-6"; got != want {
		t.Errorf("round 2: got %q, want %q", got, want)
	}
}

// TestSwissFloater: an odd score group sends its lowest player down to the
// next group, to meet that group's top.
func TestSwissFloater(t *testing.T) {
	// Six players; round 1 gives 1, 2, 3 a win (1-4, 2-5, 3-6): winners'
	// group {1,2,3} is odd, so 3 floats and meets 4, the top of {4,5,6}.
	r1 := Round{Number: 1, Pairings: []Pairing{
		{1, 4, WhiteWins}, {5, 2, BlackWins}, {3, 6, WhiteWins},
	}}
	r2 := PairSwiss([]int{1, 2, 3, 4, 5, 6}, []Round{r1})
	pairs := map[[2]int]bool{}
	for _, p := range r2.Pairings {
		pairs[pairKey(p.White, p.Black)] = true
	}
	// 1-2 in the top group; 3 floats to the top of {4,5,6}, 4; then 5-6.
	for _, want := range [][2]int{{1, 2}, {3, 4}, {5, 6}} {
		if !pairs[pairKey(want[0], want[1])] {
			t.Errorf("round 2 %s: want %d-%d paired", roundString(r2), want[0], want[1])
		}
	}
}

// TestSwissAvoidsThirdColour: colours alternate, and a player who had the
// same colour twice gets the other one.
func TestSwissAvoidsThirdColour(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	games, threes := 0, 0
	for range 200 {
		n := 4 + 2*rng.IntN(6) // even fields: no byes
		active := make([]int, n)
		for i := range active {
			active[i] = i + 1
		}
		var history []Round
		for range SwissRounds(n) + 1 {
			r := PairSwiss(active, history)
			for i := range r.Pairings {
				r.Pairings[i].Result = randomResult(rng)
			}
			history = append(history, r)
		}
		for p := 1; p <= n; p++ {
			var cs []int8
			for _, r := range history {
				for _, g := range r.Pairings {
					if g.White == p {
						cs = append(cs, 1)
					} else if g.Black == p {
						cs = append(cs, -1)
					}
				}
			}
			games += len(cs)
			for i := 2; i < len(cs); i++ {
				if cs[i] == cs[i-1] && cs[i] == cs[i-2] {
					threes++
				}
			}
			if _, _, d := colourPreference(cs); d > 2 || d < -2 {
				t.Errorf("player %d colours %v", p, cs)
			}
		}
	}
	// Repeats outrank colours, so a third colour in a row is possible in
	// rare squeezed rounds; it must stay rare.
	if threes*100 > games {
		t.Errorf("%d of %d games were a third same colour in a row", threes, games)
	}
	t.Logf("%d games, %d thirds in a row", games, threes)
}

func TestSwissRounds(t *testing.T) {
	for _, c := range []struct{ n, want int }{{1, 0}, {2, 1}, {3, 2}, {4, 2}, {5, 3}, {8, 3}, {9, 4}, {16, 4}, {17, 5}, {100, 7}} {
		if got := SwissRounds(c.n); got != c.want {
			t.Errorf("SwissRounds(%d) = %d, want %d", c.n, got, c.want)
		}
	}
}

func TestSwissDegenerate(t *testing.T) {
	if r := PairSwiss(nil, nil); len(r.Pairings) != 0 || r.Bye != 0 || r.Number != 1 {
		t.Errorf("no players: %v", r)
	}
	if r := PairSwiss([]int{3}, nil); len(r.Pairings) != 0 || r.Bye != 3 {
		t.Errorf("one player: %v", r)
	}
	// Duplicates and invalid numbers are ignored.
	r := PairSwiss([]int{1, 2, 2, 0, -4}, nil)
	checkRound(t, []int{1, 2}, r)
}

// TestSwissLargeField exercises the weight budget on the biggest field:
// every round stays a valid pairing without repeats.
func TestSwissLargeField(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := MaxPlayers - 1
	active := make([]int, n)
	for i := range active {
		active[i] = i + 1
	}
	var history []Round
	for r := range 4 {
		round := PairSwiss(active, history)
		checkRound(t, active, round)
		met := meetings(history)
		for _, p := range round.Pairings {
			if met[pairKey(p.White, p.Black)] > 0 {
				t.Fatalf("round %d repeats %d-%d", r+1, p.White, p.Black)
			}
		}
		for i := range round.Pairings {
			round.Pairings[i].Result = randomResult(rng)
		}
		history = append(history, round)
	}
}

func BenchmarkPairSwiss(b *testing.B) {
	for _, n := range []int{16, 64, 255} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 1))
			active := make([]int, n)
			for i := range active {
				active[i] = i + 1
			}
			var history []Round
			for range 4 {
				r := PairSwiss(active, history)
				for i := range r.Pairings {
					r.Pairings[i].Result = randomResult(rng)
				}
				history = append(history, r)
			}
			for b.Loop() {
				PairSwiss(active, history)
			}
		})
	}
}
