package chessgame

import (
	"errors"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/chess"
)

func TestHost(t *testing.T) {
	h := games.HostOf(Game{})
	if !h.Facing || len(h.Sides) != 2 || h.Sides[0].Key != "white" || h.Sides[1].Key != "black" {
		t.Fatalf("host %+v", h)
	}
	for word, want := range map[string]ai.Side{"white": ai.First, "W": ai.First, "beyaz": ai.First, "black": ai.Second, "b": ai.Second, "Siyah": ai.Second} {
		if got, ok := h.SideByWord(word); !ok || got != want {
			t.Errorf("SideByWord(%q) = %d, %v", word, got, ok)
		}
	}
	if len(h.Levels) == 0 || len(h.Levels) != len(levels()) {
		t.Errorf("levels %v", h.Levels)
	}
	tr, en := h.Catalog["tr"], h.Catalog["en"]
	for k := range tr {
		if en[k] == "" {
			t.Errorf("%q has Turkish but no English", k)
		}
	}
	for k := range en {
		if tr[k] == "" {
			t.Errorf("%q has English but no Turkish", k)
		}
	}
	var keys []string
	for _, r := range []string{chess.ReasonCheckmate, chess.ReasonStalemate, chess.ReasonRepetition, chess.ReasonFiftyMoves, chess.ReasonInsufficient} {
		keys = append(keys, "reason."+r)
	}
	for _, r := range []string{chess.ReasonIllegal, chess.ReasonAmbiguous, chess.ReasonNoSuchPiece, chess.ReasonNoPiece, chess.ReasonNotYourPiece,
		chess.ReasonOwnPiece, chess.ReasonInCheck, chess.ReasonKingInCheck, chess.ReasonNoCastlingRight, chess.ReasonCastlingBlocked,
		chess.ReasonCastlingThrough, chess.ReasonNotPromotion, chess.ReasonBadPromotion} {
		keys = append(keys, "moveerr."+r)
	}
	keys = append(keys, "name", "help", "notation", "side.white", "side.black")
	for _, k := range keys {
		if tr[k] == "" || en[k] == "" {
			t.Errorf("catalogue key %q missing", k)
		}
	}
	for _, w := range []string{"şah", "mat", "pat", "rok", "geçerken alma", "terfi", "vezir", "kale", "fil", " at", "piyon"} {
		if !strings.Contains(strings.ToLower(tr["help"]), w) {
			t.Errorf("Turkish help lacks %q", w)
		}
	}
	if g, ok := mustRegistry(t).Lookup("Satranç"); !ok || g.Name() != "chess" {
		t.Error("satranç does not name chess")
	}
}

func mustRegistry(t *testing.T) *games.Registry {
	r, err := games.NewRegistry(Game{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestEveryReasonIsReachable parses moves that produce each move error
// reason, so that the catalogue's keys are the ones ParseMove uses.
func TestEveryReasonIsReachable(t *testing.T) {
	cat := catalog()["en"]
	for _, c := range []struct{ fen, move string }{
		{chess.StartFEN, "e5"}, {"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nd2"}, {"4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "Nf3"},
		{chess.StartFEN, "e3e4"}, {chess.StartFEN, "e7e5"}, {chess.StartFEN, "Rh1h2"}, {"4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1", "Ra5"},
		{"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3"}, {"4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "O-O"},
		{"4k3/8/8/8/8/8/8/R3K1NR w KQ - 0 1", "O-O"}, {"4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O"},
		{chess.StartFEN, "e4=Q"}, {"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=K"},
	} {
		_, err := mustFEN(t, c.fen).ParseMove(c.move)
		var me *games.MoveError
		if !errors.As(err, &me) || me.Reason == "" || cat["moveerr."+me.Reason] == "" {
			t.Errorf("%s in %s: %v has no catalogue entry", c.move, c.fen, err)
		}
	}
}
