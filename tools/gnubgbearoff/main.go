// Command gnubgbearoff writes the fixture games/tavla's bear-off database
// is checked against: random pure bear-offs (both sides home, 1 to 15
// checkers each, the rest off) with GNU Backgammon's cubeless chances for
// the side on roll (its 0-ply evaluation, which in a bear-off reads its
// own bear-off databases: the two-sided one, exact, for up to six
// checkers each within six points, else the one-sided one):
//
//	go run ./tools/gnubgbearoff -n 300 -seed 1 > games/tavla/testdata/bearoff-gnubg.txt
//
// Every fourth board has all 15 checkers (none off), so that gammons
// count. Each line: the roller's home board and the opponent's (six counts each,
// the 1 point first), then gnubg's P(win), P(gammon win), P(gammon loss).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

const script = `import gnubg, sys
ec = gnubg.evalcontext()
ec["plies"] = 0
ec["cubeful"] = 0
ec["noise"] = 0.0
ec["deterministic"] = 1
sys.stdout.write("ready\n")
sys.stdout.flush()
for line in sys.stdin:
    f = [int(x) for x in line.split()]
    me = tuple(f[0:6] + [0] * 19)
    opp = tuple(f[6:12] + [0] * 19)
    gnubg.command("new game")
    pr = gnubg.evaluate((opp, me), gnubg.cubeinfo(), ec)
    sys.stdout.write("ANS %.6f %.6f %.6f\n" % (pr[0], pr[1], pr[3]))
    sys.stdout.flush()
`

func main() {
	n := flag.Int("n", 300, "positions")
	seed := flag.Uint64("seed", 1, "seed of the positions")
	path := flag.String("gnubg", "/usr/games/gnubg", "the gnubg program")
	flag.Parse()
	if err := run(os.Stdout, *n, *seed, *path); err != nil {
		fmt.Fprintln(os.Stderr, "gnubgbearoff:", err)
		os.Exit(1)
	}
}

// board is a random home board of 1 to 15 checkers (all 15, none off, a
// time in four, so that gammons count): its count first, then each
// checker on a point drawn uniformly.
func board(r *rand.Rand) [6]int {
	var c [6]int
	k := 1 + r.IntN(15)
	if r.IntN(4) == 0 {
		k = 15
	}
	for range k {
		c[r.IntN(6)]++
	}
	return c
}

func run(w io.Writer, n int, seed uint64, path string) error {
	dir, err := os.MkdirTemp("", "gnubgbearoff")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	py := filepath.Join(dir, "bearoff.py")
	if err := os.WriteFile(py, []byte(script), 0o644); err != nil {
		return err
	}
	cmd := exec.Command(path, "-t", "-q", "-p", py)
	cmd.Dir = dir
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	defer cmd.Wait()
	defer in.Close()
	out := bufio.NewReader(pipe)
	next := func(prefix string) (string, error) {
		for {
			line, err := out.ReadString('\n')
			if err != nil {
				return "", fmt.Errorf("gnubg: %w", err)
			}
			if strings.HasPrefix(line, prefix) {
				return strings.TrimSpace(strings.TrimPrefix(line, prefix)), nil
			}
		}
	}
	if _, err := next("ready"); err != nil {
		return err
	}
	fmt.Fprintf(w, "# gnubgbearoff -n %d -seed %d: the roller's board, the opponent's (1 point first), gnubg's 0-ply P(win) P(gammon win) P(gammon loss)\n", n, seed)
	r := rand.New(rand.NewPCG(seed, 0xbea2))
	for range n {
		a, b := board(r), board(r)
		var fields []string
		for _, c := range append(a[:], b[:]...) {
			fields = append(fields, fmt.Sprint(c))
		}
		line := strings.Join(fields, " ")
		if _, err := io.WriteString(in, line+"\n"); err != nil {
			return err
		}
		ans, err := next("ANS ")
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%s %s\n", line, ans)
	}
	return nil
}
