package tournament

import (
	"math"
	"math/bits"
	"sort"
)

// SwissRounds returns the default number of Swiss rounds for n players,
// ceil(log2 n): enough, in principle, to separate a single winner.
func SwissRounds(n int) int {
	if n < 2 {
		return 0
	}
	return bits.Len(uint(n - 1))
}

// Colour preference strengths, after the FIDE Dutch system.
const (
	prefNone     = 0
	prefMild     = 1 // balanced colours: alternate from the last game
	prefStrong   = 2 // one colour more than the other
	prefAbsolute = 3 // two more, or the same colour twice in a row
)

// scoreDiffCap bounds the score difference (in half-points) whose square is
// charged for a pairing: beyond it, pairings are all equally bad, and the cap
// keeps the combined weights inside int64.
const scoreDiffCap = 40

// maxWeightBits bounds the combined matching weight so that the matching's
// dual arithmetic (sums of two weights, doubled) cannot overflow int64.
const maxWeightBits = 58

// swissPlayer is what the pairing needs to know about one active player.
type swissPlayer struct {
	num     int    // player number
	score   int    // half-points
	rank    int    // 0 = best: by score, then number
	group   int    // index of the score group, 0 = top
	inGroup int    // position within the score group
	colours []int8 // +1 White, -1 Black, per played game, oldest first
	byRound []int8 // colour per round (0 = did not play), for tie-breaking colours
	byes    int
	pref    int8 // preferred colour: +1, -1 or 0
	strong  int  // preference strength
	diff    int  // Whites minus Blacks
}

// PairSwiss pairs the next round of a Swiss tournament among the active
// players (numbers 1..N), given the previous rounds with their results.
//
// The round is a maximum-weight perfect matching (plus a bye vertex when the
// number of players is odd), whose weights rank the criteria
// lexicographically, most important first:
//  1. nobody gets a second bye while someone has had none (a hard rule);
//  2. as few repeated pairings as possible: a pair meets again only when no
//     pairing of the whole round avoids it;
//  3. the bye goes to the lowest-ranked player who may take it;
//  4. as few absolute colour conflicts as possible (two players who both
//     must get the same colour: a third in a row, or two more of one colour);
//  5. pairing within score groups: the sum of squared score differences is
//     minimal, so odd groups float one player to the next group down;
//  6. as few other colour-preference conflicts as possible;
//  7. within a group, top half against bottom half (1-5, 2-6, ...), and a
//     floater is the lowest of its group and meets the top of the next.
//
// Criterion 7 is dropped for very large fields when the weights would not fit
// in int64. A bye scores a win. Colours then go by preference (stronger
// first, then alternating from the last round the two had different
// colours, then the higher-ranked player's wish); in round 1 the higher seed
// has White on odd boards.
func PairSwiss(active []int, history []Round) Round {
	return PairSwissBots(active, history, nil)
}

