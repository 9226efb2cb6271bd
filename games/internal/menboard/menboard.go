// Package menboard is what the two families of draughts, dama (Turkish:
// men move straight, package games/dama) and the diagonal draughts
// (Italian, checkers: package games/draughts), share: each keeps its own
// bitboards, move generation and rules, on the same position core
// (History: the state and its history, Unmake, the repetition scan),
// reads a typed path the same way (TypedMove), and writes a board as the
// same ranks of letters, `.wbWB`, labelled alike on the tap buttons.
package menboard

// White and Black are the colours' indexes in a position's bitboards.
const (
	White = 0
	Black = 1
)

// Letter is the letter of the piece on square bit b: 'w' and 'b' for the
// colours' men, 'W' and 'B' for their kings, '.' for none.
func Letter[B uint32 | uint64](men, kings [2]B, b B) byte {
	switch {
	case men[White]&b != 0:
		return 'w'
	case men[Black]&b != 0:
		return 'b'
	case kings[White]&b != 0:
		return 'W'
	case kings[Black]&b != 0:
		return 'B'
	}
	return '.'
}

// Rows is an 8×8 board as the ranks from rank 8 down, each a string of
// the letters at(file, rank) gives (files and ranks from 0).
func Rows(at func(file, rank int) byte) []string {
	rows := make([]string, 8)
	for i := range rows {
		rank := 7 - i
		row := []byte("........")
		for f := range row {
			row[f] = at(f, rank)
		}
		rows[i] = string(row)
	}
	return rows
}

// PieceLabel is the label of piece letter c on a tap button: men as
// discs and kings as crowns ("" for no piece).
func PieceLabel(c rune) string {
	switch c {
	case 'w':
		return "⚪"
	case 'b':
		return "⚫"
	case 'W':
		return "♕"
	case 'B':
		return "♛"
	}
	return ""
}
