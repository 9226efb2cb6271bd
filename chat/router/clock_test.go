package router_test

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/router"
	"oyunbot/sessions"
)

// fakeClock is an injectable clock the test moves by hand.
type fakeClock struct{ ns atomic.Int64 }

func newFakeClock() *fakeClock {
	c := &fakeClock{}
	c.ns.Store(time.Unix(1_700_000_000, 0).UnixNano())
	return c
}

func (c *fakeClock) Now() time.Time      { return time.Unix(0, c.ns.Load()) }
func (c *fakeClock) Add(d time.Duration) { c.ns.Add(int64(d)) }

// config drives the router's and the sessions' clocks; CheckIdle is left
// to the test.
func (c *fakeClock) config(cfg *router.Config, s *sessions.Config) {
	cfg.Now, s.Now, s.IdleCheck = c.Now, c.Now, time.Hour
}
func (b *bot) checkClocks(now time.Time) []chat.Reply {
	b.mgr.Clocks().CheckIdle(now)
	// Replies leave through the outbox, on its own goroutine.
	if err := b.r.Wait(context.Background()); err != nil {
		b.t.Fatal(err)
	}
	return b.rec.take()
}

// TestGameClockWithIncrement plays a 5m+3s game between two people: the
// clocks are shown and charged, the increment is added, the reminder comes
// once, and the flag falls at the right moment.
func TestGameClockWithIncrement(t *testing.T) {
	clk := newFakeClock()
	b := newBot(t, clk.config)
	grp := func(user, text string) []chat.Reply { return b.msg("g", user, text, false) }

	b.expect(grp("ayse", "meydan @bora xox 5dk+3sn"), "bora, Ayse seni XOX oynamaya çağırıyor!", "Süre: 5 dk + 3 sn")
	b.expect(grp("bora", "kabul"), "⏱ Ayse 5:00 · Bora 5:00 (5 dk + 3 sn)")
	// The clocks start at the first move (issue 20.13): Ayşe's 10 s before
	// it are not charged, its increment is added.
	clk.Add(10 * time.Second)
	b.expect(grp("ayse", "b2"), "⏱ Ayse 5:03 · Bora 5:00")
	clk.Add(2 * time.Minute)
	b.expect(grp("bora", "a1"), "⏱ Ayse 5:03 · Bora 3:03")
	clk.Add(30 * time.Second)
	b.expect(grp("cem", "tahta"), "⏱ Ayse 4:33 · Bora 3:03")

	// Ayşe began this move (30 s ago) with 5:03: reminded when a quarter of
	// it (75.75 s) is left, once.
	if rs := b.checkClocks(clk.Now().Add(3*time.Minute + 17*time.Second)); len(rs) != 0 {
		t.Fatalf("reminded too early: %q", texts(rs))
	}
	rs := b.checkClocks(clk.Now().Add(3*time.Minute + 18*time.Second))
	b.expect(rs, "#g1 Ayse, sıra sende: 1 dk içinde oynamazsan oyunu kaybedersin.")
	if rs := b.checkClocks(clk.Now().Add(4 * time.Minute)); len(rs) != 0 {
		t.Fatalf("reminded twice: %q", texts(rs))
	}
	// The flag falls 5:03 after her move began, not a second earlier.
	if rs := b.checkClocks(clk.Now().Add(4*time.Minute + 32*time.Second)); len(rs) != 0 {
		t.Fatalf("flag fell early: %q", texts(rs))
	}
	rs = b.checkClocks(clk.Now().Add(4*time.Minute + 33*time.Second))
	b.expect(rs, "#g1 Ayse için süre doldu; oyunu kaybetti.", "Oyun bitti: Bora (O) kazandı — rakibin süresi doldu.",
		"Puanlar: Ayse 1500? → ")
	rec, err := b.store.Game(context.Background(), 1)
	if err != nil || rec.Result.Reason != sessions.ReasonTime || rec.Left[0] != 0 || rec.Left[1] != 3*time.Minute+3*time.Second {
		t.Fatalf("stored %+v %v", rec, err)
	}
}

// TestPerMoveLimit: "1g/hamle" gives a day for every move; a move sent
// after the limit loses on time instead of being played.
func TestPerMoveLimit(t *testing.T) {
	clk := newFakeClock()
	b := newBot(t, clk.config)
	b.locale = "en"
	grp := func(user, text string) []chat.Reply { return b.msg("g", user, text, false) }
	b.admin("g", "ayse", "lang en")
	b.expect(grp("ayse", "challenge @bora dama 1d/move"), "Time: 1 d per move")
	b.expect(grp("bora", "accept"), "⏱ Ayse has 24:00:00 left for this move (1 d per move)")
	clk.Add(23 * time.Hour)
	b.expect(grp("ayse", "c3-c4"), "⏱ Bora has 24:00:00 left for this move")
	clk.Add(6 * time.Hour)
	b.expect(grp("cem", "board"), "Bora has 18:00:00 left")
	b.expect(grp("bora", "f6-f5"), "⏱ Ayse has 24:00:00 left")
	clk.Add(24*time.Hour + time.Second)
	rs := grp("ayse", "c4-c5")
	b.expect(rs, "Ayse ran out of time and lost the game.", "Game over: Bora (black) wins — the opponent ran out of time.")
	if s, _ := b.mgr.Lobby().LastFinished(context.Background(), "test", "g", "bora"); len(s.Moves) != 2 {
		t.Fatalf("the late move was played: %v", s.Moves)
	}
	// A flag that falls before one's first move: no result, not rated.
	grp("ayse", "challenge @bora dama 1d/move")
	grp("bora", "accept")
	clk.Add(24*time.Hour + time.Second)
	b.expect(grp("ayse", "c3-c4"), "Ayse never made a move.", "Game over without a result — left before making a move, not rated.")
	b.expect(grp("ayse", "challenge @bora dama 3x"), "«3x» is not a time I can take: a clock is from 10 s to 30 d")
	b.expect(grp("ayse", "challenge @bora dama 1s"), "«1s» is below the minimum time of 10 s") // under the 10 s minimum, said so
}

