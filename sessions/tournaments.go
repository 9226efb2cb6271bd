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

// view copies rec; m.tmu must be held (or rec private).
func (m *Manager) view(rec *TournamentRecord) TournamentView {
	g, _ := m.cfg.Games.Lookup(rec.T.Game)
	tc, _ := ParseTimeControl(rec.T.TimeControl)
	games := make(map[string]int64, len(rec.Games))
	for k, v := range rec.Games {
		games[k] = v
	}
	return TournamentView{ID: rec.ID, Platform: rec.Platform, ChannelID: rec.ChannelID, Lang: rec.Lang, Game: g,
		TimeControl: tc, T: cloneTournament(rec.T), Games: games}
}

// restoreTournaments loads the registering and running tournaments,
// skipping those that cannot be read.
func (m *Manager) restoreTournaments() error {
	recs, skipped, err := loadTournaments(m.ctx, m.cfg.Store, m.cfg.Games)
	if err != nil {
		return fmt.Errorf("sessions: restore tournaments: %w", err)
	}
	m.skipped = append(m.skipped, skipped...)
	for i := range recs {
		rec := recs[i]
		if rec.Games == nil {
			rec.Games = map[string]int64{}
		}
		m.tourneys[chanKey{rec.Platform, rec.ChannelID}] = &rec
	}
	return nil
}

// saveTournament writes rec through; m.tmu must be held.
func (m *Manager) saveTournament(ctx context.Context, rec *TournamentRecord) {
	rec.Updated = storedTime(m.cfg.Now())
	if err := m.cfg.Store.SaveTournament(context.WithoutCancel(ctx), *rec); err != nil {
		m.log.Error("saving a tournament", "id", rec.ID, "err", err)
	}
}

// CreateTournament opens a tournament for registration in a channel (one
// per channel at a time: ErrTournamentExists, with the existing one).
func (m *Manager) CreateTournament(ctx context.Context, req NewTournament) (TournamentView, error) {
	if req.Game.Players() != 2 {
		return TournamentView{}, ErrOnePlayerGame
	}
	t, err := tournament.New(req.Game.Name(), req.System, req.Rounds, req.TimeControl.String(), req.Organiser.ID)
	if err != nil {
		return TournamentView{}, err
	}
	key := chanKey{req.Platform, req.ChannelID}
	m.tmu.Lock()
	defer m.tmu.Unlock()
	if cur := m.tourneys[key]; cur != nil {
		return m.view(cur), ErrTournamentExists
	}
	now := storedTime(m.cfg.Now())
	rec := &TournamentRecord{Platform: req.Platform, ChannelID: req.ChannelID, Lang: req.Lang, T: *t,
		Games: map[string]int64{}, Created: now, Updated: now}
	id, err := m.cfg.Store.CreateTournament(ctx, *rec)
	if err != nil {
		return TournamentView{}, err
	}
	rec.ID = id
	rec.T.ID = strconv.FormatInt(id, 10)
	m.saveTournament(ctx, rec)
	m.tourneys[key] = rec
	return m.view(rec), nil
}

// current returns the channel's active tournament; m.tmu must be held.
func (m *Manager) current(platform, channelID string) (*TournamentRecord, error) {
	rec := m.tourneys[chanKey{platform, channelID}]
	if rec == nil {
		return nil, ErrNoTournament
	}
	return rec, nil
}

// Tournament returns the channel's tournament: the one registering or
// running, else the last one (finished or cancelled), from the store.
func (m *Manager) Tournament(ctx context.Context, platform, channelID string) (TournamentView, bool) {
	m.tmu.Lock()
	if rec := m.tourneys[chanKey{platform, channelID}]; rec != nil {
		v := m.view(rec)
		m.tmu.Unlock()
		return v, true
	}
	m.tmu.Unlock()
	rec, err := m.cfg.Store.LastTournament(ctx, platform, channelID)
	if err != nil {
		if !errors.Is(err, ErrNotFound) {
			m.log.Error("loading the last tournament", "err", err)
		}
		return TournamentView{}, false
	}
	return m.view(&rec), true
}

// JoinTournament registers p in the channel's tournament, seeded by their
// rating in its game.
func (m *Manager) JoinTournament(ctx context.Context, platform, channelID string, p Player) (TournamentView, error) {
	m.tmu.Lock()
	defer m.tmu.Unlock()
	rec, err := m.current(platform, channelID)
	if err != nil {
		return TournamentView{}, err
	}
	r, _ := m.ratings.Rating(ctx, platform, rec.T.Game, p.ID)
	if err := rec.T.Join(tournament.Player{ID: p.ID, Name: p.Name, Rating: r.Rating.Rating}); err != nil {
		return m.view(rec), err
	}
	m.saveTournament(ctx, rec)
	return m.view(rec), nil
}