// PairSwissBots is PairSwiss where bot(num) tells the bot's entries: the
// bye goes to a person before a bot (a bot entered to fill the field
// gains nothing from a free point, and standings should not reward it),
// after criterion 2.
func PairSwissBots(active []int, history []Round, bot func(num int) bool) Round {
	round := Round{Number: len(history) + 1}
	ps := swissState(active, history)
	n := len(ps)
	if n == 0 {
		return round
	}
	if n == 1 {
		round.Bye = ps[0].num
		return round
	}

	// Vertex n is the bye when the field is odd.
	nv := n
	if n%2 == 1 {
		nv = n + 1
	}
	played := meetings(history)
	minByes := math.MaxInt
	for _, p := range ps {
		minByes = min(minByes, p.byes)
	}

	// Tier costs per edge, most important first.
	const (
		tRepeat = iota
		tBye
		tAbs
		tScore
		tMild
		tOrder
		tiers
	)
	type cand struct {
		u, v int
		cost [tiers]int64
	}
	var cands []cand
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			a, b := &ps[i], &ps[j]
			var c cand
			c.u, c.v = i, j
			c.cost[tRepeat] = int64(min(played[pairKey(a.num, b.num)], 2))
			if a.strong == prefAbsolute && b.strong == prefAbsolute && a.pref == b.pref {
				c.cost[tAbs] = 1
			}
			d := int64(min(abs(a.score-b.score), scoreDiffCap))
			c.cost[tScore] = d * d
			if a.pref != 0 && a.pref == b.pref {
				c.cost[tMild] = int64(min(a.strong, b.strong, prefStrong))
			}
			c.cost[tOrder] = orderCost(ps, a, b)
			cands = append(cands, c)
		}
		if nv > n && ps[i].byes == minByes {
			// Rank n-1 is the lowest; it costs nothing to give it the bye.
			var c cand
			c.u, c.v = i, n
			c.cost[tBye] = int64(n - 1 - ps[i].rank)
			if bot != nil && bot(ps[i].num) {
				c.cost[tBye] += int64(n) // more than any person's
			}
			cands = append(cands, c)
		}
	}

	// Combine tiers into one weight: each tier's multiplier exceeds the
	// largest possible sum of all lower tiers over a matching.
	pairs := int64(nv / 2)
	var maxCost [tiers]int64
	for _, c := range cands {
		for t := range tiers {
			maxCost[t] = max(maxCost[t], c.cost[t])
		}
	}
	var mult [tiers]int64
	used := tiers
	for used > 0 {
		ok := true
		m := int64(1)
		for t := used - 1; t >= 0; t-- {
			mult[t] = m
			hi, lo := bits.Mul64(uint64(m), uint64(pairs*maxCost[t]+1))
			if hi != 0 || bits.Len64(lo) > maxWeightBits {
				ok = false
				break
			}
			m = int64(lo)
		}
		if ok {
			break
		}
		used--
	}
	for t := used; t < tiers; t++ {
		mult[t] = 0
	}
	var total int64
	weights := make([]int64, len(cands))
	for i, c := range cands {
		for t := range tiers {
			weights[i] += mult[t] * c.cost[t]
		}
		total = max(total, weights[i])
	}
	edges := make([]wedge, len(cands))
	for i, c := range cands {
		// Maximum weight = minimum cost, as all matchings are perfect.
		edges[i] = wedge{u: c.u, v: c.v, w: total + 1 - weights[i]}
	}
	mate := maxWeightMatching(nv, edges, true)

	type board struct{ hi, lo *swissPlayer }
	var boards []board
	for i := 0; i < n; i++ {
		j := mate[i]
		switch {
		case j == n:
			round.Bye = ps[i].num
		case j > i:
			boards = append(boards, board{&ps[i], &ps[j]})
		}
	}
	sort.Slice(boards, func(x, y int) bool {
		bx, by := boards[x], boards[y]
		if bx.hi.score != by.hi.score {
			return bx.hi.score > by.hi.score
		}
		if sx, sy := bx.hi.score+bx.lo.score, by.hi.score+by.lo.score; sx != sy {
			return sx > sy
		}
		return bx.hi.rank < by.hi.rank
	})
	for i, b := range boards {
		w, bl := assignColours(b.hi, b.lo, i+1)
		round.Pairings = append(round.Pairings, Pairing{White: w.num, Black: bl.num})
	}
	return round
}

// swissState ranks the active players and derives their scores, byes and
// colour preferences from the history.
func swissState(active []int, history []Round) []swissPlayer {
	index := make(map[int]int, len(active))
	ps := make([]swissPlayer, 0, len(active))
	for _, num := range active {
		if _, dup := index[num]; dup || num < 1 {
			continue
		}
		index[num] = len(ps)
		ps = append(ps, swissPlayer{num: num, byRound: make([]int8, len(history))})
	}
	for r, round := range history {
		if i, ok := index[round.Bye]; ok {
			ps[i].byes++
			ps[i].score += 2
		}
		for _, p := range round.Pairings {
			w, b := p.Result.halfPoints()
			if i, ok := index[p.White]; ok {
				ps[i].score += w
				ps[i].colours = append(ps[i].colours, 1)
				ps[i].byRound[r] = 1
			}
			if i, ok := index[p.Black]; ok {
				ps[i].score += b
				ps[i].colours = append(ps[i].colours, -1)
				ps[i].byRound[r] = -1
			}
		}
	}
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].score != ps[j].score {
			return ps[i].score > ps[j].score
		}
		return ps[i].num < ps[j].num
	})
	group, start := 0, 0
	for i := range ps {
		ps[i].rank = i
		if i > 0 && ps[i].score != ps[i-1].score {
			group++
			start = i
		}
		ps[i].group = group
		ps[i].inGroup = i - start
		ps[i].pref, ps[i].strong, ps[i].diff = colourPreference(ps[i].colours)
	}
	return ps
}

