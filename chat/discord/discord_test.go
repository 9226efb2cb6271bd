package discord

import (
	"bytes"
	"context"
	"fmt"
	"image/color"
	"log/slog"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"oyunbot/chat"
	"oyunbot/chat/discord/fakediscord"
	"oyunbot/tournament"
)

func TestConnectIdentifyAndRegister(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	startBot(t, srv, newRecorder())

	ids := srv.Identifies()
	if len(ids) != 1 {
		t.Fatalf("%d IDENTIFYs, want 1", len(ids))
	}
	srv.WaitT(t, wait, "a heartbeat", func(v *fakediscord.View) bool { return v.Heartbeats() >= 1 })
	id := ids[0]
	if id.Token != "Bot "+srv.Token() {
		t.Errorf("IDENTIFY token %q", id.Token)
	}
	want := int(discordgo.IntentsGuildMessages | discordgo.IntentsDirectMessages | discordgo.IntentsMessageContent)
	if id.Intents&want != want {
		t.Errorf("intents %b lack GUILD_MESSAGES|DIRECT_MESSAGES|MESSAGE_CONTENT (%b)", id.Intents, want)
	}
	if id.Shard != nil {
		t.Errorf("unsharded bot sent shard %v", *id.Shard)
	}

	cmds := srv.Commands()
	var names []string
	byName := map[string]fakediscord.Command{}
	for _, c := range cmds {
		names = append(names, c.Name)
		byName[c.Name] = c
		if c.NameLocalizations["tr"] == "" || c.DescriptionLocalizations["tr"] == "" {
			t.Errorf("/%s lacks Turkish localizations: %+v", c.Name, c)
		}
		// The user install (issue 36): every command in guilds, the bot's
		// DM and DMs and group DMs between users.
		if !slices.Equal(c.IntegrationTypes, []int{0, 1}) || !slices.Equal(c.Contexts, []int{0, 1, 2}) {
			t.Errorf("/%s: integration_types %v, contexts %v; want [0 1], [0 1 2]", c.Name, c.IntegrationTypes, c.Contexts)
		}
	}
	for _, n := range []string{"play", "move", "board", "hint", "resign", "draw", "undo", "challenge",
		"accept", "decline", "history", "lang", "help", "tournament", "rating", "leaderboard"} {
		if !slices.Contains(names, n) {
			t.Errorf("/%s not registered (have %v)", n, names)
		}
	}
	optNames := func(c fakediscord.Command) (out []string) {
		for _, o := range c.Options {
			out = append(out, o.Name)
		}
		return
	}
	for cmd, want := range map[string][]string{
		"play": {"game", "level", "side"}, "move": {"move"}, "challenge": {"game", "user", "time"}, // the user optional: an open challenge (issue 20.8)
		"tournament": {"create", "join", "leave", "addbot", "start", "standings", "pairings", "cancel", "info"},
		"rating":     {"game", "user"}, "leaderboard": {"game"},
	} {
		if got := optNames(byName[cmd]); !reflect.DeepEqual(got, want) {
			t.Errorf("/%s options %v, want %v", cmd, got, want)
		}
	}
	choices := func(o fakediscord.CommandOption) (out []any) {
		for _, c := range o.Choices {
			out = append(out, c.Value)
		}
		return
	}
	play := byName["play"]
	if got := choices(play.Options[0]); !reflect.DeepEqual(got, []any{"tictactoe", "dama"}) {
		t.Errorf("/play game choices %v", got)
	}
	if got := choices(play.Options[1]); !reflect.DeepEqual(got, []any{"easy", "medium", "hard", "master"}) {
		t.Errorf("/play level choices %v", got)
	}
	if tr := play.Options[1].Choices[3].NameLocalizations["tr"]; tr != "usta" {
		t.Errorf("master in Turkish is %q, want usta", tr)
	}
	if !byName["move"].Options[0].Autocomplete {
		t.Error("/move move: no autocomplete")
	}
	if o := byName["challenge"].Options[1]; o.Type != int(discordgo.ApplicationCommandOptionUser) || o.Required {
		t.Error("/challenge user is not a user option")
	}

	// /tournament: sub-commands with Turkish names and descriptions, and
	// create's options as the text command takes them.
	subs := map[string]fakediscord.CommandOption{}
	for _, o := range byName["tournament"].Options {
		subs[o.Name] = o
		if o.Type != int(discordgo.ApplicationCommandOptionSubCommand) || o.NameLocalizations["tr"] == "" || o.DescriptionLocalizations["tr"] == "" {
			t.Errorf("/tournament %s: %+v, want a sub-command with Turkish name and description", o.Name, o)
		}
	}
	if tr := subs["start"].NameLocalizations["tr"]; tr != "başlat" {
		t.Errorf("/tournament start in Turkish is %q", tr)
	}
	create := subs["create"]
	var createOpts []string
	for _, o := range create.Options {
		createOpts = append(createOpts, o.Name)
	}
	if !reflect.DeepEqual(createOpts, []string{"game", "system", "rounds", "time"}) || !create.Options[0].Required {
		t.Fatalf("/tournament create options %v", createOpts)
	}
	if got := choices(create.Options[1]); !reflect.DeepEqual(got, []any{"swiss", "roundrobin", "double"}) {
		t.Errorf("/tournament create system choices %v", got)
	}
	rounds := create.Options[2]
	if rounds.Type != int(discordgo.ApplicationCommandOptionInteger) || rounds.MinValue == nil || *rounds.MinValue != 1 ||
		rounds.MaxValue == nil || *rounds.MaxValue != tournament.MaxRounds {
		t.Errorf("/tournament create rounds %+v, want an integer 1..%d", rounds, tournament.MaxRounds)
	}
	if got := choices(subs["addbot"].Options[0]); !reflect.DeepEqual(got, []any{"easy", "medium", "hard", "master"}) {
		t.Errorf("/tournament addbot level choices %v", got)
	}
	if o := subs["pairings"].Options; len(o) != 1 || o[0].Name != "round" || o[0].Required {
		t.Errorf("/tournament pairings options %+v, want an optional round", o)
	}
	if o := byName["rating"].Options; o[0].Required || o[1].Required || o[1].Type != int(discordgo.ApplicationCommandOptionUser) {
		t.Errorf("/rating options %+v, want an optional game and user", o)
	}
	if o := byName["leaderboard"].Options[0]; !o.Required || !reflect.DeepEqual(choices(o), []any{"tictactoe", "dama"}) {
		t.Errorf("/leaderboard game %+v", o)
	}
}

