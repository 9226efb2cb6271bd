// Command tavlagnubg plays standard tavla's levels against GNU Backgammon
// (Debian's gnubg, never a dependency of the bot) and reports the points
// each side won with an interval:
//
//	nice go run ./tools/tavlagnubg -level medium -gnubg-level intermediate -pairs 100
//
// Games are cubeless and scored as tavla scores them (1, or 2 for a mars).
// The dice are paired: each pair of games is played with the same rolls,
// our level White in the first and Black in the second, so that luck
// cancels out as far as the play allows. gnubg chooses its turns with
// findbestmove in a scripted gnubg (-t -p), at the named level's setting
// of gnubg 1.07 (plies and noise, as its "Settings > Players" presets);
// each of its turns is checked: its resulting position must be one of the
// legal turns of our move generator (which agrees with gnubg's on
// games/tavla/testdata/standard-perft.txt).
//
// With -cube the games are backgammon money games (the doubling cube,
// gammon 2 and backgammon 3 times the cube, no Jacoby rule, no beavers),
// scored in points as the cube makes them; gnubg takes its own cube
// decisions by its cubeful evaluation at its level's plies, and judges
// each of ours at -judge plies (2 when not given): for a decision to
// double or roll, the equity lost against the better of "no double" and
// "double" (its double-take or double-pass, whichever the taker would
// choose); for an answer, the equity the taker gave away against the
// better of take and drop; the error rate per cube decision in
// millipoints, over all decisions and over the close ones:
//
//	nice go run ./tools/tavlagnubg -cube -level master -gnubg-level expert -pairs 50
//
// With -bearoffs each pair starts from a random pure bear-off (both sides
// home, White to roll, the cube centred), where our levels read the
// chances from the bear-off database (LEVEL+nobearoff: from the network,
// as before it).
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/tavla"
	"oyunbot/tools/internal/tavlaplay"
)

// gnubgLevels are gnubg's named chequer-play settings: plies and noise.
var gnubgLevels = map[string][2]float64{
	"beginner":     {0, 0.060},
	"casual":       {0, 0.050},
	"intermediate": {0, 0.040},
	"advanced":     {0, 0.015},
	"expert":       {0, 0},
	"worldclass":   {2, 0},
}

func main() {
	level := flag.String("level", "medium", "our level: easy, medium, hard, master; LEVEL+hand searches on the hand-made evaluation, LEVEL+classic is the common engine on it, LEVEL+nobearoff plays without the bear-off database")
	budget := flag.Duration("time", 0, "our time per move (0: the level's)")
	glevel := flag.String("gnubg-level", "intermediate", "gnubg's level: beginner, casual, intermediate, advanced, expert, worldclass")
	pairs := flag.Int("pairs", 50, "pairs of games (each pair: the same dice, sides swapped)")
	seed := flag.Uint64("seed", 1, "seed of the dice")
	gnubg := flag.String("gnubg", "/usr/games/gnubg", "the gnubg program")
	judge := flag.Int("judge", -1, "gnubg judges each of our unforced turns at this many plies (0-2; -1: not judged): the error rate in millipoints a turn and gnubg's class")
	cube := flag.Bool("cube", false, "backgammon money games with the cube; gnubg judges our cube decisions (at -judge plies, 2 if not given)")
	bearoffs := flag.Bool("bearoffs", false, "start each pair from a random pure bear-off (both sides home, White to roll; with -cube the cube centred) rather than the opening")
	flag.Parse()
	if *cube && *judge < 0 {
		*judge = 2
	}
	cubeMode, bearoffMode = *cube, *bearoffs
	if err := run(os.Stdout, *level, *budget, *glevel, *pairs, *seed, *gnubg, *judge); err != nil {
		fmt.Fprintln(os.Stderr, "tavlagnubg:", err)
		os.Exit(1)
	}
}

// cubeMode: backgammon money games, our cube decisions judged (-cube);
// bearoffMode: each pair from a random pure bear-off (-bearoffs).
var cubeMode, bearoffMode bool

