// notation.go reads and writes moves as people type them: in squares
// (`c3-d4`, captures with every landing square `c3xe5xg7`, or just
// `c3xg7` when that says which) or in the numbers of the standard
// numbering (`22-18`, `22x15x6`, `22x6`).

package draughts

import (
	"fmt"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/internal/menboard"
)

// Move error reasons (stable keys for the chat layer, MoveError.Reason).
const (
	ReasonSyntax            = "syntax"             // not squares or numbers separated by - x : or spaces
	ReasonBadNumber         = "bad-number"         // a square number outside 1-32
	ReasonLightSquare       = "light-square"       // a light square: play is on the dark ones
	ReasonNoPiece           = "no-piece"           // the start square is empty
	ReasonNotYourPiece      = "not-your-piece"     // the start square holds an opponent's piece
	ReasonSameSquare        = "same-square"        // a step to the square it starts from
	ReasonOccupied          = "occupied"           // a landing square is not empty
	ReasonNotDiagonal       = "not-diagonal"       // not along a diagonal
	ReasonBackward          = "backward"           // a man going backwards
	ReasonTooFar            = "too-far"            // more than one square, or a jump over more than one
	ReasonNoCapture         = "no-capture"         // a jump over an empty square, or a step inside a capture
	ReasonOwnPiece          = "own-piece"          // a jump over one's own piece
	ReasonJumpedTwice       = "jumped-twice"       // a piece jumped a second time
	ReasonManTakesKing      = "man-takes-king"     // Italian: a man never captures a king
	ReasonCrownStops        = "crown-stops"        // the move went on after a man was crowned
	ReasonMustContinue      = "must-continue"      // a capture stopped while the piece could take more
	ReasonCaptureCompulsory = "capture-compulsory" // a step while a capture is possible
	ReasonNotMaximum        = "not-maximum"        // Italian: a capture of fewer pieces than the most
	ReasonKingFirst         = "king-first"         // Italian: a man captures where a king can, as many
	ReasonMostKings         = "most-kings"         // Italian: fewer kings taken than another capture
	ReasonKingEarliest      = "king-earliest"      // Italian: a king met later than in another capture
	ReasonAmbiguous         = "ambiguous"          // a short capture matching different captures
	ReasonIllegal           = "illegal"            // illegal for another reason
)

// FormatMove writes m the way the player typed their last move: in
// squares (`c3-d4`, `c3xe5xg7`, the default) or in numbers (`22-18`,
// `22x15x6`), always with every landing square.
func (p *Position) FormatMove(m ai.Move) string { return p.v.formatMove(m, p.numeric) }

// FormatAlgebraic writes m in squares, whatever the player types.
func (p *Position) FormatAlgebraic(m ai.Move) string { return p.v.formatMove(m, false) }

// FormatNumeric writes m in the standard numbers (PDN's form).
func (p *Position) FormatNumeric(m ai.Move) string { return p.v.formatMove(m, true) }

func (v *variant) formatMove(m ai.Move, numeric bool) string {
	sep := "-"
	if moveCount(m) > 0 {
		sep = "x"
	}
	var b strings.Builder
	for i, sq := range movePath(m) {
		if i > 0 {
			b.WriteString(sep)
		}
		if numeric {
			b.WriteString(strconv.Itoa(v.squareNumber(sq)))
		} else {
			b.WriteString(v.squareName(sq))
		}
	}
	return b.String()
}

// MoveSquares returns the path (start, then every landing square) and the
// squares of the pieces m captures, in the order they are jumped, named
// in squares. Call it before Make.
func (p *Position) MoveSquares(m ai.Move) (path, captured []string) {
	sqs := movePath(m)
	for i, sq := range sqs {
		path = append(path, p.v.squareName(sq))
		if i > 0 && moveCount(m) > 0 {
			captured = append(captured, p.v.squareName(jumped(sqs[i-1], sq)))
		}
	}
	return path, captured
}

// typographic maps the dashes and the multiplication sign that phone
// keyboards and word processors put in place of '-' and 'x'.
var typographic = strings.NewReplacer("\u2013", "-", "\u2014", "-", "\u2212", "-", "\u00d7", "x")

// maxTyped bounds what is read of a move: the longest path and its
// separators, with room.
const maxTyped = 120

// token is one square of a typed move: its internal square, or -1 with
// the reason it names none.
type token struct {
	sq     int
	reason string
	text   string
}

