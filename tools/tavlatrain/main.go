// Command tavlatrain trains tavla's network by TD(λ) self-play
// (tavla.Trainer) and writes its weights, with checkpoints along the way
// for the learning curve (tools/tavlamatch measures them):
//
//	nice -n 10 go run ./tools/tavlatrain -seed 1 -games 300000 -out /tmp/tavlanet
//
// A run is reproducible from its flags: the weights start from -seed and
// the dice of game g are the g-th draw of one generator seeded from it,
// one game after the other on one goroutine. The last network goes to
// OUT/net.bin and each checkpoint to OUT/net-<games>.bin; copy the chosen
// one to games/tavla/net<version>.bin to embed it.
package main

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"

	"oyunbot/ai"
	"oyunbot/games/tavla"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// run is the command with its arguments and outputs; it returns the exit
// status.
func run(args []string, stdout, stderr io.Writer) int {
	flag := flag.NewFlagSet("tavlatrain", flag.ContinueOnError)
	flag.SetOutput(stderr)
	seed := flag.Uint64("seed", 1, "seed of the first weights and of the dice")
	games := flag.Int("games", 100000, "self-play games")
	hidden := flag.Int("hidden", 64, "hidden units")
	lambda := flag.Float64("lambda", 0.7, "TD(λ)'s λ")
	alpha := flag.Float64("alpha", 0.05, "learning rate at the start")
	alphaEnd := flag.Float64("alpha-end", 0.01, "learning rate at the end (linear in between)")
	every := flag.Int("checkpoint", 10000, "write a checkpoint every this many games")
	out := flag.String("out", "tavlanet", "folder for the checkpoints and the last network")
	from := flag.String("from", "", "go on from these weights instead of new ones")
	version := flag.Uint("version", tavla.NetVersion, "version written into the weights")
	standard := flag.Bool("standard", false, "train for standard tavla (hitting) rather than hapis")
	if err := flag.Parse(args); err != nil {
		return 2
	}
	if *games < 1 || *hidden < 1 || *hidden > 256 || *lambda < 0 || *lambda > 1 || *alpha <= 0 || *alphaEnd <= 0 || *every < 1 {
		fmt.Fprintln(stderr, "tavlatrain: -games and -checkpoint must be positive, -hidden 1..256, -lambda 0..1, the rates positive")
		return 2
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(stderr, "tavlatrain:", err)
		return 1
	}
	init := rand.New(rand.NewPCG(*seed, 2))
	net := tavla.NewNet(*hidden, 0.1, init.Float64)
	if *from != "" {
		f, err := os.Open(*from)
		if err == nil {
			net, err = tavla.ReadNet(f)
			f.Close()
		}
		if err != nil {
			fmt.Fprintln(stderr, "tavlatrain:", err)
			return 1
		}
	}
	net.Version = uint32(*version)
	dice := rand.New(rand.NewPCG(*seed, 1))
	tr := tavla.NewTrainer(net, *lambda, *alpha)
	tr.Standard = *standard
	start := time.Now()
	var turns, wins, mars, draws int
	for g := 1; g <= *games; g++ {
		tr.Alpha = *alpha + (*alphaEnd-*alpha)*float64(g-1)/float64(max(*games-1, 1))
		r := tr.PlayGame(dice)
		turns += r.Turns
		switch {
		case r.Winner == ai.NoSide:
			draws++
		case r.Winner == ai.First:
			wins++
		}
		if r.Points > 1 {
			mars++
		}
		if g%1000 == 0 {
			el := time.Since(start)
			fmt.Fprintf(stdout, "games %d elapsed %s games/s %.1f turns/game %.1f white %.3f mars %.3f draws %d alpha %.4f\n",
				g, el.Round(time.Second), float64(g)/el.Seconds(), float64(turns)/1000, float64(wins)/1000, float64(mars)/1000, draws, tr.Alpha)
			turns, wins, mars, draws = 0, 0, 0, 0
		}
		if g%*every == 0 || g == *games {
			std := ""
			if *standard {
				std = " -standard"
			}
			net.Note = fmt.Sprintf("tavlatrain%s -seed %d -games %d -hidden %d -lambda %g -alpha %g -alpha-end %g (after %d games)",
				std, *seed, *games, *hidden, *lambda, *alpha, *alphaEnd, g)
			name := fmt.Sprintf("net-%d.bin", g)
			if g == *games {
				name = "net.bin"
			}
			if err := write(filepath.Join(*out, name), net); err != nil {
				fmt.Fprintln(stderr, "tavlatrain:", err)
				return 1
			}
		}
	}
	return 0
}

func write(path string, n *tavla.Net) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := n.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