// AddBotToTournament enters the bot at a level (organiser or admin only).
func (m *Manager) AddBotToTournament(ctx context.Context, platform, channelID string, by Player, admin bool, level string) (TournamentView, error) {
	m.tmu.Lock()
	defer m.tmu.Unlock()
	rec, err := m.current(platform, channelID)
	if err != nil {
		return TournamentView{}, err
	}
	g, ok := m.cfg.Games.Lookup(rec.T.Game)
	if !ok {
		return m.view(rec), ErrUnknownGameName
	}
	lvl, ok := m.parseLevel(g, level)
	if !ok {
		return m.view(rec), ErrUnknownLevel
	}
	if !rec.T.CanManage(by.ID, admin) {
		return m.view(rec), ErrNotOrganiser
	}
	r, _ := m.ratings.Rating(ctx, platform, rec.T.Game, BotRatingID(lvl.Name))
	p := tournament.Player{ID: tournament.BotID(lvl.Name), Name: m.cfg.BotName, Bot: true, Level: lvl.Name, Rating: r.Rating.Rating}
	if err := rec.T.Join(p); err != nil {
		return m.view(rec), err
	}
	m.saveTournament(ctx, rec)
	return m.view(rec), nil
}

// LeaveTournament takes playerID out of the channel's tournament: before the
// start it unregisters, after it withdraws (the game in play is lost, later
// ones are forfeited). Taking out someone else (the bot) is for the
// organiser or an admin.
func (m *Manager) LeaveTournament(ctx context.Context, platform, channelID string, by Player, admin bool, playerID string) (TournamentView, error) {
	m.tmu.Lock()
	rec, err := m.current(platform, channelID)
	if err != nil {
		m.tmu.Unlock()
		return TournamentView{}, err
	}
	if playerID != by.ID && !rec.T.CanManage(by.ID, admin) {
		v := m.view(rec)
		m.tmu.Unlock()
		return v, ErrNotOrganiser
	}
	var game int64
	if round, board, ok := rec.T.GameOf(playerID); ok {
		game = rec.Games[pairingKey(round, board)]
	}
	u, err := rec.T.Leave(playerID)
	if err != nil {
		v := m.view(rec)
		m.tmu.Unlock()
		return v, err
	}
	evs := m.applyUpdate(ctx, rec, u)
	v := m.view(rec)
	m.tmu.Unlock()
	// The withdrawn player's game ends as a loss; its result is already in
	// the tournament (Leave forfeited it), so settling it records nothing.
	if game != 0 {
		m.endGame(ctx, game, playerID, ReasonWithdrew)
	}
	m.emitCtx(ctx, evs...)
	return v, nil
}

// endGame ends a live game as a loss for loserID (or with no winner, for
// ReasonAborted) and settles it.
func (m *Manager) endGame(ctx context.Context, id int64, loserID, reason string) {
	l, err := m.table.get(id)
	if err != nil {
		return
	}
	for try := 1; ; try++ {
		l.mu.Lock()
		m.replica.freshen(l)
		if l.rec.Result.Over {
			l.mu.Unlock()
			return // ended meanwhile, by a move or by another process
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
		l.end(winner, reason, m.cfg.Now())
		err := m.replica.save(l, cp)
		l.mu.Unlock()
		if err == nil {
			break
		}
		if try == conflictTries {
			m.log.Error("ending a tournament game: saved elsewhere first every time", "id", id, "err", err)
			return
		}
	}
	// The players hear of it before what follows (the next round).
	snap, evs := m.endedQuiet(ctx, l)
	m.emitCtx(ctx, append([]Event{{Kind: EventEnded, Game: snap}}, evs...)...)
}

// StartTournament closes registration and starts round 1 (organiser or
// admin only). The round's games start in the channel; an EventRoundStarted
// carrying ref follows: it is the answer to the start command.
func (m *Manager) StartTournament(ctx context.Context, platform, channelID string, by Player, admin bool, ref string) (TournamentView, error) {
	m.tmu.Lock()
	rec, err := m.current(platform, channelID)
	if err != nil {
		m.tmu.Unlock()
		return TournamentView{}, err
	}
	if !rec.T.CanManage(by.ID, admin) {
		v := m.view(rec)
		m.tmu.Unlock()
		return v, ErrNotOrganiser
	}
	// Seed by today's ratings, not those at registration.
	for i, p := range rec.T.Players {
		id := p.ID
		if p.Bot {
			id = BotRatingID(p.Level)
		}
		r, _ := m.ratings.Rating(ctx, platform, rec.T.Game, id)
		rec.T.Players[i].Rating = r.Rating.Rating
	}
	u, err := rec.T.Start()
	if err != nil {
		v := m.view(rec)
		m.tmu.Unlock()
		return v, err
	}
	evs := m.applyUpdate(ctx, rec, u)
	for i := range evs {
		if evs[i].Kind == EventRoundStarted && evs[i].Round == 1 {
			evs[i].Ref = ref
		}
	}
	v := m.view(rec)
	m.tmu.Unlock()
	m.emitCtx(ctx, evs...)
	return v, nil
}

// CancelTournament stops the channel's tournament (organiser or admin
// only); its unfinished games end without a result and are not rated.
func (m *Manager) CancelTournament(ctx context.Context, platform, channelID string, by Player, admin bool) (TournamentView, error) {
	m.tmu.Lock()
	rec, err := m.current(platform, channelID)
	if err != nil {
		m.tmu.Unlock()
		return TournamentView{}, err
	}
	if !rec.T.CanManage(by.ID, admin) {
		v := m.view(rec)
		m.tmu.Unlock()
		return v, ErrNotOrganiser
	}
	if err := rec.T.Cancel(); err != nil {
		v := m.view(rec)
		m.tmu.Unlock()
		return v, err
	}
	m.saveTournament(ctx, rec)
	delete(m.tourneys, chanKey{platform, channelID})
	var live []int64
	if n := len(rec.T.Rounds); n > 0 {
		for b, p := range rec.T.Rounds[n-1].Pairings {
			if id := rec.Games[pairingKey(n, b+1)]; id != 0 && !p.Result.Done() {
				live = append(live, id)
			}
		}
	}
	v := m.view(rec)
	m.tmu.Unlock()
	for _, id := range live {
		m.endGame(ctx, id, "", ReasonAborted)
	}
	return v, nil
}

// tournamentResult records the result of a tournament game that ended and
// returns the events that follow (next round, end). No lock may be held.
func (m *Manager) tournamentResult(ctx context.Context, rec GameRecord) []Event {
	m.tmu.Lock()
	defer m.tmu.Unlock()
	tr := m.tourneys[chanKey{rec.Platform, rec.ChannelID}]
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
			m.log.Error("recording a tournament result", "tournament", tr.ID, "game", rec.ID, "err", err)
		}
		return nil
	}
	return m.applyUpdate(ctx, tr, u)
}

