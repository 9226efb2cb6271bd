package chessgame

// capabilities.go states at compile time the optional capabilities chess
// implements, by group (games/capabilities.go): a method renamed away from
// one of them fails the build here. internal/registry's TestCapabilities
// compares every registered game's capabilities with its saved list.

import (
	"oyunbot/ai"
	"oyunbot/games"
)

var (
	// hosting
	_ games.Hosted    = Game{}
	_ games.Commander = Game{}
	// language
	_ games.MoveNumberer  = Game{}
	_ games.LocalNotation = (*Position)(nil)
	_ games.ReadingLister = (*Position)(nil)
	// marks
	_ games.Highlighter  = (*Position)(nil)
	_ games.PieceLabeler = (*Position)(nil)
	// tools
	_ games.Perfter = (*Position)(nil)
	// search
	_ ai.NoisyGenerator = (*Position)(nil)
	_ ai.Repeater       = (*Position)(nil)
	_ ai.NullMover      = (*Position)(nil)
	_ ai.Checker        = (*Position)(nil)
	_ ai.MoveScorer     = (*Position)(nil)
	_ ai.Styler         = (*Position)(nil)
	_ ai.Booker         = (*Position)(nil)
	_ ai.Tuner          = (*Position)(nil)
	_ ai.Exchanger      = (*Position)(nil)
	_ ai.MoveKeyer      = (*Position)(nil)
	_ ai.CheckGiver     = (*Position)(nil)
	// analysis (the post-game analysis: assessment.go)
	_ games.Assessor = Game{}
	_ games.Phaser   = (*Position)(nil)
)
