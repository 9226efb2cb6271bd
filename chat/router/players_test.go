package router_test

// players_test.go: the rough edges players met (issue 15), each through
// the router in both languages.

import (
	"bytes"
	"context"
	"fmt"
	"image/gif"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/dama"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
	"oyunbot/sessions/challenges"
	"oyunbot/sessions/matches"
	"oyunbot/sessions/ratings"
	"oyunbot/sessions/tournaments"
	"oyunbot/store"
)

// TestReplyInTheLanguageWritten: without a channel setting, a reply is in
// the language of the command word the player wrote, before the locale; a
// message with no word of its own (a bare move) follows the player's last
// word; the English names that buttons and command menus send in every
// language follow the locale when there is one; the channel's setting
// beats them all.
func TestReplyInTheLanguageWritten(t *testing.T) {
	b := newBot(t, nil)
	// No locale (the console): the word decides, and a bare move follows.
	b.expect(b.msg("c-en", "ayse", "help", true), "play <game>")
	b.expect(b.msg("c-en", "ayse", "play ttt easy", true), "#g1 New game: Tic-tac-toe — Ayse (X) – oyunbot (O, easy)", "To move: Ayse (X)")
	b.expect(b.msg("c-en", "ayse", "5", true), "#g1 Ayse: b2 · oyunbot: ", "To move: Ayse (X)")
	b.expect(b.msg("c-en", "ayse", "5", true), "#g1 Illegal move «5»")
	b.expect(b.msg("c-tr", "bora", "yardım", true), "oyna <oyun>")
	b.expect(b.msg("c-tr", "bora", "oyna xox kolay", true), "#g2 Yeni oyun: XOX — Bora (X) – oyunbot (O, kolay)", "Sıra: Bora (X)")
	b.expect(b.msg("c-tr", "bora", "5", true), "#g2 Bora: b2 · oyunbot: ", "Sıra: Bora (X)")
	b.expect(b.msg("c-tr", "bora", "5", true), "#g2 Geçersiz hamle «5»")
	// Each player in a channel is answered in their own language.
	b.expect(b.msg("grp", "ayse", "games", false), "Games:")
	b.expect(b.msg("grp", "bora", "oyunlar", false), "Oyunlar:")
	b.expect(b.msg("grp", "ayse", "hello?", true), "I don't know the command «hello?»")

	// A word of one language beats the locale of the other.
	b.locale = "tr"
	b.expect(b.msg("l-tr", "cem", "commands", true), "play <game>")
	b.locale = "en"
	b.expect(b.msg("l-en", "cem", "yardım", true), "oyna <oyun>")
	// The names buttons and menus send ("/play", "hint #g3") follow the
	// locale.
	b.locale = "tr"
	b.expect(b.msg("menu-tr", "dan", "play ttt", true), "#g3 Yeni oyun: XOX")
	b.expect(b.msg("menu-tr", "dan", "hint #g3 yes", true), "#g3 İpucu: ")
	b.locale = "en"
	b.expect(b.msg("menu-en", "eda", "play ttt", true), "#g4 New game: Tic-tac-toe")
	b.expect(b.msg("menu-en", "eda", "hint #g4 yes", true), "#g4 Hint: ")

	// The channel's setting beats the word, in both directions.
	b.locale = ""
	b.admin("set-en", "ayse", "lang en")
	b.expect(b.admin("set-en", "ayse", "yardım"), "play <game>")
	b.admin("set-tr", "ayse", "dil tr")
	b.expect(b.admin("set-tr", "ayse", "help"), "oyna <oyun>")
}