// applyUpdate stores the tournament after an event, starts the games of a
// newly paired round and returns the events to announce. m.tmu must be
// held.
func (m *Manager) applyUpdate(ctx context.Context, rec *TournamentRecord, u tournament.Update) []Event {
	m.saveTournament(ctx, rec) // the rounds first: a crash now only leaves games to create
	var evs []Event
	if len(u.Paired) > 0 && rec.T.State == tournament.Running {
		cur := rec.T.Rounds[len(rec.T.Rounds)-1]
		started := m.startRound(ctx, rec, cur.Number)
		v := m.view(rec)
		evs = append(evs, Event{Kind: EventRoundStarted, Tournament: &v, Round: cur.Number, Games: started})
	}
	if u.Finished || rec.T.State == tournament.Finished {
		delete(m.tourneys, chanKey{rec.Platform, rec.ChannelID})
		v := m.view(rec)
		evs = append(evs, Event{Kind: EventTournamentOver, Tournament: &v})
	}
	return evs
}

// startRound creates the games of a round's unfinished pairings that have
// none yet, and returns them. m.tmu must be held.
func (m *Manager) startRound(ctx context.Context, rec *TournamentRecord, round int) []Snapshot {
	g, ok := m.cfg.Games.Lookup(rec.T.Game)
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
		if l := m.table.pairingGame(rec.ID, round, board); l != nil {
			// Created before the tournament could be stored with its id.
			l.mu.Lock()
			snap := l.snapshot()
			l.mu.Unlock()
			rec.Games[pairingKey(round, board)] = snap.ID
			m.saveTournament(ctx, rec)
			out = append(out, snap)
			continue
		}
		var players [2]Player
		level := ""
		for side, num := range [2]int{p.White, p.Black} {
			tp, _ := rec.T.Player(num)
			if tp.Bot {
				players[side] = Player{ID: BotID, Name: m.cfg.BotName, Bot: true, Level: tp.Level}
				level = tp.Level
			} else {
				players[side] = Player{ID: tp.ID, Name: tp.Name}
			}
		}
		snap, err := m.create(context.WithoutCancel(ctx), GameRecord{Platform: rec.Platform, ChannelID: rec.ChannelID,
			Players: players, Level: level, TimeControl: tc, Lang: rec.Lang, Rated: true,
			Tournament: rec.ID, Round: round, Board: board}, g, "")
		if err != nil {
			m.log.Error("starting a tournament game", "tournament", rec.ID, "round", round, "board", board, "err", err)
			continue // created again at the next Resume
		}
		rec.Games[pairingKey(round, board)] = snap.ID
		m.saveTournament(ctx, rec)
		out = append(out, snap)
	}
	return out
}

// resumeTournaments creates the games of the platform's running
// tournaments that a crash left uncreated, and announces them.
func (m *Manager) resumeTournaments(platform string) {
	m.tmu.Lock()
	var evs []Event
	ctx, d := Defer(m.ctx) // the bot's moves wait for the round's announcement
	defer d.Release()      // (flushed below; released even if a panic unwinds)
	for _, rec := range m.tourneys {
		if rec.Platform != platform || rec.T.State != tournament.Running || len(rec.T.Rounds) == 0 {
			continue
		}
		cur := rec.T.Rounds[len(rec.T.Rounds)-1].Number
		if started := m.startRound(ctx, rec, cur); len(started) > 0 {
			v := m.view(rec)
			evs = append(evs, Event{Kind: EventRoundStarted, Tournament: &v, Round: cur, Games: started})
		}
	}
	m.tmu.Unlock()
	m.emit(evs...)
	m.flush(d)
}
