package telegram_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"oyunbot/chat/telegram/telegramtest"
	"oyunbot/games"
	"oyunbot/games/tictactoe"
	"oyunbot/render"
)

// gate holds slow work until the test opens it, and says when work has
// reached it.
type gate struct {
	open    chan struct{}
	once    sync.Once
	reached chan string // the work that reached the gate, by name
}

// release opens the gate (again: no-op).
func (g *gate) release() { g.once.Do(func() { close(g.open) }) }

func newGate() *gate { return &gate{open: make(chan struct{}), reached: make(chan string, 16)} }

// wait is called by slow work named name: it blocks until the gate opens.
func (g *gate) wait(name string) {
	g.reached <- name
	<-g.open
}

// expect waits until the slow work named names has reached the gate.
func (g *gate) expect(t *testing.T, names ...string) {
	t.Helper()
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	for len(want) > 0 {
		select {
		case n := <-g.reached:
			delete(want, n)
		case <-time.After(patience):
			t.Fatalf("slow work never started: %v", want)
		}
	}
}

// slowTicTacToe is tic-tac-toe with a command ("compare") that works until
// the gate opens: a member's slow request, as a puzzle's comparison is.
type slowTicTacToe struct {
	tictactoe.Game
	g *gate
}

func (s slowTicTacToe) Commands() []games.Command {
	return []games.Command{{Key: "compare", Words: []string{"compare", "karşılaştır"},
		Run: func(ctx context.Context, req games.CommandRequest) (games.CommandAnswer, error) {
			s.g.wait("compare")
			return games.CommandAnswer{Text: "compared"}, nil
		}}}
}

// gatedDrawer draws an animation's frames once the gate opens.
type gatedDrawer struct {
	render.Drawer
	g    *gate
	once sync.Once
}

func (d *gatedDrawer) Draw(f render.Frame) ([]byte, error) {
	d.once.Do(func() { d.g.wait("gif") })
	return d.Drawer.Draw(f)
}

