// Package sessions holds the live games: who plays, whose turn it is, the
// bot's moves (computed in a bounded worker pool), clocks and idle forfeits,
// and persistence through a Store. It knows no language and no platform: it
// returns structured results, errors and Events that package chat translates.
//
// # Parts
//
// A Manager is a facade over parts with one job each, made and wired by
// New; each is a type of its own, and those with state have their own
// lock. Those with something to offer outside the package are exported and
// reached through the Manager's accessors (m.Play().Move, m.Lobby().Get);
// the Manager does not embed them, so its own method set is its accessors
// and its life (Resume, Wait, Close, Skipped, EngineJobs):
//
//   - table (table.go): the live games this process holds, by id and by
//     channel;
//   - replica (replica.go): a held game and its stored record: every
//     change written through before it is acknowledged, and in the shared
//     mode (shared.go) the copy brought up to the store before an action;
//   - Lobby (lobby.go): starting games and finding them;
//   - Play (actions.go) and Offers (offers.go, takeback.go): what players
//     do in a game;
//   - bots (bot.go, on internal/fairpool): the bot's moves and the hints, on
//     a worker pool fair between people;
//   - dice (dice.go): the chance events;
//   - settler (settle.go): a game's end: its tournament result, its
//     match's score, its ratings (package sessions/ratings, handed in as
//     Config.Ratings; the settler calls it through Rater);
//   - Channels (channels.go);
//   - the challenges, which package sessions/challenges keeps (handed in
//     as Config.Challenges; New restores them through ChallengeKeeper);
//   - MatchGames (matchgames.go): the games of the matches, which package
//     sessions/matches plays (Config.Matches, told through MatchRunner);
//   - TournamentGames (tournamentgames.go): the games of the channels'
//     tournaments, which package sessions/tournaments runs (handed in as
//     Config.Tournaments; a game's end tells it through TournamentRunner);
//   - Clocks (idle.go): fallen flags, idle forfeits, reminders.
//
// They share env (env.go): the configuration, the logger, the Manager's
// lifetime and the way out of the Events, set once. The post-game
// analyses (package sessions/analyses) run on its workers, lent through
// Background; their lock is a leaf. This process among those sharing the
// store (package sessions/fleet: the sweep that looks at the clocks, its
// lease, the heartbeat and the clocks credited with a downtime) reaches
// the held games through Hold (held.go).
//
// # Lock order
//
// A goroutine holding one of these locks takes only locks further down
// the list, never one above it or beside it:
//
//  1. notice.mu, a bot's "thinking" notice's: held while the notice looks
//     at its game and is emitted (so that stopping it waits for it).
//  2. The tournaments' lock (package sessions/tournaments: in the shared
//     mode their lease too) or the matches' (sessions/matches), never
//     both: a round's games and a match's next game are started under them.
//  3. live.mu, one game's: never two games' at once.
//  4. The leaves, under which nothing else is locked: table.mu,
//     Channels.mu, dice.mu, the challenges' (package sessions/challenges),
//     the ratings' (package sessions/ratings), the worker pool's and a
//     Deferred's.
//
// The Manager has no lock of its own, and its accessors take none.
//
// Every unlock is deferred. No Event is emitted with a lock held but a
// notice's, since Config.Notify may call back into the Manager: a part
// does its locked work in a small function of its own and emits, settles
// a game's end or starts another game once that has returned.
package sessions

import (
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"oyunbot/internal/fairpool"
	"sync"
	"sync/atomic"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/tournament"
)

// Engine chooses moves; *ai.Engine implements it. One per worker goroutine.
type Engine interface {
	Choose(ctx context.Context, p ai.Position, lvl ai.Level, rng *rand.Rand) ai.Result
}

