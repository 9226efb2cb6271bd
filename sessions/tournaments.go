package sessions

// tournaments.go runs tournaments in channels: registration, the games of
// each round (started in the channel as ordinary session games with the
// tournament's time control, the bot's played by the worker pool), results
// recorded as games end, the next round paired when the last game of a
// round ends. The pairing and standings logic is package tournament's; this
// file only drives it and writes it through to the store.
//
// Crash safety: a round is stored before its games are created, and each
// game carries its pairing (Tournament, Round, Board). Resume creates the
// games a crash left uncreated and settles games that ended unsettled, so a
// restart in the middle of a round loses nothing.

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/tournament"
)

// Errors of the tournament operations (besides tournament.Error values,
// which pass through).
var (
	ErrNoTournament     = errors.New("sessions: no tournament in this channel")
	ErrTournamentExists = errors.New("sessions: the channel already has a tournament")
	ErrNotOrganiser     = errors.New("sessions: only the organiser or an admin may do that")
)

// TournamentView is a consistent copy of a tournament for replies.
type TournamentView struct {
	ID          int64
	Platform    string
	ChannelID   string
	Lang        string
	Game        games.Game
	TimeControl TimeControl
	T           tournament.Tournament // a deep copy
	Games       map[string]int64      // "round:board" → game id
}

// GameID returns the id of the game of a pairing (0 if none was started).
func (v TournamentView) GameID(round, board int) int64 { return v.Games[pairingKey(round, board)] }

func pairingKey(round, board int) string { return strconv.Itoa(round) + ":" + strconv.Itoa(board) }

