package main

// match.go plays one game between two running engines from an opening
// position, judging its end by the rules of games/chess (mate, stalemate,
// repetition, the fifty-move rule, insufficient material), by the clock,
// and optionally by adjudication on the engines' own scores.

import (
	"context"
	"fmt"
	"strings"
	"time"

	"oyunbot/ai"
	"oyunbot/games/chess"
	"oyunbot/games/chess/chessgame"
)

// adjudication ends hopeless or dead games early on the engines' scores.
// Zero fields switch a rule off.
type adjudication struct {
	maxPlies int // a game this long is a draw
	// Resign: both engines score the game at least resignScore centipawns
	// for the same side for resignMoves moves each.
	resignScore, resignMoves int
	// Draw: from move drawFrom on, both engines score within drawScore
	// centipawns of equal for drawMoves moves each.
	drawFrom, drawScore, drawMoves int
}

// gameRecord is a played game.
type gameRecord struct {
	fen         string
	white       string // engine names
	black       string
	whiteScore  float64 // 1, 0.5, 0
	reason      string
	moves       []string // UCI
	san         []string
	failed      string // an engine failed (crash, hang, illegal move): its name
	thinkTimes  [2][]moveTime
	start, done time.Time
}

// moveTime is an engine's think time for one move and the time it was
// given (0 when the engine chose its own, on a clock).
type moveTime struct {
	elapsed, budget time.Duration
	nodes           int64 // the search's last reported nodes and depth
	depth           int
}

// goCommand is the go line for the side to move and the longest the
// harness waits for its answer.
func goCommand(tc timeControl, clock [2]time.Duration, side int) (string, time.Duration) {
	switch {
	case tc.nodes > 0:
		return fmt.Sprintf("go nodes %d", tc.nodes), 120 * time.Second
	case tc.depth > 0:
		return fmt.Sprintf("go depth %d", tc.depth), 600 * time.Second
	case tc.movetime > 0:
		return fmt.Sprintf("go movetime %d", tc.movetime.Milliseconds()), 2*tc.movetime + 5*time.Second
	}
	s := fmt.Sprintf("go wtime %d btime %d winc %d binc %d",
		clock[0].Milliseconds(), clock[1].Milliseconds(), tc.inc.Milliseconds(), tc.inc.Milliseconds())
	return s, clock[side] + 5*time.Second
}