// TestMoveAfterTheGameTag: "#g1 a1", the tag as every reply shows it and
// then a move, is a move in that game.
func TestMoveAfterTheGameTag(t *testing.T) {
	b := newBot(t, nil)
	b.expect(b.say("oyna xox kolay"), "#g1 Yeni oyun")
	b.expect(b.say("#g1 a1"), "#g1 Ayse: a1 · oyunbot: ", "Sıra: Ayse (X)")
	b.expect(b.say("#G1 a1"), "#g1 Geçersiz hamle «a1»: ")
	b.expect(b.say("#g9 a2"), "#g9 diye süren bir oyun yok")
	b.expect(b.msg("dm-en", "bora", "play ttt easy", true), "#g2 New game")
	b.expect(b.msg("dm-en", "bora", "#g2 b2", true), "#g2 Bora: b2 · oyunbot: ", "To move: Bora (X)")
	b.expect(b.msg("dm-en", "bora", "#g2 hello", true), "#g2 Illegal move «hello»: that does not look like a move")

	// In a group, the tag picks the game among several, and it is never
	// taken for chat about someone else's game.
	grp := func(user, text string) []chat.Reply { return b.msg("grp", user, text, false) }
	grp("ayse", "meydan @bora dama")
	grp("bora", "kabul")
	grp("ayse", "meydan @cem xox")
	grp("cem", "accept")
	b.expect(grp("ayse", "#g3 c3-c4"), "#g3 Ayse: c3-c4", "Sıra: Bora (siyah)")
	b.expect(grp("ayse", "#g4 b2"), "#g4 Ayse: b2", "Sıra: Cem (O)")
	b.expect(grp("cem", "#g4 a1"), "#g4 Cem: a1", "To move: Ayse (X)")
	for _, talk := range []struct{ user, text string }{{"cem", "#g3 güzel hamle"}, {"dan", "#g4 nice"}, {"ayse", "#g3 hadi bakalım"}} {
		if rs := grp(talk.user, talk.text); len(rs) != 0 {
			t.Errorf("%s: %q answered: %q", talk.user, talk.text, texts(rs))
		}
	}
}

// TestTimeBelowTheMinimum: "1s" and "3sn" are times, too short: the reply
// says so, with the range; a word that is no time keeps its own reply.
func TestTimeBelowTheMinimum(t *testing.T) {
	b := newBot(t, nil)
	grp := func(text string) []chat.Reply { return b.msg("g", "ayse", text, false) }
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"meydan @ali xox 3sn", []string{"«3sn» çok kısa, en az 10 sn olmalı: süre 10 sn ile 30 gün arası olur (hamle başına artış en çok 1 sa)."}},
		{"meydan @ali xox 5sn+2sn", []string{"«5sn+2sn» çok kısa, en az 10 sn olmalı"}},
		{"turnuva oluştur xox 9sn/hamle", []string{"«9sn/hamle» çok kısa, en az 10 sn olmalı"}},
		{"meydan @ali xox 3xyz", []string{"«3xyz» süre olarak geçmez: süre 10 sn ile 30 gün arası olur"}},
		{"meydan @ali xox 31g", []string{"«31g» süre olarak geçmez"}},
		{"challenge @ali ttt 1s", []string{"«1s» is below the minimum time of 10 s: a clock is from 10 s to 30 d (an increment at most 1 h)."}},
		{"tournament create ttt 0m", []string{"«0m» is below the minimum time of 10 s: a clock is from 10 s to 30 d"}},
		{"challenge @ali ttt +3s", []string{"«+3s» is not a time I can take: a clock is from 10 s to 30 d"}},
	} {
		rs := grp(tc.text)
		if len(rs) != 1 {
			t.Errorf("%q: %d replies: %q", tc.text, len(rs), texts(rs))
			continue
		}
		b.expect(rs, tc.want...)
	}
	if got := b.chal.Pending("test", "g", "ayse"); len(got) != 0 {
		t.Fatalf("a challenge with a refused time was made: %+v", got)
	}
}

// blockedEngine searches until released: the game may change meanwhile.
type blockedEngine struct {
	started chan struct{} // one value per search begun
	release chan struct{}
}

