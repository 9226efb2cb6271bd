package sessions

import (
	"context"
	"errors"
	"oyunbot/sessions/outbox"
	"time"

	"oyunbot/ai"
	"oyunbot/tournament"
)

// Store keeps games and channel settings across restarts. The Manager writes
// through to it on every change, so a crash loses nothing that was answered.
//
// It is the union of one small interface per aggregate (GameStore,
// ChannelStore, ChallengeStore, RatingStore, TournamentStore, MatchStore,
// HeartbeatStore, LeaseStore, UserDirectory, LanguageMemory): code that
// needs one aggregate may take only its interface. A few writes span two
// aggregates in one transaction (SettleGame, CreditDowntime: each says
// which), so one Store implements them all over the same database, the
// outbox's too (EnqueueReplies marks a game's version announced).
//
// Implementations must be safe for concurrent use. Times come back as the
// same instant to the millisecond, in any location (compare them with
// Equal; the zero time stays zero), and durations to the millisecond.
// store.SQLStore (package oyunbot/store) implements it on SQLite (the
// embedded default) and on PostgreSQL; package store/storetest holds the
// conformance tests every Store must pass.
type Store interface {
	GameStore
	ChannelStore
	ChallengeStore
	RatingStore
	TournamentStore
	MatchStore
	HeartbeatStore
	LeaseStore
	UserDirectory
	LanguageMemory
	// The replies owed to chats and their board messages: package
	// sessions/outbox's, which the same database keeps (the fleet's
	// clean-up forgets old boards through the Manager's store).
	outbox.Store
	outbox.BoardStore

	// Close releases the store.
	Close() error
}

// GameStore keeps the games, finished or not.
//
// SettleGame belongs here although it also writes ratings: settling is a
// step of the game (finished, then settled once its end is processed), the
// game's settled flag is what makes the rating update happen exactly once,
// and UnsettledGames, its other half, reads games. Ratings have no writer
// of their own: they change only as a game is settled, so RatingStore only
// reads, and a GameStore must write the ratings in the game's transaction.
type GameStore interface {
	// CreateGame stores a new game and returns its id (rec.ID is ignored).
	// Ids grow: a later game has a greater id, and an id is never reused.
	CreateGame(ctx context.Context, rec GameRecord) (int64, error)
	// UnannouncedGames loads the games (finished or not) whose latest saved
	// change has no reply in the outbox: the process stopped between the
	// two. Oldest first; unreadable rows are left out and reported in an
	// *UnreadableRowsError beside the others.
	UnannouncedGames(ctx context.Context) ([]GameRecord, error)
	// SaveGame overwrites the stored game rec.ID with its next version:
	// only if the stored game is at version rec.Version-1, atomically
	// (a compare-and-set, so that of two processes saving the same game
	// from the same version one wins and the other learns it). Otherwise
	// it changes nothing and returns ErrConflict (wrapped); ErrNotFound
	// (wrapped) if there is no game rec.ID. A save or a creation that
	// carries an Update records it in the same transaction; one already
	// recorded makes it change nothing and return ErrDuplicate (wrapped).
	SaveGame(ctx context.Context, rec GameRecord) error
	// ForgetUpdates drops the applied updates recorded before t.
	ForgetUpdates(ctx context.Context, before time.Time) error
	// Game loads one game; ErrNotFound if there is none. A game stored
	// with no moves (nil or empty) comes back with an empty, non-nil Moves.
	Game(ctx context.Context, id int64) (GameRecord, error)
	// ActiveGames loads every game that is not over, oldest first. Like
	// Challenges and ActiveTournaments, it leaves out the rows it cannot
	// decode and then returns the others with an *UnreadableRowsError.
	ActiveGames(ctx context.Context) ([]GameRecord, error)
	// LastFinished loads the last finished game in a channel that userID
	// played (as either player, not as a bot); ErrNotFound if none.
	LastFinished(ctx context.Context, platform, channelID, userID string) (GameRecord, error)
	// ChannelGames loads the games of a channel that are not over, oldest
	// first (a process meeting a channel whose games another one started);
	// unreadable rows are left out and reported as ActiveGames does.
	ChannelGames(ctx context.Context, platform, channelID string) ([]GameRecord, error)
	// UnsettledGames loads the finished games whose end (ratings,
	// tournament result) has not been processed, oldest first; unreadable
	// rows are left out and reported as ActiveGames does.
	UnsettledGames(ctx context.Context) ([]GameRecord, error)
	// SettleGame marks game id settled and stores (inserts or replaces)
	// the ratings, atomically. A game settled already, or unknown, is left
	// as it is and the ratings are not written: a rating never moves twice
	// for one game.
	SettleGame(ctx context.Context, id int64, ratings []RatingRecord) error
}

