package main

// analyse_record.go is `bot analyse -game G -record FILE`: the post-game
// analysis of a whole game (package analysis) as text, JSON or a graph.

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"oyunbot/ai"
	"oyunbot/analysis"
	"oyunbot/games"
	"oyunbot/internal/registry"
	"oyunbot/render"
)

// hasRecordFlag reports whether analyse's arguments ask for a game's
// analysis (-record) rather than positions'.
func hasRecordFlag(args []string) bool {
	for _, a := range args {
		if a == "--" {
			break
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && name == "record" {
			return true
		}
	}
	return false
}

// runAnalyseRecord is `bot analyse -game G -record FILE [-depth N] [-nodes
// N] [-time D] [-json] [-png FILE]`: it reads a game record (FILE, or stdin
// for "-": the start when it is not the game's, `start <position>`, then
// the moves as the game writes them, chance outcomes included; see
// analysis.ParseRecord), judges every turn at the game's default budget
// (or the one given) and prints each side's figures, its worst turns with
// the better ones, and every turn. -json prints the result as the bot
// stores it; -png writes the evaluation graph.
func runAnalyseRecord(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("analyse", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gameName := fs.String("game", "", "game name, e.g. chess")
	recordPath := fs.String("record", "", "the game record: a file, or - for stdin")
	depth := fs.Int("depth", 0, "search depth per position (default: the game's)")
	nodes := fs.Int64("nodes", 0, "nodes per position (default: the game's)")
	timeLimit := fs.Duration("time", 0, "time per position (default: none; the result then depends on the machine)")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	pngPath := fs.String("png", "", "write the evaluation graph to this PNG file")
	width := fs.Int("width", 800, "the graph's width in pixels")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "analyse: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %q", fs.Arg(0))
	}
	g, err := registry.Lookup(*gameName)
	if err != nil {
		return fail("%v", err)
	}
	if *depth < 0 || *depth > ai.MaxDepth || *nodes < 0 || *timeLimit < 0 {
		return fail("-depth must be 0..%d, -nodes and -time not negative", ai.MaxDepth)
	}
	in := stdin
	if *recordPath != "-" {
		f, err := os.Open(*recordPath)
		if err != nil {
			return fail("%v", err)
		}
		defer f.Close()
		in = f
	}
	start, moves, err := analysis.ParseRecord(g, in)
	if err != nil {
		return fail("%v", err)
	}
	r, err := analysis.Analyse(context.Background(), g, start, moves, analysis.Options{
		Budget: analysis.Budget{Depth: *depth, Nodes: *nodes, Time: *timeLimit}})
	if err != nil {
		fmt.Fprintf(stderr, "analyse: %v\n", err)
		return 1
	}
	if *pngPath != "" {
		b, err := render.EvalGraph(analysisGraph(g, r), *width)
		if err == nil {
			err = os.WriteFile(*pngPath, b, 0o644)
		}
		if err != nil {
			fmt.Fprintf(stderr, "analyse: the graph: %v\n", err)
			return 1
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(r); err != nil {
			fmt.Fprintf(stderr, "analyse: %v\n", err)
			return 1
		}
		return 0
	}
	printAnalysis(stdout, g, r)
	return 0
}

// sideName is a side's key ("white"), or "player" in a one-player game.
func sideName(g games.Game, s ai.Side) string {
	names := g.SideNames()
	if int(s) >= 0 && int(s) < len(names) {
		return names[s]
	}
	return fmt.Sprint(s)
}

// printAnalysis writes r as text, in English and the result's own keys.
func printAnalysis(w io.Writer, g games.Game, r *analysis.Result) {
	fmt.Fprintf(w, "%s: %d plies in %d turns, judged by %s in %.1f s; values in %s",
		g.Name(), r.Plies, len(r.Turns), budgetText(g, r), r.Elapsed.Seconds(), unitPlural(r.Unit))
	if r.ByChance {
		fmt.Fprint(w, ", losses in win-chance points")
	}
	fmt.Fprintln(w)
	switch {
	case r.Over && r.Winner == ai.NoSide:
		fmt.Fprintln(w, "result: a draw")
	case r.Over:
		fmt.Fprintf(w, "result: %s won (%d point%s)\n", sideName(g, r.Winner), r.Points, plural(r.Points))
	}
	fmt.Fprintln(w)

	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	switch r.Method {
	case analysis.MethodReferee:
		fmt.Fprintln(tw, "side\tdecisions\terror rate\trating\tclass\tinaccuracies\tmistakes\tblunders\tluck\tresult\tluck-adjusted\t")
		for _, s := range r.Sides {
			fmt.Fprintf(tw, "%s\t%d\t%.1f\t%d\t%s\t%d\t%d\t%d\t%+.3f\t%+.0f\t%+.3f\t\n", sideName(g, s.Side), s.Judged, s.ErrorRate,
				s.Rating, orDash(s.RatingClass), s.Inaccuracies, s.Mistakes, s.Blunders, s.Luck, s.Result, s.LuckAdjusted)
		}
	case analysis.MethodDistance:
		fmt.Fprintln(tw, "side\tmoves\toptimal\taccuracy\tmoves lost\t")
		for _, s := range r.Sides {
			fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f\t%.0f\t\n", sideName(g, s.Side), s.Turns, s.Optimal, s.Accuracy, s.AverageLoss*float64(s.Judged))
		}
	default:
		fmt.Fprintln(tw, "side\tturns\taccuracy\taverage loss\tinaccuracies\tmistakes\tblunders\t")
		for _, s := range r.Sides {
			fmt.Fprintf(tw, "%s\t%d\t%.1f\t%.2f\t%d\t%d\t%d\t\n", sideName(g, s.Side), s.Turns, s.Accuracy, s.AverageLoss,
				s.Inaccuracies, s.Mistakes, s.Blunders)
		}
	}
	tw.Flush()

	fmt.Fprintln(w, "\nworst turns")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, s := range r.Sides {
		if len(s.Worst) == 0 {
			fmt.Fprintf(tw, "%s\tnone\n", sideName(g, s.Side))
		}
		for _, i := range s.Worst {
			t := r.Turns[i]
			fmt.Fprintf(tw, "%s\t%s\tlost %s\t(%s -> %s)\tbetter %s\t%s\n", sideName(g, s.Side), turnText(r, i),
				number(t.Loss), signed(t.Before), signed(t.After), strings.Join(t.Best, " "), t.Class)
		}
	}
	tw.Flush()

	fmt.Fprintln(w, "\nturns")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for i, t := range r.Turns {
		line := fmt.Sprintf("%s\t%s\t%s -> %s", turnText(r, i), sideName(g, t.Side), signed(t.Before), signed(t.After))
		if t.Roll != "" {
			line += fmt.Sprintf("\tluck %s", signed(t.Luck))
		}
		switch {
		case t.Unknown:
			line += "\tnot judged"
		case t.Loss > 0:
			line += fmt.Sprintf("\tlost %s, better %s", number(t.Loss), strings.Join(t.Best, " "))
		}
		if t.Class != analysis.None {
			line += "\t" + string(t.Class)
		}
		if t.Phase != "" {
			line += "\t" + t.Phase
		}
		fmt.Fprintln(tw, line)
	}
	tw.Flush()
}

// budgetText says how the positions were judged.
func budgetText(g games.Game, r *analysis.Result) string {
	switch r.Method {
	case analysis.MethodDistance:
		return "the distance to the goal"
	case analysis.MethodReferee:
		return fmt.Sprintf("the game's own evaluation (%s)", limitsText(r.Budget))
	}
	lim := games.AssessmentOf(g).Limits
	b := r.Budget
	if b.Depth == 0 {
		b.Depth = lim.Depth
	}
	if b.Nodes == 0 {
		b.Nodes = lim.Nodes
	}
	if b.Time == 0 {
		b.Time = lim.Time
	}
	return "the engine (" + limitsText(b) + ")"
}

func limitsText(b analysis.Budget) string {
	var parts []string
	if b.Depth > 0 {
		parts = append(parts, fmt.Sprintf("depth %d", b.Depth))
	}
	if b.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("%d nodes", b.Nodes))
	}
	if b.Time > 0 {
		parts = append(parts, b.Time.Round(time.Millisecond).String())
	}
	if len(parts) == 0 {
		return "default"
	}
	return strings.Join(parts, ", ")
}

