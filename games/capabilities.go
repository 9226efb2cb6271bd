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

// ofGame and ofPosition ask a capability of the Game or of its position.
func ofGame[T any]() func(Game, Position) bool {
	return func(g Game, _ Position) bool { return is[T](g) }
}
func ofPosition[T any]() func(Game, Position) bool {
	return func(_ Game, p Position) bool { return is[T](p) }
}

// capabilityTable is every optional interface, by group.
func capabilityTable() []capability {
	return []capability{
		{"hosting", "Hosted", ofGame[Hosted]()},
		{"hosting", "Commander", ofGame[Commander]()},
		{"hosting", "Readier", ofGame[Readier]()},
		{"hosting", "Decider", ofPosition[Decider]()},
		{"hosting", "MatchStarter", ofGame[MatchStarter]()},
		{"hosting", "Staker", ofPosition[Staker]()},
		{"turns", "TurnReader", ofPosition[TurnReader]()},
		{"turns", "Prompter", ofPosition[Prompter]()},
		{"turns", "Explainer", ofPosition[Explainer]()},
		{"turns", "AutoMover", ofPosition[AutoMover]()},
		{"turns", "LegalLister", ofPosition[LegalLister]()},
		{"marks", "Highlighter", ofPosition[Highlighter]()},
		{"marks", "WinningLiner", ofPosition[WinningLiner]()},
		{"marks", "Forcer", ofPosition[Forcer]()},
		{"marks", "MoveButtoner", ofPosition[MoveButtoner]()},
		{"marks", "MoveLabeler", ofPosition[MoveLabeler]()},
		{"marks", "PieceLabeler", ofPosition[PieceLabeler]()},
		{"marks", "StatusNoter", ofPosition[StatusNoter]()},
		{"language", "LocalNotation", ofPosition[LocalNotation]()},
		{"language", "ReadingLister", ofPosition[ReadingLister]()},
		{"language", "MoveNumberer", ofGame[MoveNumberer]()},
		{"language", "TextBoarder", ofPosition[TextBoarder]()},
		{"language", "MoveGrouper", ofPosition[MoveGrouper]()},
		{"solo", "RandomStarter", ofGame[RandomStarter]()},
		{"solo", "Solver", ofPosition[Solver]()},
		{"solo", "PatientSolver", ofPosition[PatientSolver]()},
		{"tools", "Perfter", ofPosition[Perfter]()},
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
		{"analysis", "Assessor", ofGame[Assessor]()},
		{"analysis", "Phaser", ofPosition[Phaser]()},
		{"analysis", "Referee", func(g Game, _ Position) bool {
			a, ok := g.(Assessor)
			return ok && a.Assessment().Referee != nil
		}},
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