// colourPreference returns the colour a player should get next (+1 White,
// -1 Black, 0 none), how strongly, and the colour difference.
func colourPreference(cs []int8) (pref int8, strength, diff int) {
	for _, c := range cs {
		diff += int(c)
	}
	n := len(cs)
	switch {
	case n == 0:
		return 0, prefNone, 0
	case diff >= 2:
		return -1, prefAbsolute, diff
	case diff <= -2:
		return 1, prefAbsolute, diff
	case n >= 2 && cs[n-1] == cs[n-2]:
		return -cs[n-1], prefAbsolute, diff
	case diff > 0:
		return -1, prefStrong, diff
	case diff < 0:
		return 1, prefStrong, diff
	}
	return -cs[n-1], prefMild, diff
}

// orderCost prefers, inside a score group of size s, pairing position i with
// position i+s/2; across groups, the lowest of the upper group meeting the
// top of the lower group.
func orderCost(ps []swissPlayer, a, b *swissPlayer) int64 {
	if a.rank > b.rank {
		a, b = b, a
	}
	if a.group == b.group {
		size := groupSize(ps, a)
		return int64(abs(b.inGroup - a.inGroup - size/2))
	}
	return int64(groupSize(ps, a) - 1 - a.inGroup + b.inGroup)
}

func groupSize(ps []swissPlayer, p *swissPlayer) int {
	first := p.rank - p.inGroup
	end := first
	for end < len(ps) && ps[end].group == p.group {
		end++
	}
	return end - first
}

// assignColours returns (white, black) for a board between hi (the
// higher-ranked player) and lo.
func assignColours(hi, lo *swissPlayer, board int) (white, black *swissPlayer) {
	give := func(p *swissPlayer, c int8) (*swissPlayer, *swissPlayer) {
		if p == hi {
			if c > 0 {
				return hi, lo
			}
			return lo, hi
		}
		if c > 0 {
			return lo, hi
		}
		return hi, lo
	}
	switch {
	case hi.pref == 0 && lo.pref == 0:
		// First games: alternate down the boards, higher seed White on board 1.
		if board%2 == 1 {
			return hi, lo
		}
		return lo, hi
	case hi.pref != lo.pref:
		if hi.pref != 0 {
			return give(hi, hi.pref)
		}
		return give(lo, lo.pref)
	case hi.strong != lo.strong:
		if hi.strong > lo.strong {
			return give(hi, hi.pref)
		}
		return give(lo, lo.pref)
	case hi.strong == prefAbsolute && abs(hi.diff) != abs(lo.diff):
		if abs(hi.diff) > abs(lo.diff) {
			return give(hi, hi.pref)
		}
		return give(lo, lo.pref)
	}
	// Same wish, same strength: reverse the colours of the last round in
	// which they had different ones.
	for r := len(hi.byRound) - 1; r >= 0; r-- {
		h, l := hi.byRound[r], lo.byRound[r]
		if h != 0 && l != 0 && h != l {
			return give(hi, -h)
		}
	}
	return give(hi, hi.pref)
}

// pairKey identifies an unordered pair of players.
func pairKey(a, b int) [2]int {
	if a > b {
		a, b = b, a
	}
	return [2]int{a, b}
}

// meetings counts the games between each pair of players.
func meetings(history []Round) map[[2]int]int {
	m := make(map[[2]int]int)
	for _, r := range history {
		for _, p := range r.Pairings {
			m[pairKey(p.White, p.Black)]++
		}
	}
	return m
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
