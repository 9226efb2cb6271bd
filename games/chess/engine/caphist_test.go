package engine

import (
	"context"
	"testing"

	"oyunbot/ai"
)

// TestCaptureKey: every noisy move of the benchmark positions (and of the
// positions one move on) has a capture key within the bound the tuning
// would give it, and moves that differ in piece, target or victim have
// different keys.
func TestCaptureKey(t *testing.T) {
	const keys = 768 * 8
	seen := map[int]Move{}
	check := func(p *Position) {
		for _, am := range p.Moves(nil) {
			m := MoveOf(am)
			if !m.IsNoisy() {
				continue
			}
			k := p.CaptureKey(am)
			if k < 0 || k >= keys {
				t.Fatalf("%s: %v has capture key %d outside [0, %d)", p.FEN(), m, k, keys)
			}
			if o, ok := seen[k]; ok && (o.Moving() != m.Moving() || o.To() != m.To() || o.Captured() != m.Captured()) {
				t.Errorf("%v and %v share capture key %d", o, m, k)
			}
			seen[k] = m
		}
	}
	for _, fen := range benchFENs {
		p, _ := ParseFEN(fen)
		check(p)
		for _, am := range p.Moves(nil) {
			p.Make(am)
			check(p)
			p.Unmake()
		}
	}
	if len(seen) < 20 {
		t.Errorf("only %d capture keys seen", len(seen))
	}
}

// TestCaptureHistoryTune: the capture history is switched on by its key
// count and then changes the search.
func TestCaptureHistoryTune(t *testing.T) {
	p, _ := ParseFEN(benchFENs[1])
	search := func(tn *ai.Tuning) ai.Result {
		e := ai.NewEngine(ai.DefaultOptions())
		e.SetTuning(tn)
		return e.Search(context.Background(), p.Clone(), ai.Limits{Depth: 8}, nil)
	}
	on, none := searchTuning, searchTuning
	on.CaptureKeys, none.CaptureKeys = 768*8, 0
	off, with := search(&none), search(&on)
	if off.Nodes == with.Nodes {
		t.Errorf("the capture history left the search as it was (%d nodes)", off.Nodes)
	}
	if with.Best.IsNone() {
		t.Error("no move with the capture history")
	}
}
