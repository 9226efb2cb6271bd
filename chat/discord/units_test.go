package discord

import (
	"context"
	"image/color"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"oyunbot/chat"
	"oyunbot/chat/discord/fakediscord"
	"oyunbot/tournament"
)

func quietBot(t testing.TB) *Bot {
	b, err := New(Config{Token: "x", Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}, newRecorder())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSplitText(t *testing.T) {
	tests := []struct {
		in   string
		max  int
		want []string
	}{
		{"", 10, nil},
		{"  \n ", 10, nil},
		{"short", 10, []string{"short"}},
		{"line one\nline two", 12, []string{"line one", "line two"}},
		{"aaaa bbbb cccc", 9, []string{"aaaa bbbb", "cccc"}},
		{"abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
		{"şşşşşş", 3, []string{"şşş", "şşş"}},
	}
	for _, tt := range tests {
		if got := splitText(tt.in, tt.max); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("splitText(%q, %d) = %q, want %q", tt.in, tt.max, got, tt.want)
		}
	}
}

// TestSplitTextProperties: pieces fit, none is empty, and nothing but the
// spaces and line breaks at the cuts is lost.
func TestSplitTextProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []rune("ab ç\nğ1-·")
	squeeze := strings.NewReplacer(" ", "", "\n", "")
	for i := 0; i < 2000; i++ {
		n := r.IntN(300)
		rs := make([]rune, n)
		for j := range rs {
			rs[j] = alphabet[r.IntN(len(alphabet))]
		}
		s := string(rs)
		max := 1 + r.IntN(40)
		parts := splitText(s, max)
		for _, p := range parts {
			if p == "" || utf8.RuneCountInString(p) > max {
				t.Fatalf("splitText(%q, %d): piece %q", s, max, p)
			}
		}
		if got, want := squeeze.Replace(strings.Join(parts, "")), squeeze.Replace(s); got != want {
			t.Fatalf("splitText(%q, %d) lost text: %q", s, max, parts)
		}
	}
}

func TestComponentsLayout(t *testing.T) {
	b := quietBot(t)
	btn := func(label, data string) chat.Button { return chat.Button{Label: label, Data: data} }
	row7 := []chat.Button{btn("1", "a"), btn("2", "b"), btn("3", "c"), btn("4", "d"), btn("5", "e"), btn("6", "f"), btn("7", "g")}
	comps := b.components([][]chat.Button{row7, {btn("", "hint"), btn(strings.Repeat("x", 100), "resign")}})
	var layout [][]string
	for _, c := range comps {
		var row []string
		for _, bc := range c.(discordgo.ActionsRow).Components {
			bt := bc.(discordgo.Button)
			row = append(row, bt.Label+"="+bt.CustomID)
		}
		layout = append(layout, row)
	}
	want := [][]string{
		{"1=a", "2=b", "3=c", "4=d", "5=e"}, {"6=f", "7=g"},
		{"\u200b=hint", strings.Repeat("x", 79) + "…=resign"},
	}
	if !reflect.DeepEqual(layout, want) {
		t.Errorf("layout %q, want %q", layout, want)
	}

	// Six rows of five: the sixth does not fit.
	var rows [][]chat.Button
	for i := 0; i < 6; i++ {
		rows = append(rows, row7[:5])
	}
	if n := len(b.components(rows)); n != maxRows {
		t.Errorf("%d rows, want %d", n, maxRows)
	}

	// Same Data and disabled buttons get distinct ids that read back right.
	comps = b.components([][]chat.Button{{btn("x", ""), btn("·", "move b2"), btn("o", ""), btn("·", "move b2"), btn("·", "move b2")}})
	seen := map[string]bool{}
	for i, bc := range comps[0].(discordgo.ActionsRow).Components {
		bt := bc.(discordgo.Button)
		if seen[bt.CustomID] {
			t.Errorf("duplicate custom_id %q", bt.CustomID)
		}
		seen[bt.CustomID] = true
		wantText, wantOff := "move b2", false
		if i == 0 || i == 2 {
			wantText, wantOff = "", true
		}
		if got := customIDText(bt.CustomID); got != wantText || bt.Disabled != wantOff {
			t.Errorf("button %d: id %q reads %q disabled %v", i, bt.CustomID, got, bt.Disabled)
		}
	}

	// Data too long for a custom_id is left out, not cut.
	if comps := b.components([][]chat.Button{{btn("long", strings.Repeat("m", maxCustomID+1))}}); len(comps) != 0 {
		t.Errorf("oversized custom_id kept: %v", comps)
	}
}

