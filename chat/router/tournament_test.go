package router_test

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/chat/router"
	"oyunbot/sessions"
	"oyunbot/sessions/ratings"
	"oyunbot/store"
	"oyunbot/tournament"
)

// openRouter starts a router on the SQLite file at path.
func openRouter(t *testing.T, path string, mod func(*router.Config, *sessions.Config)) *bot {
	t.Helper()
	st, err := store.OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	var book *ratings.Book
	r, mgr, tours, err := wire(t, st, keepRatings(mod, &book))
	if err != nil {
		st.Close()
		t.Fatal(err)
	}
	b := &bot{t: t, r: r, mgr: mgr, tours: tours, rates: book, rec: &recorder{t: t}, store: st}
	r.AddSender(t.Context(), "test", b.rec)
	return b
}

// stop closes the router and its store (the "process" ends).
func (b *bot) stop() {
	b.r.Close()
	b.store.Close()
}

// raw sends a message exactly as given (no mentions are added).
func (b *bot) raw(m chat.Message) []chat.Reply {
	b.t.Helper()
	if m.Platform == "" {
		m.Platform = "test"
	}
	b.ref++
	m.Ref = fmt.Sprint(b.ref)
	if m.UserName == "" {
		m.UserName = m.UserID
	}
	b.r.Handle(context.Background(), m)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := b.r.Wait(ctx); err != nil {
		b.t.Fatal(err)
	}
	return b.rec.take()
}

// player is one simulated person in a tournament channel.
type tplayer struct{ id, name string }

// playRound makes the people to move in the channel's games move once
// each, by a policy that varies the results: some resign, some agree
// draws, most play the legal move picked by the game's id and the ply
// (tic-tac-toe: many wins for either side and some full boards). It
// returns how many messages it sent.
func playStep(t *testing.T, b *bot, ch string, names map[string]string) int {
	t.Helper()
	sent := 0
	for _, s := range b.mgr.Lobby().ChannelGames("test", ch) {
		p, ok := s.ToMove()
		if !ok || p.Bot {
			continue
		}
		user := p.ID
		say := func(text string) []chat.Reply {
			sent++
			return b.raw(chat.Message{ChannelID: ch, UserID: user, UserName: names[user], Text: text})
		}
		tag := "#" + s.Tag()
		switch {
		case s.ID%7 == 3 && len(s.Moves) == 2:
			say("pes " + tag + " evet")
		case s.ID%7 == 5 && len(s.Moves) == 3 && !s.VsBot():
			say("berabere " + tag)
			opp := s.Players[s.Turn.Opponent()]
			sent++
			rs := b.raw(chat.Message{ChannelID: ch, UserID: opp.ID, UserName: names[opp.ID], Text: "kabul"})
			if !strings.Contains(texts(rs), "anlaşmayla") && !strings.Contains(texts(rs), "by agreement") {
				t.Fatalf("draw by agreement in %s: %q", tag, texts(rs))
			}
		default:
			mv := s.Legal[(int(s.ID)*3+len(s.Moves))%len(s.Legal)]
			rs := say("hamle " + tag + " " + mv)
			if strings.Contains(texts(rs), "Geçersiz") || strings.Contains(texts(rs), "Sıra sende değil") {
				t.Fatalf("move %s %s refused: %q", tag, mv, texts(rs))
			}
		}
	}
	return sent
}

