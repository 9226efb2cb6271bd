package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sync"

	"github.com/fogleman/gg"
)

// gridGame describes a game played on the squares of an n×n grid, for
// gridDrawer: its board look and how to draw its pieces.
type gridGame struct {
	n          int
	pieces     string     // board letters other than '.'
	board      color.RGBA // square colour (one colour: the grids so far are plain)
	line       color.RGBA // grid lines
	lineW      float64    // grid line width, fraction of a square
	outerLines bool       // also draw the board's outline (tic-tac-toe has inner lines only)
	// drawPiece draws letter ch centred at (cx, cy) in a square of side sq.
	drawPiece func(dc *gg.Context, ch byte, cx, cy, sq float64)
	icons     [2]byte // the letter whose piece stands for each side in the name bars

	startFill, pathFill color.NRGBA // last move: start square, landing squares
	pathLine            color.NRGBA // line joining the path's centres (if 2+ squares)
	capturedFill        color.NRGBA // captured pieces' squares
	capturedMark        color.RGBA  // the cross on them
	// keys are labels written small in each square's top-left corner, row
	// by row from the top-left as seen unflipped (tic-tac-toe's keypad
	// digits): part of the board, under the pieces; nil for none.
	keys []string
}

// Colours drawn over the pieces on every grid board.
var (
	forcedRing = nrgba(230, 110, 0, 235) // a piece that must move (a compulsory capture)
	winLine    = nrgba(200, 30, 30, 210) // the winning line
)

// cell is a square on the grid: file 0.. from a, rank 0.. from rank 1.
type cell struct{ file, rank int }

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

// layout places everything on the square picture. All in pixels.
type layout struct {
	size, n, sq, side int // picture side, squares per side, square side, board side (grids only)
	frame             int // frame thickness around the board
	frameRect         image.Rectangle
	boardRect         image.Rectangle
	topBar, bottomBar image.Rectangle    // where the bars' contents go
	strips            [2]image.Rectangle // the full-width bands the bars may touch
	textPx, coordPx   float64
}

// newLayout is the layout of an n×n grid: the board is a whole number of
// squares, about three quarters of the picture.
func newLayout(size, n int) layout {
	size = min(max(size, MinSize), MaxSize)
	sq := int(0.75*float64(size)) / n
	l := pictureLayout(size, sq*n, sq*n)
	l.n, l.sq, l.side = n, sq, sq*n
	return l
}

// pictureLayout centres a board of w×h pixels in its frame on the square
// picture (size already clamped); the bands above and below hold the bars.
func pictureLayout(size, w, h int) layout {
	frame := int(math.Round(0.04 * float64(size)))
	outerW, outerH := w+2*frame, h+2*frame
	x0 := (size - outerW) / 2
	y0 := (size - outerH) / 2
	l := layout{
		size: size, frame: frame,
		frameRect: image.Rect(x0, y0, x0+outerW, y0+outerH),
		boardRect: image.Rect(x0+frame, y0+frame, x0+frame+w, y0+frame+h),
		textPx:    math.Max(11, math.Round(0.036*float64(size))),
		coordPx:   math.Max(8, math.Round(0.027*float64(size))),
	}
	l.topBar = image.Rect(x0, 0, x0+outerW, y0)
	l.bottomBar = image.Rect(x0, y0+outerH, x0+outerW, size)
	l.strips = [2]image.Rectangle{image.Rect(0, 0, size, y0), image.Rect(0, y0+outerH, size, size)}
	return l
}

// screen returns the column and row on screen (0,0 top-left) of c.
func (l *layout) screen(c cell, flip bool) (col, row int) {
	if flip {
		return l.n - 1 - c.file, c.rank
	}
	return c.file, l.n - 1 - c.rank
}

func (l *layout) squareRect(col, row int) image.Rectangle {
	x := l.boardRect.Min.X + col*l.sq
	y := l.boardRect.Min.Y + row*l.sq
	return image.Rect(x, y, x+l.sq, y+l.sq)
}

