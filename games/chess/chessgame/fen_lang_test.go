package chessgame

import (
	"errors"
	"strings"
	"testing"

	"oyunbot/games"
	"oyunbot/games/chess"
)

// TestFENErrorsInBothLanguages: every way a FEN is refused is a
// *games.PositionError whose key the catalogue has in both languages, its
// placeholders all filled, the sides named in the reader's language
// (issue 21: "chess: white has 0 kings" reached Turkish players).
func TestFENErrorsInBothLanguages(t *testing.T) {
	for _, tc := range []struct{ fen, key string }{
		{"", "empty"},
		{"8/8 w", "fields"},
		{chess.StartFEN + " x", "extra"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq -", "side"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "fullmove"},
		{"4k3/8/8/8/8/8/8/4R1K1 w - -", "check"},
		{"8/8/8 w - -", "ranks"},
		{"54/8/8/8/8/8/8/8 w - -", "rank-long"},
		{"x7/8/8/8/8/8/8/8 w - -", "piece"},
		{"P7/8/8/8/8/8/8/k6K w - -", "pawn-rank"},
		{"7/8/8/8/8/8/8/8 w - -", "rank-short"},
		{"8/8/8/8/8/8/8/K7 w - -", "kings"},
		{"k7/pppppppp/p7/8/8/8/8/K7 w - -", "pawns"},
		{"k7/nnnnnnnn/nnnnnnnn/n7/8/8/8/K7 w - -", "pieces"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KX -", "castle-char"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK -", "castle-twice"},
		{"4k3/8/8/8/8/8/8/R5K1 w Q -", "castle-king"},
		{"4k3/8/8/8/8/8/8/4K3 w K -", "castle-rook"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq x9", "ep-square"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6", "ep-pawn"},
	} {
		_, err := ParseFEN(tc.fen)
		var pe *games.PositionError
		if !errors.As(err, &pe) || pe.Key != tc.key {
			t.Errorf("%q: %v, want a PositionError %s", tc.fen, err, tc.key)
			continue
		}
		if !strings.HasPrefix(err.Error(), "chess: ") {
			t.Errorf("%q: log text %q", tc.fen, err)
		}
		tr, en := pe.Message("tr"), pe.Message("en")
		if strings.ContainsAny(tr+en, "{}") || tr == en || tr == err.Error() {
			t.Errorf("%q: tr %q, en %q", tc.fen, tr, en)
		}
	}
	_, err := ParseFEN("8/8/8/8/8/8/8/K7 w - -")
	var pe *games.PositionError
	if errors.As(err, &pe); pe.Message("tr") != "siyah tarafın 0 şahı var; tam bir şah olmalı" || pe.Message("en") != "black has 0 kings; want exactly one" {
		t.Errorf("kings: %q / %q", pe.Message("tr"), pe.Message("en"))
	}
}
