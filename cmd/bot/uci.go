package main

// uci.go is `bot uci`: the engine speaks the Universal Chess Interface on
// stdin/stdout, so that chess GUIs, match runners and lichess-bot can use
// it. The search runs in its own goroutine while commands keep being read,
// so that stop and isready are answered during a search.

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/internal/registry"
)

// UCI defaults and bounds.
const (
	uciDefaultLevel = "master"
	uciDefaultHash  = 16
	uciMaxHash      = 1024
	uciMaxLine      = 1 << 20 // a long game's position line fits
	// uciOverhead is kept back from every clock budget for the pipe and
	// the GUI.
	uciOverhead = 30 * time.Millisecond
	// uciMovesToGo is how many more moves a clock without movestogo is
	// shared among.
	uciMovesToGo = 30
)

// runUCI is `bot uci [-game chess] [-seed S]`.
func runUCI(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("uci", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gameName := fs.String("game", "chess", "game to play (a chess-like game with FEN positions and UCI moves)")
	seed := fs.Uint64("seed", 0, "seed of the opening book's choices (0: from the clock)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "uci: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	g, err := registry.Lookup(*gameName)
	if err != nil {
		fmt.Fprintf(stderr, "uci: %v\n", err)
		return 2
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	u := newUCISession(g, stdout, *seed)
	if err := u.run(stdin); err != nil {
		fmt.Fprintf(stderr, "uci: %v\n", err)
		return 1
	}
	return 0
}

// uciSession is one engine talking to one GUI.
type uciSession struct {
	game  games.Game
	host  games.Host
	outMu sync.Mutex
	out   *bufio.Writer

	pos     games.Position
	level   ai.Level
	hashMB  int
	ownBook bool
	eng     *ai.Engine
	rng     *rand.Rand

	// The running search, if any: cancel stops it, done is closed once its
	// bestmove is written.
	cancel   context.CancelFunc
	done     chan struct{}
	infinite bool // the running search waits for stop
}

func newUCISession(g games.Game, w io.Writer, seed uint64) *uciSession {
	u := &uciSession{
		game:    g,
		host:    games.HostOf(g),
		out:     bufio.NewWriter(w),
		pos:     g.Start(),
		hashMB:  uciDefaultHash,
		ownBook: true,
		rng:     rand.New(rand.NewPCG(seed, seed^0x5eed)),
	}
	u.level, _ = u.host.Level(uciDefaultLevel)
	u.eng = u.newEngine()
	return u
}

func (u *uciSession) newEngine() *ai.Engine {
	o := ai.DefaultOptions()
	o.TTSizeMB = u.hashMB
	return ai.NewEngine(o)
}

// printf writes one line and flushes it: the GUI waits for it.
func (u *uciSession) printf(format string, a ...any) {
	u.outMu.Lock()
	defer u.outMu.Unlock()
	fmt.Fprintf(u.out, format+"\n", a...)
	u.out.Flush()
}

// run reads commands until quit or the end of the input. At the end of the
// input a search with a limit is let finish (a script that ends with go
// gets its bestmove); an infinite one is stopped.
func (u *uciSession) run(in io.Reader) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 4096), uciMaxLine)
	for sc.Scan() {
		if quit := u.handle(sc.Text()); quit {
			u.stop()
			return nil
		}
	}
	u.wait()
	return sc.Err()
}

// handle runs one line and reports whether it was quit.
func (u *uciSession) handle(line string) (quit bool) {
	c, err := parseUCILine(line)
	if errors.Is(err, errUnknownCommand) {
		if strings.TrimSpace(line) != "" {
			u.printf("info string unknown command: %s", strings.TrimSpace(line))
		}
		return false
	}
	if err != nil {
		u.printf("info string error: %v", err)
		return false
	}
	switch c.name {
	case "quit":
		return true
	case "uci":
		u.identify()
	case "isready":
		u.printf("readyok")
	case "stop", "ponderhit":
		u.stop()
	case "ucinewgame":
		u.stop()
		u.eng.NewGame()
		u.pos = u.game.Start()
	case "position":
		u.stop()
		if err := u.setPosition(c.fen, c.moves); err != nil {
			u.printf("info string error: %v", err)
		}
	case "setoption":
		u.stop()
		u.setOption(c.option, c.value)
	case "go":
		u.stop()
		u.startSearch(c.goArgs)
	}
	return false
}

// identify answers uci: the engine's name and options.
func (u *uciSession) identify() {
	u.printf("id name oyunbot %s", u.game.Name())
	u.printf("id author the oyunbot authors")
	var names []string
	for _, l := range u.host.LevelList() {
		names = append(names, "var "+l.Name)
	}
	u.printf("option name Level type combo default %s %s", u.level.Name, strings.Join(names, " "))
	u.printf("option name Hash type spin default %d min 1 max %d", uciDefaultHash, uciMaxHash)
	u.printf("option name OwnBook type check default true")
	u.printf("uciok")
}

func (u *uciSession) setOption(name, value string) {
	switch strings.ToLower(name) {
	case "level", "uci_level":
		l, ok := u.host.Level(value)
		if !ok {
			u.printf("info string unknown level %q", value)
			return
		}
		u.level = l
	case "hash":
		var mb int
		if _, err := fmt.Sscan(value, &mb); err != nil || mb < 1 || mb > uciMaxHash {
			u.printf("info string Hash must be 1..%d", uciMaxHash)
			return
		}
		if mb != u.hashMB {
			u.hashMB = mb
			u.eng = u.newEngine()
		}
	case "ownbook":
		u.ownBook = strings.EqualFold(value, "true")
	default:
		u.printf("info string unknown option %q", name)
	}
}