func (e *blockedEngine) Choose(ctx context.Context, _ ai.Position, _ ai.Level, _ *rand.Rand) ai.Result {
	e.started <- struct{}{}
	select {
	case <-e.release:
	case <-ctx.Done():
	}
	return ai.Result{}
}

// TestNoStaleThinkingNotice: a "thinking" notice due while the game is
// unchanged arrives; the same notice arriving after the player resigned
// (its game changed since it was due) is dropped. The sessions' notices
// are held by the test and handed to the router when it chooses.
func TestNoStaleThinkingNotice(t *testing.T) {
	for _, tc := range []struct{ play, resign, thinking, resigned string }{
		{"oyna dama siyah", "pes", "#g1 oyunbot düşünüyor…", "Ayse pes etti."},
		{"play dama black", "resign", "#g1 oyunbot is thinking…", "Ayse resigned."},
	} {
		t.Run(tc.play, func(t *testing.T) {
			eng := &blockedEngine{started: make(chan struct{}, 4), release: make(chan struct{})}
			held := make(chan sessions.Event, 4)
			var deliver func(sessions.Event)
			st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			reg, err := games.NewRegistry(dama.Game{}, tictactoe.Game{})
			if err != nil {
				t.Fatal(err)
			}
			book := ratings.New()
			tours, chal := tournaments.New(book), challenges.New()
			mr := matches.New()
			mgr, err := sessions.New(t.Context(), sessions.Config{Games: reg, Store: st, Seed: 7, ThinkingNotice: time.Nanosecond,
				NewEngine: func() sessions.Engine { return eng }, Tournaments: tours, Challenges: chal, Matches: mr, Ratings: book})
			if err != nil {
				t.Fatal(err)
			}
			r, err := router.New(t.Context(), router.Config{Games: reg, Store: st, Sessions: mgr, Tournaments: tours, Challenges: chal, Matches: mr, Ratings: book})
			if err != nil {
				t.Fatal(err)
			}
			deliver = r.OnEvent
			// The thinking notice is held back; the rest reach the router.
			if err := mgr.Listen(func(ev sessions.Event) {
				if ev.Kind == sessions.EventThinking {
					held <- ev
					return
				}
				r.OnEvent(ev)
			}); err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			rec := &recorder{}
			r.AddSender(t.Context(), "test", rec)
			m := chat.Message{Platform: "test", ChannelID: "dm", UserID: "ayse", UserName: "Ayse", Private: true, Ref: "1"}
			m.Text = tc.play
			r.Handle(context.Background(), m)
			<-eng.started // the bot is thinking about its opening move
			ev := <-held  // and its notice is due, the game unchanged
			deliver(ev)
			m.Text, m.Ref = tc.resign, "2"
			r.Handle(context.Background(), m)
			deliver(ev) // the same notice, after the resignation: stale
			close(eng.release)
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			if err := r.Wait(ctx); err != nil {
				t.Fatal(err)
			}
			var notices []string
			rs := rec.take()
			for _, rep := range rs {
				if rep.Notice {
					notices = append(notices, rep.Text)
				}
			}
			if len(notices) != 1 || notices[0] != tc.thinking {
				t.Fatalf("notices %q, want one %q", notices, tc.thinking)
			}
			if last := rs[len(rs)-1]; last.Notice || !strings.Contains(last.Text, tc.resigned) {
				t.Fatalf("last reply %q, want the resignation", last.Text)
			}
		})
	}
}

