package discord

// draughts_e2e_test.go plays Italian draughts and checkers through the
// real router, sessions, engine and renderer against the fake Discord:
// whole games by select menus after a move typed in numbers or squares,
// in Turkish and English, and the finished game's PDN file.

import (
	"strings"
	"testing"

	"oyunbot/chat/discord/fakediscord"
	"oyunbot/games"
	"oyunbot/games/draughts"
	"oyunbot/render"
)

// newDraughtsE2E is newE2E with the two draughts games registered.
func newDraughtsE2E(t *testing.T) *e2e {
	t.Helper()
	reg, err := games.NewRegistry(draughts.Italian, draughts.Checkers)
	if err != nil {
		t.Fatal(err)
	}
	return newE2EWith(t, reg, map[string]render.Drawer{"italian": render.NewItalianDraughts(320), "checkers": render.NewCheckers(320)})
}

// TestE2EDraughtsWholeGames: a move typed (numbers in Turkish Italian,
// squares in English checkers as Black, who opens), then menus only to the
// end; the last board has no menus, and `pdn` sends the game as a file.
func TestE2EDraughtsWholeGames(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		locale, play, typed, moved, over, gameType string
	}{
		{"tr", "!oyna italian kolay", "!hamle 22-18", "Ayşe: 22-18", "Oyun bitti", `[GameType "22"]`},
		{"en-US", "!play checkers easy black", "!move f6-e5", "Ayşe: f6-e5", "Game over", `[GameType "21"]`},
	} {
		t.Run(tc.locale, func(t *testing.T) {
			e := newDraughtsE2E(t)
			e.srv.SendMessage(dm, ayse, tc.play)
			e.waitBoard(t, dm.ID, 1)
			e.srv.SendMessage(dm, ayse, tc.typed)
			board := e.waitBoard(t, dm.ID, 2)
			if !strings.Contains(board.Content, tc.moved) {
				t.Fatalf("after %s: %q", tc.typed, board.Content)
			}
			n := 2
			for ; len(board.Menus()) > 0; n++ {
				if n > 400 {
					t.Fatal("no end after 400 boards")
				}
				msg := board
				for range 3 {
					menu, value, ok := moveOption(msg, n)
					if !ok {
						t.Fatalf("board %d: nothing to choose in %+v", n, msg.Menus())
					}
					e.srv.Select(dm, ayse, tc.locale, msg.ID, menu, value)
					if len(strings.Fields(value)) != 4 {
						break // a move
					}
					e.srv.WaitT(t, wait, "the piece's moves", func(v *fakediscord.View) bool {
						for _, m := range v.Messages(dm.ID) {
							if m.ID == msg.ID {
								msg = m
							}
						}
						_, v5, ok := moveOption(msg, 0)
						return ok && strings.Fields(v5)[3] == strings.Fields(value)[3] && len(strings.Fields(v5)) >= 5
					})
				}
				board = e.waitBoard(t, dm.ID, n+1)
			}
			if !strings.Contains(board.Content, tc.over) {
				t.Fatalf("last board %q", board.Content)
			}
			after := len(e.srv.Messages(dm.ID))
			e.srv.SendMessage(dm, ayse, "!pdn")
			pdn := e.waitMessage(t, dm.ID, after, "the PDN file", func(m fakediscord.Message) bool {
				return len(m.Files) > 0 && strings.HasSuffix(m.Files[0].Name, ".pdn")
			})
			if !strings.Contains(string(pdn.Files[0].Data), tc.gameType) {
				t.Fatalf("PDN:\n%s", pdn.Files[0].Data)
			}
			t.Logf("%d boards: %s", n, board.Content)
		})
	}
}
