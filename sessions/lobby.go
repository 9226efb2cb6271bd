package sessions

// lobby.go starts games (against the bot, one-player, and the games other
// parts ask for: a challenge accepted, a match's, a tournament's) and finds
// them (going on, or finished, from the store).

import (
	"context"
	"errors"
	"fmt"
	"sort"

	"oyunbot/ai"
	"oyunbot/games"
)

// Lobby starts and finds games (Manager.Lobby). It has no state and no lock
// of its own: a game it creates is locked while it is indexed and its bot's
// first move queued.
type Lobby struct {
	*env
	table    *table
	replica  *replica
	dice     *dice
	bots     *bots
	channels *Channels // a channel's default level
}

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
	// Start is a custom start position (the game's position text); ""
	// for the game's own. A game from a custom start is not rated.
	Start string
}

// StartVsBot starts a game against the bot. If the bot moves first its move
// is queued at once.
func (lb *Lobby) StartVsBot(ctx context.Context, req BotGame) (Snapshot, error) {
	if req.Game.Players() < 2 {
		return Snapshot{}, ErrOnePlayerGame
	}
	level := req.Level
	if level == "" {
		level = lb.channels.Get(ctx, req.Platform, req.ChannelID).Level
	}
	if level == "" {
		level = DefaultLevel
	}
	lvl, ok := lb.parseLevel(req.Game, level)
	if !ok {
		return Snapshot{}, ErrUnknownLevel
	}
	side := req.Side
	if side != ai.Second {
		side = ai.First
	}
	key := chanKey{req.Platform, req.ChannelID}
	if err := lb.playing(key, req.Player, lb.bot(), req.Game); err != nil {
		return Snapshot{}, err
	}
	var players [2]Player
	players[side] = req.Player
	players[side.Opponent()] = lb.bot()
	return lb.create(ctx, GameRecord{Platform: key.platform, ChannelID: key.channel, Game: req.Game.Name(),
		Players: players, Level: lvl.Name, Lang: req.Lang, Rated: true, Start: req.Start}, req.Game, req.Ref)
}

// SoloGame asks for a one-player game.
type SoloGame struct {
	Platform  string
	ChannelID string
	// Player plays it; a Player with ID Anyone lets everyone in the
	// channel play it together.
	Player Player
	Game   games.Game
	// Start is a custom start position (the game's position text); "" for
	// the game's own.
	Start string
	// Level chooses the difficulty of a start the game draws
	// (games.RandomStarter) when Start is empty; "" for the default.
	Level string
	Lang  string // kept for the game's replies
}

// StartSolo starts a one-player game. A player has one unfinished game of a
// kind per channel (PlayingError otherwise).
func (lb *Lobby) StartSolo(ctx context.Context, req SoloGame) (Snapshot, error) {
	if req.Game.Players() != 1 {
		return Snapshot{}, ErrTwoPlayerGame
	}
	key := chanKey{req.Platform, req.ChannelID}
	for _, l := range lb.table.inChannel(key) {
		var err error
		l.do(func() {
			if !l.rec.Result.Over && l.rec.Game == req.Game.Name() && l.rec.Players[0].ID == req.Player.ID {
				err = &PlayingError{Game: l.snapshot()}
			}
		})
		if err != nil {
			return Snapshot{}, err
		}
	}
	if rs := games.CanOf(req.Game, nil).RandomStarter; rs != nil && req.Start == "" {
		// A drawn start is a custom start: the game replays from its record.
		level := req.Level
		if level == "" {
			level = DefaultLevel
		}
		lvl, ok := ai.ParseLevel(level)
		if !ok {
			return Snapshot{}, ErrUnknownLevel
		}
		start, err := lb.dice.randomStart(rs, lvl.Name)
		if err != nil {
			return Snapshot{}, fmt.Errorf("%w: %w", ErrBadStart, err)
		}
		req.Start = start
	}
	rec := GameRecord{Platform: req.Platform, ChannelID: req.ChannelID, Players: [2]Player{req.Player, {}},
		Lang: req.Lang, Start: req.Start}
	return lb.create(ctx, rec, req.Game, "")
}