// setPosition sets the position from a FEN ("" for the start) and moves in
// UCI notation; on an error the position is left as it was.
func (u *uciSession) setPosition(fen string, moves []string) error {
	p := u.game.Start()
	if fen != "" {
		var err error
		if p, err = u.game.ParsePosition(fen); err != nil {
			return fmt.Errorf("position fen: %w", err)
		}
	}
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			return fmt.Errorf("position: move %q: %w", s, err)
		}
		p.Make(m)
	}
	u.pos = p
	return nil
}

// startSearch runs go in the background; its bestmove ends it.
func (u *uciSession) startSearch(g goParams) {
	p := u.pos.Clone()
	lvl := u.level
	lvl.Limits = moveLimits(g, p.Turn() == ai.First, u.level.Limits)
	var rng *rand.Rand
	if u.ownBook {
		rng = u.rng
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	wait := g.infinite || g.ponder
	u.cancel, u.done, u.infinite = cancel, done, wait
	go func() {
		defer close(done)
		res := u.eng.ChooseWith(ctx, p, lvl, rng, func(in ai.Info) { u.info(p, in) })
		if res.Depth == 0 && !res.Best.IsNone() {
			// A book move, a forced move or a search stopped at once.
			u.info(p, ai.Info{Depth: 1, Score: res.Score, Nodes: res.Nodes, Elapsed: res.Elapsed, PV: []ai.Move{res.Best}})
		}
		if wait {
			<-ctx.Done() // infinite: bestmove only after stop
		}
		cancel()
		u.printf("bestmove %s", uciMoveText(p, res.Best))
	}()
}

// stop ends the running search, if any, once its bestmove is written.
func (u *uciSession) stop() {
	if u.cancel != nil {
		u.cancel()
	}
	u.wait()
}

// wait waits for the running search's bestmove. A search with a limit is
// let finish; an infinite one, which only stop ends, is stopped.
func (u *uciSession) wait() {
	if u.done == nil {
		return
	}
	if u.infinite {
		u.cancel()
	}
	<-u.done
	u.cancel, u.done = nil, nil
}

// info writes an iteration's report.
func (u *uciSession) info(p games.Position, in ai.Info) {
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d score %s nodes %d", in.Depth, uciScore(in.Score), in.Nodes)
	ms := in.Elapsed.Milliseconds()
	if ms > 0 {
		fmt.Fprintf(&b, " nps %d", in.Nodes*1000/ms)
	}
	fmt.Fprintf(&b, " time %d", ms)
	if len(in.PV) > 0 {
		b.WriteString(" pv")
		for _, m := range in.PV {
			b.WriteString(" " + uciMoveText(p, m))
		}
	}
	u.printf("%s", b.String())
}

// uciScore writes a score as UCI does: centipawns, or mate in moves
// (negative when the engine is mated).
func uciScore(s int) string {
	const mateBound = ai.Win - 1000
	switch {
	case s > mateBound:
		return fmt.Sprintf("mate %d", (ai.Win-s+1)/2)
	case s < -mateBound:
		return fmt.Sprintf("mate %d", -(ai.Win+s)/2)
	}
	return fmt.Sprintf("cp %d", s)
}

// uciMover is implemented by positions that write moves in UCI notation
// (chess: e2e4, e7e8q).
type uciMover interface {
	UCI(m ai.Move) string
}

func uciMoveText(p games.Position, m ai.Move) string {
	if m.IsNone() {
		return "0000"
	}
	if u, ok := p.(uciMover); ok {
		return u.UCI(m)
	}
	return p.FormatMove(m)
}

// moveLimits turns go's arguments into the search's limits for the side to
// move. An explicit depth, node count or movetime is obeyed; a clock is
// shared among the moves to go (uciMovesToGo when not given) plus most of
// the increment, never more than half the time left; with none of these
// the level's own limits apply. The level's depth bound (its strength at
// the easy end) is kept in every case.
func moveLimits(g goParams, white bool, level ai.Limits) ai.Limits {
	lim := ai.Limits{Depth: level.Depth, Turns: level.Turns}
	if g.depth > 0 && (lim.Depth == 0 || g.depth < lim.Depth) {
		lim.Depth = g.depth
	}
	if g.nodes > 0 {
		lim.Nodes = g.nodes
	}
	left, inc := g.wtime, g.winc
	if !white {
		left, inc = g.btime, g.binc
	}
	switch {
	case g.infinite || g.ponder:
	case g.movetime > 0:
		lim.Time = max(g.movetime-uciOverhead/3, time.Millisecond)
	case left > 0:
		mtg := uciMovesToGo
		if g.movestogo > 0 {
			mtg = min(g.movestogo, uciMovesToGo)
		}
		budget := left/time.Duration(mtg) + inc*3/4
		budget = min(budget, left/2)
		lim.Time = max(budget-uciOverhead, time.Millisecond)
	case g.depth == 0 && g.nodes == 0 && g.mate == 0:
		lim = level
	}
	return lim
}
