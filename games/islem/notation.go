package islem

// notation.go reads and writes moves as people type them: "12 d6" places
// stone 12 on d6, "d6 f2" moves a stone (phase 3), "x e4" captures, "12 -"
// gives up stone 12 when phase 1 leaves no square, "pass" passes.

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
)

// MoveError reasons (stable keys, explained in the catalogue).
const (
	ReasonOccupied     = "occupied"       // the target square holds a stone
	ReasonNotInHand    = "not-in-hand"    // no such stone in the set being placed
	ReasonNextToOwn    = "next-to-own"    // phase 1: next to one's own stone
	ReasonMustForfeit  = "must-forfeit"   // phase 1 with no square left: give a stone
	ReasonCaptureOwed  = "capture-owed"   // captures come first
	ReasonNoCapture    = "no-capture"     // no capture is owed
	ReasonNotOpponent  = "not-opponent"   // a capture names no opponent stone
	ReasonPlacePhase   = "place-phase"    // stones in hand are placed, not moved
	ReasonMovePhase    = "move-phase"     // phase 3: stones are moved, not placed
	ReasonNotYourStone = "not-your-stone" // a move from a square without one's stone
	ReasonNoPass       = "no-pass"        // there is a legal turn
	ReasonCanPlace     = "can-place"      // a stone is given up only when no square is left
)

func malformed(s, detail string) error {
	return &games.MoveError{Kind: games.Malformed, Input: s, Detail: detail}
}

func illegal(s, reason, detail string) error {
	return &games.MoveError{Kind: games.Illegal, Input: s, Reason: reason, Detail: detail}
}

// fields lower-cases s and splits it into words, cutting "12d6", "d6-f2",
// "xe4" apart.
func fields(s string) []string {
	s = strings.ToLower(s)
	s = strings.NewReplacer("×", " x ", "-", " - ", ",", " ", ":", " ").Replace(s)
	var out []string
	for _, w := range strings.Fields(s) {
		for w != "" {
			switch {
			case w[0] == 'x' && len(w) > 1:
				out = append(out, "x")
				w = w[1:]
			case w[0] >= '0' && w[0] <= '9':
				i := 0
				for i < len(w) && w[i] >= '0' && w[i] <= '9' {
					i++
				}
				out = append(out, w[:i])
				w = w[i:]
			case len(w) >= 2 && w[0] >= 'a' && w[0] <= 'h' && w[1] >= '1' && w[1] <= '8':
				out = append(out, w[:2])
				w = w[2:]
			default:
				out = append(out, w)
				w = ""
			}
		}
	}
	return out
}

// SplitTurn implements games.TurnReader: "12 d6 x e4 f5" is the placement
// and one capture ply per stone, in ascending square order.
func (p *Position) SplitTurn(s string) []string {
	ws := fields(s)
	i := slices.Index(ws, "x")
	if i < 0 {
		if p.owed > 0 && len(ws) > 1 && allSquares(ws) {
			return capturePlies(ws) // "e4 f5" while captures are owed
		}
		return []string{s}
	}
	var out []string
	if i > 0 {
		out = append(out, strings.Join(ws[:i], " "))
	}
	var sqs []string
	for _, w := range ws[i+1:] {
		if w != "x" {
			sqs = append(sqs, w)
		}
	}
	return append(out, capturePlies(sqs)...)
}

func allSquares(ws []string) bool {
	for _, w := range ws {
		if _, ok := ParseSquare(w); !ok {
			return false
		}
	}
	return true
}

// capturePlies writes "x sq" plies in ascending square order (the order
// Moves lists them in); words that are not squares stay, to be refused.
func capturePlies(ws []string) []string {
	slices.SortStableFunc(ws, func(a, b string) int {
		x, okx := ParseSquare(a)
		y, oky := ParseSquare(b)
		if !okx || !oky {
			return 0
		}
		return x - y
	})
	out := make([]string, 0, len(ws))
	for _, w := range ws {
		out = append(out, "x "+w)
	}
	if len(out) == 0 {
		out = append(out, "x")
	}
	return out
}