// parseTokens reads squares (`c3`) or numbers (`22`) separated by '-',
// 'x', ':' or spaces (squares may also be written together, `c3d4`).
// numeric reports the form; ok is false when the text is neither.
func (v *variant) parseTokens(s string) (toks []token, numeric, ok bool) {
	if len(s) == 0 || len(s) > maxTyped {
		return nil, false, false
	}
	numeric = s[0] >= '0' && s[0] <= '9'
	i := 0
	for i < len(s) {
		if len(toks) > 0 {
			seps := 0
			for i < len(s) && (s[i] == '-' || s[i] == 'x' || s[i] == ':' || s[i] == ' ' || s[i] == '\t') {
				i++
				seps++
			}
			if numeric && seps == 0 || i == len(s) {
				return nil, false, false
			}
		}
		if len(toks) > maxHops+1 {
			return nil, false, false
		}
		if numeric {
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' && j-i < 3 {
				j++
			}
			if j == i {
				return nil, false, false
			}
			n, _ := strconv.Atoi(s[i:j])
			t := token{sq: -1, text: s[i:j]}
			if n < 1 || n > 32 {
				t.reason = ReasonBadNumber
			} else {
				t.sq = v.fromNumber(n)
			}
			toks = append(toks, t)
			i = j
			continue
		}
		if i+1 >= len(s) || s[i] < 'a' || s[i] > 'h' || s[i+1] < '1' || s[i+1] > '8' {
			return nil, false, false
		}
		t := token{sq: v.fromFileRank(int(s[i]-'a'), int(s[i+1]-'1')), text: s[i : i+2]}
		if t.sq < 0 {
			t.reason = ReasonLightSquare
		}
		toks = append(toks, t)
		i += 2
	}
	return toks, numeric, len(toks) >= 2
}

// ParseMove reads a move in squares (`c3-d4`, `c3d4`, `c3 d4`,
// `c3xe5xg7`, `c3:e5:g7`, any case) or numbers (`22-18`, `22x15x6`), or
// a capture by its start and end alone (`c3xg7`, `22x6`) when every legal
// capture between them leads to the same position, and checks it is
// legal. The form read is the one FormatMove writes from now on. Errors
// are *games.MoveError with a Reason* key.
func (p *Position) ParseMove(input string) (ai.Move, error) {
	fail := func(kind games.MoveErrorKind, reason, format string, args ...any) (ai.Move, error) {
		return ai.NoMove, &games.MoveError{Kind: kind, Input: input, Reason: reason, Detail: fmt.Sprintf(format, args...)}
	}
	toks, numeric, ok := p.v.parseTokens(strings.ToLower(strings.TrimSpace(typographic.Replace(input))))
	if !ok {
		return fail(games.Malformed, ReasonSyntax, "want squares like c3-d4 or c3xe5xg7, or numbers like 22-18 or 22x15x6")
	}
	for _, t := range toks {
		switch t.reason {
		case ReasonBadNumber:
			return fail(games.Illegal, t.reason, "square numbers are 1 to 32, not %s", t.text)
		case ReasonLightSquare:
			return fail(games.Illegal, t.reason, "%s is a light square: play is on the dark squares", t.text)
		}
	}
	if st := p.Status(); st.Over {
		return fail(games.GameOver, st.Reason, "the game is over (%s)", st.Reason)
	}
	sqs := make([]int, len(toks))
	for i, t := range toks {
		sqs[i] = t.sq
	}
	m, err := p.match(sqs, input)
	if err == nil {
		p.numeric = numeric
	}
	return m, err
}

// match finds the legal move of a typed path, or says why there is none.
func (p *Position) match(sqs []int, input string) (ai.Move, error) {
	fail := func(kind games.MoveErrorKind, reason, format string, args ...any) (ai.Move, error) {
		return ai.NoMove, &games.MoveError{Kind: kind, Input: input, Reason: reason, Detail: fmt.Sprintf(format, args...)}
	}
	var buf [ai.MaxMoves]ai.Move
	legal := p.St.genMoves(buf[:0])
	format := func(m ai.Move) string { return p.v.formatMove(m, false) }
	m, ambiguous, ok := menboard.TypedMove(legal, sqs, movePath, func(m ai.Move) [2][2]uint32 { return after(p.St, m) }, format)
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
		return fail(games.Illegal, ReasonNoPiece, "no piece on %s", p.v.squareName(from))
	case s.pieces(int(s.side))&bit(from) == 0:
		return fail(games.Illegal, ReasonNotYourPiece, "the piece on %s is not yours", p.v.squareName(from))
	}
	w := p.walk(sqs)
	if w.reason != "" {
		return fail(games.Illegal, w.reason, "%s", w.detail)
	}
	if w.n == 0 {
		if s.canCapture() {
			return fail(games.Illegal, ReasonCaptureCompulsory, "a capture is compulsory")
		}
		return fail(games.Illegal, ReasonIllegal, "not a legal move here")
	}
	if s.italian && len(legal) > 0 && moveCount(legal[0]) > 0 {
		bestKey := p.italianKey(legal[0])
		key := precedenceKey(w.n, w.king, w.kseq)
		best := int(bestKey >> 24)
		switch {
		case w.n < best:
			return fail(games.Illegal, ReasonNotMaximum, "captures %d, but %d is possible and compulsory", w.n, best)
		case bestKey&(1<<23) != 0 && !w.king:
			return fail(games.Illegal, ReasonKingFirst, "a king can capture as many: it must")
		case bestKey>>16&0x7f > key>>16&0x7f:
			return fail(games.Illegal, ReasonMostKings, "another capture takes more kings")
		case bestKey > key:
			return fail(games.Illegal, ReasonKingEarliest, "another capture meets a king earlier")
		}
	}
	return fail(games.Illegal, ReasonIllegal, "not a legal move here")
}