// TestSlashCommandText drives every slash command through the gateway and
// checks the message the handler gets, and that the deferred response was
// sent before handling.
func TestSlashCommandText(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	rec := newRecorder()
	ackedBefore := make(chan bool, 100)
	rec.react = func(_ context.Context, m chat.Message) {
		st, ok := srv.Interaction(strings.TrimPrefix(m.Ref, refInteraction))
		ackedBefore <- ok && st.AckType == 5 && !st.AckedAt.IsZero()
	}
	startBot(t, srv, rec)

	F := fakediscord.Str
	tests := []struct {
		name     string
		opts     []fakediscord.Option
		text     string
		mentions []chat.User
	}{
		{"play", []fakediscord.Option{F("game", "dama"), F("level", "master")}, "play dama master", nil},
		{"play", []fakediscord.Option{F("level", "easy"), F("game", "tictactoe"), F("side", "o")}, "play tictactoe easy o", nil},
		{"play", []fakediscord.Option{F("game", "tictactoe")}, "play tictactoe", nil},
		{"move", []fakediscord.Option{F("move", "c3-c4")}, "move c3-c4", nil},
		{"move", []fakediscord.Option{F("move", "  c3 \n x  c5 ")}, "move c3 x c5", nil},
		{"board", nil, "board", nil},
		{"hint", nil, "hint", nil},
		{"resign", nil, "resign", nil},
		{"draw", nil, "draw", nil},
		{"undo", nil, "undo", nil},
		{"challenge", []fakediscord.Option{fakediscord.UserOpt("user", mehmet), F("game", "dama")},
			"challenge dama <@8>", []chat.User{{ID: "8", Name: "Memo"}}},
		{"challenge", []fakediscord.Option{F("game", "dama"), F("time", "5m")}, "challenge dama 5m", nil}, // open to anyone
		{"rematch", nil, "rematch", nil},
		{"analyse", nil, "analyse", nil},
		{"accept", nil, "accept", nil},
		{"decline", nil, "decline", nil},
		{"history", nil, "history", nil},
		{"lang", []fakediscord.Option{F("language", "en")}, "lang en", nil},
		{"lang", nil, "lang", nil},
		{"help", nil, "help", nil},
		{"help", []fakediscord.Option{F("command", "play")}, "help play", nil},
		{"level", []fakediscord.Option{F("level", "hard")}, "level hard", nil},
		{"games", nil, "games", nil},
		{"challenge", []fakediscord.Option{F("time", "5m+3s"), F("game", "dama"), fakediscord.UserOpt("user", mehmet)},
			"challenge dama <@8> 5m+3s", []chat.User{{ID: "8", Name: "Memo"}}},
		{"tournament", []fakediscord.Option{fakediscord.Sub("create", F("time", "5m+3s"), fakediscord.Int("rounds", 3),
			F("system", "swiss"), F("game", "dama"))}, "tournament create dama swiss 3 5m+3s", nil},
		{"tournament", []fakediscord.Option{fakediscord.Sub("create", F("game", "tictactoe"), F("system", "roundrobin"))},
			"tournament create tictactoe roundrobin", nil},
		{"tournament", []fakediscord.Option{fakediscord.Sub("create", F("game", "dama"), F("system", "double"), F("time", "1d/move"))},
			"tournament create dama double 1d/move", nil},
		{"tournament", []fakediscord.Option{fakediscord.Sub("join")}, "tournament join", nil},
		{"tournament", []fakediscord.Option{fakediscord.Sub("leave")}, "tournament leave", nil},
		{"tournament", []fakediscord.Option{fakediscord.Sub("leave", F("bot", "hard"))}, "tournament leave bot hard", nil},
		{"tournament", []fakediscord.Option{fakediscord.Sub("addbot", F("level", "easy"))}, "tournament addbot easy", nil},
		{"tournament", []fakediscord.Option{fakediscord.Sub("addbot")}, "tournament addbot", nil},
		{"tournament", []fakediscord.Option{fakediscord.Sub("start")}, "tournament start", nil},
		{"tournament", []fakediscord.Option{fakediscord.Sub("standings")}, "tournament standings", nil},
		{"tournament", []fakediscord.Option{fakediscord.Sub("pairings", fakediscord.Int("round", 2))}, "tournament pairings 2", nil},
		{"tournament", []fakediscord.Option{fakediscord.Sub("pairings")}, "tournament pairings", nil},
		{"tournament", []fakediscord.Option{fakediscord.Sub("cancel")}, "tournament cancel", nil},
		{"tournament", []fakediscord.Option{fakediscord.Sub("info")}, "tournament info", nil},
		{"rating", nil, "rating", nil},
		{"rating", []fakediscord.Option{fakediscord.UserOpt("user", mehmet), F("game", "dama")},
			"rating dama <@8>", []chat.User{{ID: "8", Name: "Memo"}}},
		{"leaderboard", []fakediscord.Option{F("game", "tictactoe")}, "leaderboard tictactoe", nil},
	}
	// Every command and sub-command is in the table.
	covered := map[string]bool{}
	for _, tt := range tests {
		covered[tt.name] = true
		for _, o := range tt.opts {
			if o.Type == int(discordgo.ApplicationCommandOptionSubCommand) {
				covered[tt.name+" "+o.Name] = true
			}
		}
	}
	for _, c := range specs(testOffers()) {
		if !covered[c.name] {
			t.Errorf("/%s is not tested", c.name)
		}
		for _, o := range c.opts {
			if o.typ == discordgo.ApplicationCommandOptionSubCommand && !covered[c.name+" "+o.name] {
				t.Errorf("/%s %s is not tested", c.name, o.name)
			}
		}
	}
	for _, tt := range tests {
		id := srv.SlashCommand(general, ayse, "tr", tt.name, tt.opts...)
		m := rec.next(t)
		if m.Text != tt.text {
			t.Errorf("/%s %v: text %q, want %q", tt.name, tt.opts, m.Text, tt.text)
		}
		if !reflect.DeepEqual(m.Mentions, tt.mentions) {
			t.Errorf("/%s: mentions %+v, want %+v", tt.name, m.Mentions, tt.mentions)
		}
		// Ayşe owns the guild: an admin.
		want := chat.Message{Platform: "discord", ChannelID: general.ID, UserID: ayse.ID, UserName: "Ayşe",
			Text: m.Text, Locale: "tr", Ref: refInteraction + id, Update: id, Mentions: m.Mentions, Admin: true} // the interaction id is the update applied once (issue 21.1)
		if !reflect.DeepEqual(m, want) {
			t.Errorf("/%s: message %+v, want %+v", tt.name, m, want)
		}
		if !<-ackedBefore {
			t.Errorf("/%s handled before the deferred response (type 5) reached Discord", tt.name)
		}
	}
}

