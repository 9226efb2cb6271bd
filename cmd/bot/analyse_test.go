package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"oyunbot/ai"
)

func runTool(t *testing.T, tool func([]string, io.Reader, io.Writer, io.Writer) int, input string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := tool(args, strings.NewReader(input), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestAnalyse(t *testing.T) {
	input := strings.Join([]string{
		"# tic-tac-toe positions",
		"",
		"xx..o.o.. x   trailing fields 12",
		"xx..o.... o # o must block",
		"......... x",
		"xxx.oo... o",
		"xoxxoxoxo o",
	}, "\n")
	code, out, errOut := runTool(t, runAnalyse, input, "-game", "xox", "-depth", "9", "-minimax")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := []struct {
		move  string
		score int
		depth string
	}{
		{"c3", ai.Win - 1, ""},
		{"c3", 0, ""},
		{"", 0, "9"},
		{"none", -ai.Win, "0"},
		{"none", 0, "0"},
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want), out)
	}
	for i, w := range want {
		var move string
		var score, depth, mmScore int
		var nodes, ms, mmNodes int64
		_, err := fmt.Sscanf(lines[i], "bestmove %s score %d depth %d nodes %d time %d minimax-score %d minimax-nodes %d",
			&move, &score, &depth, &nodes, &ms, &mmScore, &mmNodes)
		if err != nil {
			t.Fatalf("line %q: %v", lines[i], err)
		}
		if (w.move != "" && move != w.move) || score != w.score || (w.depth != "" && fmt.Sprint(depth) != w.depth) {
			t.Errorf("line %d: %q, want move %q score %d depth %s", i, lines[i], w.move, w.score, w.depth)
		}
		if mmScore != score {
			t.Errorf("line %d: minimax %d, search %d", i, mmScore, score)
		}
		if move != "none" && nodes >= mmNodes && depth > 1 {
			t.Errorf("line %d: search %d nodes, minimax %d", i, nodes, mmNodes)
		}
	}
}

func TestAnalyseLevelsAndPV(t *testing.T) {
	// Level budgets are clocks: on a loaded machine any move may come out,
	// so only the form is checked; the move is checked with -time long
	// enough for the search to end by itself.
	for _, lvl := range []string{"kolay", "medium", "zor", "USTA"} {
		code, out, errOut := runTool(t, runAnalyse, "x.o.x.... o\n", "-game", "tictactoe", "-level", lvl, "-pv")
		var move, pv string
		var score, depth, nodes, ms int
		_, err := fmt.Sscanf(out, "bestmove %s score %d depth %d nodes %d time %d pv %s", &move, &score, &depth, &nodes, &ms, &pv)
		if code != 0 || err != nil || move != pv {
			t.Errorf("level %s: exit %d out %q err %q (%v)", lvl, code, out, errOut, err)
		}
	}
	code, out, _ := runTool(t, runAnalyse, "x.o.x.... o\n", "-game", "tictactoe", "-time", "1m", "-pv")
	if code != 0 || !strings.HasPrefix(out, "bestmove c1 score 0 depth 6 ") || !strings.Contains(out, " pv c1 ") {
		t.Errorf("-time: exit %d out %q", code, out)
	}
}

func TestAnalyseErrors(t *testing.T) {
	tests := []struct {
		name  string
		input string
		args  []string
		code  int
		msg   string
	}{
		{"no game", "", []string{"-depth", "2"}, 2, "-game is required"},
		{"unknown game", "", []string{"-game", "chess9", "-depth", "2"}, 2, `unknown game "chess9"`},
		{"no budget", "", []string{"-game", "xox"}, 2, "give -level, -time or -depth"},
		{"bad level", "", []string{"-game", "xox", "-level", "grandmaster"}, 2, `unknown level "grandmaster"`},
		{"bad depth", "", []string{"-game", "xox", "-depth", "-3"}, 2, "-depth must be"},
		{"deep", "", []string{"-game", "xox", "-depth", "1000"}, 2, "-depth must be"},
		{"bad flag", "", []string{"-game", "xox", "-speed", "3"}, 2, "flag provided but not defined"},
		{"argument", "", []string{"-game", "xox", "-depth", "2", "extra"}, 2, `unexpected argument "extra"`},
		{"bad position", "......... x\nx.o.x.... x\n", []string{"-game", "xox", "-depth", "2"}, 1, "line 2:"},
		{"garbage", "\x00\xff\n", []string{"-game", "xox", "-depth", "2"}, 1, "line 1:"},
	}
	for _, tc := range tests {
		code, out, errOut := runTool(t, runAnalyse, tc.input, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.msg) {
			t.Errorf("%s: exit %d, stderr %q; want exit %d and %q (stdout %q)", tc.name, code, errOut, tc.code, tc.msg, out)
		}
	}
}

