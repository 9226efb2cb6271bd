package tournament

// Pairing is one game of a round. Players are numbered 1..N (their seed);
// White moves first.
type Pairing struct {
	White  int    `json:"white"`
	Black  int    `json:"black"`
	Result Result `json:"result"`
}

// Round is one round of a tournament: its games, in board order, and the
// player who sits out (Bye, 0 when nobody does).
type Round struct {
	Number   int       `json:"number"`
	Pairings []Pairing `json:"pairings"`
	Bye      int       `json:"bye,omitempty"`
}

// Complete reports whether every game of the round has a result.
func (r Round) Complete() bool {
	for _, p := range r.Pairings {
		if !p.Result.Done() {
			return false
		}
	}
	return true
}

// RoundRobinRounds returns the number of rounds of one cycle of a round robin
// among n players: n-1 for even n, n for odd n (everyone sits out once).
func RoundRobinRounds(n int) int {
	if n < 2 {
		return 0
	}
	if n%2 == 1 {
		return n
	}
	return n - 1
}

// BergerRound returns round r (1-based, 1..RoundRobinRounds(n)) of the FIDE
// Berger tables for n players. With an odd n a dummy player n+1 is added and
// whoever meets it has the bye. In round r, players i and j (both below the
// top number m) meet when i+j ≡ r+1 (mod m-1); the one left alone meets m.
// Colours: against m, m has White in even rounds; otherwise the lower number
// has White when i+j is odd, the higher when it is even. Over a cycle every
// player's Whites and Blacks differ by at most one.
func BergerRound(n, r int) Round {
	m := n + n%2 // table size, even
	round := Round{Number: r}
	if n < 2 || r < 1 || r > m-1 {
		return round
	}
	mod := m - 1
	wrap := func(x int) int { // into 1..mod
		x = ((x-1)%mod + mod) % mod
		return x + 1
	}
	// k meets m: 2k ≡ r+1 (mod m-1).
	k := 0
	for i := 1; i <= mod; i++ {
		if (2*i)%mod == (r+1)%mod {
			k = i
			break
		}
	}
	add := func(a, b int) {
		switch {
		case a > n:
			round.Bye = b
			return
		case b > n:
			round.Bye = a
			return
		}
		round.Pairings = append(round.Pairings, Pairing{White: a, Black: b})
	}
	if r%2 == 0 {
		add(m, k)
	} else {
		add(k, m)
	}
	for b := 2; b <= m/2; b++ {
		i, j := wrap(k+b-1), wrap(k-b+1)
		lo, hi := min(i, j), max(i, j)
		if (i+j)%2 == 1 {
			add(lo, hi)
		} else {
			add(hi, lo)
		}
	}
	return round
}

// RoundRobinRound returns round r (1-based) of a round robin with the given
// number of cycles (1 single, 2 double): later cycles repeat the first with
// colours reversed in every other cycle. When cycles follow one another, the
// last two rounds of every cycle but the last are swapped (as FIDE
// recommends), so that nobody plays the same colour three times in a row
// across the junction.
func RoundRobinRound(n, cycles, r int) Round {
	per := RoundRobinRounds(n)
	if per == 0 || r < 1 || r > per*cycles {
		return Round{Number: r}
	}
	cycle := (r - 1) / per
	br := r - cycle*per
	if cycle < cycles-1 && per >= 3 && br >= per-1 {
		br = 2*per - 1 - br // per-1 <-> per
	}
	round := BergerRound(n, br)
	round.Number = r
	if cycle%2 == 1 {
		for i := range round.Pairings {
			p := &round.Pairings[i]
			p.White, p.Black = p.Black, p.White
		}
	}
	return round
}