func run(w io.Writer, level string, budget time.Duration, glevel string, pairs int, seed uint64, gnubgPath string, judge int) error {
	name, style, _ := strings.Cut(level, "+")
	lvl, ok := games.HostOf(tavla.Standard{}).Level(name)
	if !ok || (style != "" && style != "hand" && style != "classic" && style != "nobearoff") {
		return fmt.Errorf("unknown level %q", level)
	}
	// The bear-off database ready before the first game (loaded from
	// OYUNBOT_CACHE_DIR or built), so that every game reads bear-offs by
	// it (but for LEVEL+nobearoff).
	if db, err := tavla.LoadBearoff(); db == nil {
		return fmt.Errorf("bear-off database: %w", err)
	}
	lvl.Style = style
	if budget > 0 {
		lvl.Limits.Time = budget
	}
	gl, ok := gnubgLevels[glevel]
	if !ok {
		return fmt.Errorf("unknown gnubg level %q", glevel)
	}
	g, err := startGnubg(gnubgPath, int(gl[0]), gl[1], max(judge, 0))
	if err != nil {
		return err
	}
	defer g.close()
	e := ai.NewEngine(ai.DefaultOptions())
	var j *judged
	if judge >= 0 && !cubeMode {
		j = &judged{}
	}
	var cj *cubeJudged
	if cubeMode {
		cj = &cubeJudged{plies: max(judge, 0), gnubgPlies: int(gl[0]), byAhead: [2]*cubeJudged{{}, {}}}
	}
	var nets []float64 // each pair's net points for us
	var won, total, wins, played int
	start := time.Now()
	for i := range pairs {
		net := 0
		for k, us := range []ai.Side{ai.First, ai.Second} {
			rolls := rand.New(rand.NewPCG(seed, uint64(i)))
			start := ""
			if bearoffMode {
				start = tavlaplay.BearoffStart(seed, i, cubeMode)
			}
			st, err := playGame(e, lvl, g, us, rolls, seed<<20|uint64(i)<<1|uint64(k), j, cj, start)
			if err != nil {
				return fmt.Errorf("pair %d game %d: %w", i, k, err)
			}
			played++
			total += st.Points
			if st.Winner == us {
				won += st.Points
				net += st.Points
				wins++
			} else {
				net -= st.Points
			}
		}
		nets = append(nets, float64(net)/2)
		fmt.Fprintf(w, "pair %d: %+d (so far %d of %d points, %.1f%%)\n", i+1, net, won, total, 100*float64(won)/float64(total))
	}
	mean, half := interval(nets)
	share := float64(won) / float64(total)
	// The share's interval from the net points a game: share = 1/2 +
	// net/(2·points a game).
	ppg := float64(total) / float64(played)
	fmt.Fprintf(w, "%s vs gnubg %s: %d games (%d pairs, paired dice, seed %d), %d wins; points %d of %d = %.1f%% ± %.1f%% (95%%); net %+.3f ± %.3f points a game; %s\n",
		level, glevel, played, pairs, seed, wins, won, total, 100*share, 100*half/(2*ppg), mean, half, time.Since(start).Round(time.Second))
	if j != nil {
		fmt.Fprintf(w, "%s (judged at %d plies)\n", j, judge)
	}
	if cj != nil {
		fmt.Fprintf(w, "%s (judged at %d plies)\n", cj, judge)
	}
	return nil
}

// cubeJudged sums gnubg's judgement of our cube decisions.
type cubeJudged struct {
	plies, gnubgPlies int
	// n decisions (of them doubles, takes, drops), their summed loss;
	// the close ones (doubling within closeCube of not doubling, by
	// gnubg's figures, and every answer to a double) apart.
	n, doubles, takes, drops int
	sum                      float64
	close                    int
	closeSum                 float64
	wrong                    int // decisions with a loss over 0.001
	worst                    float64
	worstAt                  string
	// byAhead judges, on the same decisions, the engine's advice without
	// and with its look a roll ahead (tavla.Pos.CubeAdvice).
	byAhead [2]*cubeJudged
}

