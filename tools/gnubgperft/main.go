// Command gnubgperft makes the test fixture of standard tavla's move
// generator with GNU Backgammon's: positions with dice from random games
// (and a few chosen for the bar, the larger die and bearing off), each
// with the number of distinct legal turns gnubg's `hint` lists for it at
// 0 plies (every legal move, one per resulting position):
//
//	go run ./tools/gnubgperft -games 60 -out games/tavla/testdata/standard-perft.txt
//
// It needs gnubg (Debian's package; /usr/games/gnubg) and is never run by
// the tests, which read the fixture it wrote.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/tavla"
)

// chosen are positions picked by hand: checkers on the bar against closed
// points, a roll of which only one die can be played, bearing off with
// higher dice.
var chosen = []string{
	// Two White checkers on the bar, Black holds four of White's entry points.
	"b2,b2,.,b2,.,b2,.,.,.,.,.,w5,.,.,.,.,w3,w5,.,.,.,.,.,b7 0 0 2 0 w 6-3",
	"b2,b2,.,b2,.,b2,.,.,.,.,.,w5,.,.,.,.,w3,w5,.,.,.,.,.,b7 0 0 2 0 w 5-5",
	"b2,b2,b2,b2,.,b2,.,.,.,.,.,w6,.,.,.,.,w3,w5,.,.,.,.,.,b5 0 0 1 0 w 6-4",
	// White's 7 point plays both dice; its 24 is shut in.
	"w1,.,.,.,.,b2,b2,b2,b2,b2,b2,.,.,.,.,.,.,w14,.,.,.,.,.,b3 0 0 0 0 w 6-5",
	// Either die alone, not both: the larger (13/7 only).
	"b13,.,.,.,.,.,.,.,.,.,.,w1,.,.,.,.,.,.,.,.,.,.,b2,w14 0 0 0 0 w 6-5",
	// Bearing off with higher dice.
	".,.,.,.,.,.,.,.,.,.,.,.,b5,b5,b5,.,.,.,.,.,w2,w3,.,w1 0 0 9 0 w 6-5",
	".,.,.,.,.,.,.,.,.,.,.,.,b5,b5,b5,.,.,.,.,.,w2,w3,.,w1 9 0 0 0 w 6-6",
	".,.,.,.,.,.,.,.,.,.,.,.,b5,b5,b5,.,.,.,.,w1,.,w2,.,. 12 0 0 0 w 4-3",
}

func main() {
	games_ := flag.Int("games", 60, "random games to sample positions from")
	every := flag.Int("every", 3, "keep one turn in this many")
	seed := flag.Uint64("seed", 1, "random seed")
	gnubg := flag.String("gnubg", "/usr/games/gnubg", "the gnubg program")
	out := flag.String("out", "standard-perft.txt", "the fixture to write")
	flag.Parse()
	if err := run(*games_, *every, *seed, *gnubg, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gnubgperft:", err)
		os.Exit(1)
	}
}

type sample struct {
	text  string
	board [2][25]int // gnubg's: [0] the side not on roll, [1] the side on roll
	dice  [2]int
}

func run(n, every int, seed uint64, gnubg, out string) error {
	g := tavla.Standard{}
	var samples []sample
	for _, t := range chosen {
		p, err := g.ParsePosition(t)
		if err != nil {
			return fmt.Errorf("%q: %w", t, err)
		}
		samples = append(samples, sampleOf(p.(*tavla.Pos)))
	}
	rng := rand.New(rand.NewPCG(seed, 2))
	for range n {
		p := g.Start().(*tavla.Pos)
		turn := 0
		for !p.Status().Over && turn < 400 {
			if p.Turn() == ai.Chance {
				cs := p.Chances(nil)
				m := cs[rng.IntN(len(cs))].Move // the opening's are equally likely
				if turn > 0 {
					// Later, doubles weigh half: draw the dice.
					a, b := rng.IntN(6)+1, rng.IntN(6)+1
					mv, err := p.ParseMove(fmt.Sprintf("%d%d:", max(a, b), min(a, b)))
					if err != nil {
						return err
					}
					m = mv
				}
				p.Make(m)
				a, _, left := p.Dice()
				if turn%every == 0 && left > 0 && a > 0 {
					samples = append(samples, sampleOf(p))
				}
				turn++
				continue
			}
			ms := p.Moves(nil)
			p.Make(ms[rng.IntN(len(ms))])
		}
	}
	counts, err := askGnubg(gnubg, samples)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	b.WriteString("# Standard tavla (backgammon's moves) perft: a position (games/tavla standard text, White's\n")
	b.WriteString("# numbering; the dice to play) and the number of distinct legal turns (distinct resulting\n")
	b.WriteString("# positions) GNU Backgammon 1.07.001 (Debian's gnubg) lists for it: `hint` at 0 plies with\n")
	b.WriteString("# pruning off, one line per legal move; 0 when the roll cannot be played.\n")
	fmt.Fprintf(&b, "# Made by: go run ./tools/gnubgperft -games %d -every %d -seed %d\n", n, every, seed)
	for i, s := range samples {
		fmt.Fprintf(&b, "%s %d\n", s.text, counts[i])
	}
	return os.WriteFile(out, b.Bytes(), 0o644)
}

