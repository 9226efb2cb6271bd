package router_test

import (
	"slices"
	"strings"
	"testing"

	"oyunbot/chat"
)

// kingAndRook: White's king on e1 and rook on h1, Black's king on e8.
// "Kf1" is the rook (kale) in Turkish letters and the king in the standard
// ones, both legal; "Kd1" only the king can play, "Kg1" only the rook.
const kingAndRook = "4k3/8/8/8/8/8/8/4K2R w - - 0 1"

// movesOf are game id's moves as played.
func movesOf(t *testing.T, b *bot, id int64) []string {
	t.Helper()
	s, err := b.mgr.Lobby().Get(id)
	if err != nil {
		t.Fatal(err)
	}
	return s.Moves
}

// TestTurkishKAsksRookOrKing (issue 41.9): a Turkish player's "Kf1" that
// both the rook (K kale) and the king (K of the standard letters) can
// play is not played as the rook silently: the bot asks, with a button per
// reading for the asker alone, and a bare "şah" / "kale" or a press plays
// the one chosen; the answer's letters then stand for the game. A K only
// one piece can play is played at once; in English K is the king.
func TestTurkishKAsksRookOrKing(t *testing.T) {
	const question = "#g1 «Kf1» birden çok hamle olarak okunabilir: kale (Kf1), şah (Şf1). Hangisi? Bir düğmeye bas ya da yaz: kale / şah"
	start := func(t *testing.T, lang string) *bot {
		b := chessBot(t)
		b.say("lang " + lang)
		b.expect(b.say("play chess easy from "+kingAndRook), "#g1")
		return b
	}
	t.Run("bare şah", func(t *testing.T) {
		b := start(t, "tr")
		rs := b.say("Kf1")
		b.expect(rs, question)
		if len(rs) != 1 || len(rs[0].Buttons) != 1 || len(rs[0].Buttons[0]) != 2 {
			t.Fatalf("question %q, buttons %+v", texts(rs), rs)
		}
		if got := []string{rs[0].Buttons[0][0].Data, rs[0].Buttons[0][1].Data}; !slices.Equal(got, []string{"move #g1 Rf1 as=tr for=ayse", "move #g1 Kf1 as=en for=ayse"}) {
			t.Errorf("buttons %q", got)
		}
		if m := movesOf(t, b, 1); len(m) != 0 {
			t.Fatalf("a move was played before the answer: %v", m)
		}
		b.expect(b.say("şah"), "Şf1")
		if m := movesOf(t, b, 1); len(m) == 0 || m[0] != "Kf1" {
			t.Fatalf("moves %v, want the king's Kf1", m)
		}
		// The king chosen: this player writes the standard letters, K the king.
		b.say("Kf2")
		if m := movesOf(t, b, 1); len(m) < 3 || m[2] != "Kf2" {
			t.Fatalf("moves %v, want the king's Kf2 without a question", m)
		}
	})
	t.Run("button kale", func(t *testing.T) {
		b := start(t, "tr")
		rs := b.say("Kf1")
		b.expect(rs, question)
		b.expect(b.say(rs[0].Buttons[0][0].Data), "Kf1")
		if m := movesOf(t, b, 1); len(m) == 0 || m[0] != "Rf1" {
			t.Fatalf("moves %v, want the rook's Rf1", m)
		}
		// The rook chosen: K is the kale for this player from now on.
		rs = b.say("Kf2")
		if strings.Contains(texts(rs), "Hangisi?") {
			t.Errorf("asked again: %q", texts(rs))
		}
		if m := movesOf(t, b, 1); len(m) < 3 || m[2] != "Rf2" {
			t.Fatalf("moves %v, want the rook's Rf2", m)
		}
	})
	t.Run("bare kale", func(t *testing.T) {
		b := start(t, "tr")
		b.expect(b.say("Kf1"), question)
		b.say("kale")
		if m := movesOf(t, b, 1); len(m) == 0 || m[0] != "Rf1" {
			t.Fatalf("moves %v, want the rook's Rf1", m)
		}
	})
	t.Run("English letters written", func(t *testing.T) {
		b := start(t, "tr")
		b.say("Rh2") // R names nothing in Turkish: the standard letters
		rs := b.say("Kf2")
		if strings.Contains(texts(rs), "Hangisi?") {
			t.Errorf("asked though the player writes the standard letters: %q", texts(rs))
		}
		if m := movesOf(t, b, 1); len(m) < 3 || m[2] != "Kf2" {
			t.Fatalf("moves %v, want the king's Kf2", m)
		}
	})
	t.Run("Turkish letters written", func(t *testing.T) {
		b := chessBot(t)
		b.say("lang tr")
		b.expect(b.say("play chess easy from 4k3/8/8/8/8/8/8/1N2K2R w - - 0 1"), "#g1")
		b.say("Ac3") // A, the knight (at): Turkish letters
		rs := b.say("Kf1")
		if strings.Contains(texts(rs), "Hangisi?") {
			t.Errorf("asked though the player writes Turkish letters: %q", texts(rs))
		}
		if m := movesOf(t, b, 1); len(m) < 3 || strings.TrimSuffix(m[2], "+") != "Rf1" {
			t.Fatalf("moves %v, want the rook's Rf1", m)
		}
	})
	for _, tc := range []struct{ lang, typed, want string }{
		{"tr", "Kd1", "Kd1"}, // only the king can
		{"tr", "Kg1", "Rg1"}, // only the rook can
		{"en", "Kf1", "Kf1"}, // K is the king in English
		{"en", "Kd1", "Kd1"},
	} {
		t.Run(tc.lang+" "+tc.typed, func(t *testing.T) {
			b := start(t, tc.lang)
			rs := b.say(tc.typed)
			if strings.Contains(texts(rs), "«"+tc.typed+"»") {
				t.Errorf("asked: %q", texts(rs))
			}
			if m := movesOf(t, b, 1); len(m) == 0 || m[0] != tc.want {
				t.Fatalf("moves %v, want %s", m, tc.want)
			}
		})
	}
	t.Run("en after Turkish letters", func(t *testing.T) {
		// In English K is the king, but this player wrote V for the queen
		// (vezir): their K may be the kale. Ask, in English.
		b := chessBot(t)
		b.say("lang en")
		b.expect(b.say("play chess easy from 4k3/8/8/8/8/8/8/Q3K2R w - - 0 1"), "#g1")
		b.say("Vb1")
		rs := b.say("Kf1")
		b.expect(rs, "#g1 «Kf1» can be read as more than one move: the rook (Rf1), the king (Kf1). Which one? Tap a button or type: rook / king")
		if len(rs) != 1 || len(rs[0].Buttons) != 1 || len(rs[0].Buttons[0]) != 2 || rs[0].Buttons[0][0].Label != "the rook (Rf1)" {
			t.Fatalf("question %+v", rs)
		}
		b.say("rook")
		if m := movesOf(t, b, 1); len(m) < 3 || strings.TrimSuffix(m[2], "+") != "Rf1" {
			t.Fatalf("moves %v, want the rook's Rf1", m)
		}
	})
	t.Run("asker alone", func(t *testing.T) {
		b := chessBot(t)
		say := func(user, text string) []chat.Reply { return b.msg("grp", user, text, false) }
		say("ayse", "dil tr")
		b.expect(say("ayse", "oyna satranç kolay konum "+kingAndRook), "#g1")
		rs := say("ayse", "Kf1")
		b.expect(rs, question)
		if got := texts(say("ali", rs[0].Buttons[0][1].Data)); !strings.Contains(got, "not for you") && !strings.Contains(got, "sana sorulmadı") {
			t.Errorf("someone else's press answered %q", got)
		}
		say("ali", "şah") // no question was asked of ali
		if m := movesOf(t, b, 1); len(m) != 0 {
			t.Fatalf("someone else played: %v", m)
		}
		say("ayse", rs[0].Buttons[0][1].Data)
		if m := movesOf(t, b, 1); len(m) == 0 || m[0] != "Kf1" {
			t.Fatalf("moves %v, want the king's Kf1", m)
		}
	})
}
