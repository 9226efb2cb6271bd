package telegram_test

// liveboard_e2e_test.go plays whole games in a group through the real
// router, sessions, engines and renderers against the fake Bot API, each
// game in one live message (issue 36): its board is edited in place turn
// after turn (editMessageMedia), the taps' selections edit its keyboard,
// and a new board message is posted only at the start and the end, when
// the board was lost from sight or when an edit fails.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"slices"
	"strconv"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/chat/telegram"
	"oyunbot/chat/telegram/telegramtest"
	"oyunbot/games/puzzle"
	"oyunbot/internal/registry"
	"oyunbot/render"
	"oyunbot/sessions"
)

// newLiveE2E is a bot with every registered game and its drawer, its
// Config changed by cfg when not nil.
func newLiveE2E(t *testing.T, cfg func(*telegram.Config)) *e2e {
	t.Helper()
	drawers := map[string]render.Drawer{}
	for _, en := range registry.Entries() {
		if en.Drawer != nil {
			drawers[en.Game.Name()] = en.Drawer(240)
		}
	}
	return newE2EOpts(t, registry.New(), drawers, nil, cfg)
}

// liveBoard is the current state of the chat's last board message.
func (e *e2e) liveBoard(t *testing.T, chatID int64) telegramtest.Sent {
	t.Helper()
	ps := e.photos(chatID)
	if len(ps) == 0 {
		t.Fatal("no board")
	}
	return e.message(t, chatID, ps[len(ps)-1].MessageID)
}

// over reports whether game id has ended, and its moves when it has not.
func (e *e2e) over(id int64) (bool, []string) {
	s, err := e.mgr.Lobby().Get(id)
	if err != nil || s.Result.Over {
		return true, nil
	}
	return false, s.Moves
}

// playable lists a keyboard's buttons that play: squares to tap (with at
// least n words: "tap #g1 <guard>" and the squares tapped) and moves.
func playable(kb [][]telegramtest.Button, n int) []string {
	var out []string
	for _, row := range kb {
		for _, b := range row {
			if b.CallbackData == nil {
				continue
			}
			d := *b.CallbackData
			if strings.HasPrefix(d, "move ") || strings.HasPrefix(d, "tap ") && len(strings.Fields(d)) >= n {
				out = append(out, d)
			}
		}
	}
	return out
}

// playByTaps plays game id in a chat as user by tapping its live board
// only, a playable button at a time chosen by pick (a piece, then one of
// its targets, then one of the moves between the two squares...), until
// the game ends; it returns the presses that played a move.
func (e *e2e) playByTaps(t *testing.T, chatID int64, user telegramtest.User, id int64, pick func([]string) string, maxTurns int) int {
	t.Helper()
	turns, presses, shown := 0, 0, 0 // shown: the boards shown before the last move
	var last []string                // the buttons before the last press
	for ; ; presses++ {
		var board telegramtest.Sent
		// A board shown since the last move, to play on, or the end.
		err := e.srv.Wait(patience, func() bool {
			if done, _ := e.over(id); done {
				return true
			}
			if len(e.photos(chatID)) <= shown {
				return false
			}
			board = e.liveBoard(t, chatID)
			return len(playable(board.Keyboard, 4)) > 0
		})
		if err != nil {
			t.Fatalf("turn %d: no board to play; chat %q", turns, texts(e.srv.History(chatID)))
		}
		if done, _ := e.over(id); done {
			return turns
		}
		if turns == maxTurns || presses > 8*maxTurns+8 {
			t.Fatalf("no end after %d turns, %d presses", turns, presses)
		}
		// The buttons a selection brought (a piece's targets, the moves
		// between two squares), else any.
		options := playable(board.Keyboard, 4)
		var fresh []string
		for _, o := range options {
			if !slices.Contains(last, o) {
				fresh = append(fresh, o)
			}
		}
		if len(fresh) > 0 && last != nil {
			options = fresh
		}
		_, before := e.over(id)
		press := pick(options)
		kb := flat(board.Keyboard)
		photos := len(e.photos(chatID))
		cb, err := e.srv.Press(user, chatID, board.MessageID, press)
		if err != nil {
			t.Fatal(err)
		}
		moved := false
		err = e.srv.Wait(patience, func() bool {
			if done, now := e.over(id); done || len(now) > len(before) {
				moved = true
				return true
			}
			// A selection, a newer board, or the press refused (its
			// board out of date).
			text, _, answered := e.srv.Answer(cb)
			return flat(e.message(t, chatID, board.MessageID).Keyboard) != kb || len(e.photos(chatID)) > photos || answered && text != ""
		})
		if err != nil {
			t.Fatalf("turn %d: pressing %q did nothing; chat %q", turns, press, texts(e.srv.History(chatID)))
		}
		if moved {
			turns++
			shown, last = photos, nil
			continue
		}
		last = playable(board.Keyboard, 4)
	}
}

