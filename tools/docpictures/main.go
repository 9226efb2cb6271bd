// Command docpictures draws the documentation's pictures (docs/*.png, shown
// by the README) with the bot's own drawers, from fixed positions:
//
//	go run ./tools/docpictures [-dir docs] [-only chess-board,tavla-board]
//
// Run it after a change to a drawer that the pictures show. It lives apart
// from the product (cmd/bot) and from render's tests, as the other
// developer programs under tools/ do.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/islem"
	"oyunbot/games/puzzle"
	"oyunbot/games/tavla"
	"oyunbot/render"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// picture is one of the documentation's pictures: its file's name without
// .png, and how it is drawn.
type picture struct {
	name string
	// draw returns the PNG; what it has to say besides (a table of the
	// figures drawn) it writes to w.
	draw func(w io.Writer) ([]byte, error)
}

// pictures are the documentation's pictures, in the order written.
func pictures() []picture {
	return []picture{
		{"dama-board", damaBoard},
		{"chess-board", chessBoard},
		{"tavla-board", tavlaBoard},
		{"islem-example", islemExample},
		{"puzzle-board", puzzleBoard},
		{"puzzle-compare", puzzleCompare},
	}
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("docpictures", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", "docs", "folder the pictures are written to")
	only := fs.String("only", "", "comma-separated names of the pictures to write (default: all)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var names []string
	for _, p := range pictures() {
		names = append(names, p.name)
	}
	var want []string
	if *only != "" {
		want = strings.Split(*only, ",")
		for _, n := range want {
			if !slices.Contains(names, n) {
				fmt.Fprintf(stderr, "docpictures: no picture %q (known: %s)\n", n, strings.Join(names, ", "))
				return 2
			}
		}
	}
	for _, p := range pictures() {
		if want != nil && !slices.Contains(want, p.name) {
			continue
		}
		b, err := p.draw(stdout)
		if err == nil {
			err = os.WriteFile(filepath.Join(*dir, p.name+".png"), b, 0o644)
		}
		if err != nil {
			fmt.Fprintf(stderr, "docpictures: %s: %v\n", p.name, err)
			return 1
		}
		fmt.Fprintf(stdout, "%s: %d bytes\n", filepath.Join(*dir, p.name+".png"), len(b))
	}
	return 0
}

// damaBoard is a dama board as the bot sends it: White's c3 took c4 and
// d5, landing on e5 (the capture path lit, the captured crossed out); a
// white king waits on h1.
func damaBoard(io.Writer) ([]byte, error) {
	return render.NewDama(512).Draw(render.Frame{
		Board: []string{
			"........",
			"bbbbbb.b",
			"bb.b.bbb",
			"....w...",
			"........",
			"ww..wwww",
			"wwwwww.w",
			"...B...W",
		},
		Path:     []string{"c3", "c5", "e5"},
		Captured: []string{"c4", "d5"},
		ToMove:   1,
		Players:  [2]string{"Ayşe Yılmaz", "oyunbot (zor)"},
		Title:    "#g7 · dama",
		Footer:   "Siyah oynar · hamle 12",
		Clocks:   [2]string{"4:32", "9:58"},
	})
}

// operaGame is the Opera game (Morphy v the Duke of Brunswick and Count
// Isouard, Paris 1858), to 17. Rd8#.
const operaGame = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 " +
	"Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#"

// chessBoard is the Opera game's mate: the last move lit, the king in check
// glowing.
func chessBoard(io.Writer) ([]byte, error) {
	p, err := play(chessgame.Game{}.Start(), strings.Fields(operaGame))
	if err != nil {
		return nil, err
	}
	return render.NewChess(512).Draw(render.Frame{
		Position: p,
		Path:     []string{"d1", "d8"},
		ToMove:   1,
		Finished: true,
		Players:  [2]string{"Paul Morphy", "Duke Karl / Count Isouard"},
		Title:    "#g1858 · chess",
		Footer:   "1-0 · checkmate",
	})
}

// tavlaBoard is a tavla middle game with pins both ways, after a turn of
// each side (their points' numbers marked), in a match to 5.
func tavlaBoard(io.Writer) ([]byte, error) {
	p, err := tavla.Game{}.ParsePosition("w3,b2,.,b1,.,w1,w2/b,b1,.,b1,.,w2,.,b1,.,b1/w,w1,b1,.,w2,w1/b,w1,w1,b5 0 0 w 4-1")
	if err != nil {
		return nil, err
	}
	if p, err = play(p, []string{"1/5", "5/6", "22:", "1/3", "7/9"}); err != nil {
		return nil, err
	}
	return render.NewTavla(512).Draw(render.Frame{Position: p, Players: [2]string{"Ayşe", "oyunbot (zor)"},
		Title: "#g4 · tavla", Footer: "Beyaz oynar", Match: render.MatchScore{Points: [2]int{1, 2}, Target: 5}})
}

// islemExample is the rules' worked example: the 12 on d6 completes four
// operations.
func islemExample(io.Writer) ([]byte, error) {
	return render.NewIslem(512).Draw(render.Frame{Position: islem.ExamplePosition(), Players: [2]string{"Ayşe", "oyunbot (zor)"},
		Title: "#g5 · işlem", Footer: "(12=2×6) (12=5+7) (12=4×3) (12+5=9+8): 5 taş al"})
}

// puzzleBoard is the 8-puzzle after its first move.
func puzzleBoard(io.Writer) ([]byte, error) {
	p := puzzle.Eight.Start()
	p.Make(ai.Move{Lo: puzzle.Left})
	return render.NewPuzzle(512).Draw(render.Frame{Position: p, Players: [2]string{"Ayşe", ""},
		Title: "#g4 · 8 taş", Footer: "hamle 1 · en kısa çözüm 22"})
}

// puzzleCompare is the puzzles' compare command on the 8-puzzle's start
// as its chart: every search's nodes, on a node budget (the same figures
// whatever the machine's load); its table goes to w.
func puzzleCompare(w io.Writer) ([]byte, error) {
	p := puzzle.Eight.Start().(*puzzle.Pos)
	b := puzzle.CompareBudget
	b.Time = 0
	rows, err := puzzle.Compare(context.Background(), p, b)
	if err != nil {
		return nil, err
	}
	fmt.Fprintln(w, puzzle.CompareTable("en", p, rows, b))
	return render.Chart(*puzzle.CompareChart("en", "8-puzzle", rows), 800)
}

// play makes moves, typed as people type them, from p.
func play(p games.Position, moves []string) (games.Position, error) {
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s, err)
		}
		p.Make(m)
	}
	return p, nil
}
