// Package sessions holds the live games: who plays, whose turn it is, the
// bot's moves (computed in a bounded worker pool), clocks and idle forfeits,
// and persistence through a Store. It knows no language and no platform: it
// returns structured results, errors and Events that package chat translates.
package sessions

import (
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"slices"
	"sort"
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
	// with a game locked, and must be safe for concurrent use.
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
	// IdleCheck is how often idle games and clocks are looked at (default:
	// a twentieth of IdleForfeit, between 10ms and DefaultClockCheck).
	IdleCheck time.Duration
	Logger    *slog.Logger
	// Shared: other processes use the same store (shared.go). A game is
	// read from the store before it is acted on, a change made on a stale
	// copy is refused by the store and tried again on the game reloaded,
	// the games of a channel started elsewhere are loaded when the
	// channel is met, and the clocks are looked at by one process at a
	// time (the holder of a lease), over every game of the store.
	Shared bool
	// Instance names this process as a lease holder (default: random).
	Instance string
	// AdoptAfter: in the shared mode, a bot move waited for this long is
	// searched by the sweeping process (default DefaultAdoptAfter).
	AdoptAfter time.Duration
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
// dama position with one piece each is drawn): Status says how. It is an
// ErrBadStart.
type OverAtStartError struct {
	Game   games.Game
	Status ai.Status
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
type Manager struct {
	cfg    Config
	log    *slog.Logger
	pool   *pool
	ctx    context.Context
	cancel context.CancelFunc
	done   chan struct{}
	// unreachable is when (UnixNano) a wait for the store to answer a
	// read gave up, 0 once it answers again: an outage is waited out once.
	unreachable atomic.Int64
	// forgotUpdates is when the sweep last dropped old applied updates
	// (its goroutine's alone).
	forgotUpdates time.Time

	mu         sync.Mutex
	games      map[int64]*live
	byChannel  map[chanKey][]*live
	challenges map[chanKey][]Challenge
	channels   map[chanKey]ChannelSettings
	resumed    map[string]bool
	closed     bool
	// paused: the games whose clocks were stopped for a downtime, to
	// announce at their platform's Resume.
	paused map[int64]time.Duration
	// skipped: the stored rows start-up could not read (set in New).
	skipped []SkippedRow

	// tmu serialises the tournaments (across the processes in the shared
	// mode: shared.go); lock order tmu, then live.mu, then mu.
	tmu      fleetMutex
	tourneys map[chanKey]*TournamentRecord // registering or running, one per channel
	// rmu serialises rating updates (read, compute, write).
	rmu sync.Mutex
	// diceMu serialises the use of cfg.Dice.
	diceMu sync.Mutex
	// mmu serialises matches' updates (read, count, write).
	mmu sync.Mutex
	// hosts caches each game's games.Host by name.
	hosts sync.Map
}

// New restores every unfinished game from the store and starts the workers.
// Bot moves of restored games start with Resume (once a platform can
// receive the replies).
func New(cfg Config) (*Manager, error) {
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
	if cfg.Notify == nil {
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
	if cfg.AdoptAfter <= 0 {
		cfg.AdoptAfter = DefaultAdoptAfter
	}
	if cfg.IdleCheck <= 0 {
		cfg.IdleCheck = DefaultClockCheck
		if cfg.IdleForfeit > 0 {
			cfg.IdleCheck = min(max(cfg.IdleForfeit/20, 10*time.Millisecond), DefaultClockCheck)
		}
	}
	m := &Manager{
		cfg:        cfg,
		log:        cfg.Logger,
		done:       make(chan struct{}),
		games:      map[int64]*live{},
		byChannel:  map[chanKey][]*live{},
		challenges: map[chanKey][]Challenge{},
		channels:   map[chanKey]ChannelSettings{},
		resumed:    map[string]bool{},
		paused:     map[int64]time.Duration{},
		tourneys:   map[chanKey]*TournamentRecord{},
	}
	m.tmu.m = m
	m.ctx, m.cancel = context.WithCancel(context.Background())
	if err := m.restore(); err != nil {
		m.cancel()
		return nil, err
	}
	m.pool = newPool(cfg.Workers, cfg.NewEngine, m.log)
	go m.idleLoop()
	return m, nil
}

// restore loads the unfinished games, challenges and tournaments. Rows it
// cannot read are skipped and reported (one bad row must not stop the bot),
// and the time the bot was down is credited to the games' clocks.
func (m *Manager) restore() error {
	lives, skipped, err := loadGames(m.ctx, m.cfg.Store, m.cfg.Games, m.newLive)
	if err != nil {
		return fmt.Errorf("sessions: restore: %w", err)
	}
	m.skipped = skipped
	for _, l := range lives {
		m.index(l)
	}
	if len(lives) > 0 {
		m.log.Info("restored games", "count", len(lives))
	}
	m.creditRestart()
	if err := m.restoreChallenges(); err != nil {
		return err
	}
	if err := m.restoreTournaments(); err != nil {
		return err
	}
	m.reportSkipped()
	return nil
}

func (m *Manager) index(l *live) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.games[l.id] = l
	m.byChannel[l.key] = append(m.byChannel[l.key], l)
}

// unindex forgets a finished game (it stays in the store).
func (m *Manager) unindex(l *live) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.games, l.id)
	list := m.byChannel[l.key]
	if i := slices.Index(list, l); i >= 0 {
		list = slices.Delete(list, i, i+1)
	}
	if len(list) == 0 {
		delete(m.byChannel, l.key)
	} else {
		m.byChannel[l.key] = list
	}
}

