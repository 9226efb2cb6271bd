package router_test

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/tavla"
	"oyunbot/sessions"
)

// TestTavlaFirstReplyAsksForTheRoll: the new game's reply (whoever the
// opening roll sends first) ends with the player's roll and what it
// allows, in the player's language.
func TestTavlaFirstReplyAsksForTheRoll(t *testing.T) {
	for _, tc := range []struct{ lang, play, prompt string }{
		{"en", "play hapis easy", "your roll: "},
		{"tr", "oyna hapis kolay", "zarın: "},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			reg, err := games.NewRegistry(tavla.Game{})
			if err != nil {
				t.Fatal(err)
			}
			b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.Games = reg })
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
	seeded := func(c *router.Config, s *sessions.Config) {
		c.Games = reg
		s.Dice = rand.New(rand.NewPCG(5, 6))
	}
	path := filepath.Join(t.TempDir(), "bot.db")
	b := openRouter(t, path, seeded)
	grp := func(user, text string) []chat.Reply { return b.msg("g", user, text, false) }
	b.expect(grp("ayse", "challenge @bora hapis match 3"), "A match to 3 points.")
	b.expect(grp("bora", "accept"), "Match to 3 points.")
	restarted := false
	var all strings.Builder
	for games := 0; games < 6; games++ {
		// Play until both have moved, then the side to move resigns.
		moved := map[ai.Side]bool{}
		for step := 0; step < 40; step++ {
			ss := b.mgr.Lobby().ChannelGames("test", "g")
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
			if after, _ := b.mgr.Lobby().Get(s.ID); !restarted && after.Turn == s.Turn && !after.Result.Over {
				// Mid-turn (a die left to play): the bot restarts.
				b.stop()
				b = openRouter(t, path, seeded)
				restarted = true
				if again, err := b.mgr.Lobby().Get(s.ID); err != nil || len(again.Moves) != len(after.Moves) || again.Turn != after.Turn {
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
	ms := b.mgr.Lobby().ChannelGames("test", "g")
	if len(ms) != 0 {
		t.Fatalf("a game goes on after the match: %+v", ms)
	}
}

// TestTavlaRepliesNameEveryPly: every reply names every ply of every turn
// since the player's last reply, with its dice: the bot's turn, a pass the
// rules make for the player, and the bot's next turn after it (issue 20:
// "you: 54: pass · oyunbot: 64: 12/18 14/18" hid the player's own turn and
// the bot's turn before the pass). A seeded game against the bot, played
// one ply a message, in both languages.
func TestTavlaRepliesNameEveryPly(t *testing.T) {
	for _, tc := range []struct{ lang, play, roll string }{
		{"en", "play hapis easy", "your roll: "},
		{"tr", "oyna hapis kolay", "zarın: "},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			reg, err := games.NewRegistry(tavla.Game{})
			if err != nil {
				t.Fatal(err)
			}
			b := newBot(t, func(c *router.Config, s *sessions.Config) {
				c.Games = reg
				s.Dice = rand.New(rand.NewPCG(3, 4))
			})
			b.say("lang " + tc.lang)
			rs := b.say(tc.play)
			told, passes := 0, 0 // history entries named so far; passes among them
			for step := 0; step < 400; step++ {
				s, err := b.mgr.Lobby().Get(1)
				if err != nil {
					var ok bool
					if s, ok = b.mgr.Lobby().Finished(context.Background(), 1); !ok {
						t.Fatal(err)
					}
				}
				// The lines that tell turns ("Ayse: 3-4: 1/5 1/4 · oyunbot: …").
				var turnLines []string
				for _, r := range rs {
					for _, l := range strings.Split(r.Text, "\n") {
						if strings.Contains(l, "Ayse: ") || strings.Contains(l, "oyunbot: ") {
							turnLines = append(turnLines, l)
						}
					}
				}
				line := strings.Join(turnLines, " ")
				// The rolls that open the turn to play are told by the
				// prompt ("zarın: 2-1 (dü-yek)"), not as a turn of no move.
				end := len(s.Moves)
				if !s.Result.Over {
					for end > told && s.Sides[end-1] == ai.Chance {
						end--
					}
					if end < len(s.Moves) && !strings.Contains(joinTexts(rs), tc.roll) {
						t.Fatalf("step %d: the roll %v is not in the prompt of %q", step, s.Moves[end:], joinTexts(rs))
					}
					if f := strings.Fields(line); end < len(s.Moves) && len(f) > 0 && f[len(f)-1] == s.Moves[len(s.Moves)-1] {
						t.Fatalf("step %d: the roll to play %q told as a turn in %q", step, s.Moves[len(s.Moves)-1], line)
					}
				}
				// The new entries, in order, among the reply's words.
				words := strings.Fields(line)
				w := 0
				for _, e := range s.Moves[told:end] {
					for w < len(words) && words[w] != e {
						w++
					}
					if w == len(words) {
						t.Fatalf("step %d: %q not told in %q (history since the last reply: %v)", step, e, line, s.Moves[told:])
					}
					if e == "pass" {
						passes++
					}
					w++
				}
				told = len(s.Moves)
				if s.Result.Over {
					break
				}
				if len(s.Legal) == 0 {
					t.Fatalf("no legal move at %v", s.Moves)
				}
				rs = b.say(s.Legal[len(s.Legal)-1])
			}
			if passes == 0 {
				t.Fatal("no pass in the game: the case this test is about never came")
			}
		})
	}
}

// TestTavlaTakeBackADieWithinTheTurn: a die played in a turn not yet
// complete is taken back freely (issue 20.7): the game stays rated, the
// roll stays, and the prompt asks for the dice again; a completed turn is
// still not taken back in tavla.
func TestTavlaTakeBackADieWithinTheTurn(t *testing.T) {
	for _, tc := range []struct{ lang, play, undo, undone, refused string }{
		{"en", "play hapis easy", "undo", "taken back; it is still your turn.", "cannot be taken back"},
		{"tr", "oyna hapis kolay", "geri", "geri alındı; sıra hâlâ sende.", "geri alınmaz"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			reg, err := games.NewRegistry(tavla.Game{})
			if err != nil {
				t.Fatal(err)
			}
			b := newBot(t, func(c *router.Config, s *sessions.Config) {
				c.Games = reg
				s.Dice = rand.New(rand.NewPCG(3, 4))
			})
			b.say("lang " + tc.lang)
			b.say(tc.play)
			// To the first turn of Ayşe's with two plies to play.
			var before sessions.Snapshot
			for step := 0; step < 50; step++ {
				s, err := b.mgr.Lobby().Get(1)
				if err != nil {
					t.Fatal(err)
				}
				if s.Prompt != "" && s.Sides[len(s.Sides)-1] == ai.Chance {
					before = s
					break
				}
				b.say(s.Legal[0])
			}
			if before.ID == 0 {
				t.Fatal("no turn of two dice came")
			}
			b.say(before.Legal[0])
			mid, _ := b.mgr.Lobby().Get(1)
			if len(mid.Moves) != len(before.Moves)+1 || mid.Turn != before.Turn {
				t.Fatalf("not mid-turn: %v", mid.Moves)
			}
			rs := b.say(tc.undo)
			b.expect(rs, "#g1 "+before.Legal[0]+" "+tc.undone)
			after, _ := b.mgr.Lobby().Get(1)
			if !slices.Equal(after.Moves, before.Moves) || !after.Rated || !slices.Equal(after.Legal, before.Legal) {
				t.Fatalf("after the take-back: %v rated %v, want %v rated", after.Moves, after.Rated, before.Moves)
			}
			// Nothing of this turn left to take back: tavla's rule holds.
			b.expect(b.say(tc.undo), tc.refused)
		})
	}
}

