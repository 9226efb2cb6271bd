package router_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"oyunbot/chat"
)

// TestRoundPostsEveryBoard: when a tournament round begins, every game's
// opening board is posted at once, after the pairings, whether a person
// or the bot moves first; before, a game a person opened had no board
// until the next restart showed it "as it stands" (issue 35.4). The
// boards of the next round too, and a restart then shows none again.
func TestRoundPostsEveryBoard(t *testing.T) {
	for _, tc := range []struct{ lang, create, join, start, resign, head, newGame, restored string }{
		{"en", "tournament create ttt roundrobin", "join", "start", "resign yes",
			"Tournament round 1 · New game: Tic-tac-toe — ", "New game", "After a restart"},
		{"tr", "turnuva oluştur xox lig", "katıl", "başlat", "pes evet",
			"Turnuva 1. tur · Yeni oyun: XOX — ", "Yeni oyun", "Yeniden başlatmadan sonra"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bot.db")
			b := openRouter(t, path, nil)
			defer func() { b.stop() }()
			in := func(user, text string) []chat.Reply {
				return b.raw(chat.Message{ChannelID: "grp", UserID: user, UserName: strings.ToUpper(user[:1]) + user[1:], Text: text, Admin: user == "org"})
			}
			in("org", "lang "+tc.lang)
			in("org", tc.create)
			for _, p := range []string{"ayse", "bora", "cem"} {
				in(p, tc.join)
			}
			in("org", "tournament addbot easy")

			// Every game of the round has a board among the replies to
			// start, after the pairings, each once.
			boards := func(round int, rs []chat.Reply) {
				t.Helper()
				if len(rs) == 0 || rs[0].GameID != 0 {
					t.Fatalf("round %d: the pairings do not come first: %q", round, texts(rs))
				}
				games := b.mgr.Lobby().ChannelGames("test", "grp")
				if len(games) != 2 {
					t.Fatalf("round %d: %d games, want 2", round, len(games))
				}
				for _, s := range games {
					n := 0
					for _, r := range rs {
						if r.GameID == s.ID && r.TextBoard != "" {
							n++
						}
					}
					if n != 1 {
						t.Errorf("round %d: game %s (%s to move) has %d boards among %q", round, s.Tag(), s.Players[s.Turn].ID, n, texts(rs))
					}
				}
			}
			rs := in("org", tc.start)
			boards(1, rs)
			personFirst := false
			for _, s := range b.mgr.Lobby().ChannelGames("test", "grp") {
				if p, _ := s.ToMove(); !p.Bot {
					personFirst = true
					b.expect(rs, "#"+s.Tag()+" "+tc.head)
				}
			}
			if !personFirst {
				t.Fatal("no game of round 1 that a person opens")
			}

			// The round ends (whoever is to move resigns, the bot's
			// opponent where the bot is); the next one's boards follow.
			var last []chat.Reply
			for _, s := range b.mgr.Lobby().ChannelGames("test", "grp") {
				p := s.Players[s.Turn]
				if p.Bot {
					p = s.Players[s.Turn.Opponent()]
				}
				last = in(p.ID, tc.resign+" #"+s.Tag())
			}
			if v, _ := b.tours.Get(context.Background(), "test", "grp"); v.T.Current() != 2 {
				t.Fatalf("round %d after round 1's games ended", v.T.Current())
			}
			for i, r := range last {
				if r.GameID == 0 { // the second round's pairings, after the last game's end
					boards(2, last[i:])
					break
				}
			}

			// Every board was announced: a restart shows none again.
			b.stop()
			b = openRouter(t, path, nil)
			got := texts(in("org", "standings"))
			if !strings.Contains(got, "standings") && !strings.Contains(got, "sıralama") {
				t.Fatalf("no standings after the restart: %q", got)
			}
			if strings.Contains(got, tc.restored) || strings.Contains(got, tc.newGame) {
				t.Fatalf("after the restart: %q", got)
			}
		})
	}
}
