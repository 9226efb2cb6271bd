package main

// injectors.go finds the blunders to inject, one game at a time, each
// confirmed by an oracle stronger than the analysis it tests.

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/chess/engine"
	"oyunbot/games/dama"
	"oyunbot/games/draughts"
)

// injector finds a blunder for the side to move in p (which it leaves as
// it was): the plies of the turn and the oracle's loss, or nil when it
// finds none.
type injector interface {
	blunder(p games.Position, rng *rand.Rand) (turn []ai.Move, loss float64, err error)
	close()
}

// maxTries bounds the candidates the oracle is asked about per turn.
const maxTries = 8

func newInjector(g games.Game, stockfish string, nodes int) (injector, error) {
	switch g.(type) {
	case chessgame.Game:
		sf, err := startUCI(stockfish)
		if err != nil {
			return nil, fmt.Errorf("%w: chess needs Stockfish (-stockfish): %v", errNoOracle, err)
		}
		return &chessInjector{sf: sf, nodes: nodes}, nil
	case dama.Game:
		return newCaptureInjector(g, ai.Limits{Depth: 12, Nodes: 30_000_000}), nil
	case draughts.Game:
		// Deeper than dama's: the analysis's searches cost a fifth of
		// dama's here, and the oracle must outsee every depth measured.
		return newCaptureInjector(g, ai.Limits{Depth: 16, Nodes: 30_000_000}), nil
	case tavlaGame:
		return newTavlaInjector(g)
	}
	return nil, fmt.Errorf("%w: no blunders known in %s", errNoOracle, g.Name())
}

// chessInjector leaves a piece en prise: after the move the opponent has
// a capture that wins at least a minor piece by static exchange, and
// Stockfish finds the move loses at least 15 points of win chance (a
// blunder as lichess calls it).
type chessInjector struct {
	sf    *uci
	nodes int
}

func (c *chessInjector) blunder(p games.Position, rng *rand.Rand) ([]ai.Move, float64, error) {
	var cands []ai.Move
	for _, m := range p.Moves(nil) {
		q := p.Clone().(*chessgame.Position)
		q.Make(m)
		if q.Status().Over {
			continue
		}
		for _, r := range q.Moves(nil) {
			if q.Noisy(r) && q.SEE(engine.MoveOf(r)) >= 300 {
				cands = append(cands, m)
				break
			}
		}
	}
	rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
	if len(cands) == 0 {
		return nil, 0, nil
	}
	best, err := c.sf.eval(p.String(), c.nodes)
	if err != nil {
		return nil, 0, err
	}
	for _, m := range cands[:min(len(cands), maxTries)] {
		q := p.Clone()
		q.Make(m)
		after, err := c.sf.eval(q.String(), c.nodes)
		if err != nil {
			return nil, 0, err
		}
		if loss := lichessWin(best) - lichessWin(-after); loss >= 15 {
			return []ai.Move{m}, loss, nil
		}
	}
	return nil, 0, nil
}

func (c *chessInjector) close() { c.sf.close() }

// lichessWin is lichess's win percentage of centipawns (ceiled at ±1000).
func lichessWin(cp int) float64 {
	x := float64(min(max(cp, -1000), 1000))
	return 100 / (1 + math.Exp(-0.00368208*x))
}

// captureInjector leaves a man to a compulsory capture (dama, Italian
// draughts, checkers: games whose captures are compulsory and whose
// evaluation counts a man 100): after the move every move of the opponent
// is a capture, and a search deeper than the analysis's (the oracle) finds
// the move loses at least a man against the best, both values clamped to
// the analysis's ceiling (a won game that stays won, by a longer way,
// loses nothing the analysis can see).
type captureInjector struct {
	e       *ai.Engine
	oracle  ai.Limits
	ceiling float64 // men
}

func newCaptureInjector(g games.Game, oracle ai.Limits) *captureInjector {
	return &captureInjector{e: ai.NewEngine(ai.DefaultOptions()), oracle: oracle, ceiling: games.AssessmentOf(g).Ceiling}
}

// men is a score in men, clamped to the ceiling.
func (d *captureInjector) men(score int) float64 {
	return min(max(float64(score)/100, -d.ceiling), d.ceiling)
}

func (d *captureInjector) blunder(p games.Position, rng *rand.Rand) ([]ai.Move, float64, error) {
	var cands []ai.Move
	for _, m := range p.Moves(nil) {
		if p.Noisy(m) {
			return nil, 0, nil // a capture is compulsory here: nothing to leave
		}
		q := p.Clone()
		q.Make(m)
		replies := q.Moves(nil)
		if len(replies) > 0 && q.Noisy(replies[0]) {
			cands = append(cands, m)
		}
	}
	rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
	if len(cands) == 0 {
		return nil, 0, nil
	}
	d.e.Clear()
	best := d.men(d.e.Search(context.Background(), p.Clone(), d.oracle, nil).Score)
	for _, m := range cands[:min(len(cands), maxTries)] {
		q := p.Clone()
		q.Make(m)
		after := d.men(-d.e.Search(context.Background(), q, d.oracle, nil).Score)
		if loss := best - after; loss >= 1 {
			return []ai.Move{m}, loss, nil
		}
	}
	return nil, 0, nil
}

func (d *captureInjector) close() {}

// uci talks to a UCI engine (Stockfish) through pipes.
type uci struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startUCI(path string) (*uci, error) {
	cmd := exec.Command(path)
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
	u := &uci{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	u.send("uci")
	if _, err := u.await("uciok"); err != nil {
		return nil, err
	}
	u.send("setoption name Threads value 1")
	u.send("isready")
	if _, err := u.await("readyok"); err != nil {
		return nil, err
	}
	return u, nil
}

func (u *uci) send(s string) { fmt.Fprintln(u.in, s) }

// await reads lines until one starts with prefix, and returns the lines.
func (u *uci) await(prefix string) ([]string, error) {
	var lines []string
	for u.out.Scan() {
		l := u.out.Text()
		lines = append(lines, l)
		if strings.HasPrefix(l, prefix) {
			return lines, nil
		}
	}
	return nil, fmt.Errorf("the engine ended before %q", prefix)
}

// eval is the position's score for its side to move, in centipawns (a
// mate as ±(100000 - its distance)).
func (u *uci) eval(fen string, nodes int) (int, error) {
	u.send("ucinewgame")
	u.send("position fen " + fen)
	u.send("go nodes " + strconv.Itoa(nodes))
	lines, err := u.await("bestmove")
	if err != nil {
		return 0, err
	}
	score, ok := 0, false
	for _, l := range lines {
		f := strings.Fields(l)
		for i := 0; i+2 < len(f); i++ {
			if f[i] != "score" {
				continue
			}
			v, err := strconv.Atoi(f[i+2])
			if err != nil {
				break
			}
			switch f[i+1] {
			case "cp":
				score, ok = v, true
			case "mate":
				score, ok = int(math.Copysign(float64(100_000-abs(v)), float64(v))), true
			}
		}
	}
	if !ok {
		if strings.Contains(lines[len(lines)-1], "(none)") {
			return 0, nil // no move: the caller never asks at a game's end
		}
		return 0, fmt.Errorf("no score from the engine for %s", fen)
	}
	return score, nil
}

func (u *uci) close() {
	u.send("quit")
	u.in.Close()
	done := make(chan struct{})
	go func() { u.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		u.cmd.Process.Kill()
		<-done
	}
}

func abs(x int) int { return max(x, -x) }