// TestTavlaMarsSaysItsPointsOnce: a mars's result names its 2 points once
// (issue 20.15: "(2 points). (2 points)"), in both languages.
func TestTavlaMarsSaysItsPointsOnce(t *testing.T) {
	pos := strings.Repeat(".,", 22) + "w1,b15 14 0 w 2-1" // White's last checker off: Black bore none off
	for _, tc := range []struct{ lang, play, result, points string }{
		{"en", "play hapis easy from " + pos, "wins — mars: the loser bore off none. (2 points)", "(2 points)"},
		{"tr", "oyna hapis kolay konum " + pos, "kazandı — mars: rakip hiç pul toplayamadı. (2 sayı)", "(2 sayı)"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			reg, err := games.NewRegistry(tavla.Game{})
			if err != nil {
				t.Fatal(err)
			}
			b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.Games = reg })
			b.say(tc.play)
			rs := b.say("23/off")
			b.expect(rs, tc.result)
			if n := strings.Count(texts(rs), tc.points); n != 1 {
				t.Fatalf("%q: the points %d times", texts(rs), n)
			}
		})
	}
}

// joinTexts is the text of replies, one after another.
func joinTexts(rs []chat.Reply) string {
	var b strings.Builder
	for _, r := range rs {
		b.WriteString(r.Text)
		b.WriteString("\n")
	}
	return b.String()
}
