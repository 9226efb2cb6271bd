package puzzle

// commands.go is the puzzles' own commands (games.Commander): hint, solve
// and compare, each bounded by a Budget.

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
)

// Commands implements games.Commander.
func (g Game) Commands() []games.Command {
	return []games.Command{
		{Key: "hint", Words: []string{"hint", "ipucu"}, Run: runHint},
		{Key: "solve", Words: []string{"solve", "çöz", "coz"}, Run: runSolve},
		{Key: "compare", Words: []string{"compare", "karşılaştır", "karsilastir"}, Run: runCompare},
	}
}

// position is the request's current position as a puzzle.
func position(req games.CommandRequest) (*Pos, error) {
	p, ok := req.Position.(*Pos)
	if !ok {
		return nil, fmt.Errorf("%s", text(req.Lang, "error.not-puzzle"))
	}
	return p, nil
}

func runHint(ctx context.Context, req games.CommandRequest) (games.CommandAnswer, error) {
	p, err := position(req)
	if err != nil {
		return games.CommandAnswer{}, err
	}
	if p.IsGoal() {
		return games.CommandAnswer{}, fmt.Errorf("%s", text(req.Lang, "error.solved"))
	}
	path, err := Optimal(ctx, p, SolveBudget)
	if err != nil {
		return games.CommandAnswer{}, tooHard(req.Lang, err)
	}
	m := path[0]
	key := "hint"
	if len(path) == 1 {
		key = "hint.one"
	}
	return games.CommandAnswer{Text: text(req.Lang, key, "tile", p.FormatMove(m),
		"dir", text(req.Lang, "dir."+dirNames[m.Lo]), "n", strconv.Itoa(len(path)))}, nil
}

// tooHard is the player's message for a search out of its budget or one
// that waits for the pattern databases.
func tooHard(lang string, err error) error {
	if errors.Is(err, ErrPDBNotReady) {
		return &games.NotReadyError{Msg: text(lang, "error.pdb-building")}
	}
	if th, ok := err.(*TooHardError); ok {
		return fmt.Errorf("%s", text(lang, "error.too-hard", "stop", text(lang, "stop."+th.Stopped), "nodes", thousands(lang, th.Nodes)))
	}
	return err
}

func runSolve(ctx context.Context, req games.CommandRequest) (games.CommandAnswer, error) {
	p, err := position(req)
	if err != nil {
		return games.CommandAnswer{}, err
	}
	m := Method{Alg: ai.IDAStar, H: bestHeuristic(p.n)}
	if len(req.Args) > 0 {
		var ok bool
		if m, ok = ParseMethod(p.n, strings.Join(req.Args, "-")); !ok {
			return games.CommandAnswer{}, fmt.Errorf("%s", text(req.Lang, "error.bad-method",
				"word", shortenWord(strings.Join(req.Args, " ")), "list", methodList(p.n)))
		}
	}
	if p.IsGoal() {
		return games.CommandAnswer{}, fmt.Errorf("%s", text(req.Lang, "error.solved"))
	}
	if needsPDB(p, m) && ReadyPDB() == nil {
		return games.CommandAnswer{}, tooHard(req.Lang, ErrPDBNotReady)
	}
	r, err := Solve(ctx, p, m, SolveBudget)
	if err != nil {
		return games.CommandAnswer{}, err
	}
	return games.CommandAnswer{Text: solveText(req.Lang, p, m, r)}, nil
}

// needsPDB reports whether method m on p reads the pattern databases.
func needsPDB(p *Pos, m Method) bool { return p.n == 4 && informed(m.Alg) && m.H == PDBHeuristic }

func shortenWord(s string) string {
	if r := []rune(s); len(r) > 30 {
		return string(r[:30]) + "…"
	}
	return s
}

// methodList is the methods solve takes on an n×n puzzle.
func methodList(n int) string {
	var names []string
	for _, m := range CompareMethods(n) {
		names = append(names, m.String())
	}
	return strings.Join(names, ", ")
}

// solveText is solve's answer: the method, the length, the nodes, the time
// and the tiles to slide, or why it found nothing.
func solveText(lang string, p *Pos, m Method, r ai.SolveResult) string {
	ms := strconv.FormatInt(r.Elapsed.Milliseconds(), 10)
	if !r.Found() {
		return text(lang, "solve.none", "method", m.Label(), "stop", text(lang, "stop."+r.Stopped),
			"nodes", thousands(lang, r.Nodes), "ms", ms)
	}
	opt := text(lang, "solve.notopt")
	if r.Optimal {
		opt = text(lang, "solve.opt")
	}
	q := p.clone()
	tiles := make([]string, len(r.Path))
	for i, mv := range r.Path {
		tiles[i] = q.FormatMove(mv)
		q.slide(uint8(mv.Lo))
	}
	return text(lang, "solve.found", "method", m.Label(), "len", strconv.Itoa(r.Length), "optimal", opt,
		"nodes", thousands(lang, r.Nodes), "ms", ms, "moves", strings.Join(tiles, " "))
}

