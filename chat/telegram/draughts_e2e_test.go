package telegram_test

// draughts_e2e_test.go plays Italian draughts and checkers through the
// real router, sessions, engine and renderer against the fake Bot API:
// whole games by tapping the boards' keyboards, moves typed in squares
// and in numbers, in Turkish and English, and the finished game's PDN.

import (
	"strings"
	"testing"

	"oyunbot/chat/telegram/telegramtest"
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
	return newE2EOpts(t, reg, map[string]render.Drawer{"italian": render.NewItalianDraughts(320), "checkers": render.NewCheckers(320)}, nil, nil)
}

// TestE2EDraughtsWholeGames plays whole games against the bot: the first
// moves typed (in numbers, then in squares: the bot answers in the form
// last typed), the rest by tapping only; the last board has no squares (a
// rematch button at most), and the finished game comes back as a PDN file.
func TestE2EDraughtsWholeGames(t *testing.T) {
	for _, tc := range []struct {
		user               telegramtest.User
		play, typed, moved string
		answer             func(string) bool
		over, gameType     string
	}{
		// Italian: White moves first; 22-18 is d3-c4.
		{bob, "/play italian easy", "22-18", "Bob: 22-18", isNumeric, "Game over", `[GameType "22"]`},
		// Checkers as Black, who opens: f6-e5 is 11-15.
		{ayse, "/play checkers kolay siyah", "f6-e5", "Ayşe Yılmaz: f6-e5", isSquares, "Oyun bitti", `[GameType "21"]`},
	} {
		t.Run(tc.user.FirstName, func(t *testing.T) {
			e := newDraughtsE2E(t)
			dm := telegramtest.Private(tc.user)
			if _, err := e.srv.SendText(dm, tc.user, tc.play); err != nil {
				t.Fatal(err)
			}
			board := e.waitPhotos(t, dm.ID, 1)
			if len(board.Keyboard) != 9 || len(board.Keyboard[0]) != 8 {
				t.Fatalf("keyboard of %d rows: %+v", len(board.Keyboard), board.Keyboard)
			}
			if _, err := e.srv.SendText(dm, tc.user, tc.typed); err != nil {
				t.Fatal(err)
			}
			board = e.waitPhotos(t, dm.ID, 2)
			if !strings.Contains(board.Text, tc.moved) {
				t.Fatalf("after %s: %q", tc.typed, board.Text)
			}
			// The bot's answer is written the way the person typed.
			bot := board.Text[strings.Index(board.Text, "oyunbot: ")+len("oyunbot: "):]
			bot = strings.Fields(bot)[0]
			if !tc.answer(bot) {
				t.Fatalf("the bot answered %q to %q", bot, tc.typed)
			}
			n := 2
			for ; len(board.Keyboard) >= 8; n++ { // the squares' keyboard: the game runs
				if n > 400 {
					t.Fatal("no end after 400 boards")
				}
				_, piece, ok := tapData(board.Keyboard, 4)
				if !ok {
					t.Fatalf("board %d: no piece to tap: %+v", n, board.Keyboard)
				}
				if _, err := e.srv.Press(tc.user, dm.ID, board.MessageID, piece); err != nil {
					t.Fatal(err)
				}
				var target string
				if err := e.srv.Wait(patience, func() bool {
					_, target, ok = tapData(e.message(t, dm.ID, board.MessageID).Keyboard, 5)
					return ok
				}); err != nil {
					t.Fatalf("board %d: tapping %q edited nothing", n, piece)
				}
				if _, err := e.srv.Press(tc.user, dm.ID, board.MessageID, target); err != nil {
					t.Fatal(err)
				}
				if err := e.srv.Wait(patience, func() bool {
					return len(e.photos(dm.ID)) > n || len(e.message(t, dm.ID, board.MessageID).Keyboard) > 9
				}); err != nil {
					t.Fatalf("board %d: tapping %q played nothing; chat %q", n, target, texts(e.srv.History(dm.ID)))
				}
				if len(e.photos(dm.ID)) == n { // several captures between the squares: the first
					_, choice, _ := tapData(e.message(t, dm.ID, board.MessageID).Keyboard[8:], 5)
					if _, err := e.srv.Press(tc.user, dm.ID, board.MessageID, choice); err != nil {
						t.Fatal(err)
					}
				}
				board = e.waitPhotos(t, dm.ID, n+1)
			}
			if !strings.Contains(board.Text, tc.over) || len(board.Keyboard) > 1 {
				t.Fatalf("last board %q, keyboard %+v", board.Text, board.Keyboard)
			}
			before := len(e.srv.History(dm.ID))
			if _, err := e.srv.SendText(dm, tc.user, "/pdn"); err != nil {
				t.Fatal(err)
			}
			if err := e.srv.Wait(patience, func() bool {
				for _, s := range e.srv.History(dm.ID)[before:] {
					if s.Method == "sendDocument" {
						return true
					}
				}
				return false
			}); err != nil {
				t.Fatalf("no PDN file; chat %q", texts(e.srv.History(dm.ID)[before:]))
			}
			for _, s := range e.srv.History(dm.ID)[before:] {
				if s.Method == "sendDocument" && !strings.Contains(string(s.Document), tc.gameType) {
					t.Fatalf("PDN %q:\n%s", s.DocName, s.Document)
				}
			}
			t.Logf("%d boards: %s", n, board.Text)
		})
	}
}

// isNumeric reports a move written in numbers (22-18, 9x18).
func isNumeric(m string) bool { return m != "" && m[0] >= '0' && m[0] <= '9' }

// isSquares reports a move written in squares (c3-d4).
func isSquares(m string) bool { return m != "" && m[0] >= 'a' && m[0] <= 'h' }
