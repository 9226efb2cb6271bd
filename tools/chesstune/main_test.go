package main

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"oyunbot/games/chess"
)

// TestPGNPositions: the pgn step reads tools/sprt's games (a FEN tag or
// none, SAN moves), keeps only quiet positions with the game's result,
// and never keeps a position twice.
func TestPGNPositions(t *testing.T) {
	const text = `[Event "a vs b"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 1-0

[Event "a vs b"]
[Result "0-1"]
[FEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq -"]
[SetUp "1"]

1... Nc6 2. Bb5 a6 0-1

[Event "broken"]
[Result "1/2-1/2"]

1. e4 Ke7 2. Qh5 1/2-1/2
`
	games := splitPGN(text)
	if len(games) != 3 {
		t.Fatalf("%d games, want 3", len(games))
	}
	rng := rand.New(rand.NewPCG(1, 0))
	seen := map[uint64]bool{}
	var all []string
	for _, g := range games[:2] {
		lines, err := pgnPositions(g, rng, seen)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, lines...)
	}
	if _, err := pgnPositions(games[2], rng, seen); err == nil || !strings.Contains(err.Error(), "Ke7") {
		t.Errorf("an illegal move: error %v, want one naming Ke7", err)
	}
	if len(all) == 0 {
		t.Fatal("no positions kept")
	}
	fens := map[string]bool{}
	for _, l := range all {
		f := strings.Split(l, ";")
		if len(f) != 3 || f[2] != "" || (f[1] != "1" && f[1] != "0") {
			t.Errorf("line %q: want FEN;result; with result 1 or 0", l)
		}
		if fens[f[0]] {
			t.Errorf("position kept twice: %s", f[0])
		}
		fens[f[0]] = true
		p, err := chess.ParseFEN(f[0])
		if err != nil || p.InCheck() {
			t.Errorf("%s: %v, in check %v", f[0], err, err == nil && p.InCheck())
		}
		// The position before 4.Bxc6 (a capture is played from it) is never kept.
		if strings.HasPrefix(f[0], "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w") {
			t.Errorf("kept the position before a capture: %s", f[0])
		}
	}
}

// TestFingerprint: the fingerprint prints one line per benchmark position,
// each with its nodes, and the same lines on a second run (the search is
// deterministic, which is what makes diffing them prove a change neutral).
func TestFingerprint(t *testing.T) {
	var a, b, errs bytes.Buffer
	if code := run([]string{"fingerprint", "-fingerprint-depth", "4"}, &a, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	run([]string{"fingerprint", "-fingerprint-depth", "4"}, &b, &errs)
	lines := strings.Split(strings.TrimSpace(a.String()), "\n")
	if len(lines) != len(benchFENs) || !strings.Contains(lines[0], "depth 4 nodes ") {
		t.Fatalf("fingerprint printed %q", a.String())
	}
	if a.String() != b.String() {
		t.Errorf("two runs differ:\n%s\n%s", a.String(), b.String())
	}
}

// TestUsage: no command, or an unknown one, is a usage error naming the
// commands; a step without its files says what it needs.
func TestUsage(t *testing.T) {
	var out, errs bytes.Buffer
	if code := run(nil, &out, &errs); code != 2 || !strings.Contains(errs.String(), "fit") {
		t.Errorf("no command: exit %d, %q", code, errs.String())
	}
	errs.Reset()
	if code := run([]string{"fit"}, &out, &errs); code != 1 || !strings.Contains(errs.String(), "-tune-in") {
		t.Errorf("fit without files: exit %d, %q", code, errs.String())
	}
}
