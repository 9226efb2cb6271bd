package draughts

// tune_test.go is the self-play harness the evaluation weights were tuned
// with. It plays matches of minutes, so it is off by default:
//
//	nice go test ./games/draughts -run TestTune -v -timeout 3h -tune -tune.games 200 -tune.depth 6
//
// Results are recorded in TUNING.md.

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"oyunbot/ai"
)

var (
	tuneRun     = flag.Bool("tune", false, "run the self-play tuning matches")
	tuneGames   = flag.Int("tune.games", 100, "games per match (even: each opening twice, colours swapped)")
	tuneDepth   = flag.Int("tune.depth", 6, "search depth per move")
	tuneSeed    = flag.Uint64("tune.seed", 1, "seed of the random openings")
	tuneOnly    = flag.String("tune.only", "", "run only the matches with these comma-separated names")
	tuneGame    = flag.String("tune.game", "", "italian or checkers (both when empty)")
	tuneWorkers = flag.Int("tune.workers", 2, "games played at once")
)

// matchResult counts a match from the candidate's side.
type matchResult struct{ wins, draws, losses, plies int }

func (r matchResult) games() int { return r.wins + r.draws + r.losses }

// elo returns the Elo difference implied by the score and its 95% interval.
func (r matchResult) elo() (diff, lo, hi float64) {
	n := float64(r.games())
	s := (float64(r.wins) + float64(r.draws)/2) / n
	v := (float64(r.wins)*(1-s)*(1-s) + float64(r.draws)*(0.5-s)*(0.5-s) + float64(r.losses)*s*s) / n
	se := math.Sqrt(v / n)
	toElo := func(x float64) float64 {
		x = min(max(x, 1e-3), 1-1e-3)
		return -400 * math.Log10(1/x-1)
	}
	return toElo(s), toElo(s - 1.96*se), toElo(s + 1.96*se)
}

func (r matchResult) String() string {
	d, lo, hi := r.elo()
	return fmt.Sprintf("+%d =%d -%d (%d games, %d plies avg): %+.0f Elo [%+.0f, %+.0f]",
		r.wins, r.draws, r.losses, r.games(), r.plies/max(1, r.games()), d, lo, hi)
}

// openings returns n distinct positions 2-4 random plies from g's start.
func openings(g Game, n int, seed uint64) []*Position {
	rng := rand.New(rand.NewPCG(seed, seed^0x5eed))
	seen := map[uint64]bool{}
	var out []*Position
	for len(out) < n {
		p := g.NewStart()
		plies := 2 + rng.IntN(3)
		for i := 0; i < plies; i++ {
			moves := p.Moves(nil)
			p.Make(moves[rng.IntN(len(moves))])
		}
		if !seen[p.Hash()] && !p.Status().Over {
			seen[p.Hash()] = true
			q, _ := g.Parse(p.String())
			out = append(out, q)
		}
	}
	return out
}

// maxGamePlies ends a game that neither rule ended as a draw.
const maxGamePlies = 400

// playGame plays one game; white and black evaluate with their weights. It
// returns 1, 0 or -1 for a white win, a draw or a black win, and the plies.
func playGame(start *Position, white, black Weights, depth int) (result, plies int) {
	ws := [2]Weights{white, black}
	engines := [2]*ai.Engine{ai.NewEngine(ai.DefaultOptions()), ai.NewEngine(ai.DefaultOptions())}
	p := start.clone()
	for ply := 0; ply < maxGamePlies; ply++ {
		if st := p.Status(); st.Over {
			switch st.Winner {
			case ai.First:
				return 1, ply
			case ai.Second:
				return -1, ply
			}
			return 0, ply
		}
		side := p.St.side
		q := p.clone()
		q.SetWeights(ws[side])
		r := engines[side].Search(context.Background(), q, ai.Limits{Depth: depth}, nil)
		p.Make(r.Best)
	}
	return 0, maxGamePlies
}

// match plays cand against base from every opening with both colours.
func match(g Game, cand, base Weights, games, depth int) matchResult {
	var mu sync.Mutex
	var r matchResult
	jobs := make(chan func())
	var wg sync.WaitGroup
	for w := 0; w < *tuneWorkers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				j()
			}
		}()
	}
	for _, o := range openings(g, games/2, *tuneSeed) {
		for _, candWhite := range []bool{true, false} {
			jobs <- func() {
				var res, plies int
				if candWhite {
					res, plies = playGame(o, cand, base, depth)
				} else {
					res, plies = playGame(o, base, cand, depth)
					res = -res
				}
				mu.Lock()
				defer mu.Unlock()
				r.plies += plies
				switch res {
				case 1:
					r.wins++
				case 0:
					r.draws++
				default:
					r.losses++
				}
			}
		}
	}
	close(jobs)
	wg.Wait()
	return r
}