// playGame plays one game from fen with white and black; timeMargin is
// how far past its clock an engine may answer before it loses on time.
func playGame(ctx context.Context, fen string, white, black *engine, adj adjudication, timeMargin time.Duration) (g gameRecord) {
	g = gameRecord{fen: fen, white: white.spec.name, black: black.spec.name, whiteScore: -1, start: time.Now()}
	defer func() { g.done = time.Now() }()
	p, err := chessgame.ParseFEN(fen)
	if err != nil {
		g.reason = "bad opening: " + err.Error()
		g.failed = "opening"
		return g
	}
	engines := [2]*engine{white, black}
	for _, e := range engines {
		e.send("ucinewgame")
		if err := e.ready(); err != nil {
			g.failed, g.reason = e.spec.name, "not ready: "+err.Error()
			return g
		}
	}
	var clock [2]time.Duration
	for i, e := range engines {
		clock[i] = e.spec.tc.base
	}
	var resignRun, drawRun [2]int
	var resignSide [2]int // +1 white ahead, -1 black ahead
	for ply := 0; ; ply++ {
		if st := p.Status(); st.Over {
			g.reason = st.Reason
			switch st.Winner {
			case ai.First:
				g.whiteScore = 1
			case ai.Second:
				g.whiteScore = 0
			default:
				g.whiteScore = 0.5
			}
			return g
		}
		if adj.maxPlies > 0 && ply >= adj.maxPlies {
			g.whiteScore, g.reason = 0.5, "ply limit"
			return g
		}
		side := int(p.SideToMove())
		e := engines[side]
		tc := e.spec.tc
		position := "position fen " + fen
		if len(g.moves) > 0 {
			position += " moves " + strings.Join(g.moves, " ")
		}
		goCmd, limit := goCommand(tc, clock, side)
		if tc.movesToGo > 0 && tc.base > 0 {
			goCmd += fmt.Sprintf(" movestogo %d", tc.movesToGo-(ply/2)%tc.movesToGo)
		}
		r, err := e.think(ctx, position, goCmd, limit)
		if err != nil {
			if ctx.Err() != nil {
				g.reason = "interrupted"
				g.failed = "interrupted"
				return g
			}
			g.failed, g.reason = e.spec.name, err.Error()
			g.whiteScore = float64(side) // the failing side loses
			return g
		}
		budget := tc.movetime
		g.thinkTimes[side] = append(g.thinkTimes[side], moveTime{r.elapsed, budget, r.nodes, r.depth})
		if tc.base > 0 {
			clock[side] -= r.elapsed
			if clock[side] < -timeMargin {
				g.whiteScore, g.reason = float64(side), "time forfeit"
				return g
			}
			clock[side] += tc.inc
			if tc.movesToGo > 0 && (ply/2+1)%tc.movesToGo == 0 {
				clock[side] += tc.base
			}
		}
		am, err := p.ParseMove(r.move)
		if err != nil || p.UCI(am) != r.move {
			g.failed, g.reason = e.spec.name, "illegal move "+r.move
			g.whiteScore = float64(side)
			return g
		}
		g.san = append(g.san, p.FormatMove(am))
		p.Make(am)
		g.moves = append(g.moves, r.move)
		if !r.scored {
			resignRun[side], drawRun[side] = 0, 0
			continue
		}
		// The score from White's point of view.
		white := r.score
		if side == 1 {
			white = -white
		}
		if adj.resignScore > 0 {
			switch {
			case white >= adj.resignScore:
				resignSide[side], resignRun[side] = 1, resignRun[side]+1
			case white <= -adj.resignScore:
				resignSide[side], resignRun[side] = -1, resignRun[side]+1
			default:
				resignRun[side] = 0
			}
			if resignRun[0] >= adj.resignMoves && resignRun[1] >= adj.resignMoves && resignSide[0] == resignSide[1] {
				g.whiteScore, g.reason = float64(resignSide[0]+1)/2, "adjudicated win"
				return g
			}
		}
		if adj.drawMoves > 0 && ply/2+1 >= adj.drawFrom && p.HalfmoveClock() > 0 {
			if r.mate == 0 && white <= adj.drawScore && white >= -adj.drawScore {
				drawRun[side]++
			} else {
				drawRun[side] = 0
			}
			if drawRun[0] >= adj.drawMoves && drawRun[1] >= adj.drawMoves {
				g.whiteScore, g.reason = 0.5, "adjudicated draw"
				return g
			}
		} else {
			drawRun[side] = 0
		}
	}
}

// pgn writes the game in PGN with the harness's tags.
func (g *gameRecord) pgn(round int, event string) string {
	var b strings.Builder
	res := g.resultText()
	tags := [][2]string{
		{"Event", event}, {"Site", "oyunbot tools/sprt"}, {"Date", g.start.UTC().Format("2006.01.02")},
		{"Round", fmt.Sprint(round)}, {"White", g.white}, {"Black", g.black}, {"Result", res},
		{"FEN", g.fen}, {"SetUp", "1"}, {"Termination", g.reason},
	}
	for _, t := range tags {
		fmt.Fprintf(&b, "[%s %q]\n", t[0], t[1])
	}
	b.WriteString("\n")
	p, _ := chessgame.ParseFEN(g.fen)
	n := 1
	black := false
	if p != nil {
		black = p.SideToMove() == chess.Black
		n = fullMove(g.fen)
	}
	col := 0
	write := func(s string) {
		if col+len(s)+1 > 79 {
			b.WriteString("\n")
			col = 0
		} else if col > 0 {
			b.WriteString(" ")
			col++
		}
		b.WriteString(s)
		col += len(s)
	}
	for i, s := range g.san {
		switch {
		case !black:
			write(fmt.Sprintf("%d.", n))
		case i == 0:
			write(fmt.Sprintf("%d...", n))
		}
		write(s)
		if black {
			n++
		}
		black = !black
	}
	write(res)
	b.WriteString("\n\n")
	return b.String()
}

// resultText is the PGN result.
func (g *gameRecord) resultText() string {
	switch g.whiteScore {
	case 1:
		return "1-0"
	case 0:
		return "0-1"
	case 0.5:
		return "1/2-1/2"
	}
	return "*"
}

// fullMove is a FEN's move number (1 when it has none).
func fullMove(fen string) int {
	f := strings.Fields(fen)
	n := 1
	if len(f) >= 6 {
		fmt.Sscan(f[5], &n)
	}
	return max(n, 1)
}
