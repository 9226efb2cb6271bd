// Package chess implements chess by the FIDE Laws (shared/rules/chess.md):
// legal bitboard move generation with magic sliding attacks, copy-make
// with a Zobrist hash, SAN and UCI notation, FEN, every rule that ends a
// game, and a bulk-counted perft.
package chess

import (
	"oyunbot/ai"
	"oyunbot/games"
)

// Status reasons (stable keys for the chat layer's catalogue).
const (
	ReasonCheckmate    = "checkmate"
	ReasonStalemate    = "stalemate"
	ReasonRepetition   = "repetition"
	ReasonFiftyMoves   = "fifty-moves"
	ReasonInsufficient = "insufficient-material"
	fiftyMovePlies     = 100
)

// The interfaces the bot, the engine and the tools look for.
var (
	_ games.Game        = Game{}
	_ games.Position    = (*Position)(nil)
	_ games.Highlighter = (*Position)(nil)
	_ games.Perfter     = (*Position)(nil)
	_ ai.Repeater       = (*Position)(nil)
	_ ai.NoisyGenerator = (*Position)(nil)
	_ ai.Styler         = (*Position)(nil)
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

// Position is a chess position with its history (for Unmake and the
// repetition rule). Use it through a pointer; not safe for concurrent use.
type Position struct {
	st   state
	hist []state // states before each Make, oldest first
	// style is the evaluation style eval.go's SetStyle chooses.
	style string
	// scratch is the move buffer of Moves and NoisyMoves, kept so that a
	// call does not clear a kilobyte of stack first.
	scratch moveList
	// pawnCache is the evaluation's pawn structure cache (eval.go), made
	// on first use; a clone starts without one.
	pawnCache *[pawnTableSize]pawnEntry
	// evalCache is the evaluation cache (eval.go), made on first use; a
	// clone starts without one.
	evalCache *[evalCacheSize]evalEntry
}

// NewStart returns the start position.
func NewStart() *Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err) // StartFEN is a constant
	}
	return p
}

// String is the FEN.
func (p *Position) String() string { return p.FEN() }

// Board returns the ranks from rank 8 down as FEN letters, '.' for empty.
func (p *Position) Board() []string {
	rows := make([]string, 8)
	for i := range rows {
		r := 7 - i
		row := make([]byte, 8)
		for f := range 8 {
			pc := p.st.board[r*8+f]
			row[f] = pieceChars[pc>>3][pc&7]
		}
		rows[i] = string(row)
	}
	return rows
}

// Turn is the side to move: ai.First for white, ai.Second for black.
func (p *Position) Turn() ai.Side { return ai.Side(p.st.side) }

// SideToMove is the colour to move.
func (p *Position) SideToMove() Color { return p.st.side }

// Hash is the Zobrist hash of the board, side to move, castling rights and
// en passant right.
func (p *Position) Hash() uint64 { return p.st.hash }

// Pieces is the set of squares holding pieces of colour c and kind k.
func (p *Position) Pieces(c Color, k Kind) uint64 { return p.st.bb[k] & p.st.col[c] }

// Occupied is the set of squares holding pieces of colour c.
func (p *Position) Occupied(c Color) uint64 { return p.st.col[c] }

// PieceAt is the piece on sq (0..63), ok false when the square is empty.
func (p *Position) PieceAt(sq int) (c Color, k Kind, ok bool) {
	pc := p.st.board[sq]
	return Color(pc >> 3), Kind(pc & 7), pc != 0
}

// Count is the number of pieces of colour c and kind k.
func (p *Position) Count(c Color, k Kind) int { return popcount(p.Pieces(c, k)) }

// Phase is the game phase from the pieces left: 24 with every knight,
// bishop, rook and queen on the board (1, 1, 2 and 4 each), 0 with none;
// promoted pieces can push it past 24.
func (p *Position) Phase() int {
	s := &p.st
	return popcount(s.bb[Knight]|s.bb[Bishop]) + 2*popcount(s.bb[Rook]) + 4*popcount(s.bb[Queen])
}

// KingSquare is the square of colour c's king.
func (p *Position) KingSquare(c Color) int { return p.st.kingSq(c) }

// EnPassant is the en passant target square, or -1 when no legal en
// passant capture exists.
func (p *Position) EnPassant() int { return int(p.st.ep) }

// HalfmoveClock is the number of plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return int(p.st.halfmove) }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.st.inCheck() }

// Attacked reports whether colour by attacks sq in the position.
func (p *Position) Attacked(sq int, by Color) bool { return p.st.attacked(sq, by, p.st.occ()) }

// AttackersTo is the set of pieces of both colours attacking sq given the
// occupancy occ (for static exchange evaluation).
func (p *Position) AttackersTo(sq int, occ uint64) uint64 { return p.st.attackersTo(sq, occ) }

// CheckedKing is the side to move's king square when it is in check.
func (p *Position) CheckedKing() (square string, ok bool) {
	if !p.InCheck() {
		return "", false
	}
	return SquareName(p.st.kingSq(p.st.side)), true
}

// Ply is the number of moves made since the position was created.
func (p *Position) Ply() int { return len(p.hist) }

