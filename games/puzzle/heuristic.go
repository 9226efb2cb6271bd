package puzzle

import (
	"fmt"
	"strconv"
)

// Heuristic selects the estimate of the moves left (ai.Puzzle's Heuristic).
// Every one is admissible, so A* and IDA* stay optimal with any of them.
type Heuristic uint8

// The heuristics, weakest first.
const (
	Misplaced      Heuristic = iota + 1 // tiles not on their goal cell
	Manhattan                           // sum of each tile's row and column distance to its goal
	LinearConflict                      // Manhattan plus 2 for each tile that must leave its goal line to let another pass
	PDBHeuristic                        // the 15-puzzle's additive 6-6-3 pattern databases (linear conflict on 3×3)
)

var heuristicNames = map[Heuristic]string{Misplaced: "misplaced", Manhattan: "manhattan", LinearConflict: "lc", PDBHeuristic: "pdb"}

// String is the heuristic's short name, as solve takes it after a dash
// ("astar-manhattan").
func (h Heuristic) String() string {
	if s, ok := heuristicNames[h]; ok {
		return s
	}
	return "h" + strconv.Itoa(int(h))
}

// ParseHeuristic reads a heuristic's short name (also "linear",
// "linear-conflict", "md").
func ParseHeuristic(s string) (Heuristic, bool) {
	switch s {
	case "misplaced", "hamming":
		return Misplaced, true
	case "manhattan", "md":
		return Manhattan, true
	case "lc", "linear", "linear-conflict", "linearconflict":
		return LinearConflict, true
	case "pdb":
		return PDBHeuristic, true
	}
	return 0, false
}

// SetHeuristic chooses the heuristic of p (and of positions cloned from it).
// PDBHeuristic on the 15-puzzle uses the pattern databases db (nil: loaded
// or built now, see LoadPDB); on the 8-puzzle it is linear conflict.
func (p *Pos) SetHeuristic(h Heuristic, db *PDB) error {
	switch {
	case h < Misplaced || h > PDBHeuristic:
		return fmt.Errorf("puzzle: unknown heuristic %d", h)
	case h == PDBHeuristic && p.n == 4:
		if db == nil {
			var err error
			if db, err = LoadPDB(); err != nil {
				return err
			}
		}
		p.pdb = db
	case h == PDBHeuristic:
		h = LinearConflict
	}
	p.heur = h
	return nil
}

// HeuristicKind is the heuristic p uses.
func (p *Pos) HeuristicKind() Heuristic { return p.heur }

// Heuristic implements ai.Puzzle.
func (p *Pos) Heuristic() int {
	switch p.heur {
	case Misplaced:
		return misplaced(p)
	case Manhattan:
		return p.man
	case PDBHeuristic:
		if p.pdb != nil {
			return p.pdb.value(&p.where)
		}
	}
	return p.man + linearConflict(p)
}

// mdist[n][tile][cell] is the Manhattan distance of tile from cell to its
// goal cell on an n×n board (0 for the blank).
var mdist = func() (t [5][16][16]int) {
	for _, n := range []int{3, 4} {
		for tile := 1; tile < n*n; tile++ {
			g := tile - 1
			for c := range n * n {
				t[n][tile][c] = abs(c/n-g/n) + abs(c%n-g%n)
			}
		}
	}
	return t
}()

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func manhattan(p *Pos) int {
	s := 0
	for c := range p.n * p.n {
		s += mdist[p.n][p.cells[c]][c]
	}
	return s
}

// misplaced counts the tiles off their goal cells (the blank is no tile:
// counting it could overestimate a one-move solution as 2).
func misplaced(p *Pos) int {
	k := 0
	for c := range p.n * p.n {
		if t := int(p.cells[c]); t != 0 && t != c+1 {
			k++
		}
	}
	return k
}

// linearConflict is 2 for every tile that must leave its line: in each row
// (column), of the tiles whose goal is that row (column), all but a longest
// run in goal order must step out and back (Hansson, Mayer and Yung). The
// moves counted are vertical for a row and horizontal for a column, which
// Manhattan does not count, so the sum stays admissible.
func linearConflict(p *Pos) int {
	n := p.n
	extra := 0
	var line [4]int
	for r := range n {
		k := 0
		for c := range n {
			if t := int(p.cells[r*n+c]); t != 0 && (t-1)/n == r {
				line[k] = (t - 1) % n
				k++
			}
		}
		extra += k - lis(line[:k])
	}
	for c := range n {
		k := 0
		for r := range n {
			if t := int(p.cells[r*n+c]); t != 0 && (t-1)%n == c {
				line[k] = (t - 1) / n
				k++
			}
		}
		extra += k - lis(line[:k])
	}
	return 2 * extra
}

// lis is the length of the longest increasing subsequence of at most 4
// distinct values.
func lis(a []int) int {
	var best [4]int
	longest := 0
	for i := range a {
		best[i] = 1
		for j := range i {
			if a[j] < a[i] && best[j]+1 > best[i] {
				best[i] = best[j] + 1
			}
		}
		longest = max(longest, best[i])
	}
	return longest
}

// UnsolvableError says why an arrangement cannot reach the goal: its
// inversions (pairs of tiles in the wrong order, read row by row) and, on
// an even board, the blank's row counted from the bottom.
type UnsolvableError struct {
	Size       int
	Inversions int
	BlankRow   int // from the bottom, 1-based (even boards only)
}

// Error is a short English explanation (the chat cuts long errors); Message
// has the whole one in either language.
func (e *UnsolvableError) Error() string {
	if e.Size%2 == 0 {
		return fmt.Sprintf("unsolvable: %d pairs of tiles in the wrong order + the blank on row %d from the bottom = %d, even; no move changes that parity and at the goal it is odd",
			e.Inversions, e.BlankRow, e.Inversions+e.BlankRow)
	}
	return fmt.Sprintf("unsolvable: %d pairs of tiles in the wrong order, an odd number; no move changes that parity and at the goal it is 0", e.Inversions)
}

// Message explains the error in lang ("tr" or "en").
func (e *UnsolvableError) Message(lang string) string {
	key := "error.unsolvable-odd"
	if e.Size%2 == 0 {
		key = "error.unsolvable-even"
	}
	return fill(catalog()[langOf(lang)][key], "inv", strconv.Itoa(e.Inversions), "row", strconv.Itoa(e.BlankRow),
		"sum", strconv.Itoa(e.Inversions+e.BlankRow))
}

// Solvable returns nil when the n×n arrangement b (tiles row by row, 0 the
// blank) can be solved, else an *UnsolvableError. A move of the blank along
// a row leaves the order of the tiles unchanged; along a column it moves a
// tile past n-1 others. On an odd board that keeps the parity of the
// inversions, which is even at the goal. On an even board it flips the
// parity of the inversions and of the blank's row together, so the parity
// of their sum (odd at the goal) is kept. Half of all arrangements pass.
func Solvable(n int, b []uint8) error {
	inv := 0
	for i := range b {
		for j := i + 1; j < len(b); j++ {
			if b[i] != 0 && b[j] != 0 && b[i] > b[j] {
				inv++
			}
		}
	}
	if n%2 == 1 {
		if inv%2 != 0 {
			return &UnsolvableError{Size: n, Inversions: inv}
		}
		return nil
	}
	row := 0
	for i, t := range b {
		if t == 0 {
			row = n - i/n
		}
	}
	if (inv+row)%2 == 0 {
		return &UnsolvableError{Size: n, Inversions: inv, BlankRow: row}
	}
	return nil
}
