package islem

// text.go is the position text format (FORMAT.md) and the text board.

import (
	"fmt"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
)

var sideLetter = [2]byte{'b', 'r'} // black moves first, red second

// sideKeys are the sides' keys, for their names in the catalogue.
var sideKeys = [2]string{"black", "red"}

// posErr is a position text's fault: key of the catalogue's "poserr."
// messages with its placeholder values, and the English detail for logs.
func posErr(key, detail string, kv ...string) error {
	return &games.PositionError{Key: key, Args: kv, Detail: "islem: " + detail, Catalog: catalog()}
}

// Stone glyphs of the text board, one rune a square: black's stones are
// negative circled numbers, red's circled ones.
var (
	blackGlyphs = []rune("⓿❶❷❸❹❺❻❼❽❾❿⓫⓬⓭")
	redGlyphs   = []rune("⓪①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬")
)

// Board implements games.Position: ranks from 8 down, one rune a square
// ('.' empty, ❶ black's 1, ① red's 1), as chat's text board lays them out.
func (p *Position) Board() []string {
	out := make([]string, Size)
	for r := Size - 1; r >= 0; r-- {
		row := make([]rune, Size)
		for f := 0; f < Size; f++ {
			row[f] = '.'
			if c := p.board[r*Size+f]; c != 0 {
				if owner(c) == ai.First {
					row[f] = blackGlyphs[value(c)]
				} else {
					row[f] = redGlyphs[value(c)]
				}
			}
		}
		out[Size-1-r] = string(row)
	}
	return out
}

