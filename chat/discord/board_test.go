package discord

import (
	"context"
	"errors"
	"image/color"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/discord/fakediscord"
)

// liveBoard is a game's board reply in channel ch showing colour c.
func liveBoard(t *testing.T, ch, text string, c color.Color, buttons ...string) chat.Reply {
	r := chat.Reply{Platform: Platform, ChannelID: ch, Text: text, Image: testPNG(t, c), ImageName: "board.png",
		GameID: 1, GameVersion: 1, Live: true}
	var row []chat.Button
	for _, b := range buttons {
		row = append(row, chat.Button{Label: b, Data: b})
	}
	if row != nil {
		r.Buttons = [][]chat.Button{row}
	}
	return r
}

// callsSince are the calls after the first n.
func callsSince(srv *fakediscord.Server, n int) []fakediscord.Call {
	return srv.Calls()[n:]
}

// onlyMessage is the one message a channel shows.
func onlyMessage(t *testing.T, srv *fakediscord.Server, ch string) fakediscord.Message {
	t.Helper()
	msgs := srv.Messages(ch)
	if len(msgs) != 1 {
		t.Fatalf("channel %s shows %d messages, want the board alone: %+v", ch, len(msgs), msgs)
	}
	return msgs[0]
}

// checkPicture checks that m shows one picture, of colour want.
func checkPicture(t *testing.T, m fakediscord.Message, want color.Color) {
	t.Helper()
	if len(m.Files) != 1 {
		t.Fatalf("message shows %d attachments, want the new picture alone", len(m.Files))
	}
	r, g, b, _ := decodePNG(t, m.Files[0]).At(1, 1).RGBA()
	wr, wg, wb, _ := want.RGBA()
	if r != wr || g != wg || b != wb {
		t.Errorf("picture of colour %v/%v/%v, want %v/%v/%v", r, g, b, wr, wg, wb)
	}
}

// TestSendBoardEditsInPlace: a board sent anew returns a reference; the
// next boards edit that message (picture replaced, text and buttons
// changed) with one PATCH each, through a 429 and a 500; once the message
// is deleted, the edit fails with chat.ErrEditFailed having sent nothing.
func TestSendBoardEditsInPlace(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	b := startBot(t, srv, newRecorder())
	ctx := context.Background()
	red, blue, green := color.RGBA{200, 0, 0, 255}, color.RGBA{0, 0, 200, 255}, color.RGBA{0, 200, 0, 255}

	at, err := b.SendBoard(ctx, liveBoard(t, general.ID, "move 1", red, "a1", "a2"), "")
	if err != nil || !strings.HasPrefix(at, refChannelMsg) {
		t.Fatalf("first board: ref %q, err %v", at, err)
	}
	first := onlyMessage(t, srv, general.ID)

	calls := len(srv.Calls())
	got, err := b.SendBoard(ctx, liveBoard(t, general.ID, "move 2", blue, "b1"), at)
	if err != nil || got != at {
		t.Fatalf("edit: ref %q, err %v; want %q", got, err, at)
	}
	m := onlyMessage(t, srv, general.ID)
	if m.ID != first.ID || m.Content != "move 2" || len(buttonIDs(m)) != 1 || buttonIDs(m)[0] != "b1" {
		t.Errorf("after the edit the channel shows %+v", m)
	}
	checkPicture(t, m, blue)
	if c := callsSince(srv, calls); len(c) != 1 || c[0].Kind != fakediscord.EditChannel || len(c[0].Files) != 1 {
		t.Errorf("an edit made calls %v, want one PATCH with the picture", c)
	}

	// Rate limited, then a server error: retried, still one message.
	srv.Fail("PATCH", "channels/"+general.ID+"/messages/", http.StatusTooManyRequests, 1, 0.01)
	srv.Fail("PATCH", "channels/"+general.ID+"/messages/", http.StatusInternalServerError, 1, 0)
	if _, err := b.SendBoard(ctx, liveBoard(t, general.ID, "move 3", green), at); err != nil {
		t.Fatalf("edit through a 429 and a 500: %v", err)
	}
	m = onlyMessage(t, srv, general.ID)
	checkPicture(t, m, green)
	if m.Content != "move 3" || len(m.Components) != 0 {
		t.Errorf("after the third edit: %+v", m)
	}

	srv.DeleteMessage(first.ID)
	calls = len(srv.Calls())
	_, err = b.SendBoard(ctx, liveBoard(t, general.ID, "move 4", red), at)
	if !errors.Is(err, chat.ErrEditFailed) {
		t.Fatalf("edit of a deleted board: %v, want ErrEditFailed", err)
	}
	if c := callsSince(srv, calls); len(c) != 0 || len(srv.Messages(general.ID)) != 0 {
		t.Errorf("a failed edit sent %v", c)
	}
	// The Router then sends it anew.
	if at2, err := b.SendBoard(ctx, liveBoard(t, general.ID, "move 4", red), ""); err != nil || at2 == at {
		t.Errorf("the board anew: %q %v", at2, err)
	}
	checkPicture(t, onlyMessage(t, srv, general.ID), red)
}

