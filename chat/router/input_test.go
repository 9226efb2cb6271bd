package router_test

import (
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/dama"
	"oyunbot/games/draughts"
	"oyunbot/sessions"
)

// TestActionWordsInTalk: in a group, a message that starts with an action's
// word and goes on is talk, not the action ("pes doğrusu" is "well I never",
// and it resigned the game); addressed to the bot, a resignation or an
// acceptance with stray words is explained, not guessed.
func TestActionWordsInTalk(t *testing.T) {
	b := newBot(t, nil)
	grp := func(user, text string) []chat.Reply { return b.msg("grp", user, text, false) }
	grp("ayse", "meydan @bora dama")
	for _, talk := range []string{"kabul etmem", "ret mi edeyim", "kabul ama yarın"} {
		if rs := grp("bora", talk); len(rs) != 0 {
			t.Fatalf("%q answered: %q", talk, texts(rs))
		}
	}
	b.expect(grp("bora", "/kabul etmem"), "Kabul etmek için yalnızca «kabul» yaz")
	b.expect(grp("bora", "kabul et"), "#g1 Yeni oyun: Dama — Ayse (beyaz) – Bora (siyah)")
	b.expect(grp("ayse", "c3-c4"), "#g1 Ayse: c3-c4")
	for _, tc := range []struct{ user, text string }{
		{"bora", "pes doğrusu"}, {"bora", "berabere kaldık sanırım"}, {"ayse", "geri dön"},
		{"ayse", "iptal oldu maç"}, {"bora", "ayrıl artık"}, {"cem", "katıl bize"},
	} {
		if rs := grp(tc.user, tc.text); len(rs) != 0 {
			t.Fatalf("%s: %q answered: %q", tc.user, tc.text, texts(rs))
		}
	}
	s, err := b.mgr.Lobby().Get(1)
	if err != nil || s.Result.Over || s.DrawOffer != ai.NoSide || len(s.Moves) != 1 {
		t.Fatalf("talk changed the game: %+v %v", s.Result, err)
	}
	b.expect(grp("bora", "/pes doğrusu"), "Oyunu bırakmak istiyorsan yalnızca «pes» yaz.")
	b.expect(grp("bora", "!resign now"), "To resign, write just «resign».") // an English word, an English answer
	if s, _ := b.mgr.Lobby().Get(1); s.Result.Over {
		t.Fatal("a refused resignation ended the game")
	}
	// Game tags and mentions are not stray words; "pes ettim" is a resignation.
	grp("bora", "f6-f5")
	b.expect(grp("bora", "pes #g1"), "#g1 Pes edersen oyunu kaybedersin ve puanın düşer: 1500? → 1338? (-162).", "pes evet")
	b.expect(grp("bora", "pes #g1 evet"), "Bora pes etti.", "Oyun bitti: Ayse (beyaz) kazandı — rakip pes etti.")
	b.say("oyna xox")
	b.expect(b.say("pes ettim"), "Ayse pes etti.")
	b.say("lang en")
	b.say("play ttt")
	b.expect(b.say("resign now"), "To resign, write just «resign».")
}

// TestInvisibleInMoves: a move pasted with a zero-width space or a bidi
// mark in it looks right and is played (issue 35: it was refused).
func TestInvisibleInMoves(t *testing.T) {
	b := newBot(t, nil)
	b.say("oyna dama kolay")
	b.expect(b.say("c3\u200b-c4"), "#g1 Ayse: c3-c4 · oyunbot: ")
	b.expect(b.say("\u200fhamle d3-d4\u200e"), "Ayse: d3-d4 · oyunbot: ")
	c := newBot(t, nil)
	c.say("lang en")
	c.say("play dama easy")
	c.expect(c.say("move c3\u2060-c4\ufeff"), "#g1 Ayse: c3-c4 · oyunbot: ")
}

