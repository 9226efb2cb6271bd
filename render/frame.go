// Package render draws game boards and tables to PNG with gg, in pure Go,
// with the Go fonts embedded: nothing is read from disk at run time.
//
// # Drawers
//
// A Drawer is built once per game and picture size and shared: it is safe
// for concurrent use. Each game's drawer lives in its own file with its
// constructor; render keeps no table of games and its core never switches
// on a game's name: the program maps its games to their drawers (in
// internal/registry), one line per game.
//
// Every board picture has the same surroundings (background, wooden frame,
// a bar per player with icon, name, clock and the side to move, title and
// footer), drawn by this package for every drawer, so that a game's code
// draws only its board.
//
// # What a drawer is given
//
// A Frame carries the position twice: as Board, the game's text board of
// one character per square, and as Position itself. Boards that are a grid
// of one-letter squares are drawn from Board by the package's grid drawer
// (each grid game's constructor configures it with its letters and pieces;
// if Board is nil it is taken from Position). Boards that one character per square cannot show (numbered
// stones in two colours, stacked points and a bar, dice, tiles) are drawn
// from Position: the drawer declares the view it reads, a small interface
// of plain types (ai.Side, ints, strings: islemView's Stone(sq),
// tavlaView's Stack(i)), the game's position implements it (in its
// package's view.go or picture.go), and the drawer type-asserts
// Frame.Position to it, refusing other frames with ErrBadFrame. So render
// imports no game and games never import render; the drawer's tests
// import its game to check that the game still implements the view and
// that the palette's samples (positions of the drawer's own, as
// samplePuzzle) are the game's.
//
// A drawer only reads the position and may read it on another goroutine:
// the caller hands Draw a position nothing changes while Draw runs (a
// clone, or a snapshot's own copy), and drawers never call Make or Unmake,
// even to restore it afterwards.
//
// # Drawing a new kind of board
//
// NewDrawer builds a drawer from a Spec: the game's code paints the board's
// static parts once (Spec.Base) and each frame's position over them
// (Spec.Paint) on a Canvas, with the Theme, the embedded Fonts, the text
// helpers (Canvas.Face, Canvas.FitFace, Canvas.Text, Canvas.TextCentred,
// TextWidth, FitText, CleanText), Sprites for pieces drawn many times
// (sized from BoardArea before the drawer is built) and gg; NewDrawer adds
// the surroundings, chooses a palette from sample renders and writes an
// 8-bit paletted PNG, several times faster to encode (and smaller to
// upload) than a true-colour one. Only the parts of the picture that differ
// from the pre-mapped base are mapped to the palette anew.
//
// The grid drawer goes further for speed: building it pre-renders the
// static parts and the pieces and pre-maps every piece on every plain
// square to the palette; each Draw then restores only what the previous
// frame on the same worker changed, and maps only the changed squares and
// bars to the palette.
//
// Table draws standings and leaderboards in the same look; Theme, Fonts,
// FitText and EncodePNG are there for further pictures.
//
// Benchmarks (BenchmarkDraw*, BenchmarkTable) report the process CPU time
// per picture as cpu-ns/op besides the wall clock, which a shared machine
// inflates; see bench.md.
package render

import (
	"errors"
	"fmt"

	"oyunbot/games"
)

// Frame is everything a board picture shows.
type Frame struct {
	// Position is the position to draw, for drawers that need more than
	// Board: they type-assert it to the structured view their game exposes
	// (see the package doc). Draw only reads it; nothing may change it
	// while Draw runs. Grid drawers use it only when Board is nil.
	Position games.Position
	// Board is games.Position.Board(): ranks from the top, one character
	// per square, in the game's letters ('.' for an empty square).
	Board []string
	// Path is the last move: its start and every landing square, as square
	// names ("c3", "c5"); a placement is its one square ("b2"). A drawer of
	// another kind of board reads it (and Captured) in its game's names for
	// places (points, cells), or ignores it.
	Path []string
	// Captured lists the squares of the pieces the last move captured.
	Captured []string
	// Before is the move before the last (the player's move the bot
	// answered), in the same names as Path: drawn fainter.
	Before []string
	// Line is a line to draw through the centres of its first and last
	// squares (tic-tac-toe's winning three), over the pieces.
	Line []string
	// Forced are the squares of the pieces that must move now (a
	// compulsory capture): ringed.
	Forced []string
	// ToMove is the side to move, 0 or 1; that player's name is highlighted.
	ToMove int
	// Finished: the game is over and no name is highlighted (ToMove is then
	// ignored; the Footer says the result).
	Finished bool
	// Players are the display names of side 0 (the first player) and side 1.
	Players [2]string
	// Title is shown at the top right: the game's tag and name.
	Title string
	// Footer is a ready-translated status line shown at the bottom right,
	// e.g. "Beyaz oynar" or "1-0 · no legal moves".
	Footer string
	// Flip draws the board from side 1's point of view (side 1 at the bottom).
	Flip bool
	// Clocks are the players' remaining times, ready-formatted ("4:32"),
	// shown after their names; empty for none.
	Clocks [2]string
	// Lang is the language of the words a drawer writes on the board
	// itself, from its game's catalogue ("tr", "en"; "" for English):
	// tavla's pip counts and borne-off checkers.
	Lang string
	// Match is the score of the match the game belongs to; its zero value
	// is no match. Drawers with room for it show it (tavla's).
	Match MatchScore
}

// MatchScore is a match's standing: each side's points, by the game's
// sides (side 0 the game's first player), and the points that win it.
type MatchScore struct {
	Points [2]int
	Target int
}

// Drawer draws one game's boards to PNG. It is safe for concurrent use.
type Drawer interface {
	// Draw returns the PNG of f, or an error wrapping ErrBadFrame when f does
	// not describe a board of this game.
	Draw(f Frame) ([]byte, error)
}

// ErrBadFrame is wrapped by the errors Draw returns for frames that do not
// fit the game (wrong board shape, unknown piece letters, bad square names,
// a position of another game).
var ErrBadFrame = errors.New("render: bad frame")

// Size limits of the square picture: smaller is illegible, larger is a waste
// of memory for a chat picture. Constructors clamp to them.
const (
	MinSize = 256
	MaxSize = 2048
)

func badFrame(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrBadFrame, fmt.Sprintf(format, args...))
}

// checkSides checks the fields every drawer reads the same way.
func checkSides(f Frame) error {
	if f.ToMove != 0 && f.ToMove != 1 {
		return badFrame("side to move %d, want 0 or 1", f.ToMove)
	}
	return nil
}