// TestSendBoardRefusals maps Discord's refusals of an edit: for good
// (chat.ErrEditFailed) or not.
func TestSendBoardRefusals(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		status, code int
		failed       bool
	}{
		{http.StatusNotFound, 10008, true},    // Unknown Message
		{http.StatusForbidden, 50005, true},   // another user's message
		{http.StatusBadRequest, 30046, true},  // too many edits of an old message
		{http.StatusNotFound, 0, true},        // any 404
		{http.StatusForbidden, 50013, false},  // missing permissions: a new board fails too
		{http.StatusBadRequest, 50035, false}, // a bad form: a defect, not a lost board
	} {
		refuse := false
		srv := fakediscord.New(t, fakediscord.Options{Guilds: []fakediscord.Guild{guild},
			Intercept: func(w http.ResponseWriter, r *http.Request, path string) bool {
				if !refuse || r.Method != http.MethodPatch {
					return false
				}
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(tc.status)
				w.Write([]byte(`{"code":` + strconv.Itoa(tc.code) + `,"message":"refused"}`))
				return true
			}})
		b := startBot(t, srv, newRecorder())
		at, err := b.SendBoard(context.Background(), liveBoard(t, general.ID, "x", color.Black), "")
		if err != nil {
			t.Fatal(err)
		}
		refuse = true
		_, err = b.SendBoard(context.Background(), liveBoard(t, general.ID, "y", color.White), at)
		if err == nil || errors.Is(err, chat.ErrEditFailed) != tc.failed {
			t.Errorf("%d %d: %v, want ErrEditFailed %v", tc.status, tc.code, err, tc.failed)
		}
	}
}

// TestSendBoardThroughThePress: a move pressed on the board itself is
// shown by the press's own response, UPDATE_MESSAGE: one call, no second
// message; without the window for that (the reply came later), by the
// edit of the deferred update's @original. A slash command answered by an
// edit of the board has its "thinking" response removed.
func TestSendBoardThroughThePress(t *testing.T) {
	t.Parallel()
	for _, window := range []time.Duration{pressWindow, 0} {
		srv := newServer(t)
		h := newRecorder()
		var b *Bot
		var at string
		ctx := context.Background()
		h.react = func(ctx context.Context, m chat.Message) {
			r := liveBoard(t, m.ChannelID, "after "+m.Text, color.White, "c1")
			r.Ref = m.Ref
			if _, err := b.SendBoard(ctx, r, at); err != nil {
				t.Errorf("SendBoard for %q: %v", m.Text, err)
			}
		}
		b = startBot(t, srv, h, func(b *Bot) { b.pressWindow = window })
		var err error
		if at, err = b.SendBoard(ctx, liveBoard(t, general.ID, "start", color.Black, "b1"), ""); err != nil {
			t.Fatal(err)
		}
		board := onlyMessage(t, srv, general.ID)

		calls := len(srv.Calls())
		press := srv.Press(general, ayse, "en-US", board.ID, "b1")
		h.next(t)
		c := callsSince(srv, calls)
		switch window {
		case 0:
			if len(c) != 2 || c[0].Kind != fakediscord.Callback || c[0].CallbackType != 6 ||
				c[1].Kind != fakediscord.EditOriginal || c[1].InteractionID != press || c[1].MessageID != board.ID {
				t.Errorf("a press on the board acknowledged first made calls %v, want its deferred update and the edit of @original", c)
			}
		default:
			if len(c) != 1 || c[0].Kind != fakediscord.Callback || c[0].CallbackType != 7 || c[0].InteractionID != press ||
				c[0].MessageID != board.ID || len(c[0].Files) != 1 {
				t.Errorf("a press on the board made calls %v, want one: its response updating the board (type 7)", c)
			}
		}
		m := onlyMessage(t, srv, general.ID)
		checkPicture(t, m, color.White)
		if m.Content != "after b1" || len(buttonIDs(m)) != 1 || buttonIDs(m)[0] != "c1" {
			t.Errorf("board %+v after the press", m)
		}

		calls = len(srv.Calls())
		srv.SlashCommand(general, ayse, "en-US", "move", fakediscord.Str("move", "c1"))
		h.next(t)
		srv.WaitT(t, wait, "the thinking response removed", func(v *fakediscord.View) bool {
			return len(v.Messages(general.ID)) == 1
		})
		if m := onlyMessage(t, srv, general.ID); m.ID != board.ID || m.Content != "after move c1" {
			t.Errorf("after /move the channel shows %+v", m)
		}
		kinds := map[fakediscord.CallKind]int{}
		for _, c := range callsSince(srv, calls) {
			kinds[c.Kind]++
		}
		if kinds[fakediscord.EditChannel] != 1 || kinds[fakediscord.DeleteOriginal] != 1 || kinds[fakediscord.ChannelMessage]+kinds[fakediscord.Followup] != 0 {
			t.Errorf("/move answered by an edit made calls %v", kinds)
		}
	}
}

// TestResentInteractionHandledOnce: Discord sending the same interaction
// again (same id and token) neither acknowledges it twice nor hands it to
// the handler twice.
func TestResentInteractionHandledOnce(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	h := newRecorder()
	b := startBot(t, srv, h)
	if _, err := b.SendBoard(context.Background(), liveBoard(t, general.ID, "start", color.Black, "b1"), ""); err != nil {
		t.Fatal(err)
	}
	board := onlyMessage(t, srv, general.ID)
	press := srv.Press(general, ayse, "en-US", board.ID, "b1")
	if m := h.next(t); m.Text != "b1" {
		t.Fatalf("handled %+v", m)
	}
	srv.Resend(press)
	h.none(t, srv, "!", general)
	if st, _ := srv.Interaction(press); st.DoubleAcked {
		t.Error("the resent interaction was acknowledged again")
	}
}
