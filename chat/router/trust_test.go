package router_test

// trust_test.go: buttons act on what they were sent with, only admins
// change a channel's settings, and what the bot echoes is clean.

import (
	"context"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/sessions"
)

// person is a test user with a Discord-sized id: a challenge's button data
// must fit Telegram's 64 bytes with it.
type person struct{ id, name string }

var (
	alice = person{"112233445566778899", "Alice"}
	bob   = person{"223344556677889900", "Bob"}
	carol = person{"334455667788990011", "Carol"}
	dave  = person{"445566778899001122", "Dave"}
	erin  = person{"556677889900112233", "Erin"}
)

// from sends text from p in channel ch, mentioning whom.
func (b *bot) from(ch string, p person, text string, whom ...person) []chat.Reply {
	b.t.Helper()
	m := chat.Message{ChannelID: ch, UserID: p.id, UserName: p.name, Text: text}
	for _, w := range whom {
		m.Mentions = append(m.Mentions, chat.User{ID: w.id, Name: w.name})
	}
	return b.raw(m)
}

// buttonData returns the data of the first button in rs whose data starts
// with prefix.
func buttonData(t *testing.T, rs []chat.Reply, prefix string) string {
	t.Helper()
	for _, r := range rs {
		for _, row := range r.Buttons {
			for _, bt := range row {
				if strings.HasPrefix(bt.Data, prefix) {
					if len(bt.Data) > chat.MaxButtonData {
						t.Fatalf("button data %q is over %d bytes", bt.Data, chat.MaxButtonData)
					}
					return bt.Data
				}
			}
		}
	}
	t.Fatalf("no button %q… in %q", prefix, texts(rs))
	return ""
}

func (b *bot) live(id int64) bool {
	s, err := b.mgr.Lobby().Get(id)
	return err == nil && !s.Result.Over
}

// TestButtonsActOnTheirOwnGame: Alice plays #g1 against Bob and #g2
// against Carol; the resign button under #g2's board resigns #g2, not #g1.
// Bob has a draw offer from Alice in #g1 and a challenge from Dave: Accept
// under the offer draws #g1 and leaves Dave's challenge open. Stale
// buttons (a game over, a challenge taken, replaced or someone else's, a
// draw offer answered) say so and change nothing.
func TestButtonsActOnTheirOwnGame(t *testing.T) {
	for _, tc := range []struct {
		lang                                         string
		over, drawGone, gone, forErin, own, declined string
	}{
		{"tr", "Bu oyun bitti; artık içinde hamle ya da başka bir şey yapılamaz.", "Bu oyunda sana bekleyen bir beraberlik teklifi kalmadı",
			"Bu meydan okuma artık geçerli değil", "Bu meydan okuma Erin için", "Bu senin meydan okuman; Erin yanıtlayacak",
			"Erin beraberliği reddetti"},
		{"en", "This game is over; nothing more can be played or done in it.", "There is no draw offer to you in this game any more",
			"This challenge is no longer open", "This challenge is for Erin", "This is your own challenge; Erin answers it",
			"Erin declined the draw"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			clk := newFakeClock()
			b := newBot(t, clk.config)
			const ch = "grp"
			b.raw(chat.Message{ChannelID: ch, UserID: "admin", Text: "lang " + tc.lang, Admin: true})
			press := func(p person, data string) []chat.Reply { t.Helper(); return b.from(ch, p, data) }
			ctx := context.Background()

			rs := b.from(ch, alice, "challenge dama", bob)
			press(bob, buttonData(t, rs, "accept"))
			rs = b.from(ch, alice, "challenge ttt", carol)
			rs = press(carol, buttonData(t, rs, "accept"))
			resign2 := buttonData(t, rs, "resign")
			b.expect(press(alice, resign2), "#g2 ")
			if !b.live(1) || b.live(2) {
				t.Fatalf("after resigning under #g2's board: #g1 live %v, #g2 live %v", b.live(1), b.live(2))
			}
			b.expect(press(alice, resign2), "#g2 "+tc.over)

			rs = b.from(ch, alice, "draw #g1")
			acceptDraw, declineDraw := buttonData(t, rs, "accept"), buttonData(t, rs, "decline")
			clk.Add(time.Second)
			acceptDave := buttonData(t, b.from(ch, dave, "challenge ttt", bob), "accept")
			b.expect(press(bob, acceptDraw), "#g1 ")
			if s, ok := b.mgr.Lobby().Finished(ctx, 1); !ok || s.Result.Winner != ai.NoSide || s.Result.Reason != sessions.ReasonEarlyDraw {
				t.Fatalf("#g1 after Accept under the draw offer: %+v", s.Result)
			}
			if len(b.mgr.Lobby().ChannelGames("test", ch)) != 0 || len(b.chal.Pending("test", ch, bob.id)) != 1 {
				t.Fatal("Accept under the draw offer took Dave's challenge")
			}
			// The offer's answers are Bob's alone (confirm.go).
			if resign2 != "resign #g2" || acceptDraw != "accept #g1 for="+bob.id || declineDraw != "decline #g1 for="+bob.id {
				t.Fatalf("buttons %q, %q, %q", resign2, acceptDraw, declineDraw)
			}
			b.expect(press(bob, acceptDraw), "#g1 "+tc.over)
			b.expect(press(bob, declineDraw), "#g1 "+tc.over)

			press(bob, acceptDave)
			if games := b.mgr.Lobby().ChannelGames("test", ch); len(games) != 1 || games[0].SideOf(dave.id) == ai.NoSide || games[0].SideOf(bob.id) == ai.NoSide {
				t.Fatalf("Dave's accepted challenge: games %v", games)
			}
			b.expect(press(bob, acceptDave), tc.gone)

			// A newer challenge between the same two replaces the older one:
			// the older one's button does not take the newer one.
			first := buttonData(t, b.from(ch, alice, "challenge dama", erin), "accept @")
			clk.Add(time.Second)
			second := buttonData(t, b.from(ch, alice, "challenge ttt", erin), "accept @")
			if first == second {
				t.Fatalf("two challenges, one button data %q", first)
			}
			b.expect(press(erin, first), tc.gone)
			b.expect(press(carol, second), tc.forErin)
			b.expect(press(alice, second), tc.own)
			if len(b.mgr.Lobby().ChannelGames("test", ch)) != 1 {
				t.Fatal("a stale or foreign challenge button started a game")
			}
			rs = press(erin, second)
			g := lastGame(t, rs)
			if !strings.Contains(g.Text, "#g4 ") || !strings.Contains(g.Text, "Erin") {
				t.Fatalf("Erin's game: %q", g.Text)
			}

			// An answered draw offer's buttons change nothing.
			rs = b.from(ch, alice, "draw #g4")
			b.expect(press(erin, buttonData(t, rs, "decline ")), "#g4 "+tc.declined)
			b.expect(press(erin, buttonData(t, rs, "accept ")), "#g4 "+tc.drawGone)
			if !b.live(4) {
				t.Fatal("a stale Accept ended #g4")
			}
			// Typed answers work as before: "draw" offers, a bare "accept"
			// takes it.
			b.from(ch, alice, "draw")
			b.from(ch, erin, "accept")
			if b.live(4) {
				t.Fatal("a typed accept did not take the draw offer")
			}

			// An expired challenge's button says so.
			late := buttonData(t, b.from(ch, carol, "challenge ttt", erin), "accept @")
			clk.Add(sessions.DefaultChallengeTTL + time.Minute)
			b.expect(press(erin, late), tc.gone)
			if len(b.mgr.Lobby().ChannelGames("test", ch)) != 1 {
				t.Fatal("an expired challenge's button started a game")
			}
		})
	}
}

