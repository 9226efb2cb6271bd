package sessions

// web.go: the plain values of what the web pages read of the store
// (chat/web declares the reads it needs; store.SQLStore implements them):
// the kinds of the pages' links, a player's rating history and tallies.

import "time"

// Kinds of web links (the store's WebToken).
const (
	LinkGame       = "game"
	LinkTournament = "tournament"
	LinkPlayer     = "player"
	LinkChannel    = "channel"
	// LinkLogin names a person ("platform/id"): its token, in a personal
	// link sent to them privately and then in their browser's cookie,
	// signs them in to play on the pages (issue 37).
	LinkLogin = "login"
)

// RatingPoint is a player's rating after one rated game (GameID 0: the
// rating as it was when the history began).
type RatingPoint struct {
	Game     string // the game's name
	PlayerID string
	GameID   int64
	Rating   float64
	RD       float64
	At       time.Time
	// Before is the rating before this game, HasBefore false when this is
	// the player's first point in the game.
	Before    float64
	HasBefore bool
}

// Tally is a player's results in one game: wins, draws, losses of the
// finished games with a result (a game that ended without one counts for
// nothing).
type Tally struct {
	Game                string
	Wins, Draws, Losses int
}
