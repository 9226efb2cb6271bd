package render

// spots.go: where a board picture's squares are, for a page that takes a
// click on the picture as a press of the square under it (issue 37). The
// rectangles come from the very functions that place the squares when the
// picture is drawn: the picture and its clicks cannot disagree.

import (
	"image"
	"strconv"
)

// Spot is a place on a board picture a person may click: a square, named
// as the game names it ("e4"), and its rectangle in the picture's pixels.
type Spot struct {
	Name string
	Rect image.Rectangle
}

// Spotter is a Drawer that says where the squares are on its pictures.
type Spotter interface {
	// Spots are the board's squares on a picture of Draw's, seen from side 1
	// when flip is set (Frame.Flip).
	Spots(flip bool) []Spot
}

// Spots are the squares of d's pictures (Spotter.Spots); false when d
// does not say where its squares are (a board of points, tavla's).
func Spots(d Drawer, flip bool) ([]Spot, bool) {
	s, ok := d.(Spotter)
	if !ok {
		return nil, false
	}
	spots := s.Spots(flip)
	return spots, spots != nil
}

// squareName is the name of cell c ("a1": file letter, rank from 1).
func squareName(c cell) string {
	return string(rune('a'+c.file)) + strconv.Itoa(c.rank+1)
}

// gridSpots are the n×n squares of a board, each where at(c) puts it.
func gridSpots(n int, at func(c cell) image.Rectangle) []Spot {
	spots := make([]Spot, 0, n*n)
	for rank := range n {
		for file := range n {
			c := cell{file, rank}
			spots = append(spots, Spot{Name: squareName(c), Rect: at(c)})
		}
	}
	return spots
}

// Spots are the grid's squares, where render paints them.
func (d *gridDrawer) Spots(flip bool) []Spot {
	return gridSpots(d.game.n, func(c cell) image.Rectangle { return d.lay.squareRect(d.lay.screen(c, flip)) })
}

// Spots are Spec.Spots's, nil without it.
func (d *specDrawer) Spots(flip bool) []Spot {
	if d.spec.Spots == nil {
		return nil
	}
	return d.spec.Spots(flip)
}
