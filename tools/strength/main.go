// Command strength measures the chess engine's strength against Stockfish
// limited by UCI_LimitStrength/UCI_Elo: it plays matches between `bot uci`
// (one process per game, a level set by setoption) and stockfish, both
// over UCI through pipes, keeps the position with games/chess to judge the
// end of each game, and reports each level's score against each Elo step
// and its Elo estimate with a 95% confidence interval (maximum likelihood
// over all its games, the interval from the likelihood's curvature).
//
// Stockfish is a test-time tool here, never a dependency of the bot:
//
//	go build -o /tmp/bot ./cmd/bot
//	nice -n 10 go run ./tools/strength -bot /tmp/bot -levels master -elo 1800 -games 10 -movetime 1s
//
// Openings: each pair of games starts from one of a few balanced opening
// positions with colours swapped; the bot's own book is off.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"oyunbot/ai"
	"oyunbot/games/chess/chessgame"
)

// openings are balanced positions a few moves into well-known openings
// (UCI moves from the start); game pairs cycle through them.
var openings = []string{
	"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
	"d2d4 d7d5 c2c4 e7e6 b1c3 g8f6",
	"e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6",
	"d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6",
	"e2e4 e7e6 d2d4 d7d5 b1c3 g8f6",
	"c2c4 e7e5 b1c3 g8f6 g1f3 b8c6",
	"e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4 c8f5",
	"d2d4 d7d5 c2c4 c7c6 g1f3 g8f6",
}

