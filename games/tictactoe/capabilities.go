package tictactoe

// capabilities.go states at compile time the optional capabilities tic-tac-toe
// implements, by group (games/capabilities.go): a method renamed away from
// one of them fails the build here. internal/registry's TestCapabilities
// compares every registered game's capabilities with its saved list.

import (
	"oyunbot/ai"
	"oyunbot/games"
)

var (
	// hosting
	_ games.Hosted = Game{}
	// marks
	_ games.Highlighter  = (*Position)(nil)
	_ games.WinningLiner = (*Position)(nil)
	_ games.MoveButtoner = (*Position)(nil)
	// language
	_ games.TextBoarder = (*Position)(nil)
	// search
	_ ai.NoisyGenerator = (*Position)(nil)
	// analysis (the post-game analysis: assessment.go)
	_ games.Assessor = Game{}
)
