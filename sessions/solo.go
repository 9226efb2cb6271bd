package sessions

// solo.go hosts one-player games (puzzles): played by one person, or by
// anyone in a channel, with no opponent, no rating and no draw offers; a
// game ends solved, with its statistics in the snapshot (moves made, the
// shortest solution when the game knows it).

import (
	"context"
	"fmt"

	"oyunbot/ai"
	"oyunbot/games"
)

// Anyone is the Player.ID of a one-player game that everyone in its channel
// may play.
const Anyone = "*"

// SoloGame asks for a one-player game.
type SoloGame struct {
	Platform  string
	ChannelID string
	// Player plays it; a Player with ID Anyone lets everyone in the
	// channel play it together.
	Player Player
	Game   games.Game
	// Start is a custom start position (the game's position text); "" for
	// the game's own.
	Start string
	// Level chooses the difficulty of a start the game draws
	// (games.RandomStarter) when Start is empty; "" for the default.
	Level string
	Lang  string // kept for the game's replies
}

// StartSolo starts a one-player game. A player has one unfinished game of a
// kind per channel (PlayingError otherwise).
func (m *Manager) StartSolo(ctx context.Context, req SoloGame) (Snapshot, error) {
	if req.Game.Players() != 1 {
		return Snapshot{}, ErrTwoPlayerGame
	}
	key := chanKey{req.Platform, req.ChannelID}
	for _, l := range m.table.inChannel(key) {
		l.mu.Lock()
		same := !l.rec.Result.Over && l.rec.Game == req.Game.Name() && l.rec.Players[0].ID == req.Player.ID
		var snap Snapshot
		if same {
			snap = l.snapshot()
		}
		l.mu.Unlock()
		if same {
			return Snapshot{}, &PlayingError{Game: snap}
		}
	}
	if rs, ok := req.Game.(games.RandomStarter); ok && req.Start == "" {
		// A drawn start is a custom start: the game replays from its record.
		level := req.Level
		if level == "" {
			level = DefaultLevel
		}
		lvl, ok := ai.ParseLevel(level)
		if !ok {
			return Snapshot{}, ErrUnknownLevel
		}
		start, err := m.dice.randomStart(rs, lvl.Name)
		if err != nil {
			return Snapshot{}, fmt.Errorf("%w: %w", ErrBadStart, err)
		}
		req.Start = start
	}
	rec := GameRecord{Platform: req.Platform, ChannelID: req.ChannelID, Players: [2]Player{req.Player, {}},
		Lang: req.Lang, Start: req.Start}
	return m.create(ctx, rec, req.Game, "")
}

// solo reports whether the game has one player; l.mu must be held.
func (l *state) solo() bool { return l.game.Players() == 1 }

// soloSide is userID's side in a one-player game: First for its player (or
// anyone, in a channel's game), else NoSide.
func (l *state) soloSide(userID string) ai.Side {
	if p := l.rec.Players[0]; userID != "" && (p.ID == userID || p.ID == Anyone) {
		return ai.First
	}
	return ai.NoSide
}