// ChannelStore keeps the per-channel settings.
type ChannelStore interface {
	// Channel loads a channel's settings; ErrNotFound if none were saved.
	Channel(ctx context.Context, platform, channelID string) (ChannelSettings, error)
	// SaveChannel stores a channel's settings, replacing earlier ones.
	SaveChannel(ctx context.Context, cs ChannelSettings) error
}

// ChallengeStore keeps the open challenges.
type ChallengeStore interface {
	// SaveChallenge stores an open challenge, replacing one between the
	// same two people in the channel, in either direction. It refuses
	// (ErrUnreadableRow) to replace one it cannot read.
	SaveChallenge(ctx context.Context, c ChallengeRecord) error
	// DeleteChallenge forgets the challenge from fromID to toID (not one
	// from toID to fromID); forgetting none is no error.
	DeleteChallenge(ctx context.Context, platform, channelID, fromID, toID string) error
	// TakeChallenge deletes the challenge from fromID to toID created at
	// created and reports whether it was there, atomically: of two
	// processes answering one challenge, one takes it. A challenge
	// replaced since (another Created) is not taken.
	TakeChallenge(ctx context.Context, platform, channelID, fromID, toID string, created time.Time) (bool, error)
	// Challenges loads every stored challenge, oldest (by Created) first;
	// unreadable rows are left out and reported as ActiveGames does.
	Challenges(ctx context.Context) ([]ChallengeRecord, error)
}

// RatingStore reads the players' ratings; GameStore.SettleGame writes them.
type RatingStore interface {
	// Rating loads a player's rating in a game; ErrNotFound if unrated.
	Rating(ctx context.Context, platform, game, playerID string) (RatingRecord, error)
	// PlayerRatings loads a player's ratings in every game they played,
	// by game name.
	PlayerRatings(ctx context.Context, platform, playerID string) ([]RatingRecord, error)
	// Leaderboard loads the best limit ratings of a game, best first (ties:
	// more games first, then by player id).
	Leaderboard(ctx context.Context, platform, game string, limit int) ([]RatingRecord, error)
}

// TournamentStore keeps the tournaments.
type TournamentStore interface {
	// CreateTournament stores a new tournament and returns its id (rec.ID
	// is ignored). Ids grow and are never reused.
	CreateTournament(ctx context.Context, rec TournamentRecord) (int64, error)
	// SaveTournament overwrites tournament rec.ID; ErrNotFound (wrapped) if
	// there is none.
	SaveTournament(ctx context.Context, rec TournamentRecord) error
	// ActiveTournaments loads the tournaments registering or running,
	// oldest first; unreadable rows are left out and reported as
	// ActiveGames does.
	ActiveTournaments(ctx context.Context) ([]TournamentRecord, error)
	// LastTournament loads a channel's latest tournament, in any state;
	// ErrNotFound if none.
	LastTournament(ctx context.Context, platform, channelID string) (TournamentRecord, error)
}

