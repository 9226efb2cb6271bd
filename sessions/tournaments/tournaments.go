// Package tournaments runs tournaments in channels: registration, the
// games of each round (started in the channel as ordinary live games with
// the tournament's time control, the bot's played by the Manager's
// workers), results recorded as games end, the next round paired when the
// last game of a round ends. The pairing and standings logic is package
// tournament's; this package only drives it and writes it through to the
// store.
//
// A Runner is handed to sessions.New as Config.Tournaments: the Manager
// attaches itself (sessions.TournamentRunner's Attach) and tells it each
// tournament game's end (Result); the Runner starts, finds and ends its
// games through the Manager's sessions.TournamentGames. Its lock (a
// fleetMutex: in the shared mode also the fleet's tournaments' lease)
// serialises every change of a tournament; a round's games are started
// under it, so it comes before a game's lock in the lock order. It is
// never held with the matches'.
//
// Crash safety: a round is stored before its games are created, and each
// game carries its pairing (Tournament, Round, Board). Resume creates the
// games a crash left uncreated and settles games that ended unsettled, so a
// restart in the middle of a round loses nothing.
package tournaments

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"strconv"
	"sync"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/sessions"
	"oyunbot/sessions/ratings"
	"oyunbot/tournament"
)

// Errors of the tournament operations (besides tournament.Error values,
// which pass through).
var (
	ErrNoTournament = errors.New("tournaments: no tournament in this channel")
	ErrExists       = errors.New("tournaments: the channel already has a tournament")
	ErrNotOrganiser = errors.New("tournaments: only the organiser or an admin may do that")
)

// Request asks for a tournament (Runner.Create).
type Request struct {
	Platform    string
	ChannelID   string
	Organiser   sessions.Player
	Game        games.Game
	System      tournament.System
	Rounds      int // Swiss rounds; 0 for the default
	TimeControl sessions.TimeControl
	Lang        string
}

func cloneTournament(t tournament.Tournament) tournament.Tournament {
	t.Players = slices.Clone(t.Players)
	t.Rounds = slices.Clone(t.Rounds)
	for i := range t.Rounds {
		t.Rounds[i].Pairings = slices.Clone(t.Rounds[i].Pairings)
	}
	return t
}

// Runner runs the channels' tournaments of one Manager. Make it with New,
// hand it to sessions.New (Config.Tournaments), and use it once the
// Manager is made; one Runner serves one Manager. Safe for concurrent use.
type Runner struct {
	// Set once by Attach, inside sessions.New, before any other use. cfg
	// is a copy of the Manager's (its defaults filled in); its Notify is
	// not used: events go out through games.Emit.
	cfg   sessions.Config
	games *sessions.TournamentGames
	log   *slog.Logger

	ratings *ratings.Book // New's: the players' ratings seed the pairings

	mu        fleetMutex
	byChannel map[chanKey]*sessions.TournamentRecord // registering or running, one per channel
}

type chanKey struct{ platform, channel string }

// New returns a Runner to hand to sessions.New, which seeds its players by
// book's ratings (the Book handed to sessions.New as Config.Ratings).
func New(book *ratings.Book) *Runner {
	r := &Runner{ratings: book, byChannel: map[chanKey]*sessions.TournamentRecord{}}
	r.mu.t = r
	return r
}

// Attach implements sessions.TournamentRunner: sessions.New calls it once,
// with the tournaments registering or running.
func (tm *Runner) Attach(m *sessions.Manager, active []sessions.TournamentRecord) {
	tm.cfg, tm.games, tm.log = m.Config(), m.TournamentGames(), m.Config().Logger
	tm.hold(active)
}

// view copies rec; tm.mu must be held (or rec private).
func (tm *Runner) view(rec *sessions.TournamentRecord) sessions.TournamentView {
	g, _ := tm.cfg.Games.Lookup(rec.T.Game)
	tc, _ := sessions.ParseTimeControl(rec.T.TimeControl)
	games := make(map[string]int64, len(rec.Games))
	for k, v := range rec.Games {
		games[k] = v
	}
	return sessions.TournamentView{ID: rec.ID, Platform: rec.Platform, ChannelID: rec.ChannelID, Lang: rec.Lang, Game: g,
		TimeControl: tc, T: cloneTournament(rec.T), Games: games}
}

// reload replaces the tournaments held by the stored ones (registering or
// running); tm.mu must be held. A store that cannot be read leaves them as
// they are.
func (tm *Runner) reload(ctx context.Context) {
	recs, _, err := sessions.LoadTournaments(ctx, tm.cfg.Store, tm.cfg.Games)
	if err != nil {
		tm.log.Warn("reading the tournaments", "err", err)
		return
	}
	clear(tm.byChannel)
	tm.hold(recs)
}

