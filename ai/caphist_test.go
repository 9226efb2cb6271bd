package ai

import "testing"

// loKeyer keys a move by its Lo word (a stand-in for chess's CaptureKey).
type loKeyer struct{}

func (loKeyer) CaptureKey(m Move) int { return int(m.Lo) }

func capHistEngine() *Engine {
	return &Engine{ts: &tunedState{ck: loKeyer{}, capHist: make([]int16, 8), capDiv: 32}}
}

// TestNoisyOrderCaptureHistory: with the capture history, a capture that
// does not lose material stays above orderNoisy and quiescence's gain is
// read back exactly from its score whatever its history; losing captures
// stay below every quiet move; the history orders captures of equal gain.
func TestNoisyOrderCaptureHistory(t *testing.T) {
	e := capHistEngine()
	m := Move{Lo: 3}
	for _, h := range []int16{-histMax, -700, -1, 0, 31, 5000, histMax} {
		e.ts.capHist[3] = h
		for _, g := range []int{0, 1, 97, 320, 950, 20000, 1 << 20} {
			v := e.ts.noisyOrder(m, g)
			if v < orderNoisy || v >= orderTT {
				t.Errorf("history %d, gain %d: order %d outside the good captures' range", h, g, v)
			}
			if got := e.ts.noisyGain(m, int(v)); got != g {
				t.Errorf("history %d, gain %d: gain read back as %d", h, g, got)
			}
		}
		for _, g := range []int{-1, -220, -20000, -(1 << 22)} {
			if v := e.ts.noisyOrder(m, g); v >= orderQuietLazy-3*histMax {
				t.Errorf("history %d, losing gain %d: order %d not below the quiet moves", h, g, v)
			}
		}
	}
	e.ts.capHist[1], e.ts.capHist[2] = 3000, -3000
	if a, b := e.ts.noisyOrder(Move{Lo: 1}, 100), e.ts.noisyOrder(Move{Lo: 2}, 100); a <= b {
		t.Errorf("equal gains: the better history's order %d is not above %d", a, b)
	}
	if a, b := e.ts.noisyOrder(Move{Lo: 2}, 500), e.ts.noisyOrder(Move{Lo: 1}, 100); a <= b {
		t.Errorf("a rook's gain with bad history (%d) is not above a pawn's with good (%d)", a, b)
	}
	// Without the capture history the scores are the gains themselves.
	e.ts.ck = nil
	if v := e.ts.noisyOrder(m, 97); v != orderNoisy+97 || e.ts.noisyGain(m, int(v)) != 97 {
		t.Errorf("no capture history: order %d, gain %d", v, e.ts.noisyGain(m, int(v)))
	}
}

// TestUpdateCaptureHistory: the capture that cut off gains, the captures
// tried before it lose, and a quiet cutoff (no best capture) punishes them
// all.
func TestUpdateCaptureHistory(t *testing.T) {
	e := capHistEngine()
	best, tried := Move{Lo: 1}, []Move{{Lo: 2}, {Lo: 3}}
	e.ts.updateCaptureHistory(best, tried, 6)
	h := e.ts.capHist
	if h[1] <= 0 || h[2] >= 0 || h[3] >= 0 || h[4] != 0 {
		t.Fatalf("after a capture's cutoff: %v", h)
	}
	before := h[1]
	e.ts.updateCaptureHistory(NoMove, []Move{best}, 6)
	if h[1] >= before {
		t.Errorf("a quiet cutoff left the capture tried before it at %d (was %d)", h[1], before)
	}
	for range 1000 {
		e.ts.updateCaptureHistory(best, tried, 20)
	}
	if h[1] > histMax || h[2] < -histMax {
		t.Errorf("history outside ±%d: %v", histMax, h)
	}
}
