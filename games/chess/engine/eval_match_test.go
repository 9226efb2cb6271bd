package engine

// eval_match_test.go measures one engine technique by a match, run by hand:
//
//	nice -n 10 go test ./games/chess -run TestOptionsMatch -match no-futility -v -timeout 30m
//
// The full engine plays the engine with the named technique switched off,
// at -match-time a move, from random openings played with both colours.

import (
	"context"
	"flag"
	"math/rand/v2"
	"testing"
	"time"

	"oyunbot/ai"
)

var (
	matchOff   = flag.String("match", "", "technique the opponent plays without: no-null, no-lmr, no-checkext, no-see, no-futility")
	matchGames = flag.Int("match-games", 20, "games of the match")
	matchTime  = flag.Duration("match-time", 100*time.Millisecond, "time per move")
)

func TestOptionsMatch(t *testing.T) {
	if *matchOff == "" {
		t.Skip("run with -match TECHNIQUE")
	}
	off := map[string]func(*ai.Options){
		"no-null":     func(o *ai.Options) { o.NullMove = false },
		"no-lmr":      func(o *ai.Options) { o.LMR = false },
		"no-checkext": func(o *ai.Options) { o.CheckExt = false },
		"no-see":      func(o *ai.Options) { o.GameOrder = false },
		"no-futility": func(o *ai.Options) { o.Futility = false },
	}[*matchOff]
	if off == nil {
		t.Fatalf("unknown technique %q", *matchOff)
	}
	ob := ai.DefaultOptions()
	off(&ob)
	ea, eb := ai.NewEngine(ai.DefaultOptions()), ai.NewEngine(ob)
	rng := rand.New(rand.NewPCG(5, 6))
	var opening []ai.Move
	w, d, l := 0, 0, 0
	for g := 0; g < *matchGames; g++ {
		if g%2 == 0 {
			opening = opening[:0]
			p := NewStart()
			for range 4 {
				ms := p.Moves(nil)
				m := ms[rng.IntN(len(ms))]
				opening = append(opening, m)
				p.Make(m)
			}
			ea.NewGame()
			eb.NewGame()
		}
		p := NewStart()
		for _, m := range opening {
			p.Make(m)
		}
		aWhite := g%2 == 0
		for ply := 0; ply < 300 && !p.Status().Over; ply++ {
			e := eb
			if (p.Turn() == ai.First) == aWhite {
				e = ea
			}
			p.Make(e.Search(context.Background(), p, ai.Limits{Time: *matchTime}, nil).Best)
		}
		st := p.Status()
		switch {
		case !st.Over || st.Winner == ai.NoSide:
			d++
		case (st.Winner == ai.First) == aWhite:
			w++
		default:
			l++
		}
		t.Logf("game %d: all %s: +%d =%d -%d", g, map[bool]string{true: "white", false: "black"}[aWhite], w, d, l)
	}
	t.Logf("all vs %s: +%d =%d -%d, score %.3f", *matchOff, w, d, l, (float64(w)+float64(d)/2)/float64(w+d+l))
}
