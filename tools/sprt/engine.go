package main

// engine.go runs a UCI engine as a child process and talks to it through
// pipes: one reader goroutine turns its output into lines on a channel, so
// that every wait can have a deadline and a hung engine is killed rather
// than hanging the match.

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"time"
)

// engineSpec is how to start and set up one engine and how long it thinks.
type engineSpec struct {
	name    string
	cmd     string
	args    []string
	options map[string]string // sent as setoption after uciok, in name order
	tc      timeControl
	nice    int // > 0: the engine runs under nice -n
}

// timeControl is one of: a node count, a depth, a fixed time a move, or a
// clock (base time plus increment, optionally moves to go per period).
type timeControl struct {
	nodes     int64
	depth     int
	movetime  time.Duration
	base, inc time.Duration
	movesToGo int // 0: the whole game on the clock
}

func (tc timeControl) String() string {
	switch {
	case tc.nodes > 0:
		return fmt.Sprintf("nodes=%d", tc.nodes)
	case tc.depth > 0:
		return fmt.Sprintf("depth=%d", tc.depth)
	case tc.movetime > 0:
		return "movetime=" + tc.movetime.String()
	case tc.base > 0:
		s := fmt.Sprintf("tc=%s+%s", tc.base, tc.inc)
		if tc.movesToGo > 0 {
			s = fmt.Sprintf("tc=%d/%s+%s", tc.movesToGo, tc.base, tc.inc)
		}
		return s
	}
	return "none"
}

// parseTC reads "nodes=N", "depth=N", "movetime=DUR" or "tc=[M/]BASE+INC"
// (BASE and INC as Go durations or plain seconds: "10+0.1", "1m+1s").
func parseTC(key, val string) (timeControl, error) {
	var tc timeControl
	switch key {
	case "nodes":
		n, err := strconv.ParseInt(val, 10, 64)
		if err != nil || n < 1 {
			return tc, fmt.Errorf("nodes=%q: want a positive number", val)
		}
		tc.nodes = n
	case "depth":
		n, err := strconv.Atoi(val)
		if err != nil || n < 1 || n > 100 {
			return tc, fmt.Errorf("depth=%q: want 1..100", val)
		}
		tc.depth = n
	case "movetime":
		d, err := parseSeconds(val)
		if err != nil || d <= 0 {
			return tc, fmt.Errorf("movetime=%q: want a duration such as 1s or 250ms", val)
		}
		tc.movetime = d
	case "tc":
		rest := val
		if m, r, ok := strings.Cut(val, "/"); ok {
			n, err := strconv.Atoi(m)
			if err != nil || n < 1 {
				return tc, fmt.Errorf("tc=%q: moves per period %q is not a positive number", val, m)
			}
			tc.movesToGo, rest = n, r
		}
		b, i, _ := strings.Cut(rest, "+")
		base, err := parseSeconds(b)
		if err != nil || base <= 0 {
			return tc, fmt.Errorf("tc=%q: want [MOVES/]BASE+INC, such as 10+0.1 or 1m+1s", val)
		}
		tc.base = base
		if i != "" {
			if tc.inc, err = parseSeconds(i); err != nil || tc.inc < 0 {
				return tc, fmt.Errorf("tc=%q: increment %q is not a duration", val, i)
			}
		}
	default:
		return tc, fmt.Errorf("unknown time control %q", key)
	}
	return tc, nil
}

// parseSeconds reads a Go duration or a plain number of seconds.
func parseSeconds(s string) (time.Duration, error) {
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return time.Duration(f * float64(time.Second)), nil
	}
	return time.ParseDuration(s)
}

// parseEngineSpec reads "name=N,cmd=PATH,arg=A,option.Hash=16,nodes=20000,nice=10"
// on top of the defaults in base (the -each flag's settings).
func parseEngineSpec(s string, base engineSpec) (engineSpec, error) {
	e := base
	e.options = map[string]string{}
	for k, v := range base.options {
		e.options[k] = v
	}
	e.args = append([]string(nil), base.args...)
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			return e, fmt.Errorf("%q: want key=value", part)
		}
		switch {
		case k == "name":
			e.name = v
		case k == "cmd":
			e.cmd = v
		case k == "arg":
			e.args = append(e.args, v)
		case k == "nice":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 19 {
				return e, fmt.Errorf("nice=%q: want 0..19", v)
			}
			e.nice = n
		case strings.HasPrefix(k, "option."):
			e.options[strings.TrimPrefix(k, "option.")] = v
		case k == "nodes" || k == "depth" || k == "movetime" || k == "tc":
			tc, err := parseTC(k, v)
			if err != nil {
				return e, err
			}
			e.tc = tc
		default:
			return e, fmt.Errorf("unknown key %q (name, cmd, arg, option.NAME, nodes, depth, movetime, tc, nice)", k)
		}
	}
	return e, nil
}

