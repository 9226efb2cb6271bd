package chessgame

import (
	"testing"

	"oyunbot/games/chess"
)

func TestGamePhase(t *testing.T) {
	for fen, want := range map[string]string{
		chess.StartFEN: "opening",
		"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4": "opening",
		"r2q1rk1/ppp2ppp/2np1n2/2b1p3/2B1P1b1/2NPQN2/PPP2PPP/R4RK1 w - - 0 8": "middlegame", // three on white's back rank
		"r3k2r/ppp2ppp/2n5/3q4/3P4/2N5/PPP2PPP/R2QK2R w KQkq - 0 12":          "middlegame", // ten left
		"4k3/pp3ppp/8/8/8/8/PP3PPP/3RK3 w - - 0 30":                           "endgame",
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.GamePhase(); got != want {
			t.Errorf("%s: %s, want %s", fen, got, want)
		}
	}
}

// TestAssessmentWinChance: lichess's curve: even at 0, symmetric, a mate
// at the 1000-centipawn ceiling.
func TestAssessmentWinChance(t *testing.T) {
	a := Game{}.Assessment()
	if w := a.WinChance(0); w != 0.5 {
		t.Errorf("0 cp: %v", w)
	}
	if w, v := a.WinChance(300), a.WinChance(-300); w+v != 1 || w < 0.74 || w > 0.76 {
		t.Errorf("±300 cp: %v %v, want about 0.75 and its complement", w, v)
	}
	if a.WinChance(1_000_000-5) != a.WinChance(1000) {
		t.Error("a mate is not the ceiling")
	}
}
