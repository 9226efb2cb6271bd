package sessions

// env.go: what every part of the Manager shares and nobody changes after
// New: the configuration, the logger, the Manager's lifetime, the way out
// of the Events, how each game is hosted and how a stored game is rebuilt.

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"

	"oyunbot/ai"
	"oyunbot/games"
)

// env is the parts' common ground. It has no lock: its fields are set
// once, in New, and hosts is a sync.Map.
type env struct {
	cfg Config // with the defaults filled in
	log *slog.Logger
	// ctx is the Manager's lifetime: Close cancels it.
	ctx context.Context
	// hosts caches each game's games.Host by name.
	hosts sync.Map
}

// emit hands events to Config.Notify, in order. No lock may be held but a
// bot notice's (see the package's lock order): Notify may call back in.
func (e *env) emit(evs ...Event) {
	for _, ev := range evs {
		e.cfg.Notify(ev)
	}
}

// emitCtx emits follow-up events to the Deferred in ctx, if any, else to
// Notify.
func (e *env) emitCtx(ctx context.Context, evs ...Event) {
	if len(evs) == 0 {
		return
	}
	if d, ok := ctx.Value(deferKey{}).(*Deferred); ok {
		d.add(evs)
		return
	}
	e.emit(evs...)
}

// flush emits d's events to Notify and releases its held bot moves.
func (e *env) flush(d *Deferred) { d.Flush(func(ev Event) { e.emit(ev) }) }

// bot is the bot as a player.
func (e *env) bot() Player { return Player{ID: BotID, Name: e.cfg.BotName, Bot: true} }

// host is how game g is hosted (games.Host), read once per game.
func (e *env) host(g games.Game) games.Host {
	if h, ok := e.hosts.Load(g.Name()); ok {
		return h.(games.Host)
	}
	h := games.HostOf(g)
	e.hosts.Store(g.Name(), h)
	return h
}

// policy is what game g allows.
func (e *env) policy(g games.Game) games.Policy { return e.host(g).Policy }

// parseLevel reads a level name of game g (its own levels, or the
// standard ones).
func (e *env) parseLevel(g games.Game, name string) (ai.Level, bool) {
	return e.host(g).Level(name)
}

// level is the level name of game g, else the default level, else the
// game's first.
func (e *env) level(g games.Game, name string) ai.Level {
	if lvl, ok := e.parseLevel(g, name); ok {
		return lvl
	}
	if lvl, ok := e.parseLevel(g, DefaultLevel); ok {
		return lvl
	}
	return e.host(g).LevelList()[0]
}

// newLive wraps a game record (its position not built yet: replay).
func (e *env) newLive(rec GameRecord, g games.Game) *live {
	return &live{
		state:      state{rec: rec, game: g},
		rng:        rand.New(rand.NewPCG(e.cfg.Seed, uint64(rec.ID))),
		id:         rec.ID,
		key:        chanKey{rec.Platform, rec.ChannelID},
		tournament: rec.Tournament,
		round:      rec.Round,
		board:      rec.Board,
	}
}

// liveOf rebuilds a stored game.
func (e *env) liveOf(rec GameRecord) (*live, error) {
	g, ok := e.cfg.Games.Lookup(rec.Game)
	if !ok {
		return nil, fmt.Errorf("unknown game %q", rec.Game)
	}
	l := e.newLive(rec, g)
	if err := l.replay(rec.Moves); err != nil {
		return nil, err
	}
	return l, nil
}

// storedSnapshot rebuilds a stored game's snapshot by replaying its moves.
func (e *env) storedSnapshot(rec GameRecord) (Snapshot, bool) {
	g, ok := e.cfg.Games.Lookup(rec.Game)
	if !ok {
		return Snapshot{}, false
	}
	l := e.newLive(rec, g)
	if err := l.replay(rec.Moves); err != nil {
		e.log.Error("replaying a stored game", "id", rec.ID, "err", err)
		return Snapshot{}, false
	}
	return l.snapshot(), true
}
