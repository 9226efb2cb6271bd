package command

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"oyunbot/chat"
)

func TestParseCommand(t *testing.T) {
	for _, tc := range []struct {
		in        string
		name      string
		args      []string
		prefixed  bool
		addressee string
	}{
		{"play dama", Play, []string{"dama"}, false, ""},
		{"oyna dama zor siyah", Play, []string{"dama", "zor", "siyah"}, false, ""},
		{"/OYNA xox", Play, []string{"xox"}, true, ""},
		{"!play ttt o", Play, []string{"ttt", "o"}, true, ""},
		{"BAŞLAT dama", Play, []string{"dama"}, false, ""},
		{"baslat dama", Play, []string{"dama"}, false, ""},
		{"/start", Help, nil, true, ""}, // Telegram's greeting
		{"/start dama", Play, []string{"dama"}, true, ""},
		{"move c3-c4", Move, []string{"c3-c4"}, false, ""},
		{"Hamle c3xc5xe5", Move, []string{"c3xc5xe5"}, false, ""},
		{"board", Board, nil, false, ""},
		{"TAHTA", Board, nil, false, ""},
		{"göster", Board, nil, false, ""},
		{"resign", Resign, nil, false, ""},
		{"pes", Resign, nil, false, ""},
		{"pes et", Resign, nil, false, ""},
		{"PES ET", Resign, nil, false, ""},
		{"draw", Draw, nil, false, ""},
		{"berabere", Draw, nil, false, ""},
		{"undo", Undo, nil, false, ""},
		{"geri al", Undo, nil, false, ""},
		{"hint", Hint, nil, false, ""},
		{"İPUCU", Hint, nil, false, ""},
		{"ipucu", Hint, nil, false, ""},
		{"level hard", Level, []string{"hard"}, false, ""},
		{"seviye usta", Level, []string{"usta"}, false, ""},
		{"games", Games, nil, false, ""},
		{"oyunlar", Games, nil, false, ""},
		{"help move", Help, []string{"move"}, false, ""},
		{"yardım hamle", Help, []string{"hamle"}, false, ""},
		{"YARDIM", Help, nil, false, ""},
		{"yardim", Help, nil, false, ""},
		{"Yardım", Help, nil, false, ""},
		{"challenge @ali dama", Challenge, []string{"@ali", "dama"}, false, ""},
		{"meydan oku @ali dama", Challenge, []string{"@ali", "dama"}, false, ""},
		{"accept", Accept, nil, false, ""},
		{"kabul et", Accept, nil, false, ""},
		{"decline", Decline, nil, false, ""},
		{"ret", Decline, nil, false, ""},
		{"reddet", Decline, nil, false, ""},
		{"history", History, nil, false, ""},
		{"hamleler", History, nil, false, ""},
		{"geçmiş", History, nil, false, ""},
		{"lang en", Lang, []string{"en"}, false, ""},
		{"dil tr", Lang, []string{"tr"}, false, ""},
		{"/play@oyunbot dama", Play, []string{"dama"}, true, "oyunbot"},
		{"  /  play   dama  ", Play, []string{"dama"}, true, ""},
		{"c3-c4", "", nil, false, ""},
		{"b2", "", nil, false, ""},
		{"hello there", "", []string{"there"}, false, ""},
		{"/frobnicate", "", nil, true, ""},
		{"", "", nil, false, ""},
		{"/", "", nil, true, ""},
		{"geri", Undo, nil, false, ""},
	} {
		c := Parse(tc.in)
		if c.Name != tc.name || !slices.Equal(c.Args, tc.args) || c.Prefixed != tc.prefixed || c.Addressee != tc.addressee {
			t.Errorf("Parse(%q) = %+v, want name %q args %q prefixed %v addressee %q",
				tc.in, c, tc.name, tc.args, tc.prefixed, tc.addressee)
		}
	}
}
func TestEveryCommandWordIsFoldedAndUnique(t *testing.T) {
	seen := map[string]string{}
	for _, c := range Table() {
		for _, w := range c.Words() {
			if chat.Fold(w) != w {
				t.Errorf("command word %q is not folded", w)
			}
			if other, dup := seen[w]; dup {
				t.Errorf("word %q names both %s and %s", w, other, c.Name)
			}
			seen[w] = c.Name
		}
	}
}
func TestGameTag(t *testing.T) {
	for in, want := range map[string]int64{"#g7": 7, "#G12": 12} {
		if got, ok := GameTag(in); !ok || got != want {
			t.Errorf("GameTag(%q) = %d, %v", in, got, ok)
		}
	}
	for _, in := range []string{"g7", "#g", "#gx", "#h7", "#g99999999999999999999"} {
		if _, ok := GameTag(in); ok {
			t.Errorf("GameTag(%q) accepted", in)
		}
	}
}

var wordRE = regexp.MustCompile(`^\S+$`)