// TestBotOpensInOneReply: playing the second side, the new game and the
// bot's first move come as one reply answering the message, not an empty
// board and then the move.
func TestBotOpensInOneReply(t *testing.T) {
	b := newBot(t, nil)
	for _, tc := range []struct {
		user, play string
		want       []string
	}{
		{"ayse", "oyna dama siyah kolay", []string{"#g1 Yeni oyun: Dama — oyunbot (beyaz, kolay) – Ayse (siyah)\noyunbot: ", "\nSıra: Ayse (siyah)"}},
		{"bora", "play ttt o easy", []string{"#g2 New game: Tic-tac-toe — oyunbot (X, easy) – Bora (O)\noyunbot: ", "\nTo move: Bora (O)"}},
	} {
		rs := b.msg("dm-"+tc.user, tc.user, tc.play, true)
		if len(rs) != 1 || rs[0].Image == nil || rs[0].Ref == "" || len(rs[0].Buttons) == 0 {
			t.Fatalf("%s: want one reply with the board, answering the message; got %d: %q", tc.play, len(rs), texts(rs))
		}
		b.expect(rs, tc.want...)
		if rs[0].Caption != rs[0].Text {
			t.Errorf("%s: caption %q", tc.play, rs[0].Caption)
		}
	}
}

// TestAllPiecesCaptured: a dama game won by capturing the last piece says
// so, not "no move left".
func TestAllPiecesCaptured(t *testing.T) {
	b := newBot(t, nil)
	const last = "......../......../......../..b...../..w...../......../.......w/........ w" // c4xc6 takes black's last man
	b.expect(b.say("oyna dama kolay konum "+last), "#g1 Yeni oyun")
	b.expect(b.say("c4xc6"), "#g1 Ayse: c4xc6", "Oyun bitti: Ayse (beyaz) kazandı — rakibin bütün taşları alındı.")
	b.expect(b.msg("dm-en", "bora", "play dama easy from "+last, true), "#g2 New game")
	b.expect(b.msg("dm-en", "bora", "c4xc6", true), "#g2 Bora: c4xc6", "Game over: Bora (white) wins — all the opponent's pieces were captured.")
}

// TestHintThenUnrated: the hint that ends a game's rating and the sentence
// saying so are not run together ("İpucu: g3-g4 Bu oyun artık…").
func TestHintThenUnrated(t *testing.T) {
	b := newBot(t, nil)
	for _, tc := range []struct{ user, play, hint, want string }{
		{"ayse", "oyna dama", "ipucu evet", "\nBu oyun artık puanlı sayılmaz."},
		{"bora", "play dama", "hint yes", "\nThis game is no longer rated."},
	} {
		b.msg("dm-"+tc.user, tc.user, tc.play, true)
		rs := b.msg("dm-"+tc.user, tc.user, tc.hint, true)
		if len(rs) != 1 {
			t.Fatalf("%s: %d replies: %q", tc.hint, len(rs), texts(rs))
		}
		lines := strings.Split(rs[0].Text, "\n")
		if len(lines) != 2 || len(strings.Fields(lines[0])) != 3 || "\n"+lines[1] != tc.want {
			t.Errorf("%s: %q, want the hint on a line of its own, then %q", tc.hint, rs[0].Text, tc.want)
		}
	}
}

// TestMoveCountsAsTheHistory: the number of moves a board's title gives is
// the history's: "1. c3-c4 f6-f5" is one move, "2. c4-c5" starts the
// second.
func TestMoveCountsAsTheHistory(t *testing.T) {
	b := newBot(t, nil)
	grp := func(user, text string) []chat.Reply { return b.msg("grp", user, text, false) }
	grp("ayse", "meydan @bora dama")
	grp("bora", "kabul")
	grp("ayse", "c3-c4")
	b.expect(grp("cem", "tahta"), "· 1 hamle\n")
	grp("bora", "f6-f5")
	b.expect(grp("cem", "tahta"), "· 1 hamle\n")
	b.expect(grp("cem", "hamleler #g1"), "#g1 1. c3-c4 f6-f5")
	grp("ayse", "c4-c5")
	b.expect(grp("cem", "tahta"), "· 2 hamle\n")
	b.expect(grp("cem", "hamleler #g1"), "#g1 1. c3-c4 f6-f5 2. c4-c5")

	b.expect(b.msg("dm", "dan", "play ttt", true), "#g2 New game")
	b.expect(b.msg("dm", "dan", "b2", true), "Dan: b2 · oyunbot: ")
	b.expect(b.msg("dm", "dan", "board", true), "· 1 move\n")
	rs := b.msg("dm", "dan", "history", true)
	if h := texts(rs); !strings.HasPrefix(h, "#g2 1. b2 ") || strings.Contains(h, " 2. ") {
		t.Fatalf("history %q", h)
	}
}

