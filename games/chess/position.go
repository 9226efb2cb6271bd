// Package chess is the rules of chess by the FIDE Laws
// (shared/rules/chess.md): legal bitboard move generation with magic
// sliding attacks, copy-make with a Zobrist hash, SAN and UCI notation (in
// English and Turkish letters), FEN, every rule that ends a game, and a
// bulk-counted perft. It knows no engine and no bot: the evaluation and
// the search's hooks are games/chess/engine's, and the game the bot hosts
// (levels, texts, commands, PGN) is games/chess/chessgame's.
package chess

// Outcome reasons (stable keys for the chat layer's catalogue).
const (
	ReasonCheckmate    = "checkmate"
	ReasonStalemate    = "stalemate"
	ReasonRepetition   = "repetition"
	ReasonFiftyMoves   = "fifty-moves"
	ReasonInsufficient = "insufficient-material"
	fiftyMovePlies     = 100
)

// Position is a chess position with its history (for Unmake and the
// repetition rule). Use it through a pointer; not safe for concurrent use.
type Position struct {
	st   State
	hist []State // states before each MakeMove, oldest first
	// scratch is the move buffer of Moves and NoisyMoves, kept so that a
	// call does not clear a kilobyte of stack first.
	scratch moveList
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
			pc := p.st.Squares[r*8+f]
			row[f] = pieceChars[pc>>3][pc&7]
		}
		rows[i] = string(row)
	}
	return rows
}

// SideToMove is the colour to move.
func (p *Position) SideToMove() Color { return p.st.Side }

// State is the current board, for an evaluation to read (never to change).
func (p *Position) State() *State { return &p.st }

// Hash is the Zobrist hash of the board, side to move, castling rights and
// en passant right.
func (p *Position) Hash() uint64 { return p.st.Hash }

// Pieces is the set of squares holding pieces of colour c and kind k.
func (p *Position) Pieces(c Color, k Kind) uint64 { return p.st.Kinds[k] & p.st.Colors[c] }

// Occupied is the set of squares holding pieces of colour c.
func (p *Position) Occupied(c Color) uint64 { return p.st.Colors[c] }

// PieceAt is the piece on sq (0..63), ok false when the square is empty.
func (p *Position) PieceAt(sq int) (c Color, k Kind, ok bool) {
	pc := p.st.Squares[sq]
	return Color(pc >> 3), Kind(pc & 7), pc != 0
}

// Count is the number of pieces of colour c and kind k.
func (p *Position) Count(c Color, k Kind) int { return popcount(p.Pieces(c, k)) }

// Phase is the game phase from the pieces left: 24 with every knight,
// bishop, rook and queen on the board (1, 1, 2 and 4 each), 0 with none;
// promoted pieces can push it past 24.
func (p *Position) Phase() int {
	s := &p.st
	return popcount(s.Kinds[Knight]|s.Kinds[Bishop]) + 2*popcount(s.Kinds[Rook]) + 4*popcount(s.Kinds[Queen])
}

// KingSquare is the square of colour c's king.
func (p *Position) KingSquare(c Color) int { return p.st.KingSq(c) }

// EnPassant is the en passant target square, or -1 when no legal en
// passant capture exists.
func (p *Position) EnPassant() int { return int(p.st.ep) }

// HalfmoveClock is the number of plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return int(p.st.halfmove) }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.st.InCheck() }

// Attacked reports whether colour by attacks sq in the position.
func (p *Position) Attacked(sq int, by Color) bool { return p.st.attacked(sq, by, p.st.Occ()) }

// AttackersTo is the set of pieces of both colours attacking sq given the
// occupancy occ (for static exchange evaluation).
func (p *Position) AttackersTo(sq int, occ uint64) uint64 { return p.st.AttackersTo(sq, occ) }

// CheckedKing is the side to move's king square when it is in check.
func (p *Position) CheckedKing() (square string, ok bool) {
	if !p.InCheck() {
		return "", false
	}
	return SquareName(p.st.KingSq(p.st.Side)), true
}

