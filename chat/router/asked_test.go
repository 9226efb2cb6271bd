package router_test

import (
	"strings"
	"testing"
	"time"

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
