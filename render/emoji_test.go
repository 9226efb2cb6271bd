package render

import (
	"bytes"
	"testing"

	"oyunbot/games/tavla"
	"oyunbot/games/tictactoe"
)

// TestCleanTextEmoji: emoji the fonts cannot draw are left out, with the
// invisible parts of their sequences; what the fonts have stays.
func TestCleanTextEmoji(t *testing.T) {
	for in, want := range map[string]string{
		"Ayşe 😀":           "Ayşe",
		"🐉 Ejder":          "Ejder",
		"ali 🇹🇷 veli":      "ali veli",
		"aile 👨‍👩‍👧 tamam": "aile tamam",
		"1️⃣ numara":       "1 numara",
		"❤️ kalp ✈":        "kalp",
		"😀😀":               "?",
		"½ · – … → é ş İ":  "½ · – … → é ş İ",
	} {
		if got := CleanText(in); got != want {
			t.Errorf("CleanText(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestEmojiNameNoBox: a player's name with emoji draws as the name without
// them (it drew a box per emoji; issue 35 item 22), on a board and a
// table.
func TestEmojiNameNoBox(t *testing.T) {
	p := tictactoe.Game{}.Start()
	d := NewTicTacToe(480)
	frame := func(name string) []byte {
		b, err := d.Draw(Frame{Position: p, Board: p.Board(), Players: [2]string{name, "oyunbot"}, Title: "#g1 · XOX " + name})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	plain := frame("Ayşe")
	for _, name := range []string{"Ayşe 😀", "Ayşe 🇹🇷", "Ayşe 👨‍👩‍👧", "Ayşe ❤️"} {
		if !bytes.Equal(frame(name), plain) {
			t.Errorf("%q is not drawn as %q", name, "Ayşe")
		}
	}
	tp, err := tavla.Game{}.ParsePosition(tavlaPinned)
	if err != nil {
		t.Fatal(err)
	}
	a, err := tavla512().Draw(Frame{Position: tp, Players: [2]string{"🎲 Ayşe 🎲", "oyunbot"}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := tavla512().Draw(Frame{Position: tp, Players: [2]string{"Ayşe", "oyunbot"}})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Error("tavla: an emoji name is not drawn as the name without them")
	}
}