// ParseMove implements games.Position.
func (p *Position) ParseMove(s string) (ai.Move, error) {
	if p.Status().Over {
		return ai.NoMove, &games.MoveError{Kind: games.GameOver, Input: s}
	}
	ws := fields(s)
	if len(ws) == 0 {
		return ai.NoMove, malformed(s, "empty")
	}
	if ws[0] == "x" {
		ws = ws[1:]
		if len(ws) != 1 {
			return ai.NoMove, malformed(s, "a capture names one square: x e4")
		}
		sq, ok := ParseSquare(ws[0])
		if !ok {
			return ai.NoMove, malformed(s, "not a square")
		}
		return p.checkCapture(s, sq)
	}
	if p.owed > 0 {
		if sq, ok := ParseSquare(ws[0]); ok && len(ws) == 1 {
			return p.checkCapture(s, sq)
		}
		return ai.NoMove, illegal(s, ReasonCaptureOwed, "capture "+strconv.Itoa(int(p.owed))+" stones first")
	}
	if len(ws) == 1 && (ws[0] == "pass" || ws[0] == "pas") {
		if ms := p.legal(nil, true); len(ms) == 1 && kindOf(ms[0]) == kindPass {
			return ms[0], nil
		}
		return ai.NoMove, illegal(s, ReasonNoPass, "a turn is possible")
	}
	if v, err := strconv.Atoi(ws[0]); err == nil {
		if v < 0 || v > MaxValue {
			return ai.NoMove, malformed(s, "stones are numbered 0 to 13")
		}
		switch {
		case len(ws) == 1 || (len(ws) == 2 && ws[1] == "-"):
			return p.checkForfeit(s, v)
		case len(ws) == 2:
			sq, ok := ParseSquare(ws[1])
			if !ok {
				return ai.NoMove, malformed(s, "not a square: "+ws[1])
			}
			return p.checkPlace(s, v, sq)
		}
		return ai.NoMove, malformed(s, "a placement is a stone and a square: 12 d6")
	}
	if len(ws) == 2 || (len(ws) == 3 && ws[1] == "-") {
		from, ok1 := ParseSquare(ws[0])
		to, ok2 := ParseSquare(ws[len(ws)-1])
		if ok1 && ok2 {
			return p.checkMove(s, from, to)
		}
	}
	return ai.NoMove, malformed(s, "want 12 d6, d6 f2 or x e4")
}

func (p *Position) checkCapture(s string, sq int) (ai.Move, error) {
	if p.owed == 0 {
		return ai.NoMove, illegal(s, ReasonNoCapture, "no capture is owed")
	}
	if c := p.board[sq]; c == 0 || owner(c) == p.turn {
		return ai.NoMove, illegal(s, ReasonNotOpponent, "no opponent stone on "+SquareName(sq))
	}
	return captureMove(sq), nil
}

func (p *Position) checkPlace(s string, v, sq int) (ai.Move, error) {
	set := p.activeSet(p.turn)
	switch {
	case set < 0:
		return ai.NoMove, illegal(s, ReasonMovePhase, "no stones in hand: move one, e.g. d6 f2")
	case !hasValue(p.hand[p.turn][set], v):
		return ai.NoMove, illegal(s, ReasonNotInHand, "stone "+strconv.Itoa(v)+" is not in hand")
	case p.board[sq] != 0:
		return ai.NoMove, illegal(s, ReasonOccupied, SquareName(sq)+" is taken")
	case set == 0 && nbrMask[sq]&p.stones(p.turn) != 0:
		return ai.NoMove, illegal(s, ReasonNextToOwn, "phase 1: not next to your own stones")
	}
	if set == 0 && p.phase1Blocked() {
		return ai.NoMove, illegal(s, ReasonMustForfeit, "no square left")
	}
	return placeMove(v, sq), nil
}