// TestMoveInAFinishedGame: a move typed for a finished game is told the
// game is over and how to play it again, not about buttons (issue 35).
func TestMoveInAFinishedGame(t *testing.T) {
	for _, tc := range []struct{ lang, play, move, want string }{
		{"en", "play dama easy", "move c3-c4 #g1", "#g1 This game is over; nothing more can be played or done in it. Game over: oyunbot (black) wins — the opponent resigned. To play it again: rematch #g1"},
		{"tr", "oyna dama kolay", "c3-c4 #g1", "#g1 Bu oyun bitti; artık içinde hamle ya da başka bir şey yapılamaz. Oyun bitti: oyunbot (siyah) kazandı — rakip pes etti. Yeniden oynamak için: rövanş #g1"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			b := newBot(t, nil)
			b.say("lang " + tc.lang)
			b.say(tc.play)
			b.say("c3-c4")
			b.say(map[string]string{"en": "resign yes", "tr": "pes evet"}[tc.lang])
			rs := b.say(tc.move)
			b.expect(rs, tc.want)
			if strings.Contains(texts(rs), "button") || strings.Contains(texts(rs), "düğme") {
				t.Errorf("a typed move was told about buttons: %q", texts(rs))
			}
		})
	}
}

// TestUnknownPlayWordNamesTheGame: a word of "play" that is none of its
// arguments is explained with the levels of the game named, before or after
// it (issue 35: "play dama seed" gave an example of checkers); without a
// game, the example and the list are in the player's language.
func TestUnknownPlayWordNamesTheGame(t *testing.T) {
	b := newBot(t, nil)
	for text, want := range map[string]string{
		"oyna dama tohum": "«tohum» ne demek anlamadım. Dama seviyeleri: kolay, orta, zor, usta. Örnek: oyna dama orta siyah",
		"oyna tohum dama": "«tohum» ne demek anlamadım. Dama seviyeleri: kolay, orta, zor, usta. Örnek: oyna dama orta siyah",
		"oyna tohum":      "«tohum» ne demek anlamadım. Örnek: oyna dama orta siyah. Oyunlar: dama, xox.",
	} {
		b.expect(b.say(text), want)
	}
	b.say("lang en")
	b.expect(b.say("play ttt seed"), "I don't understand «seed». Tic-tac-toe's levels: easy, medium, hard, master. For example: play tictactoe medium o")

	// The draughts games are typed in Turkish by their Turkish names' first
	// word (they were listed as checkers and italian).
	d := newBot(t, func(c *router.Config, _ *sessions.Config) {
		reg, err := games.NewRegistry(dama.Game{}, draughts.Italian, draughts.Checkers)
		if err != nil {
			t.Fatal(err)
		}
		c.Games = reg
	})
	d.expect(d.say("oyna"), "Oyunlar: ingiliz, dama, italyan.")
	d.expect(d.say("oyna italyan"), "Yeni oyun: İtalyan daması")
}

// TestTagAfterAMove: a bare move with its game's tag after it plays in that
// game, as the tag before it does.
func TestTagAfterAMove(t *testing.T) {
	b := newBot(t, nil)
	b.say("oyna dama kolay")
	b.expect(b.say("c3-c4 #g1"), "#g1 Ayse: c3-c4 · oyunbot: ")
	b.say("lang en")
	b.expect(b.say("d3-d4 #g7"), "There is no game #g7")
}

// TestMoveDashes: the dashes phones put in place of '-' are read as '-'.
func TestMoveDashes(t *testing.T) {
	b := newBot(t, nil)
	b.say("oyna dama kolay")
	b.expect(b.say("c3–c4"), "#g1 Ayse: c3-c4 · oyunbot: ")
	b.expect(b.say("hamle d3—d4"), "Ayse: d3-d4 · oyunbot: ")
}

// TestTournamentStandingsBeforeStartAndBadTime: before the first round the
// standings are the registration, not a table of zeros "after round 0 of
// 0"; a mistyped time is named as a time.
func TestTournamentStandingsBeforeStartAndBadTime(t *testing.T) {
	b := newBot(t, nil)
	b.expect(b.say("turnuva oluştur xox isviçre 3 0dk"), "«0dk» çok kısa, en az 10 sn olmalı: süre 10 sn ile 30 gün arası olur")
	b.say("turnuva oluştur xox")
	b.say("katıl")
	rs := b.say("sıralama")
	b.expect(rs, "Turnuva: XOX, İsviçre sistemi", "kayıtlar açık", "Oyuncular (1): Ayse")
	if strings.Contains(texts(rs), "0. tur") || rs[0].Image != nil {
		t.Fatalf("standings before the start: %q", texts(rs))
	}
}

