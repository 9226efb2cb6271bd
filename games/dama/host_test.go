package dama

import (
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/games"
)

func TestHost(t *testing.T) {
	h := games.HostOf(Game{})
	for w, want := range map[string]ai.Side{"beyaz": ai.First, "White": ai.First, "w": ai.First, "siyah": ai.Second, "black": ai.Second, "b": ai.Second} {
		if got, ok := h.SideByWord(w); !ok || got != want {
			t.Errorf("SideByWord(%q) = %v, %v", w, got, ok)
		}
	}
	if _, ok := h.SideByWord("x"); ok {
		t.Error("x is a side of dama")
	}
	if !h.Facing {
		t.Error("dama's sides face each other")
	}
	for i, k := range (Game{}).SideNames() {
		if h.Sides[i].Key != k {
			t.Errorf("side %d is %q, want %q", i, h.Sides[i].Key, k)
		}
	}
	// Every reason a move is refused for, and every way a game ends, has
	// its sentence (syntax and other illegal moves get the bot's own).
	for _, lang := range []string{"tr", "en"} {
		for _, r := range []string{ReasonNoPiece, ReasonNotYourPiece, ReasonSameSquare, ReasonOccupied, ReasonBadDirection,
			ReasonTooFar, ReasonBlocked, ReasonTurnBack, ReasonNoCapture, ReasonCaptureCompulsory, ReasonNotMaximum, ReasonAmbiguous} {
			if h.Catalog[lang]["moveerr."+r] == "" {
				t.Errorf("%s: no moveerr.%s", lang, r)
			}
		}
		for _, r := range []string{ReasonNoMoves, ReasonNoPieces, ReasonLonePieces, ReasonRepetition, ReasonFiftyMoves} {
			if h.Catalog[lang]["reason."+r] == "" {
				t.Errorf("%s: no reason.%s", lang, r)
			}
		}
	}
}

func TestForcedPieces(t *testing.T) {
	for _, tc := range []struct{ pos, want string }{
		// The start: no capture, a free choice.
		{"......../bbbbbbbb/bbbbbbbb/......../......../wwwwwwww/wwwwwwww/........ w", ""},
		// d4 and f4 can take d5 and f5; b2 cannot take anything.
		{"......../......../......../...b.b../...w.w../......../.w....../........ w", "d4 f4"},
		// The black man on e5 can take d4 (sideways captures are legal).
		{"......../......../......../...wb.../......../......../......../W....... b", "e5"},
	} {
		p, err := Game{}.ParsePosition(tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(p.(*Position).ForcedPieces(), " ")
		if got != tc.want {
			t.Errorf("%s: forced %q, want %q", tc.pos, got, tc.want)
		}
	}
}
