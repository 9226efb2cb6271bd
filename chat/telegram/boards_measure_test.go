package telegram_test

// boards_measure_test.go measures what a game costs a group: new messages
// and API calls per game (issue 36: one board per game, edited in place).
// The figures are in BENCHMARKS.md ("Messages per game").

import (
	"sort"
	"strconv"
	"strings"
	"testing"

	"oyunbot/chat"
	"oyunbot/chat/telegram"
	"oyunbot/chat/telegram/telegramtest"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/render"
)

// newChessE2E is a bot wired as cmd/bot wires it, with chess and its
// picture, on a SQLite file; cfg may change the adapter's configuration.
func newChessE2E(t *testing.T, cfg func(*telegram.Config)) *e2e {
	t.Helper()
	reg, err := games.NewRegistry(chessgame.Game{})
	if err != nil {
		t.Fatal(err)
	}
	return newE2EOpts(t, reg, map[string]render.Drawer{"chess": render.NewChess(320)}, nil, cfg)
}

// tapBoard returns the group's newest message with a tap board.
func tapBoard(srv *telegramtest.Server, chatID int64) (telegramtest.Sent, bool) {
	sent := srv.Sent(chatID)
	for i := len(sent) - 1; i >= 0; i-- {
		for _, d := range sent[i].Data() {
			if strings.HasPrefix(d, "tap ") {
				return sent[i], true
			}
		}
	}
	return telegramtest.Sent{}, false
}

// guardOf is the position a tap board was made for ("tap #g1 <guard> e2").
func guardOf(s telegramtest.Sent) string {
	for _, d := range s.Data() {
		if f := strings.Fields(d); len(f) >= 3 && f[0] == "tap" {
			return f[2]
		}
	}
	return ""
}

// tapsWith returns the tap data of s with n squares.
func tapsWith(s telegramtest.Sent, n int) []string {
	var out []string
	for _, d := range s.Data() {
		if f := strings.Fields(d); len(f) == 3+n && f[0] == "tap" {
			out = append(out, d)
		}
	}
	return out
}

// playChessByTaps plays up to plies moves of a chess game between Ayşe and
// Bob in group by taps (a piece, then its target; varied by ply so that
// the game goes somewhere), and returns the plies played.
func playChessByTaps(t *testing.T, e *e2e, group telegramtest.Chat, plies int) int {
	t.Helper()
	players := map[string]telegramtest.User{"Ayşe": ayse, "Bob": bob}
	for ply := 0; ply < plies; ply++ {
		var board telegramtest.Sent
		if err := e.srv.Wait(patience, func() bool {
			var ok bool
			board, ok = tapBoard(e.srv, group.ID)
			return ok && len(tapsWith(board, 1)) > 0
		}); err != nil {
			return ply // the game is over: no piece to tap
		}
		var mover telegramtest.User
		for name, u := range players {
			if strings.Contains(board.Text, "To move: "+name) || strings.Contains(board.Text, "Sıra: "+name) {
				mover = u
			}
		}
		if mover.ID == 0 {
			t.Fatalf("ply %d: whose turn? %q", ply, board.Text)
		}
		pieces := tapsWith(board, 1)
		guard := guardOf(board)
		if _, err := e.srv.Press(mover, group.ID, board.MessageID, pieces[(ply*7)%len(pieces)]); err != nil {
			t.Fatal(err)
		}
		var targets []string
		if err := e.srv.Wait(patience, func() bool {
			for _, s := range e.srv.Sent(group.ID) {
				if s.MessageID == board.MessageID {
					targets = tapsWith(s, 2)
				}
			}
			return len(targets) > 0
		}); err != nil {
			t.Fatalf("ply %d: the piece's targets never came", ply)
		}
		if _, err := e.srv.Press(mover, group.ID, board.MessageID, targets[(ply*3)%len(targets)]); err != nil {
			t.Fatal(err)
		}
		var choices []string
		if err := e.srv.Wait(patience, func() bool {
			now, ok := tapBoard(e.srv, group.ID)
			choices = tapsWith(now, 3) // a promotion: the pieces to choose from
			return !ok || guardOf(now) != guard || len(choices) > 0
		}); err != nil {
			t.Fatalf("ply %d: the move never showed", ply)
		}
		if len(choices) > 0 {
			if _, err := e.srv.Press(mover, group.ID, board.MessageID, choices[0]); err != nil {
				t.Fatal(err)
			}
			if err := e.srv.Wait(patience, func() bool {
				now, ok := tapBoard(e.srv, group.ID)
				return !ok || guardOf(now) != guard
			}); err != nil {
				t.Fatalf("ply %d: the promotion never showed", ply)
			}
		}
	}
	return plies
}

// TestMessagesPerChessGame plays a 40-move chess game between two people in
// a group by taps and counts what it cost the group: new messages, edits
// and every API call. With boards edited in place (a chat.BoardSender
// adapter) the goal of issue 36 holds: at most 3 new messages a game, every
// other turn an edit.
func TestMessagesPerChessGame(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game of taps")
	}
	e := newChessE2E(t, nil)
	group := telegramtest.Group(-1001, "Satranç")
	his, err := e.srv.SendText(group, bob, "selam, satranç?")
	if err != nil {
		t.Fatal(err)
	}
	e.srv.SendMessage(telegramtest.Message{From: &ayse, Chat: group, Text: "/challenge chess", ReplyToMessage: &his})
	invite := e.waitText(t, group.ID, 0, func(s telegramtest.Sent) bool {
		return len(s.Data()) > 0 && strings.HasPrefix(s.Data()[0], "accept ")
	})
	if _, err := e.srv.Press(bob, group.ID, invite.MessageID, invite.Data()[0]); err != nil {
		t.Fatal(err)
	}
	before := len(e.srv.Sent(group.ID))
	plies := playChessByTaps(t, e, group, 80)
	if err := e.router.Wait(t.Context()); err != nil {
		t.Fatal(err)
	}
	calls := map[string]int{}
	total := 0
	for _, c := range e.srv.Calls("") {
		if c.Method == "getUpdates" || c.Method == "getMe" || c.Method == "setMyCommands" || c.Method == "deleteWebhook" {
			continue
		}
		calls[c.Method]++
		total++
	}
	var parts []string
	for m, n := range calls {
		parts = append(parts, m+" "+strconv.Itoa(n))
	}
	sort.Strings(parts)
	posted := len(e.srv.Sent(group.ID)) - before
	_, live := any(e.bot).(chat.BoardSender)
	t.Logf("%d plies (%d moves), board messages edited in place: %v; new messages in the group after the challenge: %d; API calls: %d (%s)",
		plies, (plies+1)/2, live, posted, total, strings.Join(parts, ", "))
	if plies < 20 {
		t.Fatalf("the game ended after %d plies: too short to measure", plies)
	}
	if live && posted > 3 {
		t.Errorf("%d new messages for a game of %d plies: want at most 3, every other turn an edit", posted, plies)
	}
}