// Defaults for zero Config fields.
const (
	DefaultWorkers        = 2
	DefaultThinkingNotice = 1500 * time.Millisecond
	DefaultIdleForfeit    = 24 * time.Hour
	DefaultChallengeTTL   = time.Hour
	DefaultLevel          = "medium"
	// DefaultClockCheck is the longest time between two looks at the
	// clocks: a flag is called at most this late.
	DefaultClockCheck = time.Second
	// HintLevel is the level whose budget answers "hint" (never blundering).
	HintLevel = "hard"
	// BotID is the Player.ID of the bot in every game.
	BotID = "@bot"
	// BotDrawMinMoves is how many moves (both sides') a game against the
	// bot must have before the bot agrees to a draw.
	BotDrawMinMoves = 20
)

// Config configures a Manager. Zero values get the defaults above.
type Config struct {
	Games *games.Registry // required
	Store Store           // required
	// Workers bounds the concurrent engine searches.
	Workers int
	// ThinkingNotice: a bot move that takes longer than this (or has to wait
	// for a busy pool) produces an EventThinking.
	ThinkingNotice time.Duration
	// IdleForfeit: a player who has not moved for this long loses the game.
	// Zero means DefaultIdleForfeit; a negative value disables forfeits.
	IdleForfeit time.Duration
	// ChallengeTTL: an unanswered challenge expires after this long.
	ChallengeTTL time.Duration
	// BotName is the bot's display name in games.
	BotName string
	// Notify receives the Events; it is called from worker goroutines, never
	// with a game locked, and must be safe for concurrent use. Nil: the
	// Manager waits for Listen (the bot's router, made after it, listens).
	Notify func(Event)
	// NewEngine makes a worker's engine (default: ai.NewEngine(ai.DefaultOptions())).
	NewEngine func() Engine
	// Now is the clock (default time.Now).
	Now func() time.Time
	// Dice draws the chance events (dice rolls): fair dice from crypto/rand
	// when nil; a seeded source in tests and self-play. The Manager
	// serialises its use.
	Dice *rand.Rand
	// Seed seeds the bot's per-game random choices (deliberate mistakes at
	// easy levels); with a fixed seed a game is reproducible at fixed depth.
	Seed uint64
	// IdleCheck is how often the fleet's sweep looks at the clocks (default:
	// a twentieth of IdleForfeit, between 10ms and DefaultClockCheck).
	IdleCheck time.Duration
	Logger    *slog.Logger
	// Shared: other processes use the same store (shared.go). A game is
	// read from the store before it is acted on, a change made on a stale
	// copy is refused by the store and tried again on the game reloaded,
	// the games of a channel started elsewhere are loaded when the
	// channel is met, and the clocks are looked at by one process at a
	// time (the holder of a lease: package sessions/fleet), over every
	// game of the store.
	Shared bool
	// Instance names this process as a lease holder (default: random).
	Instance string
	// Tournaments runs the channels' tournaments (package
	// sessions/tournaments); nil: none (tools, tests), and a tournament
	// game's end records nothing.
	Tournaments TournamentRunner
	// Challenges keeps the invitations to games between people (package
	// sessions/challenges); nil: none (tools, tests).
	Challenges ChallengeKeeper
	// Matches plays the matches to a number of points (package
	// sessions/matches); nil: none (tools, tests): a match does not start.
	Matches MatchRunner
	// Ratings rates the games that end (package sessions/ratings); nil:
	// none (tools, tests), and a game's end settles it unrated.
	Ratings Rater
}

