package main

// tavla.go: tavla's blunder, a checker left exposed.

import (
	"math/rand/v2"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/tavla"
)

type tavlaGame = tavla.Game

// tavlaBlunder is the smallest loss of an injected blunder: GNU
// Backgammon's "very bad" move.
const tavlaBlunder = 0.16

// tavlaInjector leaves a checker exposed: a turn that leaves more of the
// mover's single checkers within a direct shot (one to six points) of an
// opponent's checker than the best turn does, and that the reference
// evaluation two plies deep, over every turn (not filtered as the
// analysis's search is), finds loses at least tavlaBlunder points.
type tavlaInjector struct{ a *tavla.Analyser }

func newTavlaInjector(games.Game) (injector, error) {
	return tavlaInjector{tavla.NewAnalyser(2)}, nil
}

func (tavlaInjector) close() {}

func (t tavlaInjector) blunder(p games.Position, rng *rand.Rand) ([]ai.Move, float64, error) {
	pos := p.(*tavla.Pos)
	turns, err := t.a.Turns(pos)
	if err != nil || len(turns) < 2 {
		return nil, 0, err
	}
	mover := pos.Turn()
	bestExposed := exposedAfter(pos, turns[0].Moves, mover)
	var cands []tavla.RatedTurn
	for _, tn := range turns[1:] {
		if turns[0].Equity-tn.Equity >= tavlaBlunder && exposedAfter(pos, tn.Moves, mover) > bestExposed {
			cands = append(cands, tn)
		}
	}
	if len(cands) == 0 {
		return nil, 0, nil
	}
	c := cands[rng.IntN(len(cands))]
	return c.Moves, turns[0].Equity - c.Equity, nil
}

// exposedAfter counts side's single checkers within a direct shot of an
// opponent's checker after plies from p. White moves up the points
// (index 0 is its point 1), black down; a checker on top of a pinned one
// cannot be landed on.
func exposedAfter(p *tavla.Pos, plies []ai.Move, side ai.Side) int {
	q := p.Clone()
	for _, m := range plies {
		q.Make(m)
	}
	pts := q.(*tavla.Pos).Points()
	n := 0
	for i, pt := range pts {
		if pt.Side != side || pt.Count != 1 || pt.Pinned {
			continue
		}
		for d := 1; d <= 6; d++ {
			j := i + d // where a black checker hits from
			if side == ai.Second {
				j = i - d
			}
			if j >= 0 && j < len(pts) && pts[j].Side == side.Opponent() {
				n++
				break
			}
		}
	}
	return n
}
