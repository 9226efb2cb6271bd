package render

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/fogleman/gg"

	"oyunbot/games"
)

// slidingPuzzle is the view of a sliding puzzle's position the puzzle
// drawer reads (games/puzzle's *Pos has it): the side N, the tile on each
// cell row by row from the top (0 the blank), the tile the last move slid
// (0 when none) and the moves played.
type slidingPuzzle interface {
	Size() int
	Tile(cell int) int
	LastTile() int
	Played() int
}

var (
	puzzleTray     = rgb(0x3b2a1c)
	puzzleTile     = rgb(0xf3e3c3)
	puzzleTileEdge = rgb(0x9c7a4c)
	puzzleNumber   = rgb(0x2b2118)
	puzzleLast     = rgb(0xe3a13b)
	puzzleLastEdge = rgb(0xa2580f)
)

// puzzleDrawer draws 3×3 and 4×4 sliding puzzles: its tiles are sprites,
// made for both sizes when the drawer is built, plain and marked as the
// last moved.
type puzzleDrawer struct {
	board image.Rectangle
	// tiles[n][marked][tile] for n 3 and 4.
	tiles [5][2][16]*Sprite
}

// NewPuzzle returns the Drawer of sliding puzzles (the 8-puzzle and the
// 15-puzzle, told apart by the position): square tiles on a dark tray with
// their numbers large, the tile the last move slid in amber, and the number
// of moves made ("#12") on the frame. It reads Frame.Position (games/puzzle's
// position); the picture is size×size pixels (clamped to MinSize..MaxSize).
func NewPuzzle(size int) Drawer {
	pd := &puzzleDrawer{}
	pd.board, _ = BoardArea(size, 0)
	fonts, err := LoadFonts()
	if err != nil {
		panic(err) // embedded fonts
	}
	for _, n := range []int{3, 4} {
		cell := float64(pd.board.Dx()) / float64(n)
		side := int(math.Round(cell * 0.94))
		for marked := range 2 {
			for tile := 1; tile < n*n; tile++ {
				pd.tiles[n][marked][tile] = puzzleTileSprite(fonts, side, tile, marked == 1)
			}
		}
	}
	samples := []Frame{
		{Position: samplePuzzle{n: 3, cells: []int{5, 4, 0, 6, 1, 8, 7, 3, 2}, last: 4, played: 7}},
		{Position: samplePuzzle{n: 4, cells: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15}, last: 15, played: 123}},
	}
	d, err := NewDrawer(Spec{
		Size: size,
		Base: func(c *Canvas, _ bool) {
			b := c.Board
			c.DC.SetColor(puzzleTray)
			c.DC.DrawRectangle(float64(b.Min.X), float64(b.Min.Y), float64(b.Dx()), float64(b.Dy()))
			c.DC.Fill()
		},
		Paint:   pd.paint,
		Samples: samples,
		Exact:   []color.RGBA{puzzleTray, puzzleTile, puzzleNumber, puzzleLast},
	})
	if err != nil {
		panic(err) // the samples are ours: a failure is a programming error
	}
	return d
}

// puzzleTileSprite is a tile: a rounded square with a bevel and its number
// as large as fits.
func puzzleTileSprite(fonts *Fonts, side, tile int, marked bool) *Sprite {
	fill, edge := puzzleTile, puzzleTileEdge
	if marked {
		fill, edge = puzzleLast, puzzleLastEdge
	}
	label := strconv.Itoa(tile)
	return NewSprite(side, side, func(dc *gg.Context) {
		s := float64(side)
		r := 0.1 * s
		dc.SetColor(edge)
		dc.DrawRoundedRectangle(0, 0, s, s, r)
		dc.Fill()
		dc.SetColor(fill)
		dc.DrawRoundedRectangle(0.04*s, 0.03*s, 0.92*s, 0.88*s, r*0.8)
		dc.Fill()
		px := 0.52 * s
		face := Face(fonts.Bold, px)
		for TextWidth(face, label) > 0.8*s && px > 8 {
			px--
			face = Face(fonts.Bold, px)
		}
		dc.SetFontFace(face)
		dc.SetColor(puzzleNumber)
		dc.DrawStringAnchored(label, s/2, 0.47*s, 0.5, 0.5)
	})
}

// paint is the puzzle's Spec.Paint.
func (pd *puzzleDrawer) paint(c *Canvas, f Frame) error {
	v, ok := f.Position.(slidingPuzzle)
	if !ok {
		return badFrame("position %T is not a sliding puzzle", f.Position)
	}
	n := v.Size()
	if n != 3 && n != 4 {
		return badFrame("a %d×%d puzzle: only 3×3 and 4×4 are drawn", n, n)
	}
	b := c.Board
	cell := float64(b.Dx()) / float64(n)
	last := v.LastTile()
	for i := range n * n {
		t := v.Tile(i)
		if t == 0 {
			continue
		}
		if t < 0 || t >= n*n {
			return badFrame("tile %d on a %d×%d puzzle", t, n, n)
		}
		marked := 0
		if t == last {
			marked = 1
		}
		cx := float64(b.Min.X) + (float64(i%n)+0.5)*cell
		cy := float64(b.Min.Y) + (float64(i/n)+0.5)*cell
		pd.tiles[n][marked][t].DrawCentred(c.Img, cx, cy)
	}
	// The move counter on the frame's rim, below the tray on the right.
	fr := c.Frame
	rim := float64(fr.Max.Y - b.Max.Y)
	face := c.Face(true, math.Max(10, 0.7*rim))
	label := "#" + strconv.Itoa(v.Played())
	c.Text(face, label, float64(b.Max.X)-TextWidth(face, label), float64(fr.Max.Y)-0.2*rim, c.Theme.FrameText)
	return nil
}

// samplePuzzle is a puzzle for the palette's sample frames. It embeds a
// nil games.Position only to be one: the drawer calls nothing else.
type samplePuzzle struct {
	games.Position
	n            int
	cells        []int
	last, played int
}

func (s samplePuzzle) Size() int      { return s.n }
func (s samplePuzzle) Tile(c int) int { return s.cells[c] }
func (s samplePuzzle) LastTile() int  { return s.last }
func (s samplePuzzle) Played() int    { return s.played }