// Get returns a snapshot of an unfinished game.
func (lb *Lobby) Get(id int64) (Snapshot, error) {
	l, err := lb.table.get(id)
	if err != nil {
		return Snapshot{}, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	lb.replica.freshen(l)
	if l.rec.Result.Over && lb.cfg.Shared {
		return Snapshot{}, ErrNoGame // ended elsewhere: Finished's
	}
	return l.snapshot(), nil
}

// ChannelGames returns the unfinished games of a channel, oldest first.
func (lb *Lobby) ChannelGames(platform, channelID string) []Snapshot {
	lb.replica.syncChannel(chanKey{platform, channelID})
	list := lb.table.inChannel(chanKey{platform, channelID})
	out := make([]Snapshot, 0, len(list))
	for _, l := range list {
		l.do(func() {
			if !l.rec.Result.Over {
				out = append(out, l.snapshot())
			}
		})
	}
	return out
}

// Find returns userID's unfinished games in a channel, the most relevant
// first: games where it is their turn, then the most recently moved.
func (lb *Lobby) Find(platform, channelID, userID string) []Snapshot {
	all := lb.ChannelGames(platform, channelID)
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

// PlayerGames returns userID's unfinished games on a platform, in every
// channel, oldest first.
func (lb *Lobby) PlayerGames(platform, userID string) []Snapshot {
	var out []Snapshot
	for _, l := range lb.table.list(platform) {
		l.do(func() {
			if !l.rec.Result.Over && (l.rec.Players[0].ID == userID || l.rec.Players[1].ID == userID) {
				out = append(out, l.snapshot())
			}
		})
	}
	return out
}

// LastFinished returns userID's last finished game in the channel, as
// stored (for "history" and "board" after the end, across restarts).
func (lb *Lobby) LastFinished(ctx context.Context, platform, channelID, userID string) (Snapshot, bool) {
	rec, err := lb.cfg.Store.LastFinished(ctx, platform, channelID, userID)
	if err != nil {
		if !errors.Is(err, ErrNotFound) {
			lb.log.Error("loading the last finished game", "err", err)
		}
		return Snapshot{}, false
	}
	return lb.storedSnapshot(rec)
}

// Finished returns finished game id as stored (for "board #g7" and
// "history #g7" after the end, across restarts). ok is false for a game
// that does not exist or is not over: an unfinished game is Get's.
func (lb *Lobby) Finished(ctx context.Context, id int64) (Snapshot, bool) {
	rec, err := lb.cfg.Store.Game(ctx, id)
	if err != nil {
		if !errors.Is(err, ErrNotFound) {
			lb.log.Error("loading a finished game", "id", id, "err", err)
		}
		return Snapshot{}, false
	}
	if !rec.Result.Over {
		return Snapshot{}, false
	}
	return lb.storedSnapshot(rec)
}

// playing returns a *PlayingError with the unfinished casual game of g
// in the channel between a and b, if there is one (tournament games do
// not count: they are not the players' choice). Two people may have games
// of different kinds going at once (a tic-tac-toe left open does not stop
// a game of dama); a bare move goes to the one whose notation it is.
func (lb *Lobby) playing(key chanKey, a, b Player, g games.Game) error {
	lb.replica.syncChannel(key)
	same := func(p, q Player) bool { return p.Bot == q.Bot && p.ID == q.ID }
	for _, l := range lb.table.inChannel(key) {
		var err error
		l.do(func() {
			p := l.rec.Players
			over := l.rec.Result.Over || l.rec.Tournament != 0 || l.rec.Game != g.Name()
			if !over && ((same(p[0], a) && same(p[1], b)) || (same(p[0], b) && same(p[1], a))) {
				err = &PlayingError{Game: l.snapshot()}
			}
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// Playing returns a *PlayingError with the unfinished casual game of g
// in the channel between a and b, if there is one: package
// sessions/challenges refuses a challenge, or its acceptance, so.
func (lb *Lobby) Playing(platform, channelID string, a, b Player, g games.Game) error {
	return lb.playing(chanKey{platform, channelID}, a, b, g)
}

// StartBetween starts the game of an accepted challenge (package
// sessions/challenges) from rec's platform, channel, players, time
// control, language and rated flag.
func (lb *Lobby) StartBetween(ctx context.Context, rec GameRecord, g games.Game) (Snapshot, error) {
	return lb.create(ctx, rec, g, "")
}

// create starts a game from rec's platform, channel, players, level, time
// control, language, tournament link and rated flag.
func (lb *Lobby) create(ctx context.Context, rec GameRecord, g games.Game, ref string) (Snapshot, error) {
	now := storedTime(lb.cfg.Now())
	pos, err := startPosition(g, rec.Start)
	if err != nil {
		return Snapshot{}, err
	}
	can := games.CanOf(g, pos)
	end := pos.Status()
	if d := can.Decider; d != nil && !end.Over {
		end = d.Decided()
	}
	if end.Over {
		return Snapshot{}, &OverAtStartError{Game: g, Status: end, Turn: pos.Turn()}
	}
	if rec.Start != "" || g.Players() == 1 || lb.policy(g).Unrated {
		rec.Rated = false // a chosen position says nothing about strength; a puzzle has no opponent
	}
	rec.Game, rec.Moves = g.Name(), []string{}
	rec.Started, rec.LastMove, rec.DrawOffer, rec.TakebackOffer = now, now, ai.NoSide, ai.NoSide
	rec.Result = Result{Winner: ai.NoSide}
	rec.Left = rec.TimeControl.clockStart()
	if g.Players() == 1 {
		rec.Optimal = -1
		if s := can.Solver; s != nil {
			if n, ok := s.OptimalLength(); ok {
				rec.Optimal = n
			}
		}
	}
	// A game that begins with dice (tavla's opening roll) has them rolled
	// and recorded before anyone sees it.
	st := state{rec: rec, game: g, pos: pos}
	lb.dice.roll(&st, now)
	rec = st.rec
	rec.Version = 1 // announced by the reply that starts it
	rec.Update = takeUpdate(ctx)
	id, err := lb.cfg.Store.CreateGame(ctx, rec)
	if err != nil {
		giveUpdate(ctx, rec.Update)
		return Snapshot{}, err
	}
	rec.Update = UpdateKey{}
	rec.ID = id
	l := lb.newLive(rec, g)
	l.pos, l.sides = st.pos, st.sides
	l.mu.Lock()
	defer l.mu.Unlock()
	lb.table.index(l)
	snap := l.snapshot()
	if l.botToMove() {
		lb.bots.queue(l, ref, holdOf(ctx))
	}
	return snap, nil
}