func (l *layout) centre(col, row int) (float64, float64) {
	r := l.squareRect(col, row)
	return float64(r.Min.X) + float64(l.sq)/2, float64(r.Min.Y) + float64(l.sq)/2
}

// gridDrawer is the Drawer of a gridGame. Everything but the pool is
// read-only after newGridDrawer, so Draw may run on many goroutines.
type gridDrawer struct {
	chrome
	game    gridGame
	base    [2]*image.RGBA     // static picture, not flipped and flipped
	basePal [2]*image.Paletted // base mapped to the palette
	sprites [256]*Sprite
	// tiles[flip][letter] holds, for every screen square k at k*sq*sq, the
	// palette indices of that piece on that plain square: most squares of
	// a frame are just a piece, and copying its tile skips both the blend
	// and the quantization. Empty when they would take too much memory.
	tiles [2][256][]uint8
	quant *quantizer
	pool  sync.Pool // of *gridWorker
}

// gridWorker is the per-goroutine state of a gridDrawer: gg contexts and
// font faces are not safe for concurrent use.
type gridWorker struct {
	img *image.RGBA
	dc  *gg.Context
	barFaces
	pal        *image.Paletted
	png        *pngWriter
	path, capt []cell
	before     []cell // the move before the last
	line       []cell // a winning line
	forced     []cell // pieces that must move

	// img and pal keep the last frame; only what it drew on (its dirty
	// squares and the strips) is restored from the base for the next one.
	dirty, palDirty uint64 // screen squares (bit row*n+col) drawn on
	tiled           uint64 // squares of w.pal to fill from d.tiles
	tileLetter      [64]byte
	flip, palFlip   int // base the picture was made from; -1: unknown
}

// errDrawer is returned by constructors that cannot build their drawer (the
// embedded fonts failed to parse: not expected, but not a reason to panic).
type errDrawer struct{ err error }

func (e errDrawer) Draw(Frame) ([]byte, error) { return nil, e.err }

func newGridDrawer(g gridGame, size int, samples []Frame) Drawer {
	fonts, err := LoadFonts()
	if err != nil {
		return errDrawer{err}
	}
	d := &gridDrawer{chrome: chrome{lay: newLayout(size, g.n), theme: DefaultTheme(), fonts: fonts}, game: g}
	for i := 0; i < len(g.pieces); i++ {
		ch := g.pieces[i]
		d.sprites[ch] = newSprite(d.pieceImage(ch, d.lay.sq))
	}
	for side, ch := range g.icons {
		d.icons[side] = d.iconSprite(func(dc *gg.Context, cx, cy, size float64) {
			g.drawPiece(dc, ch, cx, cy, size*1.08)
		})
	}
	for flip := range d.base {
		d.base[flip] = d.drawBase(flip == 1)
	}
	d.pool.New = func() any { return d.newWorker() }

	// Choose the palette from real renders of the sample frames.
	w := d.newWorker()
	var ims []*image.RGBA
	for _, f := range samples {
		if _, err := d.render(w, f); err != nil {
			return errDrawer{err}
		}
		ims = append(ims, image.NewRGBA(w.img.Rect))
		copy(ims[len(ims)-1].Pix, w.img.Pix)
	}
	t := d.theme
	d.quant = newQuantizer(ims, t.Background, g.board, g.line, t.Frame, t.Text, t.Accent)
	for flip, b := range d.base {
		d.basePal[flip] = image.NewPaletted(b.Rect, d.quant.pal)
		d.quant.apply(d.basePal[flip], b)
	}
	d.makeTiles()
	d.pool.Put(w)
	return d
}

// maxTileBytes bounds the memory of a drawer's tiles (1.2 MB for an 8×8
// board of four kinds of pieces at 512 px, 4.7 MB at 1024).
const maxTileBytes = 8 << 20