func main() {
	botPath := flag.String("bot", "/tmp/bot", "the bot binary (go build -o PATH ./cmd/bot)")
	sfPath := flag.String("stockfish", "stockfish", "the Stockfish binary")
	levels := flag.String("levels", "master", "comma-separated levels of the bot")
	elos := flag.String("elo", "1800", "comma-separated UCI_Elo steps of Stockfish")
	games := flag.Int("games", 2, "games per level and Elo step (pairs with colours swapped)")
	moveTime := flag.Duration("movetime", time.Second, "the bot's time per move")
	sfTime := flag.Duration("sftime", 0, "Stockfish's time per move (default: -movetime)")
	maxPlies := flag.Int("maxplies", 240, "a game still running after this many plies is a draw")
	workers := flag.Int("workers", 1, "games played at once")
	offset := flag.Int("offset", 0, "number of the first game (a later run continues with other openings)")
	gen := flag.Int("gen", 0, "instead of matches: Stockfish self-play games whose quiet positions -gen-out gets (see gen.go)")
	genOut := flag.String("gen-out", "positions.txt", "file of -gen's positions")
	genNodes := flag.Int("gen-nodes", 20000, "Stockfish's nodes per move in -gen games")
	flag.Parse()
	if *gen > 0 {
		if err := genPositions(*sfPath, *gen, *genNodes, *genOut, 1); err != nil {
			fmt.Fprintf(os.Stderr, "strength: %v\n", err)
			os.Exit(1)
		}
		return
	}
	if *sfTime == 0 {
		*sfTime = *moveTime
	}
	var jobs []job
	for _, lv := range strings.Split(*levels, ",") {
		for _, es := range strings.Split(*elos, ",") {
			elo, err := strconv.Atoi(strings.TrimSpace(es))
			if err != nil {
				fmt.Fprintf(os.Stderr, "strength: bad Elo %q\n", es)
				os.Exit(2)
			}
			for i := 0; i < *games; i++ {
				jobs = append(jobs, job{level: strings.TrimSpace(lv), elo: elo, index: *offset + i})
			}
		}
	}
	cfg := config{bot: *botPath, sf: *sfPath, moveTime: *moveTime, sfTime: *sfTime, maxPlies: *maxPlies}
	results := make([]result, len(jobs))
	var wg sync.WaitGroup
	next := make(chan int)
	var mu sync.Mutex
	for w := 0; w < max(*workers, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r := cfg.play(jobs[i])
				mu.Lock()
				results[i] = r
				fmt.Printf("%s vs sf%d game %d: bot %s, %s in %d plies (%s)\n", r.level, r.elo, r.index, r.botColour, r.outcome(), r.plies, r.reason)
				mu.Unlock()
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	report(os.Stdout, results)
}

type job struct {
	level string
	elo   int
	index int
}

type config struct {
	bot, sf          string
	moveTime, sfTime time.Duration
	maxPlies         int
}

type result struct {
	job
	botColour string
	score     float64 // the bot's: 1, 0.5, 0; -1 when the game failed
	plies     int
	reason    string
}

func (r result) outcome() string {
	switch r.score {
	case 1:
		return "won"
	case 0.5:
		return "drew"
	case 0:
		return "lost"
	}
	return "failed"
}

// engine is a UCI engine process.
type engine struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startEngine(path string, args ...string) (*engine, error) {
	cmd := exec.Command(path, args...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<20)
	return &engine{cmd: cmd, in: in, out: sc}, nil
}

func (e *engine) send(s string) { fmt.Fprintln(e.in, s) }

// await reads lines until one starts with prefix.
func (e *engine) await(prefix string) (string, error) {
	for e.out.Scan() {
		if l := e.out.Text(); strings.HasPrefix(l, prefix) {
			return l, nil
		}
	}
	return "", fmt.Errorf("engine ended before %q", prefix)
}

func (e *engine) close() {
	e.send("quit")
	e.in.Close()
	done := make(chan struct{})
	go func() { e.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		e.cmd.Process.Kill()
		<-done
	}
}

// play plays one game: the bot has White in even games of a pair.
func (c config) play(j job) result {
	r := result{job: j, score: -1}
	bot, err := startEngine(c.bot, "uci")
	if err != nil {
		r.reason = err.Error()
		return r
	}
	defer bot.close()
	sf, err := startEngine(c.sf)
	if err != nil {
		r.reason = err.Error()
		return r
	}
	defer sf.close()
	for _, e := range []*engine{bot, sf} {
		e.send("uci")
		if _, err := e.await("uciok"); err != nil {
			r.reason = err.Error()
			return r
		}
	}
	bot.send("setoption name Level value " + j.level)
	bot.send("setoption name OwnBook value false")
	sf.send("setoption name UCI_LimitStrength value true")
	sf.send("setoption name UCI_Elo value " + strconv.Itoa(j.elo))
	for _, e := range []*engine{bot, sf} {
		e.send("ucinewgame")
		e.send("isready")
		if _, err := e.await("readyok"); err != nil {
			r.reason = err.Error()
			return r
		}
	}
	botWhite := j.index%2 == 0
	r.botColour = "black"
	if botWhite {
		r.botColour = "white"
	}
	moves := strings.Fields(openings[(j.index/2)%len(openings)])
	p := chessgame.NewStart()
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			r.reason = "bad opening: " + err.Error()
			return r
		}
		p.Make(m)
	}
	for ply := len(moves); ; ply++ {
		if st := p.Status(); st.Over {
			r.plies, r.reason = ply, st.Reason
			switch {
			case st.Winner == ai.NoSide:
				r.score = 0.5
			case (st.Winner == ai.First) == botWhite:
				r.score = 1
			default:
				r.score = 0
			}
			return r
		}
		if ply >= c.maxPlies {
			r.plies, r.reason, r.score = ply, "ply limit", 0.5
			return r
		}
		e, t := sf, c.sfTime
		if (p.Turn() == ai.First) == botWhite {
			e, t = bot, c.moveTime
		}
		e.send("position startpos moves " + strings.Join(moves, " "))
		e.send("go movetime " + strconv.FormatInt(t.Milliseconds(), 10))
		ctx, cancel := context.WithTimeout(context.Background(), t*3+5*time.Second)
		line, err := awaitCtx(ctx, e, "bestmove ")
		cancel()
		if err != nil {
			r.plies, r.reason = ply, err.Error()
			return r
		}
		f := strings.Fields(line)
		m, err := p.ParseMove(f[1])
		if err != nil {
			// An illegal move loses.
			r.plies, r.reason = ply, "illegal move "+f[1]
			r.score = 0
			if e == sf {
				r.score = 1
			}
			return r
		}
		p.Make(m)
		moves = append(moves, f[1])
	}
}

