package sessions_test

import (
	"path/filepath"
	"slices"
	"testing"

	"oyunbot/games"
	"oyunbot/games/tavla"
	"oyunbot/sessions"
)

// TestBackgammonResignCostsTheCube: a backgammon game resigned after a
// double was taken gives its winner the cube's value (games.Staker), not
// the plain point of other games.
func TestBackgammonResignCostsTheCube(t *testing.T) {
	reg, err := games.NewRegistry(tavla.Backgammon{})
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, filepath.Join(t.TempDir(), "games.db"), func(c *sessions.Config) { c.Games = reg })
	h.reg = reg
	g := h.pvp("backgammon", chanA, ayse, bora)
	for taken := false; !taken; {
		s, err := h.m.Lobby().Get(g.ID)
		if err != nil {
			t.Fatal(err)
		}
		mv := s.Legal[0]
		for _, want := range []string{"double", "take"} {
			if slices.Contains(s.Legal, want) {
				mv, taken = want, want == "take"
			}
		}
		if _, err := h.m.Play().Move(bg, g.ID, s.Players[s.Turn].ID, mv, ""); err != nil {
			t.Fatal(err)
		}
	}
	s, _ := h.m.Lobby().Get(g.ID)
	end, err := h.m.Offers().Resign(bg, g.ID, s.Players[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if !end.Result.Over || end.Result.Points != 2 {
		t.Fatalf("a resignation on a cube of 2: %+v", end.Result)
	}
}