// closeCube is how near "double" must be to "no double" (in cube units)
// for a decision to double to count as close.
const closeCube = 0.16

func (c *cubeJudged) add(loss float64, close bool, at string) {
	c.n++
	c.sum += loss
	if close {
		c.close++
		c.closeSum += loss
	}
	if loss > 0.001 {
		c.wrong++
	}
	if loss > c.worst {
		c.worst, c.worstAt = loss, at
	}
}

func (c *cubeJudged) String() string {
	if c.n == 0 {
		return "no cube decision of ours"
	}
	closeRate := 0.0
	if c.close > 0 {
		closeRate = 1000 * c.closeSum / float64(c.close)
	}
	out := fmt.Sprintf("gnubg's judgement of our %d cube decisions (%d doubles, %d takes, %d drops): error rate %.1f millipoints a decision; "+
		"%d close decisions (doubling within %.2f of not doubling, or an answer): %.1f millipoints each; %d with a loss; the worst %.3f at %s",
		c.n, c.doubles, c.takes, c.drops, 1000*c.sum/float64(c.n), c.close, closeCube, closeRate, c.wrong, c.worst, c.worstAt)
	for ahead, b := range c.byAhead {
		if b != nil && b.n > 0 {
			out += fmt.Sprintf("\n  the advice at %d-ply on the same decisions: %.1f millipoints a decision, %.1f a close one, %d with a loss",
				ahead, 1000*b.sum/float64(b.n), 1000*b.closeSum/float64(max(b.close, 1)), b.wrong)
		}
	}
	return out
}

// cubeFigures asks gnubg's cubeful money equities of p's cube decision
// for the side on roll (the doubler): no double, double-take,
// double-pass, in units of the cube, at plies.
func (g *gnubgProc) cubeFigures(p *tavla.Pos, plies int) (nd, dt, dp float64, err error) {
	_, owner, _, _, _ := p.CubeView()
	rel := -1 // centred
	switch owner {
	case p.Side():
		rel = 0
	case p.Side().Opponent():
		rel = 1
	}
	b := board(p)
	var line strings.Builder
	fmt.Fprintf(&line, "C %d %d", rel, plies)
	for k := range 2 {
		for _, v := range b[k] {
			line.WriteString(" " + strconv.Itoa(v))
		}
	}
	f, err := g.ask(line.String() + "\n")
	if err != nil {
		return 0, 0, 0, err
	}
	if len(f) != 4 || f[0] != "cube" {
		return 0, 0, 0, fmt.Errorf("gnubg answered %q", f)
	}
	var v [3]float64
	for k := range v {
		if v[k], err = strconv.ParseFloat(f[k+1], 64); err != nil {
			return 0, 0, 0, err
		}
	}
	return v[0], v[1], v[2], nil
}

// cubeActions names the cube actions legal in p ("roll", "double";
// "take", "drop"), none when p waits for no cube decision.
func cubeActions(p *tavla.Pos) map[string]ai.Move {
	out := map[string]ai.Move{}
	for _, m := range p.Moves(nil) {
		switch t := p.FormatMove(m); t {
		case "roll", "double", "take", "drop":
			out[t] = m
		}
	}
	return out
}