// checkFinal checks a finished tournament: every pairing has a result, no
// pair met twice (once per cycle in round robin), each player is in every
// round once, and the points add up.
func checkFinal(t *testing.T, v sessions.TournamentView, rounds int, wantPoints float64) {
	t.Helper()
	if v.T.State != tournament.Finished || len(v.T.Rounds) != rounds {
		t.Fatalf("tournament %s after %d rounds, want finished after %d", v.T.State, len(v.T.Rounds), rounds)
	}
	met := map[[2]int]int{}
	for _, r := range v.T.Rounds {
		seen := map[int]bool{}
		for _, p := range r.Pairings {
			if !p.Result.Done() {
				t.Fatalf("round %d: a game without a result", r.Number)
			}
			if seen[p.White] || seen[p.Black] {
				t.Fatalf("round %d: a player twice", r.Number)
			}
			seen[p.White], seen[p.Black] = true, true
			met[[2]int{min(p.White, p.Black), max(p.White, p.Black)}]++
		}
		if r.Bye != 0 {
			seen[r.Bye] = true
		}
		if len(seen) != len(v.T.Players) {
			t.Fatalf("round %d: %d players of %d", r.Number, len(seen), len(v.T.Players))
		}
	}
	for pair, n := range met {
		if n > 1 {
			t.Fatalf("players %v met %d times", pair, n)
		}
	}
	total := 0.0
	for _, s := range v.T.Standings() {
		total += s.Points
	}
	if total != wantPoints {
		t.Fatalf("%v points in all, want %v", total, wantPoints)
	}
}

