package sessions_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"oyunbot/games"
	"oyunbot/games/tavla"
	"oyunbot/sessions"
)

// TestBackgammonMatchCrawford: a backgammon match's games start from the
// standing (games.MatchStarter): each side's points still needed, and the
// Crawford game (the one after a player first comes within a point of
// the target) without doubling; the games after it may double again. The
// players double at every chance and drop every double, so each doubled
// game scores 1 for the doubler; the Crawford game is played out.
func TestBackgammonMatchCrawford(t *testing.T) {
	reg, err := games.NewRegistry(tavla.Backgammon{})
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, filepath.Join(t.TempDir(), "games.db"), func(c *sessions.Config) { c.Games = reg })
	h.reg = reg
	const target = 3
	g, rec, err := h.matches.Start(bg, sessions.MatchGame{Platform: "test", ChannelID: chanA,
		Players: [2]sessions.Player{ayse, bora}, Game: h.game("backgammon"), Target: target})
	if err != nil {
		t.Fatal(err)
	}
	seenMatchPoint, crawfords := false, 0
	for over := false; !over; {
		now, _ := h.matches.Get(bg, rec.ID)
		matchPoint := now.Score[0] == target-1 || now.Score[1] == target-1
		crawford := strings.HasSuffix(g.Start, "c")
		if crawford != (matchPoint && !seenMatchPoint) {
			t.Fatalf("game %d at %v starts %q: Crawford %v", len(now.Games), now.Score, g.Start, crawford)
		}
		if crawford {
			crawfords++
		}
		seenMatchPoint = seenMatchPoint || matchPoint
		for plies := 0; ; plies++ {
			if plies > 3000 {
				t.Fatalf("game %d does not end", g.ID)
			}
			s, err := h.m.Lobby().Get(g.ID)
			if err != nil {
				t.Fatal(err)
			}
			mv := s.Legal[0]
			for _, want := range []string{"double", "drop"} {
				if slices.Contains(s.Legal, want) {
					mv = want
				}
			}
			if crawford && mv == "double" {
				t.Fatalf("a double offered in the Crawford game: %v", s.Legal)
			}
			res, err := h.m.Play().Move(bg, g.ID, s.Players[s.Turn].ID, mv, "")
			if err != nil {
				t.Fatal(err)
			}
			if res.Game.Result.Over {
				if !crawford && (res.Game.Result.Reason != "drop" || res.Game.Result.Points != 1) {
					t.Fatalf("a doubled game ended %+v", res.Game.Result)
				}
				break
			}
		}
		for _, ev := range h.Events() {
			switch ev.Kind {
			case sessions.EventMatchGame:
				g = ev.Game
			case sessions.EventMatchOver:
				over = true
			}
		}
	}
	if crawfords != 1 {
		t.Fatalf("%d Crawford games", crawfords)
	}
}

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