// save writes the game through where a change cannot be refused any more
// (a tournament's decision about its games, made since cp); l.mu must be
// held. A failing store is logged: the game goes on in memory, at the
// stored version, so that its next change saves this one with it. If
// another process saved the game first, the game is reloaded and
// ErrConflict returned: the caller decides again on the new state.
// Player actions use commit.
func (m *Manager) save(l *live, cp state) error {
	l.rec.Version++
	err := m.cfg.Store.SaveGame(m.ctx, l.rec)
	switch {
	case errors.Is(err, ErrConflict):
		m.reload(l, cp)
		return err
	case err != nil:
		m.log.Error("saving game", "id", l.rec.ID, "err", err)
		l.rec.Version--
	}
	return nil
}

// commit writes through a change made since cp (write-ahead: nothing is
// acknowledged, to the player or to the bot's search, before the store has
// it); l.mu must be held. If the store fails, the change is taken back and
// the error wraps ErrNotSaved. If another process saved the game first,
// the game is reloaded from the store and the error wraps ErrConflict too
// (the action may be tried again on the new state).
func (m *Manager) commit(ctx context.Context, l *live, cp state) error {
	l.rec.Version++
	l.rec.Update = takeUpdate(ctx)
	defer func() { l.rec.Update = UpdateKey{} }()
	err := m.cfg.Store.SaveGame(m.ctx, l.rec)
	if err != nil {
		giveUpdate(ctx, l.rec.Update)
	}
	switch {
	case err == nil:
		return nil
	case errors.Is(err, ErrDuplicate):
		// This update was applied before (by this process before a restart,
		// or by another): nothing changes.
		m.log.Info("update applied before, not again", "id", l.rec.ID, "update", l.rec.Update.ID)
		l.state = cp
		return err
	case errors.Is(err, ErrConflict):
		m.log.Info("game saved elsewhere first, reloaded", "id", l.rec.ID)
		m.reload(l, cp)
		return fmt.Errorf("%w: %w", ErrNotSaved, err)
	}
	if m.landed(l.rec, errors.Is(err, ErrUncertain)) {
		// The store took the change and its answer was lost (a network
		// database dropped the connection after the commit): the change
		// stands, and saying otherwise would be untrue once it is read back.
		m.log.Warn("saving game reported an error, but the change was stored", "id", l.rec.ID, "err", err)
		return nil
	}
	m.log.Error("saving game failed, change taken back", "id", l.rec.ID, "err", err)
	l.state = cp // the version comes back too: a bot search begun on it is still valid
	return fmt.Errorf("%w: %v", ErrNotSaved, err)
}

// landedPatience bounds the wait for a database to come back when a save's
// outcome is unknown (ErrUncertain): a restart takes about a second.
const landedPatience = 5 * time.Second

// landed reports whether rec, whose save failed, is stored all the same:
// the store answers a read, and holds rec's version with rec's history and
// time of the last move (another process's save of that version would
// differ in them). A store that cannot be read says no, at once unless
// the save's outcome is uncertain: then it is read again until it
// answers or landedPatience has passed (the game waits meanwhile: its
// state is unknown). Once such a wait has given up, the next ones do not
// wait until the store answers again: an outage costs one wait, not one a
// move.
func (m *Manager) landed(rec GameRecord, uncertain bool) bool {
	if at := m.unreachable.Load(); at != 0 && time.Since(time.Unix(0, at)) < 10*landedPatience {
		uncertain = false
	}
	deadline := time.Now().Add(landedPatience)
	for {
		got, err := m.cfg.Store.Game(m.ctx, rec.ID)
		if err == nil {
			m.unreachable.Store(0)
			return got.Version == rec.Version && got.LastMove.Equal(storedTime(rec.LastMove)) &&
				slices.Equal(got.Moves, rec.Moves) && got.Result == rec.Result
		}
		if !uncertain || time.Now().After(deadline) || m.ctx.Err() != nil {
			if uncertain {
				m.unreachable.Store(time.Now().UnixNano())
				m.log.Error("a save's outcome is unknown and the game cannot be read: taken as not saved", "id", rec.ID, "err", err)
			}
			return false
		}
		select {
		case <-m.ctx.Done():
		case <-time.After(100 * time.Millisecond):
		}
	}
}

