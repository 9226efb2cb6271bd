// notation.go reads and writes moves as people type them: `c3-c4`, captures
// with every landing square `c3xc5xe5`.

package dama

import (
	"fmt"
	"math/bits"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/internal/menboard"
)

// Move error reasons (stable keys for the chat layer, MoveError.Reason).
const (
	ReasonSyntax            = "syntax"             // not squares separated by - x : or spaces
	ReasonNoPiece           = "no-piece"           // the start square is empty
	ReasonNotYourPiece      = "not-your-piece"     // the start square holds an opponent's piece
	ReasonSameSquare        = "same-square"        // a step to the square it starts from
	ReasonOccupied          = "occupied"           // a landing square is not empty
	ReasonBadDirection      = "bad-direction"      // not along a rank or file, or a man going backwards
	ReasonTooFar            = "too-far"            // a man stepping more than one square
	ReasonBlocked           = "blocked"            // a piece in the way
	ReasonTurnBack          = "turn-back"          // a king turning 180 degrees between captures
	ReasonNoCapture         = "no-capture"         // a jump over no enemy piece
	ReasonCaptureCompulsory = "capture-compulsory" // a simple move while a capture is possible
	ReasonNotMaximum        = "not-maximum"        // a capture that takes fewer than the maximum
	ReasonAmbiguous         = "ambiguous"          // a short capture matching different captures
	ReasonIllegal           = "illegal"            // illegal for another reason
)

// FormatMove writes m canonically: `c3-c4`, or `c3xc5xe5` for a capture.
func (p *Position) FormatMove(m ai.Move) string {
	sep := "-"
	if moveCaptures(m) > 0 {
		sep = "x"
	}
	path := movePath(m)
	var b strings.Builder
	for i, sq := range path {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(squareName(sq))
	}
	return b.String()
}

// MoveSquares returns the path (start, then every landing square) and the
// squares of the pieces m captures, in the order they are jumped. Call it
// before Make.
func (p *Position) MoveSquares(m ai.Move) (path, captured []string) {
	for _, sq := range movePath(m) {
		path = append(path, squareName(sq))
	}
	// In capture order: the piece jumped by each hop.
	enemy := p.St.pieces(p.St.side ^ 1)
	cur := moveFrom(m)
	for i := 0; i < moveCaptures(m); i++ {
		d, dist := moveHop(m, i)
		nxt := cur + dirDelta[d]*dist
		c := (tab.rays[d][cur] ^ tab.rays[d][nxt]) & enemy
		if c != 0 {
			captured = append(captured, squareName(bits.TrailingZeros64(c)))
			enemy &^= c
		}
		cur = nxt
	}
	return path, captured
}

// after is the board m leads to in s: two captures between the same squares
// that take the same pieces lead to the same board, unless only one of them
// promotes the man on the way.
func after(s *state, m ai.Move) [2][2]uint64 {
	c := *s
	c.apply(m)
	return [2][2]uint64{c.men, c.kings}
}

// typographic maps the dashes and the multiplication sign that phone
// keyboards and word processors put in place of '-' and 'x'.
var typographic = strings.NewReplacer("\u2013", "-", "\u2014", "-", "\u2212", "-", "\u00d7", "x")

// parseSquares reads squares separated by nothing, '-', 'x', ':' or spaces.
func parseSquares(s string) ([]int, bool) {
	var sqs []int
	i := 0
	for i < len(s) {
		if len(sqs) > 0 {
			for i < len(s) && (s[i] == '-' || s[i] == 'x' || s[i] == ':' || s[i] == ' ' || s[i] == '\t') {
				i++
			}
		}
		if i+1 >= len(s) || s[i] < 'a' || s[i] > 'h' || s[i+1] < '1' || s[i+1] > '8' {
			return nil, false
		}
		sqs = append(sqs, int(s[i+1]-'1')*8+int(s[i]-'a'))
		i += 2
		if len(sqs) > maxHops+1 {
			return nil, false
		}
	}
	return sqs, len(sqs) >= 2
}