// italianKey is the precedence key of legal capture m.
func (p *Position) italianKey(m ai.Move) uint32 {
	sqs := movePath(m)
	them := p.St.side ^ 1
	var kseq uint32
	for i := 1; i < len(sqs); i++ {
		if p.St.kings[them]&bit(jumped(sqs[i-1], sqs[i])) != 0 {
			kseq |= 1 << (15 - uint(i-1))
		}
	}
	return precedenceKey(moveCount(m), p.St.kings[p.St.side]&bit(moveFrom(m)) != 0, kseq)
}

// after is the board m leads to in s.
func after(s state, m ai.Move) [2][2]uint32 {
	s.apply(m)
	return [2][2]uint32{s.men, s.kings}
}

// walked is what following a typed path by the movement rules found.
type walked struct {
	n      int    // captures
	king   bool   // the mover is a king
	kseq   uint32 // the kings it took (as in precedenceKey)
	reason string // why the path is impossible, or ""
	detail string
}

// walk follows a typed path on the board by the movement rules alone (not
// compulsion or precedence): the captures it makes, or why it cannot be
// played.
func (p *Position) walk(sqs []int) walked {
	s := &p.St
	v := p.v
	us, them := int(s.side), int(s.side^1)
	cur := sqs[0]
	w := walked{king: s.kings[us]&bit(cur) != 0}
	occ := s.occ() &^ bit(cur)
	var taken uint32
	bad := func(reason, format string, args ...any) walked {
		w.reason, w.detail = reason, fmt.Sprintf(format, args...)
		return w
	}
	crowned := false
	for i, nxt := range sqs[1:] {
		hop := v.squareName(cur) + "-" + v.squareName(nxt)
		switch {
		case crowned:
			return bad(ReasonCrownStops, "the man was crowned on %s: the move ends there", v.squareName(cur))
		case nxt == cur:
			return bad(ReasonSameSquare, "%s does not move", hop)
		case occ&bit(nxt) != 0:
			return bad(ReasonOccupied, "%s is occupied", v.squareName(nxt))
		}
		d, dist := direction(cur, nxt)
		switch {
		case d < 0:
			return bad(ReasonNotDiagonal, "%s is not along a diagonal", hop)
		case !w.king && d != forwardDirs[us][0] && d != forwardDirs[us][1]:
			return bad(ReasonBackward, "a man never moves backwards (%s)", hop)
		case dist > 2:
			return bad(ReasonTooFar, "a piece steps one square or jumps one piece (%s)", hop)
		case dist == 1 && (i > 0 || len(sqs) > 2):
			return bad(ReasonNoCapture, "a step inside a capture (%s)", hop)
		case dist == 1:
			return w // a step by the movement rules
		}
		over := int(tab.next[d][cur])
		ob := bit(over)
		switch {
		case occ&ob == 0:
			return bad(ReasonNoCapture, "nothing to capture on %s", v.squareName(over))
		case s.pieces(us)&ob != 0:
			return bad(ReasonOwnPiece, "%s is your own piece", v.squareName(over))
		case taken&ob != 0:
			return bad(ReasonJumpedTwice, "%s was jumped already", v.squareName(over))
		case s.italian && !w.king && s.kings[them]&ob != 0:
			return bad(ReasonManTakesKing, "a man never captures a king (%s)", v.squareName(over))
		}
		if s.kings[them]&ob != 0 {
			w.kseq |= 1 << (15 - uint(w.n))
		}
		w.n++
		taken |= ob
		if !w.king && promoRow[us]&bit(nxt) != 0 {
			crowned = true
		}
		cur = nxt
	}
	if w.n > 0 && !crowned && p.canJumpFrom(cur, w.king, taken, occ) {
		return bad(ReasonMustContinue, "the piece on %s can capture again: the capture must go on", v.squareName(cur))
	}
	return w
}

// canJumpFrom reports whether a piece of the side to move on sq could
// capture once more, with the pieces of taken already captured.
func (p *Position) canJumpFrom(sq int, king bool, taken, occ uint32) bool {
	s := &p.St
	us, them := int(s.side), int(s.side^1)
	prey := s.pieces(them) &^ taken
	if !king && s.italian {
		prey &= s.men[them]
	}
	for d := 0; d < 4; d++ {
		if !king && d != forwardDirs[us][0] && d != forwardDirs[us][1] {
			continue
		}
		over, land := tab.next[d][sq], tab.jump[d][sq]
		if over >= 0 && land >= 0 && prey&bit(int(over)) != 0 && occ&bit(int(land)) == 0 {
			return true
		}
	}
	return false
}

// direction is the diagonal direction from a to b and how many squares
// along it b is, or -1 when b is on no diagonal of a.
func direction(a, b int) (d, dist int) {
	df := int(tab.file[b]) - int(tab.file[a])
	dr := int(tab.rank[b]) - int(tab.rank[a])
	if df == 0 || (df != dr && df != -dr) {
		return -1, 0
	}
	dist = max(df, -df)
	switch {
	case dr > 0 && df < 0:
		return upLeft, dist
	case dr > 0:
		return upRight, dist
	case df < 0:
		return downLeft, dist
	}
	return downRight, dist
}