func TestSlashCommandInDMAndAdmin(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	rec := newRecorder()
	startBot(t, srv, rec)

	srv.SlashCommand(dm, mehmet, "en-US", "board")
	m := rec.next(t)
	if !m.Private || m.UserName != "mehmet" || m.Locale != "en-US" {
		t.Errorf("DM command: %+v", m)
	}
	boss := mehmet
	boss.Permissions = discordgo.PermissionManageChannels
	srv.SlashCommand(general, boss, "en-US", "board")
	if m := rec.next(t); !m.Admin || m.Private {
		t.Errorf("channel manager: %+v, want Admin", m)
	}
	srv.SlashCommand(general, mehmet, "en-US", "board")
	if m := rec.next(t); m.Admin {
		t.Errorf("plain member: %+v, want not Admin", m)
	}
}

func TestPrefixMessages(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	rec := newRecorder()
	b := startBot(t, srv, rec)
	bot := fakediscord.User{ID: srv.BotID(), Name: "oyunbot", Bot: true}
	other := fakediscord.User{ID: "99", Name: "otherbot", Bot: true}

	tests := []struct {
		ch      fakediscord.Channel
		from    fakediscord.User
		content string
		ment    []fakediscord.User
		text    string // "" when ignored
	}{
		{general, ayse, "!play dama master", nil, "play dama master"},
		{general, ayse, "play dama", nil, ""},
		{general, ayse, "!", nil, ""},
		{general, ayse, "!   ", nil, ""},
		{general, ayse, "  ! move c3-c4  ", nil, "move c3-c4"},
		{general, bot, "!board", nil, ""},
		{general, other, "!board", nil, ""},
		{general, ayse, "<@" + srv.BotID() + "> hint", nil, "hint"},
		{general, ayse, "<@!" + srv.BotID() + "> board", nil, "board"},
		{general, ayse, "!challenge <@8> dama", []fakediscord.User{mehmet}, "challenge <@8> dama"},
		{general, ayse, "", nil, ""}, // Message Content intent not granted
		{dm, mehmet, "!oyna xox", nil, "oyna xox"},
	}
	for _, tt := range tests {
		srv.SendMessage(tt.ch, tt.from, tt.content, tt.ment...)
		if tt.text == "" {
			continue
		}
		m := rec.next(t)
		if m.Text != tt.text {
			t.Errorf("%q: text %q, want %q", tt.content, m.Text, tt.text)
			continue
		}
		if m.Platform != Platform || m.ChannelID != tt.ch.ID || m.UserID != tt.from.ID || !strings.HasPrefix(m.Ref, refMsg) {
			t.Errorf("%q: message %+v", tt.content, m)
		}
		if tt.ch == general {
			if m.Locale != "tr" || m.Private {
				t.Errorf("%q: guild message %+v, want locale tr from the guild", tt.content, m)
			}
			// ayse owns the guild.
			if !m.Admin {
				t.Errorf("%q: guild owner not Admin", tt.content)
			}
		} else if !m.Private {
			t.Errorf("%q: DM not Private", tt.content)
		}
		if len(tt.ment) > 0 && !reflect.DeepEqual(m.Mentions, []chat.User{{ID: "8", Name: "mehmet"}}) {
			t.Errorf("%q: mentions %+v", tt.content, m.Mentions)
		}
	}
	rec.none(t, srv, "!", general, dm)

	// A custom prefix replaces "!".
	srv2 := newServer(t)
	rec2 := newRecorder()
	startBot(t, srv2, rec2, func(c *Config) { c.Prefix = "?" })
	srv2.SendMessage(general, ayse, "!board")
	srv2.SendMessage(general, ayse, "?board")
	if m := rec2.next(t); m.Text != "board" {
		t.Errorf("custom prefix: %q", m.Text)
	}
	rec2.none(t, srv2, "?", general)
	_ = b
}

