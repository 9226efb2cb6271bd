package present

// analysis.go shows a finished game's analysis (package analysis): each
// side's figures, its worst turns with the better ones, and the
// evaluation graph, in the reader's language. The result holds numbers,
// keys and canonical move texts only; the words are the catalogue's.

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"oyunbot/ai"
	"oyunbot/analysis"
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/games"
	"oyunbot/render"
	"oyunbot/sessions"
)

// GraphWidth is the analysis graph's width in pixels: half as tall, its
// type large enough to read on a phone.
const GraphWidth = 960

// AnalysisReply is game s's analysis res: a head, each side's figures and
// worst turns (at most analysis.MaxWorst, each with the better turn), and
// the evaluation graph as a picture.
func (r *Presenter) AnalysisReply(lang chat.Lang, s sessions.Snapshot, res *analysis.Result) chat.Reply {
	rep := chat.Reply{Text: r.AnalysisText(lang, s, res)}
	png, err := render.EvalGraph(r.AnalysisGraph(lang, s, res), GraphWidth)
	if err != nil {
		r.log.Error("drawing an analysis graph", "game", s.Game.Name(), "id", s.ID, "err", err)
		return rep
	}
	rep.Image, rep.ImageName = png, fmt.Sprintf("%s-analysis.png", s.Tag())
	return rep
}

// AnalysisText is AnalysisReply's text, without the graph.
func (r *Presenter) AnalysisText(lang chat.Lang, s sessions.Snapshot, res *analysis.Result) string {
	var b strings.Builder
	b.WriteString(r.cat.T(lang, "analysis.head", "tag", "#"+s.Tag(), "game", r.GameName(lang, s.Game),
		"players", r.Players(lang, s)))
	for _, st := range res.Sides {
		b.WriteString("\n\n" + r.analysisSide(lang, s, res, st))
		worst := shownWorst(res, st.Worst)
		if len(worst) == 0 {
			b.WriteString("\n" + r.cat.T(lang, "analysis.no-loss"))
		}
		for _, i := range worst {
			b.WriteString("\n• " + r.analysisWorst(lang, s, res, i))
		}
	}
	b.WriteString("\n\n" + r.analysisBasis(lang, res))
	return b.String()
}

// AnalysisButton is the button under a finished game that asks for its
// analysis.
func (r *Presenter) AnalysisButton(lang chat.Lang, s sessions.Snapshot) chat.Button {
	return chat.Button{Label: r.cat.T(lang, "button.analyse"), Data: command.Analyse + " #" + s.Tag()}
}

// Analysable reports whether finished game s can be analysed: it has
// moves, a person played it, and its game is judged (analysis.CanJudge).
func Analysable(s sessions.Snapshot) bool {
	if !s.Result.Over || len(s.Moves) == 0 || (s.Players[0].Bot && s.Players[1].Bot) {
		return false
	}
	return analysis.CanJudge(s.Game, s.Game.Start()) == nil
}

// analysisSide is one side's line: who, then the figures of the game's
// method, then its counts.
func (r *Presenter) analysisSide(lang chat.Lang, s sessions.Snapshot, res *analysis.Result, st analysis.SideStats) string {
	who := r.PlayerName(s, st.Side)
	if !s.Solo() {
		who = upperFirst(lang, r.SideName(lang, s.Game, st.Side)) + ", " + who
	}
	counts := r.cat.T(lang, "analysis.counts", "i", strconv.Itoa(st.Inaccuracies), "m", strconv.Itoa(st.Mistakes),
		"b", strconv.Itoa(st.Blunders))
	switch res.Method {
	case analysis.MethodDistance:
		return r.cat.T(lang, "analysis.side.optimal", "who", who, "optimal", strconv.Itoa(st.Optimal),
			"n", strconv.Itoa(st.Judged), "accuracy", percent(st.Accuracy))
	case analysis.MethodReferee:
		line := r.cat.T(lang, "analysis.side.error-rate", "who", who, "rate", oneDecimal(lang, st.ErrorRate),
			"n", strconv.Itoa(st.Judged))
		if st.Rating > 0 {
			line += " " + r.cat.T(lang, "analysis.side.rating", "rating", strconv.Itoa(st.Rating),
				"class", r.cat.T(lang, "analysis.rating."+st.RatingClass))
		}
		line += "\n" + counts + "\n" + r.cat.T(lang, "analysis.side.luck", "luck", signedValue(lang, st.Luck, 2),
			"result", signedValue(lang, st.Result, 0), "adjusted", signedValue(lang, st.LuckAdjusted, 2))
		return line
	}
	return r.cat.T(lang, "analysis.side.accuracy", "who", who, "accuracy", percent(st.Accuracy)) + "\n" + counts
}