func (d *gridDrawer) makeTiles() {
	l := &d.lay
	area := l.sq * l.sq
	if 2*len(d.game.pieces)*l.n*l.n*area > maxTileBytes {
		return
	}
	tmp := image.NewRGBA(image.Rect(0, 0, l.sq, l.sq))
	for flip, base := range d.base {
		for i := 0; i < len(d.game.pieces); i++ {
			ch := d.game.pieces[i]
			all := make([]uint8, l.n*l.n*area)
			for k := 0; k < l.n*l.n; k++ {
				r := l.squareRect(k%l.n, k/l.n)
				for y := 0; y < l.sq; y++ {
					o := base.PixOffset(r.Min.X, r.Min.Y+y)
					copy(tmp.Pix[y*tmp.Stride:(y+1)*tmp.Stride], base.Pix[o:o+4*l.sq])
				}
				d.sprites[ch].drawOver(tmp, image.Point{})
				tile := &image.Paletted{Pix: all[k*area : (k+1)*area], Stride: l.sq, Rect: tmp.Rect}
				d.quant.applyRect(tile, tmp, tmp.Rect)
			}
			d.tiles[flip][ch] = all
		}
	}
}

func (d *gridDrawer) newWorker() *gridWorker {
	img := image.NewRGBA(image.Rect(0, 0, d.lay.size, d.lay.size))
	return &gridWorker{
		img:      img,
		dc:       gg.NewContextForRGBA(img),
		barFaces: d.newBarFaces(),
		pal:      image.NewPaletted(img.Rect, nil),
		png:      newPNGWriter(),
		flip:     -1, palFlip: -1,
	}
}

func (d *gridDrawer) pieceImage(ch byte, sq int) *image.RGBA {
	im := image.NewRGBA(image.Rect(0, 0, sq, sq))
	dc := gg.NewContextForRGBA(im)
	d.game.drawPiece(dc, ch, float64(sq)/2, float64(sq)/2, float64(sq))
	return im
}

// drawBase draws the parts that never change: background, frame, board,
// grid and coordinates.
func (d *gridDrawer) drawBase(flip bool) *image.RGBA {
	l, t, g := &d.lay, d.theme, d.game
	im := image.NewRGBA(image.Rect(0, 0, l.size, l.size))
	dc := gg.NewContextForRGBA(im)
	d.drawFrame(dc)

	fr, br := l.frameRect, l.boardRect
	bx, by, bs := float64(br.Min.X), float64(br.Min.Y), float64(l.side)
	dc.SetColor(g.board)
	dc.DrawRectangle(bx, by, bs, bs)
	dc.Fill()

	lw := math.Max(1, g.lineW*float64(l.sq))
	dc.SetColor(g.line)
	dc.SetLineWidth(lw)
	first, last := 1, l.n-1
	if g.outerLines {
		first, last = 0, l.n
	} else {
		dc.SetLineCapRound()
	}
	inset := 0.0
	if !g.outerLines {
		inset = 0.08 * float64(l.sq)
	}
	for i := first; i <= last; i++ {
		p := float64(i * l.sq)
		// Keep odd-width lines on pixel centres so they stay crisp.
		if int(math.Round(lw))%2 == 1 {
			p += 0.5
			if i == l.n {
				p--
			}
		}
		dc.DrawLine(bx+p, by+inset, bx+p, by+bs-inset)
		dc.DrawLine(bx+inset, by+p, bx+bs-inset, by+p)
		dc.Stroke()
	}
	if g.keys != nil {
		kface := Face(d.fonts.Bold, math.Max(8, 0.17*float64(l.sq)))
		ink := image.NewUniform(color.NRGBA{g.line.R, g.line.G, g.line.B, 120})
		kh := capHeight(kface)
		for row := range l.n {
			for col := range l.n {
				k := g.keys[row*l.n+col]
				if flip {
					k = g.keys[(l.n-1-row)*l.n+l.n-1-col]
				}
				r := l.squareRect(col, row)
				drawText(im, kface, ink, k, float64(r.Min.X)+0.12*float64(l.sq), float64(r.Min.Y)+0.1*float64(l.sq)+kh)
			}
		}
	}
	// A dark rim where the board meets the frame.
	dc.SetColor(shade(t.Frame, -0.45))
	dc.SetLineWidth(math.Max(1, float64(l.size)/400))
	dc.DrawRectangle(bx-0.5, by-0.5, bs+1, bs+1)
	dc.Stroke()

	// Coordinates on the frame: files below, ranks on the left.
	face := Face(d.fonts.Bold, l.coordPx)
	capH := capHeight(face)
	src := image.NewUniform(t.FrameText)
	for i := 0; i < l.n; i++ {
		col, row := l.screen(cell{i, i}, flip)
		x, _ := l.centre(col, 0)
		label := string(rune('a' + i))
		w := TextWidth(face, label)
		y := float64(br.Max.Y) + float64(l.frame)/2 + capH/2
		drawText(im, face, src, label, x-w/2, y)
		_, y = l.centre(0, row)
		label = string(rune('1' + i))
		w = TextWidth(face, label)
		x = float64(fr.Min.X) + float64(l.frame)/2
		drawText(im, face, src, label, x-w/2, y+capH/2)
	}
	return im
}