// Errors of the Manager's operations. Use errors.Is; PlayingError carries the
// game in the way.
var (
	ErrNoGame         = errors.New("sessions: no such game")
	ErrNotPlayer      = errors.New("sessions: not a player of this game")
	ErrNotYourTurn    = errors.New("sessions: not your turn")
	ErrGameOver       = errors.New("sessions: the game is over")
	ErrAlreadyPlaying = errors.New("sessions: already playing")
	ErrNoChallenge    = errors.New("sessions: no challenge to answer")
	ErrSelfChallenge  = errors.New("sessions: cannot challenge yourself")
	ErrNotVsBot       = errors.New("sessions: only in a game against the bot")
	ErrNotPvP         = errors.New("sessions: only in a game between people")
	ErrNothingToUndo  = errors.New("sessions: nothing to undo")
	ErrNoDrawOffer    = errors.New("sessions: no draw offer")
	// ErrNoTakebackOffer: no take-back offered by the opponent to answer.
	ErrNoTakebackOffer = errors.New("sessions: no take-back offer")
	ErrUnknownLevel    = errors.New("sessions: unknown level")
	ErrClosed          = errors.New("sessions: closed")
	ErrOnePlayerGame   = errors.New("sessions: a one-player game has no opponent")
	ErrTwoPlayerGame   = errors.New("sessions: a two-player game needs an opponent")
	// ErrNotAllowed: the game does not allow it (games.Policy: no draws,
	// undo or hints; a puzzle has no draw offers).
	ErrNotAllowed      = errors.New("sessions: the game does not allow it")
	ErrUnknownGameName = errors.New("sessions: unknown game")
	// ErrRatedGame: hints are only for casual games against the bot.
	ErrRatedGame = errors.New("sessions: not in a game between people or a tournament game")
	// ErrTournamentGame: undo is not allowed in a tournament game.
	ErrTournamentGame = errors.New("sessions: not in a tournament game")
	// ErrNotSaved: the store refused the change (a full disk, a lost
	// database); the game is as it was before the request.
	ErrNotSaved = errors.New("sessions: the change could not be saved")
	// ErrBadStart: a custom start position the game cannot read.
	ErrBadStart = errors.New("sessions: not a start position of this game")
)

// OverAtStartError is a custom start where the game is already over (a
// dama position with one piece each is drawn) or decided (games.Decider: a
// dama position where the side not to move has no pieces): Status says
// how, Turn is the side to move there. It is an ErrBadStart.
type OverAtStartError struct {
	Game   games.Game
	Status ai.Status
	Turn   ai.Side
}

func (e *OverAtStartError) Error() string {
	return ErrBadStart.Error() + ": the game is over there (" + e.Status.Reason + ")"
}

// Unwrap makes it an ErrBadStart.
func (e *OverAtStartError) Unwrap() error { return ErrBadStart }

// cryptoSource is a rand.Source of fair dice: crypto/rand, which nobody can
// predict from earlier rolls.
type cryptoSource struct{}

func (cryptoSource) Uint64() uint64 {
	var b [8]byte
	crand.Read(b[:]) // never fails (Go 1.24+: it panics rather than return an error)
	return binary.LittleEndian.Uint64(b[:])
}

// PlayingError says the players already have a game in the channel.
type PlayingError struct{ Game Snapshot }

// Error implements error.
func (e *PlayingError) Error() string {
	return fmt.Sprintf("sessions: already playing %s", e.Game.Tag())
}

// Is makes errors.Is(err, ErrAlreadyPlaying) true.
func (e *PlayingError) Is(target error) bool { return target == ErrAlreadyPlaying }

// EventKind says what an Event reports.
type EventKind int

// Kinds of events.
const (
	// EventBotMoved: the bot played Move; Game is the position after it.
	EventBotMoved EventKind = iota
	// EventThinking: the bot's move takes a while (Queued: the pool is busy).
	EventThinking
	// EventHint: the engine suggests Move (Score, Depth) to UserID.
	EventHint
	// EventForfeit: the player to move was idle too long (Result.Reason
	// ReasonIdle) or their flag fell (ReasonTime) and lost.
	EventForfeit
	// EventReminder: the player to move has been idle for half the forfeit
	// time, or has Left before the flag falls.
	EventReminder
	// EventBotFailed: the engine found no move (a bug); the game waits.
	EventBotFailed
	// EventRoundStarted: a tournament round was paired; Tournament and
	// Round say which, Games are its games (started in the channel).
	EventRoundStarted
	// EventTournamentOver: a tournament finished; Tournament holds the
	// final standings.
	EventTournamentOver
	// EventMatchGame: a match's game ended and its next game began: Match
	// is the match (score counted), Game the new game.
	EventMatchGame
	// EventMatchOver: a match ended; Match holds the final score.
	EventMatchOver
	// EventNotSaved: the bot's move could not be saved and was not played;
	// it is searched again after botRetryDelay.
	EventNotSaved
	// EventClockResumed: the game's clock was stopped for Down while the
	// bot (or its platform) was down, and runs again.
	EventClockResumed
	// EventEnded: a game was ended from outside (its player withdrew from
	// the tournament, the tournament was cancelled): Game is its end, its
	// Result.Reason says why.
	EventEnded
	// EventOptimal: a one-player game that ended before the length of its
	// shortest solution was known has it now (Game.Optimal).
	EventOptimal
)