// TestUnratedNotes: taking a move back or changing the bot's level in play
// says that the game is no longer rated (the level change was a way to win
// a rated game against master prepared against easy); before the first
// move a level change keeps the game rated.
func TestUnratedNotes(t *testing.T) {
	b := newBot(t, nil)
	b.say("oyna dama kolay")
	rs := b.say("seviye usta")
	b.expect(rs, "#g1 Botun seviyesi artık usta.")
	if strings.Contains(texts(rs), "puanlı") {
		t.Fatalf("a level chosen before the first move unrated the game: %q", texts(rs))
	}
	b.say("c3-c4")
	b.expect(b.say("seviye kolay"), "#g1 Botun seviyesini kolay yaparsan bu oyun puansız olur.") // asked first (issue 35)
	b.expect(b.say("evet"), "#g1 Botun seviyesi artık kolay. Bu oyun artık puanlı sayılmaz.")
	if rs := b.say("seviye orta"); strings.Contains(texts(rs), "puanlı") {
		t.Fatalf("said twice: %q", texts(rs))
	}
	b.say("lang en")
	b.say("resign yes")
	b.say("play ttt")
	b.say("b2")
	// A take-back that unrates the game asks first (issue 20.11).
	b.expect(b.say("undo"), "#g2 Taking a move back makes this game unrated. Still want to? Press the button or type: undo yes")
	b.expect(b.say("undo yes"), "Your last move was taken back. This game is no longer rated.")
	b.say("resign yes")
	b.say("play ttt")
	b.expect(b.say("hint yes"), "#g3 Hint: ", "\nThis game is no longer rated.")
	if rs := b.say("hint yes"); strings.Contains(texts(rs), "rated") {
		t.Fatalf("second hint: %q", texts(rs))
	}
}

// TestOneNotOnes: counts of one read "1 move", "1 game", "1 round".
func TestOneNotOnes(t *testing.T) {
	b := newBot(t, nil)
	b.say("lang en")
	b.say("challenge @bora ttt")
	b.msg("dm", "bora", "accept", true)
	b.say("b2")
	b.expect(b.say("board"), "#g1 Tic-tac-toe — Ayse (X) – Bora (O) · 1 move\n")
	b.msg("dm", "bora", "a1", true)
	b.say("c3")
	b.expect(b.say("board"), "· 2 moves\n") // 1. b2 a1 2. c3: moves as the history numbers them
	b.say("resign yes")
	b.expect(b.say("leaderboard ttt"), "(1 game)")
	b.expect(b.say("tournament create ttt swiss 1"), "(Swiss, 1 round)")
	b.say("lang tr")
	b.expect(b.say("liderler xox"), "(1 oyun)")
}

// TestWithdrawnInInfo: the tournament's player list marks who withdrew.
func TestWithdrawnInInfo(t *testing.T) {
	b := newBot(t, nil)
	grp := func(user, text string) []chat.Reply { return b.msg("grp", user, text, false) }
	grp("ali", "turnuva oluştur xox lig")
	for _, p := range []string{"ali", "veli", "ayse"} {
		grp(p, "katıl")
	}
	grp("ali", "başlat")
	grp("ayse", "ayrıl")
	b.expect(grp("ali", "turnuva"), "Oyuncular (3): Ali, Veli, Ayse (çekildi)")
}

// TestTimeWithSpaces: "10 dk" is a time, not ten rounds and a stray "dk".
func TestTimeWithSpaces(t *testing.T) {
	b := newBot(t, nil)
	b.expect(b.say("turnuva oluştur xox isviçre 3 tur 10 dk"), "(İsviçre sistemi, 3 tur, 10 dk)")
	b.expect(b.say("meydan @bora xox 5 dk + 3 sn"), "Süre: 5 dk + 3 sn")
}