// Draw implements Drawer.
func (d *gridDrawer) Draw(f Frame) ([]byte, error) {
	w := d.pool.Get().(*gridWorker)
	defer d.pool.Put(w)
	return d.draw(w, f)
}

// draw is Draw on worker w.
func (d *gridDrawer) draw(w *gridWorker, f Frame) ([]byte, error) {
	im, err := d.render(w, f)
	if err != nil {
		return nil, err
	}
	// Only the squares drawn on and the name bars differ from the base.
	flip := 0
	if f.Flip {
		flip = 1
	}
	l := &d.lay
	w.pal.Palette = d.quant.pal
	d.restore(w.pal, d.basePal[flip], w.palDirty&^(w.dirty|w.tiled), w.palFlip == flip)
	w.palFlip, w.palDirty = flip, w.dirty|w.tiled
	d.eachSquare(w.dirty, func(r image.Rectangle) { d.quant.applyRect(w.pal, im, r) })
	area := l.sq * l.sq
	for k := 0; k < l.n*l.n; k++ {
		if w.tiled&(1<<k) == 0 {
			continue
		}
		tile := d.tiles[flip][w.tileLetter[k]][k*area : (k+1)*area]
		r := l.squareRect(k%l.n, k/l.n)
		for y := 0; y < l.sq; y++ {
			o := w.pal.PixOffset(r.Min.X, r.Min.Y+y)
			copy(w.pal.Pix[o:o+l.sq], tile[y*l.sq:])
		}
	}
	for _, r := range l.strips {
		d.quant.applyRect(w.pal, im, r)
	}
	return w.png.encode(w.pal)
}

