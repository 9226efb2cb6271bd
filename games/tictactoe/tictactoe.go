// Package tictactoe implements tic-tac-toe (XOX): the rules, the text
// notation and an evaluation for the engine. Rules: /work/shared/rules/tictactoe.md.
//
// Cells are indexed 0..8 row by row from the top-left, which is also the
// phone-keypad order (keypad key = index+1). In chess-like names the column
// is a-c from the left and the row 1-3 from the bottom: index 0 is a3, index
// 8 is c1.
package tictactoe

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
)

// Game is tic-tac-toe.
type Game struct{}

// Name implements games.Game.
func (Game) Name() string { return "tictactoe" }

// Aliases implements games.Game.
func (Game) Aliases() []string { return []string{"xox", "ttt"} }

// Players implements games.Game.
func (Game) Players() int { return 2 }

// SideNames implements games.Game: x moves first.
func (Game) SideNames() []string { return []string{"x", "o"} }

// Start implements games.Game: the empty board, x to move.
func (Game) Start() games.Position { return &Position{} }

// ParsePosition implements games.Game. The format is nine cells row by row
// from the top (x, o or .) and the side to move: "x.o.x.... o". Only
// positions reachable in a game are accepted.
func (Game) ParsePosition(s string) (games.Position, error) { return ParsePosition(s) }

const (
	cells    = 9
	fullMask = 1<<cells - 1
)

// lines are the eight winning lines as cell bit masks.
var lines = [8]uint16{
	0b000_000_111, 0b000_111_000, 0b111_000_000, // rows
	0b001_001_001, 0b010_010_010, 0b100_100_100, // columns
	0b100_010_001, 0b001_010_100, // diagonals
}

// Position is a tic-tac-toe position. The zero value is the start position.
type Position struct {
	mark [2]uint16 // cell bits of x (First) and o (Second)
	hist [cells]uint8
	n    int // marks on the board = plies played
	hash uint64
}

var _ games.Position = (*Position)(nil)
var _ games.Highlighter = (*Position)(nil)
var _ ai.NoisyGenerator = (*Position)(nil)

// posErr is a position text's fault: key of the catalogue's "poserr."
// messages with its placeholder values, and the English detail for logs.
func posErr(key, detail string, kv ...string) error {
	return &games.PositionError{Key: key, Args: kv, Detail: "tictactoe: " + detail, Catalog: catalog()}
}

// ParsePosition reads the text format (see Game.ParsePosition).
func ParsePosition(s string) (*Position, error) {
	f := strings.Fields(s)
	if len(f) != 2 {
		return nil, posErr("format", fmt.Sprintf("position %q: want 9 cells and the side to move, e.g. \"x.o.x.... o\"", s), "example", "x.o.x.... o")
	}
	if len(f[0]) != cells {
		return nil, posErr("cells", fmt.Sprintf("position %q: want 9 cells (x, o or .), got %d characters", s, len(f[0])), "n", strconv.Itoa(len(f[0])))
	}
	var mark [2]uint16
	for i := 0; i < cells; i++ {
		switch f[0][i] {
		case 'x', 'X':
			mark[ai.First] |= 1 << i
		case 'o', 'O':
			mark[ai.Second] |= 1 << i
		case '.', '-':
		default:
			return nil, posErr("cell", fmt.Sprintf("position %q: cell %d is %q, want x, o or .", s, i+1, f[0][i]), "cell", strconv.Itoa(i+1), "text", "«"+string(f[0][i])+"»")
		}
	}
	var side ai.Side
	switch strings.ToLower(f[1]) {
	case "x":
		side = ai.First
	case "o":
		side = ai.Second
	default:
		return nil, posErr("side", fmt.Sprintf("position %q: side to move is %q, want x or o", s, f[1]), "text", "«"+f[1]+"»")
	}
	nx, no := bits.OnesCount16(mark[0]), bits.OnesCount16(mark[1])
	switch {
	case nx != no && nx != no+1:
		return nil, posErr("counts", fmt.Sprintf("position %q: %d x and %d o cannot happen (x moves first, players alternate)", s, nx, no), "x", strconv.Itoa(nx), "o", strconv.Itoa(no))
	case nx == no && side != ai.First:
		return nil, posErr("x-to-move", fmt.Sprintf("position %q: with %d x and %d o it is x to move", s, nx, no), "x", strconv.Itoa(nx), "o", strconv.Itoa(no))
	case nx != no && side != ai.Second:
		return nil, posErr("o-to-move", fmt.Sprintf("position %q: with %d x and %d o it is o to move", s, nx, no), "x", strconv.Itoa(nx), "o", strconv.Itoa(no))
	}
	xw, ow := hasLine(mark[0]), hasLine(mark[1])
	switch {
	case xw && ow:
		return nil, posErr("both-lines", fmt.Sprintf("position %q: both players have three in a row", s))
	case xw && nx != no+1:
		return nil, posErr("x-line", fmt.Sprintf("position %q: x has three in a row but o moved after it", s))
	case ow && nx != no:
		return nil, posErr("o-line", fmt.Sprintf("position %q: o has three in a row but x moved after it", s))
	}
	p := &Position{mark: mark, n: nx + no}
	// The history only serves Unmake; a parsed position's marks are its
	// "history" in index order, x and o interleaved as the counts allow.
	xs, os := mark[0], mark[1]
	for i := 0; i < p.n; i++ {
		src := &xs
		if i%2 == 1 {
			src = &os
		}
		c := bits.TrailingZeros16(*src)
		*src &^= 1 << c
		p.hist[i] = uint8(c)
	}
	p.hash = p.computeHash()
	return p, nil
}