// cubeTurn plays the cube decision p waits for: ours by the engine,
// judged by gnubg; gnubg's by its figures at its plies.
func cubeTurn(e *ai.Engine, lvl ai.Level, g *gnubgProc, us ai.Side, p *tavla.Pos, rng *rand.Rand, cj *cubeJudged) error {
	acts := cubeActions(p)
	_, answering := acts["take"]
	plies := cj.gnubgPlies
	if p.Turn() == us {
		plies = cj.plies
	}
	nd, dt, dp, err := g.cubeFigures(p, plies)
	if err != nil {
		return err
	}
	if p.Turn() != us {
		// gnubg's own decision.
		switch {
		case answering && dt <= dp:
			p.Make(acts["take"])
		case answering:
			p.Make(acts["drop"])
		case min(dt, dp) > nd:
			p.Make(acts["double"])
		default:
			p.Make(acts["roll"])
		}
		return nil
	}
	m := e.Choose(context.Background(), p, lvl, rng).Best
	choice := p.FormatMove(m)
	if _, ok := acts[choice]; !ok {
		return fmt.Errorf("our level's cube action %q is not legal in %s", choice, p)
	}
	// Close: an answer, or a decision where doubling is within closeCube
	// of not doubling by gnubg's figures (whatever we chose, so that the
	// readings compared below count the same decisions).
	close := answering || math.Abs(min(dt, dp)-nd) < closeCube
	switch choice {
	case "double":
		cj.doubles++
	case "take":
		cj.takes++
	case "drop":
		cj.drops++
	}
	cj.add(cubeLoss(choice, nd, dt, dp), close, p.String()+" "+choice)
	// The engine's two ways of reading its chances, judged on the same
	// decision: the network before the roll (0-ply) and a roll ahead.
	for ahead := range cj.byAhead {
		a, _ := p.CubeAdvice(nil, ahead)
		act := map[[2]bool]string{{false, false}: "roll", {false, true}: "double", {true, false}: "drop", {true, true}: "take"}
		var c string
		if answering {
			c = act[[2]bool{true, a.Take}]
		} else {
			c = act[[2]bool{false, a.Double}]
		}
		cj.byAhead[ahead].add(cubeLoss(c, nd, dt, dp), close, "")
	}
	p.Make(m)
	return nil
}

// cubeLoss is what a cube action gives away by gnubg's figures for the
// doubler (no double, double-take, double-pass): a decision to double or
// not against the better of the two, an answer against the taker's
// better answer (the doubler's gain is the taker's loss).
func cubeLoss(action string, nd, dt, dp float64) float64 {
	double := min(dt, dp)
	switch action {
	case "double":
		return max(nd, double) - double
	case "roll":
		return max(nd, double) - nd
	case "take":
		return dt - double
	case "drop":
		return dp - double
	}
	return 0
}

// judged sums gnubg's judgement of our turns.
type judged struct {
	n      int
	sum    float64
	errors [4]int // over 0.02, 0.04, 0.08 and 0.16 points
}

func (j *judged) add(loss float64) {
	j.n++
	j.sum += loss
	for k, t := range []float64{0.02, 0.04, 0.08, 0.16} {
		if loss > t {
			j.errors[k]++
		}
	}
}

// ratings are gnubg's classes by error rate a move (analysis.c's
// arThrsRating, gnubg 1.07), best first.
var ratings = []struct {
	below float64
	name  string
}{{0.002, "supernatural"}, {0.005, "world class"}, {0.008, "expert"}, {0.012, "advanced"},
	{0.018, "intermediate"}, {0.026, "casual player"}, {0.035, "beginner"}, {math.Inf(1), "awful"}}

func (j *judged) String() string {
	if j.n == 0 {
		return "no unforced turn judged"
	}
	rate := j.sum / float64(j.n)
	class := ""
	for _, r := range ratings {
		if rate < r.below {
			class = r.name
			break
		}
	}
	return fmt.Sprintf("gnubg's judgement of our %d unforced turns: error rate %.1f millipoints a turn (%s); losses over 0.02/0.04/0.08/0.16: %d/%d/%d/%d",
		j.n, 1000*rate, class, j.errors[0], j.errors[1], j.errors[2], j.errors[3])
}

// interval is the mean of xs and the half-width of its 95% interval.
func interval(xs []float64) (mean, half float64) {
	n := float64(len(xs))
	for _, x := range xs {
		mean += x
	}
	mean /= n
	var v float64
	for _, x := range xs {
		v += (x - mean) * (x - mean)
	}
	if n > 1 {
		v /= n - 1
	}
	return mean, 1.96 * math.Sqrt(v/n)
}

