package chess

// notation.go: moves as people write them. ParseSAN reads SAN ("Nf3",
// "exd5", "O-O", "e8=Q") and UCI long algebraic ("g1f3", "e7e8q",
// "e2-e4"), tolerant of case where it is unambiguous, of a missing x, + or
// #, and of 0-0; SAN writes it with + and #.

import (
	"fmt"
	"strings"
)

// Move error reasons (stable keys, explained in the catalogue).
const (
	ReasonIllegal         = "illegal"                // the piece cannot go there
	ReasonAmbiguous       = "ambiguous"              // several pieces can: name the file or rank
	ReasonNoSuchPiece     = "no-such-piece"          // no piece of that kind can reach the square
	ReasonNoPiece         = "no-piece"               // the start square is empty
	ReasonNotYourPiece    = "not-your-piece"         // the start square holds an opponent's piece
	ReasonOwnPiece        = "own-piece"              // the target holds one of the mover's pieces
	ReasonInCheck         = "in-check"               // the move does not answer the check
	ReasonKingInCheck     = "king-would-be-in-check" // the move exposes or walks the king into check
	ReasonNoCastlingRight = "no-castling-right"      // the king or that rook has moved
	ReasonCastlingBlocked = "castling-blocked"       // pieces between king and rook
	ReasonCastlingThrough = "castling-through-check" // the king would cross or land on an attacked square
	ReasonNotPromotion    = "not-a-promotion"        // a promotion piece named for a move that does not promote
	ReasonBadPromotion    = "bad-promotion"          // promotion to a king or a pawn
	ReasonNotCapture      = "not-a-capture"          // an x (or :) for a move onto an empty square
	ReasonNoCheck         = "no-check"               // a + (or #) for a move that gives no check
	ReasonNotMate         = "not-mate"               // a # for a check that is not mate
)

// MoveErrorKind is what is wrong with a move's text.
type MoveErrorKind int

// Kinds of move errors (games.MoveErrorKind's, in its order).
const (
	Malformed MoveErrorKind = iota // not a move in SAN or UCI at all
	Illegal                        // well formed, but not legal here (Reason says why)
	Ambiguous                      // several legal moves match
	GameOver                       // the game has ended
)

// MoveError is ParseSAN's error: Reason is a stable key from this file
// (the bot's catalogue says it as "moveerr.<Reason>"), Detail English for
// logs and tools.
type MoveError struct {
	Kind   MoveErrorKind
	Input  string
	Reason string
	Detail string
}

func (e *MoveError) Error() string {
	kind := [...]string{"malformed move", "illegal move", "ambiguous move", "game over"}[e.Kind]
	if e.Detail != "" {
		return fmt.Sprintf("%s %q: %s", kind, e.Input, e.Detail)
	}
	return fmt.Sprintf("%s %q", kind, e.Input)
}

// SAN writes legal move m in Standard Algebraic Notation, with + or #
// when it gives check or mate.
func (p *Position) SAN(m Move) string {
	var b strings.Builder
	s := &p.st
	from, to := m.From(), m.To()
	switch {
	case m.IsCastle():
		if fileOf(to) == 6 {
			b.WriteString("O-O")
		} else {
			b.WriteString("O-O-O")
		}
	case m.Moving() == Pawn:
		if m.IsCapture() {
			b.WriteByte(byte('a' + fileOf(from)))
			b.WriteByte('x')
		}
		b.WriteString(SquareName(to))
		if k := m.Promotion(); k != NoKind {
			b.WriteByte('=')
			b.WriteByte(kindLetters[k])
		}
	default:
		b.WriteByte(kindLetters[m.Moving()])
		var l moveList
		s.gen(&l, false)
		var others, sameFile, sameRank int
		for _, o := range l.moves[:l.n] {
			if o.To() == to && o.Moving() == m.Moving() && o.From() != from {
				others++
				if fileOf(o.From()) == fileOf(from) {
					sameFile++
				}
				if rankOf(o.From()) == rankOf(from) {
					sameRank++
				}
			}
		}
		switch {
		case others == 0:
		case sameFile == 0:
			b.WriteByte(byte('a' + fileOf(from)))
		case sameRank == 0:
			b.WriteByte(byte('1' + rankOf(from)))
		default:
			b.WriteString(SquareName(from))
		}
		if m.IsCapture() {
			b.WriteByte('x')
		}
		b.WriteString(SquareName(to))
	}
	c := *s
	c.apply(m)
	if c.InCheck() {
		if c.count() == 0 {
			b.WriteByte('#')
		} else {
			b.WriteByte('+')
		}
	}
	return b.String()
}

