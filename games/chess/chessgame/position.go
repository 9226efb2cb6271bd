// Package chessgame is chess as the bot hosts it (games.Game): the
// position the bot keeps, with the common move vocabulary of package games
// (ParseMove, FormatMove, marks, Turkish readings), its levels, texts,
// commands (pgn), PGN records and the post-game analysis's terms. The
// rules are games/chess's; the evaluation and the search's hooks
// games/chess/engine's.
package chessgame

import (
	"errors"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/chess"
	"oyunbot/games/chess/engine"
)

// Game is chess for the games registry.
type Game struct{}

// Name is "chess".
func (Game) Name() string { return "chess" }

// Aliases are the Turkish names.
func (Game) Aliases() []string { return []string{"satranç", "satranc"} }

// Players is 2.
func (Game) Players() int { return 2 }

// SideNames are white (moves first) and black.
func (Game) SideNames() []string { return []string{"white", "black"} }

// Start returns the start position.
func (Game) Start() games.Position { return NewStart() }

// ParsePosition reads a FEN (see ParseFEN).
func (Game) ParsePosition(s string) (games.Position, error) {
	p, err := ParseFEN(s)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Position is a chess position as the bot holds it: the engine's position
// (the rules and the evaluation) with the games.Position methods. Use it
// through a pointer; not safe for concurrent use.
type Position struct {
	engine.Position
}

// NewStart returns the start position.
func NewStart() *Position { return &Position{*engine.NewStart()} }

// ParseFEN reads a FEN (chess.ParseFEN). Its errors are
// *games.PositionError, said by chess's catalogue.
func ParseFEN(fen string) (*Position, error) {
	p, err := chess.ParseFEN(fen)
	if err != nil {
		var fe *chess.FENError
		if errors.As(err, &fe) {
			return nil, &games.PositionError{Key: fe.Key, Args: fe.Args, Detail: fe.Detail, Catalog: catalog()}
		}
		return nil, err
	}
	return &Position{*engine.New(p)}, nil
}

// Clone returns an independent copy, history included.
func (p *Position) Clone() games.Position { return &Position{*p.Position.Clone()} }

// ParseMove reads a move in SAN or UCI (chess.Position.ParseSAN) and
// checks that it is legal. Errors are *games.MoveError with a Reason key
// of package chess.
func (p *Position) ParseMove(text string) (ai.Move, error) {
	m, err := p.ParseSAN(text)
	if err != nil {
		var me *chess.MoveError
		if errors.As(err, &me) {
			return ai.NoMove, &games.MoveError{Kind: games.MoveErrorKind(me.Kind), Input: me.Input, Reason: me.Reason, Detail: me.Detail}
		}
		return ai.NoMove, err
	}
	return engine.AI(m), nil
}

// FormatMove writes legal move m in SAN, with + or # when it gives check
// or mate.
func (p *Position) FormatMove(m ai.Move) string { return p.SAN(engine.MoveOf(m)) }

// UCI writes m in long algebraic notation ("e7e8q").
func (p *Position) UCI(m ai.Move) string { return engine.MoveOf(m).UCI() }

// Divide calls visit with every legal move and its perft(depth-1), for
// `bot perft -divide` (games.Perfter).
func (p *Position) Divide(depth int, visit func(m ai.Move, nodes uint64)) {
	p.Position.Divide(depth, func(m chess.Move, nodes uint64) { visit(engine.AI(m), nodes) })
}

// Readings implements games.ReadingLister: a K written in Turkish is the
// rook (kale) in Turkish letters and the king in the standard ones. When
// both can make the move, it lists both, the rook first (ReadMove's
// reading); else nil, and ReadMove's one reading stands.
func (p *Position) Readings(text, lang string) []games.Reading {
	if lang != chess.Turkish {
		return nil // K is the king; Ş and V read alike in both languages
	}
	num, body := chess.SplitMoveNumber(text)
	if body == "" || (body[0] != 'K' && body[0] != 'k') {
		return nil
	}
	rook, err := p.ParseSAN(num + "R" + body[1:])
	if err != nil {
		return nil
	}
	king, err := p.ParseSAN(num + "K" + body[1:])
	if err != nil || king == rook {
		return nil
	}
	return []games.Reading{
		{Move: p.SAN(rook), Letters: chess.Turkish, Key: "rook", Words: []string{"kale", "rook"}},
		{Move: p.SAN(king), Letters: "en", Key: "king", Words: []string{"şah", "king"}},
	}
}

// MoveSquares implements games.Highlighter: the path is from and to (the
// king's for castling), the captured square is the captured piece's (the
// pawn's behind the target for en passant).
func (p *Position) MoveSquares(m ai.Move) (path, captured []string) {
	mv := engine.MoveOf(m)
	path = []string{chess.SquareName(mv.From()), chess.SquareName(mv.To())}
	if mv.IsCapture() {
		sq := mv.To()
		if mv.IsEnPassant() {
			sq ^= 8
		}
		captured = []string{chess.SquareName(sq)}
	}
	return path, captured
}
