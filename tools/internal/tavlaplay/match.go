package tavlaplay

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/tavla"
)

// z95 is the normal quantile of a two-sided 95% interval.
const z95 = 1.959964

// Config is a match: A against B over Games games in pairs. Both games of
// pair k are played with the same dice (the k-th chance event of each is
// drawn by the k-th draw of one generator seeded from Seed and k) and A
// plays White in the first, Black in the second: each player gets the
// other's dice in turn. A game longer than MaxTurns turns is scored 0-0.
type Config struct {
	A, B     Spec
	Games    int
	Seed     uint64
	Workers  int
	MaxTurns int
	// Standard plays standard tavla (hitting, tavla.Standard) rather than
	// hapis; Backgammon money games with the cube (tavla.Backgammon: its
	// points are the cube's times the result), for players that take the
	// cube's decisions (the levels).
	Standard, Backgammon bool
	// Start, when not nil, is the position text pair k's games start from
	// (the game's: hapis's, standard tavla's or backgammon's).
	Start func(pair int) string
}

// Game is one game's result, for A.
type Game struct {
	Index   int
	AWhite  bool
	Winner  int // 1: A won, -1: B won, 0: a draw (a deadlock, or too long)
	Points  int // the winner's points (a mars 2)
	Reason  string
	Turns   int
	ATurns  []time.Duration // A's time for each of its turns
	BTurns  []time.Duration
	Elapsed time.Duration
}

// Play plays game i of cfg.
func (cfg Config) Play(i int) Game {
	g := Game{Index: i, AWhite: i%2 == 0}
	start := time.Now()
	dice := rand.New(rand.NewPCG(cfg.Seed, uint64(i/2)))
	seedA := cfg.Seed*0x9e3779b97f4a7c15 + uint64(i)*2 + 1
	a, b := cfg.A.New(seedA), cfg.B.New(seedA+1)
	players := [2]Player{a, b}
	if !g.AWhite {
		players = [2]Player{b, a}
	}
	p := tavla.Game{}.Start().(*tavla.Pos)
	var game games.Game = tavla.Game{}
	switch {
	case cfg.Backgammon:
		game = tavla.Backgammon{}
	case cfg.Standard:
		game = tavla.Standard{}
	}
	p = game.Start().(*tavla.Pos)
	if cfg.Start != nil {
		text := cfg.Start(i / 2)
		q, err := game.ParsePosition(text)
		if err != nil {
			panic(fmt.Sprintf("tavlaplay: game %d: start %q: %v", i, text, err))
		}
		p = q.(*tavla.Pos)
	}
	var outs []ai.ChanceOutcome
	var turnStart time.Time
	var turnTime time.Duration
	mover := ai.NoSide
	endTurn := func() {
		if mover == ai.NoSide {
			return
		}
		isA := (mover == ai.First) == g.AWhite
		if isA {
			g.ATurns = append(g.ATurns, turnTime)
		} else {
			g.BTurns = append(g.BTurns, turnTime)
		}
		mover, turnTime = ai.NoSide, 0
	}
	maxTurns := cfg.MaxTurns
	if maxTurns <= 0 {
		maxTurns = 2000
	}
	for !p.Status().Over && g.Turns < maxTurns {
		t := p.Turn()
		if t == ai.Chance {
			endTurn()
			outs = p.Chances(outs[:0])
			x := dice.Float64()
			m := outs[len(outs)-1].Move
			for _, o := range outs {
				if x -= o.Prob; x < 0 {
					m = o.Move
					break
				}
			}
			p.Make(m)
			g.Turns++
			continue
		}
		if mover != t {
			endTurn()
			mover = t
		}
		turnStart = time.Now()
		m := players[t].Move(p)
		turnTime += time.Since(turnStart)
		if !slices.Contains(p.Moves(nil), m) {
			panic(fmt.Sprintf("tavlaplay: game %d: %v played %v, not legal in %s", i, t, m, p))
		}
		p.Make(m)
	}
	endTurn()
	st := p.Status()
	g.Reason = st.Reason
	if st.Over && st.Winner != ai.NoSide {
		g.Points = st.WinPoints()
		g.Winner = -1
		if (st.Winner == ai.First) == g.AWhite {
			g.Winner = 1
		}
	} else if !st.Over {
		g.Reason = "too-long"
	}
	g.Elapsed = time.Since(start)
	return g
}

// Run plays the match on cfg.Workers goroutines and reports each game (in
// game order) to report. Once ctx is done no game is begun; the games
// begun are finished, and Run returns those reported, whole pairs only
// (a pair's two games share their dice).
func (cfg Config) Run(ctx context.Context, report func(Game)) []Game {
	results := make([]Game, cfg.Games)
	done := make([]bool, cfg.Games)
	next := 0
	var mu sync.Mutex
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range max(1, min(cfg.Workers, cfg.Games)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				g := cfg.Play(i)
				mu.Lock()
				results[i], done[i] = g, true
				for next < len(done) && done[next] {
					if report != nil {
						report(results[next])
					}
					next++
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for i := range cfg.Games {
		if ctx.Err() != nil {
			break
		}
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	return results[:next-next%2]
}

// Summary is a match's score for A.
type Summary struct {
	Games, Wins, Draws, Losses int
	AMars, BMars               int
	APoints, BPoints           int
	// Share is A's share of the points, Lo-Hi its 95% interval: the ratio
	// estimator over the pairs (a pair's two games share their dice, so
	// they are not independent).
	Share, Lo, Hi float64
	// Score is A's share of the games (a draw half), with its interval.
	Score, ScoreLo, ScoreHi float64
}

// Summarize scores games for A.
func Summarize(games []Game) Summary {
	var s Summary
	type pair struct{ a, t, g, n float64 }
	pairs := map[int]*pair{}
	for _, g := range games {
		s.Games++
		pr := pairs[g.Index/2]
		if pr == nil {
			pr = &pair{}
			pairs[g.Index/2] = pr
		}
		switch g.Winner {
		case 1:
			s.Wins++
			s.APoints += g.Points
			pr.a += float64(g.Points)
			pr.g++
			if g.Points > 1 {
				s.AMars++
			}
		case -1:
			s.Losses++
			s.BPoints += g.Points
			if g.Points > 1 {
				s.BMars++
			}
		default:
			s.Draws++
			pr.g += 0.5
		}
		pr.t += float64(g.Points)
		pr.n++
	}
	n := float64(len(pairs))
	ratio := func(num func(*pair) float64, den func(*pair) float64) (r, lo, hi float64) {
		var sn, sd float64
		for _, p := range pairs {
			sn, sd = sn+num(p), sd+den(p)
		}
		if sd == 0 {
			return 0.5, 0, 1
		}
		r = sn / sd
		if n < 2 {
			return r, 0, 1
		}
		var ss float64
		for _, p := range pairs {
			d := num(p) - r*den(p)
			ss += d * d
		}
		half := z95 * math.Sqrt(ss/(n-1)/n) / (sd / n)
		return r, max(r-half, 0), min(r+half, 1)
	}
	s.Share, s.Lo, s.Hi = ratio(func(p *pair) float64 { return p.a }, func(p *pair) float64 { return p.t })
	s.Score, s.ScoreLo, s.ScoreHi = ratio(func(p *pair) float64 { return p.g }, func(p *pair) float64 { return p.n })
	return s
}
