package ai

// level.go holds the playing levels and Choose, which turns a search into a
// move a player of a level would make.

import (
	"context"
	"math/rand/v2"
	"strings"
	"time"
)

// The levels, weakest first. easy sees two plies and often picks any move
// that is not much worse than the best; medium sees four plies and seldom
// errs by a little; hard and master search by time and never err on purpose.
func levelTable() []levelDef {
	return []levelDef{
		{Level{Name: "easy", Limits: Limits{Depth: 2, Time: 200 * time.Millisecond}, BlunderProb: 0.4, Margin: 120}, []string{"kolay", "1"}},
		{Level{Name: "medium", Limits: Limits{Depth: 4, Time: 300 * time.Millisecond}, BlunderProb: 0.1, Margin: 30}, []string{"orta", "2"}},
		{Level{Name: "hard", Limits: Limits{Time: time.Second}}, []string{"zor", "3"}},
		{Level{Name: "master", Limits: Limits{Time: 2 * time.Second}}, []string{"usta", "4"}},
	}
}

type levelDef struct {
	Level
	aliases []string
}

// Levels returns the levels from weakest to strongest.
func Levels() []Level {
	defs := levelTable()
	ls := make([]Level, len(defs))
	for i, l := range defs {
		ls[i] = l.Level
	}
	return ls
}

// ParseLevel accepts a level's English or Turkish name (kolay, orta, zor,
// usta) or its number 1 to 4, in any case.
func ParseLevel(s string) (Level, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, l := range levelTable() {
		if s == l.Name {
			return l.Level, true
		}
		for _, a := range l.aliases {
			if s == a {
				return l.Level, true
			}
		}
	}
	return Level{}, false
}

// Choose picks the move a player of level lvl makes in p: a search within the
// level's budget, then (at the easy end) a deliberate mistake drawn from rng.
//
// A mistake happens with probability lvl.BlunderProb: the move is drawn
// uniformly from the other root moves whose exact score is within lvl.Margin
// of the best one's in the last completed iteration. A move that loses by
// force is never chosen (in a lost position the best defence is played), so
// the mistakes stay humane: a slightly worse plan or a slower win, never a
// hung game. Without such moves, or
// with a nil rng or zero BlunderProb, Choose returns the search's best move.
// A forced move (the only legal one) is returned after a one-ply search.
func (e *Engine) Choose(ctx context.Context, p Position, lvl Level, rng *rand.Rand) Result {
	return e.ChooseWith(ctx, p, lvl, rng, nil)
}

// Booker is implemented by games with an opening book. BookMove returns a
// book move for the position, drawn with rng among the book's choices so
// that games differ, and false when the position is not in the book.
type Booker interface {
	BookMove(rng *rand.Rand) (Move, bool)
}

// ChooseWith is Choose with a progress callback for each completed
// iteration (as Search's). A level of the standard style (Style "") plays
// a book move (Booker) without searching when rng is not nil and the
// level does not keep the book closed (NoBook): a player who passes no
// rng asks for the engine's own choice.
func (e *Engine) ChooseWith(ctx context.Context, p Position, lvl Level, rng *rand.Rand, progress func(Info)) Result {
	if res, ok := e.searchOwn(ctx, p, lvl, rng, progress); ok {
		return res
	}
	if b, ok := p.(Booker); ok && rng != nil && lvl.Style == "" && !lvl.NoBook {
		if m, ok := b.BookMove(rng); ok {
			return Result{Best: m, PV: []Move{m}}
		}
	}
	if p.Turn() != Chance && len(p.Moves(e.moves[0][:0])) == 1 {
		// A forced move is played at once; a shallow search still scores it.
		lvl.Limits.Depth = 1
	}
	if st, ok := p.(Styler); ok && lvl.Style != "" {
		prev := st.SetStyle(lvl.Style)
		defer st.SetStyle(prev)
		// Scores of another evaluation must not reach the table that the
		// standard style's searches trust.
		tt := e.tt
		e.tt = nil
		defer func() { e.tt = tt }()
	}
	if lvl.Plain {
		opts := e.opts
		e.opts.Quiescence, e.opts.CheckExt, e.opts.NullMove, e.opts.LMR, e.opts.Futility = false, false, false, false, false
		e.opts.Plain = true
		defer func() { e.opts = opts }()
	}
	blunder := lvl.BlunderProb > 0 && rng != nil
	if blunder {
		e.s.rootMargin = max(lvl.Margin, 0)
	}
	res := e.Search(ctx, p, lvl.Limits, progress)
	e.s.rootMargin = 0
	if !blunder || res.Best.IsNone() || len(e.lastRoot) < 2 {
		return res
	}
	if rng.Float64() >= lvl.BlunderProb {
		return res
	}
	best := e.lastRoot[0] // sorted: the best first
	var cands []rootMove
	for _, rm := range e.lastRoot[1:] {
		if !rm.exact || rm.score < best.score-lvl.Margin {
			continue
		}
		if rm.score < -mateBound {
			continue // a forced loss, or a faster one when lost anyway
		}
		cands = append(cands, rm)
	}
	if len(cands) == 0 {
		return res
	}
	c := cands[rng.IntN(len(cands))]
	res.Best, res.Score, res.PV = c.move, c.score, []Move{c.move}
	return res
}