// render validates f and draws it into w.img.
func (d *gridDrawer) render(w *gridWorker, f Frame) (*image.RGBA, error) {
	g, l := &d.game, &d.lay
	if f.Board == nil && f.Position != nil {
		f.Board = f.Position.Board()
	}
	if err := validBoard(f.Board, g.n, "."+g.pieces); err != nil {
		return nil, err
	}
	var err error
	if w.path, err = parseSquares(w.path[:0], f.Path, g.n, "path"); err != nil {
		return nil, err
	}
	if w.capt, err = parseSquares(w.capt[:0], f.Captured, g.n, "captured"); err != nil {
		return nil, err
	}
	if w.before, err = parseSquares(w.before[:0], f.Before, g.n, "before"); err != nil {
		return nil, err
	}
	if w.line, err = parseSquares(w.line[:0], f.Line, g.n, "line"); err != nil {
		return nil, err
	}
	if w.forced, err = parseSquares(w.forced[:0], f.Forced, g.n, "forced"); err != nil {
		return nil, err
	}
	if err := checkSides(f); err != nil {
		return nil, err
	}
	flip := 0
	if f.Flip {
		flip = 1
	}
	im := w.img
	d.restore(im, d.base[flip], w.dirty, w.flip == flip)
	w.flip, w.dirty, w.tiled = flip, 0, 0
	mark := func(col, row int) { w.dirty |= 1 << (row*g.n + col) }

	// Highlights under the pieces: the move before the last, faintly, the
	// captured squares, then the path (a square can be both when a king
	// crosses a captured piece's square).
	faint := g.pathFill
	faint.A /= 2
	for _, c := range w.before {
		col, row := l.screen(c, f.Flip)
		mark(col, row)
		fillOver(im, l.squareRect(col, row), faint)
	}
	for _, c := range w.capt {
		col, row := l.screen(c, f.Flip)
		mark(col, row)
		fillOver(im, l.squareRect(col, row), g.capturedFill)
	}
	seen := uint64(0) // each path square once, or a revisited one gets darker
	for i, c := range w.path {
		bit := uint64(1) << (c.rank*g.n + c.file)
		if seen&bit != 0 {
			continue
		}
		seen |= bit
		col, row := l.screen(c, f.Flip)
		mark(col, row)
		fill := g.pathFill
		if i == 0 && len(w.path) > 1 {
			fill = g.startFill
		}
		fillOver(im, l.squareRect(col, row), fill)
	}
	dc := w.dc
	sq := float64(l.sq)
	if len(w.path) > 1 {
		dc.SetColor(g.pathLine)
		dc.SetLineWidth(0.085 * sq)
		dc.SetLineCapRound()
		dc.SetLineJoinRound()
		for i, c := range w.path {
			col, row := l.screen(c, f.Flip)
			if i > 0 { // the squares the segment crosses
				pc, pr := l.screen(w.path[i-1], f.Flip)
				for r := min(row, pr); r <= max(row, pr); r++ {
					for c := min(col, pc); c <= max(col, pc); c++ {
						mark(c, r)
					}
				}
			}
			cx, cy := l.centre(col, row)
			if i == 0 {
				dc.MoveTo(cx, cy)
			} else {
				dc.LineTo(cx, cy)
			}
		}
		dc.Stroke()
		cx, cy := l.centre(l.screen(w.path[0], f.Flip))
		dc.DrawCircle(cx, cy, 0.1*sq)
		dc.Fill()
	}

	for _, c := range w.capt {
		cx, cy := l.centre(l.screen(c, f.Flip))
		a := 0.17 * sq
		dc.SetColor(g.capturedMark)
		dc.SetLineWidth(0.07 * sq)
		dc.SetLineCapRound()
		dc.DrawLine(cx-a, cy-a, cx+a, cy+a)
		dc.DrawLine(cx+a, cy-a, cx-a, cy+a)
		dc.Stroke()
	}
	// What is drawn over the pieces: their squares are drawn, not tiled.
	for _, c := range w.forced {
		mark(l.screen(c, f.Flip))
	}
	if len(w.line) > 1 {
		c0, r0 := l.screen(w.line[0], f.Flip)
		c1, r1 := l.screen(w.line[len(w.line)-1], f.Flip)
		for r := min(r0, r1); r <= max(r0, r1); r++ {
			for c := min(c0, c1); c <= max(c0, c1); c++ {
				mark(c, r)
			}
		}
	}
	for r, rank := range f.Board {
		for fi := 0; fi < g.n; fi++ {
			sp := d.sprites[rank[fi]]
			if sp == nil {
				continue
			}
			col, row := l.screen(cell{fi, g.n - 1 - r}, f.Flip)
			k := row*g.n + col
			if w.dirty&(1<<k) == 0 && d.tiles[flip][rank[fi]] != nil {
				w.tiled |= 1 << k
				w.tileLetter[k] = rank[fi]
				continue
			}
			mark(col, row)
			sp.drawOver(im, l.squareRect(col, row).Min)
		}
	}
	for _, c := range w.forced {
		cx, cy := l.centre(l.screen(c, f.Flip))
		dc.SetColor(forcedRing)
		dc.SetLineWidth(0.06 * sq)
		dc.DrawCircle(cx, cy, 0.45*sq)
		dc.Stroke()
	}
	if len(w.line) > 1 {
		x0, y0 := l.centre(l.screen(w.line[0], f.Flip))
		x1, y1 := l.centre(l.screen(w.line[len(w.line)-1], f.Flip))
		// Past the end squares' centres by a third of a square each way.
		dx, dy := x1-x0, y1-y0
		if n := math.Hypot(dx, dy); n > 0 {
			dx, dy = dx/n*sq/3, dy/n*sq/3
		}
		dc.SetColor(winLine)
		dc.SetLineWidth(0.12 * sq)
		dc.SetLineCapRound()
		dc.DrawLine(x0-dx, y0-dy, x1+dx, y1+dy)
		dc.Stroke()
	}

	d.drawBars(im, dc, &w.barFaces, f)
	return im, nil
}

