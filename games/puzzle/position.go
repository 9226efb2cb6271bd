package puzzle

import (
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
)

// Directions the blank moves: a move's Lo. Zero is never a move.
const (
	Up    = 1
	Down  = 2
	Left  = 3
	Right = 4
)

// dirNames are the canonical English direction words.
var dirNames = [5]string{"", "up", "down", "left", "right"}

// inverse is the direction that undoes each direction.
var inverse = [5]uint8{0, Down, Up, Right, Left}

// Pos is a sliding-puzzle position. It implements games.Position,
// ai.Puzzle, ai.Reversible and games.Solver. Not safe for concurrent use.
type Pos struct {
	n      int
	cells  [16]uint8 // tile by cell, 0 the blank
	where  [16]int8  // cell by tile (where[0] is the blank)
	packed uint64    // cells, a nibble each: the hash
	man    int       // Manhattan distance, kept up to date by Make
	hist   []uint8   // directions played
	heur   Heuristic
	pdb    *PDB // the 15-puzzle's pattern databases when heur is PDBHeuristic
	// free lists moves even at the goal: Goal's position for the backward
	// half of bidirectional search.
	free bool
}

var (
	_ games.Position = (*Pos)(nil)
	_ ai.Puzzle      = (*Pos)(nil)
	_ ai.Reversible  = (*Pos)(nil)
	_ games.Solver   = (*Pos)(nil)
	// A message may hold several moves ("5 8 2", "up, left"): typing a
	// whole solution, or the tiles solve listed, plays them in turn.
	_ games.TurnReader = (*Pos)(nil)
)

// newPos makes the position of board b (checked by the caller), with the
// best heuristic available at once (linear conflict; PDB when the 15-puzzle's
// databases are already loaded).
func newPos(n int, b [16]uint8) *Pos {
	p := &Pos{n: n, cells: b, heur: LinearConflict}
	for i := range n * n {
		p.where[b[i]] = int8(i)
		p.packed |= uint64(b[i]) << (4 * i)
	}
	p.man = manhattan(p)
	if n == 4 {
		if db := loadedPDB(); db != nil {
			p.heur, p.pdb = PDBHeuristic, db
		}
	}
	return p
}

// goalPacked is the packed goal of an n×n puzzle.
func goalPacked(n int) uint64 {
	var g uint64
	for i := range n*n - 1 {
		g |= uint64(i+1) << (4 * i)
	}
	return g
}

var goals = [5]uint64{3: goalPacked(3), 4: goalPacked(4)}

// Size is N, the side of the square.
func (p *Pos) Size() int { return p.n }

// Cells returns the tiles row by row from the top, 0 for the blank.
func (p *Pos) Cells() []int {
	out := make([]int, p.n*p.n)
	for i := range out {
		out[i] = int(p.cells[i])
	}
	return out
}

// Tile is the tile on cell c (0 for the blank), without allocating: for
// drawers.
func (p *Pos) Tile(c int) int { return int(p.cells[c]) }

// Blank is the blank's cell.
func (p *Pos) Blank() int { return int(p.where[0]) }

// Played is the number of moves made.
func (p *Pos) Played() int { return len(p.hist) }

// LastTile is the tile the last move slid (0 when none was made).
func (p *Pos) LastTile() int {
	if len(p.hist) == 0 {
		return 0
	}
	d := p.hist[len(p.hist)-1]
	return int(p.cells[p.target(int(p.where[0]), inverse[d])])
}

// target is the cell next to cell c in direction d, or -1 off the board.
func (p *Pos) target(c int, d uint8) int {
	r, col := c/p.n, c%p.n
	switch d {
	case Up:
		r--
	case Down:
		r++
	case Left:
		col--
	case Right:
		col++
	}
	if r < 0 || r >= p.n || col < 0 || col >= p.n {
		return -1
	}
	return r*p.n + col
}

// Turn implements ai.Position: the player's, always.
func (p *Pos) Turn() ai.Side { return ai.First }

// IsGoal implements ai.Puzzle.
func (p *Pos) IsGoal() bool { return p.packed == goals[p.n] }

