// Package sessions holds the live games: who plays, whose turn it is, the
// bot's moves (computed in a bounded worker pool), clocks and idle forfeits,
// and persistence through a Store. It knows no language and no platform: it
// returns structured results, errors and Events that package chat translates.
package sessions

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"sync"
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
	// Seed seeds the bot's per-game random choices (deliberate mistakes at
	// easy levels); with a fixed seed a game is reproducible at fixed depth.
	Seed uint64
	// IdleCheck is how often idle games and clocks are looked at (default:
	// a twentieth of IdleForfeit, between 10ms and DefaultClockCheck).
	IdleCheck time.Duration
	Logger    *slog.Logger
}

// Errors of the Manager's operations. Use errors.Is; PlayingError carries the
// game in the way.
var (
	ErrNoGame          = errors.New("sessions: no such game")
	ErrNotPlayer       = errors.New("sessions: not a player of this game")
	ErrNotYourTurn     = errors.New("sessions: not your turn")
	ErrGameOver        = errors.New("sessions: the game is over")
	ErrAlreadyPlaying  = errors.New("sessions: already playing")
	ErrNoChallenge     = errors.New("sessions: no challenge to answer")
	ErrSelfChallenge   = errors.New("sessions: cannot challenge yourself")
	ErrNotVsBot        = errors.New("sessions: only in a game against the bot")
	ErrNotPvP          = errors.New("sessions: only in a game between people")
	ErrNothingToUndo   = errors.New("sessions: nothing to undo")
	ErrNoDrawOffer     = errors.New("sessions: no draw offer")
	ErrUnknownLevel    = errors.New("sessions: unknown level")
	ErrClosed          = errors.New("sessions: closed")
	ErrOnePlayerGame   = errors.New("sessions: a one-player game has no opponent")
	ErrUnknownGameName = errors.New("sessions: unknown game")
	// ErrRatedGame: hints are only for casual games against the bot.
	ErrRatedGame = errors.New("sessions: not in a game between people or a tournament game")
	// ErrTournamentGame: undo is not allowed in a tournament game.
	ErrTournamentGame = errors.New("sessions: not in a tournament game")
	// ErrNotSaved: the store refused the change (a full disk, a lost
	// database); the game is as it was before the request.
	ErrNotSaved = errors.New("sessions: the change could not be saved")
)

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
	// EventNotSaved: the bot's move could not be saved and was not played;
	// it is searched again after botRetryDelay.
	EventNotSaved
	// EventClockResumed: the game's clock was stopped for Down while the
	// bot (or its platform) was down, and runs again.
	EventClockResumed
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
	Down   time.Duration // EventClockResumed: how long the clock was stopped
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
}

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
}

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
	if t := s.Turn; !s.Result.Over && (t == ai.First || t == ai.Second) {
		left[t], _ = tc.allowance(s.Left[t], s.LastMove, now)
		left[t] = max(left[t], 0)
	}
	return left, true
}

// Tag is the game's short id shown in replies ("g7").
func (s Snapshot) Tag() string { return "g" + strconv.FormatInt(s.ID, 10) }

// SideOf returns the side userID plays, or NoSide.
func (s Snapshot) SideOf(userID string) ai.Side {
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

// Challenge is an invitation to a game between two people.
type Challenge struct {
	Platform    string
	ChannelID   string
	From, To    Player
	Game        games.Game
	Side        ai.Side // the side From plays (First unless asked)
	TimeControl TimeControl
	Lang        string // kept for the game's replies
	Created     time.Time
}

type chanKey struct{ platform, channel string }

// live is a game in memory. mu serialises everything done to it; lock order
// is live.mu before Manager.mu, never the reverse.
type live struct {
	mu       sync.Mutex
	rec      GameRecord
	game     games.Game
	pos      games.Position
	sides    []ai.Side
	path     []string
	captured []string
	version  uint64 // bumped on every change; a bot job applies only to the version it saw
	botBusy  bool   // a bot move is queued or running
	reminded bool   // the player to move has had their reminder
	// retryBot: the bot's last move could not be saved; the idle loop asks
	// for it again from this time on.
	retryBot time.Time
	rng      *rand.Rand
	key      chanKey
}

// Manager owns the live games. Safe for concurrent use.
type Manager struct {
	cfg    Config
	log    *slog.Logger
	pool   *pool
	ctx    context.Context
	cancel context.CancelFunc
	done   chan struct{}

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

	// tmu serialises the tournaments; lock order tmu, then live.mu, then mu.
	tmu      sync.Mutex
	tourneys map[chanKey]*TournamentRecord // registering or running, one per channel
	// rmu serialises rating updates (read, compute, write).
	rmu sync.Mutex
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
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
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

func (m *Manager) newLive(rec GameRecord, g games.Game) *live {
	return &live{
		rec:  rec,
		game: g,
		rng:  rand.New(rand.NewPCG(m.cfg.Seed, uint64(rec.ID))),
		key:  chanKey{rec.Platform, rec.ChannelID},
	}
}

// replay rebuilds the position by playing moves from the start position, so
// that a restored or undone game is exactly what the rules make of it.
func (l *live) replay(moves []string) error {
	pos := l.game.Start()
	sides := make([]ai.Side, 0, len(moves))
	var path, captured []string
	for i, s := range moves {
		mv, err := pos.ParseMove(s)
		if err != nil {
			return fmt.Errorf("move %d %q: %w", i+1, s, err)
		}
		if h, ok := pos.(games.Highlighter); ok && i == len(moves)-1 {
			path, captured = h.MoveSquares(mv)
		}
		sides = append(sides, pos.Turn())
		pos.Make(mv)
	}
	l.pos, l.sides, l.path, l.captured = pos, sides, path, captured
	l.rec.Moves = slices.Clone(moves)
	return nil
}

func (m *Manager) index(l *live) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.games[l.rec.ID] = l
	m.byChannel[l.key] = append(m.byChannel[l.key], l)
}

// unindex forgets a finished game (it stays in the store).
func (m *Manager) unindex(l *live) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.games, l.rec.ID)
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

