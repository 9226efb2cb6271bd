package tavla

// notation.go reads and writes positions and moves.
//
// Position text (../shared/perft/tavla.txt): 24 comma-separated points in
// White's numbering, each '.', 'wN', 'bN' or 'wN/b', 'bN/w' (N checkers on
// top of one pinned opponent checker); White's and Black's borne-off
// counts; the side to move (w, b; '-' before the opening roll); the dice
// left: '-' (a roll is next), 'a-b' for a fresh roll (a double is four
// dice), 'a' for one die left, 'axN' for N dice of a double left.
//
// Moves are written in the mover's own numbering: "13/18", "20/off"; a
// roll "53:" (larger die first), the opening "5-3:" (White's die, then
// Black's).

import (
	"fmt"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
)

// String implements games.Position.
func (p *Pos) String() string {
	st := &p.st
	var b strings.Builder
	for i := range points {
		if i > 0 {
			b.WriteByte(',')
		}
		switch st.owner(i) {
		case ai.NoSide:
			b.WriteByte('.')
			continue
		case white:
			b.WriteByte('w')
		default:
			b.WriteByte('b')
		}
		b.WriteString(strconv.Itoa(st.count(i)))
		if st.pinned(i) {
			b.WriteString("/" + map[bool]string{true: "b", false: "w"}[st.occ[i] > 0])
		}
	}
	fmt.Fprintf(&b, " %d %d ", st.off[0], st.off[1])
	if st.hit {
		fmt.Fprintf(&b, "%d %d ", st.bar[0], st.bar[1])
	}
	switch {
	case st.opening:
		b.WriteString("-")
	case st.side == white:
		b.WriteString("w")
	default:
		b.WriteString("b")
	}
	b.WriteString(" " + p.diceText())
	if st.cube.on {
		b.WriteString(" " + st.cubeText())
	}
	return b.String()
}

// diceText writes the dice left as the position text does.
func (p *Pos) diceText() string {
	st := &p.st
	d := st.dice[:st.nd]
	switch {
	case len(d) == 0:
		return "-"
	case len(d) == 1:
		return strconv.Itoa(int(d[0]))
	case len(d) == 2 && d[0] != d[1]:
		return fmt.Sprintf("%d-%d", d[0], d[1])
	case len(d) == 4:
		return fmt.Sprintf("%d-%d", d[0], d[0])
	}
	return fmt.Sprintf("%dx%d", d[0], len(d))
}

// posErr is a position text's fault: key of the catalogue's "poserr."
// messages with its placeholder values, and the English detail for logs.
func posErr(key, detail string, kv ...string) error {
	return &games.PositionError{Key: key, Args: kv, Detail: "hapis: " + detail, Catalog: catalog()}
}

// parsePosition reads hapis's position text.
func parsePosition(s string) (*Pos, error) { return parsePositionOf(s, false) }

// parsePositionOf reads hapis's position text, or standard tavla's (hit)
// which has two more fields after the borne-off counts: the checkers
// each side has on the bar.
func parsePositionOf(s string, hit bool) (*Pos, error) {
	f := strings.Fields(s)
	posErr := posErr
	if hit {
		posErr = stdPosErr
		if len(f) != 7 {
			return nil, posErr("fields", fmt.Sprintf("want 7 fields (points, White's and Black's borne-off counts, White's and Black's checkers on the bar, side, dice), got %d", len(f)), "n", strconv.Itoa(len(f)))
		}
		f = append(f[:3:3], f[5:]...) // the bar's counts are read below
	} else if len(f) != 5 {
		return nil, posErr("fields", fmt.Sprintf("want 5 fields (points, White's and Black's borne-off counts, side, dice), got %d", len(f)), "n", strconv.Itoa(len(f)))
	}
	p := newPos()
	st := &p.st
	st.hit = hit
	pts := strings.Split(f[0], ",")
	if len(pts) != points {
		return nil, posErr("points", fmt.Sprintf("want %d points, got %d", points, len(pts)), "n", strconv.Itoa(len(pts)))
	}
	var total [2]int
	for i, t := range pts {
		if t == "." {
			continue
		}
		top, rest, pin := strings.Cut(t, "/")
		if len(top) < 2 || (top[0] != 'w' && top[0] != 'b') {
			return nil, posErr("point", fmt.Sprintf("point %d: %q is not ., wN, bN, wN/b or bN/w", i+1, t), "point", strconv.Itoa(i+1), "text", games.Quote(t))
		}
		n, err := strconv.Atoi(top[1:])
		if err != nil || n < 1 || n > checkers {
			return nil, posErr("point-count", fmt.Sprintf("point %d: %q: a count 1..15", i+1, t), "point", strconv.Itoa(i+1), "text", games.Quote(t))
		}
		s := white
		if top[0] == 'b' {
			s = black
		}
		if pin && hit {
			return nil, posErr("point", fmt.Sprintf("point %d: %q is not ., wN or bN", i+1, t), "point", strconv.Itoa(i+1), "text", games.Quote(t))
		}
		if pin {
			if rest != map[ai.Side]string{white: "b", black: "w"}[s] {
				return nil, posErr("point-pin", fmt.Sprintf("point %d: %q: the pinned checker is the other side's", i+1, t), "point", strconv.Itoa(i+1), "text", games.Quote(t))
			}
			total[s.Opponent()]++
			st.pins |= 1 << i
		}
		total[s] += n
		st.occ[i] = int8(n) * sign(s)
	}
	for k, t := range f[1:3] {
		n, err := strconv.Atoi(t)
		if err != nil || n < 0 || n > checkers {
			return nil, posErr("off", fmt.Sprintf("borne-off count %q is not 0..15", t), "text", games.Quote(t))
		}
		st.off[k] = int8(n)
		total[k] += n
	}
	if hit {
		for k, t := range strings.Fields(s)[3:5] {
			n, err := strconv.Atoi(t)
			if err != nil || n < 0 || n > checkers {
				return nil, posErr("bar", fmt.Sprintf("bar count %q is not 0..15", t), "text", games.Quote(t))
			}
			st.bar[k] = int8(n)
			total[k] += n
		}
	}
	if total[0] != checkers || total[1] != checkers {
		return nil, posErr("totals", fmt.Sprintf("White has %d checkers, Black %d: want 15 each", total[0], total[1]), "white", strconv.Itoa(total[0]), "black", strconv.Itoa(total[1]))
	}
	if st.off[0] == checkers && st.off[1] == checkers {
		return nil, posErr("both-off", "both sides cannot have borne off every checker")
	}
	switch f[3] {
	case "w":
		st.side = white
	case "b":
		st.side = black
	case "-":
		st.opening = true
	default:
		return nil, posErr("side", fmt.Sprintf("side %q is not w, b or - (before the opening roll)", f[3]), "text", games.Quote(f[3]))
	}
	if err := p.parseDice(f[4]); err != nil {
		if hit {
			return nil, posErr("dice", fmt.Sprintf("dice %q: want -, a-b, a or axN", f[4]), "text", games.Quote(f[4]))
		}
		return nil, err
	}
	if st.opening && st.nd > 0 {
		return nil, posErr("dice-opening", fmt.Sprintf("dice %q before the opening roll", f[4]), "text", games.Quote(f[4]))
	}
	if p.over() && st.nd > 0 {
		return nil, posErr("dice-over", fmt.Sprintf("dice %q in a finished game", f[4]), "text", games.Quote(f[4]))
	}
	st.lostBy = ai.NoSide
	st.hash = p.computeHash()
	return p, nil
}