// analysisWorst is turn i as a worst turn: the turn, its class and loss,
// the better turn.
func (r *Presenter) analysisWorst(lang chat.Lang, s sessions.Snapshot, res *analysis.Result, i int) string {
	t := res.Turns[i]
	line := r.turnText(lang, s, res, i)
	verdict := r.lossText(lang, res, t.Loss)
	if t.Class != analysis.None {
		verdict = r.cat.T(lang, "analysis.class."+string(t.Class)) + ", " + verdict
	}
	line += " (" + verdict + ")"
	if len(t.Best) > 0 {
		line += "; " + r.cat.T(lang, "analysis.better", "moves", r.showMoves(lang, s, t.Best))
	}
	return line
}

// turnText is turn i as players number it: "12. Nf3", "12… Nc6", the roll
// before a dice turn's moves.
func (r *Presenter) turnText(lang chat.Lang, s sessions.Snapshot, res *analysis.Result, i int) string {
	t := res.Turns[i]
	dots := "."
	if t.Side == ai.Second {
		dots = "…"
	}
	moves := r.showMoves(lang, s, t.Moves)
	if t.Roll != "" {
		moves = strings.TrimSuffix(t.Roll, ":") + ": " + moves
	}
	return strconv.Itoa(res.MoveNumber(i)) + dots + " " + moves
}

// showMoves shows canonical move texts in the reader's notation.
func (r *Presenter) showMoves(lang chat.Lang, s sessions.Snapshot, moves []string) string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = r.ShowMove(lang, s, m)
	}
	return strings.Join(out, " ")
}

// lossText is a turn's loss in what the result judges by: points of win
// chance, or the game's units.
func (r *Presenter) lossText(lang chat.Lang, res *analysis.Result, loss float64) string {
	if res.ByChance {
		return r.cat.T(lang, "analysis.loss.chance", "loss", decimal(lang, loss, lossDigits(res)))
	}
	return r.cat.T(lang, "analysis.loss."+res.Unit, "loss", decimal(lang, loss, lossDigits(res)))
}

// lossDigits is how many decimals a loss is shown with: none in points of
// win chance, moves and centipawns, two in the games' units.
func lossDigits(res *analysis.Result) int {
	if res.ByChance || res.Unit == "move" || res.Unit == "centipawn" {
		return 0
	}
	return 2
}

// shownWorst is worst (a side's worst turns) less those whose loss shows
// as nothing ("Kf1 (−0% win chance)" among the worst moves was): a loss
// that rounds to zero is no loss to the reader.
func shownWorst(res *analysis.Result, worst []int) []int {
	var out []int
	for _, i := range worst {
		if decimal(chat.English, res.Turns[i].Loss, lossDigits(res)) != "0" {
			out = append(out, i)
		}
	}
	return out
}

// analysisBasis says how the positions were judged.
func (r *Presenter) analysisBasis(lang chat.Lang, res *analysis.Result) string {
	switch res.Method {
	case analysis.MethodDistance:
		return r.cat.T(lang, "analysis.basis.distance")
	case analysis.MethodReferee:
		return r.cat.T(lang, "analysis.basis.referee")
	}
	if res.ByChance {
		return r.cat.T(lang, "analysis.basis.engine-chance")
	}
	return r.cat.T(lang, "analysis.basis.engine")
}

