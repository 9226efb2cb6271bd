// Command perftcmp measures chess move generation: bulk-counted perft on
// the standard suite (the Chess Programming Wiki's "Perft Results"
// positions), on one core, with oyunbot's generator (games/chess) and,
// when built with -tags dragontooth, github.com/dylhunn/dragontoothmg side
// by side in the same run. It prints nodes per second for each and checks
// every count against the published one.
//
//	cd tools/perftcmp && go run . [-quick]
//	cd tools/perftcmp && go get github.com/dylhunn/dragontoothmg && go run -tags dragontooth . [-quick]
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"time"

	"oyunbot/games/chess"
)

// position is one line of the suite: the depth measured and its count.
type position struct {
	name  string
	fen   string
	depth int
	nodes uint64
	quick int // the depth of -quick
	qn    uint64
}

var suite = []position{
	{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119060324, 5, 4865609},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193690690, 4, 4085603},
	{"pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 178633661, 6, 11030083},
	{"pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15833292, 4, 422333},
	{"pos5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89941194, 4, 2103487},
	{"pos6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5, 164075551, 4, 3894594},
}

// generator is one move generator under test.
type generator struct {
	name  string
	perft func(fen string, depth int) uint64
}

// others are the generators compared with ours (dragontooth.go adds one).
var others []generator

func ours(fen string, depth int) uint64 {
	p, err := chess.ParseFEN(fen)
	if err != nil {
		panic(err)
	}
	return p.Perft(depth)
}

func main() {
	quick := flag.Bool("quick", false, "one ply less on every position (about 30 times faster)")
	flag.Parse()
	runtime.GOMAXPROCS(1)
	gens := append([]generator{{"oyunbot", ours}}, others...)
	if len(others) == 0 {
		fmt.Println("(dragontoothmg not built in: go get github.com/dylhunn/dragontoothmg && go run -tags dragontooth .)")
	}
	fmt.Printf("%-10s %5s %12s", "position", "depth", "nodes")
	for _, g := range gens {
		fmt.Printf(" %16s", g.name+" Mn/s")
	}
	fmt.Println()
	totalNodes := make([]uint64, len(gens))
	totalTime := make([]time.Duration, len(gens))
	failed := false
	for _, pos := range suite {
		depth, want := pos.depth, pos.nodes
		if *quick {
			depth, want = pos.quick, pos.qn
		}
		fmt.Printf("%-10s %5d %12d", pos.name, depth, want)
		for i, g := range gens {
			start := time.Now()
			n := g.perft(pos.fen, depth)
			el := time.Since(start)
			if n != want {
				fmt.Printf(" %16s", fmt.Sprintf("WRONG %d", n))
				failed = true
				continue
			}
			totalNodes[i] += n
			totalTime[i] += el
			fmt.Printf(" %16.1f", float64(n)/el.Seconds()/1e6)
		}
		fmt.Println()
	}
	fmt.Printf("%-10s %5s %12d", "total", "", totalNodes[0])
	for i := range gens {
		fmt.Printf(" %16.1f", float64(totalNodes[i])/totalTime[i].Seconds()/1e6)
	}
	fmt.Println()
	if failed {
		os.Exit(1)
	}
}
