package engine

import (
	"context"
	"flag"
	"fmt"
	"testing"

	"oyunbot/ai"
)

var fingerprintDepth = flag.Int("fingerprint-depth", 0, "TestSearchFingerprint's depth (0: skip)")

// TestSearchFingerprint prints, for each benchmark position, the nodes, score,
// best move and principal variation of a search to -fingerprint-depth. A
// speed change that must leave the search as it was is checked by diffing its
// output before and after:
//
//	go test ./games/chess -run TestSearchFingerprint -fingerprint-depth 11 -v
func TestSearchFingerprint(t *testing.T) {
	if *fingerprintDepth == 0 {
		t.Skip("no -fingerprint-depth")
	}
	for i, fen := range benchFENs {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		e := ai.NewEngine(ai.DefaultOptions())
		r := e.Search(context.Background(), p, ai.Limits{Depth: *fingerprintDepth}, nil)
		t.Log(fmt.Sprintf("position %d: depth %d nodes %d score %d best %v pv %v", i, r.Depth, r.Nodes, r.Score, r.Best, r.PV))
	}
}