// Moves appends the legal moves to buf. A position whose Status is Over
// has none.
func (p *Position) Moves(buf []ai.Move) []ai.Move {
	if p.drawnByRule() != "" {
		return buf
	}
	l := &p.scratch
	l.n = 0
	p.st.gen(l, false)
	for _, m := range l.moves[:l.n] {
		buf = append(buf, m.AI())
	}
	return buf
}

// LegalMoves appends the legal moves in compact form, draws by rule
// ignored (the engine's hot path; Moves is the rules' view).
func (p *Position) LegalMoves(buf []Move) []Move {
	var l moveList
	p.st.gen(&l, false)
	return append(buf, l.moves[:l.n]...)
}

// NoisyMoves appends the legal captures and promotions (ai.NoisyGenerator)
// and reports whether they are all the legal moves.
func (p *Position) NoisyMoves(buf []ai.Move) ([]ai.Move, bool) {
	if p.drawnByRule() != "" {
		return buf, true
	}
	l := &p.scratch
	l.n = 0
	g := p.st.info()
	p.st.genWith(&g, l, true)
	for _, m := range l.moves[:l.n] {
		buf = append(buf, m.AI())
	}
	return buf, !p.st.hasQuiet(&g, l.n)
}

// Noisy reports captures and promotions, the moves quiescence follows.
func (p *Position) Noisy(m ai.Move) bool { return MoveOf(m).IsNoisy() }

// Make plays legal move m.
func (p *Position) Make(m ai.Move) { p.MakeMove(MoveOf(m)) }

// MakeMove plays legal compact move m.
func (p *Position) MakeMove(m Move) {
	p.hist = append(p.hist, p.st)
	p.st.apply(m)
}

// Unmake takes back the last Make, MakeMove or MakeNull.
func (p *Position) Unmake() {
	n := len(p.hist) - 1
	p.st = p.hist[n]
	p.hist = p.hist[:n]
}

// MakeNull passes the turn (null-move pruning); not legal when in check.
func (p *Position) MakeNull() {
	p.hist = append(p.hist, p.st)
	p.st.applyNull()
}

// UnmakeNull takes back MakeNull.
func (p *Position) UnmakeNull() { p.Unmake() }

// Clone returns an independent copy, history included.
func (p *Position) Clone() games.Position { return p.clone() }

func (p *Position) clone() *Position {
	c := *p
	c.hist = append(make([]state, 0, len(p.hist)+128), p.hist...)
	c.pawnCache = nil
	c.evalCache = nil
	return &c
}

// Status reports the end of the game: checkmate (the side to move loses),
// stalemate, insufficient material, the fifty-move rule and threefold
// repetition (draws). Mate on the hundredth quiet ply is still mate.
func (p *Position) Status() ai.Status {
	if !p.st.anyLegal() {
		if p.InCheck() {
			return ai.Status{Over: true, Winner: ai.Side(p.st.side ^ 1), Reason: ReasonCheckmate}
		}
		return ai.Status{Over: true, Winner: ai.NoSide, Reason: ReasonStalemate}
	}
	if r := p.drawnByRule(); r != "" {
		return ai.Status{Over: true, Winner: ai.NoSide, Reason: r}
	}
	return ai.Status{Winner: ai.NoSide}
}

// drawnByRule returns the reason of a draw by rule, or "".
func (p *Position) drawnByRule() string {
	switch {
	case p.st.insufficient():
		return ReasonInsufficient
	case p.st.halfmove >= fiftyMovePlies:
		return ReasonFiftyMoves
	case p.occurrences(3) >= 3:
		return ReasonRepetition
	}
	return ""
}

// insufficient reports a position where no sequence of legal moves can
// mate: bare kings, a lone minor piece, or bishops all on one colour.
func (s *state) insufficient() bool {
	if s.bb[Pawn]|s.bb[Rook]|s.bb[Queen] != 0 {
		return false
	}
	minors := s.bb[Knight] | s.bb[Bishop]
	if popcount(minors) <= 1 {
		return true
	}
	return s.bb[Knight] == 0 && (s.bb[Bishop]&darkSq == 0 || s.bb[Bishop]&^darkSq == 0)
}

// Repeated reports whether the position (same side to move, castling and
// en passant rights) occurred earlier in the game since the last
// irreversible move (ai.Repeater).
func (p *Position) Repeated() bool { return p.occurrences(2) >= 2 }

// occurrences counts the occurrences of the position, this one included,
// up to limit.
func (p *Position) occurrences(limit int) int {
	s := &p.st
	seen := 1
	n := len(p.hist)
	for i := n - 2; i >= 0 && i >= n-int(s.halfmove); i -= 2 {
		h := &p.hist[i]
		if h.hash == s.hash && h.side == s.side && h.col == s.col && h.bb == s.bb && h.castle == s.castle && h.ep == s.ep {
			if seen++; seen >= limit {
				break
			}
		}
	}
	return seen
}

// MoveSquares implements games.Highlighter: the path is from and to (the
// king's for castling), the captured square is the captured piece's (the
// pawn's behind the target for en passant).
func (p *Position) MoveSquares(m ai.Move) (path, captured []string) {
	mv := MoveOf(m)
	path = []string{SquareName(mv.From()), SquareName(mv.To())}
	if mv.IsCapture() {
		sq := mv.To()
		if mv.IsEnPassant() {
			sq ^= 8
		}
		captured = []string{SquareName(sq)}
	}
	return path, captured
}
