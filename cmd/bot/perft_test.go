package main

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
)

func runPerftText(t *testing.T, input string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = runPerft(args, strings.NewReader(input), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestPerftCommand(t *testing.T) {
	const start = "......../bbbbbbbb/bbbbbbbb/......../......../wwwwwwww/wwwwwwww/........ w"
	input := "# comment line\n\n" +
		start + " 8 64 708 7538\n" +
		"......../......../......../...b..../...W..../......../...b..../........ w 4 12 155 # 180-degree turn | d4xd6\n" +
		"   " + start + "   \n"
	code, out, errOut := runPerftText(t, input, "-game", "dama", "-depth", "3")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if want := "708\n155\n708\n"; out != want {
		t.Fatalf("stdout %q, want %q", out, want)
	}
}

func TestPerftCommandAlias(t *testing.T) {
	code, out, _ := runPerftText(t, "......../bbbbbbbb/bbbbbbbb/......../......../wwwwwwww/wwwwwwww/........ w\n",
		"-game", "DRAUGHTS", "-depth", "0")
	if code != 0 || out != "1\n" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
}

func TestPerftCommandDivide(t *testing.T) {
	code, out, errOut := runPerftText(t,
		"......../......../......../...b..../...W..../......../...b..../........ w\n",
		"-game", "dama", "-depth", "2", "-divide")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 {
		t.Fatalf("got %d lines, want 4 moves and a total:\n%s", len(lines), out)
	}
	moves := map[string]bool{}
	var sum uint64
	for _, l := range lines[:4] {
		f := strings.Fields(l)
		if len(f) != 2 {
			t.Fatalf("bad divide line %q", l)
		}
		n, err := strconv.ParseUint(f[1], 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		moves[f[0]] = true
		sum += n
	}
	for _, m := range []string{"d4xd6", "d4xd7", "d4xd8", "d4xd1"} {
		if !moves[m] {
			t.Errorf("move %s missing from divide:\n%s", m, out)
		}
	}
	if sum != 12 || lines[4] != "12" {
		t.Errorf("divide sums to %d, total line %q, want 12", sum, lines[4])
	}
}

func TestPerftCommandTicTacToe(t *testing.T) {
	// The generic Moves/Make/Unmake path (tic-tac-toe has no Perfter):
	// 9, 9*8, 9*8*7 from the empty board.
	code, out, errOut := runPerftText(t, "......... x 9 72\n", "-game", "tictactoe", "-depth", "3")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if out != "504\n" {
		t.Fatalf("stdout %q, want 504", out)
	}
}

func TestPerftCommandErrors(t *testing.T) {
	const start = "......../bbbbbbbb/bbbbbbbb/......../......../wwwwwwww/wwwwwwww/........ w"
	tests := []struct {
		name    string
		args    []string
		input   string
		code    int
		errHas  string
		outWant string
	}{
		{"no game", []string{"-depth", "1"}, start, 2, "-game is required", ""},
		{"unknown game", []string{"-game", "go", "-depth", "1"}, start, 2, `unknown game "go"`, ""},
		{"no depth", []string{"-game", "dama"}, start, 2, "-depth", ""},
		{"negative depth", []string{"-game", "dama", "-depth", "-3"}, start, 2, "-depth", ""},
		{"bad flag", []string{"-game", "dama", "-depth", "1", "-fast"}, start, 2, "not defined", ""},
		{"extra argument", []string{"-game", "dama", "-depth", "1", "x"}, start, 2, "unexpected argument", ""},
		{"bad character", []string{"-game", "dama", "-depth", "1"},
			start + "\n......../bbbbbbbb/bbbbxbbb/......../......../wwwwwwww/wwwwwwww/........ w 8\n",
			1, "line 2: dama: bad character 'x' on e6", "8\n"},
		{"short rank", []string{"-game", "dama", "-depth", "1"},
			"......../bbbbbbbb/bbbbbbb/......../......../wwwwwwww/wwwwwwww/........ w 8\n",
			1, "line 1: dama: rank 6", ""},
		{"bad side", []string{"-game", "dama", "-depth", "1"},
			"......../bbbbbbbb/bbbbbbbb/......../......../wwwwwwww/wwwwwwww/........ x 8\n",
			1, `side to move "x"`, ""},
		{"no side", []string{"-game", "dama", "-depth", "1"},
			"......../bbbbbbbb/bbbbbbbb/......../......../wwwwwwww/wwwwwwww/........\n",
			1, "no side to move", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runPerftText(t, tt.input, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.code, errOut)
			}
			if !strings.Contains(errOut, tt.errHas) {
				t.Errorf("stderr %q does not contain %q", errOut, tt.errHas)
			}
			if out != tt.outWant {
				t.Errorf("stdout %q, want %q", out, tt.outWant)
			}
		})
	}
}
