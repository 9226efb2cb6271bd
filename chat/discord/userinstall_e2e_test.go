package discord

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"strings"
	"testing"
	"time"

	"oyunbot/chat"

	"oyunbot/chat/discord/fakediscord"
)

// group is a group DM of Ayşe, Memo and Cem, where the bot is not a
// member: the app is reached through Ayşe's and Memo's installs of it.
var group = fakediscord.Channel{ID: "900", PrivateChannel: true, UserInstall: true}

// lastBoard is the newest message of a channel with a picture, if any.
func lastBoard(msgs []fakediscord.Message) (fakediscord.Message, bool) {
	b := boards(msgs)
	if len(b) == 0 {
		return fakediscord.Message{}, false
	}
	return b[len(b)-1], true
}

// nextBoard waits until the channel's newest board differs from prev (a new
// board, or the same message edited) and returns it.
func (e *e2e) nextBoard(t *testing.T, channelID string, prev fakediscord.Message, what string) fakediscord.Message {
	t.Helper()
	var got fakediscord.Message
	e.srv.WaitT(t, wait, what, func(v *fakediscord.View) bool {
		m, ok := lastBoard(v.Messages(channelID))
		got = m
		return ok && !m.Loading && (m.ID != prev.ID || m.Content != prev.Content)
	})
	return got
}

// callStats sums up the bot's calls and the messages a channel shows (for
// the report of calls and messages per game: go test -v).
func (e *e2e) callStats(channelID string) string {
	kinds := map[fakediscord.CallKind]int{}
	n := 0
	for _, c := range e.srv.Calls() {
		if c.ChannelID == channelID {
			kinds[c.Kind]++
			n++
		}
	}
	shown, public := 0, 0
	for _, m := range e.srv.Messages(channelID) {
		shown++
		if !m.Ephemeral {
			public++
		}
	}
	return fmt.Sprintf("%d calls %v; %d messages shown, %d to all", n, kinds, shown, public)
}

// checkThroughInteractions checks that the bot never tried the channel
// (where it is not a member) and that all it shows there answers
// interactions.
func (e *e2e) checkThroughInteractions(t *testing.T, channelID string) {
	t.Helper()
	for _, c := range e.srv.Calls() {
		if c.ChannelID == channelID && (c.Kind == fakediscord.Refused || c.Kind == fakediscord.ChannelMessage ||
			c.Kind == fakediscord.EditChannel || c.Kind == fakediscord.Typing) {
			t.Errorf("the bot used the channel it is not in: %s", c)
		}
	}
	for _, m := range e.srv.Messages(channelID) {
		if m.Interaction == "" {
			t.Errorf("message %s %q answers no interaction", m.ID, m.Content)
		}
		if m.Loading {
			t.Errorf("a response still shows thinking: %+v", m)
		}
	}
}

