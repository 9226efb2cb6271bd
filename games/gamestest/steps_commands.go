package gamestest

// steps_commands.go gives Steps commands of its own, to test games'
// commands (games.Commander) through the bot: "hint" replaces the bot's
// general hint (which puzzles refuse), "record" answers with a file and a
// chart, "boom" is a command with a bug.

import (
	"context"
	"fmt"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
)

// Commands implements games.Commander.
func (Steps) Commands() []games.Command {
	return []games.Command{
		{Key: "hint", Words: []string{"hint", "ipucu"}, Run: stepsHint},
		{Key: "record", Words: []string{"record", "kayıt"}, Run: stepsRecord},
		{Key: "boom", Words: []string{"boom"}, Run: func(context.Context, games.CommandRequest) (games.CommandAnswer, error) {
			panic("steps: boom")
		}},
	}
}

// stepsHint names the first move of a shortest solution.
func stepsHint(_ context.Context, req games.CommandRequest) (games.CommandAnswer, error) {
	p := req.Position.(*StepsPos)
	if p.n == 0 {
		return games.CommandAnswer{}, fmt.Errorf("%s", pick(req.Lang, "already solved", "zaten çözüldü"))
	}
	best, first := -1, ""
	for _, m := range p.Moves(nil) {
		q := &StepsPos{n: p.n}
		q.Make(m)
		if d := stepsDistance(q.n); best < 0 || d < best {
			best, first = d, stepsMoves[m.Lo-1]
		}
	}
	return games.CommandAnswer{Text: pick(req.Lang, "next: ", "sıradaki: ") + first}, nil
}

// stepsDistance is the length of a shortest solution from n.
func stepsDistance(n int) int {
	d := make([]int, n+1)
	for i := 1; i <= n; i++ {
		d[i] = d[i-1] + 1
		if i%2 == 0 {
			d[i] = min(d[i], d[i/2]+1)
		}
		if i%3 == 0 {
			d[i] = min(d[i], d[i/3]+1)
		}
	}
	return d[n]
}

// stepsRecord writes the game as a file: the start and each move with the
// number it leads to, and a chart of how often each move was played.
func stepsRecord(_ context.Context, req games.CommandRequest) (games.CommandAnswer, error) {
	var b strings.Builder
	p := req.Start.Clone()
	fmt.Fprintf(&b, "start %s\n", p.String())
	counts := make([]float64, len(stepsMoves))
	for _, m := range req.Moves {
		text := p.FormatMove(m)
		p.Make(m)
		counts[m.Lo-1]++
		fmt.Fprintf(&b, "%s %s\n", text, p.String())
	}
	if req.Over {
		fmt.Fprintf(&b, "over: %s\n", req.Reason)
	}
	return games.CommandAnswer{
		Text: fmt.Sprintf(pick(req.Lang, "Record of #g%d: %d moves", "#g%d kaydı: %d hamle"), req.ID, len(req.Moves)),
		File: &games.File{Name: fmt.Sprintf("steps-g%d.txt", req.ID), MIME: "text/plain", Data: []byte(b.String())},
		Chart: &games.Chart{
			Title:  pick(req.Lang, "moves played", "oynanan hamleler"),
			Labels: stepsMoves[:],
			Series: []games.Series{{Name: pick(req.Lang, "count", "sayı"), Values: counts}},
		},
	}, nil
}

func pick(lang, en, tr string) string {
	if lang == "tr" {
		return tr
	}
	return en
}

var _ ai.Position = (*StepsPos)(nil)
