package tournament

import (
	"slices"
	"sort"
)

// Tie-break keys, in the order Standing.TieBreaks holds them; the chat layer
// translates them.
const (
	TieSonnebornBerger = "sonneborn_berger"
	TieBuchholz        = "buchholz"
	TieMedianBuchholz  = "median_buchholz"
)

// Standing is one line of the standings table.
type Standing struct {
	Rank      int       `json:"rank"` // shared by players equal on points and every tie-break
	Player    int       `json:"player"`
	Points    float64   `json:"points"`
	TieBreaks []float64 `json:"tie_breaks"` // in the order of System.TieBreaks
	Played    int       `json:"played"`     // games with a result, forfeits included
	Wins      int       `json:"wins"`
	Draws     int       `json:"draws"`
	Losses    int       `json:"losses"`
	Byes      int       `json:"byes"`
}

// gameLine is one finished game seen from one player.
type gameLine struct {
	opp  int
	half int // the player's half-points
}

// ComputeStandings ranks players 1..n after the given rounds. Unfinished
// games count for nothing yet.
//
// Tie-breaks (in half-point arithmetic, so exact):
//   - Sonneborn-Berger (round robin): the sum of the final points of every
//     opponent beaten plus half those of every opponent drawn.
//   - Buchholz (Swiss): the sum of the final points of all opponents.
//   - Median Buchholz (Swiss): Buchholz without the highest and the lowest
//     opponent (0 with fewer than three opponents).
//
// A bye scores its points (System.ByePoints) but has no opponent: it adds
// nothing to Buchholz or Sonneborn-Berger and is not one of the scores the
// median drops. A forfeit counts as a game against that opponent (the
// forfeiting player was paired and is in the table), scored 1-0.
func ComputeStandings(sys System, n int, rounds []Round) []Standing {
	half := make([]int, n+1)
	games := make([][]gameLine, n+1)
	st := make([]Standing, n)
	for i := range st {
		st[i].Player = i + 1
	}
	valid := func(p int) bool { return p >= 1 && p <= n }
	byeHalf := int(sys.ByePoints() * 2)
	for _, r := range rounds {
		if valid(r.Bye) {
			half[r.Bye] += byeHalf
			st[r.Bye-1].Byes++
		}
		for _, p := range r.Pairings {
			if !p.Result.Done() || !valid(p.White) || !valid(p.Black) {
				continue
			}
			w, b := p.Result.halfPoints()
			half[p.White] += w
			half[p.Black] += b
			games[p.White] = append(games[p.White], gameLine{p.Black, w})
			games[p.Black] = append(games[p.Black], gameLine{p.White, b})
			for _, s := range [2]struct{ who, h int }{{p.White, w}, {p.Black, b}} {
				x := &st[s.who-1]
				x.Played++
				switch {
				case p.Result == DoubleForfeit:
					x.Losses++
				case s.h == 2:
					x.Wins++
				case s.h == 1:
					x.Draws++
				default:
					x.Losses++
				}
			}
		}
	}
	for i := range st {
		p := i + 1
		st[i].Points = float64(half[p]) / 2
		switch sys {
		case Swiss:
			var opp []int
			sum := 0
			for _, g := range games[p] {
				opp = append(opp, half[g.opp])
				sum += half[g.opp]
			}
			med := 0
			if len(opp) >= 3 {
				med = sum - slices.Max(opp) - slices.Min(opp)
			}
			st[i].TieBreaks = []float64{float64(sum) / 2, float64(med) / 2}
		default:
			sb := 0 // in quarter points
			for _, g := range games[p] {
				sb += g.half * half[g.opp]
			}
			st[i].TieBreaks = []float64{float64(sb) / 4}
		}
	}
	sort.SliceStable(st, func(i, j int) bool {
		if c := compareStanding(st[i], st[j]); c != 0 {
			return c < 0
		}
		return st[i].Player < st[j].Player
	})
	for i := range st {
		if i > 0 && compareStanding(st[i-1], st[i]) == 0 {
			st[i].Rank = st[i-1].Rank
		} else {
			st[i].Rank = i + 1
		}
	}
	return st
}

// compareStanding orders by points, then tie-breaks, best first.
func compareStanding(a, b Standing) int {
	if a.Points != b.Points {
		if a.Points > b.Points {
			return -1
		}
		return 1
	}
	for k := range min(len(a.TieBreaks), len(b.TieBreaks)) {
		if a.TieBreaks[k] != b.TieBreaks[k] {
			if a.TieBreaks[k] > b.TieBreaks[k] {
				return -1
			}
			return 1
		}
	}
	return 0
}