func (m *Manager) emit(evs ...Event) {
	for _, ev := range evs {
		m.cfg.Notify(ev)
	}
}

// liveGames returns the live games of a platform ("" for all), by id. It
// reads only what never changes in a game (its id, its channel), so it takes
// no game's lock: a game's state may be replaced whole at any time (a change
// taken back).
func (m *Manager) liveGames(platform string) []*live {
	m.mu.Lock()
	defer m.mu.Unlock()
	ids := make([]int64, 0, len(m.games))
	for id, l := range m.games {
		if platform == "" || l.key.platform == platform {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	list := make([]*live, len(ids))
	for i, id := range ids {
		list[i] = m.games[id]
	}
	return list
}

// get finds a live game by id; in the shared mode, a game this process
// does not hold is loaded from the store.
func (m *Manager) get(id int64) (*live, error) {
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return nil, ErrClosed
	}
	l, ok := m.games[id]
	m.mu.Unlock()
	switch {
	case ok:
		return l, nil
	case m.cfg.Shared:
		return m.load(id)
	}
	return nil, ErrNoGame
}

// Get returns a snapshot of an unfinished game.
func (m *Manager) Get(id int64) (Snapshot, error) {
	l, err := m.get(id)
	if err != nil {
		return Snapshot{}, err
	}
	m.lockFresh(l)
	defer l.mu.Unlock()
	if l.rec.Result.Over && m.cfg.Shared {
		return Snapshot{}, ErrNoGame // ended elsewhere: Finished's
	}
	return l.snapshot(), nil
}

// ChannelGames returns the unfinished games of a channel, oldest first.
func (m *Manager) ChannelGames(platform, channelID string) []Snapshot {
	m.syncChannel(chanKey{platform, channelID})
	m.mu.Lock()
	list := slices.Clone(m.byChannel[chanKey{platform, channelID}])
	m.mu.Unlock()
	out := make([]Snapshot, 0, len(list))
	for _, l := range list {
		l.mu.Lock()
		if !l.rec.Result.Over {
			out = append(out, l.snapshot())
		}
		l.mu.Unlock()
	}
	return out
}

// Find returns userID's unfinished games in a channel, the most relevant
// first: games where it is their turn, then the most recently moved.
func (m *Manager) Find(platform, channelID, userID string) []Snapshot {
	all := m.ChannelGames(platform, channelID)
	out := all[:0]
	for _, s := range all {
		if s.SideOf(userID) != ai.NoSide {
			out = append(out, s)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		ti := out[i].Turn == out[i].SideOf(userID)
		tj := out[j].Turn == out[j].SideOf(userID)
		if ti != tj {
			return ti
		}
		return out[i].LastMove.After(out[j].LastMove)
	})
	return out
}

// LastFinished returns userID's last finished game in the channel, as
// stored (for "history" and "board" after the end, across restarts).
func (m *Manager) LastFinished(ctx context.Context, platform, channelID, userID string) (Snapshot, bool) {
	rec, err := m.cfg.Store.LastFinished(ctx, platform, channelID, userID)
	if err != nil {
		if !errors.Is(err, ErrNotFound) {
			m.log.Error("loading the last finished game", "err", err)
		}
		return Snapshot{}, false
	}
	return m.storedSnapshot(rec)
}

// Finished returns finished game id as stored (for "board #g7" and
// "history #g7" after the end, across restarts). ok is false for a game
// that does not exist or is not over: an unfinished game is Get's.
func (m *Manager) Finished(ctx context.Context, id int64) (Snapshot, bool) {
	rec, err := m.cfg.Store.Game(ctx, id)
	if err != nil {
		if !errors.Is(err, ErrNotFound) {
			m.log.Error("loading a finished game", "id", id, "err", err)
		}
		return Snapshot{}, false
	}
	if !rec.Result.Over {
		return Snapshot{}, false
	}
	return m.storedSnapshot(rec)
}

// storedSnapshot rebuilds a stored game's snapshot by replaying its moves.
func (m *Manager) storedSnapshot(rec GameRecord) (Snapshot, bool) {
	g, ok := m.cfg.Games.Lookup(rec.Game)
	if !ok {
		return Snapshot{}, false
	}
	l := m.newLive(rec, g)
	if err := l.replay(rec.Moves); err != nil {
		m.log.Error("replaying a stored game", "id", rec.ID, "err", err)
		return Snapshot{}, false
	}
	return l.snapshot(), true
}

// pairGame returns the unfinished casual game of g in the channel between
// a and b (tournament games do not count: they are not the players'
// choice). Two people may have games of different kinds going at once
// (a tic-tac-toe left open does not stop a game of dama); a bare move goes
// to the one whose notation it is.
func (m *Manager) pairGame(key chanKey, a, b Player, g games.Game) *live {
	m.syncChannel(key)
	m.mu.Lock()
	list := slices.Clone(m.byChannel[key])
	m.mu.Unlock()
	same := func(p, q Player) bool { return p.Bot == q.Bot && p.ID == q.ID }
	for _, l := range list {
		l.mu.Lock()
		p := l.rec.Players
		over := l.rec.Result.Over || l.rec.Tournament != 0 || l.rec.Game != g.Name()
		l.mu.Unlock()
		if !over && ((same(p[0], a) && same(p[1], b)) || (same(p[0], b) && same(p[1], a))) {
			return l
		}
	}
	return nil
}

// create starts a game from rec's platform, channel, players, level, time
// control, language, tournament link and rated flag.
func (m *Manager) create(ctx context.Context, rec GameRecord, g games.Game, ref string) (Snapshot, error) {
	now := storedTime(m.cfg.Now())
	pos, err := startPosition(g, rec.Start)
	if err != nil {
		return Snapshot{}, err
	}
	if st := pos.Status(); st.Over {
		return Snapshot{}, &OverAtStartError{Game: g, Status: st}
	}
	if rec.Start != "" || g.Players() == 1 || m.policy(g).Unrated {
		rec.Rated = false // a chosen position says nothing about strength; a puzzle has no opponent
	}
	rec.Game, rec.Moves = g.Name(), []string{}
	rec.Started, rec.LastMove, rec.DrawOffer, rec.TakebackOffer = now, now, ai.NoSide, ai.NoSide
	rec.Result = Result{Winner: ai.NoSide}
	rec.Left = rec.TimeControl.clockStart()
	if g.Players() == 1 {
		rec.Optimal = -1
		if s, ok := pos.(games.Solver); ok {
			if n, ok := s.OptimalLength(); ok {
				rec.Optimal = n
			}
		}
	}
	// A game that begins with dice (tavla's opening roll) has them rolled
	// and recorded before anyone sees it.
	st := state{rec: rec, game: g, pos: pos}
	m.roll(&st, now)
	rec = st.rec
	rec.Version = 1 // announced by the reply that starts it
	rec.Update = takeUpdate(ctx)
	id, err := m.cfg.Store.CreateGame(ctx, rec)
	if err != nil {
		giveUpdate(ctx, rec.Update)
		return Snapshot{}, err
	}
	rec.Update = UpdateKey{}
	rec.ID = id
	l := m.newLive(rec, g)
	l.pos, l.sides = st.pos, st.sides
	l.mu.Lock()
	defer l.mu.Unlock()
	m.index(l)
	snap := l.snapshot()
	if l.botToMove() {
		m.queueBot(l, ref, holdOf(ctx))
	}
	return snap, nil
}

// Resume settles the platform's games that ended while the bot was down,
// starts the tournament games a crash left uncreated and the bot's pending
// moves in the restored games (once per platform): call it when the
// platform can receive replies.
func (m *Manager) Resume(platform string) {
	m.mu.Lock()
	if m.resumed[platform] || m.closed {
		m.mu.Unlock()
		return
	}
	m.resumed[platform] = true
	m.mu.Unlock()
	// Ends the bot missed first (they may pair a tournament's next round),
	// then the tournament games a crash left uncreated.
	m.settleStored(platform)
	m.resumeTournaments(platform)
	m.announceResumed(platform)
	for _, l := range m.liveGames(platform) {
		l.mu.Lock()
		if l.botToMove() {
			m.queueBot(l, "", nil)
		}
		l.mu.Unlock()
	}
}

// Wait blocks until no bot move or hint is queued or running (and their
// events have been delivered), or ctx is done.
func (m *Manager) Wait(ctx context.Context) error { return m.pool.wait(ctx) }

// Close cancels running searches and stops the workers. It does not close
// the Store (whoever opened it does).
func (m *Manager) Close() error {
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return nil
	}
	m.closed = true
	m.mu.Unlock()
	m.cancel()
	m.pool.close()
	<-m.done
	m.releaseSweep()
	// The stop time, exactly: the next start credits the clocks from it.
	m.beat(context.Background(), m.cfg.Now())
	return nil
}
