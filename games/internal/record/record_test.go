package record

import (
	"strings"
	"testing"

	"oyunbot/ai"
)

// TestNumbered: a game the second mover began opens "N...", and a move
// number is the first mover's ply and the answer.
func TestNumbered(t *testing.T) {
	for _, c := range []struct {
		moves  []string
		number int
		first  bool
		want   string
	}{
		{[]string{"e4", "e5", "Nf3"}, 1, true, "1. e4 e5 2. Nf3"},
		{[]string{"e5", "Nf3", "Nc6"}, 7, false, "7... e5 8. Nf3 Nc6"},
		{nil, 1, true, ""},
	} {
		if got := strings.Join(Numbered(c.moves, c.number, c.first), " "); got != c.want {
			t.Errorf("Numbered(%q, %d, %v) = %q, want %q", c.moves, c.number, c.first, got, c.want)
		}
	}
}

// TestMovetextWraps: no line over LineMax, the comment's braces kept, the
// result last.
func TestMovetextWraps(t *testing.T) {
	var moves []string
	for range 60 {
		moves = append(moves, "32x23")
	}
	var b strings.Builder
	Movetext(&b, Numbered(moves, 1, true), "Black resigns.", "1-0")
	out := b.String()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) < 2 {
		t.Fatalf("not wrapped: %q", out)
	}
	for _, l := range lines {
		if len(l) > LineMax || strings.HasPrefix(l, " ") || strings.HasSuffix(l, " ") {
			t.Errorf("line %q (%d characters)", l, len(l))
		}
	}
	if !strings.HasSuffix(out, "{Black resigns.} 1-0\n") {
		t.Errorf("ends %q", out[max(0, len(out)-30):])
	}
}

// TestEscapeAndHeader: a name cannot end its tag or start a new line.
func TestEscapeAndHeader(t *testing.T) {
	var b strings.Builder
	Header{White: "a\"]\n[Result \"1-0", Black: " "}.Write(&b, Result(true, ai.Second, "resigned"))
	got := b.String()
	want := "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n" +
		"[White \"a\\\"] [Result \\\"1-0\"]\n[Black \"?\"]\n[Result \"0-1\"]\n"
	if got != want {
		t.Errorf("header\n%s\nwant\n%s", got, want)
	}
	for _, c := range []struct {
		over   bool
		winner ai.Side
		reason string
		want   string
	}{{false, ai.First, "", "*"}, {true, ai.NoSide, "agreement", "1/2-1/2"}, {true, ai.First, "abandoned", "*"}, {true, ai.First, "time", "1-0"}} {
		if got := Result(c.over, c.winner, c.reason); got != c.want {
			t.Errorf("Result(%v, %v, %q) = %q, want %q", c.over, c.winner, c.reason, got, c.want)
		}
	}
	if c, ok := Ending(ai.First, "time", [2]string{"Black", "White"}); !ok || c != "Black wins on time." {
		t.Errorf("checkers' first mover on time: %q %v", c, ok)
	}
	if _, ok := Ending(ai.First, "checkmate", [2]string{}); ok {
		t.Error("a game's own reason claimed")
	}
	if got := Unknown("x}\n{y"); got != "Ended: xy." {
		t.Errorf("Unknown = %q", got)
	}
}

// TestLastNumber: the last move's number, from move 1 or a later start,
// the first ply the first mover's or not.
func TestLastNumber(t *testing.T) {
	for _, tc := range []struct {
		number, plies int
		firstMover    bool
		want          int
	}{{1, 0, true, 0}, {1, 1, true, 1}, {1, 2, true, 1}, {1, 3, true, 2}, {1, 0, false, 0}, {1, 1, false, 1},
		{1, 2, false, 2}, {1, 3, false, 2}, {20, 1, false, 20}, {20, 2, true, 20}, {20, 3, true, 21}} {
		if got := LastNumber(tc.number, tc.plies, tc.firstMover); got != tc.want {
			t.Errorf("LastNumber(%d, %d, %v) = %d, want %d", tc.number, tc.plies, tc.firstMover, got, tc.want)
		}
	}
}
