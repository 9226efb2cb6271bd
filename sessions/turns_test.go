package sessions_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/dama"
	"oyunbot/games/gamestest"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
)

// turnHarness is a harness whose registry has the test games too (each
// registered by one line) and whose dice are seeded.
func turnHarness(t *testing.T, path string) *harness {
	t.Helper()
	if path == "" {
		path = filepath.Join(t.TempDir(), "games.db")
	}
	reg, err := games.NewRegistry(dama.Game{}, tictactoe.Game{},
		gamestest.Race{},  // dice, multi-move turns, points
		gamestest.Steps{}) // a one-player puzzle
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, path, func(c *sessions.Config) {
		c.Games = reg
		c.Dice = rand.New(rand.NewPCG(42, 7))
	})
	h.reg = reg
	return h
}

// lastRoll returns the dice of the last roll in a game's history.
func lastRoll(t *testing.T, s sessions.Snapshot) (int, int) {
	t.Helper()
	for i := len(s.Moves) - 1; i >= 0; i-- {
		if s.Sides[i] == ai.Chance {
			var d1, d2 int
			if _, err := fmt.Sscanf(s.Moves[i], "roll %d-%d", &d1, &d2); err != nil {
				t.Fatalf("roll %q: %v", s.Moves[i], err)
			}
			return d1, d2
		}
	}
	t.Fatalf("no roll in %v", s.Moves)
	return 0, 0
}

// TestDiceRolledRecordedReplayed: sessions rolls the dice itself, records
// every roll in the history, a whole turn is typed in one message and
// answered once, and a restart replays the very same game.
func TestDiceRolledRecordedReplayed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	h := turnHarness(t, path)
	g := h.pvp("race", chanA, ayse, bora)
	if len(g.Moves) != 1 || g.Sides[0] != ai.Chance || g.Turn != ai.First {
		t.Fatalf("a new race: moves %v sides %v turn %v, want white's opening roll and white to move", g.Moves, g.Sides, g.Turn)
	}
	d1, d2 := lastRoll(t, g)
	res, err := h.m.Play().Move(bg, g.ID, ayse.ID, "a"+itoa(d1)+" b"+itoa(d2), "")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Moves, []string{"a" + itoa(d1), "b" + itoa(d2)}) || res.Game.Turn != ai.Second {
		t.Fatalf("a whole turn in one message: moves %v, turn %v", res.Moves, res.Game.Turn)
	}
	if n := len(res.Game.Moves); n != 4 || res.Game.Sides[3] != ai.Chance {
		t.Fatalf("after white's turn black's dice are rolled and recorded: %v %v", res.Game.Moves, res.Game.Sides)
	}
	before := res.Game
	h.m.Close()
	h.store.Close()

	h = turnHarness(t, path)
	after, err := h.m.Lobby().Get(g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(after.Moves, before.Moves) || !slices.Equal(after.Board, before.Board) || after.Turn != before.Turn {
		t.Fatalf("replayed after a restart: %v %v, want %v %v", after.Moves, after.Board, before.Moves, before.Board)
	}
}

// TestTurnDieByDie: a turn typed ply by ply prompts for the rest; a message
// with more moves than the turn is refused whole.
func TestTurnDieByDie(t *testing.T) {
	h := turnHarness(t, "")
	g := h.pvp("race", chanA, ayse, bora)
	d1, d2 := lastRoll(t, g)
	if _, err := h.m.Play().Move(bg, g.ID, ayse.ID, "a"+itoa(d1)+" a"+itoa(d2)+" b1", ""); !isReason(err, sessions.ReasonTurnOver) {
		t.Fatalf("three moves for two dice: %v", err)
	}
	if s, _ := h.m.Lobby().Get(g.ID); len(s.Moves) != 1 {
		t.Fatalf("a refused message changed the game: %v", s.Moves)
	}
	whole := "a" + itoa(d1) + " b" + itoa(d2)
	if err := h.m.Play().CheckMove(g.ID, ayse.ID, whole); err != nil {
		t.Fatalf("a whole turn, checked: %v", err)
	}
	if err := h.m.Play().CheckMove(g.ID, ayse.ID, whole+" a1"); !isReason(err, sessions.ReasonTurnOver) {
		t.Fatalf("more than a turn, checked: %v", err)
	}
	res, err := h.m.Play().Move(bg, g.ID, ayse.ID, "a"+itoa(d1), "")
	if err != nil {
		t.Fatal(err)
	}
	if res.Game.Turn != ai.First || res.Game.Prompt != "die" || !slices.Equal(res.Game.PromptArgs, []string{"die", itoa(d2)}) {
		t.Fatalf("half a turn: turn %v prompt %q %v", res.Game.Turn, res.Game.Prompt, res.Game.PromptArgs)
	}
	if _, err := h.m.Play().Move(bg, g.ID, bora.ID, "a1", ""); !errors.Is(err, sessions.ErrNotYourTurn) {
		t.Fatalf("black moved during white's turn: %v", err)
	}
	res, err = h.m.Play().Move(bg, g.ID, ayse.ID, "b"+itoa(d2), "")
	if err != nil || res.Game.Turn != ai.Second || res.Game.Prompt != "" {
		t.Fatalf("the turn's end: %v, turn %v prompt %q", err, res.Game.Turn, res.Game.Prompt)
	}
}