func hasLine(m uint16) bool {
	for _, l := range lines {
		if m&l == l {
			return true
		}
	}
	return false
}

// zobrist returns the key of a mark of side s on cell c (s 0..1, c 0..8),
// or of "o to move" for c == cells: a splitmix64 of the index, so the keys
// are fixed without any table.
func zobrist(s ai.Side, c int) uint64 {
	z := uint64(int(s)*(cells+1)+c+1) * 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func (p *Position) computeHash() uint64 {
	var h uint64
	for s := ai.First; s <= ai.Second; s++ {
		for m := p.mark[s]; m != 0; m &= m - 1 {
			h ^= zobrist(s, bits.TrailingZeros16(m))
		}
	}
	if p.Turn() == ai.Second {
		h ^= zobrist(ai.First, cells)
	}
	return h
}

// Turn implements ai.Position.
func (p *Position) Turn() ai.Side { return ai.Side(p.n & 1) }

func (p *Position) winner() ai.Side {
	if hasLine(p.mark[0]) {
		return ai.First
	}
	if hasLine(p.mark[1]) {
		return ai.Second
	}
	return ai.NoSide
}

// Status implements ai.Position.
func (p *Position) Status() ai.Status {
	if w := p.winner(); w != ai.NoSide {
		return ai.Status{Over: true, Winner: w, Reason: "three-in-row"}
	}
	if p.n == cells {
		return ai.Status{Over: true, Winner: ai.NoSide, Reason: "board-full"}
	}
	return ai.Status{}
}

// Moves implements ai.Position: the empty cells in index order.
func (p *Position) Moves(buf []ai.Move) []ai.Move {
	if p.Status().Over {
		return buf
	}
	for free := fullMask &^ (p.mark[0] | p.mark[1]); free != 0; free &= free - 1 {
		buf = append(buf, cellMove(bits.TrailingZeros16(free)))
	}
	return buf
}

// cellMove encodes a placement on cell c; the zero Move stays NoMove.
func cellMove(c int) ai.Move { return ai.Move{Lo: uint64(c) + 1} }

// moveCell decodes m, reporting false when it is not a cell.
func moveCell(m ai.Move) (int, bool) {
	if m.Hi != 0 || m.Lo < 1 || m.Lo > cells {
		return 0, false
	}
	return int(m.Lo - 1), true
}

// Make implements ai.Position.
func (p *Position) Make(m ai.Move) {
	c, _ := moveCell(m)
	s := p.Turn()
	p.mark[s] |= 1 << c
	p.hist[p.n] = uint8(c)
	p.n++
	p.hash ^= zobrist(s, c) ^ zobrist(ai.First, cells)
}

// Unmake implements ai.Position.
func (p *Position) Unmake() {
	p.n--
	c := int(p.hist[p.n])
	s := p.Turn()
	p.mark[s] &^= 1 << c
	p.hash ^= zobrist(s, c) ^ zobrist(ai.First, cells)
}

// Hash implements ai.Position.
func (p *Position) Hash() uint64 { return p.hash }

// Evaluation weights of a line holding only one side's marks: one mark, and
// two (a threat; two threats usually win).
const (
	weightOne = 10
	weightTwo = 40
)

func lineWeight(n int) int {
	if n >= 2 {
		return weightTwo
	}
	return weightOne
}

// Evaluate implements ai.Position: open lines of the side to move minus the
// opponent's, a line weighing more the more marks it holds.
func (p *Position) Evaluate() int {
	me, them := p.mark[p.Turn()], p.mark[p.Turn().Opponent()]
	v := 0
	for _, l := range lines {
		a, b := bits.OnesCount16(me&l), bits.OnesCount16(them&l)
		switch {
		case a > 0 && b == 0:
			v += lineWeight(a)
		case b > 0 && a == 0:
			v -= lineWeight(b)
		}
	}
	return v
}

// Noisy implements ai.Position: tic-tac-toe has no captures.
func (p *Position) Noisy(ai.Move) bool { return false }

// NoisyMoves implements ai.NoisyGenerator: there are none, and they are all
// the legal moves only when there is no legal move.
func (p *Position) NoisyMoves(buf []ai.Move) ([]ai.Move, bool) {
	return buf, p.Status().Over
}

// Clone implements games.Position.
func (p *Position) Clone() games.Position {
	q := *p
	return &q
}

// String implements games.Position: the text format.
func (p *Position) String() string {
	var b strings.Builder
	for i := 0; i < cells; i++ {
		b.WriteByte(p.cellChar(i))
	}
	b.WriteString(" " + Game{}.SideNames()[p.Turn()])
	return b.String()
}

func (p *Position) cellChar(i int) byte {
	switch {
	case p.mark[0]&(1<<i) != 0:
		return 'x'
	case p.mark[1]&(1<<i) != 0:
		return 'o'
	}
	return '.'
}

// Board implements games.Position: three rows from the top, ".xo".
func (p *Position) Board() []string {
	rows := make([]string, 3)
	for r := range rows {
		row := make([]byte, 3)
		for c := range row {
			row[c] = p.cellChar(3*r + c)
		}
		rows[r] = string(row)
	}
	return rows
}

var _ games.TextBoarder = (*Position)(nil)

// TextBoard implements games.TextBoarder: the grid with its coordinates
// outside and every free cell showing its key (1 top left to 9 bottom
// right, a phone's keypad), so that the digit typed is the one seen; a
// line under it says so. Never turned round (flip is ignored): the keys
// and the cell buttons are laid out as drawn.
func (p *Position) TextBoard(lang string, flip bool) string {
	var b strings.Builder
	b.WriteString("    a   b   c\n")
	for r := range 3 {
		if r > 0 {
			b.WriteString("   ---+---+---\n")
		}
		b.WriteString(string(rune('3'-r)) + "  ")
		for c := range 3 {
			if c > 0 {
				b.WriteString("|")
			}
			i := 3*r + c
			ch := p.cellChar(i)
			if ch == '.' {
				ch = byte('1' + i)
			}
			b.WriteString(" " + string(ch) + " ")
		}
		b.WriteString("\n")
	}
	b.WriteString(catalog()[langOf(lang)]["keys"])
	return b.String()
}

// langOf is "tr" or "en" (anything else is English).
func langOf(lang string) string {
	if lang == "tr" {
		return "tr"
	}
	return "en"
}

// CellName returns the chess-like name of cell c (0 = a3, 8 = c1).
func CellName(c int) string {
	return string([]byte{byte('a' + c%3), byte('1' + 2 - c/3)})
}

// parseCell reads a1..c3 or a keypad digit 1..9.
func parseCell(s string) (int, bool) {
	switch len(s) {
	case 1:
		if s[0] >= '1' && s[0] <= '9' {
			return int(s[0] - '1'), true
		}
	case 2:
		col, row := s[0]|0x20, s[1] // ASCII lower case
		if col >= 'a' && col <= 'c' && row >= '1' && row <= '3' {
			return 3*int('3'-row) + int(col-'a'), true
		}
	}
	return 0, false
}

// ParseMove implements games.Position: a cell as a1..c3 (any case) or as a
// keypad digit 1..9.
func (p *Position) ParseMove(s string) (ai.Move, error) {
	in := strings.TrimSpace(s)
	if p.Status().Over {
		return ai.NoMove, &games.MoveError{Kind: games.GameOver, Input: s, Detail: "the game is over"}
	}
	c, ok := parseCell(in)
	if !ok {
		return ai.NoMove, &games.MoveError{Kind: games.Malformed, Input: s, Detail: "want a cell a1..c3 or a keypad digit 1..9"}
	}
	if (p.mark[0]|p.mark[1])&(1<<c) != 0 {
		return ai.NoMove, &games.MoveError{Kind: games.Illegal, Input: s, Reason: "occupied", Detail: CellName(c) + " is occupied"}
	}
	return cellMove(c), nil
}

// FormatMove implements games.Position: a1..c3 ("?" for a move that is not a
// cell).
func (p *Position) FormatMove(m ai.Move) string {
	c, ok := moveCell(m)
	if !ok {
		return "?"
	}
	return CellName(c)
}

// MoveSquares implements games.Highlighter: the placed cell; nothing is
// captured.
func (p *Position) MoveSquares(m ai.Move) (path, captured []string) {
	c, ok := moveCell(m)
	if !ok {
		return nil, nil
	}
	return []string{CellName(c)}, nil
}

// WinningLine implements games.WinningLiner: the cells of the line that
// won, from one end to the other; nil while no line is complete.
func (p *Position) WinningLine() []string {
	for s := ai.First; s <= ai.Second; s++ {
		for _, l := range lines {
			if p.mark[s]&l != l {
				continue
			}
			var out []string
			for m := l; m != 0; m &= m - 1 {
				out = append(out, CellName(bits.TrailingZeros16(m)))
			}
			slices.Sort(out) // a1 b2 c3: from one end to the other
			return out
		}
	}
	return nil
}