// TestE2ESlowCommandsLeaveTheChatsQueue: in a group where Ayşe and Bob play
// tic-tac-toe, Mallory asks for a game's comparison and its animation,
// both of which work until the test lets them finish. While they work,
// Bob's move is applied and answered; Mallory's third slow request is
// refused (two at a time per person); once the work is let go, Mallory
// gets both answers (issue 21).
func TestE2ESlowCommandsLeaveTheChatsQueue(t *testing.T) {
	g := newGate()
	reg, err := games.NewRegistry(slowTicTacToe{g: g})
	if err != nil {
		t.Fatal(err)
	}
	e := newE2EWith(t, reg, map[string]render.Drawer{"tictactoe": &gatedDrawer{Drawer: render.NewTicTacToe(120), g: g}})
	t.Cleanup(g.release) // before the bot stops: a failed test leaves no work held
	group := telegramtest.Group(2104, "Kahvehane")
	mallory := telegramtest.User{ID: 666, FirstName: "Mallory", LanguageCode: "en"}
	board, mover, _ := e.ticTacToe(t, group)

	for _, text := range []string{"/compare #g1", "/gif #g1"} {
		if _, err := e.srv.SendText(group, mallory, text); err != nil {
			t.Fatal(err)
		}
	}
	g.expect(t, "compare", "gif") // both at work, neither done

	if _, err := e.srv.Press(mover, group.ID, board.MessageID, cellMoves(board)[0]); err != nil {
		t.Fatal(err)
	}
	moved := e.waitPhotos(t, group.ID, 2)
	if !strings.Contains(moved.Text, mover.FirstName+": ") {
		t.Errorf("the move's board: %q", moved.Text)
	}
	seen := len(e.srv.History(group.ID))
	if _, err := e.srv.SendText(group, mallory, "/compare #g1"); err != nil {
		t.Fatal(err)
	}
	busy := e.waitText(t, group.ID, seen, func(telegramtest.Sent) bool { return true })
	if !strings.Contains(busy.Text, "Your earlier requests (animations, solutions, comparisons) are still being worked on") {
		t.Errorf("Mallory's third slow request: %q", busy.Text)
	}
	for _, s := range e.srv.History(group.ID) {
		if strings.Contains(s.Text, "compared") || s.Method == "sendDocument" || s.Method == "sendAnimation" {
			t.Fatalf("slow work answered before it was let go: %s %q", s.Method, s.Text)
		}
	}

	g.release()
	err = e.srv.Wait(patience, func() bool {
		var compared, gif bool
		for _, s := range e.srv.History(group.ID) {
			compared = compared || strings.Contains(s.Text, "compared")
			gif = gif || strings.Contains(s.Text, "#g1") && (s.Method == "sendDocument" || s.Method == "sendAnimation")
		}
		return compared && gif
	})
	if err != nil {
		t.Fatalf("Mallory's answers never came: %q", texts(e.srv.History(group.ID)))
	}
	if err := e.router.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// TestE2ESlowAnswersYieldToMoves (issue 41): in a group, two members'
// comparisons are done at once; the first answer is being sent (Telegram
// holds it), the second waits in the group's replies. Bob's move, made
// then, is answered before the second comparison: answers of slow work
// wait behind a chat's other replies, so that twenty of them, which a
// group's pace of 20 messages a minute takes a minute to send, never hold
// a move's board behind them. Before, the replies went in the order they
// were made.
func TestE2ESlowAnswersYieldToMoves(t *testing.T) {
	g := newGate()
	reg, err := games.NewRegistry(slowTicTacToe{g: g})
	if err != nil {
		t.Fatal(err)
	}
	e := newE2EWith(t, reg, nil)
	t.Cleanup(g.release)
	stall := make(chan struct{})
	var unstall sync.Once
	t.Cleanup(func() { unstall.Do(func() { close(stall) }) })
	group := telegramtest.Group(2105, "Kalabalık")
	board, mover, _ := e.ticTacToe(t, group)
	for i, name := range []string{"Cem", "Dan"} {
		u := telegramtest.User{ID: int64(701 + i), FirstName: name, LanguageCode: "en"}
		if _, err := e.srv.SendText(group, u, "/compare #g1"); err != nil {
			t.Fatal(err)
		}
	}
	g.expect(t, "compare", "compare")
	e.srv.Fail("sendMessage", telegramtest.Fault{Stall: stall, Status: 500, Description: "Internal Server Error"})
	// pending waits until the group's undelivered replies are n.
	pending := func(n int) {
		t.Helper()
		deadline := time.Now().Add(patience)
		for {
			items, err := e.store.PendingReplies(context.Background(), "telegram")
			if err != nil {
				t.Fatal(err)
			}
			if len(items) >= n {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d replies pending, want %d", len(items), n)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	g.release()
	pending(2) // the first answer held by Telegram, the second behind it
	if _, err := e.srv.Press(mover, group.ID, board.MessageID, cellMoves(board)[0]); err != nil {
		t.Fatal(err)
	}
	pending(3) // and the move's board
	unstall.Do(func() { close(stall) })
	moved := e.waitPhotos(t, group.ID, 2)
	err = e.srv.Wait(patience, func() bool {
		n := 0
		for _, s := range e.srv.History(group.ID) {
			if strings.Contains(s.Text, "compared") {
				n++
			}
		}
		return n == 2
	})
	if err != nil {
		t.Fatalf("the answers never came: %q", texts(e.srv.History(group.ID)))
	}
	sent := e.srv.History(group.ID)
	board2 := slices.IndexFunc(sent, func(s telegramtest.Sent) bool {
		return s.MessageID == moved.MessageID && s.Method == moved.Method && s.Text == moved.Text
	})
	var answers []int
	for i, s := range sent {
		if strings.Contains(s.Text, "compared") {
			answers = append(answers, i)
		}
	}
	if !(answers[0] < board2 && board2 < answers[1]) {
		t.Fatalf("the move's board at %d, the answers at %v, want it between them: %q", board2, answers, texts(sent))
	}
}