// hold keeps recs, the tournaments registering or running; tm.mu must be
// held (or the Manager not started).
func (tm *Runner) hold(recs []sessions.TournamentRecord) {
	for i := range recs {
		rec := recs[i]
		if rec.Games == nil {
			rec.Games = map[string]int64{}
		}
		tm.byChannel[chanKey{rec.Platform, rec.ChannelID}] = &rec
	}
}

// storedTime is t as the store keeps it (milliseconds).
func storedTime(t time.Time) time.Time { return time.UnixMilli(t.UnixMilli()) }

// save writes rec through; tm.mu must be held.
func (tm *Runner) save(ctx context.Context, rec *sessions.TournamentRecord) {
	rec.Updated = storedTime(tm.cfg.Now())
	if err := tm.cfg.Store.SaveTournament(context.WithoutCancel(ctx), *rec); err != nil {
		tm.log.Error("saving a tournament", "id", rec.ID, "err", err)
	}
}

// Create opens a tournament for registration in a channel (one
// per channel at a time: ErrExists, with the existing one).
func (tm *Runner) Create(ctx context.Context, req Request) (sessions.TournamentView, error) {
	if req.Game.Players() != 2 {
		return sessions.TournamentView{}, sessions.ErrOnePlayerGame
	}
	t, err := tournament.New(req.Game.Name(), req.System, req.Rounds, req.TimeControl.String(), req.Organiser.ID)
	if err != nil {
		return sessions.TournamentView{}, err
	}
	key := chanKey{req.Platform, req.ChannelID}
	tm.mu.Lock(ctx)
	defer tm.mu.Unlock(ctx)
	if cur := tm.byChannel[key]; cur != nil {
		return tm.view(cur), ErrExists
	}
	now := storedTime(tm.cfg.Now())
	rec := &sessions.TournamentRecord{Platform: req.Platform, ChannelID: req.ChannelID, Lang: req.Lang, T: *t,
		Games: map[string]int64{}, Created: now, Updated: now}
	id, err := tm.cfg.Store.CreateTournament(ctx, *rec)
	if err != nil {
		return sessions.TournamentView{}, err
	}
	rec.ID = id
	rec.T.ID = strconv.FormatInt(id, 10)
	tm.save(ctx, rec)
	tm.byChannel[key] = rec
	return tm.view(rec), nil
}

// current returns the channel's active tournament; tm.mu must be held.
func (tm *Runner) current(platform, channelID string) (*sessions.TournamentRecord, error) {
	rec := tm.byChannel[chanKey{platform, channelID}]
	if rec == nil {
		return nil, ErrNoTournament
	}
	return rec, nil
}

// Get returns the channel's tournament: the one registering or
// running, else the last one (finished or cancelled), from the store.
func (tm *Runner) Get(ctx context.Context, platform, channelID string) (sessions.TournamentView, bool) {
	if v, ok := tm.active(ctx, platform, channelID); ok {
		return v, true
	}
	rec, err := tm.cfg.Store.LastTournament(ctx, platform, channelID)
	if err != nil {
		if !errors.Is(err, sessions.ErrNotFound) {
			tm.log.Error("loading the last tournament", "err", err)
		}
		return sessions.TournamentView{}, false
	}
	return tm.view(&rec), true
}

// active returns the channel's tournament registering or running.
func (tm *Runner) active(ctx context.Context, platform, channelID string) (sessions.TournamentView, bool) {
	tm.mu.Lock(ctx)
	defer tm.mu.Unlock(ctx)
	rec, err := tm.current(platform, channelID)
	if err != nil {
		return sessions.TournamentView{}, false
	}
	return tm.view(rec), true
}

// Join registers p in the channel's tournament, seeded by their
// rating in its game.
func (tm *Runner) Join(ctx context.Context, platform, channelID string, p sessions.Player) (sessions.TournamentView, error) {
	tm.mu.Lock(ctx)
	defer tm.mu.Unlock(ctx)
	rec, err := tm.current(platform, channelID)
	if err != nil {
		return sessions.TournamentView{}, err
	}
	r, _ := tm.ratings.Rating(ctx, platform, rec.T.Game, p.ID)
	if err := rec.T.Join(tournament.Player{ID: p.ID, Name: p.Name, Rating: r.Rating.Rating}); err != nil {
		return tm.view(rec), err
	}
	tm.save(ctx, rec)
	return tm.view(rec), nil
}