func TestTune(t *testing.T) {
	if !*tuneRun {
		t.Skip("self-play tuning: run with -tune")
	}
	for _, g := range []Game{Italian, Checkers} {
		if *tuneGame != "" && *tuneGame != g.Name() {
			continue
		}
		def := g.v.DefaultWeights()
		variant := func(f func(w *Weights)) Weights {
			w := g.v.DefaultWeights()
			f(&w)
			return w
		}
		matches := []struct {
			name       string
			cand, base Weights
		}{
			{"default-vs-material", def, Weights{Man: 100, King: def.King}},
			{"king-20", variant(func(w *Weights) { w.King -= 20 }), def},
			{"no-advance", variant(func(w *Weights) { w.Advance = [8]int{} }), def},
			{"advance-x2", variant(func(w *Weights) {
				for i := range w.Advance {
					w.Advance[i] *= 2
				}
			}), def},
			{"no-backrank", variant(func(w *Weights) { w.BackRank = 0 }), def},
			{"backrank-x2", variant(func(w *Weights) { w.BackRank *= 2 }), def},
			{"no-centre", variant(func(w *Weights) { w.Centre, w.KingCentre = 0, 0 }), def},
			{"no-mobility", variant(func(w *Weights) { w.Mobility = 0 }), def},
			{"mobility-x2", variant(func(w *Weights) { w.Mobility *= 2 }), def},
			{"no-kingedge", variant(func(w *Weights) { w.KingEdge = 0 }), def},
			{"no-runaway", variant(func(w *Weights) { w.Runaway = 0 }), def},
			{"no-trade", variant(func(w *Weights) { w.Trade = 0 }), def},
			{"no-tempo", variant(func(w *Weights) { w.Tempo = 0 }), def},
			// Round 2, against the weights round 1 led to.
			{"king+30", variant(func(w *Weights) { w.King += 30 }), def},
			{"backrank+8", variant(func(w *Weights) { w.BackRank += 8 }), def},
			{"advance-late", variant(func(w *Weights) { w.Advance = [8]int{0, 0, 0, 0, 0, 4, 8, 0} }), def},
			// The weights after round 2 against those of round 1's start.
			{"default-vs-round0", def, variant(func(w *Weights) {
				w.Advance, w.BackRank, w.King = [8]int{0, 0, 1, 3, 6, 10, 16, 0}, 8, 140
				if g.v.italian {
					w.King = 170
				}
			})},
		}
		for _, m := range matches {
			if *tuneOnly != "" && !slices.Contains(strings.Split(*tuneOnly, ","), m.name) {
				continue
			}
			r := match(g, m.cand, m.base, *tuneGames, *tuneDepth)
			t.Logf("%s %-20s depth %d: %v", g.Name(), m.name, *tuneDepth, r)
		}
	}
}

func TestMatchResultElo(t *testing.T) {
	even := matchResult{wins: 10, draws: 20, losses: 10}
	if d, lo, hi := even.elo(); d != 0 || lo >= 0 || hi <= 0 {
		t.Errorf("even match: %v %v %v", d, lo, hi)
	}
	strong := matchResult{wins: 30, draws: 10, losses: 0}
	if d, lo, _ := strong.elo(); d < 300 || lo <= 0 {
		t.Errorf("30-10-0: %v, lower bound %v", d, lo)
	}
}

// TestSelfPlayGame plays one short self-play game of each: it must end by
// the rules or the ply cap and leave the start position alone.
func TestSelfPlayGame(t *testing.T) {
	for _, g := range []Game{Italian, Checkers} {
		start := g.NewStart()
		res, plies := playGame(start, g.v.DefaultWeights(), g.v.DefaultWeights(), 1)
		if res < -1 || res > 1 || plies < 10 || start.Ply() != 0 || start.String() != g.StartText() {
			t.Fatalf("%s: result %d after %d plies, start now %s", g.Name(), res, plies, start)
		}
	}
}
