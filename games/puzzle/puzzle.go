// Package puzzle implements N×N sliding puzzles: the 8-puzzle (3×3, the
// seed document's "8 taş oyunu") and the 15-puzzle (4×4). Rules:
// /work/shared/rules/puzzle8.md.
//
// Cells are numbered 0..N²-1 row by row from the top-left; tile t's goal
// cell is t-1 and the blank's is the last cell. A move names the direction
// the blank moves (up, down, left, right); people may also type the number
// of the tile that slides into the blank. The position text format is the
// cells row by row from the top, comma-separated, 0 for the blank:
// "5,4,0,6,1,8,7,3,2".
//
// The board is packed into a uint64, a nibble a cell: that is the state's
// exact hash, so single-agent search (ai.Solve) never confuses two states.
package puzzle

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"oyunbot/games"
)

// Game is the N×N sliding puzzle; Size is N (3 or 4; 0 means 3).
type Game struct{ Size int }

// The two registered games.
var (
	Eight   = Game{Size: 3} // puzzle8
	Fifteen = Game{Size: 4} // puzzle15
)

var _ games.Game = Game{}

func (g Game) n() int {
	if g.Size == 4 {
		return 4
	}
	return 3
}

// Name implements games.Game: "puzzle8" or "puzzle15".
func (g Game) Name() string { return "puzzle" + strconv.Itoa(g.n()*g.n()-1) }

// Aliases implements games.Game.
func (g Game) Aliases() []string {
	k := strconv.Itoa(g.n()*g.n() - 1)
	return []string{k + "taş", k + "tas", k + "puzzle"}
}

// Players implements games.Game: one.
func (Game) Players() int { return 1 }

// SideNames implements games.Game.
func (Game) SideNames() []string { return []string{"player"} }

// Start implements games.Game: a fixed start, so that a game replays from
// its record (sessions rebuild a game from Start when it has no custom
// start). For the 8-puzzle it is the seed document's example (22 moves
// from the goal); for the 15-puzzle one 30 moves from it. Random
// starts of a chosen difficulty come from RandomStart as a custom start.
func (g Game) Start() games.Position {
	s := seedStart
	if g.n() == 4 {
		s = start15
	}
	p, err := parse(g.n(), s)
	if err != nil {
		panic(err) // a constant
	}
	return p
}

const (
	seedStart = "5,4,0,6,1,8,7,3,2"
	start15   = "2,3,8,7,14,0,9,4,13,1,6,10,5,15,12,11"
)

// ParsePosition implements games.Game: the cells row by row from the top,
// separated by commas, spaces or slashes, 0 (or _ or .) for the blank. An
// unsolvable arrangement is refused with an *UnsolvableError, which says
// why.
func (g Game) ParsePosition(s string) (games.Position, error) {
	p, err := parse(g.n(), s)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// ErrFormat is wrapped by the errors of a position text that is not an
// arrangement of the tiles.
var ErrFormat = errors.New("puzzle: bad position")

// posErr is a position text's fault (wrapping ErrFormat): key of the
// catalogue's "poserr." messages with its placeholder values, and the
// English detail for logs.
func posErr(n int, key, detail string, kv ...string) error {
	return &games.PositionError{Key: key, Args: kv, Detail: ErrFormat.Error() + ": " + detail, Catalog: catalogFor(n), Err: ErrFormat}
}

// parse reads and checks a position of an n×n puzzle.
func parse(n int, s string) (*Pos, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '/' || r == '\t' || r == ';' })
	cells := n * n
	if len(fields) != cells {
		return nil, posErr(n, "count", fmt.Sprintf("want %d numbers (0 to %d, 0 for the blank), got %d", cells, cells-1, len(fields)),
			"want", strconv.Itoa(cells), "max", strconv.Itoa(cells-1), "n", strconv.Itoa(len(fields)))
	}
	var b [16]uint8
	seen := 0
	for i, f := range fields {
		v := 0
		if f == "_" || f == "." {
			v = 0
		} else {
			x, err := strconv.Atoi(f)
			if err != nil || x < 0 || x >= cells {
				return nil, posErr(n, "number", fmt.Sprintf("%q is not a number from 0 to %d", shorten(f), cells-1), "text", "«"+shorten(f)+"»", "max", strconv.Itoa(cells-1))
			}
			v = x
		}
		if seen&(1<<v) != 0 {
			return nil, posErr(n, "twice", fmt.Sprintf("%d appears twice", v), "tile", strconv.Itoa(v))
		}
		seen |= 1 << v
		b[i] = uint8(v)
	}
	if err := Solvable(n, b[:cells]); err != nil {
		return nil, err
	}
	return newPos(n, b), nil
}

func shorten(s string) string {
	if len(s) > 12 {
		return s[:12] + "…"
	}
	return s
}