// TestE2EGroupDMThroughUserInstall: in a group DM the bot is not in, Ayşe
// challenges Memo by /challenge through her install of the app, Memo
// accepts by button, and they play a whole tic-tac-toe game by buttons;
// a press out of turn and a bystander's are answered to the presser alone.
// Then Ayşe plays dama against the bot there by select menus, the bot's
// answers coming on the freshest interaction's token. Nothing is ever
// posted as a channel message (Discord would refuse: 50001).
func TestE2EGroupDMThroughUserInstall(t *testing.T) {
	t.Parallel()
	e := newE2E(t)
	cem := fakediscord.User{ID: "9", Name: "cem", GlobalName: "Cem"}
	e.srv.SlashCommand(group, ayse, "en-US", "challenge", fakediscord.UserOpt("user", mehmet), fakediscord.Str("game", "tictactoe"))
	invite := e.waitMessage(t, group.ID, 0, "the invitation", func(m fakediscord.Message) bool {
		return len(buttonIDs(m)) == 2 && strings.HasPrefix(buttonIDs(m)[0], "accept @")
	})
	e.srv.Press(group, mehmet, "en-US", invite.ID, buttonIDs(invite)[0])
	board := e.nextBoard(t, group.ID, fakediscord.Message{}, "the first board")
	mover, other := ayse, mehmet
	if strings.Contains(board.Content, "To move: mehmet") {
		mover, other = mehmet, ayse
	}
	for _, u := range []fakediscord.User{other, cem} {
		seen := len(e.srv.Messages(group.ID))
		press := e.srv.Press(group, u, "en-US", board.ID, cellIDs(board)[0])
		e.waitMessage(t, group.ID, seen, u.Name+"'s refusal", func(m fakediscord.Message) bool {
			return m.Ephemeral && strings.Contains(m.Content, "#g1 ")
		})
		// The refusal is the press's response itself: one call.
		if st, _ := e.srv.Interaction(press); st.AckType != 4 {
			t.Errorf("%s's refused press answered with type %d, want its ephemeral message (4)", u.Name, st.AckType)
		}
		for _, m := range e.srv.Messages(group.ID)[seen:] {
			if !m.Ephemeral {
				t.Errorf("%s's refused press was answered to everyone: %q", u.Name, m.Content)
			}
		}
	}
	moves := 0
	for len(cellIDs(board)) > 0 {
		if moves++; moves > 9 {
			t.Fatal("tic-tac-toe did not end in 9 moves")
		}
		e.srv.Press(group, mover, "en-US", board.ID, cellIDs(board)[0])
		board = e.nextBoard(t, group.ID, board, "the board after move "+string(rune('0'+moves)))
		mover, other = other, mover
	}
	if !strings.Contains(board.Content, "Game over") {
		t.Fatalf("last board %q", board.Content)
	}
	t.Logf("tic-tac-toe in a group DM, %d moves: %s", moves, e.callStats(group.ID))
	// One message for the game, edited by each press's own interaction,
	// and its result below (issue 36).
	if n := len(boards(e.srv.Messages(group.ID))); n > 2 {
		t.Errorf("%d board messages for one game", n)
	}

	// Against the bot, by select menus: each of Ayşe's moves brings the
	// bot's, sent on her press's token.
	seen := len(e.srv.Messages(group.ID))
	e.srv.SlashCommand(group, ayse, "en-US", "play", fakediscord.Str("game", "dama"), fakediscord.Str("level", "easy"), fakediscord.Str("side", "white"))
	board = e.waitMessage(t, group.ID, seen, "the dama board", func(m fakediscord.Message) bool {
		return len(m.Files) == 1 && len(m.Menus()) > 0
	})
	for n := range 3 {
		msg := board
		for range 3 {
			menu, value, ok := moveOption(msg, n)
			if !ok {
				t.Fatalf("dama board %d: nothing to choose in %+v", n, msg.Menus())
			}
			e.srv.Select(group, ayse, "en-US", msg.ID, menu, value)
			if len(strings.Fields(value)) != 4 {
				break // a move
			}
			e.srv.WaitT(t, wait, "the piece's moves", func(v *fakediscord.View) bool {
				for _, m := range v.Messages(group.ID) {
					if m.ID == msg.ID {
						msg = m
					}
				}
				_, v5, ok := moveOption(msg, 0)
				return ok && len(strings.Fields(v5)) >= 5
			})
		}
		// Ayşe's move, then the bot's: the board to play on has menus again.
		prev := board
		e.srv.WaitT(t, wait, "the bot's answer", func(v *fakediscord.View) bool {
			m, ok := lastBoard(v.Messages(group.ID))
			board = m
			return ok && (m.ID != prev.ID || m.Content != prev.Content) && len(m.Menus()) > 0 &&
				!m.Loading && strings.Contains(m.Content, "oyunbot: ")
		})
	}
	logTranscript(t, e.srv.Messages(group.ID))
	e.checkThroughInteractions(t, group.ID)
	var dama int
	for _, m := range boards(e.srv.Messages(group.ID)) {
		if strings.HasPrefix(m.Content, "#g2 ") {
			dama++
		}
	}
	if dama != 1 {
		t.Errorf("%d messages for the dama game, want its one board edited", dama)
	}
}

