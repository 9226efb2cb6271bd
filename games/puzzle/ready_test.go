package puzzle

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTilesByNumber: the 15-puzzle's text board writes tiles 10-15 as
// numbers, never as the letters A-F that Board gives the grid drawer, so
// that "d" is always down, as the help says; the arrows move the blank too
// (issue 20).
func TestTilesByNumber(t *testing.T) {
	p := mustParse(t, 4, "1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15")
	want := " 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13  _ 14 15"
	if got := p.TextBoard("en", false); got != want {
		t.Errorf("text board:\n%s\nwant:\n%s", got, want)
	}
	// The blank on the third row, tile 13 (Board's D) and 11 around it:
	// "d" and "D" move the blank down (11 slides up), never tile 13.
	q := mustParse(t, 4, "1,2,3,4,5,6,7,8,9,10,0,12,13,14,11,15")
	m, err := q.ParseMove("d")
	if err != nil || q.FormatMove(m) != "11" {
		t.Errorf("d: %s, %v; want the blank down (tile 11 up)", q.FormatMove(m), err)
	}
	for _, in := range []string{"D", "down", "aşağı", "↓"} {
		if m2, err := q.ParseMove(in); err != nil || m2 != m {
			t.Errorf("%s: %v, %v", in, m2, err)
		}
	}
	for in, tile := range map[string]string{"↑": "7", "←": "10", "→": "12"} {
		if m, err := q.ParseMove(in); err != nil || q.FormatMove(m) != tile {
			t.Errorf("%s: %s, %v; want %s", in, q.FormatMove(m), err, tile)
		}
	}
	if m3, err := q.ParseMove("13"); err == nil {
		t.Errorf("13 is not next to the blank, yet %s was read", q.FormatMove(m3))
	}
	if !strings.Contains(catalogFor(4)["en"]["help"], "d is always down") || !strings.Contains(catalogFor(4)["tr"]["help"], "d her zaman aşağıdır") {
		t.Error("the 15-puzzle's help does not say what d is")
	}
}

// TestReady: the 8-puzzle needs nothing (ready at once); the 15-puzzle's
// channel closes once its databases are loaded or built, and then a game
// ended without its shortest length gets it (OptimalLengthWait).
func TestReady(t *testing.T) {
	select {
	case <-Eight.Ready():
	default:
		t.Fatal("the 8-puzzle is not ready at once")
	}
	if n, ok := mustParse(t, 3, seedStart).OptimalLengthWait(context.Background()); !ok || n != 22 {
		t.Errorf("8-puzzle: %d, %v", n, ok)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if loadedPDB() == nil {
		if _, ok := Fifteen.Start().(*Pos).OptimalLengthWait(ctx); ok {
			t.Error("a length without the databases, the wait cancelled")
		}
	}
	if testing.Short() && !pdbCached() {
		t.Skip("building the databases takes seconds")
	}
	<-Fifteen.Ready()
	if loadedPDB() == nil {
		t.Fatal("ready, but no databases")
	}
	n, ok := Fifteen.Start().(*Pos).OptimalLengthWait(context.Background())
	if !ok || n != 30 {
		t.Errorf("15-puzzle's start: %d, %v; want 30", n, ok)
	}
}

// pdbCached reports whether the databases' cache file is there to load.
func pdbCached() bool {
	_, err := os.Stat(filepath.Join(CacheDir(), cacheName(Partition663)))
	return err == nil
}