// pattern is what a move text names: any field may be unknown.
type pattern struct {
	kind     Kind // the moving kind; NoKind with a full from-square: any piece
	fromFile int  // -1 unknown
	fromRank int
	to       int
	promo    Kind
	castle   int  // 0 none, 1 king side, 2 queen side
	capture  bool // written with x or ':': the move must take
	check    byte // the last of the marks written after it: '+', '#' or 0
}

// ParseSAN reads a move in SAN or UCI and checks that it is legal. Errors
// are *MoveError.
func (p *Position) ParseSAN(text string) (Move, error) {
	if st := p.Outcome(); st.Over {
		return 0, &MoveError{Kind: GameOver, Input: text, Detail: "the game is over (" + st.Reason + ")"}
	}
	pts := parsePattern(strings.TrimSpace(text))
	if len(pts) == 0 {
		return 0, &MoveError{Kind: Malformed, Input: text,
			Detail: "want SAN (Nf3, exd5, O-O, e8=Q) or UCI (g1f3, e7e8q)"}
	}
	if pts[0].promo == King || pts[0].promo == Pawn {
		return 0, moveErr(text, ReasonBadPromotion, "a pawn promotes to a queen, rook, bishop or knight")
	}
	var l moveList
	p.st.gen(&l, false)
	var matches []Move
	for _, pt := range pts {
		if matches = pt.match(l.moves[:l.n]); len(matches) > 0 {
			break
		}
	}
	switch len(matches) {
	case 1:
		return p.claimed(text, pts[0], matches[0])
	case 0:
		return 0, p.explain(text, pts[0])
	}
	var names []string
	for _, m := range matches {
		names = append(names, p.SAN(m))
	}
	return 0, &MoveError{Kind: Ambiguous, Input: text, Reason: ReasonAmbiguous,
		Detail: "it could be " + strings.Join(names, ", ")}
}

// claimed checks what the text says of move m besides its squares: an x
// must mean a capture (Qxg5 onto an empty square is refused, not played as
// Qg5), a + a check and a # a mate. A missing x, + or # is no error.
func (p *Position) claimed(text string, pt pattern, m Move) (Move, error) {
	if pt.capture && !m.IsCapture() {
		return 0, moveErr(text, ReasonNotCapture, "x marks a capture, but "+SquareName(m.To())+" is empty: "+p.SAN(m))
	}
	if pt.check != 0 {
		san := p.SAN(m)
		switch mark := san[len(san)-1]; {
		case mark != '+' && mark != '#':
			return 0, moveErr(text, ReasonNoCheck, "the move gives no check: "+san)
		case pt.check == '#' && mark != '#':
			return 0, moveErr(text, ReasonNotMate, "the move checks but does not mate: "+san)
		}
	}
	return m, nil
}

func moveErr(in, reason, detail string) *MoveError {
	return &MoveError{Kind: Illegal, Input: in, Reason: reason, Detail: detail}
}

// match returns the legal moves of ms the pattern names. A promotion
// without its piece is the queen's (the rule file's default).
func (pt *pattern) match(ms []Move) []Move {
	var out []Move
	for _, m := range ms {
		if pt.castle != 0 {
			if m.IsCastle() && (fileOf(m.To()) == 6) == (pt.castle == 1) {
				out = append(out, m)
			}
			continue
		}
		if pt.matches(m) && (m.Promotion() == pt.promo || pt.promo == NoKind && m.Promotion() == Queen) {
			out = append(out, m)
		}
	}
	return out
}

// matches compares everything but the promotion.
func (pt *pattern) matches(m Move) bool {
	return m.To() == pt.to &&
		(pt.kind == NoKind || m.Moving() == pt.kind) &&
		(pt.fromFile < 0 || fileOf(m.From()) == pt.fromFile) &&
		(pt.fromRank < 0 || rankOf(m.From()) == pt.fromRank)
}

