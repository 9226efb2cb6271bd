// Command tavlamatch plays a tavla match between two players with seeded
// dice and reports A's share of the points (a mars two) with its 95%
// interval, the games won and each player's time per turn:
//
//	nice -n 10 go run ./tools/tavlamatch -a master -b mc64 -games 400
//
// Games come in pairs on the same dice with the players' colours swapped
// (tavlaplay.Config). Players (-a, -b): the bot's levels through the
// common engine, as the bot plays them (seed, easy, medium, hard, master;
// hard+hand: hard's search on the hand-written evaluation; master+3ply:
// master without its rollouts in close calls; master/500ms: another
// budget), the N-ply search on a network file (ply1@net.bin), or
// the flat Monte-Carlo player with N greedy playouts of each legal turn
// (mc64). -standard plays standard tavla (hitting) instead of hapis, with
// the bear-off database ready from the first game (LEVEL+nobearoff: a
// level without it); -backgammon plays backgammon money games with the
// cube between levels (scored as the cube makes them); -bearoffs starts
// each pair from a random pure bear-off instead. -busy N spins N goroutines meanwhile, to measure the time per
// turn beside a busy loop; -for 40m begins no game after 40 minutes, so
// that a match ends in time with fewer games and a wider interval.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"time"

	"oyunbot/games/tavla"
	"oyunbot/tools/internal/tavlaplay"
)

func main() {
	aSpec := flag.String("a", "", "player A ("+tavlaplay.SpecHelp+")")
	bSpec := flag.String("b", "", "player B")
	games := flag.Int("games", 100, "games (in pairs on the same dice)")
	seed := flag.Uint64("seed", 1, "seed of the dice and of the players' own draws")
	workers := flag.Int("workers", 1, "games played at once")
	maxTurns := flag.Int("maxturns", 2000, "a game longer than this many turns is scored 0-0")
	busy := flag.Int("busy", 0, "goroutines spinning meanwhile (a busy loop)")
	quiet := flag.Bool("quiet", false, "print the summary only")
	until := flag.Duration("for", 0, "begin no game after this long (0: no limit); the summary is of the whole pairs played")
	standard := flag.Bool("standard", false, "play standard tavla (hitting) rather than hapis; the bear-off database is loaded (or built) first")
	bearoffs := flag.Bool("bearoffs", false, "start each pair from a random pure bear-off (both sides home, 4 to 15 checkers each, all 15 a time in four), White to roll (-standard or -backgammon)")
	backgammon := flag.Bool("backgammon", false, "play backgammon money games with the cube (levels only: they take the cube's decisions); the bear-off database is loaded first")
	flag.Parse()
	fail := func(format string, a ...any) {
		fmt.Fprintf(os.Stderr, "tavlamatch: "+format+"\n", a...)
		os.Exit(2)
	}
	a, err := tavlaplay.ParseSpec(*aSpec)
	if err != nil {
		fail("-a: %v", err)
	}
	b, err := tavlaplay.ParseSpec(*bSpec)
	if err != nil {
		fail("-b: %v", err)
	}
	if *games < 1 || *workers < 1 || *busy < 0 {
		fail("-games and -workers must be positive, -busy not negative")
	}
	stop := make(chan struct{})
	for range *busy {
		go func() {
			x := 0
			for {
				select {
				case <-stop:
					return
				default:
					for i := range 100000 {
						x += i
					}
				}
			}
		}()
	}
	if *standard || *backgammon {
		db, err := tavla.LoadBearoff()
		if db == nil {
			fail("bear-off database: %v", err)
		}
		fmt.Printf("bear-off database %s (loaded %v, built in %v)\n", db.Path, db.Loaded, db.BuildTook.Round(time.Millisecond))
	}
	var startAt func(int) string
	if *bearoffs {
		if !*standard && !*backgammon {
			fail("-bearoffs needs -standard or -backgammon")
		}
		startAt = func(pair int) string { return tavlaplay.BearoffStart(*seed, pair, *backgammon) }
	}
	cfg := tavlaplay.Config{Start: startAt, A: a, B: b, Games: *games, Seed: *seed, Workers: *workers, MaxTurns: *maxTurns, Standard: *standard, Backgammon: *backgammon}
	start := time.Now()
	var sum tavlaplay.Summary
	var played []tavlaplay.Game
	ctx := context.Background()
	if *until > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *until)
		defer cancel()
	}
	results := cfg.Run(ctx, func(g tavlaplay.Game) {
		played = append(played, g)
		if *quiet {
			return
		}
		who := map[int]string{1: "A", -1: "B", 0: "-"}[g.Winner]
		col := "white"
		if !g.AWhite {
			col = "black"
		}
		sum = tavlaplay.Summarize(played)
		fmt.Printf("game %d A %s winner %s points %d %s turns %d %.1fs | A %.3f (%.3f-%.3f) after %d\n",
			g.Index, col, who, g.Points, g.Reason, g.Turns, g.Elapsed.Seconds(), sum.Share, sum.Lo, sum.Hi, len(played))
	})
	close(stop)
	sum = tavlaplay.Summarize(results)
	fmt.Printf("%s v %s: %d games (seed %d), %.0fs\n", a.Name, b.Name, sum.Games, *seed, time.Since(start).Seconds())
	fmt.Printf("points %d-%d share %.3f ci95 %.3f-%.3f\n", sum.APoints, sum.BPoints, sum.Share, sum.Lo, sum.Hi)
	fmt.Printf("games %d-%d-%d score %.3f ci95 %.3f-%.3f (marses %d-%d)\n", sum.Wins, sum.Draws, sum.Losses, sum.Score, sum.ScoreLo, sum.ScoreHi, sum.AMars, sum.BMars)
	for _, side := range []struct {
		name  string
		turns func(tavlaplay.Game) []time.Duration
	}{{"A " + a.Name, func(g tavlaplay.Game) []time.Duration { return g.ATurns }}, {"B " + b.Name, func(g tavlaplay.Game) []time.Duration { return g.BTurns }}} {
		var ts []time.Duration
		for _, g := range results {
			ts = append(ts, side.turns(g)...)
		}
		if len(ts) == 0 {
			continue
		}
		slices.Sort(ts)
		q := func(x float64) time.Duration { return ts[min(len(ts)-1, int(x*float64(len(ts))))] }
		fmt.Printf("time per turn %s: %d turns, median %v p90 %v p99 %v max %v\n", side.name, len(ts),
			q(0.5).Round(10*time.Microsecond), q(0.9).Round(10*time.Microsecond), q(0.99).Round(10*time.Microsecond), ts[len(ts)-1].Round(10*time.Microsecond))
	}
}
