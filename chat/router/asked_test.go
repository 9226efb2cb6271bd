package router_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/chat/router"
	"oyunbot/sessions"
)

// TestBareYesAnswersTheQuestion: "are you sure you want to resign?" is
// answered by a bare "evet" / "yes" (as people answer a question), a bare
// "hayır" / "no" leaves the game as it was, and an answer after another
// message, from another person, or too late is not taken for it.
func TestBareYesAnswersTheQuestion(t *testing.T) {
	for _, tc := range []struct{ lang, play, move, resign, yes, no, dropped, resigned string }{
		{"en", "play dama easy", "c3-c4", "resign", "yes", "no", "#g1 OK, nothing done.", "resigned"},
		{"tr", "oyna dama kolay", "c3-c4", "pes", "Evet", "hayır", "#g1 Tamam, bir şey yapmadım.", "pes etti"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
			b := newBot(t, func(rc *router.Config, _ *sessions.Config) { rc.Now = func() time.Time { return now } })
			b.say("lang " + tc.lang)
			b.say(tc.play)
			b.say(tc.move)
			over := func() bool {
				s, err := b.mgr.Lobby().Get(1)
				return err != nil || s.Result.Over
			}
			// No: nothing done, said so.
			b.say(tc.resign)
			if got := b.say(tc.no); len(got) != 1 || got[0].Text != tc.dropped || over() {
				t.Fatalf("%q after the question: %+v (over %v)", tc.no, got, over())
			}
			// Another message in between: a later yes is not the answer.
			b.say(tc.resign)
			b.say("board")
			b.say(tc.yes)
			if over() {
				t.Fatal("a yes after another message resigned")
			}
			// Someone else's yes is not the answer either.
			b.say(tc.resign)
			b.msg("dm", "bora", tc.yes, true)
			// Too late: ten minutes and more.
			now = now.Add(11 * time.Minute)
			b.say(tc.yes)
			if over() {
				t.Fatal("a yes eleven minutes later resigned")
			}
			// Yes: resigned.
			b.say(tc.resign)
			got := texts(b.say(tc.yes))
			if !over() || !strings.Contains(strings.ToLower(got), tc.resigned) {
				t.Fatalf("%q after the question: %s (over %v)", tc.yes, got, over())
			}
		})
	}
}

// TestBareYesAnswersAnOffer: a draw offer, a take-back request and a
// challenge are answered by the person offered with a bare "evet" / "yes"
// (accepted) or "hayır" / "no" (declined), in both languages; the one
// who offered cannot answer for them.
func TestBareYesAnswersAnOffer(t *testing.T) {
	for _, tc := range []struct {
		lang, challenge, draw, takeback, yes, no string
		drawn, declined, takenBack               string
	}{
		{"en", "challenge @bora ttt", "draw", "takeback", "yes", "no", "Draw agreed.", "declined", "taken back"},
		{"tr", "meydan @bora xox", "berabere", "geri al", "evet", "hayır", "Beraberlik kabul edildi.", "reddetti", "geri alındı"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			b := newBot(t, nil)
			ch := "grp-" + tc.lang
			grp := func(user, text string) string { return texts(b.msg(ch, user, text, false)) }
			b.admin(ch, "ayse", "lang "+tc.lang)
			game := func() sessions.Snapshot {
				t.Helper()
				gs := b.mgr.Lobby().ChannelGames("test", ch)
				if len(gs) == 0 {
					t.Fatal("no game in the channel")
				}
				return gs[len(gs)-1]
			}
			// A challenge: the challenger's own yes does not accept it; the
			// challenged's does.
			grp("ayse", tc.challenge)
			grp("ayse", tc.yes)
			if gs := b.mgr.Lobby().ChannelGames("test", ch); len(gs) != 0 {
				t.Fatalf("the challenger's yes started %d games", len(gs))
			}
			grp("bora", tc.yes)
			s := game()
			grp("ayse", "b2")
			grp("bora", "a1")
			// A take-back request, accepted by a bare yes.
			grp("bora", tc.takeback)
			if got := grp("ayse", tc.yes); !strings.Contains(got, tc.takenBack) || len(game().Moves) != 1 {
				t.Fatalf("%q to a take-back: %s (%d moves)", tc.yes, got, len(game().Moves))
			}
			// A draw offer, declined by a bare no, then accepted by a yes.
			grp("bora", "a1")
			grp("ayse", tc.draw)
			if got := grp("bora", tc.no); !strings.Contains(got, tc.declined) || game().Result.Over {
				t.Fatalf("%q to a draw offer: %s", tc.no, got)
			}
			grp("ayse", tc.draw)
			if got := grp("bora", tc.yes); !strings.Contains(got, tc.drawn) {
				t.Fatalf("%q to a draw offer: %s", tc.yes, got)
			}
			if f, ok := b.mgr.Lobby().Finished(context.Background(), s.ID); !ok || !f.Result.Over || f.Result.Winner != ai.NoSide {
				t.Fatalf("game %d after the yes: %+v", s.ID, f.Result)
			}
		})
	}
}