func TestAnalyseDama(t *testing.T) {
	start := "......../bbbbbbbb/bbbbbbbb/......../......../wwwwwwww/wwwwwwww/........ w"
	code, out, errOut := runTool(t, runAnalyse, start+"\n", "-game", "dama", "-depth", "4", "-pv", "-hash", "1")
	if code != 0 || !strings.HasPrefix(out, "bestmove ") || !strings.Contains(out, " depth 4 ") || !strings.Contains(out, " pv ") {
		t.Errorf("exit %d out %q err %q", code, out, errOut)
	}
}

// TestAnalyseReadsFENCounters: a chess FEN's move counters are part of the
// position: at a halfmove clock of 100 the game is drawn by the fifty-move
// rule, so there is no move to find; without counters there is. Perft, whose
// lines end with expected counts, still reads the leading position.
func TestAnalyseReadsFENCounters(t *testing.T) {
	const fen = "4k3/8/8/8/8/8/4P3/4K3 w - -"
	for _, tc := range []struct {
		line, want string
	}{
		{fen + " 100 80", "bestmove none score 0 depth 0 "},
		{fen + " 0 80", "bestmove "},
		{fen, "bestmove "},
	} {
		code, out, errOut := runTool(t, runAnalyse, tc.line+"\n", "-game", "chess", "-depth", "2", "-hash", "1")
		if code != 0 || !strings.HasPrefix(out, tc.want) || (tc.want == "bestmove " && strings.HasPrefix(out, "bestmove none")) {
			t.Errorf("%q: exit %d out %q err %q; want %q...", tc.line, code, out, errOut, tc.want)
		}
	}
	code, out, errOut := runTool(t, runPerft, fen+" 1 6\n", "-game", "chess", "-depth", "1")
	if code != 0 || strings.TrimSpace(out) != "6" {
		t.Errorf("perft of %q: exit %d out %q err %q, want 6", fen+" 1 6", code, out, errOut)
	}
}

// FuzzAnalyse: whatever the input, analyse answers every line or stops with
// exit 1 and a message; it never panics.
func FuzzAnalyse(f *testing.F) {
	for _, s := range []string{
		"x.o.x.... o\n", "xxx.oo... o 5\n# c\n\n", "x.o.x.... x\n", "\n\n\n", "x.o.x....\n",
		"......../bbbbbbbb/bbbbbbbb/......../......../wwwwwwww/wwwwwwww/........ w\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		for _, game := range []string{"ttt", "dama"} {
			var out, errOut bytes.Buffer
			code := runAnalyse([]string{"-game", game, "-depth", "1", "-hash", "1"}, strings.NewReader(input), &out, &errOut)
			switch code {
			case 0:
				if errOut.Len() != 0 {
					t.Fatalf("exit 0 with stderr %q", errOut.String())
				}
			case 1:
				if !strings.HasPrefix(errOut.String(), "analyse: ") {
					t.Fatalf("exit 1 with stderr %q", errOut.String())
				}
			default:
				t.Fatalf("exit %d: %s", code, errOut.String())
			}
			for _, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
				if l != "" && !strings.HasPrefix(l, "bestmove ") {
					t.Fatalf("output line %q", l)
				}
			}
		}
	})
}

// TestAnalyseGameLevels: -level reads the game's own levels (chess's seed,
// searched with the seed document's evaluation); an unknown one lists them.
func TestAnalyseGameLevels(t *testing.T) {
	var out, errOut bytes.Buffer
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
	if code := runAnalyse([]string{"-game", "chess", "-level", "seed"}, strings.NewReader(start), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "bestmove ") || !strings.Contains(out.String(), " depth 1 ") {
		t.Fatalf("seed analysis %q, want a one-ply search", out.String())
	}
	errOut.Reset()
	if code := runAnalyse([]string{"-game", "chess", "-level", "grandmaster"}, strings.NewReader(start), &out, &errOut); code != 2 ||
		!strings.Contains(errOut.String(), "seed, easy, medium, hard, master") {
		t.Fatalf("unknown level: exit %d, %q", code, errOut.String())
	}
}
