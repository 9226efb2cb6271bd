// Package engine is what the common search (package ai) needs of chess
// beyond its rules: the evaluation and its tuned weights (eval.go,
// eval_params.go, eval_tuned.go, the thesis's eval_seed.go), the search's
// hooks (see.go: exchanges, move keys, checks, the tuning of the modern
// search) and the opening book. Its Position is a chess.Position (the
// rules, games/chess) that the ai package can search; games/chess/chessgame
// hosts it for the bot.
package engine

import (
	"oyunbot/ai"
	"oyunbot/games/chess"
)

// The engine's interfaces the position implements (see.go and book.go
// have the rest).
var (
	_ ai.Position       = (*Position)(nil)
	_ ai.NoisyGenerator = (*Position)(nil)
	_ ai.Repeater       = (*Position)(nil)
	_ ai.Styler         = (*Position)(nil)
)

// Position is a chess position the ai package can search: the rules'
// position with the evaluation's style and caches. Use it through a
// pointer; not safe for concurrent use.
type Position struct {
	chess.Position
	// style is the evaluation style SetStyle chooses.
	style string
	// moves is Moves' and NoisyMoves' buffer of the rules' moves.
	moves []chess.Move
	// pawnCache is the evaluation's pawn structure cache (eval.go), made
	// on first use; a clone starts without one.
	pawnCache *[pawnTableSize]pawnEntry
	// evalCache is the evaluation cache (eval.go), made on first use; a
	// clone starts without one.
	evalCache *[evalCacheSize]evalEntry
}

// New is the engine's position of the rules' position p, which it takes
// over: p, whose history it shares, is not to be used after.
func New(p *chess.Position) *Position { return &Position{Position: *p} }

// NewStart returns the start position.
func NewStart() *Position { return New(chess.NewStart()) }

// ParseFEN reads a FEN (chess.ParseFEN).
func ParseFEN(fen string) (*Position, error) {
	p, err := chess.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	return New(p), nil
}

// AI is m as an ai.Move.
func AI(m chess.Move) ai.Move { return ai.Move{Lo: uint64(m)} }

// MoveOf is the rules' move of an ai.Move made by this package.
func MoveOf(m ai.Move) chess.Move { return chess.Move(m.Lo) }

// Clone returns an independent copy, history included, with the same
// style and without the caches.
func (p *Position) Clone() *Position {
	return &Position{Position: *p.Position.Clone(), style: p.style}
}

// Turn is the side to move: ai.First for white, ai.Second for black.
func (p *Position) Turn() ai.Side { return ai.Side(p.SideToMove()) }

// Moves appends the legal moves to buf. A position whose Status is Over
// has none.
func (p *Position) Moves(buf []ai.Move) []ai.Move {
	p.moves = p.Position.Moves(p.moves[:0])
	for _, m := range p.moves {
		buf = append(buf, AI(m))
	}
	return buf
}

// NoisyMoves appends the legal captures and promotions (ai.NoisyGenerator)
// and reports whether they are all the legal moves.
func (p *Position) NoisyMoves(buf []ai.Move) ([]ai.Move, bool) {
	var all bool
	p.moves, all = p.Position.NoisyMoves(p.moves[:0])
	for _, m := range p.moves {
		buf = append(buf, AI(m))
	}
	return buf, all
}

// Noisy reports captures and promotions, the moves quiescence follows.
func (p *Position) Noisy(m ai.Move) bool { return MoveOf(m).IsNoisy() }

// Make plays legal move m.
func (p *Position) Make(m ai.Move) { p.MakeMove(MoveOf(m)) }

// Status is the rules' Outcome in the engine's terms.
func (p *Position) Status() ai.Status {
	o := p.Outcome()
	switch {
	case !o.Over:
		return ai.Status{Winner: ai.NoSide}
	case o.Draw:
		return ai.Status{Over: true, Winner: ai.NoSide, Reason: o.Reason}
	}
	return ai.Status{Over: true, Winner: ai.Side(o.Winner), Reason: o.Reason}
}