func TestCommandTextEdgeCases(t *testing.T) {
	byName := map[string]cmdSpec{}
	for _, c := range specs(testOffers()) {
		byName[c.name] = c
	}
	opt := func(name string, typ discordgo.ApplicationCommandOptionType, v any) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: typ, Value: v}
	}
	S, U := discordgo.ApplicationCommandOptionString, discordgo.ApplicationCommandOptionUser
	tests := []struct {
		name string
		d    discordgo.ApplicationCommandInteractionData
		want string
	}{
		{"unknown command", discordgo.ApplicationCommandInteractionData{Name: "tournament",
			Options: []*discordgo.ApplicationCommandInteractionDataOption{opt("x", S, "join")}}, "tournament join"},
		{"unknown option goes last", discordgo.ApplicationCommandInteractionData{Name: "play",
			Options: []*discordgo.ApplicationCommandInteractionDataOption{opt("extra", S, "z"), opt("game", S, "dama")}}, "play dama z"},
		{"numbers and booleans", discordgo.ApplicationCommandInteractionData{Name: "x",
			Options: []*discordgo.ApplicationCommandInteractionDataOption{
				opt("n", discordgo.ApplicationCommandOptionInteger, float64(3)), opt("b", discordgo.ApplicationCommandOptionBoolean, true)}}, "x 3 true"},
		{"sub-command", discordgo.ApplicationCommandInteractionData{Name: "tournament",
			Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: "create", Type: discordgo.ApplicationCommandOptionSubCommand,
				Options: []*discordgo.ApplicationCommandInteractionDataOption{opt("game", S, "dama")}}}}, "tournament create dama"},
		{"user option that is not an id", discordgo.ApplicationCommandInteractionData{Name: "challenge",
			Options: []*discordgo.ApplicationCommandInteractionDataOption{opt("user", U, "@everyone"), opt("game", S, "dama")}}, "challenge dama @everyone"},
		{"nil and odd values", discordgo.ApplicationCommandInteractionData{Name: "move",
			Options: []*discordgo.ApplicationCommandInteractionDataOption{nil, opt("move", S, map[string]any{}), opt("move", S, "\x00b2\u200b")}}, "move b2\u200b"},
		{"control characters in the name", discordgo.ApplicationCommandInteractionData{Name: "bo\nard"}, "bo ard"},
	}
	for _, tt := range tests {
		got, mentions := commandText(tt.d, byName)
		if got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
		if len(mentions) != 0 {
			t.Errorf("%s: mentions %v", tt.name, mentions)
		}
	}
}

func TestRefStore(t *testing.T) {
	now := time.Unix(1000, 0)
	s := newRefStore(interactionTTL)
	s.now = func() time.Time { return now }
	s.put("a", &ref{kind: refCommand})
	if r, first := s.claim("a"); r == nil || !first {
		t.Fatalf("first claim: %v %v", r, first)
	}
	if r, first := s.claim("a"); r == nil || first {
		t.Fatalf("second claim: %v %v", r, first)
	}
	if r, _ := s.claim(""); r != nil {
		t.Error("empty ref claimed")
	}
	now = now.Add(interactionTTL + time.Second)
	if r, _ := s.claim("a"); r != nil {
		t.Error("expired ref claimed")
	}
	s.put("b", &ref{})
	now = now.Add(interactionTTL + time.Minute)
	s.put("c", &ref{}) // sweeps b
	if n := s.len(); n != 1 {
		t.Errorf("%d refs after the sweep, want 1", n)
	}
}

type captureRT struct{ got *http.Request }

func (c *captureRT) RoundTrip(r *http.Request) (*http.Response, error) {
	c.got = r
	return &http.Response{StatusCode: 204, Body: http.NoBody, Request: r}, nil
}

