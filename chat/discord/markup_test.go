package discord

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"oyunbot/chat/discord/fakediscord"
)

// evilNick is a display name written to ping, format, hide a link and a
// spoiler.
const evilNick = "<@555> **B** [x](http://e.vil) ||s||"

// shown is what Discord displays for escaped plain text: a backslash before
// ASCII punctuation shows that character alone.
func shown(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", s[i+1]) >= 0 {
			i++
		}
		b.WriteByte(s[i])
	}
	return strings.ReplaceAll(b.String(), "\u200b", "")
}

// unescaped returns the first piece of markup in s that no backslash
// neutralises, or "".
func unescaped(s string) string {
	lineStart := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			i++ // the escaped character
			lineStart = false
			continue
		case strings.IndexByte("*_~`|[<", c) >= 0:
			return s[i:min(i+12, len(s))]
		case lineStart && lineMarkup(s[i:]):
			return s[i:min(i+12, len(s))]
		case c == '@' && massMention(s[i+1:]):
			return s[i:min(i+12, len(s))]
		}
		lineStart = c == '\n' || (lineStart && (c == ' ' || c == '\t'))
	}
	return ""
}

func TestEscapeMarkdown(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{evilNick, `\<@555> \*\*B\*\* \[x](http://e.vil) \|\|s\|\|`},
		{"`code` ~~gone~~ __under__ \\*", "\\`code\\` \\~\\~gone\\~\\~ \\_\\_under\\_\\_ \\\\\\*"},
		{"# big\n## big\n-# small\n> quote\n>>> all\n- item\n  # indented", "\\# big\n\\## big\n\\-# small\n\\> quote\n\\>>> all\n\\- item\n  \\# indented"},
		{"<#600> <@&9> </play:1> <t:0:R> <:e:1>", `\<#600> \<@&9> \</play:1> \<t:0:R> \<:e:1>`},
		{"@everyone and @here", "@\u200beveryone and @\u200bhere"},
		// The catalogue's texts stay as they are.
		{"#g1 New game: Tic-tac-toe — Ayşe (X) – oyunbot (O, easy)\nTo move: Ayşe (X)", ""},
		{"#g1 1. c3-c4 e6-e5 2. c3xc5xe5 · 5m+3s · a # b - c > d", ""},
	} {
		want := c.want
		if want == "" {
			want = c.in
		}
		got := escapeMarkdown(c.in)
		if got != want {
			t.Errorf("escapeMarkdown(%q)\n = %q\nwant %q", c.in, got, want)
		}
		if s := shown(got); s != c.in {
			t.Errorf("%q shows as %q, want %q", got, s, c.in)
		}
	}
}

// FuzzEscapeMarkdown: whatever a user writes shows exactly as written, and
// no markup survives escaping.
func FuzzEscapeMarkdown(f *testing.F) {
	for _, s := range []string{evilNick, "a\\*b", "\\", "# x\n> y", "@EVERYONE", "- # -# >"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) || strings.Contains(s, "\u200b") {
			t.Skip()
		}
		got := escapeMarkdown(s)
		if sh := shown(got); sh != s {
			t.Errorf("%q escaped as %q shows as %q", s, got, sh)
		}
		if u := unescaped(got); u != "" {
			t.Errorf("%q escaped as %q leaves %q", s, got, u)
		}
	})
}

// TestContentChunksEscapeEachMessage: a long text of markup is split so
// that every message fits once escaped and carries no markup, the cuts
// included, and together they show the whole text.
func TestContentChunksEscapeEachMessage(t *testing.T) {
	long := strings.Repeat("**x** ", 300) + "\n# heading " + strings.Repeat("||s|| ", 300)
	chunks := contentChunks(long, maxContent)
	var shownText []string
	for i, c := range chunks {
		if n := utf8.RuneCountInString(c); n > maxContent {
			t.Errorf("chunk %d has %d characters", i, n)
		}
		if u := unescaped(c); u != "" {
			t.Errorf("chunk %d leaves %q", i, u)
		}
		shownText = append(shownText, shown(c))
	}
	if got, want := strings.Join(strings.Fields(strings.Join(shownText, " ")), " "), strings.Join(strings.Fields(long), " "); got != want {
		t.Errorf("the chunks lost text: %d words shown, %d written", len(strings.Fields(got)), len(strings.Fields(want)))
	}
}

// TestNamesAreNotMarkup: a member whose nickname is written to ping a user,
// bolden, hide a link and a spoiler plays by slash command and challenges
// someone by prefix message, through the real router and discordgo. Every
// message the bot sent is escaped (its name shows as written) and lets
// nobody be pinged (allowed_mentions parses nothing).
func TestNamesAreNotMarkup(t *testing.T) {
	t.Parallel()
	e := newE2E(t)
	evil := fakediscord.User{ID: "11", Name: "evil", Nick: evilNick}
	// Its first characters survive any shortening of long names.
	const escapedName = `\<@555> \*\*B\*\*`

	e.srv.SlashCommand(general, evil, "en-US", "play", fakediscord.Str("game", "tictactoe"), fakediscord.Str("level", "easy"))
	board := e.waitBoard(t, general.ID, 1)
	if !strings.Contains(board.Content, escapedName) {
		t.Errorf("the board %q does not show the name escaped", board.Content)
	}
	seen := len(e.srv.Messages(general.ID))
	e.srv.SendMessage(general, evil, "!challenge <@"+ayse.ID+"> tictactoe", ayse)
	challenge := e.waitMessage(t, general.ID, seen, "the challenge", func(m fakediscord.Message) bool {
		return strings.Contains(m.Content, ayse.GlobalName)
	})
	if !strings.Contains(challenge.Content, escapedName) {
		t.Errorf("the challenge %q does not show the name escaped", challenge.Content)
	}

	var said int
	for _, c := range e.srv.Calls() {
		if c.Content == "" {
			continue
		}
		said++
		if u := unescaped(c.Content); u != "" {
			t.Errorf("%s: %q leaves markup %q", c.Kind, c.Content, u)
		}
		var am struct {
			Parse, Users, Roles []string
		}
		if err := json.Unmarshal(c.AllowedMentions, &am); err != nil || am.Parse == nil || len(am.Parse)+len(am.Users)+len(am.Roles) > 0 {
			t.Errorf("%s: %q sent with allowed_mentions %s, want nothing parsed", c.Kind, c.Content, c.AllowedMentions)
		}
	}
	if said < 2 {
		t.Errorf("the bot said %d things, want the board and the challenge", said)
	}
}