// TestClocksSurviveRestart: the remaining times are stored with the game,
// and the time the bot is down is not charged: the clock resumes where it
// stopped, with a notice.
func TestClocksSurviveRestart(t *testing.T) {
	clk := newFakeClock()
	path := filepath.Join(t.TempDir(), "bot.db")
	b := openRouter(t, path, clk.config)
	grp := func(b *bot, user, text string) []chat.Reply { return b.msg("g", user, text, false) }
	grp(b, "ayse", "meydan @bora xox 10dk")
	grp(b, "bora", "kabul")
	clk.Add(time.Minute)
	grp(b, "ayse", "b2")
	grp(b, "bora", "a1")
	grp(b, "ayse", "c3")
	clk.Add(2 * time.Minute)
	b.stop()

	clk.Add(3 * time.Minute) // down for three minutes: not charged to Bora
	b = openRouter(t, path, clk.config)
	defer b.stop()
	b.expect(grp(b, "cem", "tahta"), "#g1 Saat, botun kapalı kaldığı 3 dk için durduruldu; şimdi devam ediyor. Sıra: Bora",
		"⏱ Ayse 10:00 · Bora 8:00 (10 dk)") // Ayşe's first move was not charged (issue 20.13)
	clk.Add(8*time.Minute - time.Second)
	if rs := b.checkClocks(clk.Now()); len(rs) != 1 || !strings.Contains(rs[0].Text, "Bora, sıra sende") {
		t.Fatalf("a second before the flag: %q", texts(rs))
	}
	clk.Add(time.Second)
	b.expect(b.checkClocks(clk.Now()), "Bora için süre doldu")
}

// blocking is an engine that never finds a move before its search is cut
// short (the bot stays "to move" until the router closes).
type blocking struct{}

func (blocking) Choose(ctx context.Context, p ai.Position, lvl ai.Level, rng *rand.Rand) ai.Result {
	<-ctx.Done()
	return ai.Result{}
}

// TestBotMovesInTheGamesLanguage: a bot move is an event nobody's message
// asked for; it comes in the language the game was started in (here the
// player's locale), also after a restart, not in the bot's default.
func TestBotMovesInTheGamesLanguage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.db")
	b := openRouter(t, path, nil)
	b.locale = "en-US"
	rs := b.msg("dm", "ayse", "play ttt o easy", true)
	b.expect(rs, "New game: Tic-tac-toe", "oyunbot: ", "To move: Ayse (O)")
	if strings.Contains(texts(rs), "Sıra") {
		t.Fatalf("Turkish in %q", texts(rs))
	}
	b.stop()

	// A game whose bot move is pending at the restart.
	b = openRouter(t, path, func(_ *router.Config, s *sessions.Config) { s.NewEngine = func() sessions.Engine { return blocking{} } })
	b.r.Handle(context.Background(), chat.Message{Platform: "test", ChannelID: "dm2", UserID: "bora", UserName: "Bora",
		Text: "play dama black", Locale: "en-GB", Private: true})
	b.stop()
	b = openRouter(t, path, nil)
	defer b.stop()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	b.r.Wait(ctx)
	rs = b.rec.take()
	b.expect(rs, "oyunbot: ", "To move: Bora (black)")
}

