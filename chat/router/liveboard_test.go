package router_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/router"
	"oyunbot/sessions"
	"oyunbot/store"
)

// boardChat is a chat.BoardSender that keeps each channel's messages as a
// platform shows them: a board's edit changes its message in place, a
// deleted message cannot be edited.
type boardChat struct {
	mu     sync.Mutex
	msgs   map[string][]*posted // by channel, oldest first
	next   int
	edits  int
	failed int // edits refused
}

// posted is a message the bot sent.
type posted struct {
	id      string
	rep     chat.Reply
	edits   int
	deleted bool
}

func newBoardChat() *boardChat { return &boardChat{msgs: map[string][]*posted{}} }

func (c *boardChat) Send(_ context.Context, rep chat.Reply) error {
	if rep.Notice {
		return nil // a typing indicator: no message
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.add(rep)
	return nil
}

func (c *boardChat) add(rep chat.Reply) *posted {
	c.next++
	m := &posted{id: fmt.Sprint(c.next), rep: rep}
	c.msgs[rep.ChannelID] = append(c.msgs[rep.ChannelID], m)
	return m
}

func (c *boardChat) SendBoard(_ context.Context, rep chat.Reply, at string) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if at == "" {
		return c.add(rep).id, nil
	}
	for _, m := range c.msgs[rep.ChannelID] {
		if m.id == at && !m.deleted {
			m.rep, m.edits = rep, m.edits+1
			c.edits++
			return m.id, nil
		}
	}
	c.failed++
	return "", fmt.Errorf("%w: message to edit not found", chat.ErrEditFailed)
}

// RetireBoard takes the buttons off an earlier board (chat.BoardRetirer).
func (c *boardChat) RetireBoard(_ context.Context, ch, ref string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range c.msgs[ch] {
		if m.id == ref {
			m.rep.Buttons, m.rep.Board, m.rep.Menus = nil, nil, nil
		}
	}
	return nil
}

// visible returns the channel's messages not deleted.
func (c *boardChat) visible(ch string) []posted {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []posted
	for _, m := range c.msgs[ch] {
		if !m.deleted {
			out = append(out, *m)
		}
	}
	return out
}

// boards returns the channel's visible messages with a board.
func (c *boardChat) boards(ch string) []posted {
	var out []posted
	for _, m := range c.visible(ch) {
		if m.rep.Live {
			out = append(out, m)
		}
	}
	return out
}

func (c *boardChat) remove(ch, id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range c.msgs[ch] {
		if m.id == id {
			m.deleted = true
		}
	}
}

// liveBot is a router on a store file whose replies go to a boardChat, on
// a clock a test moves.
type liveBot struct {
	t     *testing.T
	path  string
	chat  *boardChat
	clock *atomic.Int64 // nanoseconds added to the real time
	r     *router.Router
	store *store.SQLStore
	ref   int
}

func newLiveBot(t *testing.T) *liveBot {
	lb := &liveBot{t: t, path: filepath.Join(t.TempDir(), "live.db"), chat: newBoardChat(), clock: &atomic.Int64{}}
	lb.start()
	return lb
}

func (lb *liveBot) now() time.Time { return time.Now().Add(time.Duration(lb.clock.Load())) }

// start opens the store and a router on it (again after stop: a restart).
func (lb *liveBot) start() {
	t := lb.t
	st, err := store.OpenSQLite(context.Background(), lb.path)
	if err != nil {
		t.Fatal(err)
	}
	r, _, _, err := wire(t, st, func(c *router.Config, s *sessions.Config) { c.Now, s.Now = lb.now, lb.now })
	if err != nil {
		t.Fatal(err)
	}
	lb.r, lb.store = r, st
	r.AddSender(t.Context(), "test", lb.chat)
	t.Cleanup(lb.stop)
}

func (lb *liveBot) stop() {
	if lb.r != nil {
		lb.r.Close()
		lb.store.Close()
		lb.r = nil
	}
}

// send hands the router a message in channel ch and waits for its
// replies: typed, or a button press (press).
func (lb *liveBot) send(ch, user, text string, press, admin bool) {
	lb.t.Helper()
	lb.ref++
	m := chat.Message{Platform: "test", ChannelID: ch, UserID: user, UserName: user, Text: text,
		Ref: fmt.Sprint(lb.ref), Admin: admin}
	if press {
		m.Privately = func(string) bool { return false }
	}
	lb.r.Handle(context.Background(), m)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := lb.r.Wait(ctx); err != nil {
		lb.t.Fatal(err)
	}
}