// snapshot copies the game's state; l.mu must be held.
func (l *live) snapshot() Snapshot {
	s := Snapshot{
		ID:              l.rec.ID,
		Game:            l.game,
		Platform:        l.rec.Platform,
		ChannelID:       l.rec.ChannelID,
		Players:         l.rec.Players,
		Level:           l.rec.Level,
		Moves:           slices.Clone(l.rec.Moves),
		Sides:           slices.Clone(l.sides),
		Board:           l.pos.Board(),
		Turn:            l.pos.Turn(),
		Result:          l.rec.Result,
		LastPath:        slices.Clone(l.path),
		LastCaptured:    slices.Clone(l.captured),
		DrawOffer:       l.rec.DrawOffer,
		Clocks:          l.rec.Clocks,
		LastMove:        l.rec.LastMove,
		TimeControl:     l.rec.TimeControl,
		Left:            l.rec.Left,
		Lang:            l.rec.Lang,
		Tournament:      l.rec.Tournament,
		TournamentRound: l.rec.Round,
		TournamentBoard: l.rec.Board,
		Rated:           l.rec.Rated,
		Version:         l.rec.Version,
	}
	if !s.Result.Over {
		buf := l.pos.Moves(make([]ai.Move, 0, ai.MaxMoves))
		s.Legal = make([]string, len(buf))
		for i, mv := range buf {
			s.Legal[i] = l.pos.FormatMove(mv)
		}
		sort.Strings(s.Legal)
	}
	return s
}

func (l *live) sideOf(userID string) ai.Side {
	for i, p := range l.rec.Players {
		if !p.Bot && p.ID == userID {
			return ai.Side(i)
		}
	}
	return ai.NoSide
}

func (l *live) vsBot() bool { return l.rec.Players[0].Bot || l.rec.Players[1].Bot }

func (l *live) botSide() ai.Side {
	for i, p := range l.rec.Players {
		if p.Bot {
			return ai.Side(i)
		}
	}
	return ai.NoSide
}

// botLevel is the level of the bot to move: its own, else the game's.
func (l *live) botLevel() string {
	if t := l.pos.Turn(); (t == ai.First || t == ai.Second) && l.rec.Players[t].Level != "" {
		return l.rec.Players[t].Level
	}
	return l.rec.Level
}

func (l *live) botToMove() bool {
	t := l.pos.Turn()
	return !l.rec.Result.Over && (t == ai.First || t == ai.Second) && l.rec.Players[t].Bot
}

// apply plays a legal move; l.mu must be held. It updates clocks, the draw
// offer (a move by the other side declines it) and the result.
func (l *live) apply(mv ai.Move, now time.Time) string {
	side := l.pos.Turn()
	text := l.pos.FormatMove(mv)
	l.path, l.captured = nil, nil
	if h, ok := l.pos.(games.Highlighter); ok {
		l.path, l.captured = h.MoveSquares(mv)
	}
	l.pos.Make(mv)
	l.rec.Moves = append(l.rec.Moves, text)
	l.sides = append(l.sides, side)
	now = storedTime(now)
	if side == ai.First || side == ai.Second {
		var spent time.Duration
		if !l.rec.LastMove.IsZero() && now.After(l.rec.LastMove) {
			spent = now.Sub(l.rec.LastMove)
		}
		l.rec.Clocks[side] += spent
		if tc := l.rec.TimeControl; tc.Base > 0 {
			l.rec.Left[side] -= spent
			if l.pos.Turn() != side { // the turn is over: the increment
				l.rec.Left[side] += tc.Increment
			}
		}
	}
	l.rec.LastMove = now
	l.reminded = false
	if l.rec.DrawOffer != ai.NoSide && l.rec.DrawOffer != side {
		l.rec.DrawOffer = ai.NoSide
	}
	if st := l.pos.Status(); st.Over {
		l.rec.Result = Result{Over: true, Winner: st.Winner, Reason: st.Reason}
	}
	l.version++
	return text
}

// bothMoved reports whether each side has made a move; l.mu must be held.
func (l *live) bothMoved() bool {
	return slices.Contains(l.sides, ai.First) && slices.Contains(l.sides, ai.Second)
}

// storedTime drops what the store does not keep (below a millisecond, the
// monotonic reading), so that a restored game equals the one in memory.
func storedTime(t time.Time) time.Time { return time.UnixMilli(t.UnixMilli()) }

