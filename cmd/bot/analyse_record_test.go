package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/analysis"
	"oyunbot/games"
	"oyunbot/internal/registry"
)

// tttBlunder is a tic-tac-toe game where o's a2 lets x win.
const tttBlunder = "# o forgets to block\nb2\na1\nc3\na2   # a3 was the move\na3\nc1\nb3\n"

func TestAnalyseRecord(t *testing.T) {
	code, out, errOut := runTool(t, runAnalyse, tttBlunder, "-game", "xox", "-record", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"tictactoe: 7 plies in 7 turns, judged by the engine (depth 9)",
		"result: x won (1 point)",
		"o  2... a2  lost 50  (0 -> -1)  better a3  blunder",
		"x  none",
		"2... a2  o  0 -> -1  lost 50, better a3  blunder",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	// The side table: x 100% with no blunder, o one blunder.
	fields := func(prefix string) []string {
		for _, l := range strings.Split(out, "\n") {
			if f := strings.Fields(l); len(f) > 0 && f[0] == prefix && len(f) == 7 {
				return f
			}
		}
		return nil
	}
	if x, o := fields("x"), fields("o"); x == nil || o == nil || x[2] != "100.0" || x[6] != "0" || o[6] != "1" {
		t.Errorf("side rows %v %v in\n%s", x, o, out)
	}
}

// TestAnalyseRecordFileJSONAndGraph: -record reads a file, -json prints the
// result as stored, -png writes the graph.
func TestAnalyseRecordFileJSONAndGraph(t *testing.T) {
	dir := t.TempDir()
	rec, pic := filepath.Join(dir, "game.txt"), filepath.Join(dir, "graph.png")
	if err := os.WriteFile(rec, []byte(tttBlunder), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runTool(t, runAnalyse, "", "-game", "tictactoe", "-record="+rec, "-json", "-png", pic, "-width", "600")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r analysis.Result
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	if !r.Complete || len(r.Turns) != 7 || r.Turns[3].Class != analysis.Blunder || r.Sides[1].Blunders != 1 {
		t.Errorf("result %+v", r)
	}
	b, err := os.ReadFile(pic)
	if err != nil {
		t.Fatal(err)
	}
	im, err := png.Decode(bytes.NewReader(b))
	if err != nil || im.Bounds().Dx() != 600 || im.Bounds().Dy() != 300 {
		t.Errorf("graph: %v %v", err, im)
	}
}

// TestAnalyseRecordPuzzle: a puzzle is judged by its distance to the goal.
func TestAnalyseRecordPuzzle(t *testing.T) {
	code, out, errOut := runTool(t, runAnalyse, "start 1,2,3,4,5,6,7,0,8\n5\n5\n8\n", "-game", "puzzle8", "-record", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"judged by the distance to the goal", "player  1. 5  lost 2  (-1 -> -3)  better 8  inaccuracy"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if !strings.Contains(out, "player      3        2      66.7           2") {
		t.Errorf("side row: 3 moves, 2 optimal, 66.7%%, 2 moves lost:\n%s", out)
	}
}

// TestAnalyseRecordErrors: a bad record, game or flag is refused with what
// was wrong, and nothing is printed.
func TestAnalyseRecordErrors(t *testing.T) {
	for _, tc := range []struct {
		input string
		args  []string
		want  string
	}{
		{"b2\nb2\n", []string{"-game", "xox", "-record", "-"}, "line 2: move 2"},
		{"start nonsense\n", []string{"-game", "chess", "-record", "-"}, "line 1: the start"},
		{"", []string{"-record", "-"}, "-game is required"},
		{"", []string{"-game", "go", "-record", "-"}, `unknown game "go"`},
		{"", []string{"-game", "xox", "-record", "/no/such/file"}, "no such file"},
		{"", []string{"-game", "xox", "-record", "-", "-depth", "-1"}, "-depth must be"},
		{"", []string{"-game", "xox", "-record", "-", "extra"}, `unexpected argument "extra"`},
	} {
		code, out, errOut := runTool(t, runAnalyse, tc.input, tc.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, out %q, err %q; want 2 and %q", tc.args, code, out, errOut, tc.want)
		}
	}
}

func TestHasRecordFlag(t *testing.T) {
	for args, want := range map[string]bool{
		"-game chess -record x":  true,
		"--record=x":             true,
		"-game chess -depth 3":   false,
		"-game x -- -record y":   false,
		"-recorded x":            false,
		"-game chess -record -":  true,
		"-game record -depth 1":  false,
		"-game chess -record=-":  true,
		"-game chess --record -": true,
	} {
		if got := hasRecordFlag(strings.Fields(args)); got != want {
			t.Errorf("%q: %v, want %v", args, got, want)
		}
	}
}

// TestEveryGameAnalyses: a short random game of every registered game is
// analysed at a small budget, its turns judged and summed up.
func TestEveryGameAnalyses(t *testing.T) {
	puzzleCache(t)
	rng := rand.New(rand.NewPCG(5, 6))
	for _, g := range registry.Games() {
		start := g.Start()
		p := start.Clone()
		var moves []ai.Move
		for len(moves) < 12 && !p.Status().Over {
			var m ai.Move
			if p.Turn() == ai.Chance {
				outs := p.(ai.Stochastic).Chances(nil)
				m = outs[rng.IntN(len(outs))].Move
			} else {
				ms := games.Legal(p, nil)
				m = ms[rng.IntN(len(ms))]
			}
			moves = append(moves, m)
			p.Make(m)
		}
		r, err := analysis.Analyse(context.Background(), g, start, moves, analysis.Options{Budget: analysis.Budget{Depth: 2, Nodes: 20_000}})
		if err != nil {
			t.Errorf("%s: %v", g.Name(), err)
			continue
		}
		if !r.Complete || len(r.Turns) == 0 || len(r.Curve) != len(r.Turns)+1 || len(r.Sides) != g.Players() {
			t.Errorf("%s: %d turns, %d points, %d sides", g.Name(), len(r.Turns), len(r.Curve), len(r.Sides))
		}
		plies := 0
		for _, tn := range r.Turns {
			plies += len(tn.Moves)
			if tn.Roll != "" {
				plies++
			}
			if tn.Loss < 0 || (tn.Class != analysis.None && tn.Loss == 0) {
				t.Errorf("%s: turn %+v", g.Name(), tn)
			}
		}
		if plies > len(moves) {
			t.Errorf("%s: the turns hold %d plies of %d", g.Name(), plies, len(moves))
		}
	}
}