// AddBot enters the bot at a level (organiser or admin only).
func (tm *Runner) AddBot(ctx context.Context, platform, channelID string, by sessions.Player, admin bool, level string) (sessions.TournamentView, error) {
	tm.mu.Lock(ctx)
	defer tm.mu.Unlock(ctx)
	rec, err := tm.current(platform, channelID)
	if err != nil {
		return sessions.TournamentView{}, err
	}
	g, ok := tm.cfg.Games.Lookup(rec.T.Game)
	if !ok {
		return tm.view(rec), sessions.ErrUnknownGameName
	}
	lvl, ok := games.HostOf(g).Level(level)
	if !ok {
		return tm.view(rec), sessions.ErrUnknownLevel
	}
	if !rec.T.CanManage(by.ID, admin) {
		return tm.view(rec), ErrNotOrganiser
	}
	r, _ := tm.ratings.Rating(ctx, platform, rec.T.Game, ratings.BotID(lvl.Name))
	p := tournament.Player{ID: tournament.BotID(lvl.Name), Name: tm.cfg.BotName, Bot: true, Level: lvl.Name, Rating: r.Rating.Rating}
	if err := rec.T.Join(p); err != nil {
		return tm.view(rec), err
	}
	tm.save(ctx, rec)
	return tm.view(rec), nil
}

// Leave takes playerID out of the channel's tournament: before the
// start it unregisters, after it withdraws (the game in play is lost, later
// ones are forfeited). Taking out someone else (the bot) is for the
// organiser or an admin.
func (tm *Runner) Leave(ctx context.Context, platform, channelID string, by sessions.Player, admin bool, playerID string) (sessions.TournamentView, error) {
	v, game, evs, err := tm.leave(ctx, platform, channelID, by, admin, playerID)
	if err != nil {
		return v, err
	}
	// The withdrawn player's game ends as a loss; its result is already in
	// the tournament (Leave forfeited it), so settling it records nothing.
	if game != 0 {
		tm.games.End(ctx, game, playerID, sessions.ReasonWithdrew)
	}
	tm.games.Emit(ctx, evs...)
	return v, nil
}

// leave is Leave's change of the tournament; it returns the game
// playerID was playing in it (0 for none) and the events to announce.
func (tm *Runner) leave(ctx context.Context, platform, channelID string, by sessions.Player, admin bool, playerID string) (sessions.TournamentView, int64, []sessions.Event, error) {
	tm.mu.Lock(ctx)
	defer tm.mu.Unlock(ctx)
	rec, err := tm.current(platform, channelID)
	if err != nil {
		return sessions.TournamentView{}, 0, nil, err
	}
	if playerID != by.ID && !rec.T.CanManage(by.ID, admin) {
		return tm.view(rec), 0, nil, ErrNotOrganiser
	}
	var game int64
	if round, board, ok := rec.T.GameOf(playerID); ok {
		game = rec.Games[sessions.PairingKey(round, board)]
	}
	u, err := rec.T.Leave(playerID)
	if err != nil {
		return tm.view(rec), 0, nil, err
	}
	evs := tm.applyUpdate(ctx, rec, u)
	return tm.view(rec), game, evs, nil
}

// Start closes registration and starts round 1 (organiser or
// admin only). The round's games start in the channel; an EventRoundStarted
// carrying ref follows: it is the answer to the start command.
func (tm *Runner) Start(ctx context.Context, platform, channelID string, by sessions.Player, admin bool, ref string) (sessions.TournamentView, error) {
	v, evs, err := tm.start(ctx, platform, channelID, by, admin, ref)
	if err != nil {
		return v, err
	}
	tm.games.Emit(ctx, evs...)
	return v, nil
}

// start is Start's change of the tournament; it returns the
// events to announce.
func (tm *Runner) start(ctx context.Context, platform, channelID string, by sessions.Player, admin bool, ref string) (sessions.TournamentView, []sessions.Event, error) {
	tm.mu.Lock(ctx)
	defer tm.mu.Unlock(ctx)
	rec, err := tm.current(platform, channelID)
	if err != nil {
		return sessions.TournamentView{}, nil, err
	}
	if !rec.T.CanManage(by.ID, admin) {
		return tm.view(rec), nil, ErrNotOrganiser
	}
	// Seed by today's ratings, not those at registration.
	for i, p := range rec.T.Players {
		id := p.ID
		if p.Bot {
			id = ratings.BotID(p.Level)
		}
		r, _ := tm.ratings.Rating(ctx, platform, rec.T.Game, id)
		rec.T.Players[i].Rating = r.Rating.Rating
	}
	u, err := rec.T.Start()
	if err != nil {
		return tm.view(rec), nil, err
	}
	evs := tm.applyUpdate(ctx, rec, u)
	for i := range evs {
		if evs[i].Kind == sessions.EventRoundStarted && evs[i].Round == 1 {
			evs[i].Ref = ref
		}
	}
	return tm.view(rec), evs, nil
}