// HeartbeatStore keeps the last time the bot was known to run, so that the
// time it was down is not charged to the players' clocks (heartbeat.go).
type HeartbeatStore interface {
	// Heartbeat loads the last time a Manager recorded itself running;
	// ErrNotFound if none ever did.
	Heartbeat(ctx context.Context) (time.Time, error)
	// SaveHeartbeat records t as the last time the Manager was running.
	SaveHeartbeat(ctx context.Context, t time.Time) error
	// CreditDowntime sets the LastMove of the given unfinished games (a
	// finished or unknown one is left as it is) and, unless heartbeat is
	// zero, the heartbeat, atomically: a crash between the two would
	// credit a downtime twice. It writes games, but belongs with the
	// heartbeat, whose new value is what marks the downtime credited.
	CreditDowntime(ctx context.Context, last map[int64]time.Time, heartbeat time.Time) error
}

// LeaseStore lets the processes sharing a store agree on which of them
// runs a fleet-wide duty (the clocks' sweep), one at a time: a lease is
// held by one holder until it expires, and renewed by its holder.
type LeaseStore interface {
	// Lease takes or renews the lease name for holder until now+ttl and
	// reports whether holder has it: true if the lease was free, expired
	// at now, or holder's already; false (and nothing changed) if another
	// holder has it beyond now.
	Lease(ctx context.Context, name, holder string, now time.Time, ttl time.Duration) (bool, error)
	// ReleaseLease gives up holder's lease name (another holder may take
	// it at once); releasing a lease one does not hold changes nothing.
	ReleaseLease(ctx context.Context, name, holder string) error
}

// ErrNotFound is returned by a Store for a missing game or channel.
var ErrNotFound = errors.New("sessions: not found")

// ErrConflict is returned by SaveGame when the stored game is not at the
// version before the one saved: another process (or another copy in this
// one) saved it first, and the change was made on a stale game.
var ErrConflict = errors.New("sessions: the game was changed elsewhere")

// ErrUncertain is wrapped by SaveGame's error when the save may have been
// made all the same: the request reached a network database and the
// connection broke before its answer came. The Manager reads the game back
// (waiting a little for the database to come back) to learn which.
var ErrUncertain = errors.New("sessions: the save's outcome is unknown")

// Player is a participant of a game. ID is unique within the game's platform.
type Player struct {
	ID   string
	Name string
	Bot  bool
	// Level is a bot player's own level (bot-vs-bot tournament games); ""
	// means the game's Level.
	Level string `json:",omitempty"`
}

// Result is how a game ended. Reason is a stable key: a rule's key from
// ai.Status.Reason ("no-moves", "line", "full-board"...), or one of the
// session reasons below.
type Result struct {
	Over   bool
	Winner ai.Side // First, Second, or NoSide for a draw
	Reason string
	// Points is what the game gave its winner (1, or more: tavla's mars is
	// 2); 0 for a draw or a game without a result.
	Points int `json:",omitempty"`
}

// Session end reasons, added to the rules' own Status.Reason keys.
const (
	ReasonResigned  = "resigned"
	ReasonAgreement = "agreement"
	ReasonIdle      = "idle"
	ReasonTime      = "time"     // the flag fell
	ReasonWithdrew  = "withdrew" // the player left the tournament
	ReasonAborted   = "aborted"  // the tournament was cancelled: no result, not rated
	// ReasonAbandoned: a player resigned, ran out of time or was idle too
	// long before making a move (outside tournaments): no result, not
	// rated, as a game started by mistake or left at once.
	ReasonAbandoned = "abandoned"
	// ReasonEarlyDraw: a draw agreed before both players had made a move
	// (outside tournaments): no result, not rated, so that ratings cannot
	// be farmed by draws agreed at move 0.
	ReasonEarlyDraw = "early-draw"
	// ReasonTurnOver is the MoveError reason of a ply typed after the end
	// of its player's turn (a message with more moves than the turn).
	ReasonTurnOver = "turn-over"
)

// Void reports whether the game ended without a result (a cancelled
// tournament, a game left before its player's first move, a draw agreed
// before both players moved): it counts for nobody and is not rated.
func (r Result) Void() bool {
	return r.Over && (r.Reason == ReasonAborted || r.Reason == ReasonAbandoned || r.Reason == ReasonEarlyDraw)
}

