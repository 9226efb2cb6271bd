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