// playGame plays one game, our level as side us, the rolls drawn from
// rolls in order (the opening's two dice first).
func playGame(e *ai.Engine, lvl ai.Level, g *gnubgProc, us ai.Side, rolls *rand.Rand, seed uint64, j *judged, cj *cubeJudged, start string) (ai.Status, error) {
	var game games.Game = tavla.Standard{}
	if cj != nil {
		game = tavla.Backgammon{}
	}
	p := game.Start().(*tavla.Pos)
	if start != "" {
		q, err := game.ParsePosition(start)
		if err != nil {
			return ai.Status{}, fmt.Errorf("start %q: %w", start, err)
		}
		p = q.(*tavla.Pos)
	}
	var n uint64
	for turns := 0; turns < 1000; turns++ {
		for cj != nil && !p.Status().Over && p.Turn() != ai.Chance {
			// A cube decision before the roll (and its answer).
			n++
			if err := cubeTurn(e, lvl, g, us, p, rand.New(rand.NewPCG(seed, n)), cj); err != nil {
				return ai.Status{}, err
			}
		}
		if st := p.Status(); st.Over {
			return st, nil
		}
		// The roll.
		a, b := rolls.IntN(6)+1, rolls.IntN(6)+1
		text := fmt.Sprintf("%d%d:", max(a, b), min(a, b))
		if turns == 0 && start == "" {
			for a == b {
				a, b = rolls.IntN(6)+1, rolls.IntN(6)+1
			}
			text = fmt.Sprintf("%d-%d:", a, b)
		}
		m, err := p.ParseMove(text)
		if err != nil {
			return ai.Status{}, err
		}
		p.Make(m)
		mover := p.Side()
		if p.Turn() != mover {
			continue
		}
		if mover == us {
			var eqBest float64
			judge := j != nil && p.Perft(1) > 1
			if judge {
				pairs, err := g.best(p)
				if err != nil {
					return ai.Status{}, err
				}
				if eqBest, err = g.equity(applyPairs(board(p), pairs)); err != nil {
					return ai.Status{}, err
				}
			}
			for !p.Status().Over && p.Turn() == mover {
				n++
				m := e.Choose(context.Background(), p, lvl, rand.New(rand.NewPCG(seed, n))).Best
				if m.IsNone() {
					return ai.Status{}, fmt.Errorf("our level found no move in %s (%d moves)", p, len(p.Moves(nil)))
				}
				p.Make(m)
			}
			if judge && !p.Status().Over {
				eq, err := g.equity(boardAs(p, mover))
				if err != nil {
					return ai.Status{}, err
				}
				j.add(max(0, eqBest-eq))
			}
			continue
		}
		if err := g.play(p); err != nil {
			return ai.Status{}, err
		}
	}
	return ai.Status{}, errors.New("no end after 1000 turns")
}

// gnubgProc is a scripted gnubg answering one position a line.
type gnubgProc struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
	dir string
}

