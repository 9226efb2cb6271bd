package router_test

import (
	"bytes"
	"fmt"
	"image/png"
	"path/filepath"
	"strings"
	"testing"

	"oyunbot/chat"
	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/render"
	"oyunbot/sessions"
)

// withCharts draws games' charts as tables of their values (a real PNG, as
// the program's chart drawer makes one), and counts the charts drawn.
func withCharts(t *testing.T, drawn *int) func(*router.Config, *sessions.Config) {
	base := withTestGames(t)
	return func(c *router.Config, s *sessions.Config) {
		base(c, s)
		c.Chart = func(ch games.Chart) ([]byte, error) {
			*drawn++
			var rows [][]string
			for i, l := range ch.Labels {
				rows = append(rows, []string{l, fmt.Sprint(ch.Series[0].Values[i])})
			}
			return render.Table(ch.Title, []string{"", ch.Series[0].Name}, rows, 400)
		}
	}
}

func TestGameCommandsThroughRouter(t *testing.T) {
	for _, tc := range []struct {
		lang, play, hint, next, record, recorded, title, elsewhere, helpWord, helpLine string
	}{
		{"en", "play steps from 10", "hint", "next: ", "record", "Record of #g1: 2 moves", "moves played",
			"«record» is a command of these games: Steps", "record", "record: the game as a file"},
		{"tr", "oyna adim konum 10", "ipucu", "sıradaki: ", "kayıt", "#g1 kaydı: 2 hamle", "oynanan hamleler",
			"«kayıt» şu oyunların komutu: Adımlar", "kayıt", "kayıt: oyun bir dosya olarak"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			var charts int
			path := filepath.Join(t.TempDir(), "bot.db")
			b := openRouter(t, path, withCharts(t, &charts))
			defer b.stop()
			say := func(user, text string) []chat.Reply { return b.msg("dm-"+user, user, text, true) }
			say("ayse", "lang "+tc.lang)
			say("ali", "lang "+tc.lang)

			// Without a Steps game, the word says whose command it is.
			b.expect(say("ayse", tc.record), tc.elsewhere)
			// Help finds a game's command and a game's own help.
			b.expect(say("ayse", "help "+tc.helpWord), tc.helpLine)
			b.expect(say("ayse", "help steps"), tc.helpLine, tc.hint+":")

			b.expect(say("ayse", tc.play), "#g1")
			// The puzzle's own hint replaces the general one (which puzzles refuse).
			rs := say("ayse", tc.hint)
			b.expect(rs, tc.next+"dec")
			say("ayse", "dec")
			say("ayse", "third")
			if s, _ := b.mgr.Lobby().Get(1); len(s.Moves) != 2 {
				t.Fatalf("moves after a hint and two moves: %v", s.Moves)
			}

			rs = say("ayse", tc.record)
			if len(rs) != 1 {
				t.Fatalf("record answered %d replies: %q", len(rs), texts(rs))
			}
			r := rs[0]
			if !strings.Contains(r.Text, tc.recorded) {
				t.Fatalf("record text %q, want %q", r.Text, tc.recorded)
			}
			want := "start 10\ndec 9\nthird 3\n"
			if string(r.File) != want || r.FileName != "steps-g1.txt" || r.FileType != "text/plain" {
				t.Fatalf("record file %q %q %q, want %q", r.FileName, r.FileType, r.File, want)
			}
			if charts != 1 || r.Caption != tc.title {
				t.Fatalf("%d charts drawn, caption %q", charts, r.Caption)
			}
			if _, err := png.Decode(bytes.NewReader(r.Image)); err != nil {
				t.Fatalf("chart is no PNG: %v", err)
			}
			if s, _ := b.mgr.Lobby().Get(1); len(s.Moves) != 2 {
				t.Fatalf("a command changed the game: %v", s.Moves)
			}

			// Someone else has no Steps game: ayse's is not theirs.
			b.expect(say("ali", tc.record), tc.elsewhere)

			// A bug in a game's command is an apology, and the game goes on.
			rs = say("ayse", "boom")
			if len(rs) != 1 || !strings.Contains(rs[0].Text, "#g1") {
				t.Fatalf("boom answered %q", texts(rs))
			}
			say("ayse", "third")
			b.expect(say("ayse", "dec"), "#g1")
			// The finished game is still the one the command reads.
			rs = say("ayse", tc.record)
			if len(rs) != 1 || !strings.HasSuffix(string(rs[0].File), "third 1\ndec 0\nover: solved\n") {
				t.Fatalf("record of the finished game: %q", texts(rs))
			}
		})
	}
}