// TestUnresolvedMentionIsRefused: "@name" the adapter could not resolve is
// not taken for a user id.
func TestUnresolvedMentionIsRefused(t *testing.T) {
	b := newBot(t, nil)
	rs := b.raw(chat.Message{ChannelID: "g", UserID: "ayse", UserName: "Ayse", Text: "meydan @hayalet dama"})
	b.expect(rs, "@hayalet kim, bulamadım", "yanıt olarak yaz: meydan dama")
	rs = b.raw(chat.Message{ChannelID: "g", UserID: "ayse", UserName: "Ayse", Text: "play @ghost ttt", Locale: "en"})
	b.expect(rs, "I can't tell who @ghost is", "reply to one of their messages with: challenge tictactoe")
	if got := b.chal.Pending("test", "g", "ayse"); len(got) != 0 {
		t.Fatalf("a challenge to an unresolved name was stored: %+v", got)
	}
	b.expect(b.raw(chat.Message{ChannelID: "g", UserID: "hayalet", Text: "kabul"}), "Sana gelen bir meydan okuma")
	// A resolved mention works, and "accept @Name" finds the challenger by
	// display name when the adapter could not resolve it.
	b.raw(chat.Message{ChannelID: "g", UserID: "ayse", UserName: "Ayse", Text: "meydan @bora dama",
		Mentions: []chat.User{{ID: "u-bora", Name: "Bora"}}})
	b.raw(chat.Message{ChannelID: "g", UserID: "cem", UserName: "Cem", Text: "meydan @bora xox",
		Mentions: []chat.User{{ID: "u-bora", Name: "Bora"}}})
	rs = b.raw(chat.Message{ChannelID: "g", UserID: "u-bora", UserName: "Bora", Text: "kabul @ayse"})
	b.expect(rs, "Yeni oyun: Dama — Ayse (beyaz) – Bora (siyah)")
}

// TestChallengesAndLastGameSurviveRestart: a pending challenge can be
// accepted after a restart, and board/history show the last finished game.
func TestChallengesAndLastGameSurviveRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.db")
	b := openRouter(t, path, nil)
	grp := func(b *bot, user, text string) []chat.Reply { return b.msg("g", user, text, false) }
	grp(b, "ayse", "meydan @bora xox")
	grp(b, "cem", "meydan @ayse xox")
	grp(b, "ayse", "kabul")
	grp(b, "cem", "b2")
	grp(b, "ayse", "a1")
	grp(b, "cem", "pes evet")
	b.stop()

	b = openRouter(t, path, nil)
	defer b.stop()
	b.expect(grp(b, "ayse", "tahta"), "#g1 XOX — Cem (X) – Ayse (O) · 1 hamle", "Oyun bitti: Ayse (O) kazandı — rakip pes etti.")
	b.expect(grp(b, "cem", "hamleler"), "#g1 1. b2 a1")
	b.expect(grp(b, "bora", "kabul"), "#g2 Yeni oyun: XOX — Ayse (X) – Bora (O)")
	b.expect(grp(b, "bora", "kabul"), "Sana gelen bir meydan okuma")
}

// TestClockStartsAtTheFirstMove: a 10 s game (the shortest clock) gets its
// reminder, and a reminder says what the flag then does: before a player's
// first move the game ends without a result, after it the game is lost
// (issue 20.13: a 10 s game had no reminder, and "or you lose the game"
// was promised where the game then ended without a result). The clock
// stands still until the game's first move, which is not charged.
func TestClockStartsAtTheFirstMove(t *testing.T) {
	for _, tc := range []struct{ lang, challenge, accept, void, lose, flagVoid string }{
		{"en", "challenge @bora ttt 10s", "accept", "Ayse, it is your move: play within 3 s or the game ends without a result.",
			"Ayse, it is your move: play within 3 s or you lose the game.", "Game over without a result"},
		{"tr", "meydan @bora xox 10sn", "kabul", "Ayse, sıra sende: 3 sn içinde oynamazsan oyun sonuçsuz biter.",
			"Ayse, sıra sende: 3 sn içinde oynamazsan oyunu kaybedersin.", "Oyun sonuçsuz bitti"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			clk := newFakeClock()
			b := newBot(t, clk.config)
			b.admin("g", "ayse", "lang "+tc.lang)
			grp := func(user, text string) []chat.Reply { return b.msg("g", user, text, false) }
			grp("ayse", tc.challenge)
			b.expect(grp("bora", tc.accept), "Ayse 0:10 · Bora 0:10")
			// Before the first move: the clock does not run, the deadline is
			// the move's budget, and its reminder promises no result.
			clk.Add(7 * time.Second)
			b.expect(grp("cem", "board"), "Ayse 0:10 · Bora 0:10")
			if rs := b.checkClocks(clk.Now()); len(rs) != 0 {
				t.Fatalf("reminded at 3 s of 10 left: %q", texts(rs))
			}
			clk.Add(500 * time.Millisecond)
			b.expect(b.checkClocks(clk.Now()), "#g1 "+tc.void)
			// The first move is not charged; Bora's is.
			b.expect(grp("ayse", "b2"), "Ayse 0:10 · Bora 0:10")
			clk.Add(4 * time.Second)
			b.expect(grp("bora", "a1"), "Ayse 0:10 · Bora 0:06")
			// Ayşe has moved: losing is what the reminder promises now.
			clk.Add(7*time.Second + 500*time.Millisecond)
			b.expect(b.checkClocks(clk.Now()), "#g1 "+tc.lose)
			clk.Add(2500 * time.Millisecond)
			rs := b.checkClocks(clk.Now())
			if txt := texts(rs); strings.Contains(txt, tc.flagVoid) || !strings.Contains(txt, "Bora") {
				t.Fatalf("the flag after Ayşe's first move: %q", txt)
			}
			if s, _ := b.mgr.Lobby().LastFinished(context.Background(), "test", "g", "ayse"); s.Result.Winner != ai.Second {
				t.Fatalf("the result: %+v", s.Result)
			}
		})
	}
}
