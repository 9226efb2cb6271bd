package main

// registry.go is the one place where games are registered: one line per
// game, with its board renderer. The registry, the drawers, the adapters'
// choices and menus, and the engine tools' game lists all follow from it.

import (
	"oyunbot/chat/discord"
	"oyunbot/games"
	"oyunbot/games/chess"
	"oyunbot/games/dama"
	"oyunbot/games/draughts"
	"oyunbot/games/islem"
	"oyunbot/games/puzzle"
	"oyunbot/games/tavla"
	"oyunbot/games/tictactoe"
	"oyunbot/render"
)

// entry registers one game.
type entry struct {
	Game games.Game
	// Drawer makes the renderer of its board pictures, size pixels square;
	// nil: the game is shown as a text board.
	Drawer func(size int) render.Drawer
}

// entries are the games the bot plays. Adding a game is adding its line.
func entries() []entry {
	return []entry{
		{Game: chess.Game{}, Drawer: render.NewChess},
		{Game: dama.Game{}, Drawer: render.NewDama},
		{Game: draughts.Italian, Drawer: render.NewItalianDraughts},
		{Game: draughts.Checkers, Drawer: render.NewCheckers},
		{Game: islem.Game{}, Drawer: render.NewIslem},
		{Game: puzzle.Eight, Drawer: render.NewPuzzle},
		{Game: puzzle.Fifteen, Drawer: render.NewPuzzle},
		{Game: tavla.Game{}, Drawer: render.NewTavla},
		{Game: tictactoe.Game{}, Drawer: render.NewTicTacToe},
	}
}

// boardSize is the side of a board picture in pixels.
const boardSize = 512

func gameList() []games.Game {
	var out []games.Game
	for _, e := range entries() {
		out = append(out, e.Game)
	}
	return out
}

func registry() *games.Registry {
	r, err := games.NewRegistry(gameList()...)
	if err != nil {
		panic(err) // a programming error: two games share a name
	}
	return r
}

// drawers maps each game with a renderer to it, by the game's name.
func drawers() map[string]render.Drawer {
	out := map[string]render.Drawer{}
	for _, e := range entries() {
		if e.Drawer != nil {
			out[e.Game.Name()] = e.Drawer(boardSize)
		}
	}
	return out
}

// gameNames lists the canonical names of the registered games.
func gameNames() []string {
	var names []string
	for _, g := range gameList() {
		names = append(names, g.Name())
	}
	return names
}

// catalogText is key of a game's own catalogue in English and Turkish (the
// English for both when the game has no Turkish; "" when none).
func catalogText(g games.Game, key string) (en, tr string) {
	cat := games.HostOf(g).Catalog
	en, tr = cat["en"][key], cat["tr"][key]
	if tr == "" {
		tr = en
	}
	return en, tr
}

// discordGames are the registered games as slash-command choices, with
// their names in English and Turkish; keep filters them.
func discordGames(keep func(games.Game) bool) []discord.Choice {
	var out []discord.Choice
	for _, g := range gameList() {
		if keep == nil || keep(g) {
			en, tr := catalogText(g, "name")
			out = append(out, discord.Choice{Value: g.Name(), Name: en, NameTR: tr})
		}
	}
	return out
}

// discordSides are the sides of the games played against someone, as
// /play's side choices: the word that chooses each (its key when people
// may type it), named as its game names it; a side two games share (white
// in dama and chess) is offered once.
func discordSides() []discord.Choice {
	var out []discord.Choice
	seen := map[string]bool{}
	for _, g := range gameList() {
		h := games.HostOf(g)
		if g.Players() != 2 {
			continue
		}
		for i, s := range h.Sides {
			word := s.Key
			if side, ok := h.SideByWord(word); (!ok || int(side) != i) && len(s.Words) > 0 {
				word = s.Words[0]
			}
			if seen[word] {
				continue
			}
			seen[word] = true
			en, tr := catalogText(g, "side."+s.Key)
			out = append(out, discord.Choice{Value: word, Name: en, NameTR: tr})
		}
	}
	return out
}

func twoPlayers(g games.Game) bool { return g.Players() == 2 }