// NewTournament asks for a tournament.
type NewTournament struct {
	Platform    string
	ChannelID   string
	Organiser   Player
	Game        games.Game
	System      tournament.System
	Rounds      int // Swiss rounds; 0 for the default
	TimeControl TimeControl
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

// Tournaments runs the channels' tournaments (Manager.Tournaments). Its
// lock (a fleetMutex: in the shared mode also the fleet's tournaments'
// lease) serialises every change of a tournament; a round's games are
// started under it, so it comes before a game's lock in the lock order. It
// is never held with the matches'.
type Tournaments struct {
	*env
	table   *table
	replica *replica
	lobby   *Lobby
	settler *settler
	ratings *Ratings

	mu        fleetMutex
	byChannel map[chanKey]*TournamentRecord // registering or running, one per channel
}

func newTournaments(e *env) *Tournaments {
	tm := &Tournaments{env: e, byChannel: map[chanKey]*TournamentRecord{}}
	tm.mu.t = tm
	return tm
}

// view copies rec; tm.mu must be held (or rec private).
func (tm *Tournaments) view(rec *TournamentRecord) TournamentView {
	g, _ := tm.cfg.Games.Lookup(rec.T.Game)
	tc, _ := ParseTimeControl(rec.T.TimeControl)
	games := make(map[string]int64, len(rec.Games))
	for k, v := range rec.Games {
		games[k] = v
	}
	return TournamentView{ID: rec.ID, Platform: rec.Platform, ChannelID: rec.ChannelID, Lang: rec.Lang, Game: g,
		TimeControl: tc, T: cloneTournament(rec.T), Games: games}
}

// restore loads the registering and running tournaments (at start-up),
// skipping those that cannot be read: it returns them.
func (tm *Tournaments) restore() ([]SkippedRow, error) {
	recs, skipped, err := loadTournaments(tm.ctx, tm.cfg.Store, tm.cfg.Games)
	if err != nil {
		return nil, fmt.Errorf("sessions: restore tournaments: %w", err)
	}
	tm.hold(recs)
	return skipped, nil
}

// reload replaces the tournaments held by the stored ones (registering or
// running); tm.mu must be held. A store that cannot be read leaves them as
// they are.
func (tm *Tournaments) reload() {
	recs, _, err := loadTournaments(context.Background(), tm.cfg.Store, tm.cfg.Games)
	if err != nil {
		tm.log.Warn("reading the tournaments", "err", err)
		return
	}
	clear(tm.byChannel)
	tm.hold(recs)
}

// hold keeps recs, the tournaments registering or running; tm.mu must be
// held (or the Manager not started).
func (tm *Tournaments) hold(recs []TournamentRecord) {
	for i := range recs {
		rec := recs[i]
		if rec.Games == nil {
			rec.Games = map[string]int64{}
		}
		tm.byChannel[chanKey{rec.Platform, rec.ChannelID}] = &rec
	}
}

// save writes rec through; tm.mu must be held.
func (tm *Tournaments) save(ctx context.Context, rec *TournamentRecord) {
	rec.Updated = storedTime(tm.cfg.Now())
	if err := tm.cfg.Store.SaveTournament(context.WithoutCancel(ctx), *rec); err != nil {
		tm.log.Error("saving a tournament", "id", rec.ID, "err", err)
	}
}

// Create opens a tournament for registration in a channel (one
// per channel at a time: ErrTournamentExists, with the existing one).
func (tm *Tournaments) Create(ctx context.Context, req NewTournament) (TournamentView, error) {
	if req.Game.Players() != 2 {
		return TournamentView{}, ErrOnePlayerGame
	}
	t, err := tournament.New(req.Game.Name(), req.System, req.Rounds, req.TimeControl.String(), req.Organiser.ID)
	if err != nil {
		return TournamentView{}, err
	}
	key := chanKey{req.Platform, req.ChannelID}
	tm.mu.Lock()
	defer tm.mu.Unlock()
	if cur := tm.byChannel[key]; cur != nil {
		return tm.view(cur), ErrTournamentExists
	}
	now := storedTime(tm.cfg.Now())
	rec := &TournamentRecord{Platform: req.Platform, ChannelID: req.ChannelID, Lang: req.Lang, T: *t,
		Games: map[string]int64{}, Created: now, Updated: now}
	id, err := tm.cfg.Store.CreateTournament(ctx, *rec)
	if err != nil {
		return TournamentView{}, err
	}
	rec.ID = id
	rec.T.ID = strconv.FormatInt(id, 10)
	tm.save(ctx, rec)
	tm.byChannel[key] = rec
	return tm.view(rec), nil
}

// current returns the channel's active tournament; tm.mu must be held.
func (tm *Tournaments) current(platform, channelID string) (*TournamentRecord, error) {
	rec := tm.byChannel[chanKey{platform, channelID}]
	if rec == nil {
		return nil, ErrNoTournament
	}
	return rec, nil
}

// Get returns the channel's tournament: the one registering or
// running, else the last one (finished or cancelled), from the store.
func (tm *Tournaments) Get(ctx context.Context, platform, channelID string) (TournamentView, bool) {
	if v, ok := tm.active(platform, channelID); ok {
		return v, true
	}
	rec, err := tm.cfg.Store.LastTournament(ctx, platform, channelID)
	if err != nil {
		if !errors.Is(err, ErrNotFound) {
			tm.log.Error("loading the last tournament", "err", err)
		}
		return TournamentView{}, false
	}
	return tm.view(&rec), true
}

// active returns the channel's tournament registering or running.
func (tm *Tournaments) active(platform, channelID string) (TournamentView, bool) {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	rec, err := tm.current(platform, channelID)
	if err != nil {
		return TournamentView{}, false
	}
	return tm.view(rec), true
}

// Join registers p in the channel's tournament, seeded by their
// rating in its game.
func (tm *Tournaments) Join(ctx context.Context, platform, channelID string, p Player) (TournamentView, error) {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	rec, err := tm.current(platform, channelID)
	if err != nil {
		return TournamentView{}, err
	}
	r, _ := tm.ratings.Rating(ctx, platform, rec.T.Game, p.ID)
	if err := rec.T.Join(tournament.Player{ID: p.ID, Name: p.Name, Rating: r.Rating.Rating}); err != nil {
		return tm.view(rec), err
	}
	tm.save(ctx, rec)
	return tm.view(rec), nil
}

// AddBot enters the bot at a level (organiser or admin only).
func (tm *Tournaments) AddBot(ctx context.Context, platform, channelID string, by Player, admin bool, level string) (TournamentView, error) {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	rec, err := tm.current(platform, channelID)
	if err != nil {
		return TournamentView{}, err
	}
	g, ok := tm.cfg.Games.Lookup(rec.T.Game)
	if !ok {
		return tm.view(rec), ErrUnknownGameName
	}
	lvl, ok := tm.parseLevel(g, level)
	if !ok {
		return tm.view(rec), ErrUnknownLevel
	}
	if !rec.T.CanManage(by.ID, admin) {
		return tm.view(rec), ErrNotOrganiser
	}
	r, _ := tm.ratings.Rating(ctx, platform, rec.T.Game, BotRatingID(lvl.Name))
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
func (tm *Tournaments) Leave(ctx context.Context, platform, channelID string, by Player, admin bool, playerID string) (TournamentView, error) {
	v, game, evs, err := tm.leave(ctx, platform, channelID, by, admin, playerID)
	if err != nil {
		return v, err
	}
	// The withdrawn player's game ends as a loss; its result is already in
	// the tournament (Leave forfeited it), so settling it records nothing.
	if game != 0 {
		tm.endGame(ctx, game, playerID, ReasonWithdrew)
	}
	tm.emitCtx(ctx, evs...)
	return v, nil
}

// leave is Leave's change of the tournament; it returns the game
// playerID was playing in it (0 for none) and the events to announce.
func (tm *Tournaments) leave(ctx context.Context, platform, channelID string, by Player, admin bool, playerID string) (TournamentView, int64, []Event, error) {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	rec, err := tm.current(platform, channelID)
	if err != nil {
		return TournamentView{}, 0, nil, err
	}
	if playerID != by.ID && !rec.T.CanManage(by.ID, admin) {
		return tm.view(rec), 0, nil, ErrNotOrganiser
	}
	var game int64
	if round, board, ok := rec.T.GameOf(playerID); ok {
		game = rec.Games[pairingKey(round, board)]
	}
	u, err := rec.T.Leave(playerID)
	if err != nil {
		return tm.view(rec), 0, nil, err
	}
	evs := tm.applyUpdate(ctx, rec, u)
	return tm.view(rec), game, evs, nil
}

// endGame ends a live game as a loss for loserID (or with no winner, for
// ReasonAborted) and settles it. No lock may be held.
func (tm *Tournaments) endGame(ctx context.Context, id int64, loserID, reason string) {
	l, err := tm.table.get(id)
	if err != nil {
		return
	}
	for try := 1; ; try++ {
		ended, err := tm.end(l, loserID, reason)
		if !ended {
			return // ended meanwhile, by a move or by another process
		}
		if err == nil {
			break
		}
		if try == conflictTries {
			tm.log.Error("ending a tournament game: saved elsewhere first every time", "id", id, "err", err)
			return
		}
	}
	// The players hear of it before what follows (the next round).
	snap, evs := tm.settler.endedQuiet(ctx, l)
	tm.emitCtx(ctx, append([]Event{{Kind: EventEnded, Game: snap}}, evs...)...)
}

// end is one try of endGame's end of l: false if l was over already, and
// ErrConflict if another process saved it first (it is reloaded).
func (tm *Tournaments) end(l *live, loserID, reason string) (bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	tm.replica.freshen(l)
	if l.rec.Result.Over {
		return false, nil
	}
	winner := ai.NoSide
	if reason != ReasonAborted {
		for i, p := range l.rec.Players {
			if p.ID == loserID || (p.Bot && tournament.BotID(p.Level) == loserID) {
				winner = ai.Side(i).Opponent()
			}
		}
	}
	cp := l.state.clone()
	l.end(winner, reason, tm.cfg.Now())
	return true, tm.replica.save(l, cp)
}

// Start closes registration and starts round 1 (organiser or
// admin only). The round's games start in the channel; an EventRoundStarted
// carrying ref follows: it is the answer to the start command.
func (tm *Tournaments) Start(ctx context.Context, platform, channelID string, by Player, admin bool, ref string) (TournamentView, error) {
	v, evs, err := tm.start(ctx, platform, channelID, by, admin, ref)
	if err != nil {
		return v, err
	}
	tm.emitCtx(ctx, evs...)
	return v, nil
}

// start is Start's change of the tournament; it returns the
// events to announce.
func (tm *Tournaments) start(ctx context.Context, platform, channelID string, by Player, admin bool, ref string) (TournamentView, []Event, error) {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	rec, err := tm.current(platform, channelID)
	if err != nil {
		return TournamentView{}, nil, err
	}
	if !rec.T.CanManage(by.ID, admin) {
		return tm.view(rec), nil, ErrNotOrganiser
	}
	// Seed by today's ratings, not those at registration.
	for i, p := range rec.T.Players {
		id := p.ID
		if p.Bot {
			id = BotRatingID(p.Level)
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
		if evs[i].Kind == EventRoundStarted && evs[i].Round == 1 {
			evs[i].Ref = ref
		}
	}
	return tm.view(rec), evs, nil
}

// Cancel stops the channel's tournament (organiser or admin
// only); its unfinished games end without a result and are not rated.
func (tm *Tournaments) Cancel(ctx context.Context, platform, channelID string, by Player, admin bool) (TournamentView, error) {
	v, live, err := tm.cancel(ctx, platform, channelID, by, admin)
	if err != nil {
		return v, err
	}
	for _, id := range live {
		tm.endGame(ctx, id, "", ReasonAborted)
	}
	return v, nil
}

// cancel is Cancel's change of the tournament; it returns the
// games still going on, to end.
func (tm *Tournaments) cancel(ctx context.Context, platform, channelID string, by Player, admin bool) (TournamentView, []int64, error) {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	rec, err := tm.current(platform, channelID)
	if err != nil {
		return TournamentView{}, nil, err
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
			if id := rec.Games[pairingKey(n, b+1)]; id != 0 && !p.Result.Done() {
				live = append(live, id)
			}
		}
	}
	return tm.view(rec), live, nil
}

// result records the result of a tournament game that ended and returns
// the events that follow (next round, end). No lock may be held.
func (tm *Tournaments) result(ctx context.Context, rec GameRecord) []Event {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	tr := tm.byChannel[chanKey{rec.Platform, rec.ChannelID}]
	if tr == nil || tr.ID != rec.Tournament || tr.Games[pairingKey(rec.Round, rec.Board)] != rec.ID {
		return nil // cancelled, or not this tournament's game
	}
	var res tournament.Result
	switch {
	case rec.Result.Reason == ReasonAborted:
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
func (tm *Tournaments) applyUpdate(ctx context.Context, rec *TournamentRecord, u tournament.Update) []Event {
	tm.save(ctx, rec) // the rounds first: a crash now only leaves games to create
	var evs []Event
	if len(u.Paired) > 0 && rec.T.State == tournament.Running {
		cur := rec.T.Rounds[len(rec.T.Rounds)-1]
		started := tm.startRound(ctx, rec, cur.Number)
		v := tm.view(rec)
		evs = append(evs, Event{Kind: EventRoundStarted, Tournament: &v, Round: cur.Number, Games: started})
	}
	if u.Finished || rec.T.State == tournament.Finished {
		delete(tm.byChannel, chanKey{rec.Platform, rec.ChannelID})
		v := tm.view(rec)
		evs = append(evs, Event{Kind: EventTournamentOver, Tournament: &v})
	}
	return evs
}

// startRound creates the games of a round's unfinished pairings that have
// none yet, and returns them. tm.mu must be held.
func (tm *Tournaments) startRound(ctx context.Context, rec *TournamentRecord, round int) []Snapshot {
	g, ok := tm.cfg.Games.Lookup(rec.T.Game)
	if !ok || round < 1 || round > len(rec.T.Rounds) {
		return nil
	}
	tc, _ := ParseTimeControl(rec.T.TimeControl)
	var out []Snapshot
	for i, p := range rec.T.Rounds[round-1].Pairings {
		board := i + 1
		if p.Result.Done() || rec.Games[pairingKey(round, board)] != 0 {
			continue
		}
		if l := tm.table.pairingGame(rec.ID, round, board); l != nil {
			// Created before the tournament could be stored with its id.
			var snap Snapshot
			l.do(func() { snap = l.snapshot() })
			rec.Games[pairingKey(round, board)] = snap.ID
			tm.save(ctx, rec)
			out = append(out, snap)
			continue
		}
		var players [2]Player
		level := ""
		for side, num := range [2]int{p.White, p.Black} {
			tp, _ := rec.T.Player(num)
			if tp.Bot {
				players[side] = Player{ID: BotID, Name: tm.cfg.BotName, Bot: true, Level: tp.Level}
				level = tp.Level
			} else {
				players[side] = Player{ID: tp.ID, Name: tp.Name}
			}
		}
		snap, err := tm.lobby.create(context.WithoutCancel(ctx), GameRecord{Platform: rec.Platform, ChannelID: rec.ChannelID,
			Players: players, Level: level, TimeControl: tc, Lang: rec.Lang, Rated: true,
			Tournament: rec.ID, Round: round, Board: board}, g, "")
		if err != nil {
			tm.log.Error("starting a tournament game", "tournament", rec.ID, "round", round, "board", board, "err", err)
			continue // created again at the next Resume
		}
		rec.Games[pairingKey(round, board)] = snap.ID
		tm.save(ctx, rec)
		out = append(out, snap)
	}
	return out
}

// resume creates the games of the platform's running tournaments that a
// crash left uncreated, and announces them.
func (tm *Tournaments) resume(platform string) {
	ctx, d := Defer(tm.ctx) // the bot's moves wait for the round's announcement
	defer d.Release()       // (flushed below; released even if a panic unwinds)
	tm.emit(tm.startRounds(ctx, platform)...)
	tm.flush(d)
}

// startRounds starts, in each of the platform's running tournaments, the
// current round's games not created yet, and returns the announcements.
func (tm *Tournaments) startRounds(ctx context.Context, platform string) []Event {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	var evs []Event
	for _, rec := range tm.byChannel {
		if rec.Platform != platform || rec.T.State != tournament.Running || len(rec.T.Rounds) == 0 {
			continue
		}
		cur := rec.T.Rounds[len(rec.T.Rounds)-1].Number
		if started := tm.startRound(ctx, rec, cur); len(started) > 0 {
			v := tm.view(rec)
			evs = append(evs, Event{Kind: EventRoundStarted, Tournament: &v, Round: cur, Games: started})
		}
	}
	return evs
}

// fleetMutex is the tournaments' lock: a mutex, and in the shared mode
// also the tournaments' lease, so that one process of the fleet at a time
// changes a tournament, on the stored state (read again once the lease is
// taken): a result recorded by one process is never overwritten by
// another's stale copy. Tournament changes are rare (a command, a game's
// end), so one lease serves them all.
type fleetMutex struct {
	mu sync.Mutex
	t  *Tournaments
}

// Lock takes the mutex and, in the shared mode, the lease, then reloads
// the tournaments.
func (f *fleetMutex) Lock() {
	f.mu.Lock()
	tm := f.t
	if tm == nil || !tm.cfg.Shared {
		return
	}
	deadline := time.Now().Add(tournamentWait)
	for {
		ok, err := tm.cfg.Store.Lease(context.Background(), tournamentLease, tm.cfg.Instance, time.Now(), tournamentLeaseTTL)
		if ok {
			break
		}
		if err != nil || time.Now().After(deadline) {
			tm.log.Warn("tournaments changed without their lease", "err", err)
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	tm.reload()
}

// Unlock gives the lease up and unlocks.
func (f *fleetMutex) Unlock() {
	if tm := f.t; tm != nil && tm.cfg.Shared {
		if err := tm.cfg.Store.ReleaseLease(context.Background(), tournamentLease, tm.cfg.Instance); err != nil {
			tm.log.Warn("releasing the tournaments' lease", "err", err)
		}
	}
	f.mu.Unlock()
}
