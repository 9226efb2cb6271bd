package sessions

// snapshot.go is the read-only copy of a game that replies are made from.

import (
	"fmt"
	"slices"
	"strconv"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
)

// Snapshot is a consistent copy of a game's state for replies and rendering.
type Snapshot struct {
	ID        int64
	Game      games.Game
	Platform  string
	ChannelID string
	Players   [2]Player
	Level     string
	Moves     []string  // canonical move texts
	Sides     []ai.Side // the side that played each move
	Board     []string  // Position.Board()
	Turn      ai.Side
	Result    Result
	// LastPath and LastCaptured are the squares of the last move (from
	// games.Highlighter, empty for games without it).
	LastPath, LastCaptured []string
	DrawOffer              ai.Side
	TakebackOffer          ai.Side          // the side offering to take back, NoSide if none
	Legal                  []string         // the legal moves, formatted (none when over)
	Clocks                 [2]time.Duration // time used by each side
	LastMove               time.Time
	TimeControl            TimeControl
	Left                   [2]time.Duration // game clocks at LastMove
	Lang                   string
	Tournament             int64 // the tournament's id, 0 for other games
	// TournamentRound and TournamentBoard locate a tournament game's pairing.
	TournamentRound, TournamentBoard int
	Rated                            bool
	// Ratings are the players' rating changes, by side, in the snapshot of
	// a rated game's end (nil otherwise).
	Ratings []RatingChange
	// Version is the stored version of this state (GameRecord.Version).
	Version int64
	// Start is the custom start position ("" for the game's own).
	Start string
	// Started is when the game began.
	Started time.Time
	// Optimal is a one-player game's shortest solution from its start
	// (-1 unknown, 0 for other games).
	Optimal int
	// Match is the match the game belongs to (0 for none).
	Match int64
	// Prompt is what the player to move still owes in a turn begun (a key
	// of the game's catalogue under "prompt.", games.Prompter) and
	// PromptArgs its placeholder values as key, value pairs; "" for none.
	Prompt     string
	PromptArgs []string
	// Position is a copy of the position, for drawers that need more than
	// Board (render.Frame.Position); nobody else holds it.
	Position games.Position
}

// Solo reports whether the game has one player (a puzzle).
// Can is what the game and its position can do beyond the contract
// (games.CanOf), asked once.
func (s Snapshot) Can() games.Can { return games.CanOf(s.Game, s.Position) }

// Solo reports whether the game is a one-player game (a puzzle).
func (s Snapshot) Solo() bool { return s.Game != nil && s.Game.Players() == 1 }

// TimeLeft returns each side's time at now: the game clocks, the side to
// move's running down; with a limit per move, what is left of it for the
// side to move and the whole limit for the other. ok is false for a game
// without a clock.
func (s Snapshot) TimeLeft(now time.Time) (left [2]time.Duration, ok bool) {
	tc := s.TimeControl
	if tc.IsZero() {
		return left, false
	}
	left = s.Left
	if tc.PerMove > 0 {
		left = [2]time.Duration{tc.PerMove, tc.PerMove}
	}
	if t := s.Turn; !s.Result.Over && (t == ai.First || t == ai.Second) && (s.begun() || tc.PerMove > 0) {
		// Before the first move a game clock stands still (the first move
		// is not charged); a limit per move is the move's deadline.
		left[t], _ = tc.allowance(s.Left[t], s.LastMove, now)
		left[t] = max(left[t], 0)
	}
	return left, true
}

// begun reports whether a player has moved (a roll is no move).
func (s Snapshot) begun() bool {
	return slices.ContainsFunc(s.Sides, func(sd ai.Side) bool { return sd == ai.First || sd == ai.Second })
}

// Tag is the game's short id shown in replies ("g7").
func (s Snapshot) Tag() string { return "g" + strconv.FormatInt(s.ID, 10) }

// SideOf returns the side userID plays, or NoSide.
func (s Snapshot) SideOf(userID string) ai.Side {
	if s.Solo() {
		if p := s.Players[0]; userID != "" && (p.ID == userID || p.ID == Anyone) {
			return ai.First
		}
		return ai.NoSide
	}
	for i, p := range s.Players {
		if !p.Bot && p.ID == userID {
			return ai.Side(i)
		}
	}
	return ai.NoSide
}

// VsBot reports whether one of the players is the bot.
func (s Snapshot) VsBot() bool { return s.Players[0].Bot || s.Players[1].Bot }

// ToMove returns the player to move (ok false when the game is over).
func (s Snapshot) ToMove() (Player, bool) {
	if s.Result.Over || (s.Turn != ai.First && s.Turn != ai.Second) {
		return Player{}, false
	}
	return s.Players[s.Turn], true
}

// LastMoveText returns the last move and the side that played it.
func (s Snapshot) LastMoveText() (string, ai.Side, bool) {
	if len(s.Moves) == 0 {
		return "", ai.NoSide, false
	}
	return s.Moves[len(s.Moves)-1], s.Sides[len(s.Sides)-1], true
}

// Replay returns the game's start position and its moves (chance outcomes
// included) as the rules read them, for tools that need the whole game
// (a chess PGN): start is a fresh position; playing moves on a copy of it
// leads to Position.
func (s Snapshot) Replay() (start games.Position, moves []ai.Move, err error) {
	if s.Game == nil {
		return nil, nil, fmt.Errorf("sessions: a snapshot of no game")
	}
	start, err = startPosition(s.Game, s.Start)
	if err != nil {
		return nil, nil, err
	}
	pos := start.Clone()
	moves = make([]ai.Move, 0, len(s.Moves))
	for i, text := range s.Moves {
		mv, err := pos.ParseMove(text)
		if err != nil {
			return nil, nil, fmt.Errorf("sessions: game #g%d, move %d %q: %w", s.ID, i+1, text, err)
		}
		moves = append(moves, mv)
		pos.Make(mv)
	}
	return start, moves, nil
}