// GameRecord is a game as stored: everything needed to restore it exactly
// (the position is rebuilt by replaying Moves from the start position).
type GameRecord struct {
	ID        int64
	Game      string // canonical game name
	Platform  string
	ChannelID string
	Players   [2]Player        // indexed by ai.Side: Players[ai.First] moves first
	Level     string           // the bot's level name ("" in games between people)
	Moves     []string         // canonical move texts (FormatMove), in order
	Clocks    [2]time.Duration // time used by each side
	Started   time.Time
	LastMove  time.Time // last move, or the start
	DrawOffer ai.Side   // side that offered a draw, NoSide if none
	Result    Result

	TimeControl TimeControl
	// Left is each side's game clock at LastMove (with a TimeControl.Base).
	Left [2]time.Duration
	// Lang is the language of the game's replies when the channel has no
	// setting ("" for the default); sessions only keeps it.
	Lang string
	// Tournament, Round and Board link a tournament game to its pairing
	// (Tournament 0 for other games).
	Tournament   int64
	Round, Board int
	// Rated games update the players' ratings when they end.
	Rated bool
	// Settled is set once the end has been processed (ratings, tournament).
	Settled bool
	// Version counts the game's saved changes (the Manager bumps it before
	// each save); the outbox records which version a reply announced.
	Version int64
	// Start is the position the game began from, in the game's position
	// text; "" for the game's own start. Moves are replayed from it.
	Start string
	// Optimal is the length of a shortest solution of a one-player game
	// from its start (games.Solver), -1 when not known; 0 otherwise.
	Optimal int
	// Match is the match this game belongs to (0 for none).
	Match int64
	// TakebackOffer is the side that offered to take moves back in a game
	// between people, NoSide if none.
	TakebackOffer ai.Side

	// Update is not a column of the game: it is the platform update that
	// this save (or creation) applies ("" for none), recorded in the same
	// transaction, so that an update is applied at most once however often
	// the platform sends it, by any process, before or after a restart. A
	// save whose update was recorded before fails with ErrDuplicate and
	// writes nothing.
	Update UpdateKey
}

// UpdateKey names one update of a platform (Telegram's update_id,
// Discord's interaction or message id).
type UpdateKey struct {
	Platform, ID string
}

// ErrDuplicate is a save of an update already applied (GameRecord.Update).
var ErrDuplicate = errors.New("sessions: update already applied")

// ChannelSettings are per-channel preferences.
type ChannelSettings struct {
	Platform  string
	ChannelID string
	Lang      string // "tr", "en"; "" for the default
	Level     string // default bot level for new games; "" for the default
	// Dice is DiceByHand when the players roll their own dice ("roll"),
	// "" when the bot rolls for them.
	Dice string
	// Web: the channel's admins let its games be listed on the web pages
	// ("web on"; a game's own link works whatever this says).
	Web bool
	// Boards is BoardsNew when the channel wants a new picture of a game
	// after every turn ("board new"), "" for one board per game edited in
	// place.
	Boards string
}

// BoardsNew is ChannelSettings.Boards for a new picture after every turn.
const BoardsNew = "new"

// ChallengeRecord is an open challenge as stored.
type ChallengeRecord struct {
	Platform    string
	ChannelID   string
	From, To    Player
	Game        string
	Side        ai.Side
	TimeControl TimeControl
	Lang        string
	// Target is the points of the match the challenge asks for (0: one game).
	Target  int
	Created time.Time
}

// RatingRecord is a player's Glicko-2 rating in one game on one platform.
type RatingRecord struct {
	Platform string
	Game     string
	PlayerID string // a user id, or ratings.BotID(level) for the bot
	Name     string
	tournament.Rating
	Games   int // rated games played
	Updated time.Time
}

// TournamentRecord is a tournament as stored: the pure tournament state
// plus where it runs and which game plays each pairing.
type TournamentRecord struct {
	ID        int64
	Platform  string
	ChannelID string
	Lang      string
	T         tournament.Tournament
	// Games maps "round:board" to the id of the game playing that pairing.
	Games   map[string]int64
	Created time.Time
	Updated time.Time
}