// botRetryDelay is how long the bot waits before searching again for a move
// the store refused.
const botRetryDelay = 10 * time.Second

// Event is something that happened off the caller's goroutine.
type Event struct {
	Kind   EventKind
	Game   Snapshot
	Move   string
	Ref    string // the Message.Ref that caused it, if any
	UserID string // EventHint: who asked
	Queued bool
	Score  int
	Depth  int
	Left   time.Duration // EventReminder: time left before the forfeit
	// Void: EventReminder: the forfeit would end the game without a
	// result (its player has not moved yet), not lose it.
	Void bool
	// Moves: EventBotMoved: the plies of the bot's turn (Move joins them).
	// A job may play more than one turn of the bot's, with a person's
	// forced pass and the dice between them.
	Moves []string
	// From: EventBotMoved: where the bot's first ply is in Game's history.
	From int
	// Match: EventMatchGame, EventMatchOver.
	Match *MatchRecord
	Down  time.Duration // EventClockResumed: how long the clock was stopped
	// Outage: EventClockResumed after the platform was out of reach (not
	// the bot down).
	Outage bool
	// Unrated: EventHint: this hint made a rated game unrated.
	Unrated bool

	Tournament *TournamentView // EventRoundStarted, EventTournamentOver
	Round      int             // EventRoundStarted
	Games      []Snapshot      // EventRoundStarted: the round's new games
}

// RatingChange is a player's rating before and after a game.
type RatingChange struct {
	PlayerID      string
	Name          string
	Before, After tournament.Rating
	// Fixed: the bot's measured rating at its level, which does not move.
	Fixed bool
}

// Challenge is an invitation to a game between two people.
type Challenge struct {
	Platform    string
	ChannelID   string
	From, To    Player
	Game        games.Game
	Side        ai.Side // the side From plays (First unless asked)
	TimeControl TimeControl
	Lang        string // kept for the game's replies
	// Target asks for a match to this many points (0: one game).
	Target  int
	Created time.Time
}

type chanKey struct{ platform, channel string }

// Manager owns the live games. Safe for concurrent use.
//
// It is a facade over parts with one job each (see the package's doc),
// reached through its accessors (Lobby, Play, Offers, ...); its own
// methods are the few that span parts or the Manager's life (Resume, Wait,
// Close, Skipped, EngineJobs). The parts are named fields, not embedded,
// so that the Manager's method set stays its own.
type Manager struct {
	env         *env
	lobby       *Lobby
	play        *Play
	offers      *Offers
	matchGames  *MatchGames
	tournaments *TournamentGames
	channels    *Channels
	clocks      *Clocks

	table   *table
	replica *replica
	dice    *dice
	bots    *bots
	settler *settler
	cancel  context.CancelFunc
	skipped []SkippedRow   // the stored rows start-up could not read (set in New)
	started atomic.Bool    // it has its listener
	resumed sync.Map       // the platforms resumed (firstResume)
	runs    sync.WaitGroup // the functions run by Go, which Close waits for
}

// Lobby starts games and finds them.
func (m *Manager) Lobby() *Lobby { return m.lobby }

