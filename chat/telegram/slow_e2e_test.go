package telegram_test

import (
	"context"
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
	seen := len(e.srv.Sent(group.ID))
	if _, err := e.srv.SendText(group, mallory, "/compare #g1"); err != nil {
		t.Fatal(err)
	}
	busy := e.waitText(t, group.ID, seen, func(telegramtest.Sent) bool { return true })
	if !strings.Contains(busy.Text, "Your earlier requests (animations, solutions, comparisons) are still being worked on") {
		t.Errorf("Mallory's third slow request: %q", busy.Text)
	}
	for _, s := range e.srv.Sent(group.ID) {
		if strings.Contains(s.Text, "compared") || s.Method == "sendDocument" || s.Method == "sendAnimation" {
			t.Fatalf("slow work answered before it was let go: %s %q", s.Method, s.Text)
		}
	}

	g.release()
	err = e.srv.Wait(patience, func() bool {
		var compared, gif bool
		for _, s := range e.srv.Sent(group.ID) {
			compared = compared || strings.Contains(s.Text, "compared")
			gif = gif || strings.Contains(s.Text, "#g1") && (s.Method == "sendDocument" || s.Method == "sendAnimation")
		}
		return compared && gif
	})
	if err != nil {
		t.Fatalf("Mallory's answers never came: %q", texts(e.srv.Sent(group.ID)))
	}
	if err := e.router.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
}
