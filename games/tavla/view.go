package tavla

// view.go is the position as people and renderers see it: a text board and
// a structured view (Points, Off, Dice, Pips) for the picture.

import (
	"fmt"
	"strings"

	"oyunbot/ai"
)

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

// Board implements games.Position: White's points 13..24 above, 12..1
// below (as White sits), each "w5", "b1/w" or ".", then the borne-off
// counts and the dice.
func (p *Pos) Board() []string {
	cell := func(i int) string {
		t := "."
		if o := p.st.owner(i); o != ai.NoSide {
			t = fmt.Sprintf("%c%d", "wb"[o], p.st.count(i))
			if p.st.pinned(i) {
				t += "/" + string("wb"[o.Opponent()])
			}
		}
		return fmt.Sprintf("%-5s", t)
	}
	var top, bottom strings.Builder
	for i := 12; i < points; i++ {
		top.WriteString(cell(i))
	}
	for i := 11; i >= 0; i-- {
		bottom.WriteString(cell(i))
	}
	return []string{
		strings.TrimRight(top.String(), " "),
		strings.TrimRight(bottom.String(), " "),
		fmt.Sprintf("off w%d b%d  dice %s", p.st.off[0], p.st.off[1], p.diceText()),
	}
}
