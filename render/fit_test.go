package render

import "testing"

// TestFitParts: a title too long for its room loses its middle parts
// before the move is cut short; one that fits is left as it is; a line
// without parts is cut with "…".
func TestFitParts(t *testing.T) {
	fonts, err := LoadFonts()
	if err != nil {
		t.Fatal(err)
	}
	face := Face(fonts.Bold, 18)
	title := "#g1 · İtalyan daması · 12. hamle"
	short := "#g1 · 12. hamle"
	room := TextWidth(face, short) + 2
	if got := FitParts(face, title, room); got != short {
		t.Errorf("FitParts in %.0f px = %q, want %q", room, got, short)
	}
	if got := FitParts(face, title, TextWidth(face, title)); got != title {
		t.Errorf("a title that fits: %q", got)
	}
	if got := FitParts(face, "Sıra sende · alma zorunlu", room); got == "" || got[len(got)-len("…"):] != "…" || TextWidth(face, got) > room {
		t.Errorf("two parts in %.0f px: %q", room, got)
	}
}

// TestTitleKeepsGameName: on a board whose player has a short name, the
// title keeps the game's name (issue 35: Italian draughts' and checkers'
// pictures showed "#g1 · 1. hamle"): it takes the room a short name
// leaves, and a size smaller, before a part goes.
// The picture with the whole title must differ from the one with the name
// left out.
func TestTitleKeepsGameName(t *testing.T) {
	f := damaFrame()
	f.Players = [2]string{"you", "oyunbot · usta"}
	draw := func(title string) []byte {
		f.Title = title
		b, err := dama512().Draw(f)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	if string(draw("#g1 · İtalyan daması · 1. hamle")) == string(draw("#g1 · 1. hamle")) {
		t.Error("the game's name was dropped from a title that has room beside the player's name")
	}
	// A long name still leaves the title its 55%: the middle part goes.
	f.Players = [2]string{"you", "Muhammed Ali Karadenizlioğlu · usta"}
	if string(draw("#g12 · İtalyan daması · 112. hamle")) != string(draw("#g12 · 112. hamle")) {
		t.Error("beside a long name, the title's middle part should go first")
	}
}
