package tavla

// view.go is the position as people and renderers see it: a text board and
// a structured view (Points, Off, Dice, Pips) for the picture.

import "oyunbot/ai"

// Point is one point of the board for a renderer, in White's numbering.
type Point struct {
	// Side owns the top stack (ai.NoSide: empty); Count is its checkers.
	Side  ai.Side
	Count int
	// Pinned: one checker of the other side lies under the stack.
	Pinned bool
}

// Points returns the 24 points, index 0 being White's point 1.
func (p *Pos) Points() [points]Point {
	var out [points]Point
	for i := range points {
		out[i] = Point{Side: p.st.owner(i), Count: p.st.count(i), Pinned: p.st.pinned(i)}
	}
	return out
}

// Off returns how many checkers each side has borne off.
func (p *Pos) Off() [2]int { return [2]int{int(p.st.off[0]), int(p.st.off[1])} }

// Dice returns the last roll (both dice as rolled; 0 0 before the first)
// and how many of its dice are still to play.
func (p *Pos) Dice() (a, b, left int) {
	return int(p.st.roll[0]), int(p.st.roll[1]), int(p.st.nd)
}

// Side returns the side to move (or to roll next).
func (p *Pos) Side() ai.Side { return p.st.side }

// Pips returns each side's pip count: the points its checkers still have to
// travel to bear off.
func (p *Pos) Pips() [2]int {
	var out [2]int
	for s := white; s <= black; s++ {
		for q := 1; q <= points; q++ {
			i := index(s, q)
			n := int(p.st.occ[i] * sign(s))
			if n < 0 && p.st.pinned(i) {
				n = 1
			}
			if n > 0 {
				out[s] += n * (points + 1 - q)
			}
		}
	}
	return out
}

// Board implements games.Position: a grid of 12 columns as White sits,
// White's points 13..24 in the five rows above the middle one (stacks
// hanging from the top edge) and 12..1 in the five below (standing on the
// bottom edge). A checker is 'w' or 'b'; a pinned one, at the edge under
// its pinner, 'W' or 'B'; a stack taller than the rows shows its count in
// the last row (6-9, '+' for more).
func (p *Pos) Board() []string {
	const levels = 5
	rows := make([][]byte, 2*levels+1)
	for r := range rows {
		rows[r] = []byte("............")
	}
	for k := range 12 {
		for _, top := range []bool{true, false} {
			i := 11 - k
			if top {
				i = 12 + k
			}
			var col []byte
			if o := p.st.owner(i); o != ai.NoSide {
				if p.st.pinned(i) {
					col = append(col, "WB"[o.Opponent()])
				}
				for range p.st.count(i) {
					col = append(col, "wb"[o])
				}
			}
			if len(col) > levels {
				n := len(col)
				col = col[:levels]
				col[levels-1] = '+'
				if n <= 9 {
					col[levels-1] = byte('0' + n)
				}
			}
			for lv, c := range col {
				r := lv
				if !top {
					r = 2*levels - lv
				}
				rows[r][k] = c
			}
		}
	}
	out := make([]string, len(rows))
	for r := range rows {
		out[r] = string(rows[r])
	}
	return out
}