// TestTournamentsEndToEnd runs an 8-player Swiss (seven people and the bot)
// and a 5-player round robin of tic-tac-toe in two channels, people typing
// in Turkish and English through the router, to the final standings, with
// a restart of the whole bot (same SQLite file) in the middle of a round.
func TestTournamentsEndToEnd(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.db")
	b := openRouter(t, path, nil)
	defer func() { b.stop() }()

	names := map[string]string{}
	var swissPlayers, rrPlayers []tplayer
	for i := range 7 {
		p := tplayer{fmt.Sprintf("s%d", i+1), fmt.Sprintf("Swiss%d", i+1)}
		swissPlayers = append(swissPlayers, p)
		names[p.id] = p.name
	}
	for i := range 5 {
		p := tplayer{fmt.Sprintf("r%d", i+1), fmt.Sprintf("Lig%d", i+1)}
		rrPlayers = append(rrPlayers, p)
		names[p.id] = p.name
	}
	in := func(ch, user, text string) []chat.Reply {
		return b.raw(chat.Message{ChannelID: ch, UserID: user, UserName: names[user], Text: text})
	}

	// Registration, in both languages and both command forms.
	names["org"] = "Orga"
	b.expect(in("swiss", "org", "turnuva oluştur xox isviçre 3"), "Orga bir XOX turnuvası açtı (İsviçre sistemi, 3 tur)")
	b.expect(in("swiss", "org", "turnuva oluştur dama"), "Bu kanalda zaten bir turnuva var")
	for i, p := range swissPlayers {
		if i%2 == 0 {
			b.expect(in("swiss", p.id, "katıl"), p.name+" turnuvaya katıldı")
		} else {
			b.expect(in("swiss", p.id, "turnuva katıl"), p.name+" turnuvaya katıldı")
		}
	}
	b.expect(in("swiss", "s1", "katıl"), "Zaten turnuvadasın")
	b.expect(in("swiss", "s2", "başlat"), "yalnızca turnuvayı düzenleyen")
	b.expect(in("swiss", "org", "turnuva bot kolay"), "oyunbot (kolay) turnuvaya katıldı (8 oyuncu)")

	b.raw(chat.Message{ChannelID: "rr", UserID: "org", UserName: "Orga", Text: "lang en", Admin: true})
	b.expect(in("rr", "org", "tournament create ttt roundrobin"), "Orga opened a Tic-tac-toe tournament (round robin).")
	for _, p := range rrPlayers {
		b.expect(in("rr", p.id, "join"), p.name+" joined the tournament")
	}
	b.expect(in("rr", "r1", "/leave"), "Lig1 left the tournament — players left: 4")
	b.expect(in("rr", "r1", "join"), "Lig1 joined the tournament — players (5)")

	rs := in("swiss", "org", "başlat")
	b.expect(rs, "XOX turnuvası başladı: İsviçre sistemi, 3 tur, 8 oyuncu.", "1. tur başladı (toplam 3 tur):")
	// The announcement comes first: the bot's move in its round-1 game (if
	// it opens) follows it, never precedes it.
	announce := rs[0]
	if !strings.Contains(announce.Text, "1. tur başladı") {
		t.Fatalf("the first reply to start is not the round's announcement: %q", texts(rs))
	}
	if img := announce.Image; img == nil {
		t.Fatal("no pairings picture")
	} else if _, err := png.Decode(bytes.NewReader(img)); err != nil {
		t.Fatal(err)
	}
	// The round's announcement is the answer to "start" (Discord shows it
	// in place of the command's "thinking…").
	if ref := announce.Ref; ref != fmt.Sprint(b.ref) {
		t.Errorf("round announcement answers ref %q, want the start message's %d", ref, b.ref)
	}
	b.expect(in("rr", "org", "tournament start"), "The Tic-tac-toe tournament has begun: round robin, 5 rounds, 5 players.", "Round 1 of 5 has begun:", "Bye: ")
	b.expect(in("swiss", "s3", "katıl"), "Turnuva başladı; artık katılınamaz.")

	// Play until the Swiss is in round 2 with a result in it and a game of
	// that round under way, then restart the bot.
	restarted := false
	for steps := 0; ; steps++ {
		if steps > 400 {
			t.Fatal("the tournaments do not end")
		}
		sv, _ := b.tours.Get(context.Background(), "test", "swiss")
		rv, _ := b.tours.Get(context.Background(), "test", "rr")
		if sv.T.State == tournament.Finished && rv.T.State == tournament.Finished {
			break
		}
		if !restarted && sv.T.Current() == 2 && midRound(sv) {
			var before []sessions.Snapshot
			for _, ch := range []string{"swiss", "rr"} {
				before = append(before, b.mgr.Lobby().ChannelGames("test", ch)...)
			}
			b.stop()
			b = openRouter(t, path, nil)
			restarted = true
			for _, s := range before {
				after, err := b.mgr.Lobby().Get(s.ID)
				if err != nil {
					t.Fatalf("game %s lost in the restart: %v", s.Tag(), err)
				}
				if strings.Join(after.Moves, " ") != strings.Join(s.Moves, " ") || after.Tournament != s.Tournament {
					t.Fatalf("game %s changed in the restart: %v / %v", s.Tag(), s.Moves, after.Moves)
				}
			}
			if v, _ := b.tours.Get(context.Background(), "test", "swiss"); v.T.Current() != 2 || v.T.State != tournament.Running {
				t.Fatalf("after the restart the Swiss is %s in round %d", v.T.State, v.T.Current())
			}
			b.expect(in("swiss", "s4", "sıralama"), "XOX turnuvası — sıralama (2. tur / 3)")
			// The running tournament's game names it; another game is that
			// game's leaderboard.
			b.expect(in("swiss", "s4", "sıralama xox"), "XOX turnuvası — sıralama (2. tur / 3)")
			b.expect(in("swiss", "s4", "sıralama dama"), "Dama — liderler")
			b.expect(in("rr", "r2", "pairings"), "Tic-tac-toe tournament — round ")
		}
		n := playStep(t, b, "swiss", names) + playStep(t, b, "rr", names)
		if n == 0 {
			// Nobody is to move: the bot's games run in the pool.
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			b.r.Wait(ctx)
			cancel()
		}
	}
	if !restarted {
		t.Fatal("never restarted in the middle of a round")
	}
	sv, _ := b.tours.Get(context.Background(), "test", "swiss")
	checkFinal(t, sv, 3, 12)
	rv, _ := b.tours.Get(context.Background(), "test", "rr")
	checkFinal(t, rv, 5, 10)

	// The final standings were announced; they can be asked for again, as
	// text and picture, and agree with the tournament's own table.
	rs = in("swiss", "s1", "sıralama")
	b.expect(rs, "XOX turnuvası — son sıralama")
	t.Log(rs[0].Text)
	for _, r := range append(sv.T.Rounds, rv.T.Rounds...) {
		var res []string
		for _, p := range r.Pairings {
			res = append(res, p.Result.String())
		}
		t.Logf("round %d: %v bye %d", r.Number, res, r.Bye)
	}
	top := sv.T.Standings()[0]
	first, _ := sv.T.Player(top.Player)
	if !strings.Contains(rs[0].Text, "\n1. "+first.Name) && !(first.Bot && strings.Contains(rs[0].Text, "\n1. oyunbot (kolay)")) {
		t.Fatalf("standings %q do not start with %s", rs[0].Text, first.Name)
	}
	if _, err := png.Decode(bytes.NewReader(rs[0].Image)); err != nil {
		t.Fatal("standings picture:", err)
	}
	b.expect(in("rr", "r1", "standings"), "Tic-tac-toe tournament — final standings", "SB ")
	// A finished tournament is history: naming the game asks for its
	// leaderboard (issue 35 item 17), a bare word for the last tournament.
	b.expect(in("swiss", "s1", "sıralama xox"), "XOX — liderler")
	b.expect(in("rr", "r1", "tournament standings ttt"), "Tic-tac-toe — leaderboard")

	// Every game was rated: the leaderboard has the players.
	rs = in("rr", "r1", "leaderboard ttt")
	b.expect(rs, "Tic-tac-toe — leaderboard", "Lig", "oyunbot (easy)")
	if rs[0].Image == nil {
		t.Fatal("no leaderboard picture")
	}
	// A new tournament can follow in the channel.
	b.expect(in("swiss", "org", "turnuva oluştur dama lig"), "Orga bir Dama turnuvası açtı")
}