// TestRepliesToSlashCommand: the first reply replaces the "thinking"
// response (with the board attached and buttons), later ones are followups,
// unsolicited ones channel messages.
func TestRepliesToSlashCommand(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	rec := newRecorder()
	board := testPNG(t, color.RGBA{200, 30, 30, 255})
	var b *Bot
	rec.react = func(ctx context.Context, m chat.Message) {
		if err := b.Send(ctx, chat.Reply{Platform: "discord", ChannelID: m.ChannelID, Ref: m.Ref,
			Text: "Game 7: your move", Image: board, ImageName: "g7.png", Caption: "x to move",
			Buttons: [][]chat.Button{{{Label: "a1", Data: "move a1"}, {Label: "b1", Data: "move b1"}},
				{{Label: "Hint", Data: "hint"}, {Label: "Resign", Data: "resign"}}}}); err != nil {
			t.Errorf("Send: %v", err)
		}
		if err := b.Send(ctx, chat.Reply{ChannelID: m.ChannelID, Ref: m.Ref, Text: "I played b2"}); err != nil {
			t.Errorf("Send: %v", err)
		}
	}
	b = startBot(t, srv, rec)

	id := srv.SlashCommand(general, ayse, "en-US", "play", fakediscord.Str("game", "tictactoe"))
	rec.next(t)
	if err := b.Send(context.Background(), chat.Reply{ChannelID: general.ID, Text: "reminder"}); err != nil {
		t.Fatal(err)
	}
	srv.WaitT(t, wait, "three messages", func(v *fakediscord.View) bool { return len(v.Messages(general.ID)) == 3 })

	msgs := srv.Messages(general.ID)
	first := msgs[0]
	if first.Interaction != id || first.Loading || first.Content != "Game 7: your move" {
		t.Errorf("first message %+v, want the edited response to %s", first, id)
	}
	if len(first.Files) != 1 || first.Files[0].Name != "g7.png" {
		t.Fatalf("first message files %+v", first.Files)
	}
	img := decodePNG(t, first.Files[0])
	if r, g, _, _ := img.At(5, 5).RGBA(); r>>8 != 200 || g>>8 != 30 {
		t.Errorf("board pixel %v", img.At(5, 5))
	}
	var ids [][]string
	for _, row := range first.Buttons() {
		var r []string
		for _, bt := range row {
			r = append(r, bt.Label+"="+bt.CustomID)
		}
		ids = append(ids, r)
	}
	if want := [][]string{{"a1=move a1", "b1=move b1"}, {"Hint=hint", "Resign=resign"}}; !reflect.DeepEqual(ids, want) {
		t.Errorf("buttons %v, want %v", ids, want)
	}
	if msgs[1].Content != "I played b2" || msgs[1].Interaction != id {
		t.Errorf("second reply %+v, want a followup to %s", msgs[1], id)
	}
	if msgs[2].Content != "reminder" || msgs[2].Interaction != "" {
		t.Errorf("unsolicited reply %+v, want a channel message", msgs[2])
	}
	var kinds []fakediscord.CallKind
	for _, c := range srv.Calls() {
		kinds = append(kinds, c.Kind)
	}
	want := []fakediscord.CallKind{fakediscord.Callback, fakediscord.EditOriginal, fakediscord.Followup, fakediscord.ChannelMessage}
	if !reflect.DeepEqual(kinds, want) {
		t.Errorf("calls %v, want %v", kinds, want)
	}
}

// TestButtonPress: a press is acknowledged with a deferred update before it
// is handled, arrives as the button's Data, and is answered by a followup.
func TestButtonPress(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	rec := newRecorder()
	var b *Bot
	rec.react = func(ctx context.Context, m chat.Message) {
		b.Send(ctx, chat.Reply{ChannelID: m.ChannelID, Ref: m.Ref, Text: "ok " + m.Text,
			Buttons: [][]chat.Button{{{Label: "·", Data: "move b2"}, {Label: "X", Data: ""}, {Label: "O", Data: ""}, {Label: "·", Data: "move b2"}}}})
	}
	b = startBot(t, srv, rec)

	srv.SendMessage(general, ayse, "!board")
	rec.next(t)
	srv.WaitT(t, wait, "the board", func(v *fakediscord.View) bool { return len(v.Messages(general.ID)) == 1 })
	board := srv.Messages(general.ID)[0]
	row := board.Buttons()[0]
	if !row[1].Disabled || !row[2].Disabled || row[0].Disabled {
		t.Errorf("disabled flags wrong: %+v", row)
	}
	if row[0].CustomID == row[3].CustomID {
		t.Errorf("duplicate custom_id %q sent", row[0].CustomID)
	}
	if board.ReferenceID == "" {
		t.Error("reply to a prefix message does not quote it")
	}

	var presses []string
	for _, bt := range []fakediscord.Component{row[0], row[3]} {
		id := srv.Press(general, mehmet, "tr", board.ID, bt.CustomID)
		presses = append(presses, id)
		m := rec.next(t)
		if m.Text != "move b2" || m.UserID != mehmet.ID || m.Ref != refInteraction+id {
			t.Errorf("press of %q: %+v", bt.CustomID, m)
		}
	}
	srv.WaitT(t, wait, "two followups", func(v *fakediscord.View) bool { return len(v.Messages(general.ID)) == 3 })
	// A reply that is not the pressed message's update follows the
	// deferred update (the fake fails a followup sent before it).
	for _, id := range presses {
		if st, _ := srv.Interaction(id); st.AckType != 6 {
			t.Errorf("press %s acknowledged with type %d, want the deferred update (6)", id, st.AckType)
		}
	}
	for _, m := range srv.Messages(general.ID)[1:] {
		if m.Interaction == "" || m.Content != "ok move b2" {
			t.Errorf("reply to a press: %+v, want a followup", m)
		}
	}
}

// TestUnansweredCommand: a slash command the handler does not answer loses
// its "thinking" response; a late reply still arrives, as a followup.
func TestUnansweredCommand(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	rec := newRecorder()
	b := startBot(t, srv, rec, func(b *Bot) { b.settleAfter = 20 * time.Millisecond })
	id := srv.SlashCommand(general, ayse, "en-US", "draw")
	m := rec.next(t)
	srv.WaitT(t, wait, "the response deleted", func(v *fakediscord.View) bool {
		for _, c := range v.Calls() {
			if c.Kind == fakediscord.DeleteOriginal && c.InteractionID == id {
				return true
			}
		}
		return false
	})
	if err := b.Send(context.Background(), chat.Reply{ChannelID: m.ChannelID, Ref: m.Ref, Text: "late"}); err != nil {
		t.Fatal(err)
	}
	msgs := srv.Messages(general.ID)
	if len(msgs) != 1 || msgs[0].Content != "late" || msgs[0].Interaction != id {
		t.Errorf("messages %+v, want the late followup only", msgs)
	}
}

