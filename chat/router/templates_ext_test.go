package router_test

import (
	"regexp"
	"testing"

	"oyunbot/chat"
	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/dama"
	"oyunbot/games/draughts"
	"oyunbot/games/islem"
	"oyunbot/games/puzzle"
	"oyunbot/games/tavla"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
)

// rawTemplateRE is a catalogue placeholder or plural form left unrendered.
var rawTemplateRE = regexp.MustCompile(`\{[a-z]+(\|[^{}|]*\|[^{}|]*)?\}`)

// rawTemplates lists what of the replies' texts, captions and buttons is
// a placeholder left as it was in the catalogue.
func rawTemplates(rs []chat.Reply) []string {
	var out []string
	for _, r := range rs {
		out = append(out, rawTemplateRE.FindAllString(r.Text, -1)...)
		out = append(out, rawTemplateRE.FindAllString(r.Caption, -1)...)
		for _, row := range r.Buttons {
			for _, b := range row {
				out = append(out, rawTemplateRE.FindAllString(b.Label, -1)...)
			}
		}
	}
	return out
}

// TestGameCommandsRenderTheirTemplates (issue 35.1: İşlem's English
// "example" said "5 opponent {n|stone|stones}"): every real game's own
// commands, typed in each of their words in both languages, answer with
// every placeholder and plural form rendered.
func TestGameCommandsRenderTheirTemplates(t *testing.T) {
	// puzzle15 has puzzle8's commands and messages, and solves slower.
	all := []games.Game{chessgame.Game{}, dama.Game{}, draughts.Italian, draughts.Checkers, islem.Game{}, puzzle.Eight,
		tavla.Game{}, tictactoe.Game{}}
	reg, err := games.NewRegistry(all...)
	if err != nil {
		t.Fatal(err)
	}
	starts := map[string]string{"puzzle8": " from 1,2,3,4,5,6,0,7,8"}
	commands := 0
	for _, lang := range []string{"en", "tr"} {
		for _, g := range all {
			cmds := games.CommandsOf(g)
			if len(cmds) == 0 {
				continue
			}
			t.Run(lang+"/"+g.Name(), func(t *testing.T) {
				b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.Games = reg })
				b.say("lang " + lang)
				b.expect(b.say("play "+g.Name()+starts[g.Name()]), "#g1")
				for _, c := range cmds {
					for _, w := range c.Words {
						commands++
						rs := b.say(w)
						if len(rs) == 0 {
							t.Errorf("%q: no answer", w)
						}
						if raw := rawTemplates(rs); len(raw) > 0 {
							t.Errorf("%q answers with %q unrendered: %q", w, raw, texts(rs))
						}
					}
				}
			})
		}
	}
	if commands < 10 {
		t.Fatalf("only %d command words tried", commands)
	}
}
