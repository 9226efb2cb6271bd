package main

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/games/draughts"
	"oyunbot/tools/internal/draughtsio"
)

func TestParseSpec(t *testing.T) {
	e, err := parseSpec("name=x,off=lmr+asp,tune.RFPDepth=3,w.King=190,w.Advance5=7", draughts.Italian)
	if err != nil {
		t.Fatal(err)
	}
	if e.name != "x" || e.opts.LMR || e.opts.Aspiration || !e.opts.PVS {
		t.Errorf("name %q options %+v", e.name, e.opts)
	}
	if e.tuning == nil || e.tuning.RFPDepth != 3 || e.tuning.MoveKeys == 0 {
		t.Errorf("tuning %+v: want the game's with RFPDepth 3", e.tuning)
	}
	if e.weights == nil || e.weights.King != 190 || e.weights.Advance[5] != 7 || e.weights.Man != 100 {
		t.Errorf("weights %+v", e.weights)
	}
	if e.egdb != -1 {
		t.Errorf("egdb %d by default, want -1 (all the table has)", e.egdb)
	}
	if e, err := parseSpec("name=y,egdb=3", draughts.Italian); err != nil || e.egdb != 3 {
		t.Errorf("egdb=3: %d %v", e.egdb, err)
	}
	for _, bad := range []string{"off=nosuch", "tune.Nope=1", "w.King=x", "w.Advance9=1", "colour=red", "name", "egdb=x", "egdb=-2"} {
		if _, err := parseSpec(bad, draughts.Italian); err == nil {
			t.Errorf("parseSpec(%q) accepted", bad)
		}
	}
}

func TestOpeningsAreBalancedAndLegal(t *testing.T) {
	for _, g := range []draughts.Game{draughts.Italian, draughts.Checkers} {
		for file, least := range map[string]int{g.Name() + ".txt": 100, g.Name() + "-4.txt": 600} {
			ops, err := draughtsio.ReadOpenings("testdata/"+file, g)
			if err != nil {
				t.Fatal(err)
			}
			if len(ops) < least {
				t.Errorf("%s: %d openings, want %d at least", file, len(ops), least)
			}
		}
	}
}

// TestGamesCutToTheDistinctOnes: in nodes the games are deterministic, so
// a pair played again from the same opening would count the same games
// twice; the match stops at two games an opening.
func TestGamesCutToTheDistinctOnes(t *testing.T) {
	book := t.TempDir() + "/two.txt"
	ops, err := os.ReadFile("testdata/italian.txt")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(string(ops), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") && len(lines) < 2 {
			lines = append(lines, l)
		}
	}
	if err := os.WriteFile(book, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut strings.Builder
	if code := run([]string{"-game", "italian", "-nodes", "500", "-openings", book, "-games", "10", "-maxplies", "40"}, &out, &errOut); code != 0 {
		t.Fatalf("run = %d, stderr %q", code, errOut.String())
	}
	if !strings.Contains(out.String(), "-games 10 cut to 4") || !strings.Contains(out.String(), "final: games 4 ") {
		t.Errorf("10 games asked from 2 openings in nodes, want 4 played:\n%s", out.String())
	}
}

// TestMatchCreditsTheRightEngine: an engine that wants to lose its
// pieces loses nearly everything against the real one, whichever side of
// the match it is on and whichever colour it plays.
func TestMatchCreditsTheRightEngine(t *testing.T) {
	strong, _ := parseSpec("name=strong", draughts.Checkers)
	weak, _ := parseSpec("name=weak,w.Man=-100,w.King=-100", draughts.Checkers)
	ops, err := draughtsio.ReadOpenings("testdata/checkers.txt", draughts.Checkers)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		engines [2]engineSpec
		high    bool
	}{{[2]engineSpec{strong, weak}, true}, {[2]engineSpec{weak, strong}, false}} {
		cfg := config{game: draughts.Checkers, engines: tc.engines, limits: ai.Limits{Nodes: 3000},
			openings: ops[:4], games: 8, workers: 1, maxPlies: 200}
		tl := match(context.Background(), cfg, io.Discard)
		mean, _, n := tl.MeanVar()
		if n != 4 || (tc.high && mean < 0.75) || (!tc.high && mean > 0.25) {
			t.Errorf("%s vs %s: %d pairs, score %.3f", tc.engines[0].name, tc.engines[1].name, n, mean)
		}
	}
}

func TestRunRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{{"-game", "chess"}, {"-nodes", "0"}, {"-sprt", "5,0"}, {"-a", "off=nosuch"}} {
		var out, errOut strings.Builder
		if code := run(args, &out, &errOut); code != 2 || errOut.Len() == 0 {
			t.Errorf("run(%q) = %d, stderr %q", args, code, errOut.String())
		}
	}
}