// end finishes the game with a session result; l.mu must be held.
func (l *live) end(winner ai.Side, reason string, now time.Time) {
	l.rec.Result = Result{Over: true, Winner: winner, Reason: reason}
	l.rec.DrawOffer = ai.NoSide
	l.rec.LastMove = storedTime(now)
	l.version++
}

// flagged reports whether the player to move has run out of time at now.
// The bot never loses on time. l.mu must be held.
func (l *live) flagged(now time.Time) bool {
	t := l.pos.Turn()
	if l.rec.Result.Over || (t != ai.First && t != ai.Second) || l.rec.Players[t].Bot {
		return false
	}
	left, ok := l.rec.TimeControl.allowance(l.rec.Left[t], l.rec.LastMove, now)
	return ok && left <= 0
}

// flag ends the game as a loss on time for the side to move; l.mu must be held.
func (l *live) flag(now time.Time) {
	t := l.pos.Turn()
	left, _ := l.rec.TimeControl.allowance(l.rec.Left[t], l.rec.LastMove, now)
	spent := max(now.Sub(l.rec.LastMove), 0)
	l.rec.Clocks[t] += spent
	if l.rec.TimeControl.Base > 0 {
		l.rec.Left[t] = min(left, 0)
	}
	l.timeOut(ReasonTime, now)
}

// timeOut ends the game for the side to move's idleness or fallen flag: a
// loss, or, outside tournaments, no result when that side never moved (a
// game started and left, as with a resignation before one's first move).
// l.mu must be held.
func (l *live) timeOut(reason string, now time.Time) {
	t := l.pos.Turn()
	if l.rec.Tournament == 0 && !slices.Contains(l.sides, t) {
		l.end(ai.NoSide, ReasonAbandoned, now)
		return
	}
	l.end(t.Opponent(), reason, now)
}

// save writes the game through where a change cannot be refused any more
// (a tournament's decision about its games); l.mu must be held. A failing
// store is logged: the game goes on in memory. Player actions use commit.
func (m *Manager) save(l *live) {
	l.rec.Version++
	if err := m.cfg.Store.SaveGame(m.ctx, l.rec); err != nil {
		m.log.Error("saving game", "id", l.rec.ID, "err", err)
	}
}

// checkpoint is a live game's state before a change, to take the change
// back when it cannot be saved.
type checkpoint struct {
	rec            GameRecord
	pos            games.Position
	sides          []ai.Side
	path, captured []string
	version        uint64
	reminded       bool
}

// checkpoint copies the state; l.mu must be held.
func (l *live) checkpoint() checkpoint {
	rec := l.rec
	rec.Moves = slices.Clone(l.rec.Moves)
	return checkpoint{rec: rec, pos: l.pos.Clone(), sides: slices.Clone(l.sides), path: l.path,
		captured: l.captured, version: l.version, reminded: l.reminded}
}

// rollback restores a checkpoint; l.mu must be held. The version comes back
// too: a bot search begun on that state is still valid.
func (l *live) rollback(c checkpoint) {
	l.rec, l.pos, l.sides, l.path, l.captured = c.rec, c.pos, c.sides, c.path, c.captured
	l.version, l.reminded = c.version, c.reminded
}

// commit writes through a change made since cp (write-ahead: nothing is
// acknowledged, to the player or to the bot's search, before the store has
// it); l.mu must be held. If the store fails, the change is taken back and
// the error wraps ErrNotSaved.
func (m *Manager) commit(l *live, cp checkpoint) error {
	l.rec.Version++
	if err := m.cfg.Store.SaveGame(m.ctx, l.rec); err != nil {
		m.log.Error("saving game failed, change taken back", "id", l.rec.ID, "err", err)
		l.rollback(cp)
		return fmt.Errorf("%w: %v", ErrNotSaved, err)
	}
	return nil
}

func (m *Manager) emit(evs ...Event) {
	for _, ev := range evs {
		m.cfg.Notify(ev)
	}
}

// get finds a live game by id.
func (m *Manager) get(id int64) (*live, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil, ErrClosed
	}
	l, ok := m.games[id]
	if !ok {
		return nil, ErrNoGame
	}
	return l, nil
}