// midRound reports whether the round in play has a result and a game with
// moves still going on.
func midRound(v sessions.TournamentView) bool {
	r := v.T.Rounds[len(v.T.Rounds)-1]
	done, open := 0, 0
	for _, p := range r.Pairings {
		if p.Result.Done() {
			done++
		} else {
			open++
		}
	}
	return done > 0 && open > 0
}

func TestTournamentPermissionsAndCancel(t *testing.T) {
	b := newBot(t, newFakeClock().config)
	in := func(user, text string, admin bool) []chat.Reply {
		return b.raw(chat.Message{ChannelID: "grp", UserID: user, UserName: strings.ToUpper(user[:1]) + user[1:], Text: text, Admin: admin})
	}
	b.expect(in("ali", "turnuva", false), "Bu kanalda turnuva yok")
	if rs := in("ali", "katıl", false); len(rs) != 0 {
		t.Fatalf("a bare join without a tournament answered in a group: %q", texts(rs))
	}
	b.expect(in("ali", "/katıl", false), "Bu kanalda turnuva yok")
	b.expect(in("ali", "turnuva oluştur satranç", false), "«satranç» ne demek anlamadım")
	b.expect(in("ali", "turnuva oluştur xox isviçre 99", false), "Tur sayısı 1 ile 64 arasında")
	b.expect(in("ali", "turnuva oluştur xox 2 tur 5dk+2sn", false), "İsviçre sistemi, 2 tur, 5 dk + 2 sn")
	in("veli", "katıl", false)
	b.expect(in("veli", "turnuva bot zor", false), "yalnızca turnuvayı düzenleyen")
	b.expect(in("veli", "başlat", false), "yalnızca turnuvayı düzenleyen")
	b.expect(in("veli", "turnuva başlat", false), "yalnızca turnuvayı düzenleyen")
	b.expect(in("veli", "iptal", false), "yalnızca turnuvayı düzenleyen")
	b.expect(in("ali", "turnuva başlat", false), "en az iki oyuncu")
	in("ayse", "katıl", false)
	b.expect(in("ali", "turnuva", false), "kayıtlar açık", "Veli, Ayse")
	// A channel admin may start it.
	rs := in("deniz", "turnuva başlat", true)
	b.expect(rs, "1. tur başladı", "Veli – Ayse", "#g1")
	games := b.mgr.Lobby().ChannelGames("test", "grp")
	if len(games) != 1 || games[0].TimeControl.String() != "5m+2s" || !games[0].Rated || games[0].Tournament == 0 {
		t.Fatalf("tournament games %+v", games)
	}
	// No engine help and no take-backs in tournament games.
	b.expect(in("veli", "ipucu", false), "İpucu yalnızca bota karşı")
	board := lastGame(t, in("veli", "tahta", false))
	for _, row := range board.Buttons {
		for _, btn := range row {
			if btn.Data == command.Hint {
				t.Fatalf("a hint button in a tournament game: %+v", board.Buttons)
			}
		}
	}
	if !strings.Contains(board.Text, "Turnuva 1. tur") || !strings.Contains(board.Text, "⏱ Veli 5:00 · Ayse 5:00 (5 dk + 2 sn)") {
		t.Fatalf("tournament board %q", board.Text)
	}
	// Leaving forfeits the game in play.
	b.expect(in("ayse", "ayrıl", false), "Ayse turnuvadan çekildi")
	if len(b.mgr.Lobby().ChannelGames("test", "grp")) != 0 {
		t.Fatal("the withdrawn player's game goes on")
	}
	v, _ := b.tours.Get(context.Background(), "test", "grp")
	if v.T.State != tournament.Finished { // two players: Ayşe's forfeits end it
		t.Fatalf("state %s", v.T.State)
	}
	// Cancel: only the organiser or an admin; games in play end without result.
	in("ali", "turnuva oluştur xox lig", false)
	in("veli", "katıl", false)
	in("ayse", "katıl", false)
	in("ali", "başlat", false)
	playing := b.mgr.Lobby().ChannelGames("test", "grp")
	if len(playing) != 1 {
		t.Fatalf("%d games", len(playing))
	}
	b.expect(in("veli", "iptal", false), "yalnızca turnuvayı düzenleyen")
	b.expect(in("mod", "iptal et", true), "XOX turnuvası iptal edildi.")
	if len(b.mgr.Lobby().ChannelGames("test", "grp")) != 0 {
		t.Fatal("games of a cancelled tournament go on")
	}
	b.expect(in("veli", "tahta", false), "Oyun sonuçsuz bitti — turnuva iptal edildi.")
	if _, ok := b.rates.Rating(context.Background(), "test", "tictactoe", "ayse"); !ok {
		t.Fatal("Ayşe's forfeited game was not rated")
	}
	b.expect(in("ali", "turnuva", false), "iptal edildi")
}