// Play is what players do in a game: moves, dice, takebacks, the level
// and hints.
func (m *Manager) Play() *Play { return m.play }

// Offers is resigning and the offers a player makes the other: draws and
// takebacks.
func (m *Manager) Offers() *Offers { return m.offers }

// MatchGames is the games of the matches to a number of points.
func (m *Manager) MatchGames() *MatchGames { return m.matchGames }

// TournamentGames is the games of the channels' tournaments.
func (m *Manager) TournamentGames() *TournamentGames { return m.tournaments }

// Channels is the channels' settings.
func (m *Manager) Channels() *Channels { return m.channels }

// Clocks is the games' clocks: fallen flags, idle forfeits, reminders.
func (m *Manager) Clocks() *Clocks { return m.clocks }

// New restores every unfinished game from the store and starts the workers.
// Bot moves of restored games start with Resume (once a platform can
// receive the replies). The Manager keeps ctx's values for its jobs, not
// its end: Close stops it (a graceful stop plays on after the signal).
func New(ctx context.Context, cfg Config) (*Manager, error) {
	if cfg.Games == nil || cfg.Store == nil {
		return nil, errors.New("sessions: Config.Games and Config.Store are required")
	}
	if cfg.Workers <= 0 {
		cfg.Workers = DefaultWorkers
	}
	if cfg.ThinkingNotice <= 0 {
		cfg.ThinkingNotice = DefaultThinkingNotice
	}
	if cfg.IdleForfeit == 0 {
		cfg.IdleForfeit = DefaultIdleForfeit
	}
	if cfg.ChallengeTTL <= 0 {
		cfg.ChallengeTTL = DefaultChallengeTTL
	}
	if cfg.BotName == "" {
		cfg.BotName = "oyunbot"
	}
	listening := cfg.Notify != nil
	if !listening {
		cfg.Notify = func(Event) {}
	}
	if cfg.NewEngine == nil {
		cfg.NewEngine = func() Engine { return ai.NewEngine(ai.DefaultOptions()) }
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Dice == nil {
		cfg.Dice = rand.New(cryptoSource{})
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Instance == "" {
		cfg.Instance = newInstance()
	}
	if cfg.Matches == nil {
		cfg.Matches = noMatches{}
	}
	if cfg.IdleCheck <= 0 {
		cfg.IdleCheck = DefaultClockCheck
		if cfg.IdleForfeit > 0 {
			cfg.IdleCheck = min(max(cfg.IdleForfeit/20, 10*time.Millisecond), DefaultClockCheck)
		}
	}
	e := &env{cfg: cfg, log: cfg.Logger}
	var cancel context.CancelFunc
	e.ctx, cancel = context.WithCancel(context.WithoutCancel(ctx))
	m := &Manager{env: e, cancel: cancel}
	if cfg.Ratings != nil {
		cfg.Ratings.Attach(cfg)
	}
	m.wire()
	if err := m.restore(); err != nil {
		m.cancel()
		return nil, err
	}
	m.bots.pool = fairpool.New(fairpool.Config[Engine]{Workers: cfg.Workers, NewWorker: cfg.NewEngine, Logger: m.env.log})
	m.started.Store(listening)
	return m, nil
}

// ErrListening: Listen was called on a Manager that has its listener.
var ErrListening = errors.New("sessions: the Manager has its listener already")

// Listen gives a Manager made without Config.Notify the function its
// Events go to: once, before any other use.
func (m *Manager) Listen(notify func(Event)) error {
	if notify == nil || m.started.Swap(true) {
		return ErrListening
	}
	m.env.cfg.Notify = notify
	return nil
}

// wire makes the parts and gives each the others it calls.
func (m *Manager) wire() {
	e := m.env
	m.table = newTable(e)
	m.replica = &replica{env: e, table: m.table}
	m.channels = newChannels(e)
	m.dice = &dice{env: e, channels: m.channels}
	m.bots = &bots{env: e, replica: m.replica, dice: m.dice}
	m.lobby = &Lobby{env: e, table: m.table, replica: m.replica, dice: m.dice, bots: m.bots, channels: m.channels}
	m.matchGames = &MatchGames{lobby: m.lobby}
	m.settler = &settler{env: e, table: m.table, bots: m.bots}
	m.bots.settler = m.settler
	m.tournaments = &TournamentGames{env: e, table: m.table, replica: m.replica, lobby: m.lobby, settler: m.settler}
	m.play = &Play{env: e, table: m.table, replica: m.replica, dice: m.dice, bots: m.bots, settler: m.settler}
	m.offers = &Offers{env: e, replica: m.replica, settler: m.settler}
	m.clocks = &Clocks{env: e, table: m.table, replica: m.replica, dice: m.dice, bots: m.bots, settler: m.settler}
	e.cfg.Matches.Attach(m)
}

// restore loads the unfinished games, challenges and tournaments. Rows it
// cannot read are skipped and reported (one bad row must not stop the
// bot). The time the bot was down is credited to the games' clocks by the
// fleet (package sessions/fleet), made next.
func (m *Manager) restore() error {
	lives, skipped, err := loadGames(m.env.ctx, m.env.cfg.Store, m.env.cfg.Games, m.env.newLive)
	if err != nil {
		return fmt.Errorf("sessions: restore: %w", err)
	}
	for _, l := range lives {
		m.table.index(l)
	}
	if len(lives) > 0 {
		m.env.log.Info("restored games", "count", len(lives))
	}
	if c := m.env.cfg.Challenges; c != nil {
		more, err := c.Restore(m)
		if err != nil {
			return err
		}
		skipped = append(skipped, more...)
	}
	active, more, err := LoadTournaments(m.env.ctx, m.env.cfg.Store, m.env.cfg.Games)
	if err != nil {
		return fmt.Errorf("sessions: restore tournaments: %w", err)
	}
	if t := m.env.cfg.Tournaments; t != nil {
		t.Attach(m, active)
	}
	m.skipped = append(skipped, more...)
	reportSkipped(m.env.log, m.skipped)
	return nil
}

// Resume settles the platform's games that ended while the bot was down,
// starts the tournament games a crash left uncreated and the bot's pending
// moves in the restored games (once per platform): call it when the
// platform can receive replies.
func (m *Manager) Resume(platform string) {
	if m.table.isClosed() || !m.firstResume(platform) {
		return
	}
	// Ends the bot missed first (they may pair a tournament's next round),
	// then the tournament games a crash left uncreated.
	m.settler.settleStored(platform)
	m.resumeTournaments(platform)
	m.announceResumed(platform)
	for _, l := range m.table.list(platform) {
		l.do(func() {
			if l.botToMove() {
				m.bots.queue(l, "", nil)
			}
		})
	}
}

// Wait blocks until no bot move or hint is queued or running (and their
// events have been delivered), or ctx is done.
func (m *Manager) Wait(ctx context.Context) error { return m.bots.pool.Wait(ctx) }

// Close cancels running searches and stops the workers; its Lifetime ends,
// and with it the fleet's sweep (package sessions/fleet), which records the
// stop. It does not close the Store (whoever opened it does).
func (m *Manager) Close() error {
	if !m.table.close() {
		return nil
	}
	m.cancel()
	m.bots.pool.Close()
	m.runs.Wait()
	return nil
}

// Background runs job on the engine's workers after every bot move and hint
// waiting, charged to owner (the pool's fairness between people): the
// post-game analyses (package sessions/analyses) run so. An error once the
// Manager is closed.
func (m *Manager) Background(owner string, job func()) error {
	_, err := m.bots.pool.TrySubmitClass(owner, fairpool.Background, func(Engine) { job() })
	return err
}

// Lifetime is the Manager's context, cancelled by Close.
func (m *Manager) Lifetime() context.Context { return m.env.ctx }