// TestChannelSettingsNeedAnAdmin: a plain member of a group changes neither
// its language nor its default level; an admin does, and anyone in a
// private router. A named game's level is for its players, and so is
// resigning it; "leave @someone" withdraws nobody.
func TestChannelSettingsNeedAnAdmin(t *testing.T) {
	for _, tc := range []struct {
		lang, other                                string
		langRefused, levelRefused, notPlayer, self string
	}{
		{"tr", "en", "Bu kanalın dilini yalnızca kanal yöneticileri değiştirebilir",
			"Kanalın varsayılan seviyesini yalnızca kanal yöneticileri değiştirebilir", "Bu oyunda oynamıyorsun.",
			"Yalnızca kendini turnuvadan çıkarabilirsin"},
		{"en", "tr", "Only the channel's admins can change its language",
			"Only the channel's admins can change its default level", "You are not playing in this game.",
			"You can only withdraw yourself"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			b := newBot(t, nil)
			ctx := context.Background()
			grp := func(user, text string) []chat.Reply { t.Helper(); return b.msg("grp", user, text, false) }
			settings := func() sessions.ChannelSettings { return b.mgr.Channels().Get(ctx, "test", "grp") }
			b.admin("grp", "org", "lang "+tc.lang)

			b.expect(grp("mem", "lang "+tc.other), tc.langRefused)
			b.expect(grp("mem", "level master"), tc.levelRefused)
			if cs := settings(); cs.Lang != tc.lang || cs.Level != "" {
				t.Fatalf("a member changed the settings: %+v", cs)
			}
			b.admin("grp", "org", "level hard")
			if cs := settings(); cs.Level != "hard" {
				t.Fatalf("an admin's level: %+v", cs)
			}
			b.msg("dm", "mem", "level master", true)
			if cs := b.mgr.Channels().Get(ctx, "test", "dm"); cs.Level != "master" {
				t.Fatalf("a private chat's level: %+v", cs)
			}

			grp("ali", "play ttt")
			b.expect(grp("mem", "level easy #g1"), "#g1 "+tc.notPlayer)
			b.expect(grp("mem", "resign #g1"), "#g1 "+tc.notPlayer)
			if s, err := b.mgr.Lobby().Get(1); err != nil || s.Level != "hard" || settings().Level != "hard" {
				t.Fatalf("an outsider's level for #g1: game %+v (%v), channel %+v", s.Level, err, settings())
			}
			b.expect(grp("ali", "level easy #g1"), "#g1 ")
			if s, _ := b.mgr.Lobby().Get(1); s.Level != "easy" || settings().Level != "hard" {
				t.Fatalf("a player's level for #g1: game %q, channel %q", s.Level, settings().Level)
			}

			b.admin("grp", "org", "tournament create ttt")
			grp("mem", "join")
			b.expect(grp("mem", "leave @org"), tc.self)
			b.expect(b.raw(chat.Message{ChannelID: "grp", UserID: "mem", Text: "/leave @nobody_known"}), tc.self)
			v, _ := b.tours.Get(ctx, "test", "grp")
			if len(v.T.Players) != 1 || v.T.Players[0].ID != "mem" {
				t.Fatalf("after 'leave @org' the players are %+v", v.T.Players)
			}
		})
	}
}

