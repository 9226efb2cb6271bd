package router_test

import (
	"strings"
	"testing"

	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/puzzle"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
)

// TestPuzzleStartsAndErrors: a puzzle's level chooses how hard its drawn
// start is (games.RandomStarter), each game a new one; an unsolvable
// custom start is explained in the player's language (games.Localized).
func TestPuzzleStartsAndErrors(t *testing.T) {
	reg, err := games.NewRegistry(puzzle.Eight)
	if err != nil {
		t.Fatal(err)
	}
	b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.Games = reg })
	b.say("lang tr")
	starts := map[string]bool{}
	for i, level := range []string{"kolay", "zor", "usta"} {
		b.expect(b.say("oyna 8taş "+level), "#g")
		ss := b.mgr.Lobby().Find("test", "dm", "ayse")
		if len(ss) != 1 || ss[0].Start == "" {
			t.Fatalf("%s: no drawn start: %+v", level, ss)
		}
		s := ss[0]
		starts[s.Start] = true
		n, ok := s.Position.(games.Solver).OptimalLength()
		lo, hi := [3]int{4, 19, 26}[i], [3]int{10, 25, 31}[i]
		if !ok || n < lo || n > hi {
			t.Errorf("%s: a start %d moves from the goal (%v), want %d-%d", level, n, ok, lo, hi)
		}
		b.say("pes evet")
	}
	if len(starts) != 3 {
		t.Errorf("the same start twice: %v", starts)
	}
	b.expect(b.say("oyna 8taş konum 2,1,3,4,5,6,7,8,0"), "Bu dizilim çözülemez: 1 ters sıralı taş çifti var (tek sayı).")
	b.say("lang en")
	rs := b.say("play puzzle8 from 2,1,3,4,5,6,7,8,0")
	if b.expect(rs, "1 pair"); strings.Contains(texts(rs), "unsolvable: 1 pairs") {
		t.Errorf("the short English error instead of the explanation: %q", texts(rs))
	}
}

// TestPuzzleResignedIsNotSolved: giving a puzzle up says so (issue 20:
// "Solved in 1 move" under an unsolved board), on the picture's footer
// too, and a puzzle's board header names its one player without an empty
// opponent ("8-puzzle — you (player) –  () · 1 move").
func TestPuzzleResignedIsNotSolved(t *testing.T) {
	for _, tc := range []struct{ lang, play, board, resign, gaveUp, solved, header string }{
		{"en", "play puzzle8", "board", "resign yes", "Given up, not solved, after 1 move.", "Solved", "8-puzzle — Ayse · 1 move"},
		{"tr", "oyna 8taş", "tahta", "pes evet", "Bırakıldı, çözülmedi: 1 hamle yapıldı.", "Çözüldü", "8 taş — Ayse · 1 hamle"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			reg, err := games.NewRegistry(puzzle.Eight)
			if err != nil {
				t.Fatal(err)
			}
			b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.Games = reg })
			b.say("lang " + tc.lang)
			b.say(tc.play)
			s := b.mgr.Lobby().Find("test", "dm", "ayse")[0]
			b.say(s.Legal[0])
			rs := b.say(tc.board)
			b.expect(rs, tc.header)
			if txt := texts(rs); strings.Contains(txt, "()") {
				t.Errorf("an empty opponent in the header: %q", txt)
			}
			rs = b.say(tc.resign)
			b.expect(rs, tc.gaveUp)
			if txt := texts(rs); strings.Contains(txt, tc.solved) {
				t.Errorf("a given-up puzzle reported solved: %q", txt)
			}
		})
	}
}

// TestPuzzleDefaultAndSeedStarts: as the README says, "play puzzle8"
// draws a medium start (11-18 moves from the goal) and "from
// 5,4,0,6,1,8,7,3,2" is the seed document's example, 22 moves away.
func TestPuzzleDefaultAndSeedStarts(t *testing.T) {
	reg, err := games.NewRegistry(puzzle.Eight)
	if err != nil {
		t.Fatal(err)
	}
	b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.Games = reg })
	b.say("lang en")
	for _, tc := range []struct {
		play   string
		lo, hi int
	}{{"play puzzle8", 11, 18}, {"play puzzle8 from 5,4,0,6,1,8,7,3,2", 22, 22}} {
		b.say(tc.play)
		ss := b.mgr.Lobby().Find("test", "dm", "ayse")
		if len(ss) != 1 {
			t.Fatalf("%s: %d games", tc.play, len(ss))
		}
		if n, ok := ss[0].Position.(games.Solver).OptimalLength(); !ok || n < tc.lo || n > tc.hi {
			t.Errorf("%s: %d moves from the goal (%v), want %d-%d", tc.play, n, ok, tc.lo, tc.hi)
		}
		b.say("resign yes")
	}
}

// TestPuzzleCommandsNameTheGame: a puzzle's hint, solution and comparison
// say which game they are about ("#g1 Hint: …"), as the bot's other
// replies do, and "help challenge" offers only the games two people play
// (issue 35 item 19).
func TestPuzzleCommandsNameTheGame(t *testing.T) {
	reg, err := games.NewRegistry(puzzle.Eight, tictactoe.Game{})
	if err != nil {
		t.Fatal(err)
	}
	b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.Games = reg })
	for _, tc := range []struct{ lang, play, help, games string }{
		{"en", "play puzzle8 from 1,2,3,4,5,6,0,7,8", "help challenge", "Games: tictactoe."},
		{"tr", "oyna 8taş konum 1,2,3,4,5,6,0,7,8", "yardım meydan", "Oyunlar: xox."},
	} {
		b.say("lang " + tc.lang)
		rs := b.say(tc.help)
		if b.expect(rs, tc.games); strings.Contains(texts(rs), "puzzle8") || strings.Contains(texts(rs), "8taş") {
			t.Errorf("%s: %q offers a puzzle to challenge: %q", tc.lang, tc.help, texts(rs))
		}
		b.expect(b.say(tc.play), "#g")
		s := b.mgr.Lobby().Find("test", "dm", "ayse")[0]
		tag := "#" + s.Tag()
		words := map[string][]string{"en": {"hint", "solve", "compare"}, "tr": {"ipucu", "çöz", "karşılaştır"}}[tc.lang]
		for _, w := range words {
			rs := b.say(w)
			if len(rs) == 0 || !strings.HasPrefix(rs[0].Text, tag) {
				t.Errorf("%s: %q answers %q, want it led by %s", tc.lang, w, texts(rs), tag)
			}
		}
		b.say(map[string]string{"en": "resign yes", "tr": "pes evet"}[tc.lang])
	}
}