func (lb *liveBot) typed(ch, text string) { lb.t.Helper(); lb.send(ch, "ayse", text, false, false) }
func (lb *liveBot) press(ch, text string) { lb.t.Helper(); lb.send(ch, "ayse", text, true, false) }

// pressCell presses the first free tic-tac-toe cell of the channel's
// newest message with cells.
func (lb *liveBot) pressCell(ch string) {
	lb.t.Helper()
	v := lb.chat.visible(ch)
	for i := len(v) - 1; i >= 0; i-- {
		if data := firstCell(v[i].rep); data != "" {
			lb.press(ch, data)
			return
		}
	}
	lb.t.Fatal("no cell to press")
}

// firstCell returns the data of rep's first cell button, "" if none.
func firstCell(rep chat.Reply) string {
	for _, row := range rep.Buttons {
		for _, b := range row {
			if strings.HasPrefix(b.Data, "move ") {
				return b.Data
			}
		}
	}
	return ""
}

// TestGameIsOneBoardEditedInPlace: a whole game against the bot played by
// presses in a group is one board message edited after every turn, and
// one more at the end with the result (issue 36).
func TestGameIsOneBoardEditedInPlace(t *testing.T) {
	lb := newLiveBot(t)
	lb.typed("grp", "play ttt easy")
	first := lb.chat.boards("grp")
	if len(first) != 1 {
		t.Fatalf("%d boards after the start", len(first))
	}
	for range 5 {
		if bs := lb.chat.boards("grp"); len(bs) > 1 {
			break
		}
		lb.pressCell("grp")
	}
	bs := lb.chat.boards("grp")
	if len(bs) != 2 {
		t.Fatalf("%d board messages, want the first one edited and the final one: %+v", len(bs), bs)
	}
	if bs[0].id != first[0].id || bs[0].edits == 0 {
		t.Errorf("the first board was not edited in place: %+v", bs[0])
	}
	if !strings.Contains(bs[1].rep.Text, "Game over") || !bs[1].rep.Fresh {
		t.Errorf("final board %q (fresh %v): want the result on a new message", bs[1].rep.Text, bs[1].rep.Fresh)
	}
	if len(bs[0].rep.Buttons) != 0 || len(bs[1].rep.Buttons) == 0 {
		t.Errorf("buttons: %d rows on the earlier board, %d on the final one; want them on the final one alone",
			len(bs[0].rep.Buttons), len(bs[1].rep.Buttons))
	}
	if len(lb.chat.visible("grp")) != 2 {
		t.Errorf("%d messages in the group, want the two boards alone", len(lb.chat.visible("grp")))
	}
}

// TestBoardOutOfSightPostedAnew: once four messages came below a board (a
// person's typed ones and the bot's answers), the next turn posts a new
// board; fewer, and it is edited.
func TestBoardOutOfSightPostedAnew(t *testing.T) {
	for _, tc := range []struct {
		chatter int // "games" typed, each answered: two messages
		want    int // board messages after one turn
	}{{1, 1}, {2, 2}} {
		t.Run(fmt.Sprint(tc.chatter), func(t *testing.T) {
			lb := newLiveBot(t)
			lb.typed("grp", "play ttt easy")
			for range tc.chatter {
				lb.typed("grp", "games")
			}
			lb.pressCell("grp")
			if got := len(lb.chat.boards("grp")); got != tc.want {
				t.Errorf("%d board messages after %d messages below the board, want %d", got, 2*tc.chatter, tc.want)
			}
		})
	}
}

// TestIdleBoardPostedAnew: a board unchanged for ten minutes is posted
// anew (an edit would notify no one); sooner, it is edited.
func TestIdleBoardPostedAnew(t *testing.T) {
	for _, tc := range []struct {
		wait time.Duration
		want int
	}{{9 * time.Minute, 1}, {11 * time.Minute, 2}} {
		t.Run(tc.wait.String(), func(t *testing.T) {
			lb := newLiveBot(t)
			lb.typed("grp", "play ttt easy")
			lb.clock.Add(int64(tc.wait))
			lb.pressCell("grp")
			if got := len(lb.chat.boards("grp")); got != tc.want {
				t.Errorf("%d board messages after %v, want %d", got, tc.wait, tc.want)
			}
		})
	}
}