// ParseMove reads a move (`c3-c4`, `c3c4`, `c3 c4`, `c3xc5xe5`, `c3:c5:e5`,
// any case, or the short `c3xe5` when every legal capture from c3 to e5
// leads to the same position) and checks it is legal. Errors are
// *games.MoveError with a Reason* key.
func (p *Position) ParseMove(input string) (ai.Move, error) {
	fail := func(kind games.MoveErrorKind, reason, format string, args ...any) (ai.Move, error) {
		return ai.NoMove, &games.MoveError{Kind: kind, Input: input, Reason: reason, Detail: fmt.Sprintf(format, args...)}
	}
	sqs, ok := parseSquares(strings.ToLower(strings.TrimSpace(typographic.Replace(input))))
	if !ok {
		return fail(games.Malformed, ReasonSyntax, "want squares like c3-c4 or c3xc5xe5")
	}
	if st := p.Status(); st.Over {
		return fail(games.GameOver, st.Reason, "the game is over (%s)", st.Reason)
	}
	var buf [ai.MaxMoves]ai.Move
	legal := p.St.genMoves(buf[:0])
	m, ambiguous, ok := menboard.TypedMove(legal, sqs, movePath, func(m ai.Move) [2][2]uint64 { return after(&p.St, m) }, p.FormatMove)
	if ok {
		return m, nil
	}
	if ambiguous != "" {
		return fail(games.Ambiguous, ReasonAmbiguous, "captures different pieces by path: %s", ambiguous)
	}
	from := sqs[0]
	s := &p.St
	switch {
	case s.occ()&bit(from) == 0:
		return fail(games.Illegal, ReasonNoPiece, "no piece on %s", squareName(from))
	case s.pieces(s.side)&bit(from) == 0:
		return fail(games.Illegal, ReasonNotYourPiece, "the piece on %s is not yours", squareName(from))
	}
	best := 0
	for _, m := range legal {
		best = max(best, moveCaptures(m))
	}
	captures, reason, detail := s.walk(sqs)
	switch {
	case reason != "":
		return fail(games.Illegal, reason, "%s", detail)
	case captures == 0 && best > 0:
		return fail(games.Illegal, ReasonCaptureCompulsory, "a capture is compulsory (%d pieces)", best)
	case captures > 0 && captures < best:
		return fail(games.Illegal, ReasonNotMaximum, "captures %d, but %d is possible and compulsory", captures, best)
	}
	return fail(games.Illegal, ReasonIllegal, "not a legal move here")
}

// walk follows a typed path on the board by the movement rules alone (not
// the compulsion or maximum rules) and returns the number of pieces it
// captures, or the reason the path is impossible with an English detail.
func (s *state) walk(sqs []int) (captures int, reason, detail string) {
	us, them := s.side, s.side^1
	cur := sqs[0]
	king := s.kings[us]&bit(cur) != 0
	occ := s.occ() &^ bit(cur)
	enemy := s.pieces(them)
	last := -1
	for i, nxt := range sqs[1:] {
		hop := squareName(cur) + "-" + squareName(nxt)
		if nxt == cur {
			return 0, ReasonSameSquare, hop + " does not move"
		}
		if occ&bit(nxt) != 0 {
			return 0, ReasonOccupied, squareName(nxt) + " is occupied"
		}
		d := -1
		for dd := 0; dd < 4; dd++ {
			if tab.rays[dd][cur]&bit(nxt) != 0 {
				d = dd
			}
		}
		if d < 0 {
			return 0, ReasonBadDirection, hop + " is not along a rank or file"
		}
		if !king && d == forward[them] {
			return 0, ReasonBadDirection, "a man never moves backwards (" + hop + ")"
		}
		if king && last >= 0 && d == last^1 {
			return 0, ReasonTurnBack, "a king may not turn back between captures (" + hop + ")"
		}
		between := (tab.rays[d][cur] ^ tab.rays[d][nxt]) &^ bit(nxt)
		dist := bits.OnesCount64(between) + 1
		onPath := between & occ
		switch {
		case !king && dist > 2:
			return 0, ReasonTooFar, "a man moves one square, or jumps one piece (" + hop + ")"
		case onPath&^enemy != 0:
			return 0, ReasonBlocked, "your own piece is in the way (" + hop + ")"
		case bits.OnesCount64(onPath) > 1:
			return 0, ReasonBlocked, "more than one piece is in the way (" + hop + ")"
		case onPath == 0 && (!king && dist == 2):
			return 0, ReasonTooFar, "a man moves one square, or jumps one piece (" + hop + ")"
		case onPath == 0 && (i > 0 || len(sqs) > 2):
			return 0, ReasonNoCapture, "nothing to capture on " + hop
		case onPath == 0:
			return 0, "", "" // a simple move by the movement rules
		}
		captures++
		occ &^= onPath
		enemy &^= onPath
		last = d
		if !king && promoRank[us]&bit(nxt) != 0 {
			king = true
		}
		cur = nxt
	}
	return captures, "", ""
}