// Moves implements ai.Position: the blank's moves, up, down, left, right.
// A solved puzzle has none (unless it is Goal's).
func (p *Pos) Moves(buf []ai.Move) []ai.Move {
	if !p.free && p.IsGoal() {
		return buf
	}
	b := int(p.where[0])
	r, c := b/p.n, b%p.n
	if r > 0 {
		buf = append(buf, ai.Move{Lo: Up})
	}
	if r < p.n-1 {
		buf = append(buf, ai.Move{Lo: Down})
	}
	if c > 0 {
		buf = append(buf, ai.Move{Lo: Left})
	}
	if c < p.n-1 {
		buf = append(buf, ai.Move{Lo: Right})
	}
	return buf
}

// Make implements ai.Position: the blank moves in direction m.Lo.
func (p *Pos) Make(m ai.Move) {
	d := uint8(m.Lo)
	p.slide(d)
	p.hist = append(p.hist, d)
}

// slide moves the blank in direction d (legal).
func (p *Pos) slide(d uint8) {
	b := int(p.where[0])
	t := p.target(b, d)
	tile := p.cells[t]
	p.man += mdist[p.n][tile][b] - mdist[p.n][tile][t]
	p.cells[b], p.cells[t] = tile, 0
	p.where[tile], p.where[0] = int8(b), int8(t)
	p.packed ^= uint64(tile)<<(4*b) | uint64(tile)<<(4*t)
}

// Unmake implements ai.Position.
func (p *Pos) Unmake() {
	d := p.hist[len(p.hist)-1]
	p.hist = p.hist[:len(p.hist)-1]
	p.slide(inverse[d])
}

// Hash implements ai.Position: the packed board, exact.
func (p *Pos) Hash() uint64 { return p.packed }

// Status implements ai.Position: over when solved.
func (p *Pos) Status() ai.Status {
	if p.IsGoal() {
		return ai.Status{Over: true, Winner: ai.First, Reason: "solved"}
	}
	return ai.Status{}
}

// Evaluate implements ai.Position: minus the heuristic distance.
func (p *Pos) Evaluate() int { return -p.Heuristic() }

// Noisy implements ai.Position.
func (p *Pos) Noisy(ai.Move) bool { return false }

// Cost implements ai.Puzzle: every move costs 1.
func (p *Pos) Cost(ai.Move) int { return 1 }

// Goal implements ai.Reversible: the solved puzzle, with its moves listed.
func (p *Pos) Goal() ai.Puzzle {
	var b [16]uint8
	for i := range p.n*p.n - 1 {
		b[i] = uint8(i + 1)
	}
	g := newPos(p.n, b)
	g.heur, g.pdb, g.free = p.heur, p.pdb, true
	return g
}

// Inverse implements ai.Reversible: the blank moving back.
func (p *Pos) Inverse(m ai.Move) ai.Move { return ai.Move{Lo: uint64(inverse[m.Lo&7])} }

// Clone implements games.Position.
func (p *Pos) Clone() games.Position { return p.clone() }

func (p *Pos) clone() *Pos {
	c := *p
	c.hist = append([]uint8(nil), p.hist...)
	return &c
}

// String implements games.Position: the comma list.
func (p *Pos) String() string {
	var b strings.Builder
	for i := range p.n * p.n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(int(p.cells[i])))
	}
	return b.String()
}

// Board implements games.Position: one character per cell, rows from the
// top, "." for the blank and the tiles 10 to 15 as A to F (the picture
// shows their numbers).
//
// People see TextBoard, which writes every tile by its number: Board's
// letters are for the grid drawer's one character a cell.
func (p *Pos) Board() []string {
	const digits = ".123456789ABCDEF"
	rows := make([]string, p.n)
	for r := range p.n {
		var b [4]byte
		for c := range p.n {
			b[c] = digits[p.cells[r*p.n+c]]
		}
		rows[r] = string(b[:p.n])
	}
	return rows
}

var _ games.TextBoarder = (*Pos)(nil)