// TestBotOnlyTournament: a tournament of two bot entries plays itself out
// on the worker pool and announces its final standings.
func TestBotOnlyTournament(t *testing.T) {
	b := newBot(t, nil)
	in := func(text string) []chat.Reply {
		return b.raw(chat.Message{ChannelID: "bots", UserID: "org", UserName: "Org", Text: text, Admin: true})
	}
	in("lang en")
	in("tournament create ttt roundrobin")
	in("tournament addbot easy")
	b.expect(in("tournament addbot hard"), "oyunbot (hard) joined the tournament — players (2)")
	b.expect(in("tournament addbot hard"), "oyunbot (hard) is in the tournament already.")
	rs := in("tournament start")
	all := texts(rs)
	for _, want := range []string{"Round 1 of 1 has begun", "oyunbot (hard) – oyunbot (easy)", "Game over", "The Tic-tac-toe tournament is over!", "final standings"} {
		if !strings.Contains(all, want) {
			t.Fatalf("missing %q in %q", want, all)
		}
	}
	// Only the end of the bots' game is shown, not every move.
	boards := 0
	for _, r := range rs {
		if r.TextBoard != "" {
			boards++
		}
	}
	if boards != 1 {
		t.Fatalf("%d boards shown for a game between bots", boards)
	}
	lb := texts(in("leaderboard ttt"))
	if !strings.Contains(lb, "oyunbot (easy)") || !strings.Contains(lb, "oyunbot (hard)") {
		t.Fatalf("leaderboard %q", lb)
	}
}