func TestRewriter(t *testing.T) {
	rt := &captureRT{}
	c, err := httpClient(&http.Client{Transport: rt}, "http://127.0.0.1:8080/proxy/api/v9")
	if err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]string{
		"https://discord.com/api/v9/channels/1/messages?wait=true":     "http://127.0.0.1:8080/proxy/api/v9/channels/1/messages?wait=true",
		"https://discord.com/api/v9/webhooks/1/tok/messages/@original": "http://127.0.0.1:8080/proxy/api/v9/webhooks/1/tok/messages/@original",
		"https://cdn.discordapp.com/avatars/1/a.png":                   "https://cdn.discordapp.com/avatars/1/a.png",
		"https://discord.com/api/v10/users/@me":                        "https://discord.com/api/v10/users/@me",
	} {
		resp, err := c.Get(in)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got := rt.got.URL.String(); got != want {
			t.Errorf("%s went to %s, want %s", in, got, want)
		}
	}
	// No base: the client is left alone.
	c, _ = httpClient(nil, "")
	if c.Transport != nil {
		t.Error("transport set without an API base")
	}
}

// TestSendWithoutGateway: Send needs only REST; bad replies are refused,
// empty ones send nothing, long ones are split with the board and buttons
// on the last message, notices show as typing.
func TestSendWithoutGateway(t *testing.T) {
	srv := fakediscord.New(t, fakediscord.Options{})
	b, err := New(Config{Token: srv.Token(), APIBase: srv.URL(), Logger: newTestLogger(t)}, newRecorder())
	if err != nil {
		t.Fatal(err)
	}
	b.retry = fastRetry()
	ctx := context.Background()
	if err := b.Send(ctx, chat.Reply{Platform: "telegram", ChannelID: "1", Text: "x"}); err == nil {
		t.Error("reply for telegram accepted")
	}
	if err := b.Send(ctx, chat.Reply{Text: "x"}); err == nil {
		t.Error("reply without channel accepted")
	}
	if err := b.Send(ctx, chat.Reply{ChannelID: "1", Text: " \n"}); err != nil {
		t.Error(err)
	}
	if err := b.Send(ctx, chat.Reply{ChannelID: "1", Text: "thinking…", Notice: true}); err != nil {
		t.Error(err)
	}
	long := strings.Repeat("abcdefghi\n", 450) // 4500 characters
	if err := b.Send(ctx, chat.Reply{ChannelID: "1", Text: long, Image: testPNG(t, color.Black),
		Buttons: [][]chat.Button{{{Label: "Hint", Data: "hint"}}}}); err != nil {
		t.Fatal(err)
	}
	if err := b.Send(ctx, chat.Reply{ChannelID: "1", Caption: "x to move", Image: testPNG(t, color.White)}); err != nil {
		t.Fatal(err)
	}
	calls := srv.Calls()
	if len(calls) != 5 || calls[0].Kind != fakediscord.Typing {
		t.Fatalf("calls:\n%v", calls)
	}
	var total int
	for i, c := range calls[1:4] {
		total += len(strings.ReplaceAll(c.Content, "\n", ""))
		last := i == 2
		if (len(c.Files) == 1) != last || (len(c.Components) == 1) != last {
			t.Errorf("part %d: files %d rows %d", i, len(c.Files), len(c.Components))
		}
	}
	if total != 4050 {
		t.Errorf("split lost text: %d letters, want 4050", total)
	}
	if c := calls[4]; c.Content != "x to move" || len(c.Files) != 1 || c.Files[0].Name != "board.png" {
		t.Errorf("caption-only reply: %v", c)
	}
	decodePNG(t, calls[4].Files[0])
}

// TestMaxRoundsIsTheTournaments: the slash command's bound on rounds is
// the tournament's (kept apart: the adapter imports no tournament).
func TestMaxRoundsIsTheTournaments(t *testing.T) {
	if maxRounds != tournament.MaxRounds {
		t.Fatalf("maxRounds %d, tournament.MaxRounds %d", maxRounds, tournament.MaxRounds)
	}
}

// TestLinkButton: a link is Discord's link button (style 5, its url, no
// custom_id).
func TestLinkButton(t *testing.T) {
	b := quietBot(t)
	comps := b.components([][]chat.Button{{{Label: "Hint", Data: "hint"}, {Label: "👁 Watch", URL: "https://oyun.example.org/g/x"}}})
	row := comps[0].(discordgo.ActionsRow).Components
	link := row[1].(discordgo.Button)
	if link.Style != discordgo.LinkButton || link.URL != "https://oyun.example.org/g/x" || link.CustomID != "" {
		t.Errorf("the link: %+v", link)
	}
	if hint := row[0].(discordgo.Button); hint.CustomID == "" || hint.URL != "" {
		t.Errorf("the hint: %+v", hint)
	}
}