// tally counts what the bot did in a chat: the messages it posted, the
// boards shown (posted or edited) and the API calls of each kind.
type tally struct {
	messages, boards, edits int
	calls                   map[string]int
}

func (e *e2e) tally(chatID int64) tally {
	var c tally
	c.calls = map[string]int{}
	c.messages = len(e.srv.Sent(chatID))
	for _, s := range e.srv.History(chatID) {
		if isBoard(s) {
			c.boards++
		}
		if s.Method == "editMessageMedia" {
			c.edits++
		}
	}
	for _, call := range e.srv.Calls("") {
		c.calls[call.Method]++
	}
	return c
}

func (c tally) String() string {
	var calls []string
	for m, n := range c.calls {
		if m != "getUpdates" {
			calls = append(calls, fmt.Sprintf("%s %d", m, n))
		}
	}
	slices.Sort(calls)
	return fmt.Sprintf("%d messages, %d boards shown (%d by editing), calls: %s", c.messages, c.boards, c.edits, strings.Join(calls, ", "))
}

// TestE2ELiveBoardWholeGames: a whole game played in a group against the
// bot by taps alone (tic-tac-toe, chess, dama with a multi-capture tapped
// square by square, İşlem, tavla with the bot's dice, the 8-puzzle solved
// tile by tile) lives in one board message, edited in place every turn:
// besides the start's message, the game posts at most its end's board (a
// game's end is posted anew, with its result and analysis) and what it
// says beside the board. The same game with the channel's «board new»
// (a picture each turn, as before) posts a message a turn, for comparison.
func TestE2ELiveBoardWholeGames(t *testing.T) {
	for i, tc := range []struct {
		name, play string
		seed       uint64 // of Bob's taps
		maxTurns   int
		// played checks the finished game's moves (Bob's the even ones).
		played func([]string) bool
		// pick chooses Bob's tap (nil: at random).
		pick func(e *e2e, options []string) string
	}{
		{"tictactoe", "/play tictactoe easy x", 0, 5, nil, nil},
		{"chess", "/play chess easy white", 1, 200, nil, nil},
		// A capture of several pieces, tapped square by square.
		{"dama", "/play dama easy", 6, 150, func(moves []string) bool {
			for i := 0; i < len(moves); i += 2 {
				if strings.Count(moves[i], "x") >= 2 {
					return true
				}
			}
			return false
		}, nil},
		{"islem", "/play islem easy", 3, 200, nil, nil},
		// The dice rolled by the bot, each checker's move a button.
		{"tavla", "/play tavla easy", 4, 400, nil, nil},
		// The tiles of the shortest solution, tapped one by one.
		{"puzzle8", "/play puzzle8", 0, 40, nil, func(e *e2e, options []string) string {
			s, err := e.mgr.Lobby().Get(1)
			if err != nil {
				return options[0]
			}
			next := "=" + solvePuzzle(t, s)[0]
			for _, o := range options {
				if strings.HasSuffix(o, " "+next) {
					return o
				}
			}
			t.Fatalf("no tile %s among %q", next, options)
			return ""
		}},
	} {
		for _, each := range []bool{false, true} {
			name := tc.name
			if each {
				name += "/picture-each-turn"
			}
			t.Run(name, func(t *testing.T) {
				if testing.Short() && (each || tc.maxTurns > 150) {
					t.Skip("long games, and the comparison with a picture each turn: without -short")
				}
				e := newLiveE2E(t, nil)
				group := telegramtest.Group(int64(5100+i), "Canlı Tahta")
				skip := 0 // the setting's answer
				if each {
					// The channel's setting keeps a picture of every turn:
					// the same game, as before issue 36.
					e.srv.SetMember(group.ID, ayse.ID, "administrator")
					e.srv.SendText(group, ayse, "/board new")
					waitSent(t, e.srv, group.ID, 1)
					skip = 1
				}
				if _, err := e.srv.SendText(group, bob, tc.play); err != nil {
					t.Fatal(err)
				}
				first := e.waitPhotos(t, group.ID, 1)
				rng := rand.New(rand.NewPCG(tc.seed, 36))
				pick := func(o []string) string { return o[rng.IntN(len(o))] }
				if tc.pick != nil {
					pick = func(o []string) string { return tc.pick(e, o) }
				}
				turns := e.playByTaps(t, group.ID, bob, 1, pick, tc.maxTurns)
				var last telegramtest.Sent
				if err := e.srv.Wait(patience, func() bool {
					last = e.liveBoard(t, group.ID)
					return strings.Contains(last.Text, "Game over") || strings.Contains(last.Text, "Solved")
				}); err != nil {
					t.Fatalf("no final board: %q", texts(e.srv.History(group.ID)))
				}
				if len(playable(last.Keyboard, 4)) != 0 {
					t.Errorf("last board %q keeps %d playable buttons", last.Text, len(playable(last.Keyboard, 4)))
				}
				f, ok := e.mgr.Lobby().Finished(context.Background(), 1)
				if !ok || !f.Result.Over {
					t.Fatalf("game not finished: %+v", f.Result)
				}
				if tc.played != nil && !tc.played(f.Moves) {
					t.Errorf("moves %q", f.Moves)
				}
				c := e.tally(group.ID)
				c.messages -= skip
				t.Logf("%s: %d turns of Bob's, %d moves: %v", name, turns, len(f.Moves), c)
				if each {
					if c.edits != 0 || c.messages != c.boards {
						t.Errorf("a picture each turn: %v", c)
					}
					return
				}
				if c.messages != 2 {
					t.Errorf("%d messages for one game, want its start and its end: %q", c.messages, texts(e.srv.Sent(group.ID)))
				}
				if c.edits < turns-1 {
					t.Errorf("%d boards edited in place for %d turns", c.edits, turns)
				}
				// The start's board is the message the game was played in.
				if e.message(t, group.ID, first.MessageID).Edits < turns-1 {
					t.Errorf("the first board was edited %d times for %d turns", e.message(t, group.ID, first.MessageID).Edits, turns)
				}
			})
		}
	}
}

