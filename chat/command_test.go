package chat

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseCommand(t *testing.T) {
	for _, tc := range []struct {
		in        string
		name      string
		args      []string
		prefixed  bool
		addressee string
	}{
		{"play dama", CmdPlay, []string{"dama"}, false, ""},
		{"oyna dama zor siyah", CmdPlay, []string{"dama", "zor", "siyah"}, false, ""},
		{"/OYNA xox", CmdPlay, []string{"xox"}, true, ""},
		{"!play ttt o", CmdPlay, []string{"ttt", "o"}, true, ""},
		{"BAŞLAT dama", CmdPlay, []string{"dama"}, false, ""},
		{"baslat dama", CmdPlay, []string{"dama"}, false, ""},
		{"/start", CmdHelp, nil, true, ""}, // Telegram's greeting
		{"/start dama", CmdPlay, []string{"dama"}, true, ""},
		{"move c3-c4", CmdMove, []string{"c3-c4"}, false, ""},
		{"Hamle c3xc5xe5", CmdMove, []string{"c3xc5xe5"}, false, ""},
		{"board", CmdBoard, nil, false, ""},
		{"TAHTA", CmdBoard, nil, false, ""},
		{"göster", CmdBoard, nil, false, ""},
		{"resign", CmdResign, nil, false, ""},
		{"pes", CmdResign, nil, false, ""},
		{"pes et", CmdResign, nil, false, ""},
		{"PES ET", CmdResign, nil, false, ""},
		{"draw", CmdDraw, nil, false, ""},
		{"berabere", CmdDraw, nil, false, ""},
		{"undo", CmdUndo, nil, false, ""},
		{"geri al", CmdUndo, nil, false, ""},
		{"hint", CmdHint, nil, false, ""},
		{"İPUCU", CmdHint, nil, false, ""},
		{"ipucu", CmdHint, nil, false, ""},
		{"level hard", CmdLevel, []string{"hard"}, false, ""},
		{"seviye usta", CmdLevel, []string{"usta"}, false, ""},
		{"games", CmdGames, nil, false, ""},
		{"oyunlar", CmdGames, nil, false, ""},
		{"help move", CmdHelp, []string{"move"}, false, ""},
		{"yardım hamle", CmdHelp, []string{"hamle"}, false, ""},
		{"YARDIM", CmdHelp, nil, false, ""},
		{"yardim", CmdHelp, nil, false, ""},
		{"Yardım", CmdHelp, nil, false, ""},
		{"challenge @ali dama", CmdChallenge, []string{"@ali", "dama"}, false, ""},
		{"meydan oku @ali dama", CmdChallenge, []string{"@ali", "dama"}, false, ""},
		{"accept", CmdAccept, nil, false, ""},
		{"kabul et", CmdAccept, nil, false, ""},
		{"decline", CmdDecline, nil, false, ""},
		{"ret", CmdDecline, nil, false, ""},
		{"reddet", CmdDecline, nil, false, ""},
		{"history", CmdHistory, nil, false, ""},
		{"hamleler", CmdHistory, nil, false, ""},
		{"geçmiş", CmdHistory, nil, false, ""},
		{"lang en", CmdLang, []string{"en"}, false, ""},
		{"dil tr", CmdLang, []string{"tr"}, false, ""},
		{"/play@oyunbot dama", CmdPlay, []string{"dama"}, true, "oyunbot"},
		{"  /  play   dama  ", CmdPlay, []string{"dama"}, true, ""},
		{"c3-c4", "", nil, false, ""},
		{"b2", "", nil, false, ""},
		{"hello there", "", []string{"there"}, false, ""},
		{"/frobnicate", "", nil, true, ""},
		{"", "", nil, false, ""},
		{"/", "", nil, true, ""},
		{"geri", CmdUndo, nil, false, ""},
	} {
		c := ParseCommand(tc.in)
		if c.Name != tc.name || !slices.Equal(c.Args, tc.args) || c.Prefixed != tc.prefixed || c.Addressee != tc.addressee {
			t.Errorf("ParseCommand(%q) = %+v, want name %q args %q prefixed %v addressee %q",
				tc.in, c, tc.name, tc.args, tc.prefixed, tc.addressee)
		}
	}
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"YARDIM": "yardim", "yardım": "yardim", "İPUCU": "ipucu", "BAŞLAT": "baslat",
		"geçmiş": "gecmis", "ÇĞÖŞÜ": "cgosu", "Türkçe": "turkce", "i̇pucu": "ipucu",
	} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestEveryCommandWordIsFoldedAndUnique(t *testing.T) {
	seen := map[string]string{}
	for _, c := range commandWords() {
		for _, w := range c.words {
			if Fold(w) != w {
				t.Errorf("command word %q is not folded", w)
			}
			if other, dup := seen[w]; dup {
				t.Errorf("word %q names both %s and %s", w, other, c.name)
			}
			seen[w] = c.name
		}
	}
}