// TestFinishedHistoryEndsWithTheResult: the history of a finished game
// ends with its result.
func TestFinishedHistoryEndsWithTheResult(t *testing.T) {
	b := newBot(t, nil)
	grp := func(user, text string) []chat.Reply { return b.msg("grp", user, text, false) }
	grp("ayse", "meydan @bora xox")
	grp("bora", "kabul")
	for _, mv := range []struct{ user, move string }{{"ayse", "a1"}, {"bora", "b1"}, {"ayse", "a2"}, {"bora", "b2"}, {"ayse", "a3"}} {
		grp(mv.user, mv.move)
	}
	b.expect(grp("ayse", "hamleler"), "#g1 1. a1 b1 2. a2 b2 3. a3\nOyun bitti: Ayse (X) kazandı — ")
	b.expect(grp("bora", "history #g1"), "#g1 1. a1 b1 2. a2 b2 3. a3\nGame over: Ayse (X) wins — ")
	// Running, no result yet; resigned before any move, the history says so.
	b.expect(b.msg("dm", "cem", "play ttt", true), "#g2 ")
	if h := texts(b.msg("dm", "cem", "history", true)); h != "#g2 No moves yet." {
		t.Fatalf("history of a running game %q", h)
	}
	b.msg("dm", "cem", "resign", true)
	b.expect(b.msg("dm", "cem", "history", true), "#g2 No moves yet.\nGame over without a result — ")
	b.expect(b.msg("dm", "cem", "hamleler", true), "#g2 Henüz hamle yok.\nOyun sonuçsuz bitti — ")
}

// TestAnotherGameBesideAnOpenOne: a tic-tac-toe left open (the README's
// first example) does not stop a game of dama (its second), and a bare
// move goes to the game whose notation it is, or is explained there.
func TestAnotherGameBesideAnOpenOne(t *testing.T) {
	for _, tc := range []struct{ lang, ttt, dama, already, played, illegal string }{
		{"en", "play ttt", "play dama easy", "You already have a game going on: #g2 (Dama)", "#g2 Ayse: c3-c4", "#g2 Illegal move «c3-c6»"},
		{"tr", "oyna xox", "oyna dama kolay", "Zaten süren bir oyun var: #g2 (Dama)", "#g2 Ayse: c3-c4", "#g2 Geçersiz hamle «c3-c6»"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			b := newBot(t, nil)
			b.say("lang " + tc.lang)
			b.expect(b.say(tc.ttt), "#g1")
			b.expect(b.say(tc.dama), "#g2")
			b.expect(b.say(tc.dama), tc.already)
			b.expect(b.say("c3-c4"), tc.played)
			b.expect(b.say("c3-c6"), tc.illegal)
			if s, _ := b.mgr.Lobby().Get(1); len(s.Moves) != 0 {
				t.Fatalf("the tic-tac-toe changed: %v", s.Moves)
			}
			b.expect(b.say("b2"), "#g1 Ayse: b2")
		})
	}
}

