package draughts

import (
	"regexp"
	"slices"
	"testing"

	"oyunbot/ai"
	"oyunbot/games"
)

func TestNamesAndAliases(t *testing.T) {
	reg, err := games.NewRegistry(Italian, Checkers)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"italian": "italian", "italyan": "italian", "dama-it": "italian", "DamaItaliana": "italian",
		"checkers": "checkers", "dama-en": "checkers", "ingiliz": "checkers", "amerikan": "checkers", "englishdraughts": "checkers",
	} {
		if g, ok := reg.Lookup(name); !ok || g.Name() != want {
			t.Errorf("%q: %v, %v", name, g, ok)
		}
	}
}

func TestHost(t *testing.T) {
	for _, g := range []Game{Italian, Checkers} {
		h := games.HostOf(g)
		for w, want := range map[string]ai.Side{"beyaz": ai.First, "White": ai.First, "w": ai.First, "siyah": ai.Second, "black": ai.Second, "b": ai.Second} {
			if got, ok := h.SideByWord(w); !ok || got != want {
				t.Errorf("%s: SideByWord(%q) = %v, %v", g.Name(), w, got, ok)
			}
		}
		if !h.Facing {
			t.Errorf("%s: the sides face each other", g.Name())
		}
		var names []string
		for _, l := range h.LevelList() {
			names = append(names, l.Name)
		}
		if !slices.Equal(names, []string{"seed", "easy", "medium", "hard", "master"}) {
			t.Errorf("%s: levels %v", g.Name(), names)
		}
		// Every level has its fixed rating from the ladder, rising with the
		// level, medium at 1500 (BENCHMARKS.md).
		for i, name := range names {
			r, ok := h.LevelRatings[name]
			if !ok || (i > 0 && r <= h.LevelRatings[names[i-1]]) || (name == "medium" && r != 1500) {
				t.Errorf("%s: ratings %v", g.Name(), h.LevelRatings)
				break
			}
		}
		if l, ok := h.Level("zor"); !ok || l.Name != "hard" {
			t.Errorf("%s: zor is %v", g.Name(), l)
		}
		reasons := []string{ReasonBadNumber, ReasonLightSquare, ReasonNoPiece, ReasonNotYourPiece, ReasonSameSquare,
			ReasonOccupied, ReasonNotDiagonal, ReasonBackward, ReasonTooFar, ReasonNoCapture, ReasonOwnPiece,
			ReasonJumpedTwice, ReasonCrownStops, ReasonMustContinue, ReasonCaptureCompulsory, ReasonAmbiguous}
		if g.v.italian {
			reasons = append(reasons, ReasonManTakesKing, ReasonNotMaximum, ReasonKingFirst, ReasonMostKings, ReasonKingEarliest)
		}
		placeholders := regexp.MustCompile(`\{\w+\}|%[a-z]`)
		for _, lang := range []string{"tr", "en"} {
			cat := h.Catalog[lang]
			for _, r := range reasons {
				if cat["moveerr."+r] == "" {
					t.Errorf("%s %s: no moveerr.%s", g.Name(), lang, r)
				}
			}
			for _, r := range []string{ReasonNoMoves, ReasonNoPieces, ReasonRepetition, ReasonFortyMoves} {
				if cat["reason."+r] == "" {
					t.Errorf("%s %s: no reason.%s", g.Name(), lang, r)
				}
			}
			for _, k := range []string{"name", "help", "notation", "side.white", "side.black", "cmd.pdn"} {
				if cat[k] == "" {
					t.Errorf("%s %s: no %s", g.Name(), lang, k)
				}
			}
			for k, v := range h.Catalog["en"] {
				if other, ok := cat[k]; !ok || !slices.Equal(placeholders.FindAllString(other, -1), placeholders.FindAllString(v, -1)) {
					t.Errorf("%s %s: %s is %q, English %q", g.Name(), lang, k, other, v)
				}
			}
		}
		if len(h.Catalog["tr"]) != len(h.Catalog["en"]) {
			t.Errorf("%s: %d Turkish messages, %d English", g.Name(), len(h.Catalog["tr"]), len(h.Catalog["en"]))
		}
	}
}