// parsePattern reads the shape of a move without the position: the
// readings in order of preference (a leading b is read as the b-file and
// then as a bishop, or the other way round when it is a capital B), none
// when it is no move at all.
// castling reads castling's spellings ("0-0", "o-o-o") as "OO", "OOO". A
// Replacer is safe for concurrent use and never changes: made once, not at
// every move read (the page replays a game's moves at every update).
var castling = strings.NewReplacer("0", "O", "o", "O", "-", "")

func parsePattern(in string) []pattern {
	pt := pattern{fromFile: -1, fromRank: -1, to: noSquare}
	// A move number pasted from a score sheet ("12.", "12...") and the
	// annotations: check, mate, good and bad move marks, "e.p.".
	s := strings.TrimLeft(in, "0123456789")
	if len(s) < len(in) && strings.HasPrefix(s, ".") {
		in = strings.TrimLeft(s, ". ")
	}
	s = strings.TrimRight(in, "!? ")
	if t := strings.TrimRight(s, "+#"); len(t) < len(s) {
		pt.check = s[len(s)-1]
		s = strings.TrimRight(t, "!? ")
	}
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(s, "e.p."), " ep"))
	if s == "" || len(s) > 12 {
		return nil
	}
	switch strings.ToLower(strings.Join(strings.Fields(s), " ")) {
	case "kısa rok", "kisa rok": // Turkish: short castling
		pt.castle = 1
		return []pattern{pt}
	case "uzun rok":
		pt.castle = 2
		return []pattern{pt}
	}
	switch castling.Replace(s) {
	case "OO":
		pt.castle = 1
		return []pattern{pt}
	case "OOO":
		pt.castle = 2
		return []pattern{pt}
	}
	capitalB := s[0] == 'B'
	s = strings.ToLower(s)
	// Promotion: a piece letter after the last rank: "=q", "q", "(q)", "/q".
	s = strings.TrimSuffix(s, ")")
	if n := len(s); n >= 3 && strings.IndexByte("18=(/", s[n-2]) >= 0 {
		if k := letterKind(s[n-1]); k != NoKind {
			pt.promo = k
			s = strings.TrimRight(s[:n-1], "=(/")
		}
	}
	if len(s) < 2 {
		return nil
	}
	if pt.to = parseSquare(s[len(s)-2:]); pt.to == noSquare {
		return nil
	}
	rest := s[:len(s)-2]
	s = strings.TrimRight(rest, "x:-")
	pt.capture = strings.ContainsAny(rest[len(s):], "x:")
	// What is left: [piece][file][rank].
	if s == "b" { // "bxc3" or "Bxc3"
		pawn, bishop := pt, pt
		pawn.kind, pawn.fromFile = Pawn, 1
		bishop.kind = Bishop
		if pt.promo != NoKind {
			return []pattern{pawn}
		}
		if capitalB {
			return []pattern{bishop, pawn}
		}
		return []pattern{pawn, bishop}
	}
	if capitalB && len(s) == 2 && isRank(s[1]) { // "B2d3": SAN's bishop from rank 2, else UCI's b2
		bishop, square := pt, pt
		bishop.kind, bishop.fromRank = Bishop, int(s[1]-'1')
		square.fromFile, square.fromRank = 1, int(s[1]-'1')
		return []pattern{bishop, square}
	}
	if s != "" && (s[0] != 'b' || len(s) > 1 && isFile(s[1])) {
		if k := letterKind(s[0]); k != NoKind {
			pt.kind = k
			s = s[1:]
		}
	}
	if s != "" && isFile(s[0]) {
		pt.fromFile = int(s[0] - 'a')
		s = s[1:]
	}
	if s != "" && isRank(s[0]) {
		pt.fromRank = int(s[0] - '1')
		s = s[1:]
	}
	if s != "" {
		return nil
	}
	if pt.kind == NoKind && (pt.fromFile < 0 || pt.fromRank < 0) {
		if pt.fromRank >= 0 {
			return nil // "4e5": a rank alone never names a pawn
		}
		pt.kind = Pawn // "e4", "exd5"
	}
	return []pattern{pt}
}

func isFile(c byte) bool { return c >= 'a' && c <= 'h' }
func isRank(c byte) bool { return c >= '1' && c <= '8' }

// letterKind reads a piece letter (lower case).
func letterKind(c byte) Kind {
	switch c {
	case 'n':
		return Knight
	case 'b':
		return Bishop
	case 'r':
		return Rook
	case 'q':
		return Queen
	case 'k':
		return King
	case 'p':
		return Pawn
	}
	return NoKind
}