const script = `import gnubg, sys
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
ec = gnubg.evalcontext()
ec["plies"] = %d
ec["noise"] = %.4f
ec["cubeful"] = 0
ec["deterministic"] = 1
gnubg.command("set jacoby off")
gnubg.command("set beavers 0")
sys.stdout.write("ready\n")
sys.stdout.flush()
jc = gnubg.evalcontext()
jc["plies"] = %d
jc["noise"] = 0.0
jc["cubeful"] = 0
jc["deterministic"] = 1
for line in sys.stdin:
    if line.startswith("C "):
        # A cube decision: the cube's owner (-1 centred, 0 the side on
        # roll, 1 its opponent), the plies, the board (the side on roll
        # second): the money equities no double, double-take, double-pass
        # for the side on roll, in units of the cube.
        f = [int(x) for x in line.split()[1:]]
        b = (tuple(f[2:27]), tuple(f[27:52]))
        try:
            gnubg.command("new game")
            cc = gnubg.evalcontext()
            cc["cubeful"] = 1
            cc["plies"] = f[1]
            cc["noise"] = 0.0
            cc["deterministic"] = 1
            r = gnubg.cfevaluate(b, gnubg.cubeinfo(1, f[0], 0, 0, (0, 0), 0, 0), cc)
            sys.stdout.write("ANS cube %%.6f %%.6f %%.6f\n" %% (r[1], r[2], r[3]))
        except Exception as e:
            sys.stdout.write("ANS none\n")
        sys.stdout.flush()
        continue
    if line.startswith("E "):
        # The board after a turn, the mover's side second: its equity for
        # the mover, cubeless money (gammons 2, backgammons 3).
        f = [int(x) for x in line.split()[1:]]
        opp = (tuple(f[25:50]), tuple(f[0:25]))
        try:
            gnubg.command("new game")
            pr = gnubg.evaluate(opp, gnubg.cubeinfo(), jc)
            eq = 2 * pr[0] - 1 + pr[1] - pr[3] + pr[2] - pr[4]
            sys.stdout.write("ANS eq %%.6f\n" %% (-eq))
        except Exception as e:
            sys.stdout.write("ANS none\n")
        sys.stdout.flush()
        continue
    f = [int(x) for x in line.split()]
    board = (tuple(f[0:25]), tuple(f[25:50]))
    gnubg.command("new game")
    gnubg.command("set board " + gnubg.positionid(board))
    gnubg.command("set dice %%d %%d" %% (f[50], f[51]))
    try:
        mv = gnubg.findbestmove(gnubg.board(), gnubg.cubeinfo(), ec)
        sys.stdout.write("ANS move " + " ".join(str(x) for x in mv) + "\n")
    except Exception as e:
        sys.stdout.write("ANS none\n")
    sys.stdout.flush()
`