// TestCostlyActionsAreConfirmed: a resignation that costs rating and a hint
// that makes a game unrated ask first; the question's button (or "resign
// yes") does it; what costs nothing is done at once.
func TestCostlyActionsAreConfirmed(t *testing.T) {
	for _, tc := range []struct{ lang, play, resign, hint, askResign, askHint, resigned, hinted, yes string }{
		{"en", "play dama", "resign", "hint", "Resigning loses the game and costs rating: 1500? → 1325? (-175). Are you sure?", "A hint makes this game unrated.",
			"Ayse resigned.", "#g2 Hint: ", "Yes, I resign"},
		{"tr", "oyna dama", "pes", "ipucu", "Pes edersen oyunu kaybedersin ve puanın düşer: 1500? → 1325? (-175). Emin misin?", "İpucu alırsan bu oyun puansız olur.",
			"Ayse pes etti.", "#g2 İpucu: ", "Evet, pes ediyorum"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			b := newBot(t, nil)
			b.say("lang " + tc.lang)
			// Before one's first move a resignation just ends the game: no question.
			b.say(tc.play)
			b.expect(b.say(tc.resign), tc.resigned)

			b.say(tc.play)
			b.say("c3-c4")
			rs := b.say(tc.resign)
			b.expect(rs, "#g2 "+tc.askResign)
			if s, _ := b.mgr.Lobby().Get(2); s.Result.Over {
				t.Fatal("the question resigned")
			}
			if len(rs) != 1 || len(rs[0].Buttons) != 1 || rs[0].Buttons[0][0].Data != "resign #g2 yes for=ayse" || !strings.Contains(rs[0].Buttons[0][0].Label, tc.yes) {
				t.Fatalf("the question's button: %+v", rs)
			}
			// The hint asks too, once: after it the game is unrated.
			b.expect(b.say(tc.hint), "#g2 "+tc.askHint)
			if s, _ := b.mgr.Lobby().Get(2); !s.Rated {
				t.Fatal("the question made the game unrated")
			}
			b.expect(b.say(tc.hint+" #g2 "+map[string]string{"en": "yes", "tr": "evet"}[tc.lang]), tc.hinted)
			b.expect(b.say(tc.hint), tc.hinted) // unrated now: no question
			// Unrated, a resignation costs nothing: at once.
			b.expect(b.say(tc.resign), tc.resigned)

			// Rated again, the button resigns, and the rating moves as the
			// question said it would (the games before were unrated).
			b.say(tc.play)
			b.say("c3-c4")
			rs = b.say(tc.resign)
			b.expect(rs, "1500? → 1325? (-175)")
			b.expect(b.say(rs[0].Buttons[0][0].Data), tc.resigned, "Ayse 1500? → 1325? (-175)")
		})
	}
}

// TestAllLegalMoves: an error lists ten legal moves and says how to see
// them all; "legal" lists them all.
func TestAllLegalMoves(t *testing.T) {
	for _, tc := range []struct{ lang, play, all, legal, list string }{
		// A white king in the middle of an empty board, a black man away.
		{"en", "play dama from ......../bbb...../......../......../...W..../......../......../........ w", "All of them: legal #g1", "legal", "#g1 Legal moves (%d): "},
		{"tr", "oyna dama konum ......../bbb...../......../......../...W..../......../......../........ w", "Hepsi için: yasal #g1", "yasal", "#g1 Oynanabilir hamleler (%d): "},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			b := newBot(t, nil)
			b.say("lang " + tc.lang)
			b.expect(b.say(tc.play), "#g1")
			s, _ := b.mgr.Lobby().Get(1)
			if len(s.Legal) <= 10 {
				t.Fatalf("the start has %d legal moves: the test needs more than 10", len(s.Legal))
			}
			b.expect(b.say("d4-a3"), "(+"+fmt.Sprint(len(s.Legal)-10)+")", tc.all)
			rs := b.say(tc.legal)
			b.expect(rs, fmt.Sprintf(tc.list, len(s.Legal)), strings.Join(s.Legal, ", "))
		})
	}
}

