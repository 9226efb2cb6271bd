package games

// capabilities.go lists every optional interface a game may implement,
// grouped into capabilities, so that what a game can do is one list
// (Capabilities) that a test keeps: a renamed method silently drops an
// interface, and the bot then silently drops the feature.
//
// The groups, each documented in its file:
//
//	hosting   how the bot hosts it (host.go, commands.go): Hosted, Commander, Readier, Decider, MatchStarter, Staker
//	turns     turns of several plies (turns.go): TurnReader, Prompter, Explainer, AutoMover, LegalLister
//	marks     what the picture and buttons show (marks.go): Highlighter, WinningLiner, Forcer, MoveButtoner, MoveLabeler, PieceLabeler,
//	          StatusNoter
//	language  a person's language (local.go): LocalNotation, ReadingLister, MoveNumberer, TextBoarder, MoveGrouper
//	solo      one-player games (solo.go): RandomStarter, Solver, PatientSolver
//	tools     the engine tools (games.go): Perfter
//	search    what the engine's search uses (package ai): NoisyGenerator, Repeater, NullMover, Checker,
//	          MoveScorer, MaterialEvaluator, Styler, Booker, OwnSearcher, and the modern
//	          search's Tuner, TuningChecker, Exchanger, MoveKeyer, CaptureKeyer, StructureKeyer, SideKeyer,
//	          CheckGiver
//	chance    dice (package ai): Stochastic
//	single    single-agent search (package ai): Puzzle, Reversible
//	analysis  the post-game analysis (assessment.go): Assessor, Phaser, and
//	          Referee (a game judged by its own evaluation: its Assessment's)
//
// The interfaces stay one or two methods each: the code that uses one asks
// for that one (a game implements the parts of a group it has: tavla
// prompts but explains nothing), and each game states what it implements
// at compile time in its capabilities.go.

import "oyunbot/ai"

// capability is one optional interface: its group, its name, and whether a
// game (its Game or its Position, as the interface is asked of either) has
// it.
type capability struct {
	group, name string
	has         func(g Game, p Position) bool
}

// is reports whether x implements T.
func is[T any](x any) bool {
	_, ok := x.(T)
	return ok
}

// can asks a capability of the bot's (Can, asked of the Game and of its
// position by CanOf, as the bot asks it).
func can(has func(Can) bool) func(Game, Position) bool {
	return func(g Game, p Position) bool { return has(CanOf(g, p)) }
}

// ofPosition asks one of the engine's capabilities of a position.
func ofPosition[T any]() func(Game, Position) bool {
	return func(_ Game, p Position) bool { return is[T](p) }
}

// capabilityTable is every optional interface, by group.
func capabilityTable() []capability {
	return []capability{
		{"hosting", "Hosted", can(func(c Can) bool { return c.Hosted != nil })},
		{"hosting", "Commander", can(func(c Can) bool { return c.Commander != nil })},
		{"hosting", "Readier", can(func(c Can) bool { return c.Readier != nil })},
		{"hosting", "Decider", can(func(c Can) bool { return c.Decider != nil })},
		{"hosting", "MatchStarter", can(func(c Can) bool { return c.MatchStarter != nil })},
		{"hosting", "Staker", can(func(c Can) bool { return c.Staker != nil })},
		{"turns", "TurnReader", can(func(c Can) bool { return c.TurnReader != nil })},
		{"turns", "Prompter", can(func(c Can) bool { return c.Prompter != nil })},
		{"turns", "Explainer", can(func(c Can) bool { return c.Explainer != nil })},
		{"turns", "AutoMover", can(func(c Can) bool { return c.AutoMover != nil })},
		{"turns", "LegalLister", can(func(c Can) bool { return c.LegalLister != nil })},
		{"marks", "Highlighter", can(func(c Can) bool { return c.Highlighter != nil })},
		{"marks", "WinningLiner", can(func(c Can) bool { return c.WinningLiner != nil })},
		{"marks", "Forcer", can(func(c Can) bool { return c.Forcer != nil })},
		{"marks", "MoveButtoner", can(func(c Can) bool { return c.MoveButtoner != nil })},
		{"marks", "MoveLabeler", can(func(c Can) bool { return c.MoveLabeler != nil })},
		{"marks", "PieceLabeler", can(func(c Can) bool { return c.PieceLabeler != nil })},
		{"marks", "StatusNoter", can(func(c Can) bool { return c.StatusNoter != nil })},
		{"language", "LocalNotation", can(func(c Can) bool { return c.LocalNotation != nil })},
		{"language", "ReadingLister", can(func(c Can) bool { return c.ReadingLister != nil })},
		{"language", "MoveNumberer", can(func(c Can) bool { return c.MoveNumberer != nil })},
		{"language", "TextBoarder", can(func(c Can) bool { return c.TextBoarder != nil })},
		{"language", "MoveGrouper", can(func(c Can) bool { return c.MoveGrouper != nil })},
		{"solo", "RandomStarter", can(func(c Can) bool { return c.RandomStarter != nil })},
		{"solo", "Solver", can(func(c Can) bool { return c.Solver != nil })},
		{"solo", "PatientSolver", can(func(c Can) bool { return c.PatientSolver != nil })},
		{"tools", "Perfter", can(func(c Can) bool { return c.Perfter != nil })},
		{"search", "NoisyGenerator", ofPosition[ai.NoisyGenerator]()},
		{"search", "Repeater", ofPosition[ai.Repeater]()},
		{"search", "NullMover", ofPosition[ai.NullMover]()},
		{"search", "Checker", ofPosition[ai.Checker]()},
		{"search", "MoveScorer", ofPosition[ai.MoveScorer]()},
		{"search", "MaterialEvaluator", ofPosition[ai.MaterialEvaluator]()},
		{"search", "Styler", ofPosition[ai.Styler]()},
		{"search", "Booker", ofPosition[ai.Booker]()},
		{"search", "OwnSearcher", ofPosition[ai.OwnSearcher]()},
		{"search", "Tuner", ofPosition[ai.Tuner]()},
		{"search", "TuningChecker", ofPosition[ai.TuningChecker]()},
		{"search", "Exchanger", ofPosition[ai.Exchanger]()},
		{"search", "MoveKeyer", ofPosition[ai.MoveKeyer]()},
		{"search", "CaptureKeyer", ofPosition[ai.CaptureKeyer]()},
		{"search", "StructureKeyer", ofPosition[ai.StructureKeyer]()},
		{"search", "SideKeyer", ofPosition[ai.SideKeyer]()},
		{"search", "CheckGiver", ofPosition[ai.CheckGiver]()},
		{"chance", "Stochastic", ofPosition[ai.Stochastic]()},
		{"single", "Puzzle", ofPosition[ai.Puzzle]()},
		{"single", "Reversible", ofPosition[ai.Reversible]()},
		{"analysis", "Assessor", can(func(c Can) bool { return c.Assessor != nil })},
		{"analysis", "Phaser", can(func(c Can) bool { return c.Phaser != nil })},
		{"analysis", "Referee", can(func(c Can) bool { return c.Assessor != nil && c.Assessor.Assessment().Referee != nil })},
	}
}

// Capabilities lists the optional interfaces g implements, as
// "group.Interface" ("turns.Prompter"), in the table's order: asked of g
// and of its start position, by type assertion, as the bot asks them.
func Capabilities(g Game) []string {
	p := g.Start()
	var out []string
	for _, c := range capabilityTable() {
		if c.has(g, p) {
			out = append(out, c.group+"."+c.name)
		}
	}
	return out
}