// turnText is turn i as players number it: "12. Nf3", "12... Nc6", the
// roll before a dice turn's moves.
func turnText(r *analysis.Result, i int) string {
	t := r.Turns[i]
	dots := "."
	if t.Side == ai.Second {
		dots = "..."
	}
	moves := strings.Join(t.Moves, " ")
	if t.Roll != "" {
		moves = t.Roll + " " + moves
	}
	return fmt.Sprintf("%d%s %s", r.MoveNumber(i), dots, moves)
}

func signed(x float64) string {
	if x == 0 {
		return "0"
	}
	if x == math.Trunc(x) {
		return fmt.Sprintf("%+.0f", x)
	}
	return fmt.Sprintf("%+.2f", x)
}

func number(x float64) string {
	if x == math.Trunc(x) {
		return fmt.Sprintf("%.0f", x)
	}
	return fmt.Sprintf("%.2f", x)
}

// unitPlural is an Assessment unit's English plural.
func unitPlural(unit string) string {
	if unit == "man" {
		return "men"
	}
	return unit + "s"
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// analysisGraph is r's graph with English words (the bot's presentation
// translates the same numbers).
func analysisGraph(g games.Game, r *analysis.Result) render.Graph {
	lo, hi, mid, hasMid := r.Axis()
	gr := render.Graph{
		Title:  fmt.Sprintf("%s: %d turns", g.Name(), len(r.Turns)),
		Values: r.Curve, Min: lo, Max: hi, Mid: mid, HasMid: hasMid,
		AxisLabel: "moves", PerNumber: 2,
	}
	switch r.Method {
	case analysis.MethodDistance:
		gr.TopLabel, gr.BottomLabel, gr.PerNumber = signed(hi), "goal", 1
		gr.Values = make([]float64, len(r.Curve))
		for i, v := range r.Curve {
			gr.Values[i] = v
			if v < 0 {
				gr.Values[i] = math.NaN()
			}
		}
	default:
		gr.TopLabel, gr.BottomLabel = sideName(g, ai.First), sideName(g, ai.Second)
	}
	if len(r.Sides) == 2 && r.Method == analysis.MethodEngine {
		gr.Title += fmt.Sprintf(" · accuracy %s %.0f%%, %s %.0f%%", sideName(g, ai.First), r.Sides[0].Accuracy,
			sideName(g, ai.Second), r.Sides[1].Accuracy)
	}
	for _, sp := range r.Phases() {
		gr.Phases = append(gr.Phases, render.GraphPhase{From: sp.From, To: sp.To, Label: sp.Phase})
	}
	for i, t := range r.Turns {
		lvl := map[analysis.Class]int{analysis.Inaccuracy: 1, analysis.Mistake: 2, analysis.Blunder: 3}[t.Class]
		if lvl == 0 {
			continue
		}
		label := ""
		if lvl >= 2 {
			label = turnText(r, i)
		}
		gr.Marks = append(gr.Marks, render.GraphMark{Index: i + 1, Level: lvl, Label: label})
	}
	return gr
}