// FuzzParseCommand: the parser never panics, and what it returns is
// consistent with its input.
// TestTurkishSpelling: a reply writes Turkish command words with their
// letters (issue 35: "rovans" for rövanş), and each spelling reads back as
// the command.
func TestTurkishSpelling(t *testing.T) {
	for folded, spelt := range turkishSpelling {
		if chat.Fold(spelt) != folded {
			t.Errorf("%q folds to %q, not %q", spelt, chat.Fold(spelt), folded)
		}
		if _, ok := Lookup(folded); !ok {
			t.Errorf("%q is no command word", folded)
		}
	}
	for name, want := range map[string]string{Rematch: "rövanş", Help: "yardım", Resign: "pes", Standings: "sıralama"} {
		if got := Word(chat.Turkish, name); got != want {
			t.Errorf("Word(tr, %s) = %q, want %q", name, got, want)
		}
		if c := Parse(Word(chat.Turkish, name)); c.Name != name {
			t.Errorf("%q reads as %q, not %s", Word(chat.Turkish, name), c.Name, name)
		}
	}
}

// TestInvisibleCharacters: a pasted text's zero-width spaces, bidi marks,
// byte order mark and soft hyphens are not part of what was typed (issue 35).
func TestInvisibleCharacters(t *testing.T) {
	for in, want := range map[string]Command{
		"c3\u200b-c4":                 {Text: "c3-c4", Word: "c3-c4"},
		"\u200ec3-c4\u200f":           {Text: "c3-c4", Word: "c3-c4"},
		"\ufeff/pes\u2069":            {Name: Resign, Word: "pes", Text: "pes", Prefixed: true},
		"oyna\u200b \u2066dama\u00ad": {Name: Play, Word: "oyna", Args: []string{"dama"}, Text: "oyna dama"},
	} {
		got := Parse(in)
		if got.Name != want.Name || got.Word != want.Word || got.Text != want.Text || got.Prefixed != want.Prefixed ||
			strings.Join(got.Args, " ") != strings.Join(want.Args, " ") {
			t.Errorf("Parse(%q) = %+v, want %+v", in, got, want)
		}
	}
}

func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"c3\u200b-c4", "\u200f\u202epes", "play dama", "/oyna xox siyah", "!YARDIM", "c3xc5xe5", "/play@bot", "pes et", "\xff\xfe", "İ̇", strings.Repeat("a ", 400)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := Parse(s)
		if c.Name != "" {
			if _, ok := Lookup(chat.Fold(c.Word)); !ok && chat.Fold(c.Word) != "start" {
				t.Fatalf("%q: name %q from word %q", s, c.Name, c.Word)
			}
		}
		for _, a := range c.Args {
			if !wordRE.MatchString(a) {
				t.Fatalf("%q: argument %q is not a word", s, a)
			}
		}
		if !utf8.ValidString(c.Text) || len(c.Text) > maxText || strings.ContainsFunc(c.Text, isInvisible) {
			t.Fatalf("%q: text %q", s, c.Text)
		}
		_ = chat.Fold(s)
		_, _ = GameTag(s)
	})
}
func BenchmarkParseCommand(b *testing.B) {
	for i := 0; i < b.N; i++ {
		Parse("/OYNA dama zor siyah")
		Parse("c3xc5xe5")
	}
}

// TestSuggest: a mistyped command word finds the command; words far from
// every command, and short words that are not two letters swapped, find
// none (issue 35 item 8).
func TestSuggest(t *testing.T) {
	for _, tc := range []struct {
		lang  chat.Lang
		in    string
		extra []string
		want  string
	}{
		{chat.English, "resing", nil, "resign"},
		{chat.English, "resgin", nil, "resign"},
		{chat.English, "RESİNG", nil, "resign"},
		{chat.English, "hitn", nil, "hint"},
		{chat.English, "udno", nil, "undo"},
		{chat.English, "rematc", nil, "rematch"},
		{chat.English, "leaderbord", nil, "leaderboard"},
		{chat.Turkish, "pse", nil, "pes"},
		{chat.Turkish, "ipcu", nil, "ipucu"},
		{chat.Turkish, "rovnas", nil, "rövanş"},
		{chat.Turkish, "tahat", nil, "tahta"},
		{chat.Turkish, "czo", []string{"solve", "çöz", "coz"}, "çöz"},
		{chat.English, "sovle", []string{"solve", "çöz", "coz"}, "solve"},
		{chat.English, "yes", nil, ""},
		{chat.English, "please", nil, ""},
		{chat.English, "pass", nil, ""}, // not "pes"
		{chat.Turkish, "zra", nil, "zar"},
		{chat.Turkish, "zor", nil, ""},
		{chat.English, "hello", nil, ""},
		{chat.Turkish, "evet", nil, ""},
		{chat.Turkish, "tamam", nil, ""},
		{chat.English, "ok", nil, ""},
		{chat.English, "resign", nil, ""}, // a command is no typo
	} {
		got, ok := Suggest(tc.lang, tc.in, tc.extra...)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("Suggest(%s, %q) = %q, %v; want %q", tc.lang, tc.in, got, ok, tc.want)
		}
	}
}