// TextBoard implements games.TextBoarder: the frame row by row, every
// tile by its number ("13", never Board's "D", which a person would read
// as down), the blank as "_". A puzzle has no sides: flip is ignored.
func (p *Pos) TextBoard(lang string, flip bool) string {
	w := len(strconv.Itoa(p.n*p.n - 1))
	var b strings.Builder
	for r := range p.n {
		if r > 0 {
			b.WriteByte('\n')
		}
		for c := range p.n {
			if c > 0 {
				b.WriteByte(' ')
			}
			t := "_"
			if v := p.cells[r*p.n+c]; v != 0 {
				t = strconv.Itoa(int(v))
			}
			b.WriteString(strings.Repeat(" ", w-len(t)) + t)
		}
	}
	return b.String()
}

// FormatMove implements games.Position: the number of the tile that slides.
func (p *Pos) FormatMove(m ai.Move) string {
	t := p.target(int(p.where[0]), uint8(m.Lo))
	if m.Lo < Up || m.Lo > Right || t < 0 {
		return "?"
	}
	return strconv.Itoa(int(p.cells[t]))
}

// MoveTile is the tile legal move m slides (0 for a move that is not legal).
func (p *Pos) MoveTile(m ai.Move) int {
	if m.Lo < Up || m.Lo > Right {
		return 0
	}
	if t := p.target(int(p.where[0]), uint8(m.Lo)); t >= 0 {
		return int(p.cells[t])
	}
	return 0
}

// SplitTurn implements games.TurnReader: the moves of a message,
// separated by spaces or commas.
func (p *Pos) SplitTurn(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
}

// dirWords are the words for each blank direction, Turkish letters folded,
// and the arrows. No tile is ever written with a letter (the text board
// writes the 15-puzzle's 10-15 as numbers, TextBoard), so d is down.
var dirWords = map[string]uint8{
	"up": Up, "u": Up, "yukari": Up, "↑": Up,
	"down": Down, "d": Down, "asagi": Down, "↓": Down,
	"left": Left, "l": Left, "sol": Left, "←": Left,
	"right": Right, "r": Right, "sag": Right, "→": Right,
}

var foldTurkish = strings.NewReplacer("ı", "i", "ş", "s", "ğ", "g", "ç", "c", "ö", "o", "ü", "u", "İ", "i")

// ParseMove implements games.Position: a tile number next to the blank, or
// the direction the blank moves (up|yukarı|u, down|aşağı|d, left|sol|l,
// right|sağ|r). Errors are *games.MoveError with Reason "not-adjacent",
// "no-tile" or "edge".
func (p *Pos) ParseMove(s string) (ai.Move, error) {
	in := foldTurkish.Replace(strings.ToLower(strings.TrimSpace(s)))
	if p.IsGoal() {
		return ai.NoMove, &games.MoveError{Kind: games.GameOver, Input: s}
	}
	if d, ok := dirWords[in]; ok {
		if p.target(int(p.where[0]), d) < 0 {
			return ai.NoMove, &games.MoveError{Kind: games.Illegal, Input: s, Reason: "edge",
				Detail: "the blank is at the edge: it cannot move " + dirNames[d]}
		}
		return ai.Move{Lo: uint64(d)}, nil
	}
	t, err := strconv.Atoi(in)
	if err != nil {
		return ai.NoMove, &games.MoveError{Kind: games.Malformed, Input: s,
			Detail: "a move is a tile number next to the blank, or up, down, left, right"}
	}
	if t < 1 || t >= p.n*p.n {
		return ai.NoMove, &games.MoveError{Kind: games.Illegal, Input: s, Reason: "no-tile",
			Detail: "the tiles are 1 to " + strconv.Itoa(p.n*p.n-1)}
	}
	for d := uint8(Up); d <= Right; d++ {
		if c := p.target(int(p.where[0]), d); c >= 0 && int(p.cells[c]) == t {
			return ai.Move{Lo: uint64(d)}, nil
		}
	}
	return ai.NoMove, &games.MoveError{Kind: games.Illegal, Input: s, Reason: "not-adjacent",
		Detail: "tile " + in + " is not next to the blank"}
}
