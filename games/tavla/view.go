package tavla

// view.go is the position as people and renderers see it: a text board and
// a structured view (Points, Off, Dice, Pips) for the picture.

import (
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
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

// Bar returns how many checkers each side has on the bar (standard
// tavla; always none in hapis).
func (p *Pos) Bar() [2]int { return [2]int{int(p.st.bar[0]), int(p.st.bar[1])} }

// Side returns the side to move (or to roll next).
func (p *Pos) Side() ai.Side { return p.st.side }

// Pips returns each side's pip count: the points its checkers still have to
// travel to bear off.
func (p *Pos) Pips() [2]int {
	var out [2]int
	for s := white; s <= black; s++ {
		out[s] = int(p.st.bar[s]) * (points + 1)
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

// Ply is one checker's move for a renderer: board indices in White's
// numbering (0 is White's point 1); To is Off for a checker borne off.
type Ply struct{ From, To int }

// Off is Ply.To of a checker borne off.
const Off = -1

// Bar is Ply.From of a checker entering from the bar.
const Bar = -3

// turnsLooked bounds how far back LastTurns reads the history: a turn is
// at most four plies and a roll.
const turnsLooked = 32

// LastTurns returns each side's last turn, its plies in the order played
// (none for a turn that was passed or not played yet), and the side that
// moved last (ai.NoSide before any turn). It reads the position's history,
// so it sees the turns that were played on this position (a game replayed
// from its start, as the bot keeps it).
func (p *Pos) LastTurns() (latest ai.Side, turns [2][]Ply) {
	latest = ai.NoSide
	var done [2]bool
	next := &p.st
	for k := len(p.hist) - 1; k >= 0 && k >= len(p.hist)-turnsLooked && !(done[0] && done[1]); k-- {
		prev := &p.hist[k]
		s := prev.side
		switch {
		case prev.nd == 0: // a roll opens s's turn: what came after it is the whole turn
			if s == white || s == black {
				if latest != ai.NoSide || len(turns[s]) > 0 {
					done[s] = true
				}
			}
		case s == white || s == black:
			if latest == ai.NoSide {
				latest = s
			}
			if !done[s] {
				if pl, ok := plyBetween(prev, next, s); ok {
					turns[s] = append([]Ply{pl}, turns[s]...)
				}
			}
		}
		next = prev
	}
	return latest, turns
}

// plyBetween is the checker of side s that moved from state a to state b:
// the point it left and the one it reached (or Off); false when none did
// (a pass).
func plyBetween(a, b *state, s ai.Side) (Ply, bool) {
	pl := Ply{From: -2, To: -2}
	for i := range points {
		switch ca, cb := a.countOf(s, i), b.countOf(s, i); {
		case cb < ca:
			pl.From = i
		case cb > ca:
			pl.To = i
		}
	}
	if b.off[s] > a.off[s] {
		pl.To = Off
	}
	if b.bar[s] < a.bar[s] {
		pl.From = Bar
	}
	return pl, (pl.From >= 0 || pl.From == Bar) && pl.To >= Off
}

// countOf is how many of s's checkers stand on point i (a pinned one
// under the other side's stack counts).
func (st *state) countOf(s ai.Side, i int) int {
	switch n := int(st.occ[i]) * int(sign(s)); {
	case n > 0:
		return n
	case n < 0 && st.pinned(i):
		return 1
	}
	return 0
}

var _ games.TextBoarder = (*Pos)(nil)

// TextBoard implements games.TextBoarder: the points in two rows with
// their numbers (the reader's: White's, or Black's when flip), each point's
// stack as its side's letter and count ("w3"; "b1/w" a black checker
// pinning a white one), the dice, each side's pips and borne-off
// checkers, and a legend of a pin when there is one.
func (p *Pos) TextBoard(lang string, flip bool) string {
	const cell = 5
	letter := [2]string{p.text(lang, "text.w"), p.text(lang, "text.b")}
	var b strings.Builder
	pad := func(s string) { b.WriteString(strings.Repeat(" ", max(cell-len([]rune(s)), 1)) + s) }
	bar := func() { b.WriteString("  |") }
	legend := ""
	row := func(top bool, numbers bool) {
		for k := range 12 {
			if k == 6 {
				bar()
			}
			i := 11 - k // the reader's 12..1, as White sits
			if top {
				i = 12 + k
			}
			if flip {
				i = points - 1 - i
			}
			if numbers {
				num := i + 1
				if flip {
					num = points - i
				}
				if p.st.hit {
					num = points + 1 - num
				}
				pad(strconv.Itoa(num))
				continue
			}
			o := p.st.owner(i)
			if o == ai.NoSide {
				pad(".")
				continue
			}
			s := letter[o] + strconv.Itoa(p.st.count(i))
			if p.st.pinned(i) {
				s += "/" + letter[o.Opponent()]
				if legend == "" {
					legend = p.text(lang, "text.pinned", "cell", s, "n", strconv.Itoa(p.st.count(i)),
						"top", p.text(lang, "side."+sideKey(o)), "under", p.text(lang, "side."+sideKey(o.Opponent())))
				}
			}
			pad(s)
		}
		b.WriteByte('\n')
	}
	row(true, true)
	row(true, false)
	b.WriteByte('\n')
	row(false, false)
	row(false, true)
	if p.st.nd > 0 {
		b.WriteString(p.text(lang, "text.dice", "dice", p.diceText()) + " · ")
	}
	pips, off := p.Pips(), p.Off()
	for s := white; s <= black; s++ {
		if s == black {
			b.WriteString(" · ")
		}
		b.WriteString(p.text(lang, "text.side", "side", p.text(lang, "side."+sideKey(s)), "letter", letter[s],
			"pips", strconv.Itoa(pips[s]), "off", strconv.Itoa(off[s])))
	}
	for s := white; s <= black; s++ {
		if p.st.bar[s] > 0 {
			b.WriteString("\n" + p.text(lang, "text.bar", "side", p.text(lang, "side."+sideKey(s)), "n", strconv.Itoa(int(p.st.bar[s]))))
		}
	}
	if legend != "" {
		b.WriteString("\n" + legend)
	}
	if p.st.cube.on {
		b.WriteString("\n" + p.cubeLine(lang))
	}
	return b.String()
}

func sideKey(s ai.Side) string {
	if s == black {
		return "black"
	}
	return "white"
}
