package puzzle

// capabilities.go states at compile time the optional capabilities the
// sliding puzzles implement, by group (games/capabilities.go): a method renamed away from
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
	_ games.Readier   = Game{}
	// turns
	_ games.TurnReader = (*Pos)(nil)
	// language
	_ games.TextBoarder = (*Pos)(nil)
	// solo
	_ games.RandomStarter = Game{}
	_ games.Solver        = (*Pos)(nil)
	_ games.PatientSolver = (*Pos)(nil)
	// single
	_ ai.Puzzle     = (*Pos)(nil)
	_ ai.Reversible = (*Pos)(nil)
	// analysis (the post-game analysis: assessment.go)
	_ games.Assessor = Game{}
)
