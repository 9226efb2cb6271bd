package discord

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"oyunbot/chat/discord/fakediscord"
	"oyunbot/games"
	"oyunbot/games/tavla"
	"oyunbot/render"
)

// TestE2EStandardTavlaBothLanguages: standard tavla through the fake
// Discord, typed, in Turkish and English: from a set position a checker
// enters from the bar with a hit and the bot's hit checker enters in turn;
// from another White bears off its last checker for a mars.
func TestE2EStandardTavlaBothLanguages(t *testing.T) {
	t.Parallel()
	const (
		enterHit = ".,.,b1,.,.,b14,.,.,.,.,.,w14,.,.,.,.,.,.,.,.,.,.,.,. 0 0 1 0 w 3-1"
		mars     = ".,.,.,.,.,.,.,.,.,.,.,.,b15,.,.,.,.,.,.,.,.,.,.,w1 14 0 0 0 w 2-1"
	)
	reg, err := games.NewRegistry(tavla.Standard{})
	if err != nil {
		t.Fatal(err)
	}
	hit := regexp.MustCompile(`bar/22\\?\* 13/12 · oyunbot: [1-6]{2}: bar/`) // Discord escapes the * of a hit
	for _, tc := range []struct {
		locale, play, move, title, marsText string
	}{
		{"tr", "!oyna tavla kolay konum ", "!hamle ", "Yeni oyun: Tavla", "mars: rakip hiç pul toplayamadı. (2 sayı)"},
		{"en-US", "!play tavla easy from ", "!move ", "New game: Tavla", "mars: the loser bore off none. (2 points)"},
	} {
		t.Run(tc.locale, func(t *testing.T) {
			t.Parallel()
			e := newE2EWith(t, reg, map[string]render.Drawer{"tavla": render.NewTavlaStandard(240)})
			// shown waits for a board of the channel after its first n
			// whose text ok accepts.
			shown := func(ch fakediscord.Channel, n int, what string, ok func(string) bool) {
				t.Helper()
				e.srv.WaitT(t, wait, what, func(v *fakediscord.View) bool {
					b := shownBoards(v, ch.ID)
					return slices.ContainsFunc(b[min(n, len(b)):], func(m fakediscord.Message) bool { return ok(m.Content) })
				})
			}
			e.srv.SendMessage(dm, ayse, tc.play+enterHit)
			shown(dm, 0, "the game", func(s string) bool { return strings.Contains(s, tc.title) })
			e.srv.SendMessage(dm, ayse, tc.move+"bar/22 13/12")
			shown(dm, 1, "the hit and the bot's entering", hit.MatchString)

			// Another DM (a guild channel speaks its guild's language).
			dm2 := fakediscord.Channel{ID: "701"}
			e.srv.SendMessage(dm2, ayse, tc.play+mars)
			shown(dm2, 0, "the game", func(s string) bool { return strings.Contains(s, tc.title) })
			e.srv.SendMessage(dm2, ayse, tc.move+"1/off")
			shown(dm2, 1, "the mars", func(s string) bool { return strings.Contains(s, tc.marsText) })
		})
	}
}
