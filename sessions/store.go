package sessions

import (
	"context"
	"errors"
	"time"

	"oyunbot/ai"
)

// Store keeps games and channel settings across restarts. The Manager writes
// through to it on every change, so a crash loses nothing that was answered.
// Implementations must be safe for concurrent use. SQLiteStore is the
// embedded default; a PostgreSQL store can follow behind the same interface.
type Store interface {
	// CreateGame stores a new game and returns its id (rec.ID is ignored).
	CreateGame(ctx context.Context, rec GameRecord) (int64, error)
	// SaveGame overwrites the stored game rec.ID.
	SaveGame(ctx context.Context, rec GameRecord) error
	// Game loads one game; ErrNotFound if there is none.
	Game(ctx context.Context, id int64) (GameRecord, error)
	// ActiveGames loads every game that is not over, oldest first.
	ActiveGames(ctx context.Context) ([]GameRecord, error)
	// Channel loads a channel's settings; ErrNotFound if none were saved.
	Channel(ctx context.Context, platform, channelID string) (ChannelSettings, error)
	// SaveChannel stores a channel's settings.
	SaveChannel(ctx context.Context, cs ChannelSettings) error
	// Close releases the store.
	Close() error
}

// ErrNotFound is returned by a Store for a missing game or channel.
var ErrNotFound = errors.New("sessions: not found")

// Player is a participant of a game. ID is unique within the game's platform.
type Player struct {
	ID   string
	Name string
	Bot  bool
}

// Result is how a game ended. Reason is a stable key: a rule's key from
// ai.Status.Reason ("no-moves", "line", "full-board"...), or one of the
// session reasons below.
type Result struct {
	Over   bool
	Winner ai.Side // First, Second, or NoSide for a draw
	Reason string
}

// Session end reasons, added to the rules' own Status.Reason keys.
const (
	ReasonResigned  = "resigned"
	ReasonAgreement = "agreement"
	ReasonIdle      = "idle"
)

// GameRecord is a game as stored: everything needed to restore it exactly
// (the position is rebuilt by replaying Moves from the start position).
type GameRecord struct {
	ID        int64
	Game      string // canonical game name
	Platform  string
	ChannelID string
	Players   [2]Player // indexed by ai.Side: Players[ai.First] moves first
	Level     string    // the bot's level name ("" in games between people)
	Moves     []string  // canonical move texts (FormatMove), in order
	Clocks    [2]time.Duration
	Started   time.Time
	LastMove  time.Time // last move, or the start
	DrawOffer ai.Side   // side that offered a draw, NoSide if none
	Result    Result
}

// ChannelSettings are per-channel preferences.
type ChannelSettings struct {
	Platform  string
	ChannelID string
	Lang      string // "tr", "en"; "" for the default
	Level     string // default bot level for new games; "" for the default
}