func (p *Pos) parseDice(t string) error {
	st := &p.st
	die := func(s string) (int, bool) {
		if len(s) != 1 || s[0] < '1' || s[0] > '6' {
			return 0, false
		}
		return int(s[0] - '0'), true
	}
	bad := posErr("dice", fmt.Sprintf("dice %q: want -, a-b, a or axN", t), "text", games.Quote(t))
	switch {
	case t == "-":
	case strings.Contains(t, "-"):
		a, b, _ := strings.Cut(t, "-")
		x, ok1 := die(a)
		y, ok2 := die(b)
		if !ok1 || !ok2 {
			return bad
		}
		p.setDice(x, y)
	case strings.Contains(t, "x"):
		a, n, _ := strings.Cut(t, "x")
		x, ok1 := die(a)
		k, err := strconv.Atoi(n)
		if !ok1 || err != nil || k < 1 || k > 3 {
			return bad
		}
		for i := range k {
			st.dice[i] = int8(x)
		}
		st.nd = int8(k)
	default:
		x, ok := die(t)
		if !ok {
			return bad
		}
		st.dice[0], st.nd = int8(x), 1
	}
	return nil
}

// Clone implements games.Position.
func (p *Pos) Clone() games.Position {
	c := newPos()
	c.st = p.st
	c.hist = append(c.hist, p.hist...)
	c.style, c.styleSide = p.style, p.styleSide
	return c
}

// FormatMove implements games.Position.
func (p *Pos) FormatMove(m ai.Move) string {
	if isCube(m) {
		if a := int(m.Lo & cubeAction); a < len(cubeNames) {
			return cubeNames[a]
		}
		return "?"
	}
	switch m.Lo & kindMask {
	case kindRoll:
		a, b := decodeDice(m)
		return fmt.Sprintf("%d%d:", a, b)
	case kindOpen:
		a, b := decodeDice(m)
		return fmt.Sprintf("%d-%d:", a, b)
	}
	if isPass(m) {
		return "pass"
	}
	s, from, die := decodePly(m)
	if p.st.hit {
		return p.formatStd(m)
	}
	q := ownPoint(s, from)
	if q+die > points {
		// A higher die than needed is named when a smaller one could bear
		// the same checker off too: "22/off" is the smallest, "22/off=6".
		if q+die > points+1 {
			for _, o := range p.Moves(make([]ai.Move, 0, 32)) {
				if os, of, od := decodePly(o); os == s && of == from && od < die && q+od > points {
					return fmt.Sprintf("%d/off=%d", q, die)
				}
			}
		}
		return fmt.Sprintf("%d/off", q)
	}
	return fmt.Sprintf("%d/%d", q, q+die)
}

// SplitTurn implements games.TurnReader: plies separated by spaces or
// commas; "13/18/20" is two plies, "13/18(2)" the same ply twice.
func (p *Pos) SplitTurn(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == ';' }) {
		rep := 1
		if i := strings.IndexByte(f, '('); i > 0 && strings.HasSuffix(f, ")") {
			if n, err := strconv.Atoi(f[i+1 : len(f)-1]); err == nil && n >= 1 && n <= 4 {
				rep, f = n, f[:i]
			}
		}
		parts := strings.FieldsFunc(f, func(r rune) bool { return r == '/' || r == '-' })
		if len(parts) <= 2 || strings.HasSuffix(f, ":") {
			for range rep {
				out = append(out, f)
			}
			continue
		}
		for range rep {
			for k := 0; k+1 < len(parts); k++ {
				out = append(out, parts[k]+"/"+parts[k+1])
			}
		}
	}
	return out
}