// TestUserInstallRepliesOnTheFreshestToken: in a channel the bot is not
// in, a reply that answers no interaction (a bot's move found later, a
// clock) goes as a follow-up on the channel's freshest open interaction,
// and a board is edited by its message id with that token (a newer press
// than the one that posted it); once no token lives, a board edit fails
// with chat.ErrEditFailed and a reply is undeliverable, and nothing ever
// goes to the channel itself.
func TestUserInstallRepliesOnTheFreshestToken(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	h := newRecorder()
	b := startBot(t, srv, h)
	ctx := context.Background()

	play := srv.SlashCommand(group, ayse, "en-US", "play", fakediscord.Str("game", "dama"))
	m := h.next(t)
	if m.Private || m.Privately != nil {
		t.Errorf("a group DM's command came as private: %+v", m)
	}
	r := liveBoard(t, group.ID, "start", color.Black, "b1")
	r.Ref = m.Ref
	at, err := b.SendBoard(ctx, r, "")
	if err != nil || !strings.HasPrefix(at, refWebhookMsg) {
		t.Fatalf("the first board: %q %v", at, err)
	}
	board := onlyMessage(t, srv, group.ID)
	if board.Interaction != play {
		t.Errorf("the board %+v does not answer /play", board)
	}

	// A press on another message (an ephemeral-free reply of Memo's):
	// its token edits the board by id, and posts what answers nothing.
	note, err := b.send(ctx, chat.Reply{Platform: Platform, ChannelID: group.ID, Text: "a note", Buttons: [][]chat.Button{{{Label: "ok", Data: "ok"}}}})
	if err != nil || note == "" {
		t.Fatalf("an unsolicited reply: %q %v", note, err)
	}
	msgs := srv.Messages(group.ID)
	if len(msgs) != 2 || msgs[1].Interaction != play {
		t.Fatalf("the unsolicited reply was not a follow-up of /play: %+v", msgs)
	}
	press := srv.Press(group, mehmet, "en-US", msgs[1].ID, "ok")
	pm := h.next(t)
	if pm.Privately == nil {
		t.Error("a press in a group DM cannot be refused privately")
	}
	srv.WaitT(t, wait, "the press acknowledged", func(v *fakediscord.View) bool {
		st, _ := v.Interaction(press)
		return st.AckType == 6
	})
	calls := len(srv.Calls())
	if _, err := b.SendBoard(ctx, liveBoard(t, group.ID, "later", color.White), at); err != nil {
		t.Fatalf("the board edited with the newest token: %v", err)
	}
	c := callsSince(srv, calls)
	if len(c) != 1 || c[0].Kind != fakediscord.EditMessage || c[0].InteractionID != press || c[0].MessageID != board.ID {
		t.Errorf("the edit made calls %v, want one webhook edit of the board with the press's token", c)
	}
	checkPicture(t, srv.Messages(group.ID)[0], color.White)

	// Every token gone (the bot's clock and Discord's agree).
	b.refs.mu.Lock()
	b.refs.now = func() time.Time { return time.Now().Add(interactionTTL) }
	b.refs.mu.Unlock()
	srv.ExpireToken(play)
	srv.ExpireToken(press)
	calls = len(srv.Calls())
	if _, err := b.SendBoard(ctx, liveBoard(t, group.ID, "too late", color.Black), at); !errors.Is(err, chat.ErrEditFailed) {
		t.Errorf("an edit without a token: %v, want ErrEditFailed", err)
	}
	if err := b.Send(ctx, chat.Reply{Platform: Platform, ChannelID: group.ID, Text: "lost"}); !errors.Is(err, chat.ErrUndeliverable) {
		t.Errorf("a reply without a token: %v, want ErrUndeliverable", err)
	}
	if c := callsSince(srv, calls); len(c) != 0 {
		t.Errorf("without a token the bot called %v", c)
	}
	for _, c := range srv.Calls() {
		if c.ChannelID == group.ID && (c.Kind == fakediscord.Refused || c.Kind == fakediscord.Typing) {
			t.Errorf("the bot used the channel it is not in: %s", c)
		}
	}
}