// TestTimeControlsMeantAsSuch: a time with a sign, in another script's
// digits or out of range is refused with the accepted range, and no
// challenge or tournament is made without the clock asked for.
func TestTimeControlsMeantAsSuch(t *testing.T) {
	for _, lang := range []struct{ code, want string }{
		{"tr", "süre 10 sn ile 30 gün arası olur (hamle başına artış en çok 1 sa)"},
		{"en", "a clock is from 10 s to 30 d (an increment at most 1 h)"},
	} {
		t.Run(lang.code, func(t *testing.T) {
			b := newBot(t, nil)
			b.say("lang " + lang.code)
			for _, word := range []string{"-5m", "٥dk", "５dk", "−5dk", "+3s", "0dk", "5s", "31d", "5m+2h", "99999999m"} {
				b.expect(b.say("challenge @bora dama "+word), "«"+word+"»", lang.want)
				b.expect(b.say("tournament create dama "+word), "«"+word+"»", lang.want)
			}
			// In a challenge a number can only be a time ("-1" in a
			// tournament is a number of rounds, refused as such).
			b.expect(b.say("challenge @bora dama -1"), "«-1»", lang.want)
			if c := b.chal.Pending("test", "dm", "ayse"); len(c) != 0 {
				t.Fatalf("challenges made: %+v", c)
			}
			if _, ok := b.tours.Get(context.Background(), "test", "dm"); ok {
				t.Fatal("a tournament was made")
			}
			b.say("challenge @bora dama 5m+3s")
			if c := b.chal.Pending("test", "dm", "ayse"); len(c) != 1 || c[0].TimeControl.String() != "5m+3s" {
				t.Fatalf("a good time: %+v", c)
			}
		})
	}
}

// unsafe reports the first character of s that must not be echoed.
func unsafe(s string) (rune, bool) {
	for _, r := range s {
		if (unicode.IsControl(r) && r != '\n') || r == utf8.RuneError || (r >= '\u202a' && r <= '\u202e') || (r >= '\u2066' && r <= '\u2069') {
			return r, true
		}
	}
	return 0, false
}

// TestEchoesAreClean: control characters and bidirectional overrides
// typed by users, in commands or in their names, never come back in a
// reply, and names are cut to 32 characters.
func TestEchoesAreClean(t *testing.T) {
	b := newBot(t, nil)
	long := "Mal\x1b[2Jlory\u202e" + strings.Repeat("ş", 60)
	check := func(rs []chat.Reply, want ...string) {
		t.Helper()
		if len(rs) == 0 {
			t.Fatal("no reply")
		}
		for _, r := range rs {
			for _, s := range []string{r.Text, r.Caption} {
				if c, bad := unsafe(s); bad {
					t.Errorf("reply %q echoes %U", s, c)
				}
			}
		}
		b.expect(rs, want...)
	}
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"oyna dama\x00\x1b[31mzor", []string{"«dama[31mzor»"}},
		{"/foo\x07\x1b]0;x\x07", []string{"«foo]0;x»"}},
		{"dil \x1b[2Jklingon\u202e", []string{"«[2Jklingon»"}},
		{"challenge @bora dama 5\x00m", []string{"«5m»"}},
	} {
		check(b.say(tc.text), tc.want...)
	}
	b.say("oyna xox")
	check(b.say("hamle z9\x00\x1b[1m"), "«z9[1m»")

	name := "Mal[2Jlory" + strings.Repeat("ş", 22) + "…"
	check(b.raw(chat.Message{ChannelID: "c", UserID: "m", UserName: long, Text: "play ttt", Private: true}), name+" (X)")
	check(b.raw(chat.Message{ChannelID: "g", UserID: "a", UserName: "Ayse", Text: "challenge @x ttt",
		Mentions: []chat.User{{ID: "x", Name: long}}}), name+", Ayse ")
	check(b.raw(chat.Message{ChannelID: "g", UserID: "a", UserName: "Ayse", Text: "challenge @Ma\x00l ttt"}), "Mal ")
}
