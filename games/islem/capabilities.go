package islem

// capabilities.go states at compile time the optional capabilities İşlem
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
	// turns
	_ games.TurnReader  = (*Position)(nil)
	_ games.Prompter    = (*Position)(nil)
	_ games.Explainer   = (*Position)(nil)
	_ games.LegalLister = (*Position)(nil)
	// marks
	_ games.Highlighter = (*Position)(nil)
	// language
	_ games.TextBoarder = (*Position)(nil)
	_ games.MoveGrouper = (*Position)(nil)
	// tools
	_ games.Perfter = (*Position)(nil)
	// search
	_ ai.NoisyGenerator = (*Position)(nil)
	_ ai.Styler         = (*Position)(nil)
	// analysis (the post-game analysis: assessment.go)
	_ games.Assessor = Game{}
	_ games.Phaser   = (*Position)(nil)
)