// eachSquare calls fn with the rectangle of every square in set.
func (d *gridDrawer) eachSquare(set uint64, fn func(image.Rectangle)) {
	n := d.lay.n
	for k := 0; k < n*n; k++ {
		if set&(1<<k) != 0 {
			fn(d.lay.squareRect(k%n, k/n))
		}
	}
}

// restore makes dst equal to base again: all of it when !same (dst was
// drawn from the other base, or never), else the squares in dirty and the
// strips, the only places a frame draws on.
func (d *gridDrawer) restore(dst, base image.Image, dirty uint64, same bool) {
	switch dst := dst.(type) {
	case *image.RGBA:
		base := base.(*image.RGBA)
		if !same {
			copy(dst.Pix, base.Pix)
			return
		}
		cp := func(r image.Rectangle) {
			for y := r.Min.Y; y < r.Max.Y; y++ {
				i, j := dst.PixOffset(r.Min.X, y), dst.PixOffset(r.Max.X, y)
				copy(dst.Pix[i:j], base.Pix[i:j])
			}
		}
		d.eachSquare(dirty, cp)
		for _, r := range d.lay.strips {
			cp(r)
		}
	case *image.Paletted:
		base := base.(*image.Paletted)
		if !same {
			copy(dst.Pix, base.Pix)
			return
		}
		// The strips are always quantized anew: only squares to restore.
		d.eachSquare(dirty, func(r image.Rectangle) {
			for y := r.Min.Y; y < r.Max.Y; y++ {
				i, j := dst.PixOffset(r.Min.X, y), dst.PixOffset(r.Max.X, y)
				copy(dst.Pix[i:j], base.Pix[i:j])
			}
		})
	}
}

// sampleFrames returns frames that show every piece on every kind of
// highlight, both ways up, with text in the name bars: what the palette
// must cover.
func sampleFrames(n int, pieces string) []Frame {
	letters := "." + pieces
	board := make([]string, n)
	k := 0
	for r := range board {
		b := make([]byte, n)
		for i := range b {
			b[i] = letters[k%len(letters)]
			k++
		}
		board[r] = string(b)
	}
	sq := func(f, r int) string { return string([]byte{byte('a' + f), byte('1' + r)}) }
	var path, capt, before, forced []string
	for i := 0; i < n; i++ {
		path = append(path, sq(i, i))
		capt = append(capt, sq(i, (i+1)%n))
		before = append(before, sq(i, (i+2)%n))
		forced = append(forced, sq((i+1)%n, i))
	}
	line := []string{sq(0, n-1), sq(n-1, 0)}
	var out []Frame
	for i := 0; i < 2; i++ {
		out = append(out, withSampleText(Frame{Board: board, Path: path, Captured: capt, ToMove: i, Flip: i == 1}))
		out = append(out, withSampleText(Frame{Board: board, Before: before, Forced: forced, Line: line, ToMove: i, Flip: i == 1}))
	}
	return out
}
