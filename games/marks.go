package games

// marks.go is the capability "marks": what the board's picture and its
// buttons show of a position beyond its pieces. Positions implement any of
// these; without them the picture marks nothing and moves are typed.
//
//	Highlighter   the last move's path and captures   (chess, dama, İşlem, tic-tac-toe)
//	WinningLiner  the line that won                   (tic-tac-toe)
//	Forcer        the pieces a rule obliges to move   (dama)
//	MoveButtoner  moves as buttons laid like the board (tic-tac-toe, backgammon's cube)
//	MoveLabeler   those buttons' labels in the reader's language
//	PieceLabeler  a piece's label on a tapped square  (chess, dama)
//	StatusNoter   a line under the status of the board's caption (backgammon's cube)

import "oyunbot/ai"

// Highlighter is implemented by board games whose moves have squares to show:
// the path (start square, then every landing square) and the squares of the
// captured pieces, in the game's square names ("c3"). Call it before Make.
type Highlighter interface {
	MoveSquares(m ai.Move) (path, captured []string)
}

// WinningLiner is implemented by positions whose win is a line on the
// board (tic-tac-toe's three in a row): its squares in order, as
// Highlighter names them; nil when there is none.
type WinningLiner interface {
	WinningLine() []string
}

// Forcer is implemented by positions where a rule can force the choice of
// piece (dama's compulsory capture): the squares of the pieces that may
// move now, as Highlighter names them, when the rule restricts them; nil
// when the choice is free.
type Forcer interface {
	ForcedPieces() []string
}

// MoveButtoner is implemented by positions whose legal moves fit as buttons
// laid out like the board (tic-tac-toe's cells): rows of move texts (as
// FormatMove writes them), top row first. Positions without it, or that
// return nil, get no move buttons: the game chooses, the bot never guesses
// from the moves' shape.
type MoveButtoner interface {
	MoveButtons() [][]string
}

// MoveLabeler is implemented by positions whose move buttons (MoveButtoner)
// read better in the reader's words than as the move's text (backgammon's
// "double" is "katla (2)" in Turkish): MoveLabel returns the label of the
// button of move (as MoveButtons wrote it) in lang; the button still
// sends the move's text.
type MoveLabeler interface {
	MoveLabel(lang, move string) string
}

// PieceLabeler is implemented by positions that name the characters of
// their Board() for buttons people tap ('w' → "⚪", 'N' → "♘"); without it
// a piece is shown as its character.
type PieceLabeler interface {
	PieceLabel(c rune) string
}

// StatusNoter is implemented by positions with a state beside the board
// that the reply's caption says under whose turn it is (backgammon's cube
// once turned: "Küp: 2 (siyah)"): StatusNote is that line in lang, ""
// when there is nothing to say.
type StatusNoter interface {
	StatusNote(lang string) string
}
