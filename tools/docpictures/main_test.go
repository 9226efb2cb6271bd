package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPictures: every picture is written, a PNG of its size (the boards
// 512 px square as the bot sends them, the chart 800 px wide), and the
// compare table is printed beside its chart.
func TestPictures(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if code := run([]string{"-dir", dir}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, p := range pictures() {
		f, err := os.Open(filepath.Join(dir, p.name+".png"))
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		want := 512
		if p.name == "puzzle-compare" {
			want = 800
		}
		if cfg.Width != want || p.name != "puzzle-compare" && cfg.Height != want {
			t.Errorf("%s: %dx%d, want %d wide", p.name, cfg.Width, cfg.Height, want)
		}
	}
	if !strings.Contains(out.String(), "A* Manhattan") {
		t.Errorf("no compare table in:\n%s", out.String())
	}
}

// TestOnly: -only writes the pictures named and no other; an unknown name
// is refused with the known ones.
func TestOnly(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if code := run([]string{"-dir", dir, "-only", "dama-board"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if names, _ := filepath.Glob(filepath.Join(dir, "*")); len(names) != 1 || filepath.Base(names[0]) != "dama-board.png" {
		t.Errorf("wrote %v, want dama-board.png alone", names)
	}
	errb.Reset()
	if code := run([]string{"-dir", dir, "-only", "dama"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "known: dama-board, chess-board") {
		t.Errorf("an unknown picture: exit %d, %q", code, errb.String())
	}
}