// awaitCtx is await with a deadline: an engine that does not answer
// within it forfeits the game as failed.
func awaitCtx(ctx context.Context, e *engine, prefix string) (string, error) {
	type ans struct {
		line string
		err  error
	}
	ch := make(chan ans, 1)
	go func() { l, err := e.await(prefix); ch <- ans{l, err} }()
	select {
	case a := <-ch:
		return a.line, a.err
	case <-ctx.Done():
		e.cmd.Process.Kill()
		return "", fmt.Errorf("no %q in time", strings.TrimSpace(prefix))
	}
}

// report prints each level's results by Elo step and its Elo estimate.
func report(w io.Writer, rs []result) {
	type key struct {
		level string
		elo   int
	}
	var order []string
	byLevel := map[string][]result{}
	for _, r := range rs {
		if r.score < 0 {
			continue
		}
		if _, ok := byLevel[r.level]; !ok {
			order = append(order, r.level)
		}
		byLevel[r.level] = append(byLevel[r.level], r)
	}
	fmt.Fprintln(w, "| level | Stockfish UCI_Elo | games | W-D-L | score |")
	fmt.Fprintln(w, "| --- | ---: | ---: | --- | ---: |")
	for _, lv := range order {
		steps := map[int][]result{}
		var elos []int
		for _, r := range byLevel[lv] {
			if _, ok := steps[r.elo]; !ok {
				elos = append(elos, r.elo)
			}
			steps[r.elo] = append(steps[r.elo], r)
		}
		for _, e := range elos {
			wdl := [3]int{}
			sum := 0.0
			for _, r := range steps[e] {
				sum += r.score
				wdl[int(2-2*r.score)]++
			}
			fmt.Fprintf(w, "| %s | %d | %d | %d-%d-%d | %.2f |\n", lv, e, len(steps[e]), wdl[0], wdl[1], wdl[2], sum/float64(len(steps[e])))
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| level | games | Elo estimate | 95% interval |")
	fmt.Fprintln(w, "| --- | ---: | ---: | --- |")
	for _, lv := range order {
		est, lo, hi := estimate(byLevel[lv])
		fmt.Fprintf(w, "| %s | %d | %s | %s |\n", lv, len(byLevel[lv]), est, lo+" to "+hi)
	}
}

// estimate is the maximum-likelihood rating R given games against
// opponents of known ratings (a draw counts as half a win and half a
// loss), with a 95% interval of ±1.96/sqrt(information). A score of 0 or
// 1 has no finite estimate: it is reported as a bound.
func estimate(rs []result) (est, lo, hi string) {
	expected := func(r float64, opp int) float64 { return 1 / (1 + math.Pow(10, (float64(opp)-r)/400)) }
	total, sum := 0.0, 0.0
	for _, r := range rs {
		total++
		sum += r.score
	}
	if total == 0 {
		return "-", "-", "-"
	}
	minElo, maxElo := rs[0].elo, rs[0].elo
	for _, r := range rs {
		minElo, maxElo = min(minElo, r.elo), max(maxElo, r.elo)
	}
	if sum == 0 {
		return fmt.Sprintf("< %d", minElo), "-", "-"
	}
	if sum == total {
		return fmt.Sprintf("> %d", maxElo), "-", "-"
	}
	// Solve sum(score - E(R)) = 0 by bisection: it decreases in R.
	a, b := float64(minElo)-1500, float64(maxElo)+1500
	for range 100 {
		m := (a + b) / 2
		g := 0.0
		for _, r := range rs {
			g += r.score - expected(m, r.elo)
		}
		if g > 0 {
			a = m
		} else {
			b = m
		}
	}
	R := (a + b) / 2
	info := 0.0
	k := math.Ln10 / 400
	for _, r := range rs {
		e := expected(R, r.elo)
		info += k * k * e * (1 - e)
	}
	half := 1.96 / math.Sqrt(info)
	return fmt.Sprintf("%.0f", R), fmt.Sprintf("%.0f", R-half), fmt.Sprintf("%.0f", R+half)
}
