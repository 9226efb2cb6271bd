package tavlaplay

import (
	"context"
	"math"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/tavla"
)

// TestPairsShareTheDice: the same player on both sides splits the points
// exactly, since each pair's two games are the same game with the names
// swapped; the games end and every turn is timed.
func TestPairsShareTheDice(t *testing.T) {
	spec, err := ParseSpec("ply1")
	if err != nil {
		t.Fatal(err)
	}
	games := Config{A: spec, B: spec, Games: 6, Seed: 3, Workers: 2}.Run(context.Background(), nil)
	for _, g := range games {
		if g.Reason == "" || g.Reason == "too-long" || len(g.ATurns) == 0 || len(g.BTurns) == 0 {
			t.Fatalf("game %d: %+v", g.Index, g)
		}
	}
	for k := 0; k < len(games); k += 2 {
		a, b := games[k], games[k+1]
		if a.Winner != -b.Winner || a.Points != b.Points || a.Turns != b.Turns {
			t.Fatalf("pair %d: %+v and %+v", k/2, a, b)
		}
	}
	if s := Summarize(games); s.Share != 0.5 || s.APoints != s.BPoints {
		t.Fatalf("%+v", s)
	}
}

// TestSummarize: the points share and its interval by pairs, on results
// made up to be checked by hand.
func TestSummarize(t *testing.T) {
	// Pairs: A takes 3 of 3 points, 1 of 2, 2 of 4 (a mars each way).
	games := []Game{
		{Index: 0, Winner: 1, Points: 2}, {Index: 1, Winner: 1, Points: 1},
		{Index: 2, Winner: 1, Points: 1}, {Index: 3, Winner: -1, Points: 1},
		{Index: 4, Winner: 1, Points: 2}, {Index: 5, Winner: -1, Points: 2},
	}
	s := Summarize(games)
	if s.APoints != 6 || s.BPoints != 3 || s.Wins != 4 || s.Losses != 2 || s.AMars != 2 || s.BMars != 1 {
		t.Fatalf("%+v", s)
	}
	// Share 6/9; residuals a - R t: 3-2, 1-4/3, 2-8/3 = 1, -1/3, -2/3;
	// sum of squares 14/9 over n-1 = 2, over n = 3: 7/27; mean total 3.
	half := 1.959964 * math.Sqrt(7.0/27) / 3
	if math.Abs(s.Share-6.0/9) > 1e-12 || math.Abs(s.Lo-(6.0/9-half)) > 1e-12 || math.Abs(s.Hi-(6.0/9+half)) > 1e-12 {
		t.Fatalf("share %.4f (%.4f-%.4f), want %.4f ± %.4f", s.Share, s.Lo, s.Hi, 6.0/9, half)
	}
}

// TestParseSpec: the specs read, and refusals that say what is wrong.
func TestParseSpec(t *testing.T) {
	for _, s := range []string{"seed", "easy", "hard", "master/300ms", "hard+hand", "hard+classic", "master+3ply", "master+3ply/1s", "mc64", "ply2", "ply1+hand", "ply3,keep=12,deepkeep=3,finalists=3,rollouts=72,horizon=5,rwithin=0.05"} {
		if sp, err := ParseSpec(s); err != nil || sp.Name != s || sp.New == nil {
			t.Errorf("%q: %v", s, err)
		}
	}
	for s, want := range map[string]string{
		"grandmaster": "unknown player", "mc0": "mcN needs N", "ply4": "plyN needs N", "ply1@/nonexistent/x.bin": "no such file",
		"seed+hand": "its own evaluation", "ply2,depth=3": "unknown option", "ply2,keep=-1": "not below 0", "seed+classic": "its own evaluation", "hard/fast": "positive duration",
		"hard+3ply": "master level alone", "master+3ply+hand": "master level alone",
	} {
		if _, err := ParseSpec(s); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", s, err, want)
		}
	}
}

// TestRunStops: once the context is done no game is begun and the games
// returned are whole pairs, in order: cancelled at the first game's
// report, only the games already begun (a few of forty) are finished.
func TestRunStops(t *testing.T) {
	spec, err := ParseSpec("ply1")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const n = 40
	games := Config{A: spec, B: spec, Games: n, Seed: 3, Workers: 2}.Run(ctx, func(Game) { cancel() })
	if len(games)%2 != 0 || len(games) >= n {
		t.Fatalf("got %d games of %d, want a few whole pairs", len(games), n)
	}
	for i, g := range games {
		if g.Index != i || g.Reason == "" {
			t.Fatalf("game %d is game %d (%q)", i, g.Index, g.Reason)
		}
	}
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	if games := (Config{A: spec, B: spec, Games: n, Seed: 3, Workers: 2}).Run(ctx, nil); len(games) != 0 {
		t.Fatalf("a match stopped before it began played %d games", len(games))
	}
}

// TestBearoffStarts: the random bear-offs are positions of standard tavla
// and of backgammon (with the cube's fields) where both sides have every
// checker home, different from pair to pair and the same for a seed.
func TestBearoffStarts(t *testing.T) {
	seen := map[string]bool{}
	for pair := range 50 {
		for _, bg := range []bool{false, true} {
			text := BearoffStart(1, pair, bg)
			if text != BearoffStart(1, pair, bg) {
				t.Fatalf("pair %d: not the same twice", pair)
			}
			var g games.Game = tavla.Standard{}
			if bg {
				g = tavla.Backgammon{}
			}
			p, err := g.ParsePosition(text)
			if err != nil {
				t.Fatalf("%q: %v", text, err)
			}
			pos := p.(*tavla.Pos)
			for i := range 24 {
				side, n, _ := pos.Stack(i)
				if n > 0 && ((side == ai.First && i < 18) || (side == ai.Second && i > 5)) {
					t.Fatalf("%q: a checker of %v outside home at %d", text, side, i)
				}
			}
			seen[strings.Fields(text)[0]] = true
		}
	}
	if len(seen) < 45 {
		t.Errorf("%d different boards in 50 pairs", len(seen))
	}
}
