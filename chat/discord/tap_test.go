package discord

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"oyunbot/chat"
	"oyunbot/chat/discord/fakediscord"
)

// TestSelectMenuEdit: menus go out as string select menus above the
// buttons (at most five rows in all, 25 options a menu); a choice arrives
// as the option's value, acknowledged as a deferred update; an Edit reply
// replaces the components of the message chosen on, with nothing new
// sent; an Edit with nothing removes them.
func TestSelectMenuEdit(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	rec := newRecorder()
	var b *Bot
	many := make([]chat.Button, 30)
	for i := range many {
		many[i] = chat.Button{Label: fmt.Sprint("m", i), Data: fmt.Sprint("tap #g1 x a", i)}
	}
	actions := [][]chat.Button{{{Label: "Resign", Data: "resign #g1"}}}
	rec.react = func(ctx context.Context, m chat.Message) {
		switch {
		case m.Text == "board":
			b.Send(ctx, chat.Reply{ChannelID: m.ChannelID, Ref: m.Ref, Text: "board", Buttons: actions, Menus: []chat.Menu{
				{Placeholder: "Pieces", Options: many}, {Placeholder: "b", Options: many[:1]}, {Placeholder: "c", Options: many[:1]},
				{Placeholder: "d", Options: many[:1]}, {Placeholder: "e (no room)", Options: many[:1]}}})
		case m.Text == "tap #g1 x a3":
			b.Send(ctx, chat.Reply{ChannelID: m.ChannelID, Ref: m.Ref, Edit: true, Text: "a3 chosen", Buttons: actions,
				Menus: []chat.Menu{{Placeholder: "Moves of a3", Options: many[3:5]}}})
		case m.Text == "tap #g1 x a4":
			b.Send(ctx, chat.Reply{ChannelID: m.ChannelID, Ref: m.Ref, Edit: true, Text: "stale"})
		}
	}
	b = startBot(t, srv, rec)
	srv.SendMessage(general, ayse, "!board")
	rec.next(t)
	srv.WaitT(t, wait, "the board", func(v *fakediscord.View) bool { return len(v.Messages(general.ID)) == 1 })
	board := srv.Messages(general.ID)[0]
	menus := board.Menus()
	if len(board.Components) != 5 || len(menus) != 4 || len(menus[0].Options) != 25 || menus[0].Placeholder != "Pieces" {
		t.Fatalf("components %+v", board.Components)
	}
	if ids := buttonIDs(board); ids[len(ids)-1] != "resign #g1" {
		t.Fatalf("the actions lost their row: %v", ids)
	}

	id := srv.Select(general, mehmet, "tr", board.ID, menus[0].CustomID, "tap #g1 x a3")
	if m := rec.next(t); m.Text != "tap #g1 x a3" || m.Ref != refInteraction+id {
		t.Fatalf("choice arrived as %+v", m)
	}
	srv.WaitT(t, wait, "the edit", func(v *fakediscord.View) bool {
		ms := v.Messages(general.ID)
		return len(ms[0].Menus()) == 1 && ms[0].Menus()[0].Placeholder == "Moves of a3"
	})
	// One call: the choice's response updates the menus (type 7).
	if st, _ := srv.Interaction(id); st.AckType != 7 {
		t.Errorf("acknowledged with %d, want the message's update (7)", st.AckType)
	}
	for _, c := range srv.Calls() {
		if c.InteractionID == id && c.Kind != fakediscord.Callback {
			t.Errorf("the choice made another call: %s", c)
		}
	}
	edited := srv.Messages(general.ID)[0]
	if len(srv.Messages(general.ID)) != 1 || edited.Content != "board" || len(edited.Files) != len(board.Files) {
		t.Fatalf("the edit sent or changed more: %+v", srv.Messages(general.ID))
	}

	srv.Select(general, mehmet, "tr", board.ID, edited.Menus()[0].CustomID, "tap #g1 x a4")
	rec.next(t)
	srv.WaitT(t, wait, "the components removed", func(v *fakediscord.View) bool {
		return len(v.Messages(general.ID)[0].Components) == 0
	})
	for _, c := range srv.Calls() {
		if c.Kind == fakediscord.Followup || strings.Contains(c.Content, "stale") {
			t.Errorf("an edit sent %s", c)
		}
	}
}