// Cancel stops the channel's tournament (organiser or admin
// only); its unfinished games end without a result and are not rated.
func (tm *Runner) Cancel(ctx context.Context, platform, channelID string, by sessions.Player, admin bool) (sessions.TournamentView, error) {
	v, live, err := tm.cancel(ctx, platform, channelID, by, admin)
	if err != nil {
		return v, err
	}
	for _, id := range live {
		tm.games.End(ctx, id, "", sessions.ReasonAborted)
	}
	return v, nil
}

// cancel is Cancel's change of the tournament; it returns the
// games still going on, to end.
func (tm *Runner) cancel(ctx context.Context, platform, channelID string, by sessions.Player, admin bool) (sessions.TournamentView, []int64, error) {
	tm.mu.Lock(ctx)
	defer tm.mu.Unlock(ctx)
	rec, err := tm.current(platform, channelID)
	if err != nil {
		return sessions.TournamentView{}, nil, err
	}
	if !rec.T.CanManage(by.ID, admin) {
		return tm.view(rec), nil, ErrNotOrganiser
	}
	if err := rec.T.Cancel(); err != nil {
		return tm.view(rec), nil, err
	}
	tm.save(ctx, rec)
	delete(tm.byChannel, chanKey{platform, channelID})
	var live []int64
	if n := len(rec.T.Rounds); n > 0 {
		for b, p := range rec.T.Rounds[n-1].Pairings {
			if id := rec.Games[sessions.PairingKey(n, b+1)]; id != 0 && !p.Result.Done() {
				live = append(live, id)
			}
		}
	}
	return tm.view(rec), live, nil
}

// Result implements sessions.TournamentRunner: it records the result of a
// tournament game that ended and returns the events that follow (next
// round, end). No lock may be held.
func (tm *Runner) Result(ctx context.Context, rec sessions.GameRecord) []sessions.Event {
	tm.mu.Lock(ctx)
	defer tm.mu.Unlock(ctx)
	tr := tm.byChannel[chanKey{rec.Platform, rec.ChannelID}]
	if tr == nil || tr.ID != rec.Tournament || tr.Games[sessions.PairingKey(rec.Round, rec.Board)] != rec.ID {
		return nil // cancelled, or not this tournament's game
	}
	var res tournament.Result
	switch {
	case rec.Result.Reason == sessions.ReasonAborted:
		return nil
	case rec.Result.Winner == ai.First:
		res = tournament.WhiteWins
	case rec.Result.Winner == ai.Second:
		res = tournament.BlackWins
	default:
		res = tournament.Draw
	}
	u, err := tr.T.RecordResult(rec.Round, rec.Board, res)
	if err != nil {
		if !errors.Is(err, tournament.ErrResultRecorded) && !errors.Is(err, tournament.ErrBadRound) {
			tm.log.Error("recording a tournament result", "tournament", tr.ID, "game", rec.ID, "err", err)
		}
		return nil
	}
	return tm.applyUpdate(ctx, tr, u)
}

// applyUpdate stores the tournament after an event, starts the games of a
// newly paired round and returns the events to announce. tm.mu must be
// held.
func (tm *Runner) applyUpdate(ctx context.Context, rec *sessions.TournamentRecord, u tournament.Update) []sessions.Event {
	tm.save(ctx, rec) // the rounds first: a crash now only leaves games to create
	var evs []sessions.Event
	if len(u.Paired) > 0 && rec.T.State == tournament.Running {
		cur := rec.T.Rounds[len(rec.T.Rounds)-1]
		started := tm.startRound(ctx, rec, cur.Number)
		v := tm.view(rec)
		evs = append(evs, sessions.Event{Kind: sessions.EventRoundStarted, Tournament: &v, Round: cur.Number, Games: started})
	}
	if u.Finished || rec.T.State == tournament.Finished {
		delete(tm.byChannel, chanKey{rec.Platform, rec.ChannelID})
		v := tm.view(rec)
		evs = append(evs, sessions.Event{Kind: sessions.EventTournamentOver, Tournament: &v})
	}
	return evs
}

