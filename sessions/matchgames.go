package sessions

// matchgames.go: what the live games offer the matches (several games
// between the same two players to a number of points, with one standing
// score), which package sessions/matches plays: the record a match is
// stored as, the request that starts one, the hook a match game's end
// calls, and the part through which the matches start their games.

import (
	"context"
	"errors"
	"fmt"
	"time"

	"oyunbot/games"
)

// MatchRecord is a match as stored.
type MatchRecord struct {
	ID        int64
	Platform  string
	ChannelID string
	Game      string
	// Players are the match's players; its first game gives Players[0]
	// the first move, and the first move alternates from game to game.
	Players [2]Player
	Level   string // the bot's level, in a match against the bot
	Target  int    // points that win the match
	// Score is each player's points (indexed as Players).
	Score [2]int
	// Games are the match's games, in order; Counted those whose points
	// are in Score (so that a game's end is counted once, even when the
	// bot stopped between the two writes).
	Games       []int64
	Counted     []int64
	Over        bool
	Winner      int // the index in Players of the match's winner; -1 while it goes on
	TimeControl TimeControl
	Lang        string
	Created     time.Time
	Updated     time.Time
}

// MatchStore keeps matches.
type MatchStore interface {
	// CreateMatch stores a new match and returns its id (rec.ID is ignored).
	CreateMatch(ctx context.Context, rec MatchRecord) (int64, error)
	// SaveMatch overwrites match rec.ID.
	SaveMatch(ctx context.Context, rec MatchRecord) error
	// Match loads one match; ErrNotFound if there is none.
	Match(ctx context.Context, id int64) (MatchRecord, error)
	// ActiveMatches loads the matches not over, oldest first.
	ActiveMatches(ctx context.Context) ([]MatchRecord, error)
}

// Match limits.
const (
	DefaultMatchTarget = 5
	MaxMatchTarget     = 15
)

// ErrMatchTarget: a match's target is outside 1..MaxMatchTarget.
var ErrMatchTarget = errors.New("sessions: a match is played to 1-15 points")

// ErrNoMatches: the Manager was made without Config.Matches.
var ErrNoMatches = errors.New("sessions: no matches here")

// MatchGame asks for a match. One of the players may be the bot (Player{Bot:
// true}; its name and id are filled in).
type MatchGame struct {
	Platform    string
	ChannelID   string
	Players     [2]Player
	Game        games.Game
	Target      int
	Level       string
	TimeControl TimeControl
	Lang        string
	Ref         string
}

// MatchRunner is the matches as the Manager calls them (*matches.Runner
// of package sessions/matches). It is declared here, by its user, and
// handed in through Config.Matches, because the matches import sessions
// (their games are the Manager's) and sessions must not import them: New
// attaches the Manager to it once, before the Manager starts.
type MatchRunner interface {
	// Attach gives the runner the Manager that plays its games. New calls
	// it once, before anything else.
	Attach(m *Manager)
	// Start creates a match and starts its first game (a challenge to a
	// match accepted).
	Start(ctx context.Context, req MatchGame) (Snapshot, MatchRecord, error)
	// Result counts a finished game of a match and returns the events that
	// follow (its next game, its end). No lock is held.
	Result(ctx context.Context, rec GameRecord) []Event
}

// noMatches is Config.Matches left nil (tools, tests): no match starts.
type noMatches struct{}

func (noMatches) Attach(*Manager) {}
func (noMatches) Start(context.Context, MatchGame) (Snapshot, MatchRecord, error) {
	return Snapshot{}, MatchRecord{}, ErrNoMatches
}
func (noMatches) Result(context.Context, GameRecord) []Event { return nil }

// MatchGames is the live games' side of the matches: the matches (package
// sessions/matches) check and start their games through it, under their
// lock (it comes before a game's).
type MatchGames struct{ lobby *Lobby }

// Playing returns a *PlayingError with the unfinished casual game of g in
// the channel between a and b, if there is one.
func (mg *MatchGames) Playing(platform, channelID string, a, b Player, g games.Game) error {
	return mg.lobby.playing(chanKey{platform, channelID}, a, b, g)
}

// Start creates a match's game from rec (its platform, channel, players,
// level, time control, language, match and start).
func (mg *MatchGames) Start(ctx context.Context, rec GameRecord, g games.Game, ref string) (Snapshot, error) {
	return mg.lobby.create(ctx, rec, g, ref)
}

func (r MatchRecord) String() string {
	return fmt.Sprintf("match %d: %s %d - %d %s (to %d)", r.ID, r.Players[0].Name, r.Score[0], r.Score[1], r.Players[1].Name, r.Target)
}