// TestGIFOfAGame: "gif" sends the whole game as an animated GIF: a frame
// per position that changed, the last held longer, in a file.
func TestGIFOfAGame(t *testing.T) {
	for _, tc := range []struct{ lang, play, gif, caption string }{
		{"en", "play ttt", "gif", "#g1 Tic-tac-toe, %d moves: the whole game"},
		{"tr", "oyna xox", "animasyon", "#g1 XOX, %d hamle: bütün oyun"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			b := newBot(t, nil)
			b.say("lang " + tc.lang)
			b.say(tc.play)
			for _, m := range []string{"b2", "a1", "c3", "a3", "c1", "b1", "a2", "c2", "b3"} {
				if s, err := b.mgr.Lobby().Get(1); err != nil || s.Result.Over {
					break
				}
				b.say(m)
			}
			s, ok := b.mgr.Lobby().LastFinished(context.Background(), "test", "dm", "ayse")
			if !ok {
				t.Fatal("the game did not end")
			}
			rs := b.say(tc.gif)
			if len(rs) != 1 {
				t.Fatalf("%d replies", len(rs))
			}
			r := rs[0]
			b.expect(rs, fmt.Sprintf(tc.caption, (len(s.Moves)+1)/2))
			if r.FileName != "oyunbot-g1.gif" || r.FileType != "image/gif" {
				t.Fatalf("file %q %q", r.FileName, r.FileType)
			}
			g, err := gif.DecodeAll(bytes.NewReader(r.File))
			if err != nil {
				t.Fatalf("not a GIF: %v", err)
			}
			if len(g.Image) != len(s.Moves)+1 || g.Delay[len(g.Delay)-1] <= g.Delay[0] {
				t.Fatalf("%d frames for %d moves, delays %v", len(g.Image), len(s.Moves), g.Delay)
			}
		})
	}
}

// TestLevelChangeIsConfirmed: a new level in a rated game already begun
// makes it unrated, so it asks first as a hint does (issue 35: it unrated
// the game without a word); before the first move it is done at once.
func TestLevelChangeIsConfirmed(t *testing.T) {
	for _, tc := range []struct{ lang, play, level, ask, yes, set, button string }{
		{"en", "play dama easy", "level hard", "#g1 Changing the bot's level to hard makes this game unrated. Still want to? Press the button or type: level hard yes",
			"yes", "#g1 The bot now plays at level hard.", "Yes, change the level"},
		{"tr", "oyna dama kolay", "seviye zor", "#g1 Botun seviyesini zor yaparsan bu oyun puansız olur. Yine de istiyor musun? Onay için düğmeye bas ya da yaz: seviye zor evet",
			"evet", "#g1 Botun seviyesi artık zor.", "Evet, seviyeyi değiştir"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			b := newBot(t, nil)
			b.say("lang " + tc.lang)
			b.say(tc.play)
			b.say("c3-c4")
			rs := b.say(tc.level)
			b.expect(rs, tc.ask)
			if len(rs) != 1 || len(rs[0].Buttons) != 1 || !strings.Contains(rs[0].Buttons[0][0].Label, tc.button) {
				t.Fatalf("the question's button: %+v", rs)
			}
			if s, _ := b.mgr.Lobby().Get(1); !s.Rated || s.Level != "easy" {
				t.Fatalf("the question changed the game: rated %v, level %q", s.Rated, s.Level)
			}
			b.expect(b.say(tc.yes), tc.set)
			if s, _ := b.mgr.Lobby().Get(1); s.Rated || s.Level != "hard" {
				t.Fatalf("after yes: rated %v, level %q", s.Rated, s.Level)
			}
			// Before one's first move it costs nothing: at once; the button works too.
			resign := map[string]string{"en": "resign yes", "tr": "pes evet"}[tc.lang]
			b.say(resign)
			b.say(tc.play)
			b.expect(b.say(tc.level+" #g2"), strings.Replace(tc.set, "#g1", "#g2", 1))
			b.say(resign)
			b.say(tc.play)
			b.say("c3-c4")
			rs = b.say(tc.level + " #g3")
			if len(rs) != 1 || len(rs[0].Buttons) != 1 {
				t.Fatalf("#g3: %q", texts(rs))
			}
			b.expect(b.say(rs[0].Buttons[0][0].Data), strings.Replace(tc.set, "#g1", "#g3", 1))
		})
	}
}