func startGnubg(path string, plies int, noise float64, judgePlies int) (*gnubgProc, error) {
	dir, err := os.MkdirTemp("", "tavlagnubg")
	if err != nil {
		return nil, err
	}
	py := filepath.Join(dir, "player.py")
	if err := os.WriteFile(py, []byte(fmt.Sprintf(script, plies, noise, judgePlies)), 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command(path, "-t", "-q", "-p", py)
	cmd.Dir = dir
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
	g := &gnubgProc{cmd: cmd, in: in, out: bufio.NewReader(out), dir: dir}
	for {
		line, err := g.out.ReadString('\n')
		if err != nil {
			return nil, fmt.Errorf("gnubg did not start: %w", err)
		}
		if strings.TrimSpace(line) == "ready" {
			return g, nil
		}
	}
}

func (g *gnubgProc) close() {
	g.in.Close()
	g.cmd.Wait()
	os.RemoveAll(g.dir)
}

// board is p's position as gnubg's board: [0] the side not on roll, [1]
// the side on roll, each by its own point numbers (index 0 its 1 point,
// 24 its bar).
func board(p *tavla.Pos) [2][25]int {
	var b [2][25]int
	mover := p.Side()
	bar := p.Bar()
	for side := ai.First; side <= ai.Second; side++ {
		k := 0
		if side == mover {
			k = 1
		}
		for i := range 24 {
			if s, n, _ := p.Stack(i); s == side {
				name := 24 - i // White's own point i+1
				if side == ai.Second {
					name = i + 1
				}
				b[k][name-1] = n
			}
		}
		b[k][24] = bar[side]
	}
	return b
}

// best asks gnubg for its turn in p (the side to move holds fresh dice):
// the pairs of points of findbestmove.
func (g *gnubgProc) best(p *tavla.Pos) ([]int, error) {
	b := board(p)
	a, d, _ := p.Dice()
	var line strings.Builder
	for k := range 2 {
		for _, v := range b[k] {
			line.WriteString(strconv.Itoa(v) + " ")
		}
	}
	fmt.Fprintf(&line, "%d %d\n", a, d)
	f, err := g.ask(line.String())
	if err != nil {
		return nil, err
	}
	if len(f) == 0 || f[0] != "move" {
		return nil, fmt.Errorf("gnubg answered %q in %s", f, p)
	}
	var pairs []int
	for _, x := range f[1:] {
		n, err := strconv.Atoi(x)
		if err != nil {
			return nil, fmt.Errorf("gnubg answered %q", f)
		}
		pairs = append(pairs, n)
	}
	return pairs, nil
}

// ask sends a request line and returns the answer's fields (gnubg's own
// chatter, "gnubg rolls 6, ...", comes before it).
func (g *gnubgProc) ask(line string) ([]string, error) {
	if _, err := io.WriteString(g.in, line); err != nil {
		return nil, err
	}
	var ans string
	for !strings.HasPrefix(ans, "ANS ") {
		var err error
		if ans, err = g.out.ReadString('\n'); err != nil {
			return nil, fmt.Errorf("gnubg: %w", err)
		}
	}
	return strings.Fields(strings.TrimPrefix(ans, "ANS ")), nil
}

// equity is gnubg's judgement of board b, the mover's ([1]) after its
// turn: the mover's cubeless money equity, at the judging plies.
func (g *gnubgProc) equity(b [2][25]int) (float64, error) {
	var line strings.Builder
	line.WriteString("E")
	for k := range 2 {
		for _, v := range b[k] {
			line.WriteString(" " + strconv.Itoa(v))
		}
	}
	f, err := g.ask(line.String() + "\n")
	if err != nil {
		return 0, err
	}
	if len(f) != 2 || f[0] != "eq" {
		return 0, fmt.Errorf("gnubg answered %q", f)
	}
	return strconv.ParseFloat(f[1], 64)
}

// play plays gnubg's turn in p: the legal turn of ours whose end is the
// board gnubg's move leaves.
func (g *gnubgProc) play(p *tavla.Pos) error {
	pairs, err := g.best(p)
	if err != nil {
		return err
	}
	mover := p.Side()
	if !playTo(p, mover, applyPairs(board(p), pairs)) {
		return fmt.Errorf("gnubg's move %v is none of our legal turns in %s", pairs, p)
	}
	return nil
}

// applyPairs is board b (the mover's, [1], on roll) after gnubg's move:
// pairs of from and to points (1-based in the mover's numbering, 25 the
// bar, 0 off; a negative from ends it), a blot on a to point hit.
func applyPairs(b [2][25]int, pairs []int) [2][25]int {
	for k := 0; k+1 < len(pairs); k += 2 {
		from, to := pairs[k], pairs[k+1]
		if from < 1 || from > 25 || to < 0 || to > 24 {
			break
		}
		b[1][from-1]--
		if to > 0 {
			b[1][to-1]++
			if o := &b[0][24-to]; *o == 1 { // the opponent's point 25-to
				*o = 0
				b[0][24]++
			}
		}
	}
	return b
}

// playTo plays a legal turn of mover ending on board want, if there is
// one.
func playTo(p *tavla.Pos, mover ai.Side, want [2][25]int) bool {
	if p.Status().Over || p.Turn() != mover {
		// The turn is over (the next roll, or in backgammon the other
		// side's choice before it): compare from the mover's side.
		return boardAs(p, mover) == want
	}
	for _, m := range p.Moves(nil) {
		p.Make(m)
		if playTo(p, mover, want) {
			return true
		}
		p.Unmake()
	}
	return false
}

// boardAs is p's board as gnubg's with side s on roll.
func boardAs(p *tavla.Pos, s ai.Side) [2][25]int {
	b := board(p)
	if p.Side() != s {
		b[0], b[1] = b[1], b[0]
	}
	return b
}
