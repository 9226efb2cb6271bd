package main

import "oyunbot/render"

// boardSize is the side of a board picture in pixels.
const boardSize = 512

// drawers maps a game (as named in gameList) to its board renderer; a game
// without one is shown as a text board. Keep it next to gameList: adding a
// game means adding both.
func drawers() map[string]render.Drawer {
	return map[string]render.Drawer{
		"dama":      render.NewDama(boardSize),
		"tictactoe": render.NewTicTacToe(boardSize),
	}
}
