package dama

// tune_test.go is the self-play harness the evaluation weights were tuned
// with. It plays matches of minutes, so it is off by default:
//
//	go test ./games/dama -run TestTune -v -timeout 60m -tune -tune.games 100 -tune.depth 5
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
	"testing"

	"oyunbot/ai"
)

var (
	tuneRun   = flag.Bool("tune", false, "run the self-play tuning matches")
	tuneGames = flag.Int("tune.games", 60, "games per match (even: each opening twice, colours swapped)")
	tuneDepth = flag.Int("tune.depth", 5, "search depth per move")
	tuneSeed  = flag.Uint64("tune.seed", 1, "seed of the random openings")
	tuneOnly  = flag.String("tune.only", "", "run only the matches with these comma-separated names")
)

// matchResult counts a match from the candidate's side.
type matchResult struct{ wins, draws, losses, plies int }

func (r matchResult) games() int { return r.wins + r.draws + r.losses }

// elo returns the Elo difference implied by the score and its 95% interval.
func (r matchResult) elo() (diff, lo, hi float64) {
	n := float64(r.games())
	s := (float64(r.wins) + float64(r.draws)/2) / n
	// Per-game variance of the score (1, 1/2, 0).
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

// openings returns n distinct positions a few random plies from the start.
func openings(n int, seed uint64) []*Position {
	rng := rand.New(rand.NewPCG(seed, seed^0x5eed))
	seen := map[uint64]bool{}
	var out []*Position
	for len(out) < n {
		p := NewStart()
		plies := 2 + rng.IntN(3)
		for i := 0; i < plies; i++ {
			moves := p.Moves(nil)
			p.Make(moves[rng.IntN(len(moves))])
		}
		if !seen[p.Hash()] && !p.Status().Over {
			seen[p.Hash()] = true
			q, _ := ParsePosition(p.String())
			out = append(out, q)
		}
	}
	return out
}

// maxGamePlies ends a game that neither rule ended as a draw.
const maxGamePlies = 400

// playGame plays one game; white and black evaluate with their weights. It
// returns 1, 0 or -1 for a white win, a draw or a black win, and the plies.
func playGame(start *Position, white, black EvalWeights, depth int) (result, plies int) {
	ws := [2]EvalWeights{white, black}
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
func match(cand, base EvalWeights, games, depth int) matchResult {
	var r matchResult
	for _, o := range openings(games/2, *tuneSeed) {
		for _, candWhite := range []bool{true, false} {
			var res, plies int
			if candWhite {
				res, plies = playGame(o, cand, base, depth)
			} else {
				res, plies = playGame(o, base, cand, depth)
				res = -res
			}
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
	return r
}

func TestTune(t *testing.T) {
	if !*tuneRun {
		t.Skip("self-play tuning: run with -tune")
	}
	def := DefaultWeights()
	material := EvalWeights{Man: 100, King: 300} // the seed documents' material count
	variant := func(f func(w *EvalWeights)) EvalWeights {
		w := DefaultWeights()
		f(&w)
		return w
	}
	matches := []struct {
		name       string
		cand, base EvalWeights
	}{
		{"default-vs-material", def, material},
		{"king250", variant(func(w *EvalWeights) { w.King = 250 }), def},
		{"king450", variant(func(w *EvalWeights) { w.King = 450 }), def},
		{"no-advance", variant(func(w *EvalWeights) { w.Advance = [8]int{} }), def},
		{"advance-x2", variant(func(w *EvalWeights) {
			for i := range w.Advance {
				w.Advance[i] *= 2
			}
		}), def},
		{"no-mobility", variant(func(w *EvalWeights) { w.Mobility, w.KingMobility = 0, 0 }), def},
		{"mobility-x2", variant(func(w *EvalWeights) { w.Mobility, w.KingMobility = 2*w.Mobility, 2*w.KingMobility }), def},
		{"no-backguard", variant(func(w *EvalWeights) { w.BackGuard = 0 }), def},
		{"no-runaway", variant(func(w *EvalWeights) { w.Runaway = 0 }), def},
		{"runaway-x2", variant(func(w *EvalWeights) { w.Runaway *= 2 }), def},
		{"backguard-x2", variant(func(w *EvalWeights) { w.BackGuard *= 2 }), def},
		{"backguard2-vs-5", variant(func(w *EvalWeights) { w.BackGuard = 2 }), variant(func(w *EvalWeights) { w.BackGuard = 5 })},
		{"backguard0-vs-5", variant(func(w *EvalWeights) { w.BackGuard = 0 }), variant(func(w *EvalWeights) { w.BackGuard = 5 })},
		{"no-tempo", variant(func(w *EvalWeights) { w.Tempo = 0 }), def},
	}
	for _, m := range matches {
		if *tuneOnly != "" && !slices.Contains(strings.Split(*tuneOnly, ","), m.name) {
			continue
		}
		r := match(m.cand, m.base, *tuneGames, *tuneDepth)
		t.Logf("%-20s depth %d: %v", m.name, *tuneDepth, r)
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

// TestSelfPlayGame plays one short self-play game through the engine: it
// must end by the rules or the ply cap and leave the start position alone.
func TestSelfPlayGame(t *testing.T) {
	start := NewStart()
	res, plies := playGame(start, DefaultWeights(), DefaultWeights(), 1)
	if res < -1 || res > 1 || plies < 10 || start.Ply() != 0 || start.String() != StartFEN {
		t.Fatalf("result %d after %d plies, start now %s", res, plies, start)
	}
}
