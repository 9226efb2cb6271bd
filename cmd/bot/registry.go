package main

import (
	"oyunbot/games"
	"oyunbot/games/dama"
	"oyunbot/games/tictactoe"
)

// gameList is the one place where games are registered. Adding a game means
// adding it here (and its renderer in the same place of the bot wiring).
func gameList() []games.Game {
	return []games.Game{
		dama.Game{},
		tictactoe.Game{},
	}
}

func registry() *games.Registry {
	r, err := games.NewRegistry(gameList()...)
	if err != nil {
		panic(err) // a programming error: two games share a name
	}
	return r
}

// gameNames lists the canonical names of the registered games (Discord
// offers them as slash-command choices).
func gameNames() []string {
	var names []string
	for _, g := range gameList() {
		names = append(names, g.Name())
	}
	return names
}