// TestRatingCommands: "puan" and "liderler" in both languages; chat that
// starts with the word is left alone in a group.
func TestRatingCommands(t *testing.T) {
	b := newBot(t, nil)
	grp := func(user, text string) []chat.Reply { return b.msg("g", user, text, false) }
	b.expect(grp("ayse", "puan"), "Ayse henüz puanlı oyun oynamadı (başlangıç: 1500).")
	grp("ayse", "meydan @bora xox")
	grp("bora", "kabul")
	grp("ayse", "b2")
	rs := grp("ayse", "pes evet")
	b.expect(rs, "Puanlar: Ayse 1500? → 1338? (-162) · Bora 1500? → 1662? (+162)")
	b.expect(grp("bora", "puan"), "Bora: XOX 1662? ±290 (1 oyun)")
	b.expect(grp("ayse", "puan xox @bora"), "bora — XOX: 1662? ±290 (1 oyun)")
	b.expect(grp("cem", "puan dama"), "Cem henüz Dama için puanlı oyun oynamadı")
	if rs := grp("cem", "puan kaç oldu?"); len(rs) != 0 {
		t.Fatalf("chat answered: %q", texts(rs))
	}
	b.expect(grp("cem", "/puan kaç"), "Kullanım: puan [oyun] [@kişi]")
	rs = grp("cem", "liderler xox")
	b.expect(rs, "XOX — liderler\n1. Bora — 1662? ±290 (1 oyun)\n2. oyunbot (usta) — 1535 (sabit)\n3. oyunbot (zor) — 1520 (sabit)\n4. oyunbot (orta) — 1500 (sabit)\n5. oyunbot (kolay) — 1425 (sabit)",
		"6. Ayse — 1338? ±290 (1 oyun)") // the bot's measured levels in their place
	if _, err := png.Decode(bytes.NewReader(rs[0].Image)); err != nil {
		t.Fatal(err)
	}
	// No one has played dama: its board is the bot's measured levels.
	b.expect(grp("cem", "liderler dama"), "1. oyunbot (usta) — 2330 (sabit)", "4. oyunbot (kolay) — 950 (sabit)")
	b.expect(grp("cem", "liderler"), "Kullanım: liderler <oyun>")
	// With no tournament to rank, "sıralama <game>" is the game's ranking.
	b.expect(grp("cem", "/sıralama dama"), "1. oyunbot (usta) — 2330 (sabit)")
	b.expect(b.say("standings xox"), "Tic-tac-toe — leaderboard", "1. Bora — 1662? ±290 (1 game)")
	b.expect(grp("cem", "/sıralama"), "Bu kanalda turnuva yok")
	b.expect(b.say("leaderboard"), "Usage: leaderboard <game>")
}

// TestRoundRobinIgnoresRoundsAloud: a round robin's number of rounds
// follows from its players; a number typed with it is not refused but
// said to be ignored, in either order and language. A Swiss keeps it.
func TestRoundRobinIgnoresRoundsAloud(t *testing.T) {
	for i, tc := range []struct {
		text, locale string
		want, not    []string
		rounds       int
	}{
		{"tournament create ttt roundrobin 5", "en", []string{"opened a Tic-tac-toe tournament (round robin).",
			"\nround robin: the number of rounds follows from the number of players; ignoring 5."}, nil, 0},
		{"tournament create ttt 5 rounds double", "en", []string{"(double round robin).",
			"double round robin: the number of rounds follows from the number of players; ignoring 5."}, nil, 0},
		{"tournament create ttt roundrobin 99", "en", []string{"(round robin).", "ignoring 99."}, []string{"between 1 and"}, 0},
		{"turnuva oluştur xox lig 5 tur", "tr", []string{"XOX turnuvası açtı (lig (herkes herkesle)).",
			"lig (herkes herkesle): tur sayısı oyuncu sayısından çıkar; 5 dikkate alınmadı."}, nil, 0},
		{"turnuva oluştur xox çift 3", "tr", []string{"çift devreli lig: tur sayısı oyuncu sayısından çıkar; 3 dikkate alınmadı."}, nil, 0},
		{"tournament create ttt roundrobin", "en", []string{"(round robin)."}, []string{"ignoring"}, 0},
		{"tournament create ttt swiss 5", "en", []string{"(Swiss, 5 rounds)."}, []string{"ignoring"}, 5},
		{"tournament create ttt swiss 0", "en", []string{"between 1 and 64"}, []string{"opened"}, -1},
	} {
		b := newBot(t, nil)
		ch := fmt.Sprint("c", i)
		rs := b.raw(chat.Message{ChannelID: ch, UserID: "org", UserName: "Org", Text: tc.text, Locale: tc.locale})
		if len(rs) != 1 {
			t.Fatalf("%q: %d replies %q", tc.text, len(rs), texts(rs))
		}
		b.expect(rs, tc.want...)
		for _, s := range tc.not {
			if strings.Contains(rs[0].Text, s) {
				t.Errorf("%q: %q says %q", tc.text, rs[0].Text, s)
			}
		}
		v, ok := b.tours.Get(context.Background(), "test", ch)
		switch {
		case tc.rounds < 0 && ok:
			t.Errorf("%q: a tournament was created", tc.text)
		case tc.rounds >= 0 && (!ok || v.T.NumRounds != tc.rounds):
			t.Errorf("%q: tournament %v with %d rounds, want %d", tc.text, ok, v.T.NumRounds, tc.rounds)
		}
	}
}

