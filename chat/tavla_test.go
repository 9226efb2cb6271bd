package chat_test

import (
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/games/tavla"
	"oyunbot/sessions"
)

// TestTavlaFirstReplyAsksForTheRoll: the new game's reply (whoever the
// opening roll sends first) ends with the player's roll and what it
// allows, in the player's language.
func TestTavlaFirstReplyAsksForTheRoll(t *testing.T) {
	for _, tc := range []struct{ lang, play, prompt string }{
		{"en", "play tavla easy", "your roll: "},
		{"tr", "oyna tavla kolay", "zarın: "},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			reg, err := games.NewRegistry(tavla.Game{})
			if err != nil {
				t.Fatal(err)
			}
			b := newBot(t, func(c *chat.Config, _ *sessions.Config) { c.Games = reg })
			b.say("lang " + tc.lang)
			b.expect(b.say(tc.play), "#g1", tc.prompt)
		})
	}
}

// TestTavlaMatchBetweenPeople: a 3-point tavla match between two people,
// challenged and accepted in a group, each game played ply by ply (across
// a restart in the middle of a turn) until its loser resigns; the score
// counts and the end names the winner.
func TestTavlaMatchBetweenPeople(t *testing.T) {
	reg, err := games.NewRegistry(tavla.Game{})
	if err != nil {
		t.Fatal(err)
	}
	seeded := func(c *chat.Config, s *sessions.Config) {
		c.Games = reg
		s.Dice = rand.New(rand.NewPCG(5, 6))
	}
	path := filepath.Join(t.TempDir(), "bot.db")
	b := openRouter(t, path, seeded)
	grp := func(user, text string) []chat.Reply { return b.msg("g", user, text, false) }
	b.expect(grp("ayse", "challenge @bora tavla match 3"), "A match to 3 points.")
	b.expect(grp("bora", "accept"), "Match to 3 points.")
	restarted := false
	var all strings.Builder
	for games := 0; games < 6; games++ {
		// Play until both have moved, then the side to move resigns.
		moved := map[ai.Side]bool{}
		for step := 0; step < 40; step++ {
			ss := b.mgr.ChannelGames("test", "g")
			if len(ss) != 1 {
				t.Fatalf("games in the channel: %d", len(ss))
			}
			s := ss[0]
			p, ok := s.ToMove()
			if !ok {
				t.Fatalf("nobody to move in %v", s.Moves)
			}
			if moved[ai.First] && moved[ai.Second] {
				for _, r := range grp(p.ID, "resign yes") {
					all.WriteString(r.Text + "\n")
				}
				break
			}
			if len(s.Legal) == 0 {
				t.Fatalf("no legal move for %s in %v", p.ID, s.Moves)
			}
			grp(p.ID, "move "+s.Legal[0])
			moved[s.Turn] = true
			if after, _ := b.mgr.Get(s.ID); !restarted && after.Turn == s.Turn && !after.Result.Over {
				// Mid-turn (a die left to play): the bot restarts.
				b.stop()
				b = openRouter(t, path, seeded)
				restarted = true
				if again, err := b.mgr.Get(s.ID); err != nil || len(again.Moves) != len(after.Moves) || again.Turn != after.Turn {
					t.Fatalf("after the restart mid-turn: %v %v", again.Moves, err)
				}
			}
		}
		if strings.Contains(all.String(), "Match over:") {
			break
		}
	}
	defer b.stop()
	if !restarted {
		t.Error("no turn of several plies to restart in")
	}
	b.expect([]chat.Reply{{Text: all.String()}}, "Match: ", "Match over: ", "wins!")
	ms := b.mgr.ChannelGames("test", "g")
	if len(ms) != 0 {
		t.Fatalf("a game goes on after the match: %+v", ms)
	}
}
