package router_test

import (
	"strings"
	"testing"

	"oyunbot/chat"
	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/tavla"
	"oyunbot/sessions"
)

// moveListButtons returns the data of rs's last board's legal-move
// buttons ("tap #g1 <guard> =1/5").
func moveListButtons(rs []chat.Reply) []string {
	var out []string
	for i := len(rs) - 1; i >= 0 && out == nil; i-- {
		for _, row := range rs[i].Board {
			for _, b := range row {
				if strings.HasPrefix(b.Data, "tap ") && strings.Contains(b.Data, " =") {
					out = append(out, b.Data)
				}
			}
		}
	}
	return out
}

// TestTavlaPlayedByPresses: a tavla game against the bot is played to its
// end by presses alone, each legal move a button (a message the bot can
// only edit takes no typed move, issue 36); a press on an older board's
// move says it is old and plays nothing.
func TestTavlaPlayedByPresses(t *testing.T) {
	reg, err := games.NewRegistry(tavla.Game{})
	if err != nil {
		t.Fatal(err)
	}
	b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.Games = reg })
	rs := b.msg("grp", "ayse", "play hapis easy", false)
	var first string
	presses := 0
	for ; ; presses++ {
		if strings.Contains(texts(rs), "Game over") {
			break
		}
		moves := moveListButtons(rs)
		if len(moves) == 0 {
			t.Fatalf("no move to press after %d presses: %q", presses, texts(rs))
		}
		if presses > 1000 {
			t.Fatal("the game did not end")
		}
		switch presses {
		case 0:
			first = moves[0]
		case 1:
			// The first board's move, pressed again: old.
			stale := b.msg("grp", "ayse", first, false)
			b.expect(stale, "out of date")
			if now := moveListButtons(stale); strings.Join(now, " ") != strings.Join(moves, " ") {
				t.Fatalf("an old press changed the moves: %q, then %q", moves, now)
			}
		}
		rs = b.msg("grp", "ayse", moves[0], false)
	}
}