// String implements games.Position: the position text format.
func (p *Position) String() string {
	var sb strings.Builder
	for r := Size - 1; r >= 0; r-- {
		for f := 0; f < Size; f++ {
			c := p.board[r*Size+f]
			if c == 0 {
				sb.WriteByte('-')
				continue
			}
			sb.WriteByte(sideLetter[owner(c)])
			sb.WriteString(strconv.Itoa(value(c)))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	for s := 0; s < 2; s++ {
		sb.WriteByte(' ')
		for t := 0; t < 2; t++ {
			if t > 0 {
				sb.WriteByte('/')
			}
			sb.WriteString(handText(p.hand[s][t]))
		}
	}
	fmt.Fprintf(&sb, " %d:%d %c %d", p.caps[0], p.caps[1], sideLetter[p.turn], p.owed)
	if p.owed > 0 && p.floor >= 0 {
		sb.WriteString(">" + SquareName(int(p.floor)))
	}
	fmt.Fprintf(&sb, " %d", p.turns)
	return sb.String()
}

func handText(set uint16) string {
	switch set {
	case 0:
		return "-"
	case fullSet:
		return "*"
	}
	var vs []string
	for v := 0; v < SetStones; v++ {
		if hasValue(set, v) {
			vs = append(vs, strconv.Itoa(v))
		}
	}
	return strings.Join(vs, ",")
}

func parseHand(s string) (uint16, error) {
	switch s {
	case "-":
		return 0, nil
	case "*":
		return fullSet, nil
	}
	var set uint16
	for _, w := range strings.Split(s, ",") {
		v, err := strconv.Atoi(w)
		if err != nil || v < 0 || v > MaxValue {
			return 0, posErr("hand-stone", fmt.Sprintf("hand %q: %q is no stone (0..13)", s, w), "text", games.Quote(s), "stone", games.Quote(w))
		}
		if hasValue(set, v) {
			return 0, posErr("hand-twice", fmt.Sprintf("hand %q: stone %d twice in a set", s, v), "text", games.Quote(s), "stone", strconv.Itoa(v))
		}
		set |= 1 << v
	}
	return set, nil
}

// ParsePosition implements games.Game: the format String writes.
func (Game) ParsePosition(s string) (games.Position, error) {
	f := strings.Fields(s)
	if len(f) == 1 && strings.EqualFold(f[0], "start") {
		return newStart(), nil
	}
	if len(f) != 7 {
		return nil, posErr("fields", fmt.Sprintf("want 7 fields (board, black's hand, red's hand, captures, side, owed, turns), got %d", len(f)), "n", strconv.Itoa(len(f)))
	}
	p := &Position{}
	p.last, p.floor = -1, -1
	ranks := strings.Split(f[0], "/")
	if len(ranks) != Size {
		return nil, posErr("ranks", fmt.Sprintf("board: want 8 ranks separated by /, got %d", len(ranks)), "n", strconv.Itoa(len(ranks)))
	}
	var count [2][SetStones]int
	for i, rank := range ranks {
		r := Size - 1 - i
		file := 0
		for j := 0; j < len(rank); {
			if file >= Size {
				return nil, posErr("rank-long", fmt.Sprintf("rank %d: more than 8 squares", r+1), "rank", strconv.Itoa(r+1))
			}
			ch := rank[j]
			switch ch {
			case '-':
				j++
			case 'b', 'r':
				k := j + 1
				for k < len(rank) && k < j+3 && rank[k] >= '0' && rank[k] <= '9' {
					k++
				}
				v, err := strconv.Atoi(rank[j+1 : k])
				if err != nil || v > MaxValue {
					return nil, posErr("rank-stone", fmt.Sprintf("rank %d: %q is no stone (b0..b13, r0..r13)", r+1, rank[j:k]), "rank", strconv.Itoa(r+1), "text", games.Quote(rank[j:k]))
				}
				side := 0
				if ch == 'r' {
					side = 1
				}
				p.board[r*Size+file] = stone(ai.Side(side), v)
				count[side][v]++
				j = k
			default:
				return nil, posErr("rank-char", fmt.Sprintf("rank %d: unexpected %q (want -, bN or rN)", r+1, ch), "rank", strconv.Itoa(r+1), "text", games.Quote(string(rune(ch))))
			}
			file++
		}
		if file != Size {
			return nil, posErr("rank-short", fmt.Sprintf("rank %d: %d squares, want 8", r+1, file), "rank", strconv.Itoa(r+1), "n", strconv.Itoa(file))
		}
	}
	for s := 0; s < 2; s++ {
		sets := strings.Split(f[1+s], "/")
		if len(sets) != 2 {
			return nil, posErr("hand-sets", fmt.Sprintf("hand %q: want two sets separated by /", f[1+s]), "text", games.Quote(f[1+s]))
		}
		for t := 0; t < 2; t++ {
			set, err := parseHand(sets[t])
			if err != nil {
				return nil, err
			}
			p.hand[s][t] = set
			for v := 0; v < SetStones; v++ {
				if hasValue(set, v) {
					count[s][v]++
				}
			}
		}
		if p.hand[s][0] != 0 && p.hand[s][1] != fullSet {
			return nil, posErr("hand-second", fmt.Sprintf("hand %q: the second set is touched only when the first is placed", f[1+s]), "text", games.Quote(f[1+s]))
		}
		for v := 0; v < SetStones; v++ {
			if count[s][v] > 2 {
				return nil, posErr("stone-count", fmt.Sprintf("%c has %d stones numbered %d (two sets have two)", sideLetter[s], count[s][v], v),
					"side", "@side."+sideKeys[s], "n", strconv.Itoa(count[s][v]), "stone", strconv.Itoa(v))
			}
		}
	}
	a, b, ok := strings.Cut(f[3], ":")
	c0, err0 := strconv.Atoi(a)
	c1, err1 := strconv.Atoi(b)
	if !ok || err0 != nil || err1 != nil || c0 < 0 || c1 < 0 || c0 > 2*SetStones || c1 > 2*SetStones {
		return nil, posErr("captures", fmt.Sprintf("captures %q: want black:red, e.g. 3:5", f[3]), "text", games.Quote(f[3]))
	}
	p.caps = [2]int16{int16(c0), int16(c1)}
	for s := 0; s < 2; s++ {
		total := int(p.caps[1-s])
		for v := 0; v < SetStones; v++ {
			total += count[s][v]
		}
		if total > 2*SetStones {
			return nil, posErr("too-many", fmt.Sprintf("%c has more than 28 stones in hand, on the board and captured", sideLetter[s]), "side", "@side."+sideKeys[s])
		}
	}
	switch f[4] {
	case "b":
		p.turn = ai.First
	case "r":
		p.turn = ai.Second
	default:
		return nil, posErr("side", fmt.Sprintf("side to move %q: want b or r", f[4]), "text", games.Quote(f[4]))
	}
	owed, floor, hasFloor := strings.Cut(f[5], ">")
	n, err := strconv.Atoi(owed)
	if err != nil || n < 0 || n > 2*SetStones {
		return nil, posErr("owed", fmt.Sprintf("owed captures %q: want a number, e.g. 0 or 2>e4", f[5]), "text", games.Quote(f[5]))
	}
	p.owed = int8(n)
	if hasFloor {
		sq, ok := ParseSquare(floor)
		if !ok || n == 0 {
			return nil, posErr("owed-square", fmt.Sprintf("owed captures %q: want N>square with N > 0", f[5]), "text", games.Quote(f[5]))
		}
		p.floor = int8(sq)
	}
	if p.owed > 0 && popcount(p.stones(p.turn.Opponent())) == 0 {
		return nil, posErr("owed-none", "captures owed but no opponent stone on the board")
	}
	t, err := strconv.Atoi(f[6])
	if err != nil || t < 0 || t > TurnLimit {
		return nil, posErr("turns", fmt.Sprintf("turns %q: want 0..%d", f[6], TurnLimit), "text", games.Quote(f[6]), "max", strconv.Itoa(TurnLimit))
	}
	p.turns = int16(t)
	p.hash = p.computeHash()
	return p, nil
}
