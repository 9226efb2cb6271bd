package islem

// view.go is what the board picture reads (render's İşlem view) beyond
// Stone, Captures and Hand: the last stone's operations as squares, in
// plain types, so that render names no game.

// LastChains returns the square of the stone last placed or moved (-1 when
// none) and the squares of each part of every operation it completed (as
// LastOperations: each operation's A, then its B), each from the stone
// that joins it to the other part outwards.
func (p *Position) LastChains() (sq int, parts [][]int) {
	sq, ops, _ := p.LastOperations()
	for _, op := range ops {
		parts = append(parts, op.A.Squares, op.B.Squares)
	}
	return sq, parts
}