// startRound creates the games of a round's unfinished pairings that have
// none yet, and returns them. tm.mu must be held.
func (tm *Runner) startRound(ctx context.Context, rec *sessions.TournamentRecord, round int) []sessions.Snapshot {
	g, ok := tm.cfg.Games.Lookup(rec.T.Game)
	if !ok || round < 1 || round > len(rec.T.Rounds) {
		return nil
	}
	tc, _ := sessions.ParseTimeControl(rec.T.TimeControl)
	var out []sessions.Snapshot
	for i, p := range rec.T.Rounds[round-1].Pairings {
		board := i + 1
		key := sessions.PairingKey(round, board)
		if p.Result.Done() || rec.Games[key] != 0 {
			continue
		}
		if snap, ok := tm.games.Find(rec.ID, round, board); ok {
			// Created before the tournament could be stored with its id.
			rec.Games[key] = snap.ID
			tm.save(ctx, rec)
			out = append(out, snap)
			continue
		}
		var players [2]sessions.Player
		level := ""
		for side, num := range [2]int{p.White, p.Black} {
			tp, _ := rec.T.Player(num)
			if tp.Bot {
				players[side] = sessions.Player{ID: sessions.BotID, Name: tm.cfg.BotName, Bot: true, Level: tp.Level}
				level = tp.Level
			} else {
				players[side] = sessions.Player{ID: tp.ID, Name: tp.Name}
			}
		}
		snap, err := tm.games.Start(ctx, sessions.GameRecord{Platform: rec.Platform, ChannelID: rec.ChannelID,
			Players: players, Level: level, TimeControl: tc, Lang: rec.Lang, Rated: true,
			Tournament: rec.ID, Round: round, Board: board}, g)
		if err != nil {
			tm.log.Error("starting a tournament game", "tournament", rec.ID, "round", round, "board", board, "err", err)
			continue // created again at the next Resume
		}
		rec.Games[key] = snap.ID
		tm.save(ctx, rec)
		out = append(out, snap)
	}
	return out
}

// StartRounds implements sessions.TournamentRunner: it starts, in each of
// the platform's running tournaments, the current round's games not
// created yet (a crash left them), and returns the announcements.
func (tm *Runner) StartRounds(ctx context.Context, platform string) []sessions.Event {
	tm.mu.Lock(ctx)
	defer tm.mu.Unlock(ctx)
	var evs []sessions.Event
	for _, rec := range tm.byChannel {
		if rec.Platform != platform || rec.T.State != tournament.Running || len(rec.T.Rounds) == 0 {
			continue
		}
		cur := rec.T.Rounds[len(rec.T.Rounds)-1].Number
		if started := tm.startRound(ctx, rec, cur); len(started) > 0 {
			v := tm.view(rec)
			evs = append(evs, sessions.Event{Kind: sessions.EventRoundStarted, Tournament: &v, Round: cur, Games: started})
		}
	}
	return evs
}

// The tournaments' lease (the shared mode).
const (
	// lease is the name of the lease under which one process at a time
	// changes the tournaments; leaseTTL frees it if its holder dies
	// holding it.
	lease    = "tournaments"
	leaseTTL = 30 * time.Second
	// leaseWait bounds the wait for the lease: past it the change goes
	// ahead (logged) rather than never.
	leaseWait = 10 * time.Second
)

// fleetMutex is the tournaments' lock: a mutex, and in the shared mode
// also the tournaments' lease, so that one process of the fleet at a time
// changes a tournament, on the stored state (read again once the lease is
// taken): a result recorded by one process is never overwritten by
// another's stale copy. Tournament changes are rare (a command, a game's
// end), so one lease serves them all.
type fleetMutex struct {
	mu sync.Mutex
	t  *Runner
}

// Lock takes the mutex and, in the shared mode, the lease, then reloads
// the tournaments. The lease is taken and the tournaments read under ctx
// without its cancellation: a request given up must not leave the change
// it began half done (the wait is bounded by leaseWait).
func (f *fleetMutex) Lock(ctx context.Context) {
	f.mu.Lock()
	tm := f.t
	if !tm.cfg.Shared {
		return
	}
	ctx = context.WithoutCancel(ctx)
	deadline := time.Now().Add(leaseWait)
	for {
		ok, err := tm.cfg.Store.Lease(ctx, lease, tm.cfg.Instance, time.Now(), leaseTTL)
		if ok {
			break
		}
		if err != nil || time.Now().After(deadline) {
			tm.log.Warn("tournaments changed without their lease", "err", err)
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	tm.reload(ctx)
}

// Unlock gives the lease up (even if ctx is cancelled) and unlocks.
func (f *fleetMutex) Unlock(ctx context.Context) {
	if tm := f.t; tm.cfg.Shared {
		if err := tm.cfg.Store.ReleaseLease(context.WithoutCancel(ctx), lease, tm.cfg.Instance); err != nil {
			tm.log.Warn("releasing the tournaments' lease", "err", err)
		}
	}
	f.mu.Unlock()
}