func TestAutocomplete(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	sug := &suggester{recorder: newRecorder(), moves: []string{"c3-c4", "c3-d3", "b3-b4"}}
	startBot(t, srv, sug)
	id := srv.Autocomplete(general, ayse, "move", fakediscord.Focused("move", "c3"))
	srv.WaitT(t, wait, "autocomplete result", func(v *fakediscord.View) bool {
		st, _ := v.Interaction(id)
		return st.AckType == 8
	})
	st, _ := srv.Interaction(id)
	var got []any
	for _, c := range st.Choices {
		got = append(got, c.Value)
	}
	if !reflect.DeepEqual(got, []any{"c3-c4", "c3-d3"}) {
		t.Errorf("choices %v", got)
	}
	if sug.asked != general.ID+"/"+ayse.ID+"/c3" {
		t.Errorf("SuggestMoves asked %q", sug.asked)
	}

	// A handler that cannot suggest answers with no choices.
	srv2 := newServer(t)
	startBot(t, srv2, newRecorder())
	id = srv2.Autocomplete(general, ayse, "move", fakediscord.Focused("move", ""))
	srv2.WaitT(t, wait, "empty autocomplete result", func(v *fakediscord.View) bool {
		st, _ := v.Interaction(id)
		return st.AckType == 8
	})
	if st, _ := srv2.Interaction(id); len(st.Choices) != 0 {
		t.Errorf("choices %v, want none", st.Choices)
	}
}

type suggester struct {
	*recorder
	moves []string
	asked string
}

func (s *suggester) SuggestMoves(_ context.Context, ch, user, prefix string) []string {
	s.asked = ch + "/" + user + "/" + prefix
	var out []string
	for _, m := range s.moves {
		if strings.HasPrefix(m, prefix) {
			out = append(out, m)
		}
	}
	return out
}

// TestSendRetries: 5xx and 429 answers are retried until the message is
// through; a 4xx is not retried and is reported.
func TestSendRetries(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	b := startBot(t, srv, newRecorder())
	ctx := context.Background()
	path := "channels/" + general.ID + "/messages"

	srv.Fail("POST", path, 500, 2, 0)
	if err := b.Send(ctx, chat.Reply{ChannelID: general.ID, Text: "after 500s", Image: testPNG(t, color.White)}); err != nil {
		t.Fatalf("Send after two 500s: %v", err)
	}
	srv.Fail("POST", path, 429, 2, 0.02)
	if err := b.Send(ctx, chat.Reply{ChannelID: general.ID, Text: "after 429s"}); err != nil {
		t.Fatalf("Send after two 429s: %v", err)
	}
	msgs := srv.Messages(general.ID)
	if len(msgs) != 2 || msgs[0].Content != "after 500s" || msgs[1].Content != "after 429s" {
		t.Fatalf("messages %+v", msgs)
	}
	decodePNG(t, msgs[0].Files[0]) // the retried upload carried the whole file

	srv.Fail("POST", path, 500, 100, 0)
	if err := b.Send(ctx, chat.Reply{ChannelID: general.ID, Text: "never"}); err == nil {
		t.Error("Send succeeded against a server that always fails")
	}
	srv.Fail("POST", path, 0, 0, 0)
	srv.Fail("POST", "channels/1/messages", 403, 1, 0)
	if err := b.Send(ctx, chat.Reply{ChannelID: "1", Text: "forbidden"}); err == nil {
		t.Error("Send succeeded despite 403")
	}
}

// TestFailedAckFallsBack: when the acknowledgement cannot be sent, the
// reply goes to the channel rather than to an unusable token.
func TestFailedAckFallsBack(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	rec := newRecorder()
	var b *Bot
	rec.react = func(ctx context.Context, m chat.Message) {
		if err := b.Send(ctx, chat.Reply{ChannelID: m.ChannelID, Ref: m.Ref, Text: "answer"}); err != nil {
			t.Errorf("Send: %v", err)
		}
	}
	b = startBot(t, srv, rec)
	srv.Fail("POST", "interactions/", 500, 10, 0)
	srv.SlashCommand(general, ayse, "en-US", "board")
	rec.next(t)
	msgs := srv.Messages(general.ID)
	if len(msgs) != 1 || msgs[0].Content != "answer" || msgs[0].Interaction != "" {
		t.Errorf("messages %+v, want the answer as a channel message", msgs)
	}
}

// TestDroppedGateway: the server drops the websocket abruptly; events sent
// while the bot is away are replayed on RESUME and handled in order.
func TestDroppedGateway(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	rec := newRecorder()
	startBot(t, srv, rec)

	srv.SendMessage(general, ayse, "!move a1")
	if m := rec.next(t); m.Text != "move a1" {
		t.Fatalf("before the drop: %q", m.Text)
	}
	srv.DropGateway()
	srv.WaitT(t, wait, "the connection gone", func(v *fakediscord.View) bool { return v.Ready() == 0 })
	srv.SendMessage(general, ayse, "!move b2")
	srv.SendMessage(general, ayse, "!move c3")
	srv.WaitT(t, wait, "RESUME", func(v *fakediscord.View) bool { return len(v.Resumes()) == 1 && v.Ready() == 1 })
	srv.SendMessage(general, ayse, "!move a3")
	for _, want := range []string{"move b2", "move c3", "move a3"} {
		if m := rec.next(t); m.Text != want {
			t.Fatalf("after the drop: %q, want %q", m.Text, want)
		}
	}
	if n := len(srv.Identifies()); n != 1 {
		t.Errorf("%d IDENTIFYs, want 1 (a resume)", n)
	}

	rec.none(t, srv, "!", general)
}

