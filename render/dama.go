package render

import (
	"image/color"

	"github.com/fogleman/gg"
)

// NewDama returns the Drawer of Turkish draughts boards: a plain light-wood
// 8×8 board, men as round discs and kings (dama) as discs with a crown. The
// picture is size×size pixels (clamped to MinSize..MaxSize).
func NewDama(size int) Drawer {
	g := gridGame{
		n:            8,
		pieces:       "wbWB",
		board:        rgb(0xeccb94),
		line:         rgb(0xb0854f),
		lineW:        0.03,
		outerLines:   true,
		drawPiece:    drawDamaPiece,
		icons:        [2]byte{'w', 'b'},
		startFill:    nrgba(96, 170, 40, 90),
		pathFill:     nrgba(96, 170, 40, 150),
		pathLine:     nrgba(44, 112, 18, 200),
		capturedFill: nrgba(214, 48, 36, 110),
		capturedMark: rgb(0xb3261e),
	}
	return newGridDrawer(g, size, sampleFrames(8, g.pieces))
}

// drawDamaPiece draws a draughts disc seen slightly from above: a soft
// shadow, the disc's side, its top face with a groove, and a crown on kings.
func drawDamaPiece(dc *gg.Context, ch byte, cx, cy, sq float64) {
	white := ch == 'w' || ch == 'W'
	king := ch == 'W' || ch == 'B'
	r := 0.39 * sq
	th := 0.07 * sq // visible thickness of the disc
	top := cy - th/2

	var hi, face, side, edge, groove color.RGBA
	if white {
		hi, face, side, edge, groove = rgb(0xffffff), rgb(0xf1ebdf), rgb(0xc4b59c), rgb(0x7c6c58), rgb(0xcfc3ae)
	} else {
		hi, face, side, edge, groove = rgb(0x57514c), rgb(0x2a2624), rgb(0x121010), rgb(0x050505), rgb(0x4f4944)
	}

	for i, a := range []uint8{22, 30, 40} {
		dc.SetColor(nrgba(40, 20, 0, a))
		dc.DrawCircle(cx+0.025*sq, top+th+0.03*sq, r+float64(2-i)*0.018*sq)
		dc.Fill()
	}
	dc.SetColor(side)
	dc.DrawCircle(cx, top+th, r)
	dc.Fill()
	dc.DrawRectangle(cx-r, top, 2*r, th)
	dc.Fill()
	dc.SetColor(edge)
	dc.SetLineWidth(0.02 * sq)
	dc.DrawCircle(cx, top+th, r)
	dc.Stroke()

	grad := gg.NewRadialGradient(cx-0.35*r, top-0.4*r, 0, cx-0.35*r, top-0.4*r, 1.6*r)
	grad.AddColorStop(0, hi)
	grad.AddColorStop(0.55, face)
	grad.AddColorStop(1, shade(face, -0.08))
	dc.SetFillStyle(grad)
	dc.DrawCircle(cx, top, r)
	dc.Fill()
	dc.SetColor(edge)
	dc.SetLineWidth(0.02 * sq)
	dc.DrawCircle(cx, top, r)
	dc.Stroke()

	dc.SetColor(groove)
	dc.SetLineWidth(0.03 * sq)
	dc.DrawCircle(cx, top, 0.74*r)
	dc.Stroke()
	if king {
		drawCrown(dc, cx, top, 0.9*r)
		return
	}
	dc.DrawCircle(cx, top, 0.4*r)
	dc.Stroke()
}

// drawCrown draws a three-pointed gold crown of width w centred at (cx, cy).
func drawCrown(dc *gg.Context, cx, cy, w float64) {
	h := 0.78 * w
	x0, x1 := cx-w/2, cx+w/2
	yb := cy + 0.42*h // bottom of the band
	yt := cy - 0.5*h  // top of the middle point
	ym := cy + 0.02*h // valleys between the points
	dc.MoveTo(x0+0.08*w, yb)
	dc.LineTo(x0, yt+0.2*h)
	dc.LineTo(cx-0.24*w, ym)
	dc.LineTo(cx, yt)
	dc.LineTo(cx+0.24*w, ym)
	dc.LineTo(x1, yt+0.2*h)
	dc.LineTo(x1-0.08*w, yb)
	dc.ClosePath()
	dc.SetColor(rgb(0xe6b43c))
	dc.FillPreserve()
	dc.SetColor(rgb(0x6e4c0c))
	dc.SetLineWidth(0.06 * w)
	dc.SetLineJoinRound()
	dc.Stroke()
	dc.SetColor(rgb(0x9c6f14))
	dc.SetLineWidth(0.05 * w)
	dc.DrawLine(x0+0.06*w, yb-0.2*h, x1-0.06*w, yb-0.2*h)
	dc.Stroke()
	for _, p := range [][2]float64{{x0, yt + 0.2*h}, {cx, yt}, {x1, yt + 0.2*h}} {
		dc.DrawCircle(p[0], p[1], 0.085*w)
		dc.SetColor(rgb(0xf3cd62))
		dc.FillPreserve()
		dc.SetColor(rgb(0x6e4c0c))
		dc.SetLineWidth(0.04 * w)
		dc.Stroke()
	}
}
