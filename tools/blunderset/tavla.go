package main

import (
	"fmt"

	"oyunbot/games"
	"oyunbot/games/tavla"
)

type tavlaGame = tavla.Game

// newTavlaInjector: tavla's blunders need its reference evaluation.
func newTavlaInjector(g games.Game) (injector, error) {
	return nil, fmt.Errorf("%w: %s", errNoOracle, g.Name())
}