// TestTournamentMessages: a withdrawal tells the opponent the game is won,
// a cancellation says its games end without a result, the end names the
// winner; the bot entered twice is the bot's answer, not the sender's; a
// round number that is none or not paired yet is explained.
func TestTournamentMessages(t *testing.T) {
	for _, tc := range []struct {
		lang, create, join, addbot, leave, cancel, pairings, start string
		withdrew, winner, botTwice, badRound, noRound, aborted     string
	}{
		{"en", "tournament create ttt swiss 2", "join", "tournament addbot easy", "leave", "cancel", "pairings", "start",
			"Bora withdrew from the tournament and loses this game.", "🏆 Winner: Ayse (score 1)", "oyunbot (easy) is in the tournament already.",
			"is no round number: give one from 1 to 1", "Round 7 is not paired yet: 1 rounds so far.",
			"The tournament was cancelled: this game ends without a result."},
		{"tr", "turnuva oluştur xox isviçre 2", "katıl", "turnuva bot kolay", "ayrıl", "iptal", "eşleşmeler", "başlat",
			"Bora turnuvadan çekildi: bu oyunu kaybetti.", "🏆 Kazanan: Ayse (1 puan)", "oyunbot (kolay) zaten turnuvada.",
			"bir tur numarası değil: 1 ile 1 arasında", "7. tur henüz eşlenmedi: şimdiye kadar 1 tur var.",
			"Turnuva iptal edildi: bu oyun sonuçsuz bitti."},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			b := newBot(t, nil)
			grp := func(user, text string) []chat.Reply { return b.msg("g", user, text, false) }
			grp("ayse", tc.create)
			grp("ayse", tc.join)
			grp("bora", tc.join)
			b.expect(grp("ayse", tc.start), "#g1")
			for _, bad := range []string{"abc", "0"} {
				b.expect(grp("cem", tc.pairings+" "+bad), tc.badRound)
			}
			b.expect(grp("cem", tc.pairings+" 7"), tc.noRound)
			// Bora leaves mid-game: Ayse hears that she won, then who won
			// the tournament (Bora is out: Ayse alone is left).
			rs := grp("bora", tc.leave)
			b.expect(rs, tc.withdrew, tc.winner)

			grp("ayse", tc.create)
			grp("ayse", tc.join)
			b.expect(grp("ayse", tc.addbot), "oyunbot")
			b.expect(grp("ayse", tc.addbot), tc.botTwice)
			grp("bora", tc.join)
			grp("cem", tc.join)
			grp("ayse", tc.start)
			rs = grp("ayse", tc.cancel)
			b.expect(rs, tc.aborted)
		})
	}
}