// TestInvalidSessionReidentify: after the server invalidates the session and
// drops the connection, the bot identifies again and goes on. Under load
// this once sent discordgo v0.29 into a reconnect storm (12 IDENTIFYs in
// 13 s): the heartbeat goroutine of a closed connection closed the one that
// replaced it and reconnected again. The adapter now reconnects by itself,
// once, after the old connection's goroutines are done (Bot.reconnect).
func TestInvalidSessionReidentify(t *testing.T) {
	t.Parallel()
	// A short heartbeat, so that a closed connection's heartbeat goroutine
	// (the storm's cause) would tick within the wait below.
	srv := fakediscord.New(t, fakediscord.Options{Guilds: []fakediscord.Guild{guild}, HeartbeatInterval: 200 * time.Millisecond})
	rec := newRecorder()
	startBot(t, srv, rec)
	srv.SendMessage(general, ayse, "!move a1")
	if m := rec.next(t); m.Text != "move a1" {
		t.Fatalf("before the drop: %q", m.Text)
	}

	srv.InvalidateSessions()
	srv.DropGateway()
	srv.WaitT(t, wait, "a new session", func(v *fakediscord.View) bool { return len(v.Identifies()) == 2 && v.Ready() == 1 })
	// One new session, and it stays: three heartbeats later (three ticks
	// of any heartbeat goroutine left over), no further IDENTIFY or RESUME.
	// (discordgo tries to RESUME first, and IDENTIFYs when refused.)
	var beats, resumes int
	srv.Snapshot(func(v *fakediscord.View) { beats, resumes = v.Heartbeats(), len(v.Resumes()) })
	srv.WaitT(t, wait, "three heartbeats", func(v *fakediscord.View) bool { return v.Heartbeats() >= beats+3 })
	if n, r, live := len(srv.Identifies()), len(srv.Resumes()), ready(srv); n != 2 || r != resumes || live != 1 {
		t.Errorf("%d IDENTIFYs, %d RESUMEs (%d at the new session), %d live sessions; want 2 (the first and one after the invalidation), no new RESUME, 1",
			n, r, resumes, live)
	}
	srv.SlashCommand(general, ayse, "en-US", "board")
	select {
	case m := <-rec.ch:
		if m.Text != "board" {
			t.Fatalf("after re-identify: %q", m.Text)
		}
	case <-time.After(wait):
		t.Fatalf("no message handled after re-identify: %d IDENTIFYs, %d RESUMEs, %d connections ready",
			len(srv.Identifies()), len(srv.Resumes()), ready(srv))
	}
	rec.none(t, srv, "!", general)
}

// ready is the number of live gateway sessions.
func ready(srv *fakediscord.Server) (n int) {
	srv.Snapshot(func(v *fakediscord.View) { n = v.Ready() })
	return n
}

// connectedLog is a logger that closes connected when the bot logs that
// it is connected: past the point where shard 0 registers the commands.
func connectedLog(t *testing.T, connected chan struct{}) *slog.Logger {
	var once sync.Once
	return slog.New(&signalHandler{Handler: newTestLogger(t).Handler(), msg: "connected",
		hit: func() { once.Do(func() { close(connected) }) }})
}

type signalHandler struct {
	slog.Handler
	msg string
	hit func()
}

func (h *signalHandler) Handle(ctx context.Context, r slog.Record) error {
	if r.Message == h.msg {
		h.hit()
	}
	return h.Handler.Handle(ctx, r)
}

func (h *signalHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return &signalHandler{h.Handler.WithAttrs(as), h.msg, h.hit}
}

func (h *signalHandler) WithGroup(name string) slog.Handler {
	return &signalHandler{h.Handler.WithGroup(name), h.msg, h.hit}
}

// TestSharding: two processes split the guilds as two shards. Each
// identifies with its shard, handles its own guild's messages, and only
// shard 0 registers the slash commands.
func TestSharding(t *testing.T) {
	t.Parallel()
	// Discord's formula (guild_id >> 22) % 2 puts guild on shard 0 and
	// other on shard 1.
	other := fakediscord.Guild{ID: "500000000004194304", Name: "Çayevi", OwnerID: "8", PreferredLocale: "tr", Channels: []string{"601"}}
	otherCh := fakediscord.Channel{ID: "601", GuildID: other.ID}
	srv := fakediscord.New(t, fakediscord.Options{Guilds: []fakediscord.Guild{guild, other}})
	r0, r1 := newRecorder(), newRecorder()
	startBot(t, srv, r0, func(c *Config) { c.ShardID, c.ShardCount = 0, 2 })
	connected := make(chan struct{})
	startBot(t, srv, r1, func(c *Config) {
		c.ShardID, c.ShardCount = 1, 2
		c.Logger = connectedLog(t, connected)
	})
	select {
	case <-connected:
	case <-time.After(wait):
		t.Fatal("shard 1 never connected")
	}
	var shards [][2]int
	for _, id := range srv.Identifies() {
		if id.Shard != nil {
			shards = append(shards, *id.Shard)
		}
	}
	slices.SortFunc(shards, func(a, b [2]int) int { return a[0] - b[0] })
	if !slices.Equal(shards, [][2]int{{0, 2}, {1, 2}}) {
		t.Fatalf("IDENTIFY shards %v, want [0 2] and [1 2]", shards)
	}
	var puts int
	srv.Snapshot(func(v *fakediscord.View) { puts = v.CommandPuts() })
	if puts != 1 {
		t.Errorf("slash commands registered %d times; shard 0 alone should, once", puts)
	}
	srv.SendMessage(general, ayse, "!board")
	srv.SendMessage(otherCh, mehmet, "!hint")
	if m := r0.next(t); m.ChannelID != general.ID || m.Text != "board" {
		t.Errorf("shard 0 handled %q in %s, want board in its guild's %s", m.Text, m.ChannelID, general.ID)
	}
	if m := r1.next(t); m.ChannelID != otherCh.ID || m.Text != "hint" {
		t.Errorf("shard 1 handled %q in %s, want hint in its guild's %s", m.Text, m.ChannelID, otherCh.ID)
	}
}

func TestRunFailsOnBadToken(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	b, err := New(Config{Token: "wrong", APIBase: srv.URL(), Logger: newTestLogger(t)}, newRecorder())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	if err := b.Run(ctx); err == nil {
		t.Fatal("Run with a wrong token succeeded")
	}
}

func TestNewRejectsBadConfig(t *testing.T) {
	t.Parallel()
	h := newRecorder()
	for _, cfg := range []Config{
		{},
		{Token: "Bot "},
		{Token: "x", ShardID: 2, ShardCount: 2},
		{Token: "x", ShardID: -1},
		{Token: "x", APIBase: "127.0.0.1:8080/api"},
		{Token: "x", APIBase: "ftp://host/api/v9/"},
		{Token: "x", Games: make([]Choice, 26)},
		{Token: "x", Sides: []Choice{{Value: "x", Name: strings.Repeat("x", 101)}}},
	} {
		if _, err := New(cfg, h); err == nil {
			t.Errorf("New(%+v) accepted", cfg)
		}
	}
	if _, err := New(Config{Token: "x"}, nil); err == nil {
		t.Error("New with a nil handler accepted")
	}
	if _, err := New(Config{Token: "x", APIBase: "http://127.0.0.1:1/api/v9"}, h); err != nil {
		t.Errorf("valid config: %v", err)
	}
}

