package draughts

// capabilities.go states at compile time the optional capabilities
// Italian draughts and checkers implement, by group
// (games/capabilities.go): a method renamed away from one of them fails the
// build here. internal/registry's TestCapabilities compares every
// registered game's capabilities with its saved list.

import (
	"oyunbot/ai"
	"oyunbot/games"
)

var (
	// hosting
	_ games.Hosted    = Game{}
	_ games.Commander = Game{}
	_ games.Readier   = Game{}
	_ games.Decider   = (*Position)(nil)
	// marks
	_ games.Highlighter  = (*Position)(nil)
	_ games.Forcer       = (*Position)(nil)
	_ games.PieceLabeler = (*Position)(nil)
	// tools
	_ games.Perfter = (*Position)(nil)
	// search
	_ ai.NoisyGenerator    = (*Position)(nil)
	_ ai.Repeater          = (*Position)(nil)
	_ ai.MaterialEvaluator = (*Position)(nil)
	_ ai.Styler            = (*Position)(nil)
	_ ai.Checker           = (*Position)(nil)
	_ ai.Tuner             = (*Position)(nil)
	_ ai.MoveKeyer         = (*Position)(nil)
	_ ai.StructureKeyer    = (*Position)(nil)
	_ ai.SideKeyer         = (*Position)(nil)
	_ ai.OwnSearcher       = (*Position)(nil)
	// analysis (the post-game analysis: assessment.go)
	_ games.Assessor = Game{}
	_ games.Phaser   = (*Position)(nil)
)