// engine is a running UCI engine.
type engine struct {
	spec  engineSpec
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string // closed when the engine's output ends
	id    string      // the engine's "id name"
}

// errEngineDied is returned when the engine's output ended.
var errEngineDied = errors.New("the engine's output ended (crashed or quit)")

// startEngine starts spec's engine, runs the uci handshake, sets its
// options and waits until it is ready.
func startEngine(spec engineSpec) (*engine, error) {
	path, args := spec.cmd, spec.args
	if spec.nice > 0 {
		path, args = "nice", append([]string{"-n", strconv.Itoa(spec.nice), spec.cmd}, args...)
	}
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
		return nil, fmt.Errorf("%s: %w", spec.name, err)
	}
	e := &engine{spec: spec, cmd: cmd, in: in, lines: make(chan string, 256)}
	go func() {
		defer close(e.lines)
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 0, 1<<16), 1<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
	}()
	e.send("uci")
	err = e.until(30*time.Second, func(l string) bool {
		if n, ok := strings.CutPrefix(l, "id name "); ok {
			e.id = n
		}
		return l == "uciok"
	})
	if err != nil {
		e.close()
		return nil, fmt.Errorf("%s: uci: %w", spec.name, err)
	}
	names := make([]string, 0, len(spec.options))
	for k := range spec.options {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		e.send("setoption name " + k + " value " + spec.options[k])
	}
	if err := e.ready(); err != nil {
		e.close()
		return nil, fmt.Errorf("%s: %w", spec.name, err)
	}
	return e, nil
}

func (e *engine) send(s string) { fmt.Fprintln(e.in, s) }

// ready sends isready and waits for readyok.
func (e *engine) ready() error {
	e.send("isready")
	return e.until(60*time.Second, func(l string) bool { return l == "readyok" })
}

// until reads lines until done accepts one, the engine dies or the wait
// passes timeout.
func (e *engine) until(timeout time.Duration, done func(string) bool) error {
	t := time.NewTimer(timeout)
	defer t.Stop()
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return errEngineDied
			}
			if done(l) {
				return nil
			}
		case <-t.C:
			return fmt.Errorf("no answer within %s", timeout)
		}
	}
}

// searchResult is what an engine answered to go.
type searchResult struct {
	move    string
	score   int  // centipawns from the engine's side, the last info line's
	mate    int  // moves to mate (negative: being mated), when scored so
	scored  bool // an info line carried a score
	depth   int
	nodes   int64
	elapsed time.Duration // from go to bestmove, on the harness's clock
}

// think sends the position and go, and waits for bestmove at most limit.
func (e *engine) think(ctx context.Context, position, goCmd string, limit time.Duration) (searchResult, error) {
	var r searchResult
	e.send(position)
	start := time.Now()
	e.send(goCmd)
	t := time.NewTimer(limit)
	defer t.Stop()
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return r, errEngineDied
			}
			if rest, ok := strings.CutPrefix(l, "bestmove "); ok {
				r.elapsed = time.Since(start)
				f := strings.Fields(rest)
				if len(f) == 0 {
					return r, errors.New("bestmove without a move")
				}
				r.move = f[0]
				return r, nil
			}
			if strings.HasPrefix(l, "info ") {
				r.readInfo(l)
			}
		case <-t.C:
			return r, fmt.Errorf("no bestmove within %s", limit)
		case <-ctx.Done():
			return r, ctx.Err()
		}
	}
}

// readInfo keeps the score, depth and nodes of an info line.
func (r *searchResult) readInfo(l string) {
	f := strings.Fields(l)
	for i := 1; i+1 < len(f); i++ {
		switch f[i] {
		case "depth":
			if n, err := strconv.Atoi(f[i+1]); err == nil {
				r.depth = n
			}
		case "nodes":
			if n, err := strconv.ParseInt(f[i+1], 10, 64); err == nil {
				r.nodes = n
			}
		case "score":
			if i+2 < len(f) {
				n, err := strconv.Atoi(f[i+2])
				if err != nil {
					continue
				}
				switch f[i+1] {
				case "cp":
					r.score, r.mate, r.scored = n, 0, true
				case "mate":
					r.mate, r.scored = n, true
					r.score = 100000
					if n <= 0 {
						r.score = -100000
					}
				}
			}
		case "string", "pv":
			return // the rest of the line is free text or moves
		}
	}
}

// close asks the engine to quit and kills it if it does not.
func (e *engine) close() {
	e.send("quit")
	e.in.Close()
	done := make(chan struct{})
	go func() { e.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(3 * time.Second):
		e.cmd.Process.Kill()
		<-done
	}
}