// TestWithoutMessageContentIntent: an application without the privileged
// intent is refused (4014) when asking for it; the bot connects without it
// and goes on with slash commands, DMs and mentions.
func TestWithoutMessageContentIntent(t *testing.T) {
	t.Parallel()
	none := 0
	srv := fakediscord.New(t, fakediscord.Options{Guilds: []fakediscord.Guild{guild}, PrivilegedIntents: &none})
	rec := newRecorder()
	startBot(t, srv, rec)
	ids := srv.Identifies()
	if len(ids) != 2 || ids[1].Intents&int(discordgo.IntentsMessageContent) != 0 {
		t.Fatalf("IDENTIFYs %+v, want a second one without MESSAGE_CONTENT", ids)
	}
	srv.SendMessage(general, ayse, "!board") // content blanked by Discord
	srv.SendMessage(general, ayse, "<@"+srv.BotID()+"> hint")
	srv.SendMessage(dm, ayse, "!history")
	srv.SlashCommand(general, ayse, "tr", "undo")
	// Channels are handled independently: compare as a set.
	var got []string
	for range 3 {
		got = append(got, rec.next(t).Text)
	}
	slices.Sort(got)
	if want := []string{"hint", "history", "undo"}; !slices.Equal(got, want) {
		t.Errorf("handled %q, want %q", got, want)
	}
	rec.none(t, srv, "<@"+srv.BotID()+"> ", general, dm) // content is blanked without the intent: mentions
}

// TestAdmin: Message.Admin, which lets someone start or cancel a
// tournament they did not organise, is true for the guild's owner and for
// members with ADMINISTRATOR, MANAGE_GUILD or MANAGE_CHANNELS: from their
// roles for prefix messages, from the permissions Discord computes for
// slash commands and buttons.
func TestAdmin(t *testing.T) {
	t.Parallel()
	salon := fakediscord.Guild{ID: "510000000000000000", Name: "Salon", OwnerID: "20", Channels: []string{"610"},
		Roles: []fakediscord.Role{
			{ID: "901", Permissions: discordgo.PermissionAdministrator},
			{ID: "902", Permissions: discordgo.PermissionManageGuild},
			{ID: "903", Permissions: discordgo.PermissionManageChannels},
			{ID: "904", Permissions: discordgo.PermissionManageMessages | discordgo.PermissionSendMessages},
		}}
	srv := fakediscord.New(t, fakediscord.Options{Guilds: []fakediscord.Guild{salon}})
	rec := newRecorder()
	startBot(t, srv, rec)
	room := fakediscord.Channel{ID: "610", GuildID: salon.ID}
	tests := []struct {
		name  string
		user  fakediscord.User
		admin bool
	}{
		{"owner", fakediscord.User{ID: "20", Name: "owner"}, true},
		{"administrator", fakediscord.User{ID: "21", Name: "a", Roles: []string{"901"}, Permissions: discordgo.PermissionAdministrator}, true},
		{"guild manager", fakediscord.User{ID: "22", Name: "g", Roles: []string{"902"}, Permissions: discordgo.PermissionManageGuild}, true},
		{"channel manager", fakediscord.User{ID: "23", Name: "c", Roles: []string{"903"}, Permissions: discordgo.PermissionManageChannels}, true},
		{"message manager", fakediscord.User{ID: "24", Name: "m", Roles: []string{"904"},
			Permissions: discordgo.PermissionManageMessages | discordgo.PermissionSendMessages}, false},
		{"member", fakediscord.User{ID: "25", Name: "p"}, false},
	}
	for _, tt := range tests {
		srv.SendMessage(room, tt.user, "!tournament start")
		if m := rec.next(t); m.Text != "tournament start" || m.Admin != tt.admin {
			t.Errorf("%s, prefix message: %q admin %v, want admin %v", tt.name, m.Text, m.Admin, tt.admin)
		}
		srv.SlashCommand(room, tt.user, "en-US", "tournament", fakediscord.Sub("cancel"))
		if m := rec.next(t); m.Text != "tournament cancel" || m.Admin != tt.admin {
			t.Errorf("%s, slash command: %q admin %v, want admin %v", tt.name, m.Text, m.Admin, tt.admin)
		}
		srv.Press(room, tt.user, "en-US", "", "tournament cancel")
		if m := rec.next(t); m.Text != "tournament cancel" || m.Admin != tt.admin {
			t.Errorf("%s, button: %q admin %v, want admin %v", tt.name, m.Text, m.Admin, tt.admin)
		}
	}
	// In a DM the user is the admin of the conversation.
	srv.SlashCommand(dm, tests[len(tests)-1].user, "en-US", "tournament", fakediscord.Sub("start"))
	if m := rec.next(t); !m.Admin || !m.Private {
		t.Errorf("DM: %+v", m)
	}
}

