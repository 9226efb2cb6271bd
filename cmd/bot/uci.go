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
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
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
	// the GUI, by default (option Move Overhead).
	uciOverhead    = 30 * time.Millisecond
	uciMaxOverhead = 5 * time.Second
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

	pos      games.Position
	level    ai.Level
	hashMB   int
	ownBook  bool
	overhead time.Duration // kept back from every budget (Move Overhead)
	switches []string      // engine techniques switched off (option Switches, selfplay's names)
	tuning   *ai.Tuning    // the modern search's parameters when changed (option Tune), else nil
	eng      *ai.Engine
	rng      *rand.Rand

	search *uciSearch // the running search, if any
}

func newUCISession(g games.Game, w io.Writer, seed uint64) *uciSession {
	u := &uciSession{
		game:     g,
		host:     games.HostOf(g),
		out:      bufio.NewWriter(w),
		pos:      g.Start(),
		hashMB:   uciDefaultHash,
		overhead: uciOverhead,
		ownBook:  true,
		rng:      rand.New(rand.NewPCG(seed, seed^0x5eed)),
	}
	u.level, _ = u.host.Level(uciDefaultLevel)
	u.eng = u.newEngine()
	return u
}

func (u *uciSession) newEngine() *ai.Engine {
	o := ai.DefaultOptions()
	o.TTSizeMB = u.hashMB
	for _, f := range u.switches {
		ai.Switches()[f](&o)
	}
	e := ai.NewEngine(o)
	e.SetTuning(u.tuning)
	return e
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
	case "stop":
		u.stop()
	case "ponderhit":
		if u.search != nil {
			u.search.ponderHit()
		}
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
	// The engine searches on one thread: Threads is there for the GUIs
	// that set it, and takes 1 only.
	u.printf("option name Threads type spin default 1 min 1 max 1")
	u.printf("option name Ponder type check default false")
	u.printf("option name Move Overhead type spin default %d min 0 max %d", uciOverhead.Milliseconds(), uciMaxOverhead.Milliseconds())
	u.printf("option name OwnBook type check default true")
	// Switches names techniques to switch off, as selfplay's SPEC does
	// ("lmp,singular"): one binary can then be tested against itself.
	u.printf("option name Switches type string default <empty>")
	// Tune sets parameters of the modern search by name
	// ("LMRDivisor=200,RFPMargin=90", or with semicolons), for tests of a value.
	if _, ok := u.pos.(ai.Tuner); ok {
		u.printf("option name Tune type string default <empty>")
	}
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
	case "threads":
		if strings.TrimSpace(value) != "1" {
			u.printf("info string Threads must be 1: the engine searches on one thread")
		}
	case "move overhead":
		var ms int64
		if _, err := fmt.Sscan(value, &ms); err != nil || ms < 0 || ms > uciMaxOverhead.Milliseconds() {
			u.printf("info string Move Overhead must be 0..%d (milliseconds)", uciMaxOverhead.Milliseconds())
			return
		}
		u.overhead = time.Duration(ms) * time.Millisecond
	case "switches":
		var off []string
		for _, f := range strings.FieldsFunc(strings.ToLower(value), func(r rune) bool { return r == ',' || r == ' ' || r == '-' }) {
			if f == "<empty>" {
				continue
			}
			if _, ok := ai.Switches()[f]; !ok {
				u.printf("info string unknown switch %q (%s)", f, ai.SwitchNames())
				return
			}
			off = append(off, f)
		}
		u.switches = off
		u.eng = u.newEngine()
	case "tune":
		t, err := parseTuning(u.pos, value)
		if err != nil {
			u.printf("info string Tune: %v", err)
			return
		}
		u.tuning = t
		u.eng = u.newEngine()
	case "ponder":
		// The GUI tells whether it will send go ponder; nothing to set.
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

// startSearch runs go in the background; its bestmove ends it. A ponder
// search runs without a limit until ponderhit, which starts the clock
// limits go gave (measured from the ponderhit), or stop.
func (u *uciSession) startSearch(g goParams) {
	p := u.pos.Clone()
	white := p.Turn() == ai.First
	lvl := u.level
	lvl.Limits = moveLimits(g, white, u.level.Limits, u.overhead)
	// The level plays as in chat, its deliberate mistakes included;
	// OwnBook opens the book (never while pondering).
	rng := u.rng
	lvl.NoBook = !u.ownBook || g.ponder
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	run := &uciSearch{cancel: cancel, done: done, infinite: g.infinite, hit: make(chan struct{})}
	if g.ponder {
		run.ponder = true
		after := g
		after.ponder = false
		run.soft, run.hard = clockLimits(after, white, u.overhead)
	}
	u.search = run
	go func() {
		defer close(done)
		res := u.eng.ChooseWith(ctx, p, lvl, rng, func(in ai.Info) {
			u.info(p, in)
			if run.pastSoft() {
				cancel() // a pondered search past its soft limit after ponderhit
			}
		})
		if res.Depth == 0 && !res.Best.IsNone() {
			// A book move, a forced move or a search stopped at once.
			u.info(p, ai.Info{Depth: 1, Score: res.Score, Nodes: res.Nodes, Elapsed: res.Elapsed, PV: []ai.Move{res.Best}})
		} else if res.Nodes > 0 {
			// The whole search's count, the last iteration's unfinished part included.
			ms := res.Elapsed.Milliseconds()
			u.printf("info nodes %d time %d nps %d", res.Nodes, ms, res.Nodes*1000/max(ms, 1))
		}
		switch {
		case run.infinite:
			<-ctx.Done() // bestmove only after stop
		case run.ponder:
			select { // nor while pondering
			case <-run.hit:
			case <-ctx.Done():
			}
		}
		cancel()
		line := "bestmove " + uciMoveText(p, res.Best)
		if len(res.PV) > 1 && res.PV[0] == res.Best {
			p.Make(res.Best)
			line += " ponder " + uciMoveText(p, res.PV[1])
			p.Unmake()
		}
		u.printf("%s", line)
	}()
}

// uciSearch is the running search.
type uciSearch struct {
	cancel   context.CancelFunc
	done     chan struct{} // closed once the bestmove is written
	infinite bool          // only stop ends it
	ponder   bool          // searching on the opponent's time until ponderhit
	soft     time.Duration // after ponderhit: the clock's limits
	hard     time.Duration
	hit      chan struct{} // closed at ponderhit
	hitAt    atomic.Int64  // when, in Unix nanoseconds (0: not yet)
}

// ponderHit turns a ponder search into a normal one: its soft and hard
// limits count from now.
func (s *uciSearch) ponderHit() {
	if !s.ponder || s.hitAt.Load() != 0 {
		return
	}
	s.hitAt.Store(time.Now().UnixNano())
	close(s.hit)
	if s.hard > 0 {
		time.AfterFunc(s.hard, s.cancel)
	}
}

// pastSoft reports whether a pondered search is past its soft limit since
// the ponderhit.
func (s *uciSearch) pastSoft() bool {
	at := s.hitAt.Load()
	return at != 0 && s.soft > 0 && time.Since(time.Unix(0, at)) >= s.soft
}

// stop ends the running search, if any, once its bestmove is written.
func (u *uciSession) stop() {
	if u.search != nil {
		u.search.cancel()
	}
	u.wait()
}

// wait waits for the running search's bestmove. A search with a limit is
// let finish; an infinite or pondering one, which only stop (or ponderhit)
// ends, is stopped.
func (u *uciSession) wait() {
	if u.search == nil {
		return
	}
	if u.search.infinite || (u.search.ponder && u.search.hitAt.Load() == 0) {
		u.search.cancel()
	}
	<-u.search.done
	u.search = nil
}

// info writes an iteration's report.
func (u *uciSession) info(p games.Position, in ai.Info) {
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d", in.Depth)
	if in.SelDepth > 0 {
		fmt.Fprintf(&b, " seldepth %d", in.SelDepth)
	}
	fmt.Fprintf(&b, " score %s nodes %d", uciScore(in.Score), in.Nodes)
	ms := in.Elapsed.Milliseconds()
	if ms > 0 {
		fmt.Fprintf(&b, " nps %d", in.Nodes*1000/ms)
	}
	fmt.Fprintf(&b, " time %d hashfull %d", ms, u.eng.HashFull())
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
// move. An explicit depth, node count or movetime is obeyed (a movetime is
// used whole: an interrupted iteration still improves the move); a clock
// gives soft and hard limits (clockLimits); with none of these the level's
// own limits apply. The level's depth bound (its strength at the easy end)
// is kept in every case.
func moveLimits(g goParams, white bool, level ai.Limits, overhead time.Duration) ai.Limits {
	lim := ai.Limits{Depth: level.Depth, Turns: level.Turns}
	if g.depth > 0 && (lim.Depth == 0 || g.depth < lim.Depth) {
		lim.Depth = g.depth
	}
	if g.nodes > 0 {
		lim.Nodes = g.nodes
	}
	left := g.wtime
	if !white {
		left = g.btime
	}
	switch {
	case g.infinite || g.ponder:
	case g.movetime > 0:
		lim.Time = max(g.movetime-overhead/3, time.Millisecond)
		lim.SoftTime = lim.Time
	case left > 0:
		lim.SoftTime, lim.Time = clockLimits(g, white, overhead)
	case g.depth == 0 && g.nodes == 0 && g.mate == 0:
		lim = level
	}
	return lim
}

// clockLimits are the soft and hard time limits of a move on the clock:
// the time left (less the overhead) shared among the moves to go
// (uciMovesToGo when not given) plus most of the increment, at most half
// the time left, is the soft limit, after which no iteration starts; the
// hard limit, where the search stops, is four times that, again at most
// half the time left. Zero without a clock.
func clockLimits(g goParams, white bool, overhead time.Duration) (soft, hard time.Duration) {
	left, inc := g.wtime, g.winc
	if !white {
		left, inc = g.btime, g.binc
	}
	if left <= 0 {
		return 0, 0
	}
	avail := max(left-overhead, time.Millisecond)
	mtg := uciMovesToGo
	if g.movestogo > 0 {
		mtg = min(g.movestogo, uciMovesToGo)
	}
	soft = min(avail/time.Duration(mtg)+inc*3/4, avail/2)
	hard = min(4*soft, avail/2)
	return max(soft, time.Millisecond), max(hard, time.Millisecond)
}

// parseTuning reads "Name=value,..." (or with semicolons) over the game's own Tuning (fields of
// ai.Tuning, integers); "" or <empty> is the game's own (nil).
func parseTuning(p games.Position, value string) (*ai.Tuning, error) {
	tn, ok := p.(ai.Tuner)
	if !ok {
		return nil, errors.New("this game has no tuning")
	}
	value = strings.TrimSpace(value)
	if value == "" || value == "<empty>" {
		return nil, nil
	}
	t := *tn.Tuning()
	v := reflect.ValueOf(&t).Elem()
	// Commas or semicolons part the settings: a match harness whose
	// engine specs are comma-separated passes several with semicolons.
	for _, kv := range strings.FieldsFunc(value, func(r rune) bool { return r == ',' || r == ';' }) {
		name, num, ok := strings.Cut(strings.TrimSpace(kv), "=")
		f := v.FieldByName(strings.TrimSpace(name))
		if !ok || !f.IsValid() || f.Kind() != reflect.Int {
			return nil, fmt.Errorf("%q: want Name=integer, Name a field of the tuning (such as LMRDivisor)", kv)
		}
		n, err := strconv.Atoi(strings.TrimSpace(num))
		if err != nil {
			return nil, fmt.Errorf("%q: %q is not an integer", kv, num)
		}
		f.SetInt(int64(n))
	}
	if err := t.Check(); err != nil {
		return nil, err
	}
	if c, ok := p.(ai.TuningChecker); ok {
		if err := c.CheckTuning(&t); err != nil {
			return nil, err
		}
	}
	return &t, nil
}
