package discord

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"oyunbot/chat"
)

// FuzzCommandText: whatever Discord (or someone forging events) sends as a
// command, the text is one clean line starting with the command name, and
// every mention stands for a user option holding an id.
func FuzzCommandText(f *testing.F) {
	f.Add("play", "dama", "master", "o")
	f.Add("challenge", "123", "dama", "")
	f.Add("move", "c3-c4\nresign", "", "")
	f.Add("x\x00y", "\u200b", "\xff", "  ")
	f.Add("create", "dama", "", "swiss")
	f.Add("leave", "bot", "1", "hard")
	byName := map[string]cmdSpec{}
	for _, c := range specs(testOffers()) {
		byName[c.name] = c
	}
	f.Fuzz(func(t *testing.T, name, a, b, c string) {
		d := discordgo.ApplicationCommandInteractionData{Name: name, Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: "game", Type: discordgo.ApplicationCommandOptionString, Value: a},
			{Name: "user", Type: discordgo.ApplicationCommandOptionUser, Value: b},
			{Name: "side", Type: discordgo.ApplicationCommandOptionString, Value: c},
		}}
		text, mentions := commandText(d, byName)
		if !utf8.ValidString(text) {
			t.Fatalf("invalid UTF-8 %q", text)
		}
		for _, r := range text {
			if unicode.IsControl(r) || (unicode.IsSpace(r) && r != ' ') {
				t.Fatalf("text %q has control or line-breaking character %q", text, r)
			}
		}
		if !strings.HasPrefix(text, cleanValue(name)) {
			t.Fatalf("text %q does not start with the name", text)
		}
		if id := cleanValue(b); len(mentions) > 1 || (len(mentions) == 1 && (mentions[0].ID != id || !strings.Contains(text, "<@"+id+">"))) {
			t.Fatalf("mentions %v for user option %q in %q", mentions, b, text)
		}

		// The same options under a sub-command named name of /tournament:
		// one clean line, "tournament <sub> ...", values in order.
		sub := discordgo.ApplicationCommandInteractionData{Name: "tournament", Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: name, Type: discordgo.ApplicationCommandOptionSubCommand, Options: d.Options},
		}}
		text, _ = commandText(sub, byName)
		for _, r := range text {
			if unicode.IsControl(r) || (unicode.IsSpace(r) && r != ' ') {
				t.Fatalf("text %q has control or line-breaking character %q", text, r)
			}
		}
		if want := strings.TrimSpace("tournament " + cleanValue(name)); !strings.HasPrefix(text, want) {
			t.Fatalf("text %q does not start with %q", text, want)
		}
	})
}

// FuzzSplitText: pieces fit Discord's limit and keep the text.
func FuzzSplitText(f *testing.F) {
	f.Add("hello world", 5)
	f.Add("a\nb\nc\n", 1)
	f.Add("\xff\xfe şğü", 2)
	f.Fuzz(func(t *testing.T, s string, max int) {
		if max < 1 || max > 3000 {
			return
		}
		parts := splitText(s, max)
		squeeze := strings.NewReplacer(" ", "", "\n", "")
		for _, p := range parts {
			if p == "" || utf8.RuneCountInString(p) > max {
				t.Fatalf("piece %q (max %d)", p, max)
			}
		}
		if squeeze.Replace(strings.Join(parts, "")) != squeeze.Replace(s) {
			t.Fatalf("text lost: %q -> %q", s, parts)
		}
	})
}

// FuzzButtonData: a button's press reads back as its Data, even when
// several buttons share it.
func FuzzButtonData(f *testing.F) {
	f.Add("move b2", "move b2")
	f.Add("", "hint")
	f.Add(" x ", "\x1f1")
	b := quietBot(f)
	f.Fuzz(func(t *testing.T, d1, d2 string) {
		if len(d1) > chat.MaxButtonData || len(d2) > chat.MaxButtonData ||
			strings.Contains(d1+d2, idSep) {
			return // outside chat.Button's contract
		}
		row := []chat.Button{{Label: "1", Data: d1}, {Label: "2", Data: d2}, {Label: "3", Data: d1}}
		comps := b.components([][]chat.Button{row})
		if len(comps) != 1 {
			t.Fatalf("%d rows", len(comps))
		}
		seen := map[string]bool{}
		for i, c := range comps[0].(discordgo.ActionsRow).Components {
			bt := c.(discordgo.Button)
			if seen[bt.CustomID] || bt.CustomID == "" || len(bt.CustomID) > maxCustomID {
				t.Fatalf("custom_id %q", bt.CustomID)
			}
			seen[bt.CustomID] = true
			if got := customIDText(bt.CustomID); got != strings.TrimSpace(row[i].Data) {
				t.Fatalf("button %d: %q reads back %q", i, row[i].Data, got)
			}
		}
	})
}

// FuzzStripPrefix: a command after the prefix comes out trimmed and
// non-empty; text without the prefix is never a command.
func FuzzStripPrefix(f *testing.F) {
	f.Add("!play dama")
	f.Add("<@1000> board")
	f.Add("play")
	f.Add("! ")
	b := quietBot(f)
	b.userID = "1000"
	f.Fuzz(func(t *testing.T, s string) {
		text, ok := b.stripPrefix(s)
		if !ok {
			if text != "" {
				t.Fatalf("refused %q but returned %q", s, text)
			}
			return
		}
		trimmed := strings.TrimSpace(s)
		if !strings.HasPrefix(trimmed, "!") && !strings.HasPrefix(trimmed, "<@1000>") && !strings.HasPrefix(trimmed, "<@!1000>") {
			t.Fatalf("accepted %q without the prefix", s)
		}
		if text == "" || text != strings.TrimSpace(text) {
			t.Fatalf("%q -> %q", s, text)
		}
	})
}