// Get returns a snapshot of an unfinished game.
func (m *Manager) Get(id int64) (Snapshot, error) {
	l, err := m.get(id)
	if err != nil {
		return Snapshot{}, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.snapshot(), nil
}

// ChannelGames returns the unfinished games of a channel, oldest first.
func (m *Manager) ChannelGames(platform, channelID string) []Snapshot {
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

// pairGame returns the unfinished casual game in the channel between a and
// b (tournament games do not count: they are not the players' choice).
func (m *Manager) pairGame(key chanKey, a, b Player) *live {
	m.mu.Lock()
	list := slices.Clone(m.byChannel[key])
	m.mu.Unlock()
	same := func(p, q Player) bool { return p.Bot == q.Bot && p.ID == q.ID }
	for _, l := range list {
		l.mu.Lock()
		p := l.rec.Players
		over := l.rec.Result.Over || l.rec.Tournament != 0
		l.mu.Unlock()
		if !over && ((same(p[0], a) && same(p[1], b)) || (same(p[0], b) && same(p[1], a))) {
			return l
		}
	}
	return nil
}

func (m *Manager) bot() Player { return Player{ID: BotID, Name: m.cfg.BotName, Bot: true} }

// BotGame asks for a game against the bot.
type BotGame struct {
	Platform  string
	ChannelID string
	Player    Player
	Game      games.Game
	Level     string  // a level name (any language ai.ParseLevel accepts); "" for the channel's default
	Side      ai.Side // the side the person plays; NoSide means First
	Ref       string  // the request's Message.Ref, carried by the bot's first move
	Lang      string  // kept for the game's replies
}

// StartVsBot starts a game against the bot. If the bot moves first its move
// is queued at once.
func (m *Manager) StartVsBot(ctx context.Context, req BotGame) (Snapshot, error) {
	if req.Game.Players() < 2 {
		return Snapshot{}, ErrOnePlayerGame
	}
	level := req.Level
	if level == "" {
		level = m.Channel(ctx, req.Platform, req.ChannelID).Level
	}
	if level == "" {
		level = DefaultLevel
	}
	lvl, ok := ai.ParseLevel(level)
	if !ok {
		return Snapshot{}, ErrUnknownLevel
	}
	side := req.Side
	if side != ai.Second {
		side = ai.First
	}
	key := chanKey{req.Platform, req.ChannelID}
	if l := m.pairGame(key, req.Player, m.bot()); l != nil {
		l.mu.Lock()
		defer l.mu.Unlock()
		return Snapshot{}, &PlayingError{Game: l.snapshot()}
	}
	var players [2]Player
	players[side] = req.Player
	players[side.Opponent()] = m.bot()
	return m.create(ctx, GameRecord{Platform: key.platform, ChannelID: key.channel, Game: req.Game.Name(),
		Players: players, Level: lvl.Name, Lang: req.Lang, Rated: true}, req.Game, req.Ref)
}

// create starts a game from rec's platform, channel, players, level, time
// control, language, tournament link and rated flag.
func (m *Manager) create(ctx context.Context, rec GameRecord, g games.Game, ref string) (Snapshot, error) {
	now := storedTime(m.cfg.Now())
	rec.Game, rec.Moves = g.Name(), []string{}
	rec.Started, rec.LastMove, rec.DrawOffer = now, now, ai.NoSide
	rec.Result = Result{Winner: ai.NoSide}
	rec.Left = rec.TimeControl.clockStart()
	rec.Version = 1 // announced by the reply that starts it
	id, err := m.cfg.Store.CreateGame(ctx, rec)
	if err != nil {
		return Snapshot{}, err
	}
	rec.ID = id
	l := m.newLive(rec, g)
	l.pos = g.Start()
	l.mu.Lock()
	defer l.mu.Unlock()
	m.index(l)
	snap := l.snapshot()
	if l.botToMove() {
		m.queueBot(l, ref, holdOf(ctx))
	}
	return snap, nil
}

// queueBot submits the bot's move; l.mu must be held. The move is announced
// only once hold (if not nil) is closed: the bot's opening move, or its
// first move in a new round, never arrives before the reply or the round's
// announcement that starts the game.
func (m *Manager) queueBot(l *live, ref string, hold <-chan struct{}) {
	if l.botBusy {
		return
	}
	l.botBusy = true
	snap := l.snapshot()
	announced := make(chan struct{})
	queued := m.pool.submit(m.botJob(l, ref, snap, announced))
	m.announceQueued(queued, Event{Kind: EventThinking, Game: snap, Ref: ref, Queued: true}, hold, announced)
}

// announceQueued tells the players that a job waits for a busy pool, once
// hold (if not nil) is closed. The notice is emitted from a goroutine (the
// caller holds a game's lock, and Notify may call back into the Manager);
// done closes once it is out, and the job waits for that before announcing
// its result, so a "queued" notice never arrives after the answer it
// announces, and the answer never before hold.
func (m *Manager) announceQueued(queued bool, ev Event, hold <-chan struct{}, done chan struct{}) {
	if !queued && hold == nil {
		close(done)
		return
	}
	m.pool.track(func() {
		defer close(done)
		if hold != nil {
			m.afterAnnounced(hold)
		}
		if queued {
			m.emit(ev)
		}
	})
}

// afterAnnounced waits for a job's queued notice (see announceQueued), or for
// the Manager to close.
func (m *Manager) afterAnnounced(done <-chan struct{}) {
	select {
	case <-done:
	case <-m.ctx.Done():
	}
}

func (m *Manager) level(name string) ai.Level {
	if lvl, ok := ai.ParseLevel(name); ok {
		return lvl
	}
	lvl, _ := ai.ParseLevel(DefaultLevel)
	return lvl
}

// searchTimeout bounds a search whose level has no time limit, so that a bug
// cannot hold a worker forever.
const searchTimeout = time.Minute

func searchContext(parent context.Context, lvl ai.Level) (context.Context, context.CancelFunc) {
	d := searchTimeout
	if lvl.Limits.Time > 0 {
		d = 2*lvl.Limits.Time + 5*time.Second
	}
	return context.WithTimeout(parent, d)
}

// notice sends a "thinking" event if the job runs longer than the notice
// delay; stop prevents it from firing afterwards, so it never trails the move.
type notice struct {
	mu    sync.Mutex
	done  bool
	timer *time.Timer
}

func (m *Manager) startNotice(ev Event) *notice {
	n := &notice{}
	n.timer = time.AfterFunc(m.cfg.ThinkingNotice, func() {
		n.mu.Lock()
		defer n.mu.Unlock()
		if !n.done {
			m.emit(ev)
		}
	})
	return n
}

func (n *notice) stop() {
	n.timer.Stop()
	n.mu.Lock()
	n.done = true
	n.mu.Unlock()
}

func (m *Manager) botJob(l *live, ref string, snap Snapshot, announced <-chan struct{}) func(Engine) {
	return func(eng Engine) {
		l.mu.Lock()
		if !l.botToMove() {
			l.botBusy = false
			l.mu.Unlock()
			return
		}
		pos := l.pos.Clone()
		version := l.version
		lvl := m.level(l.botLevel())
		rng := l.rng // only one bot job per game runs at a time (botBusy)
		l.mu.Unlock()

		n := m.startNotice(Event{Kind: EventThinking, Game: snap, Ref: ref})
		ctx, cancel := searchContext(m.ctx, lvl)
		res := m.choose(ctx, eng, pos, lvl, rng)
		cancel()
		n.stop()

		l.mu.Lock()
		l.botBusy = false
		if l.version != version || !l.botToMove() || m.ctx.Err() != nil {
			// The game changed meanwhile (resigned, undone, forfeited), or the
			// Manager is closing: a cut-short search is not the bot's move.
			l.mu.Unlock()
			return
		}
		if !m.legal(l.pos, res.Best) {
			l.mu.Unlock()
			m.log.Error("engine returned no legal move", "id", l.rec.ID, "game", l.rec.Game)
			m.afterAnnounced(announced)
			m.emit(Event{Kind: EventBotFailed, Game: snap, Ref: ref})
			return
		}
		cp := l.checkpoint()
		text := l.apply(res.Best, m.cfg.Now())
		if err := m.commit(l, cp); err != nil {
			// Not played: the idle loop asks the engine again in a while.
			l.retryBot = m.cfg.Now().Add(botRetryDelay)
			l.mu.Unlock()
			m.afterAnnounced(announced)
			m.emit(Event{Kind: EventNotSaved, Game: snap, Ref: ref})
			return
		}
		l.retryBot = time.Time{}
		after := l.snapshot()
		over := l.rec.Result.Over
		if l.botToMove() { // multi-part turn, or a game between two bots
			m.queueBot(l, ref, nil)
		}
		l.mu.Unlock()
		var follow []Event
		// The bot's moves in a round this move completes wait for the
		// round's announcement.
		dctx, d := Defer(m.ctx)
		defer d.Release()
		if over {
			after, follow = m.endedQuiet(dctx, l)
		}
		m.afterAnnounced(announced)
		m.emit(Event{Kind: EventBotMoved, Game: after, Move: text, Ref: ref, Score: res.Score, Depth: res.Depth})
		m.emit(follow...)
		m.flush(d)
	}
}

// choose runs the engine; a panic in it (a bug in a game or the engine)
// counts as finding no move, so the game reports the failure instead of
// waiting forever for a move that never comes.
func (m *Manager) choose(ctx context.Context, eng Engine, pos games.Position, lvl ai.Level, rng *rand.Rand) (res ai.Result) {
	defer func() {
		if r := recover(); r != nil {
			m.log.Error("engine panicked", "panic", fmt.Sprint(r), "position", pos.String())
			res = ai.Result{}
		}
	}()
	return eng.Choose(ctx, pos, lvl, rng)
}

func (m *Manager) legal(pos games.Position, mv ai.Move) bool {
	if mv.IsNone() {
		return false
	}
	return slices.Contains(pos.Moves(make([]ai.Move, 0, ai.MaxMoves)), mv)
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
	m.mu.Lock()
	var list []*live
	for _, l := range m.games {
		if l.rec.Platform == platform {
			list = append(list, l)
		}
	}
	m.mu.Unlock()
	sort.Slice(list, func(i, j int) bool { return list[i].rec.ID < list[j].rec.ID })
	for _, l := range list {
		l.mu.Lock()
		if l.botToMove() {
			m.queueBot(l, "", nil)
		}
		l.mu.Unlock()
	}
}

// MoveResult is the outcome of a person's move.
type MoveResult struct {
	Game Snapshot // after the move
	Move string   // canonical text of the move played
	// BotToMove: the bot's reply has been queued (an EventBotMoved follows).
	BotToMove bool
	// Flagged: the mover's time had run out; the move was not played and
	// the game is lost on time (Game shows the result).
	Flagged bool
}

// lockSide returns game id locked, with userID's side in it, when userID
// plays in it (finished or not); otherwise the error (ErrNoGame,
// ErrNotPlayer) and nothing locked.
func (m *Manager) lockSide(id int64, userID string) (*live, ai.Side, error) {
	l, err := m.get(id)
	if err != nil {
		return nil, ai.NoSide, err
	}
	l.mu.Lock()
	side := l.sideOf(userID)
	if side == ai.NoSide {
		l.mu.Unlock()
		return nil, ai.NoSide, ErrNotPlayer
	}
	return l, side, nil
}

// lockPlayer returns game id locked, with userID's side in it, when the
// game is still going and userID plays in it; otherwise the error
// (ErrNoGame, ErrGameOver, ErrNotPlayer) and nothing locked.
func (m *Manager) lockPlayer(id int64, userID string) (*live, ai.Side, error) {
	l, err := m.get(id)
	if err != nil {
		return nil, ai.NoSide, err
	}
	l.mu.Lock()
	if l.rec.Result.Over {
		l.mu.Unlock()
		return nil, ai.NoSide, ErrGameOver
	}
	side := l.sideOf(userID)
	if side == ai.NoSide {
		l.mu.Unlock()
		return nil, ai.NoSide, ErrNotPlayer
	}
	return l, side, nil
}

// Move plays text as userID's move in game id. A refused move changes
// nothing. Errors: ErrNoGame, ErrNotPlayer, ErrNotYourTurn, ErrGameOver, or
// the game's *games.MoveError. ref is carried by the bot's reply.
func (m *Manager) Move(ctx context.Context, id int64, userID, text, ref string) (MoveResult, error) {
	l, side, err := m.lockPlayer(id, userID)
	if err != nil {
		return MoveResult{}, err
	}
	if l.pos.Turn() != side {
		l.mu.Unlock()
		return MoveResult{}, ErrNotYourTurn
	}
	now := m.cfg.Now()
	cp := l.checkpoint()
	if l.flagged(now) {
		l.flag(now)
		if err := m.commit(l, cp); err != nil {
			l.mu.Unlock()
			return MoveResult{}, err
		}
		l.mu.Unlock()
		return MoveResult{Game: m.ended(ctx, l), Flagged: true}, nil
	}
	mv, err := l.pos.ParseMove(text)
	if err != nil {
		l.mu.Unlock()
		return MoveResult{}, err
	}
	played := l.apply(mv, now)
	if err := m.commit(l, cp); err != nil {
		l.mu.Unlock()
		return MoveResult{}, err
	}
	res := MoveResult{Move: played}
	over := l.rec.Result.Over
	if l.botToMove() {
		m.queueBot(l, ref, holdOf(ctx))
		res.BotToMove = true
	}
	res.Game = l.snapshot()
	l.mu.Unlock()
	if over {
		res.Game = m.ended(ctx, l)
	}
	return res, nil
}

// CheckMove reports whether text is a legal move for userID now in game id,
// without playing it (for telling bare moves from chat).
func (m *Manager) CheckMove(id int64, userID, text string) error {
	l, side, err := m.lockPlayer(id, userID)
	if err != nil {
		return err
	}
	defer l.mu.Unlock()
	if l.pos.Turn() != side {
		return ErrNotYourTurn
	}
	_, err = l.pos.ParseMove(text)
	return err
}

// Resign ends game id as a loss for userID.
func (m *Manager) Resign(ctx context.Context, id int64, userID string) (Snapshot, error) {
	l, side, err := m.lockPlayer(id, userID)
	if err != nil {
		return Snapshot{}, err
	}
	cp := l.checkpoint()
	if l.rec.Tournament == 0 && !slices.Contains(l.sides, side) {
		// Nothing played yet: a game started by mistake ("oyna dama" for
		// "oyna xox") costs no rating.
		l.end(ai.NoSide, ReasonAbandoned, m.cfg.Now())
	} else {
		l.end(side.Opponent(), ReasonResigned, m.cfg.Now())
	}
	if err := m.commit(l, cp); err != nil {
		l.mu.Unlock()
		return Snapshot{}, err
	}
	l.mu.Unlock()
	return m.ended(ctx, l), nil
}

// DrawOutcome is what became of a draw offer.
type DrawOutcome int

// Draw outcomes.
const (
	DrawOffered  DrawOutcome = iota // waiting for the opponent
	DrawAgreed                      // the game is drawn
	DrawDeclined                    // the bot declined
)

// OfferDraw offers (or, if the opponent offered, accepts) a draw. The bot
// accepts when its static evaluation says it is not ahead.
//
// A draw agreed between people before both have made a move says nothing
// about their strength and would let two accounts farm ratings: outside
// tournaments the game ends without a result (ReasonEarlyDraw, void); in a
// tournament it stays a draw, since the pairing needs a result, but the
// game is no longer rated.
func (m *Manager) OfferDraw(ctx context.Context, id int64, userID string) (DrawOutcome, Snapshot, error) {
	l, side, err := m.lockPlayer(id, userID)
	if err != nil {
		return 0, Snapshot{}, err
	}
	now := m.cfg.Now()
	cp := l.checkpoint()
	var out DrawOutcome
	switch {
	case l.vsBot():
		score := l.pos.Evaluate() // from the side to move's point of view
		if l.pos.Turn() != l.botSide() {
			score = -score
		}
		// Not before a few moves: a draw agreed at the start against a
		// strong level was a free rating gain.
		if score <= 0 && len(l.rec.Moves) >= BotDrawMinMoves {
			l.end(ai.NoSide, ReasonAgreement, now)
			out = DrawAgreed
		} else {
			out = DrawDeclined
		}
	case l.rec.DrawOffer == side.Opponent():
		switch {
		case l.bothMoved():
			l.end(ai.NoSide, ReasonAgreement, now)
		case l.rec.Tournament != 0:
			l.rec.Rated = false
			l.end(ai.NoSide, ReasonAgreement, now)
		default:
			l.end(ai.NoSide, ReasonEarlyDraw, now)
		}
		out = DrawAgreed
	default:
		l.rec.DrawOffer = side
		l.version++
		out = DrawOffered
	}
	if out != DrawDeclined {
		if err := m.commit(l, cp); err != nil {
			l.mu.Unlock()
			return 0, Snapshot{}, err
		}
	}
	snap := l.snapshot()
	over := l.rec.Result.Over
	l.mu.Unlock()
	if over {
		snap = m.ended(ctx, l)
	}
	return out, snap, nil
}

// DeclineDraw declines the opponent's draw offer.
func (m *Manager) DeclineDraw(ctx context.Context, id int64, userID string) (Snapshot, error) {
	l, side, err := m.lockSide(id, userID)
	if err != nil {
		return Snapshot{}, err
	}
	defer l.mu.Unlock()
	if l.rec.Result.Over || l.rec.DrawOffer != side.Opponent() {
		return Snapshot{}, ErrNoDrawOffer
	}
	cp := l.checkpoint()
	l.rec.DrawOffer = ai.NoSide
	l.version++
	if err := m.commit(l, cp); err != nil {
		return Snapshot{}, err
	}
	return l.snapshot(), nil
}

// Undo takes back userID's last move and the bot's reply (games against the
// bot only, on the person's turn).
func (m *Manager) Undo(ctx context.Context, id int64, userID string) (Snapshot, error) {
	l, side, err := m.lockSide(id, userID)
	if err != nil {
		return Snapshot{}, err
	}
	defer l.mu.Unlock()
	switch {
	case !l.vsBot():
		return Snapshot{}, ErrNotVsBot
	case l.rec.Tournament != 0:
		return Snapshot{}, ErrTournamentGame
	case l.rec.Result.Over:
		return Snapshot{}, ErrGameOver
	case l.botBusy || l.pos.Turn() != side:
		return Snapshot{}, ErrNotYourTurn
	}
	last := -1
	for i, s := range l.sides {
		if s == side {
			last = i
		}
	}
	if last < 0 {
		return Snapshot{}, ErrNothingToUndo
	}
	// Back to the start of the person's last turn (a turn may be several plies).
	for last > 0 && l.sides[last-1] == side {
		last--
	}
	cp := l.checkpoint()
	if err := l.replay(l.rec.Moves[:last]); err != nil {
		return Snapshot{}, fmt.Errorf("sessions: undo: %w", err)
	}
	l.rec.DrawOffer = ai.NoSide
	l.rec.LastMove = storedTime(m.cfg.Now())
	l.rec.Rated = false // a game with a take-back says nothing about strength
	l.version++
	if err := m.commit(l, cp); err != nil {
		return Snapshot{}, err
	}
	return l.snapshot(), nil
}

// SetLevel changes the bot's level in game id.
func (m *Manager) SetLevel(ctx context.Context, id int64, userID, level string) (Snapshot, error) {
	lvl, ok := ai.ParseLevel(level)
	if !ok {
		return Snapshot{}, ErrUnknownLevel
	}
	l, err := m.get(id)
	if err != nil {
		return Snapshot{}, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.sideOf(userID) == ai.NoSide:
		return Snapshot{}, ErrNotPlayer
	case !l.vsBot():
		return Snapshot{}, ErrNotVsBot
	case l.rec.Tournament != 0:
		return Snapshot{}, ErrTournamentGame
	case l.rec.Result.Over:
		return Snapshot{}, ErrGameOver
	}
	cp := l.checkpoint()
	if len(l.rec.Moves) > 0 && lvl.Name != l.rec.Level {
		// A win against the level played at the end, prepared against
		// another, would be rated against the wrong opponent.
		l.rec.Rated = false
	}
	l.rec.Level = lvl.Name
	if err := m.commit(l, cp); err != nil {
		return Snapshot{}, err
	}
	return l.snapshot(), nil
}

// Hint asks the engine for a move for userID in game id; the answer comes as
// an EventHint.
func (m *Manager) Hint(ctx context.Context, id int64, userID, ref string) error {
	l, side, err := m.lockSide(id, userID)
	if err != nil {
		return err
	}
	defer l.mu.Unlock()
	switch {
	case l.rec.Result.Over:
		return ErrGameOver
	case !l.vsBot() || l.rec.Tournament != 0:
		return ErrRatedGame // the engine's help would be cheating
	case l.pos.Turn() != side:
		return ErrNotYourTurn
	}
	unrated := l.rec.Rated
	if l.rec.Rated {
		cp := l.checkpoint()
		l.rec.Rated = false // a game played with the engine's help is not rated
		if err := m.commit(l, cp); err != nil {
			return err
		}
	}
	pos := l.pos.Clone()
	snap := l.snapshot()
	lvl := m.level(HintLevel)
	if cur, ok := ai.ParseLevel(l.rec.Level); ok && cur.Limits.Time > lvl.Limits.Time {
		lvl = cur
	}
	lvl.BlunderProb = 0
	seed := uint64(l.version)
	announced := make(chan struct{})
	queued := m.pool.submit(func(eng Engine) {
		ctx, cancel := searchContext(m.ctx, lvl)
		defer cancel()
		res := eng.Choose(ctx, pos, lvl, rand.New(rand.NewPCG(m.cfg.Seed, seed)))
		if !m.legal(pos, res.Best) {
			return
		}
		m.afterAnnounced(announced)
		m.emit(Event{Kind: EventHint, Game: snap, Move: pos.FormatMove(res.Best), Ref: ref, UserID: userID, Score: res.Score, Depth: res.Depth, Unrated: unrated})
	})
	m.announceQueued(queued, Event{Kind: EventThinking, Game: snap, Ref: ref, Queued: true}, nil, announced)
	return nil
}

// Channel returns a channel's settings (zero values when none were saved).
func (m *Manager) Channel(ctx context.Context, platform, channelID string) ChannelSettings {
	key := chanKey{platform, channelID}
	m.mu.Lock()
	cs, ok := m.channels[key]
	m.mu.Unlock()
	if ok {
		return cs
	}
	cs, err := m.cfg.Store.Channel(ctx, platform, channelID)
	if err != nil && !errors.Is(err, ErrNotFound) {
		m.log.Error("loading channel settings", "platform", platform, "channel", channelID, "err", err)
	}
	cs.Platform, cs.ChannelID = platform, channelID
	m.mu.Lock()
	m.channels[key] = cs
	m.mu.Unlock()
	return cs
}

// SetChannel stores a channel's settings.
func (m *Manager) SetChannel(ctx context.Context, cs ChannelSettings) error {
	if err := m.cfg.Store.SaveChannel(ctx, cs); err != nil {
		return err
	}
	m.mu.Lock()
	m.channels[chanKey{cs.Platform, cs.ChannelID}] = cs
	m.mu.Unlock()
	return nil
}

// Wait blocks until no bot move or hint is queued or running (and their
// events have been delivered), or ctx is done.
func (m *Manager) Wait(ctx context.Context) error { return m.pool.wait(ctx) }

// CheckIdle calls the flags that have fallen and forfeits the games whose
// player to move has been idle for the forfeit time at now (games with a
// time control go by their clock alone), and reminds players once per move
// when their time runs low (a quarter of the move's budget) or they have
// been idle for half the forfeit time. The Manager calls it periodically;
// tests call it with a chosen time.
func (m *Manager) CheckIdle(now time.Time) {
	m.mu.Lock()
	list := make([]*live, 0, len(m.games))
	for _, l := range m.games {
		list = append(list, l)
	}
	m.mu.Unlock()
	sort.Slice(list, func(i, j int) bool { return list[i].rec.ID < list[j].rec.ID })
	for _, l := range list {
		var ev *Event
		l.mu.Lock()
		t := l.pos.Turn()
		tc := l.rec.TimeControl
		if !l.retryBot.IsZero() && !now.Before(l.retryBot) && l.botToMove() {
			l.retryBot = time.Time{}
			m.queueBot(l, "", nil)
		}
		switch {
		case l.rec.Result.Over || (t != ai.First && t != ai.Second) || l.rec.Players[t].Bot:
		case !tc.IsZero():
			left, _ := tc.allowance(l.rec.Left[t], l.rec.LastMove, now)
			at, remind := reminderAt(tc.moveBudget(l.rec.Left[t]))
			switch {
			case left <= 0:
				cp := l.checkpoint()
				l.flag(now)
				if m.commit(l, cp) == nil { // else called again at the next look
					ev = &Event{Kind: EventForfeit, Game: l.snapshot()}
				}
			case remind && left <= at && !l.reminded:
				l.reminded = true
				ev = &Event{Kind: EventReminder, Game: l.snapshot(), Left: left}
			}
		case m.cfg.IdleForfeit > 0:
			idle := now.Sub(l.rec.LastMove)
			switch {
			case idle >= m.cfg.IdleForfeit:
				cp := l.checkpoint()
				l.timeOut(ReasonIdle, now)
				if m.commit(l, cp) == nil {
					ev = &Event{Kind: EventForfeit, Game: l.snapshot()}
				}
			case idle >= m.cfg.IdleForfeit/2 && !l.reminded:
				l.reminded = true
				ev = &Event{Kind: EventReminder, Game: l.snapshot(), Left: m.cfg.IdleForfeit - idle}
			}
		}
		l.mu.Unlock()
		if ev == nil {
			continue
		}
		var follow []Event
		dctx, d := Defer(m.ctx) // a new round's bot moves wait for its announcement
		if ev.Kind == EventForfeit {
			ev.Game, follow = m.endedQuiet(dctx, l)
		}
		m.emit(*ev)
		m.emit(follow...)
		m.flush(d)
	}
}

// idleLoop looks at the clocks every IdleCheck and records the heartbeat
// every HeartbeatEvery.
func (m *Manager) idleLoop() {
	defer close(m.done)
	t := time.NewTicker(m.cfg.IdleCheck)
	defer t.Stop()
	hb := time.NewTicker(HeartbeatEvery)
	defer hb.Stop()
	for {
		select {
		case <-m.ctx.Done():
			return
		case <-t.C:
			m.CheckIdle(m.cfg.Now())
		case <-hb.C:
			m.beat(m.ctx, m.cfg.Now())
		}
	}
}

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
	// The stop time, exactly: the next start credits the clocks from it.
	m.beat(context.Background(), m.cfg.Now())
	return nil
}