// Row is one method's line of a comparison.
type Row struct {
	Method Method
	Result ai.SolveResult
}

// Compare runs every method of CompareMethods from p within budget b each
// (the context bounds the whole).
func Compare(ctx context.Context, p *Pos, b Budget) ([]Row, error) {
	var rows []Row
	for _, m := range CompareMethods(p.n) {
		r, err := Solve(ctx, p, m, b)
		if err != nil {
			return nil, err
		}
		rows = append(rows, Row{Method: m, Result: r})
	}
	return rows, nil
}

func runCompare(ctx context.Context, req games.CommandRequest) (games.CommandAnswer, error) {
	p, err := position(req)
	if err != nil {
		return games.CommandAnswer{}, err
	}
	// Compare from the game's start, as the seed compares on one start; a
	// start that is solved (nothing to compare) falls back to here.
	from := p
	if s, ok := req.Start.(*Pos); ok && !s.IsGoal() {
		from = s
	}
	if from.IsGoal() {
		return games.CommandAnswer{}, fmt.Errorf("%s", text(req.Lang, "error.solved"))
	}
	if from.n == 4 && ReadyPDB() == nil {
		return games.CommandAnswer{}, tooHard(req.Lang, ErrPDBNotReady)
	}
	rows, err := Compare(ctx, from, CompareBudget)
	if err != nil {
		return games.CommandAnswer{}, err
	}
	game := catalogFor(from.n)[langOf(req.Lang)]["name"]
	return games.CommandAnswer{Text: CompareTable(req.Lang, from, rows, CompareBudget), Mono: true,
		Chart: CompareChart(req.Lang, game, rows)}, nil
}

// CompareTable is the comparison as a fixed-width table with its title and
// the limits under it.
func CompareTable(lang string, p *Pos, rows []Row, b Budget) string {
	head := strings.Split(text(lang, "compare.head"), "|")
	cells := [][]string{head}
	for _, r := range rows {
		res := r.Result
		length := "— " + text(lang, "stop."+res.Stopped)
		if res.Found() {
			length = strconv.Itoa(res.Length)
		}
		cells = append(cells, []string{r.Method.Label(), length, thousands(lang, res.Nodes),
			thousands(lang, res.PeakMemory), formatDuration(lang, res.Elapsed)})
	}
	width := make([]int, len(head))
	for _, row := range cells {
		for i, c := range row {
			width[i] = max(width[i], len([]rune(c)))
		}
	}
	var out strings.Builder
	out.WriteString(text(lang, "compare.title", "start", p.String()) + "\n")
	for _, row := range cells {
		for i, c := range row {
			pad := strings.Repeat(" ", width[i]-len([]rune(c)))
			if i == 0 {
				out.WriteString(c + pad)
			} else {
				out.WriteString("  " + pad + c)
			}
		}
		out.WriteString("\n")
	}
	caps := "compare.caps"
	if b.Time <= 0 {
		caps = "compare.caps-notime"
	}
	out.WriteString(text(lang, caps, "nodes", thousands(lang, b.Nodes), "memory", thousands(lang, b.Memory),
		"time", formatDuration(lang, b.Time), "depth", strconv.Itoa(depthBound(p.n))))
	var capped []string
	for _, r := range rows {
		switch r.Result.Stopped {
		case ai.StopNodes, ai.StopMemory, ai.StopTime:
			capped = append(capped, r.Method.Label())
		}
	}
	if len(capped) > 0 {
		out.WriteString("\n" + text(lang, "compare.capped", "list", strings.Join(capped, ", ")))
	}
	return out.String()
}

// CompareChart is the comparison as a bar chart on a log scale: nodes
// expanded and peak memory per method.
func CompareChart(lang, game string, rows []Row) *games.Chart {
	c := &games.Chart{Title: text(lang, "chart.title", "game", game), Log: true, Lang: langOf(lang),
		Series: []games.Series{{Name: text(lang, "chart.nodes")}, {Name: text(lang, "chart.memory")}}}
	for _, r := range rows {
		c.Labels = append(c.Labels, r.Method.Label())
		c.Series[0].Values = append(c.Series[0].Values, float64(r.Result.Nodes))
		c.Series[1].Values = append(c.Series[1].Values, float64(r.Result.PeakMemory))
	}
	return c
}

// thousands writes n with the language's thousands separator.
func thousands(lang string, n int64) string { return games.Count(langOf(lang), n) }

// formatDuration is a short time in lang's way: "0.4 ms", "12 ms", "1.5 s"
// ("0,4 ms", "1,5 sn" in Turkish).
func formatDuration(lang string, d time.Duration) string {
	switch {
	case d < 10*time.Millisecond:
		return games.Fixed(langOf(lang), float64(d)/float64(time.Millisecond), 1) + " ms"
	case d < time.Second:
		return strconv.FormatInt(d.Milliseconds(), 10) + " ms"
	}
	return games.Fixed(langOf(lang), d.Seconds(), 1) + " " + text(lang, "unit.seconds")
}