// TestE2ELiveBoardDeleted: the board message deleted (an admin tidying
// up), the next move is shown on a new board: the edit refused, the board
// posted anew, the move played once and no turn lost; the game goes on in
// the new message.
func TestE2ELiveBoardDeleted(t *testing.T) {
	e := newLiveE2E(t, nil)
	group := telegramtest.Group(5200, "Silinen")
	e.srv.SendText(group, bob, "/play tictactoe easy x")
	board := e.waitPhotos(t, group.ID, 1)
	if err := e.srv.DeleteMessage(group.ID, board.MessageID); err != nil {
		t.Fatal(err)
	}
	e.srv.SendText(group, bob, "b2")
	next := e.waitPhotos(t, group.ID, 2)
	if next.Method != "sendPhoto" || next.MessageID == board.MessageID || !strings.Contains(next.Text, "Bob: b2") {
		t.Fatalf("after the deletion: %s of %d %q", next.Method, next.MessageID, next.Text)
	}
	calls := e.srv.Calls("editMessageMedia")
	if len(calls) != 1 || calls[0].Status != 400 {
		t.Errorf("the edit of the deleted board: %+v", calls)
	}
	if _, moves := e.over(1); len(moves) != 2 || moves[0] != "b2" {
		t.Errorf("moves %q, want b2 and the bot's answer", moves)
	}
	// The game goes on in the new message, by taps.
	cells := cellMoves(next)
	if _, err := e.srv.Press(bob, group.ID, next.MessageID, cells[0]); err != nil {
		t.Fatal(err)
	}
	third := e.waitPhotos(t, group.ID, 3)
	if third.MessageID != next.MessageID || third.Method != "editMessageMedia" {
		t.Errorf("the game's next board: %s of %d, want an edit of %d", third.Method, third.MessageID, next.MessageID)
	}
	if vis := e.srv.Visible(group.ID); len(vis) != 1 {
		t.Errorf("visible: %q", texts(vis))
	}
}

// TestE2ELiveBoardResentPress: Telegram re-sends a press's update (its
// webhook's answer lost): the move is played once, the board edited once.
func TestE2ELiveBoardResentPress(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	e := newLiveE2E(t, func(c *telegram.Config) {
		c.WebhookURL, c.WebhookSecret, c.Listener = "http://"+ln.Addr().String()+"/hook", "live_secret", ln
	})
	if err := e.srv.Wait(patience, func() bool { u, _ := e.srv.Webhook(); return u != "" }); err != nil {
		t.Fatal("webhook not set")
	}
	group := telegramtest.Group(5300, "Tekrar")
	e.srv.SendText(group, bob, "/play tictactoe easy x")
	board := e.waitPhotos(t, group.ID, 1)
	if _, err := e.srv.Press(bob, group.ID, board.MessageID, "move #g1 b2"); err != nil {
		t.Fatal(err)
	}
	e.waitPhotos(t, group.ID, 2)
	press := e.srv.LastUpdateID()
	for range 2 {
		if err := e.srv.Redeliver(press, ""); err != nil {
			t.Fatal(err)
		}
	}
	// A barrier: a text in the same chat, handled after the re-sent press.
	mark := len(e.srv.History(group.ID))
	e.srv.SendText(group, bob, "/games")
	e.waitText(t, group.ID, mark, func(s telegramtest.Sent) bool { return strings.Contains(s.Text, "#g1") })
	if _, moves := e.over(1); len(moves) != 2 {
		t.Errorf("moves %q after a press sent three times", moves)
	}
	if n := len(e.srv.Calls("editMessageMedia")); n != 1 {
		t.Errorf("%d board edits for one press", n)
	}
	if n := len(e.photos(group.ID)); n != 2 {
		t.Errorf("%d boards shown", n)
	}
}