// TestUnsolicitedReplyAnswersCommandInHand: a reply without Ref sent while
// a slash command of its channel is handled and unanswered (the round a
// "tournament start" begins) answers that command; once the command is
// answered, or its handling is over, such replies are channel messages.
func TestUnsolicitedReplyAnswersCommandInHand(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	rec := newRecorder()
	var b *Bot
	send := func(ctx context.Context, r chat.Reply) {
		if err := b.Send(ctx, r); err != nil {
			t.Errorf("Send: %v", err)
		}
	}
	rec.react = func(ctx context.Context, m chat.Message) {
		switch m.Text {
		case "tournament start":
			send(ctx, chat.Reply{ChannelID: m.ChannelID, Text: "Round 1 has begun"})
			send(ctx, chat.Reply{ChannelID: m.ChannelID, Text: "A board of round 1"})
		case "board":
			send(ctx, chat.Reply{ChannelID: m.ChannelID, Ref: m.Ref, Text: "The board"})
			send(ctx, chat.Reply{ChannelID: m.ChannelID, Text: "A reminder"})
		case "tournament cancel":
			send(ctx, chat.Reply{ChannelID: m.ChannelID, Text: "Cancelled"})
		}
	}
	b = startBot(t, srv, rec)

	start := srv.SlashCommand(general, ayse, "en-US", "tournament", fakediscord.Sub("start"))
	rec.next(t)
	board := srv.SlashCommand(general, ayse, "en-US", "board")
	rec.next(t)
	srv.SendMessage(general, ayse, "!tournament cancel") // a prefix message is no interaction
	rec.next(t)
	send(context.Background(), chat.Reply{ChannelID: general.ID, Text: "Later"})
	srv.WaitT(t, wait, "six messages", func(v *fakediscord.View) bool { return len(v.Messages(general.ID)) == 6 })

	var got [][2]string
	for _, m := range srv.Messages(general.ID) {
		got = append(got, [2]string{m.Content, m.Interaction})
		if m.Loading {
			t.Errorf("still thinking: %+v", m)
		}
	}
	want := [][2]string{
		{"Round 1 has begun", start}, {"A board of round 1", ""},
		{"The board", board}, {"A reminder", ""},
		{"Cancelled", ""}, {"Later", ""},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("messages (content, interaction) %q\nwant %q", got, want)
	}
}

// TestSendFile: a reply's file is attached to its message, beside the
// picture when there is one.
func TestSendFile(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	b := startBot(t, srv, newRecorder())
	pgn := []byte("[Event \"oyunbot\"]\n\n1. e4 e5 *\n")
	board := testPNG(t, color.RGBA{200, 30, 30, 255})
	if err := b.Send(context.Background(), chat.Reply{ChannelID: general.ID, Text: "PGN of #g3", File: pgn,
		FileName: "oyunbot-g3.pgn", FileType: "application/x-chess-pgn"}); err != nil {
		t.Fatal(err)
	}
	if err := b.Send(context.Background(), chat.Reply{ChannelID: general.ID, Text: "chart", Image: board, ImageName: "c.png",
		File: pgn, FileName: "r.pgn"}); err != nil {
		t.Fatal(err)
	}
	msgs := srv.Messages(general.ID)
	if len(msgs) != 2 {
		t.Fatalf("%d messages", len(msgs))
	}
	f := msgs[0].Files
	if msgs[0].Content != "PGN of #g3" || len(f) != 1 || f[0].Name != "oyunbot-g3.pgn" || f[0].ContentType != "application/x-chess-pgn" || !bytes.Equal(f[0].Data, pgn) {
		t.Errorf("first message %q files %+v", msgs[0].Content, f)
	}
	f = msgs[1].Files
	if len(f) != 2 || f[0].Name != "c.png" || f[1].Name != "r.pgn" || f[1].ContentType != "text/plain" || !bytes.Equal(f[1].Data, pgn) {
		t.Errorf("second message files %+v", f)
	}
}

// TestGameCommandSlash: the games' own commands are offered by
// /game-command and reach the router as their word with what follows.
func TestGameCommandSlash(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	rec := newRecorder()
	startBot(t, srv, rec, func(c *Config) {
		c.GameCommands = []Choice{{Value: "pgn", Name: "pgn (Chess)", NameTR: "pgn (Satranç)"}, {Value: "solve", Name: "solve (8-puzzle)", NameTR: "çöz (8 taş)"}}
	})
	var gc *fakediscord.Command
	for _, c := range srv.Commands() {
		if c.Name == "game-command" {
			gc = &c
		}
	}
	if gc == nil || gc.NameLocalizations["tr"] != "oyun-komutu" || len(gc.Options) != 2 || len(gc.Options[0].Choices) != 2 {
		t.Fatalf("/game-command registered as %+v", gc)
	}
	srv.SlashCommand(general, ayse, "en-US", "game-command", fakediscord.Str("command", "solve"), fakediscord.Str("args", "astar"))
	if m := rec.next(t); m.Text != "solve astar" {
		t.Errorf("text %q, want %q", m.Text, "solve astar")
	}
	srv.SlashCommand(general, ayse, "tr", "game-command", fakediscord.Str("command", "pgn"))
	if m := rec.next(t); m.Text != "pgn" {
		t.Errorf("text %q, want %q", m.Text, "pgn")
	}

	// Without game commands there is no such slash command.
	srv2 := newServer(t)
	startBot(t, srv2, newRecorder())
	for _, c := range srv2.Commands() {
		if c.Name == "game-command" {
			t.Errorf("/game-command registered with no game commands")
		}
	}
}

// TestLevelChoicesFromProgram: the levels the program gives (every game's,
// a seed document's engine among them) are /play's, /level's and the
// tournament bot's choices; without them, the standard four.
func TestLevelChoicesFromProgram(t *testing.T) {
	t.Parallel()
	levelsOf := func(srv *fakediscord.Server, cmd string) (out []string) {
		for _, c := range srv.Commands() {
			if c.Name != cmd {
				continue
			}
			for _, o := range c.Options {
				if o.Name == "level" {
					for _, ch := range o.Choices {
						out = append(out, fmt.Sprint(ch.Value))
					}
				}
			}
		}
		return out
	}
	srv := newServer(t)
	startBot(t, srv, newRecorder(), func(c *Config) {
		c.Levels = []Choice{{Value: "easy", Name: "easy", NameTR: "kolay"}, {Value: "master", Name: "master", NameTR: "usta"}, {Value: "seed", Name: "seed"}}
	})
	for _, cmd := range []string{"play", "level"} {
		if got := levelsOf(srv, cmd); !slices.Equal(got, []string{"easy", "master", "seed"}) {
			t.Errorf("/%s level choices %v", cmd, got)
		}
	}
	plain := newServer(t)
	startBot(t, plain, newRecorder())
	if got := levelsOf(plain, "play"); !slices.Equal(got, []string{"easy", "medium", "hard", "master"}) {
		t.Errorf("standard level choices %v", got)
	}
}
