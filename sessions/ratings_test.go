package sessions_test

import (
	"math"
	"path/filepath"
	"testing"

	"oyunbot/sessions"
	"oyunbot/tournament"
)

// The ratings are package sessions/ratings' (issue 38); these tests stay
// here because they play whole games through the Manager, whose settler
// calls the ratings (Config.Ratings) at each end.
func TestRatingsAfterGames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	h := newHarness(t, path, nil)
	// Ayşe beats Bora, then Bora and Cem draw.
	g := h.pvp("tictactoe", chanA, ayse, bora)
	h.m.Play().Move(bg, g.ID, ayse.ID, "b2", "")
	h.m.Play().Move(bg, g.ID, bora.ID, "a1", "")
	first, err := h.m.Offers().Resign(bg, g.ID, bora.ID)
	if err != nil {
		t.Fatal(err)
	}
	g = h.pvp("tictactoe", chanA, bora, cem)
	h.m.Play().Move(bg, g.ID, bora.ID, "b2", "") // both move: a draw at move 0 is void
	h.m.Play().Move(bg, g.ID, cem.ID, "a1", "")
	h.m.Offers().OfferDraw(bg, g.ID, bora.ID)
	out, second, err := h.m.Offers().OfferDraw(bg, g.ID, cem.ID)
	if err != nil || out != sessions.DrawAgreed {
		t.Fatalf("draw %v %v", out, err)
	}
	rated := []sessions.Snapshot{first, second}
	for _, s := range rated {
		if len(s.Ratings) != 2 {
			t.Fatalf("game %s ended without its rating changes", s.Tag())
		}
	}
	// The first game: both new, so the changes mirror each other.
	a, b := rated[0].Ratings[0], rated[0].Ratings[1]
	want, _, _ := tournament.Glicko2{}.UpdatePair(tournament.NewRating(), tournament.NewRating(), 1)
	if a.PlayerID != ayse.ID || a.After != want || math.Abs((a.After.Rating-1500)+(b.After.Rating-1500)) > 1e-9 {
		t.Fatalf("first game ratings %+v %+v", a, b)
	}
	// Bora's rating in the second game starts from the first game's result.
	if rated[1].Ratings[0].Before != b.After {
		t.Fatalf("Bora before the second game %+v, after the first %+v", rated[1].Ratings[0].Before, b.After)
	}
	h.m.Close()
	h.store.Close()

	h2 := newHarness(t, path, nil)
	board, err := h2.rates.Leaderboard(bg, "test", "tictactoe", 10)
	if err != nil || len(board) != 3 {
		t.Fatalf("leaderboard %+v %v", board, err)
	}
	if board[0].PlayerID != ayse.ID || board[2].PlayerID != bora.ID || board[0].Games != 1 || board[2].Games != 2 {
		t.Fatalf("leaderboard order %+v", board)
	}
	for i := 1; i < len(board); i++ {
		if board[i].Rating.Rating > board[i-1].Rating.Rating {
			t.Fatal("leaderboard not sorted")
		}
	}
	if r, ok := h2.rates.Rating(bg, "test", "tictactoe", cem.ID); !ok || r.Rating != rated[1].Ratings[1].After {
		t.Fatalf("Cem's stored rating %+v", r)
	}
	if _, ok := h2.rates.Rating(bg, "test", "dama", cem.ID); ok {
		t.Fatal("a rating in a game never played")
	}
	if _, ok := h2.rates.Rating(bg, "other-platform", "tictactoe", cem.ID); ok {
		t.Fatal("ratings leak across platforms")
	}
}

func TestBotGamesRatedPerLevelUntilUndo(t *testing.T) {
	h := newHarness(t, "", func(c *sessions.Config) { c.NewEngine = func() sessions.Engine { return orderly{} } })
	// play plays b2 against the bot at level (changed to levelBefore before
	// the move, to levelAfter after it), maybe takes it back, and resigns.
	play := func(level, levelBefore, levelAfter string, undo bool) {
		s, err := h.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: chanA, Player: ayse, Game: h.game("tictactoe"), Level: level})
		if err != nil {
			t.Fatal(err)
		}
		if levelBefore != "" {
			if s, err := h.m.Play().SetLevel(bg, s.ID, ayse.ID, levelBefore); err != nil || !s.Rated {
				t.Fatalf("level before the first move: rated %v, %v", s.Rated, err)
			}
		}
		h.m.Play().Move(bg, s.ID, ayse.ID, "b2", "")
		h.wait()
		if levelAfter != "" {
			if s, err := h.m.Play().SetLevel(bg, s.ID, ayse.ID, levelAfter); err != nil || s.Rated {
				t.Fatalf("level changed in play: rated %v, %v", s.Rated, err)
			}
		}
		if undo {
			if _, err := h.m.Play().Undo(bg, s.ID, ayse.ID); err != nil {
				t.Fatal(err)
			}
			h.m.Play().Move(bg, s.ID, ayse.ID, "b2", "")
			h.wait()
		}
		h.m.Offers().Resign(bg, s.ID, ayse.ID)
	}
	play("hard", "", "", false)
	play("easy", "", "", false)
	play("easy", "", "", true)
	play("easy", "master", "", false) // before any move: rated against master
	play("easy", "", "master", false) // prepared against easy: not rated
	board, _ := h.rates.Leaderboard(bg, "test", "tictactoe", 10)
	games := map[string]int{}
	for _, r := range board {
		games[r.PlayerID] = r.Games
	}
	// Tic-tac-toe's levels have measured ratings (games.Host.LevelRatings):
	// only the person's rating is stored and moves.
	if games[ayse.ID] != 3 || len(games) != 1 {
		t.Fatalf("rated games %v", games)
	}
	// The bot's rating ids are checked with them, in sessions/ratings (TestIDs).
}

func players(n int) []sessions.Player {
	out := make([]sessions.Player, n)
	for i := range out {
		out[i] = sessions.Player{ID: string(rune('a' + i)), Name: string(rune('A' + i))}
	}
	return out
}