// Ply is the number of moves made since the position was created.
func (p *Position) Ply() int { return len(p.hist) }

// Moves appends the legal moves to buf. A position whose Outcome is Over
// has none.
func (p *Position) Moves(buf []Move) []Move {
	if p.drawnByRule() != "" {
		return buf
	}
	l := &p.scratch
	l.n = 0
	p.st.gen(l, false)
	return append(buf, l.moves[:l.n]...)
}

// LegalMoves appends the legal moves in compact form, draws by rule
// ignored (the engine's hot path; Moves is the rules' view).
func (p *Position) LegalMoves(buf []Move) []Move {
	var l moveList
	p.st.gen(&l, false)
	return append(buf, l.moves[:l.n]...)
}

// NoisyMoves appends the legal captures and promotions, in Moves' order,
// and reports whether they are all the legal moves (true when there are
// none at all, or the game is drawn by rule).
func (p *Position) NoisyMoves(buf []Move) ([]Move, bool) {
	if p.drawnByRule() != "" {
		return buf, true
	}
	l := &p.scratch
	l.n = 0
	g := p.st.info()
	p.st.genWith(&g, l, true)
	return append(buf, l.moves[:l.n]...), !p.st.hasQuiet(&g, l.n)
}

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

// MakeNull passes the turn, which no rule allows: for an engine's
// null-move pruning; never when in check.
func (p *Position) MakeNull() {
	p.hist = append(p.hist, p.st)
	p.st.applyNull()
}

// UnmakeNull takes back MakeNull.
func (p *Position) UnmakeNull() { p.Unmake() }

// Clone returns an independent copy, history included (room for 128 more
// moves, so that a search on the copy does not grow it).
func (p *Position) Clone() *Position {
	c := *p
	c.hist = append(make([]State, 0, len(p.hist)+128), p.hist...)
	return &c
}

// Outcome is how the game stands: over or not and, when over, the winner
// (Draw false) or a draw, with the reason (a Reason constant).
type Outcome struct {
	Over   bool
	Draw   bool
	Winner Color // when Over and not Draw
	Reason string
}

// Outcome reports the end of the game: checkmate (the side to move loses),
// stalemate, insufficient material, the fifty-move rule and threefold
// repetition (draws). Mate on the hundredth quiet ply is still mate.
func (p *Position) Outcome() Outcome {
	if !p.st.anyLegal() {
		if p.InCheck() {
			return Outcome{Over: true, Winner: p.st.Side ^ 1, Reason: ReasonCheckmate}
		}
		return Outcome{Over: true, Draw: true, Reason: ReasonStalemate}
	}
	if r := p.drawnByRule(); r != "" {
		return Outcome{Over: true, Draw: true, Reason: r}
	}
	return Outcome{}
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
func (s *State) insufficient() bool {
	if s.Kinds[Pawn]|s.Kinds[Rook]|s.Kinds[Queen] != 0 {
		return false
	}
	minors := s.Kinds[Knight] | s.Kinds[Bishop]
	if popcount(minors) <= 1 {
		return true
	}
	return s.Kinds[Knight] == 0 && (s.Kinds[Bishop]&darkSq == 0 || s.Kinds[Bishop]&^darkSq == 0)
}

// Repeated reports whether the position (same side to move, castling and
// en passant rights) occurred earlier in the game since the last
// irreversible move (what a search treats as a draw).
func (p *Position) Repeated() bool { return p.occurrences(2) >= 2 }

// occurrences counts the occurrences of the position, this one included,
// up to limit.
func (p *Position) occurrences(limit int) int {
	s := &p.st
	seen := 1
	n := len(p.hist)
	for i := n - 2; i >= 0 && i >= n-int(s.halfmove); i -= 2 {
		h := &p.hist[i]
		if h.Hash == s.Hash && h.Side == s.Side && h.Colors == s.Colors && h.Kinds == s.Kinds && h.castle == s.castle && h.ep == s.ep {
			if seen++; seen >= limit {
				break
			}
		}
	}
	return seen
}
