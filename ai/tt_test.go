package ai

import (
	"testing"
	"unsafe"
)

func TestTTStoreProbe(t *testing.T) {
	tt := newTT(1)
	m := Move{Lo: 7}
	tt.store(42, 5, 3, 123, boundExact, m)
	e, ok := tt.probe(42)
	if !ok || e.move != m || int(e.depth) != 5 || scoreFromTT(int(e.score), 3) != 123 || e.flags&7 != boundExact {
		t.Fatalf("probe: %+v %v", e, ok)
	}
	if _, ok := tt.probe(43); ok {
		t.Error("probe found a key never stored")
	}
	// A fail-low store (no move) keeps the known best move.
	tt.store(42, 6, 3, 100, boundUpper, NoMove)
	if e, _ := tt.probe(42); e.move != m || int(e.depth) != 6 {
		t.Errorf("fail-low store lost the move: %+v", e)
	}
}

// TestTTMateScores: a win stored at one ply reads back as the same distance
// to the end from another ply.
func TestTTMateScores(t *testing.T) {
	for _, tc := range []struct{ score, storePly, probePly, want int }{
		{Win - 7, 3, 3, Win - 7},
		{Win - 7, 3, 5, Win - 9}, // 4 plies to the win from the node, found 2 plies deeper
		{-(Win - 6), 2, 1, -(Win - 5)},
		{250, 3, 9, 250}, // heuristic scores are not adjusted
	} {
		if got := scoreFromTT(scoreToTT(tc.score, tc.storePly), tc.probePly); got != tc.want {
			t.Errorf("%+v: got %d", tc, got)
		}
	}
}

// TestTTReplacement: the first slot keeps the deepest entry of the current
// generation; others go to the always-replace slot; an older generation is
// replaced first.
func TestTTReplacement(t *testing.T) {
	tt := newTT(1)
	n := uint64(len(tt.buckets))
	a, b, c := uint64(5), 5+n, 5+2*n // one bucket
	tt.store(a, 8, 0, 1, boundExact, Move{Lo: 1})
	tt.store(b, 2, 0, 2, boundExact, Move{Lo: 2}) // shallower: always-replace slot
	tt.store(c, 3, 0, 3, boundExact, Move{Lo: 3}) // replaces b
	if _, ok := tt.probe(a); !ok {
		t.Error("the deep entry was replaced by shallower ones")
	}
	if _, ok := tt.probe(b); ok {
		t.Error("the always-replace slot kept the old entry")
	}
	if _, ok := tt.probe(c); !ok {
		t.Error("the newest entry is missing")
	}
	tt.age()
	tt.store(b, 1, 0, 4, boundExact, Move{Lo: 4}) // an old generation gives way
	if _, ok := tt.probe(a); ok {
		t.Error("the old generation's deep entry survived a new search's store")
	}
	if e, ok := tt.probe(b); !ok || e.gen() != tt.gen {
		t.Error("the new entry is missing")
	}
	// One copy per key: storing a key held by the second slot into the first
	// clears the second.
	tt.store(c, 9, 0, 5, boundExact, Move{Lo: 5})
	count := 0
	for _, e := range tt.buckets[5] {
		if e.key == c && e.flags != 0 {
			count++
		}
	}
	if count != 1 {
		t.Errorf("key stored %d times", count)
	}
}

func TestTTSize(t *testing.T) {
	if s := unsafe.Sizeof(ttBucket{}); s != 64 {
		t.Errorf("a bucket is %d bytes, want one 64-byte cache line", s)
	}
	for _, mb := range []int{0, 1, 3, 16} {
		tt := newTT(mb)
		size := len(tt.buckets) * 64
		if size > max(mb, 1)<<20 || size <= max(mb, 1)<<19 || len(tt.buckets)&(len(tt.buckets)-1) != 0 {
			t.Errorf("%d MiB: %d buckets", mb, len(tt.buckets))
		}
	}
}

// TestTTKeepsEval: an entry carries the position's static evaluation; a
// later store without one keeps it, one beyond 16 bits is not kept.
func TestTTKeepsEval(t *testing.T) {
	tt := newTT(1)
	tt.storeEval(9, 4, 0, 10, boundLower, Move{Lo: 1}, -1234)
	if e, ok := tt.probe(9); !ok || e.eval != -1234 {
		t.Fatalf("eval %d, want -1234", e.eval)
	}
	tt.store(9, 6, 0, 20, boundExact, Move{Lo: 2})
	if e, ok := tt.probe(9); !ok || e.eval != -1234 || e.depth != 6 {
		t.Errorf("after a store without eval: eval %d depth %d, want -1234 and 6", e.eval, e.depth)
	}
	tt.storeEval(10, 1, 0, 0, boundExact, NoMove, 90000)
	if e, ok := tt.probe(10); !ok || e.eval != noEvalTT {
		t.Errorf("an eval beyond 16 bits was kept as %d", e.eval)
	}
	for range 40 {
		tt.age()
	}
	if tt.gen > genMask {
		t.Errorf("generation %d past its five bits", tt.gen)
	}
}