// TestDeletedBoardPostedAnew: an edit the platform refuses (the board was
// deleted) posts the board anew, with the turn on it, and the game goes on
// editing that one.
func TestDeletedBoardPostedAnew(t *testing.T) {
	lb := newLiveBot(t)
	lb.typed("grp", "play ttt easy")
	old := lb.chat.boards("grp")[0]
	lb.chat.remove("grp", old.id)
	lb.press("grp", firstCell(old.rep)) // pressed just before it went
	bs := lb.chat.boards("grp")
	if len(bs) != 1 || bs[0].id == old.id || lb.chat.failed != 1 {
		t.Fatalf("after the deleted board: %+v (%d edits refused)", bs, lb.chat.failed)
	}
	if !strings.Contains(bs[0].rep.Caption, "ayse: a3") {
		t.Errorf("the new board lost the turn: %q", bs[0].rep.Caption)
	}
	lb.pressCell("grp")
	if after := lb.chat.boards("grp"); len(after) != 1 && !strings.Contains(after[len(after)-1].rep.Text, "Game over") {
		t.Errorf("the next turn did not edit the new board: %+v", after)
	}
}

// TestBoardEditedAfterRestart: the message showing a game's board is kept
// in the store: after a restart the next turn still edits it.
func TestBoardEditedAfterRestart(t *testing.T) {
	lb := newLiveBot(t)
	lb.typed("grp", "play ttt easy")
	first := lb.chat.boards("grp")[0]
	lb.stop()
	lb.start()
	lb.pressCell("grp")
	bs := lb.chat.boards("grp")
	if len(bs) != 1 || bs[0].id != first.id || bs[0].edits != 1 {
		t.Fatalf("after a restart: %+v, want message %s edited once", bs, first.id)
	}
}

// TestBoardCommandBringsANewBoard: "board" posts the game's board anew at
// the bottom of the chat, and the next turns edit that one.
func TestBoardCommandBringsANewBoard(t *testing.T) {
	lb := newLiveBot(t)
	lb.typed("grp", "play ttt easy")
	lb.pressCell("grp")
	lb.typed("grp", "tahta")
	bs := lb.chat.boards("grp")
	if len(bs) != 2 {
		t.Fatalf("%d boards after «tahta», want a new one", len(bs))
	}
	lb.pressCell("grp")
	after := lb.chat.boards("grp")
	if len(after) == 3 && !strings.Contains(after[2].rep.Text, "Game over") {
		t.Fatalf("the turn after «tahta» posted a third board: %+v", after)
	}
	if after[1].edits != 1 && len(after) == 2 {
		t.Errorf("the turn after «tahta» did not edit its board: %+v", after[1])
	}
}

// TestChannelKeepsAPictureOfEveryTurn: "board new" (admins) makes every
// turn a new picture; "board one" goes back to one board edited in place;
// others are refused.
func TestChannelKeepsAPictureOfEveryTurn(t *testing.T) {
	lb := newLiveBot(t)
	lb.send("grp", "bora", "tahta yeni", false, false)
	if v := lb.chat.visible("grp"); len(v) != 1 || !strings.Contains(v[0].rep.Text, "yöneticileri") {
		t.Fatalf("a non-admin's «tahta yeni»: %+v", v)
	}
	lb.send("grp", "bora", "board new", false, true)
	lb.typed("grp", "play ttt easy")
	lb.pressCell("grp")
	n := len(lb.chat.visible("grp"))
	if got := lb.chat.boards("grp"); len(got) != 0 {
		t.Fatalf("boards marked live in a «board new» channel: %d", len(got))
	}
	if lb.chat.edits != 0 || n != 4 {
		t.Fatalf("%d messages and %d edits, want the setting's answers and two pictures, no edit", n, lb.chat.edits)
	}
	lb.send("grp", "bora", "tahta tek", false, true)
	if v := lb.chat.visible("grp"); !strings.Contains(v[len(v)-1].rep.Text, "yerinde değişir") {
		t.Fatalf("«tahta tek» answered %q", v[len(v)-1].rep.Text)
	}
	lb.typed("grp", "tahta")
	lb.pressCell("grp")
	if lb.chat.edits != 1 {
		t.Errorf("%d edits after «tahta tek», want the turn's", lb.chat.edits)
	}
}
