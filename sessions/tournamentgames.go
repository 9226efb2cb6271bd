package sessions

// tournamentgames.go: what the live games offer the channels' tournaments,
// which package sessions/tournaments runs: the view of a tournament that
// the Events carry, the hook a tournament game's end calls, and the part
// through which the tournaments start, find and end their games.

import (
	"context"
	"strconv"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/tournament"
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
func (v TournamentView) GameID(round, board int) int64 { return v.Games[PairingKey(round, board)] }

// PairingKey is a pairing's key in TournamentRecord.Games.
func PairingKey(round, board int) string { return strconv.Itoa(round) + ":" + strconv.Itoa(board) }

// TournamentRunner is the channels' tournaments as the Manager calls them
// (*tournaments.Runner of package sessions/tournaments). It is declared
// here, by its user, and handed in through Config.Tournaments, because the
// tournaments import sessions (their games are the Manager's) and sessions
// must not import them: New attaches the Manager to it once, before the
// Manager starts, so nothing is bound late.
type TournamentRunner interface {
	// Attach gives the runner the Manager that plays its games and the
	// tournaments registering or running (New read them, its unreadable
	// rows among Skipped). New calls it once, before anything else.
	Attach(m *Manager, active []TournamentRecord)
	// Result records the result of a tournament game that ended and
	// returns the events that follow (the next round, the end). No lock is
	// held.
	Result(ctx context.Context, rec GameRecord) []Event
	// StartRounds starts the games of the platform's running tournaments
	// that a crash left uncreated and returns their announcements.
	StartRounds(ctx context.Context, platform string) []Event
}

// resumeTournaments starts the tournament games a crash left uncreated
// and announces them.
func (m *Manager) resumeTournaments(platform string) {
	t := m.env.cfg.Tournaments
	if t == nil {
		return
	}
	ctx, d := Defer(m.env.ctx) // the bot's moves wait for the round's announcement
	defer d.Release()          // (flushed below; released even if a panic unwinds)
	m.env.emit(t.StartRounds(ctx, platform)...)
	m.env.flush(d)
}

// TournamentGames is the live games' side of the tournaments: the
// tournaments (package sessions/tournaments) start, find and end their
// games through it. Start and Find may be called with the tournaments'
// lock held (it comes before a game's); End and Emit with no lock held.
type TournamentGames struct {
	*env
	table   *table
	replica *replica
	lobby   *Lobby
	settler *settler
}

// Start creates the game of a tournament's pairing: rec's players, time
// control, language and pairing (Tournament, Round, Board), rated. It is
// created even if ctx is cancelled, since the round is stored already.
func (tg *TournamentGames) Start(ctx context.Context, rec GameRecord, g games.Game) (Snapshot, error) {
	return tg.lobby.create(context.WithoutCancel(ctx), rec, g, "")
}

// Find returns the live game of a tournament's pairing, if any.
func (tg *TournamentGames) Find(tournamentID int64, round, board int) (Snapshot, bool) {
	l := tg.table.pairingGame(tournamentID, round, board)
	if l == nil {
		return Snapshot{}, false
	}
	var snap Snapshot
	l.do(func() { snap = l.snapshot() })
	return snap, true
}

// Emit hands follow-up events to ctx's Deferred, if any, else to
// Config.Notify. No lock may be held.
func (tg *TournamentGames) Emit(ctx context.Context, evs ...Event) { tg.emitCtx(ctx, evs...) }

// End ends a live game as a loss for loserID (a person's id, or
// tournament.BotID of a bot's level), or with no winner for ReasonAborted,
// settles it and emits its EventEnded and what follows. No lock may be
// held.
func (tg *TournamentGames) End(ctx context.Context, id int64, loserID, reason string) {
	l, err := tg.table.get(id)
	if err != nil {
		return
	}
	for try := 1; ; try++ {
		ended, err := tg.end(l, loserID, reason)
		if !ended {
			return // ended meanwhile, by a move or by another process
		}
		if err == nil {
			break
		}
		if try == conflictTries {
			tg.log.Error("ending a tournament game: saved elsewhere first every time", "id", id, "err", err)
			return
		}
	}
	// The players hear of it before what follows (the next round).
	snap, evs := tg.settler.endedQuiet(ctx, l)
	tg.emitCtx(ctx, append([]Event{{Kind: EventEnded, Game: snap}}, evs...)...)
}

// end is one try of End's end of l: false if l was over already, and
// ErrConflict if another process saved it first (it is reloaded).
func (tg *TournamentGames) end(l *live, loserID, reason string) (bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	tg.replica.freshen(l)
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
	l.end(winner, reason, tg.cfg.Now())
	return true, tg.replica.save(l, cp)
}
