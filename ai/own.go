package ai

// own.go lets a game search in its own way: a dice game whose turns are
// best chosen whole, on an evaluation the engine does not know (tavla's
// learned one), plugs in here and is still reached by every path that
// asks the engine (the bot's games, hints, analyse, uci, self-play).

import (
	"context"
	"math/rand/v2"
)

// OwnSearcher is implemented by positions whose game searches itself.
// Engine.ChooseWith and Engine.Search hand such a position to SearchOwn
// first (Search with a Level that has only its Limits); when it reports
// false (a level it leaves to the engine, such as a seed document's
// style) the engine searches as usual. SearchOwn honours lvl's budget and
// deliberate mistakes itself (rng nil: none) and returns a legal move.
//
// slot is the engine's own place for the game's state between calls
// (buffers, the rest of a turn already chosen): nil at first and after
// Engine.Clear, never shared between engines, so never used concurrently.
type OwnSearcher interface {
	SearchOwn(ctx context.Context, lvl Level, rng *rand.Rand, progress func(Info), slot *any) (Result, bool)
}

// searchOwn hands p to its game's own search if it has one.
func (e *Engine) searchOwn(ctx context.Context, p Position, lvl Level, rng *rand.Rand, progress func(Info)) (Result, bool) {
	o, ok := p.(OwnSearcher)
	if !ok {
		return Result{}, false
	}
	return o.SearchOwn(ctx, lvl, rng, progress, &e.own)
}