// TestBotPlaysWholeTurn: the bot's turn of two plies is one event with both.
func TestBotPlaysWholeTurn(t *testing.T) {
	h := turnHarness(t, "")
	g, err := h.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: chanA, Player: ayse,
		Game: h.game("race"), Level: "easy", Side: ai.Second})
	if err != nil {
		t.Fatal(err)
	}
	h.wait()
	var moved []sessions.Event
	for _, ev := range h.Events() {
		if ev.Kind == sessions.EventBotMoved && ev.Game.ID == g.ID {
			moved = append(moved, ev)
		}
	}
	if len(moved) != 1 || len(moved[0].Moves) != 2 || moved[0].Move != strings.Join(moved[0].Moves, " ") {
		t.Fatalf("the bot's opening turn: %+v", moved)
	}
	if s := moved[0].Game; s.Turn != ai.Second || s.Sides[len(s.Sides)-1] != ai.Chance {
		t.Fatalf("after the bot's turn: turn %v sides %v", s.Turn, s.Sides)
	}
}

// TestPointsOfAShutout: a win with the loser's tokens all out is worth two
// points, from a custom start (which is not rated).
func TestPointsOfAShutout(t *testing.T) {
	h := turnHarness(t, "")
	g, err := h.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: chanA, Player: ayse,
		Game: h.game("race"), Level: "easy", Start: "7 8 / 0 0 : w -"})
	if err != nil {
		t.Fatal(err)
	}
	if g.Rated || g.Start != "7 8 / 0 0 : w -" {
		t.Fatalf("custom start: rated %v start %q", g.Rated, g.Start)
	}
	d1, _ := lastRoll(t, g)
	res, err := h.m.Play().Move(bg, g.ID, ayse.ID, "a"+itoa(d1), "")
	if err != nil {
		t.Fatal(err)
	}
	if r := res.Game.Result; !r.Over || r.Winner != ai.First || r.Points != 2 || r.Reason != "home-2" {
		t.Fatalf("result %+v, want a two-point win", r)
	}
	rec, err := h.store.Game(bg, g.ID)
	if err != nil || rec.Result.Points != 2 {
		t.Fatalf("stored result %+v %v", rec.Result, err)
	}
	if _, err := h.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: chanA, Player: ayse,
		Game: h.game("race"), Start: "9 9 9"}); !errors.Is(err, sessions.ErrBadStart) {
		t.Fatalf("a start the game cannot read: %v", err)
	}
}

// TestPuzzle: a one-player game from a custom start, solved, with its
// statistics; no draw offers, no rating; a move taken back; restored.
func TestPuzzle(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	h := turnHarness(t, path)
	if _, err := h.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: chanA, Player: ayse, Game: h.game("steps")}); !errors.Is(err, sessions.ErrOnePlayerGame) {
		t.Fatalf("a puzzle against the bot: %v", err)
	}
	g, err := h.m.Lobby().StartSolo(bg, sessions.SoloGame{Platform: "test", ChannelID: chanA, Player: ayse, Game: h.game("steps"), Start: "10"})
	if err != nil {
		t.Fatal(err)
	}
	if !g.Solo() || g.Optimal != 4 || g.Rated || g.Turn != ai.First {
		t.Fatalf("new puzzle: solo %v optimal %d rated %v turn %v", g.Solo(), g.Optimal, g.Rated, g.Turn)
	}
	if _, err := h.m.Lobby().StartSolo(bg, sessions.SoloGame{Platform: "test", ChannelID: chanA, Player: ayse, Game: h.game("steps")}); !errors.Is(err, sessions.ErrAlreadyPlaying) {
		t.Fatalf("a second puzzle of the kind: %v", err)
	}
	if _, _, err := h.m.Offers().OfferDraw(bg, g.ID, ayse.ID); !errors.Is(err, sessions.ErrNotAllowed) {
		t.Fatalf("a draw offer in a puzzle: %v", err)
	}
	if _, err := h.m.Play().Move(bg, g.ID, bora.ID, "dec", ""); !errors.Is(err, sessions.ErrNotPlayer) {
		t.Fatalf("someone else's move: %v", err)
	}
	for _, mv := range []string{"half", "dec"} { // 5, 4
		if _, err := h.m.Play().Move(bg, g.ID, ayse.ID, mv, ""); err != nil {
			t.Fatal(err)
		}
	}
	if s, err := h.m.Play().Undo(bg, g.ID, ayse.ID); err != nil || !slices.Equal(s.Moves, []string{"half"}) {
		t.Fatalf("undo one move: %v %v", s.Moves, err)
	}
	h.m.Close()
	h.store.Close()
	h = turnHarness(t, path)
	var res sessions.MoveResult
	for _, mv := range []string{"dec", "half", "half", "dec"} { // 5: 4, 2, 1, 0
		if res, err = h.m.Play().Move(bg, g.ID, ayse.ID, mv, ""); err != nil {
			t.Fatal(err)
		}
	}
	s := res.Game
	if !s.Result.Over || s.Result.Winner != ai.First || s.Result.Reason != "solved" || len(s.Moves) != 5 || s.Optimal != 4 {
		t.Fatalf("solved: %+v after %v (optimal %d)", s.Result, s.Moves, s.Optimal)
	}
	if len(s.Ratings) != 0 {
		t.Fatalf("a puzzle was rated: %+v", s.Ratings)
	}
	// A channel's puzzle: anyone in it plays.
	c, err := h.m.Lobby().StartSolo(bg, sessions.SoloGame{Platform: "test", ChannelID: chanA, Player: sessions.Player{ID: sessions.Anyone, Name: "#a"}, Game: h.game("steps"), Start: "2"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.m.Play().Move(bg, c.ID, bora.ID, "half", ""); err != nil {
		t.Fatal(err)
	}
	if res, err := h.m.Play().Move(bg, c.ID, cem.ID, "dec", ""); err != nil || !res.Game.Result.Over {
		t.Fatalf("the channel solves it together: %+v %v", res.Game.Result, err)
	}
}

func itoa(n int) string { return string(rune('0' + n)) }

func isReason(err error, reason string) bool {
	var me *games.MoveError
	return errors.As(err, &me) && me.Reason == reason
}
