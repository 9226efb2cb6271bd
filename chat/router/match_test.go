package router_test

import (
	"context"
	"oyunbot/chat"
	"path/filepath"
	"testing"
)

// TestMatchFromChat: "play <game> match N" is a match against the bot and
// "challenge @x <game> match N" one between two people; each game's result
// counts towards the target, the next game starts by itself, the end names
// the winner. Wrong targets and matches of a puzzle are refused.
func TestMatchFromChat(t *testing.T) {
	for _, tc := range []struct {
		lang, play, started, next, over, challenge, challenged, accept, badTarget, custom, puzzle string
	}{
		{"en", "play race match 2", "Match to 2 points.", "Match: Ayse 0 – 1 oyunbot (to 2). Next game:",
			"Match over: Ayse 0 – 2 oyunbot. oyunbot wins!", "challenge @bora race match 2", "A match to 2 points.", "accept",
			"A match is played to 1 to 15 points.", "no custom start", "one-player"},
		{"tr", "oyna yarış maç 2", "Maç: 2 sayıya kadar.", "Maç: Ayse 0 – 1 oyunbot (2 sayıya). Sıradaki oyun:",
			"Maç bitti: Ayse 0 – 2 oyunbot. oyunbot kazandı!", "meydan @bora yarış maç 2", "Maç: 2 sayıya kadar.", "kabul",
			"Maç 1 ile 15 sayı arasında oynanır.", "konum verilemez", "tek"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			b := openRouter(t, filepath.Join(t.TempDir(), "bot.db"), withTestGames(t))
			defer b.stop()
			say := func(text string) []chat.Reply { return b.msg("dm", "ayse", text, true) }
			grp := func(user, text string) []chat.Reply { return b.msg("grp", user, text, false) }
			say("lang " + tc.lang)
			grp("ayse", "lang "+tc.lang)
			grp("bora", "lang "+tc.lang)

			rs := say(tc.play)
			b.expect(rs, tc.started, "#g1")
			// A game resigned before any move has no result: move first.
			d1, d2 := lastRollIn(t, rs[0].Text)
			say("a" + d1 + " b" + d2)
			rs = say("resign yes")
			b.expect(rs, tc.next, "#g2")
			d1, d2 = lastRollIn(t, texts(rs)) // the bot opened game 2; Ayse's roll
			say("a" + d1 + " b" + d2)
			if s, err := b.mgr.Lobby().Get(2); err != nil || s.Match == 0 {
				t.Fatalf("the match's second game: %+v %v", s, err)
			}
			b.expect(say("resign yes"), tc.over)
			if got := b.mgr.Lobby().Find("test", "dm", "ayse"); len(got) != 0 {
				t.Fatalf("a game goes on after the match: %+v", got)
			}

			// Between two people: the challenge says it is a match, the
			// acceptance starts it.
			b.expect(grp("ayse", tc.challenge), tc.challenged)
			b.expect(grp("bora", tc.accept), tc.started)
			ss := b.mgr.Lobby().Find("test", "grp", "bora")
			if len(ss) != 1 || ss[0].Match == 0 {
				t.Fatalf("bora's games after accepting a match: %+v", ss)
			}
			// As stored (matches.Runner.Get reads the store; the Manager
			// no longer hands out the matches: issue 38).
			m, err := b.store.Match(context.Background(), ss[0].Match)
			if err != nil || m.Target != 2 || m.Players[0].ID != "ayse" || m.Players[1].ID != "bora" {
				t.Fatalf("the match: %+v", m)
			}

			for _, bad := range []string{" 0", " 16"} {
				b.expect(say(tc.play[:len(tc.play)-2]+bad), tc.badTarget)
			}
			b.expect(say(tc.play+" "+map[string]string{"en": "from", "tr": "konum"}[tc.lang]+" 1,1"), tc.custom)
			b.expect(say(map[string]string{"en": "play steps match 3", "tr": "oyna adim maç 3"}[tc.lang]), tc.puzzle)
		})
	}
}
