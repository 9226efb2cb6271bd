package tavla

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestPerftFile reproduces every line of testdata/perft.txt (a copy of
// shared/perft/tavla.txt): the distinct positions one legal turn reaches.
func TestPerftFile(t *testing.T) {
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	lines := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		want, err := strconv.ParseUint(fields[len(fields)-1], 10, 64)
		if err != nil {
			t.Fatalf("%q: count: %v", line, err)
		}
		pos, err := parsePosition(strings.Join(fields[:len(fields)-1], " "))
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if got := pos.Perft(1); got != want {
			t.Errorf("%s: perft 1 = %d, want %d", line, got, want)
		}
		lines++
	}
	if lines < 50 {
		t.Fatalf("only %d positions read", lines)
	}
}

// TestAutoMove: over the perft file's positions, the bot plays a turn for
// the player exactly when the roll cannot be played (the only move is a
// pass); some positions there are such.
func TestAutoMove(t *testing.T) {
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	passes := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		pos, err := parsePosition(strings.Join(fields[:len(fields)-1], " "))
		if err != nil {
			t.Fatal(err)
		}
		ms := pos.Moves(nil)
		onlyPass := len(ms) == 1 && isPass(ms[0])
		mv, ok := pos.AutoMove()
		if ok != onlyPass || (ok && mv != ms[0]) {
			t.Errorf("%s: AutoMove %v %v, moves %v", line, mv, ok, ms)
		}
		if ok {
			passes++
		}
	}
	if passes == 0 {
		t.Fatal("no position of the file has a roll that cannot be played")
	}
}
