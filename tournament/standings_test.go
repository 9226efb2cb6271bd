package tournament

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

type standRow struct {
	rank, player int
	points       float64
	tie          []float64
}

func rows(st []Standing) []standRow {
	var out []standRow
	for _, s := range st {
		out = append(out, standRow{s.Rank, s.Player, s.Points, s.TieBreaks})
	}
	return out
}

// TestStandingsRoundRobinHand checks Sonneborn-Berger on a 4-player round
// robin computed by hand:
//
//	R1: 1-4 1-0, 2-3 1-0   R2: 4-3 ½-½, 1-2 0-1   R3: 2-4 ½-½, 3-1 ½-½
//
// Points: 2 2½, 1 1½, 3 1, 4 1. SB: 2 = 1 (beat 3) + 1½ (beat 1) + ½ (drew 4)
// = 3; 1 = 1 (beat 4) + ½ (drew 3) = 1½; 4 = ½·1 + ½·2½ = 1¾;
// 3 = ½·1 + ½·1½ = 1¼. So 4 ranks above 3.
func TestStandingsRoundRobinHand(t *testing.T) {
	rounds := []Round{
		{Number: 1, Pairings: []Pairing{{1, 4, WhiteWins}, {2, 3, WhiteWins}}},
		{Number: 2, Pairings: []Pairing{{4, 3, Draw}, {1, 2, BlackWins}}},
		{Number: 3, Pairings: []Pairing{{2, 4, Draw}, {3, 1, Draw}}},
	}
	want := []standRow{
		{1, 2, 2.5, []float64{3}},
		{2, 1, 1.5, []float64{1.5}},
		{3, 4, 1, []float64{1.75}},
		{4, 3, 1, []float64{1.25}},
	}
	if got := rows(ComputeStandings(RoundRobin, 4, rounds)); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v\nwant %v", got, want)
	}
}

// TestStandingsSwissHand checks Buchholz and median Buchholz on a 5-player
// Swiss computed by hand, with byes and a forfeit:
//
//	R1: 1-2 1-0, 3-4 ½-½, bye 5   R2: 5-1 0-1, 2-3 1-0, bye 4
//	R3: 1-3 ½-½, 4-5 +:- (5 forfeits), bye 2
//
// Points: 1 2½, 2 2, 3 1, 4 2½, 5 1.
// Buchholz: 1 = 2+1+1 = 4; 2 = 2½+1 = 3½; 3 = 2½+2+2½ = 7; 4 = 1+1 = 2;
// 5 = 2½+2½ = 5 (byes add nothing). Median: 1 = 4-2-1 = 1; 3 = 7-2½-2 = 2½;
// players with fewer than three opponents 0.
func TestStandingsSwissHand(t *testing.T) {
	rounds := []Round{
		{Number: 1, Pairings: []Pairing{{1, 2, WhiteWins}, {3, 4, Draw}}, Bye: 5},
		{Number: 2, Pairings: []Pairing{{5, 1, BlackWins}, {2, 3, WhiteWins}}, Bye: 4},
		{Number: 3, Pairings: []Pairing{{1, 3, Draw}, {4, 5, WhiteWinsForfeit}}, Bye: 2},
	}
	st := ComputeStandings(Swiss, 5, rounds)
	want := []standRow{
		{1, 1, 2.5, []float64{4, 1}},
		{2, 4, 2.5, []float64{2, 0}},
		{3, 2, 2, []float64{3.5, 0}},
		{4, 3, 1, []float64{7, 2.5}},
		{5, 5, 1, []float64{5, 0}},
	}
	if got := rows(st); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v\nwant %v", got, want)
	}
	p4 := st[1]
	if p4.Played != 2 || p4.Wins != 1 || p4.Draws != 1 || p4.Losses != 0 || p4.Byes != 1 {
		t.Errorf("player 4 counts: %+v", p4)
	}
	p5 := st[4]
	if p5.Played != 2 || p5.Losses != 2 || p5.Byes != 1 {
		t.Errorf("player 5 counts: %+v", p5)
	}
}

func TestStandingsSharedRankAndUnfinished(t *testing.T) {
	rounds := []Round{
		{Number: 1, Pairings: []Pairing{{1, 2, Draw}, {3, 4, NoResult}}},
	}
	got := rows(ComputeStandings(RoundRobin, 4, rounds))
	want := []standRow{
		{1, 1, 0.5, []float64{0.25}},
		{1, 2, 0.5, []float64{0.25}},
		{3, 3, 0, []float64{0}},
		{3, 4, 0, []float64{0}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v\nwant %v", got, want)
	}
	// A double forfeit scores nothing for either and counts as a loss.
	st := ComputeStandings(RoundRobin, 2, []Round{{Pairings: []Pairing{{1, 2, DoubleForfeit}}}})
	if st[0].Points != 0 || st[0].Losses != 1 || st[1].Losses != 1 {
		t.Errorf("double forfeit: %+v", st)
	}
	// Round robin byes score nothing.
	st = ComputeStandings(RoundRobin, 3, []Round{{Pairings: []Pairing{{1, 2, WhiteWins}}, Bye: 3}})
	if st[2].Player != 3 || st[2].Points != 0 || st[2].Byes != 1 {
		t.Errorf("round robin bye: %+v", st)
	}
}

// TestStandingsInvariants: on random Swiss histories, the points of all
// players add up to the points handed out, every Buchholz is at least its
// median, and the table is sorted.
func TestStandingsInvariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		n := 2 + rng.IntN(12)
		active := make([]int, n)
		for i := range active {
			active[i] = i + 1
		}
		var history []Round
		total := 0.0
		for range 1 + rng.IntN(5) {
			r := PairSwiss(active, history)
			for i := range r.Pairings {
				r.Pairings[i].Result = randomResult(rng)
				w, b := r.Pairings[i].Result.Points()
				total += w + b
			}
			if r.Bye != 0 {
				total++
			}
			history = append(history, r)
		}
		st := ComputeStandings(Swiss, n, history)
		sum := 0.0
		for i, s := range st {
			sum += s.Points
			if s.TieBreaks[1] > s.TieBreaks[0] {
				t.Fatalf("median Buchholz above Buchholz: %+v", s)
			}
			if i > 0 && compareStanding(st[i-1], s) > 0 {
				t.Fatalf("not sorted at %d: %+v", i, st)
			}
			if s.Wins+s.Draws+s.Losses != s.Played {
				t.Fatalf("counts: %+v", s)
			}
		}
		if sum != total {
			t.Fatalf("points add up to %v, handed out %v", sum, total)
		}
	}
}