// sampleOf reads p (holding a fresh roll) into gnubg's board.
func sampleOf(p *tavla.Pos) sample {
	s := sample{text: p.String()}
	a, b, _ := p.Dice()
	s.dice = [2]int{a, b}
	if fs := strings.Fields(s.text); len(fs) == 7 {
		// The dice left, as the text says them (a fresh roll here).
		if x, y, ok := strings.Cut(fs[6], "-"); ok {
			s.dice[0], _ = strconv.Atoi(x)
			s.dice[1], _ = strconv.Atoi(y)
		}
	}
	mover := p.Side()
	bar := p.Bar()
	for side := ai.First; side <= ai.Second; side++ {
		k := 0
		if side == mover {
			k = 1
		}
		for i := range 24 {
			st, n, _ := p.Stack(i)
			if st != side {
				continue
			}
			// Board index i in White's numbering is White's own point
			// i+1, named 24-i; Black's own point 24-i, named i+1.
			name := 24 - i
			if side == ai.Second {
				name = i + 1
			}
			s.board[k][name-1] = n
		}
		s.board[k][24] = bar[side]
	}
	return s
}

const script = `import gnubg
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("set evaluation chequerplay evaluation plies 0")
gnubg.command("set evaluation chequerplay evaluation prune off")
out = open("out.txt", "w")
for line in open("in.txt"):
    f = [int(x) for x in line.split()]
    board = (tuple(f[0:25]), tuple(f[25:50]))
    gnubg.command("new game")
    gnubg.command("set board " + gnubg.positionid(board))
    gnubg.command("set dice %d %d" % (f[50], f[51]))
    try:
        h = gnubg.hint(100000)
        n = len(h["hint"])
    except Exception:
        n = 0
    out.write("%d\n" % n)
out.close()
`

// askGnubg counts each sample's legal moves with gnubg.
func askGnubg(gnubg string, samples []sample) ([]int, error) {
	dir, err := os.MkdirTemp("", "gnubgperft")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	var in bytes.Buffer
	for _, s := range samples {
		for k := range 2 {
			for _, v := range s.board[k] {
				fmt.Fprintf(&in, "%d ", v)
			}
		}
		fmt.Fprintf(&in, "%d %d\n", s.dice[0], s.dice[1])
	}
	inPath, outPath, pyPath := filepath.Join(dir, "in.txt"), filepath.Join(dir, "out.txt"), filepath.Join(dir, "count.py")
	if err := os.WriteFile(inPath, in.Bytes(), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(pyPath, []byte(script), 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command(gnubg, "-t", "-q", "-p", pyPath)
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("gnubg: %w\n%s", err, b)
	}
	f, err := os.Open(outPath)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var counts []int
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		n, err := strconv.Atoi(strings.TrimSpace(sc.Text()))
		if err != nil {
			return nil, err
		}
		counts = append(counts, n)
	}
	if len(counts) != len(samples) {
		return nil, fmt.Errorf("gnubg answered %d counts for %d positions", len(counts), len(samples))
	}
	return counts, nil
}

var _ games.Position = (*tavla.Pos)(nil)