// TestE2ELiveBoardTypedGames: games played by typed moves in a group, in
// their live board: tavla against the bot, dice rolled by the bot each
// turn, each checker typed alone, and the 8-puzzle solved tile by tile. A typed move is a message
// below the board, so the board is edited in place while fewer than four
// such messages came below it, and posted anew at the bottom after that:
// about one new board every four turns, every other turn an edit.
func TestE2ELiveBoardTypedGames(t *testing.T) {
	if testing.Short() {
		t.Skip("whole games typed: without -short")
	}
	for i, tc := range []struct {
		name, play string
		moves      func(e *e2e, s sessions.Snapshot) []string // the next moves to type
	}{
		{"tavla", "/play tavla easy", func(_ *e2e, s sessions.Snapshot) []string { return s.Legal[:1] }},
		{"puzzle8", "/play puzzle8", func(_ *e2e, s sessions.Snapshot) []string { return solvePuzzle(t, s) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newLiveE2E(t, nil)
			group := telegramtest.Group(int64(5400+i), "Yazarak")
			e.srv.SendText(group, bob, tc.play)
			e.waitPhotos(t, group.ID, 1)
			turns := 0
			for ; turns < 300; turns++ {
				var s sessions.Snapshot
				err := e.srv.Wait(patience, func() bool {
					var err error
					s, err = e.mgr.Lobby().Get(1)
					if err != nil || s.Result.Over {
						return true
					}
					return s.SideOf(itoa(bob.ID)) == s.Turn && len(s.Legal) > 0
				})
				if err != nil {
					t.Fatalf("turn %d: not Bob's turn: turn %v side %v legal %q prompt %q", turns, s.Turn, s.SideOf(itoa(bob.ID)), s.Legal, s.Prompt)
				}
				if s.Result.Over || s.ID == 0 {
					break
				}
				moves := tc.moves(e, s)
				if len(moves) == 0 {
					t.Fatalf("turn %d: no move to type", turns)
				}
				before := len(s.Moves)
				e.srv.SendText(group, bob, moves[0])
				if err := e.srv.Wait(patience, func() bool {
					now, err := e.mgr.Lobby().Get(1)
					return err != nil || now.Result.Over || len(now.Moves) > before
				}); err != nil {
					t.Fatalf("turn %d: %q played nothing: %q", turns, moves[0], texts(e.srv.History(group.ID)))
				}
			}
			if err := e.srv.Wait(patience, func() bool {
				return strings.Contains(e.liveBoard(t, group.ID).Text, "Game over") || strings.Contains(e.liveBoard(t, group.ID).Text, "Solved") ||
					strings.Contains(e.liveBoard(t, group.ID).Text, "solved")
			}); err != nil {
				t.Fatalf("no final board: %q", e.liveBoard(t, group.ID).Text)
			}
			c := e.tally(group.ID)
			t.Logf("%s: %d typed turns: %v", tc.name, turns, c)
			// Moves are typed without waiting for their boards: on a loaded
			// machine a board still waiting is dropped for a newer one
			// (superseded), so fewer boards than turns may show; but the
			// ones that show are mostly edits.
			if c.edits == 0 || c.edits < c.messages {
				t.Errorf("%d boards edited for %d turns and %d new messages", c.edits, turns, c.messages)
			}
			// New boards: the start, the end, and one when four typed
			// moves were below the last.
			if limit := 2 + turns/4 + 1; c.messages > limit {
				t.Errorf("%d messages for %d typed moves, want at most %d", c.messages, turns, limit)
			}
		})
	}
}

// solvePuzzle is the shortest solution of the puzzle s shows, as the tiles
// to type.
func solvePuzzle(t *testing.T, s sessions.Snapshot) []string {
	t.Helper()
	var cells []string
	for _, row := range s.Board {
		for _, c := range row {
			switch {
			case c == '.':
				cells = append(cells, "0")
			case c >= '1' && c <= '9':
				cells = append(cells, string(c))
			default:
				cells = append(cells, strconv.Itoa(int(c-'A')+10))
			}
		}
	}
	pos, err := s.Game.ParsePosition(strings.Join(cells, ","))
	if err != nil {
		t.Fatal(err)
	}
	p := pos.(*puzzle.Pos)
	r := ai.Solve(context.Background(), p, ai.IDAStar, ai.SolveLimits{})
	var out []string
	for _, m := range r.Path {
		out = append(out, p.FormatMove(m))
		p.Make(m)
	}
	return out
}