func TestGameTag(t *testing.T) {
	for in, want := range map[string]int64{"#g7": 7, "#G12": 12} {
		if got, ok := isGameTag(in); !ok || got != want {
			t.Errorf("isGameTag(%q) = %d, %v", in, got, ok)
		}
	}
	for _, in := range []string{"g7", "#g", "#gx", "#h7", "#g99999999999999999999"} {
		if _, ok := isGameTag(in); ok {
			t.Errorf("isGameTag(%q) accepted", in)
		}
	}
}

var wordRE = regexp.MustCompile(`^\S+$`)

// FuzzParseCommand: the parser never panics, and what it returns is
// consistent with its input.
func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"play dama", "/oyna xox siyah", "!YARDIM", "c3xc5xe5", "/play@bot", "pes et", "\xff\xfe", "İ̇", strings.Repeat("a ", 400)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := ParseCommand(s)
		if c.Name != "" {
			if _, ok := lookupCommand(Fold(c.Word)); !ok && Fold(c.Word) != "start" {
				t.Fatalf("%q: name %q from word %q", s, c.Name, c.Word)
			}
		}
		for _, a := range c.Args {
			if !wordRE.MatchString(a) {
				t.Fatalf("%q: argument %q is not a word", s, a)
			}
		}
		if !utf8.ValidString(c.Text) || len(c.Text) > maxCommandText {
			t.Fatalf("%q: text %q", s, c.Text)
		}
		_ = Fold(s)
		_, _ = isGameTag(s)
	})
}

func BenchmarkParseCommand(b *testing.B) {
	for i := 0; i < b.N; i++ {
		ParseCommand("/OYNA dama zor siyah")
		ParseCommand("c3xc5xe5")
	}
}

// TestCommandTable: every command is in the table once, with a handler;
// an action's refusal of stray words is in the catalogue.
func TestCommandTable(t *testing.T) {
	c := testCatalog(t)
	all := []string{CmdPlay, CmdMove, CmdBoard, CmdResign, CmdDraw, CmdUndo, CmdHint, CmdLevel, CmdGames, CmdHelp,
		CmdChallenge, CmdAccept, CmdDecline, CmdHistory, CmdLang, CmdTournament, CmdJoin, CmdLeave, CmdStandings,
		CmdPairings, CmdCancel, CmdRating, CmdLeaderboard, CmdTap, CmdLegal, CmdGIF, CmdRoll, CmdRematch}
	if len(commands) != len(all) || len(commandByName) != len(all) {
		t.Errorf("%d commands, %d names; want %d", len(commands), len(commandByName), len(all))
	}
	for _, name := range all {
		if e, ok := commandByName[name]; !ok || e.run == nil || len(e.words) == 0 {
			t.Errorf("%s: %+v", name, e)
		}
	}
	for _, e := range commands {
		if e.stray != "" && (!e.action || !c.Has(Turkish, e.stray)) {
			t.Errorf("%s: stray-word refusal %q", e.name, e.stray)
		}
	}
}
