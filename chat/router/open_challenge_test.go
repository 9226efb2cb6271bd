package router_test

import (
	"strings"
	"testing"

	"oyunbot/chat"
)

// TestOpenChallengeWhereNobodyElseIs: a private chat with the bot has no
// one else to accept an open challenge: the reply says so and where it
// works, not the usage line (issue 35.2). A private chat several people
// speak in (chat.Message.Shared: the console's "/as") hosts it as a group
// does.
func TestOpenChallengeWhereNobodyElseIs(t *testing.T) {
	for _, tc := range []struct{ lang, challenge, why, accept, started string }{
		{"en", "challenge dama 5m",
			"There is no one else in this private chat to accept an open challenge: post it in a group I am in (challenge dama), or play me here: play dama",
			"accept", "#g1 New game: Dama — Ayse (white) – Bora (black)"},
		{"tr", "meydan xox 5dk",
			"Bu özel sohbette açık meydan okumanı kabul edecek başka kimse yok: onu benim de bulunduğum bir grupta yaz (meydan xox) ya da burada benimle oyna: oyna xox",
			"kabul", "#g1 Yeni oyun: XOX — Ayse (X) – Bora (O)"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			b := newBot(t, nil)
			b.say("lang " + tc.lang)
			if got := b.say(tc.challenge); len(got) != 1 || got[0].Text != tc.why {
				t.Fatalf("%s in a private chat: %q, want %q", tc.challenge, texts(got), tc.why)
			}
			if len(b.chal.Pending("test", "dm", "bora")) != 0 {
				t.Fatal("a challenge nobody can accept was made")
			}

			shared := func(user, text string) []chat.Reply {
				return b.raw(chat.Message{ChannelID: "console", UserID: user, UserName: strings.ToUpper(user[:1]) + user[1:],
					Text: text, Private: true, Shared: true})
			}
			shared("ayse", "lang "+tc.lang)
			b.expect(shared("ayse", tc.challenge), "5")
			b.expect(shared("bora", tc.accept), tc.started)
		})
	}
}
