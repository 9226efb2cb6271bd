package analysis

// graph.go reads a Result the way its graph and its lists need it, still
// as numbers and keys: the presentation translates and draws them.

import (
	"math"

	"oyunbot/ai"
)

// Axis is the value axis the graph of r needs: from lo to hi, with the
// value of an even game at mid when hasMid. MethodEngine: 0..100 (First's
// win chance), 50 even; MethodReferee: ±the largest value (at least 1),
// 0 even; MethodDistance: 0..the longest distance, no middle.
func (r *Result) Axis() (lo, hi, mid float64, hasMid bool) {
	switch r.Method {
	case MethodEngine:
		return 0, 100, 50, true
	case MethodReferee:
		m := 1.0
		for _, v := range r.Curve {
			m = max(m, math.Abs(v))
		}
		m = math.Ceil(m*2) / 2
		return -m, m, 0, true
	}
	hi = 1
	for _, v := range r.Curve {
		hi = max(hi, v)
	}
	return 0, hi, 0, false
}

// Span is a run of points of the curve in one phase of the game.
type Span struct {
	From, To int    // indexes into Curve, inclusive
	Phase    string // games.Phaser's key
}

// Phases cuts the curve into the game's phases: a point before a turn is
// in that turn's phase, the last point in the last turn's. None when the
// game has no phases.
func (r *Result) Phases() []Span {
	var out []Span
	for i := range r.Curve {
		ph := ""
		switch {
		case i < len(r.Turns):
			ph = r.Turns[i].Phase
		case len(r.Turns) > 0:
			ph = r.Turns[len(r.Turns)-1].Phase
		}
		if ph == "" {
			continue
		}
		if n := len(out); n > 0 && out[n-1].Phase == ph && out[n-1].To == i-1 {
			out[n-1].To = i
			continue
		}
		out = append(out, Span{From: i, To: i, Phase: ph})
	}
	return out
}

// MoveNumber is the number of turn i as players count moves: in a game of
// two sides a move is First's turn and Second's answer (chess's "12." and
// "12..."), in a one-player game each turn is a move.
func (r *Result) MoveNumber(i int) int {
	if r.Method == MethodDistance {
		return i + 1
	}
	n := 0
	for j := 0; j <= i && j < len(r.Turns); j++ {
		if r.Turns[j].Side == ai.First || j == 0 {
			n++
		}
	}
	return max(n, 1)
}
