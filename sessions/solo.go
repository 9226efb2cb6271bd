package sessions

// solo.go hosts one-player games (puzzles): played by one person, or by
// anyone in a channel, with no opponent, no rating and no draw offers; a
// game ends solved, with its statistics in the snapshot (moves made, the
// shortest solution when the game knows it).

import (
	"oyunbot/ai"
)

// Anyone is the Player.ID of a one-player game that everyone in its channel
// may play.
const Anyone = "*"

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