// AnalysisGraph is res's evaluation graph in the reader's words: the
// side ahead up or down (the distance to the goal in a puzzle), the
// phases shaded, the inaccuracies, mistakes and blunders marked (the last
// two with their turn).
func (r *Presenter) AnalysisGraph(lang chat.Lang, s sessions.Snapshot, res *analysis.Result) render.Graph {
	lo, hi, mid, hasMid := res.Axis()
	g := render.Graph{
		Title:  "#" + s.Tag() + " · " + r.GameName(lang, s.Game) + " · " + r.cat.T(lang, "analysis.graph.title"),
		Values: res.Curve, Min: lo, Max: hi, Mid: mid, HasMid: hasMid,
		AxisLabel: r.cat.T(lang, "analysis.graph.moves"), PerNumber: 2,
	}
	if res.Method == analysis.MethodDistance {
		g.PerNumber, g.TopLabel, g.BottomLabel = 1, decimal(lang, hi, 0), r.cat.T(lang, "analysis.graph.goal")
		g.Values = make([]float64, len(res.Curve))
		for i, v := range res.Curve {
			g.Values[i] = v
			if v < 0 {
				g.Values[i] = math.NaN() // not known: the line breaks
			}
		}
	} else {
		g.TopLabel, g.BottomLabel = r.SideName(lang, s.Game, ai.First), r.SideName(lang, s.Game, ai.Second)
	}
	if len(res.Sides) == 2 && res.Method == analysis.MethodEngine {
		g.Title += " · " + r.cat.T(lang, "analysis.graph.accuracy", "first", r.SideName(lang, s.Game, ai.First),
			"a", percent(res.Sides[0].Accuracy), "second", r.SideName(lang, s.Game, ai.Second), "b", percent(res.Sides[1].Accuracy))
	}
	if len(res.Sides) == 2 && res.Method == analysis.MethodReferee {
		g.Title += " · " + r.cat.T(lang, "analysis.graph.error-rate", "first", r.SideName(lang, s.Game, ai.First),
			"a", oneDecimal(lang, res.Sides[0].ErrorRate), "second", r.SideName(lang, s.Game, ai.Second), "b", oneDecimal(lang, res.Sides[1].ErrorRate))
	}
	for _, sp := range res.Phases() {
		g.Phases = append(g.Phases, render.GraphPhase{From: sp.From, To: sp.To, Label: r.cat.T(lang, "analysis.phase."+sp.Phase)})
	}
	for i, t := range res.Turns {
		lvl := map[analysis.Class]int{analysis.Inaccuracy: 1, analysis.Mistake: 2, analysis.Blunder: 3}[t.Class]
		if lvl == 0 {
			continue
		}
		label := ""
		if lvl >= 2 {
			label = r.turnText(lang, s, res, i)
		}
		g.Marks = append(g.Marks, render.GraphMark{Index: i + 1, Level: lvl, Label: label})
	}
	return g
}

// AnalysisProgress is the line of a long analysis's progress.
func (r *Presenter) AnalysisProgress(lang chat.Lang, s sessions.Snapshot, done, total int) string {
	return r.cat.T(lang, "analysis.progress", "tag", "#"+s.Tag(), "percent", strconv.Itoa(100*done/max(total, 1)))
}

// upperFirst is s with its first letter in upper case, in lang's way
// ("beyaz" → "Beyaz", "ilk" → "İlk").
func upperFirst(lang chat.Lang, s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	c := unicode.SpecialCase(nil)
	if lang == chat.Turkish {
		c = unicode.TurkishCase
	}
	return strings.ToUpperSpecial(c, string(r)) + s[n:]
}

// percent is a share in percent, whole.
func percent(x float64) string { return strconv.Itoa(int(math.Round(x))) }

// oneDecimal is x with one decimal, in lang's way ("7,1" in Turkish).
func oneDecimal(lang chat.Lang, x float64) string { return games.Fixed(string(lang), x, 1) }

// decimal is x with at most digits decimals, trailing zeros dropped, in
// lang's way ("1,14" in Turkish, "1.14" in English).
func decimal(lang chat.Lang, x float64, digits int) string {
	return games.Number(string(lang), x, digits)
}

// signedValue is x with its sign (a minus sign, not a hyphen), in lang's
// way.
func signedValue(lang chat.Lang, x float64, digits int) string {
	s := decimal(lang, math.Abs(x), digits)
	switch {
	case s == "0":
		return "0"
	case x < 0:
		return "−" + s
	}
	return "+" + s
}
