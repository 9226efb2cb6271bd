package main

// gen.go makes positions with known results for the evaluation's tuning
// (once for the tuner's -tune-file, now tools/chesstune): Stockfish plays itself at a fixed
// node count from random openings, and every quiet position of a game
// (not in check, a quiet best move) is written with the game's result:
//
//	go run ./tools/strength -gen 400 -gen-out /tmp/positions.txt
//
// Each line is "FEN;R" with R the result for White: 1, 0.5 or 0.

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/games/chess/chessgame"
)

// genPositions plays n games and writes their quiet positions to path.
func genPositions(sfPath string, n int, nodes int, path string, seed uint64) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	defer w.Flush()
	sf, err := startEngine(sfPath)
	if err != nil {
		return err
	}
	defer sf.close()
	sf.send("uci")
	if _, err := sf.await("uciok"); err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	total := 0
	for g := 0; g < n; g++ {
		sf.send("ucinewgame")
		p := chessgame.NewStart()
		var moves, fens []string
		for ply := 0; ply < 300 && !p.Status().Over; ply++ {
			var mv string
			if ply < 8 {
				ms := p.Moves(nil)
				m := ms[rng.IntN(len(ms))]
				mv = p.UCI(m)
			} else {
				sf.send("position startpos moves " + strings.Join(moves, " "))
				sf.send("go nodes " + strconv.Itoa(nodes))
				line, err := sf.await("bestmove ")
				if err != nil {
					return err
				}
				mv = strings.Fields(line)[1]
			}
			m, err := p.ParseMove(mv)
			if err != nil {
				return fmt.Errorf("game %d: %v", g, err)
			}
			if ply >= 8 && !p.InCheck() && !p.Noisy(m) {
				fens = append(fens, p.String())
			}
			p.Make(m)
			moves = append(moves, mv)
		}
		result := "0.5"
		if st := p.Status(); st.Over && st.Winner != ai.NoSide {
			result = map[ai.Side]string{ai.First: "1", ai.Second: "0"}[st.Winner]
		}
		for _, fen := range fens {
			fmt.Fprintf(w, "%s;%s\n", fen, result)
		}
		total += len(fens)
		if g%20 == 19 {
			fmt.Fprintf(os.Stderr, "%d games, %d positions\n", g+1, total)
		}
	}
	return nil
}
