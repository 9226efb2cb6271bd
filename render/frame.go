// Package render draws game boards and tables to PNG with gg, in pure Go,
// with the Go fonts embedded: nothing is read from disk at run time.
//
// A Drawer is built once per game and picture size (NewDama, NewTicTacToe,
// or ForGame by name) and shared: it is safe for concurrent use. Building
// it pre-renders the static parts (background, frame, board, coordinates)
// and the pieces, chooses a colour palette from sample renders and
// pre-maps every piece on every plain square to that palette. Each Draw
// then restores only what the previous frame on the same worker changed,
// adds highlights, pieces, names, clocks and text, maps the changed squares
// and bars to the palette and writes an 8-bit paletted PNG, several times
// faster to encode (and smaller to upload) than a true-colour one.
//
// Table draws standings and leaderboards in the same look; Theme, Fonts,
// FitText and EncodePNG are there for further pictures.
//
// Benchmarks (BenchmarkDrawDama, BenchmarkDrawTicTacToe, BenchmarkTable)
// report the process CPU time per picture as cpu-ns/op besides the wall
// clock, which a shared machine inflates; see bench.md.
package render

import (
	"errors"
	"fmt"
)

// Frame is everything a board picture shows.
type Frame struct {
	// Board is games.Position.Board(): ranks from the top, one char per
	// square (dama: . w b W B; tic-tac-toe: . x o).
	Board []string
	// Path is the last move: its start and every landing square, as square
	// names ("c3", "c5"); tic-tac-toe: the one cell ("b2").
	Path []string
	// Captured lists the squares of the pieces the last move captured.
	Captured []string
	// ToMove is the side to move, 0 or 1; that player's name is highlighted.
	ToMove int
	// Finished: the game is over and no name is highlighted (ToMove is then
	// ignored; the Footer says the result).
	Finished bool
	// Players are the display names of side 0 (white, x) and side 1 (black, o).
	Players [2]string
	// Title is shown at the top right, e.g. "#g7 · dama".
	Title string
	// Footer is a ready-translated status line shown at the bottom right,
	// e.g. "Beyaz oynar" or "1-0 · no legal moves".
	Footer string
	// Flip draws the board from side 1's point of view (side 1 at the bottom).
	Flip bool
	// Clocks are the players' remaining times, ready-formatted ("4:32"),
	// shown after their names; empty for none.
	Clocks [2]string
}

// Drawer draws one game's boards to PNG. It is safe for concurrent use.
type Drawer interface {
	// Draw returns the PNG of f, or an error wrapping ErrBadFrame when f does
	// not describe a board of this game.
	Draw(f Frame) ([]byte, error)
}

// ErrBadFrame is wrapped by the errors Draw returns for frames that do not
// fit the game (wrong board shape, unknown piece letters, bad square names).
var ErrBadFrame = errors.New("render: bad frame")

// Size limits of the square picture: smaller is illegible, larger is a waste
// of memory for a chat picture. Constructors clamp to them.
const (
	MinSize = 256
	MaxSize = 2048
)

// cell is a square on the grid: file 0.. from a, rank 0.. from rank 1.
type cell struct{ file, rank int }

func badFrame(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrBadFrame, fmt.Sprintf(format, args...))
}

// parseSquare reads a square name ("c3") on an n×n board, n ≤ 9.
func parseSquare(s string, n int) (cell, error) {
	if len(s) != 2 {
		return cell{}, badFrame("square %q: want a file letter and a rank digit", s)
	}
	f, r := s[0], s[1]
	if f >= 'A' && f <= 'Z' {
		f += 'a' - 'A'
	}
	fi, ri := int(f)-'a', int(r)-'1'
	if fi < 0 || fi >= n || ri < 0 || ri >= n {
		return cell{}, badFrame("square %q is not on the %dx%d board", s, n, n)
	}
	return cell{fi, ri}, nil
}

// parseSquares appends the cells of names to dst.
func parseSquares(dst []cell, names []string, n int, what string) ([]cell, error) {
	if len(names) > n*n*2 {
		return dst, badFrame("%s has %d squares", what, len(names))
	}
	for _, s := range names {
		c, err := parseSquare(s, n)
		if err != nil {
			return dst, fmt.Errorf("%s: %w", what, err)
		}
		dst = append(dst, c)
	}
	return dst, nil
}

// validBoard checks the board shape and letters against the allowed set.
func validBoard(board []string, n int, allowed string) error {
	if len(board) != n {
		return badFrame("board has %d ranks, want %d", len(board), n)
	}
	for i, row := range board {
		if len(row) != n {
			return badFrame("rank %d of the board is %q, want %d squares", n-i, row, n)
		}
		for j := 0; j < n; j++ {
			if !containsByte(allowed, row[j]) {
				return badFrame("rank %d of the board: unknown piece %q", n-i, row[j])
			}
		}
	}
	return nil
}

func containsByte(s string, b byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return true
		}
	}
	return false
}

// ForGame returns the Drawer of the game named name (games.Game.Name():
// "dama", "tictactoe"), or false when this package cannot draw that game.
func ForGame(name string, size int) (Drawer, bool) {
	switch name {
	case "dama":
		return NewDama(size), true
	case "tictactoe":
		return NewTicTacToe(size), true
	}
	return nil, false
}
