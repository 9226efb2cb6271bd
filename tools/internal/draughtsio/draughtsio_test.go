package draughtsio

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"oyunbot/games/draughts"
)

// TestWeightsRoundTrip: what WriteWeights writes, ReadWeights reads back
// whole; a file may name a few weights only, and a wrong name is refused.
func TestWeightsRoundTrip(t *testing.T) {
	w := draughts.Checkers.DefaultWeights()
	w.Advance[5], w.Bridge, w.Tempo = 7, -3, 11
	var b strings.Builder
	if err := WriteWeights(&b, w, "test"); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "w.txt")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var got draughts.Weights
	if err := ReadWeights(path, &got); err != nil || got != w {
		t.Errorf("read back %+v (%v), want %+v", got, err, w)
	}
	os.WriteFile(path, []byte("King=190, Advance6=3 # a comment\n"), 0o644)
	got = w
	if err := ReadWeights(path, &got); err != nil || got.King != 190 || got.Advance[6] != 3 || got.Man != w.Man {
		t.Errorf("partial file: %+v (%v)", got, err)
	}
	for _, bad := range []string{"Nope=1", "King=x", "Advance8=1", "King"} {
		os.WriteFile(path, []byte(bad), 0o644)
		if err := ReadWeights(path, &got); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