// phase1Blocked reports whether the side to move, in phase 1, has no square
// left that is empty and next to none of its stones.
func (p *Position) phase1Blocked() bool {
	ms := p.legal(p.buf[:0], true)
	p.buf = ms[:0]
	return len(ms) > 0 && kindOf(ms[0]) == kindForfeit
}

func (p *Position) checkForfeit(s string, v int) (ai.Move, error) {
	if p.activeSet(p.turn) != 0 || !p.phase1Blocked() {
		return ai.NoMove, illegal(s, ReasonCanPlace, "a stone is given up only in phase 1 with no square left")
	}
	if !hasValue(p.hand[p.turn][0], v) {
		return ai.NoMove, illegal(s, ReasonNotInHand, "stone "+strconv.Itoa(v)+" is not in hand")
	}
	return forfeitMove(v), nil
}

func (p *Position) checkMove(s string, from, to int) (ai.Move, error) {
	switch {
	case p.activeSet(p.turn) >= 0:
		return ai.NoMove, illegal(s, ReasonPlacePhase, "stones in hand are placed: 12 d6")
	case p.board[from] == 0 || owner(p.board[from]) != p.turn:
		return ai.NoMove, illegal(s, ReasonNotYourStone, "no stone of yours on "+SquareName(from))
	case p.board[to] != 0:
		return ai.NoMove, illegal(s, ReasonOccupied, SquareName(to)+" is taken")
	}
	return moveMove(from, to), nil
}

// FormatMove implements games.Position.
func (p *Position) FormatMove(m ai.Move) string {
	switch kindOf(m) {
	case kindPlace:
		return strconv.Itoa(valueOf(m)) + " " + SquareName(toOf(m))
	case kindMove:
		return SquareName(fromOf(m)) + " " + SquareName(toOf(m))
	case kindCapture:
		return "x " + SquareName(toOf(m))
	case kindForfeit:
		return strconv.Itoa(valueOf(m)) + " -"
	case kindPass:
		return "pass"
	}
	return "?"
}

// MoveSquares implements games.Highlighter: the landing square (after the
// start square of a move) and the captured stone's square.
func (p *Position) MoveSquares(m ai.Move) (path, captured []string) {
	switch kindOf(m) {
	case kindPlace:
		return []string{SquareName(toOf(m))}, nil
	case kindMove:
		return []string{SquareName(fromOf(m)), SquareName(toOf(m))}, nil
	case kindCapture:
		return nil, []string{SquareName(toOf(m))}
	}
	return nil, nil
}

// Prompt implements games.Prompter: after a scoring placement, the
// operations it made, its score and the captures still owed.
func (p *Position) Prompt() (string, []string, bool) {
	if p.owed == 0 {
		return "", nil, false
	}
	_, ops, score := p.LastOperations()
	return "capture", []string{
		"n", strconv.Itoa(int(p.owed)),
		"ops", Equations(ops),
		"score", strconv.Itoa(score),
	}, true
}

// Equations writes operations as "(6×2=12) (12=5+7)".
func Equations(ops []Op) string {
	parts := make([]string, len(ops))
	for i, o := range ops {
		parts[i] = o.String()
	}
	return strings.Join(parts, " ")
}

func trailing(m uint64) int { return bits.TrailingZeros64(m) }

// Explain says what the last placement or move did, for a reply after a
// whole turn (the Prompter speaks only while captures are owed): the
// catalogue's "explain.ops" key with its placeholders (the equations, the
// score, the stone), ok false when it made no operation. Chat does not
// call it yet.
func (p *Position) Explain() (key string, kv []string, ok bool) {
	sq, ops, score := p.LastOperations()
	if score == 0 {
		return "", nil, false
	}
	_, v, _ := p.Stone(sq) // a later turn's placement would have moved last
	return "ops", []string{
		"ops", Equations(ops),
		"score", strconv.Itoa(score),
		"stone", strconv.Itoa(v) + " " + SquareName(sq),
	}, true
}
