package router_test

import (
	"oyunbot/chat"
	"path/filepath"
	"strings"
	"testing"
)

// TestBoardAndHistoryOfAFinishedGameByTag: "board #g1" and "history #g1"
// show a finished game (from the store, also after a restart) to its
// players anywhere on the platform and to anyone in its channel; others
// are told there is no such game.
func TestBoardAndHistoryOfAFinishedGameByTag(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.db")
	b := openRouter(t, path, nil)
	grp := func(b *bot, user, text string) []chat.Reply { return b.msg("g", user, text, false) }
	grp(b, "ayse", "meydan @bora xox")
	grp(b, "bora", "kabul")
	grp(b, "ayse", "b2")
	grp(b, "bora", "a1")
	grp(b, "ayse", "pes evet")
	// Both players have a new game going on: a bare "tahta" shows it, the
	// tag the finished one.
	grp(b, "ayse", "meydan @bora dama")
	grp(b, "bora", "kabul")
	finished := []string{"#g1 XOX — Ayse (X) – Bora (O) · 1 hamle", "Oyun bitti: Bora (O) kazandı — rakip pes etti."}
	check := func(b *bot) {
		t.Helper()
		for _, tc := range []struct {
			ch, user, locale, text string
			want                   []string
		}{
			{"g", "ayse", "", "tahta #g1", finished},
			{"g", "bora", "en", "board #G1", []string{"#g1 ", "Game over: Bora (O) wins"}},
			{"g", "cem", "", "tahta #g1", finished},        // a spectator in the game's channel
			{"dm-ayse", "ayse", "", "tahta #g1", finished}, // a player elsewhere
			{"g", "ayse", "", "hamleler #g1", []string{"#g1 1. b2 a1"}},
			{"dm-bora", "bora", "en", "history #g1", []string{"#g1 1. b2 a1"}},
			{"g", "ayse", "", "tahta", []string{"#g2 Dama — Ayse (beyaz) – Bora (siyah)"}},
			{"dm-cem", "cem", "", "tahta #g1", []string{"#g1 diye süren bir oyun yok"}}, // neither player nor channel
			{"g", "cem", "", "tahta #g9", []string{"#g9 diye süren bir oyun yok"}},
		} {
			b.locale = tc.locale
			rs := b.msg(tc.ch, tc.user, tc.text, strings.HasPrefix(tc.ch, "dm"))
			if len(rs) != 1 {
				t.Errorf("%s in %s: %q: %d replies", tc.user, tc.ch, tc.text, len(rs))
				continue
			}
			b.expect(rs, tc.want...)
			// A finished game's board has no game buttons, only the rematch
			// (issue 20.8).
			if strings.Contains(texts(rs), "XOX —") && (len(rs[0].Buttons) != 1 || len(rs[0].Buttons[0]) != 1 ||
				!strings.HasPrefix(rs[0].Buttons[0][0].Data, "rematch #") || rs[0].Image == nil) {
				t.Errorf("%q: a finished game's board with buttons %+v or no picture", tc.text, rs[0].Buttons)
			}
		}
	}
	check(b)
	b.stop()
	b = openRouter(t, path, nil)
	defer b.stop()
	check(b)
}
