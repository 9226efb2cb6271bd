package tavla

// capabilities.go states at compile time the optional capabilities tavla
// implements, by group (games/capabilities.go): a method renamed away from
// one of them fails the build here. internal/registry's TestCapabilities
// compares every registered game's capabilities with its saved list.

import (
	"oyunbot/ai"
	"oyunbot/games"
)

var (
	// hosting
	_ games.Hosted       = Game{}
	_ games.MatchStarter = Backgammon{}
	_ games.Readier      = Standard{}   // the bear-off database
	_ games.Readier      = Backgammon{} // the same
	_ games.Staker       = (*Pos)(nil)  // backgammon's cube; 1 in tavla and hapis
	// marks: backgammon's cube actions as buttons (none at other times)
	_ games.MoveButtoner = (*Pos)(nil)
	_ games.MoveLabeler  = (*Pos)(nil)
	_ games.StatusNoter  = (*Pos)(nil) // the cube once turned; "" in tavla and hapis
	// turns
	_ games.TurnReader = (*Pos)(nil)
	_ games.Prompter   = (*Pos)(nil)
	_ games.AutoMover  = (*Pos)(nil)
	// language
	_ games.TextBoarder = (*Pos)(nil)
	// tools
	_ games.Perfter = (*Pos)(nil)
	// search
	_ ai.NoisyGenerator = (*Pos)(nil)
	_ ai.Styler         = (*Pos)(nil)
	_ ai.OwnSearcher    = (*Pos)(nil)
	// chance
	_ ai.Stochastic = (*Pos)(nil)
	// analysis (the post-game analysis: assessment.go)
	_ games.Assessor = Game{}
	_ games.Phaser   = (*Pos)(nil)
)
