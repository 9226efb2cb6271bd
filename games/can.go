package games

// can.go: the optional interfaces of a game asked once, into one value.

// Can is what a game can do beyond Game and Position, asked once: a Game
// and one of its positions as each optional interface the bot hosts a game
// with, nil where they do not implement it. Code that needs a capability
// reads it here (games.CanOf(g, p).Highlighter) rather than asserting the
// interface itself, so that each interface is asserted in one place
// (CanOf) and capabilities.go's table lists what CanOf asks. The engine's
// interfaces (package ai's: search, chance, single) are the engine's to
// ask, and are not here.
type Can struct {
	// Hosting (host.go, commands.go), asked of the Game but Decider and
	// Staker, of the position.
	Hosted       Hosted
	Commander    Commander
	Readier      Readier
	MatchStarter MatchStarter
	Decider      Decider
	Staker       Staker

	// Turns of several plies (turns.go), of the position.
	TurnReader  TurnReader
	Prompter    Prompter
	Explainer   Explainer
	AutoMover   AutoMover
	LegalLister LegalLister

	// Marks: what the picture and the buttons show (marks.go), of the
	// position.
	Highlighter  Highlighter
	WinningLiner WinningLiner
	Forcer       Forcer
	MoveButtoner MoveButtoner
	MoveLabeler  MoveLabeler
	PieceLabeler PieceLabeler
	StatusNoter  StatusNoter

	// Language (local.go): of the position but MoveNumberer, of the Game.
	LocalNotation LocalNotation
	ReadingLister ReadingLister
	MoveNumberer  MoveNumberer
	TextBoarder   TextBoarder
	MoveGrouper   MoveGrouper

	// Solo: one-player games (solo.go): RandomStarter of the Game, the
	// others of the position.
	RandomStarter RandomStarter
	Solver        Solver
	PatientSolver PatientSolver

	// Tools: perft (games.go), of the position.
	Perfter Perfter

	// Analysis (assessment.go): Assessor of the Game, Phaser of the
	// position.
	Assessor Assessor
	Phaser   Phaser
}

// CanOf is what game g and position p can do (either may be nil: a
// Game's capabilities alone, or a position's).
func CanOf(g Game, p Position) Can {
	var c Can
	if g != nil {
		c.Hosted, _ = g.(Hosted)
		c.Commander, _ = g.(Commander)
		c.Readier, _ = g.(Readier)
		c.MatchStarter, _ = g.(MatchStarter)
		c.MoveNumberer, _ = g.(MoveNumberer)
		c.RandomStarter, _ = g.(RandomStarter)
		c.Assessor, _ = g.(Assessor)
	}
	if p != nil {
		c.Decider, _ = p.(Decider)
		c.Staker, _ = p.(Staker)
		c.TurnReader, _ = p.(TurnReader)
		c.Prompter, _ = p.(Prompter)
		c.Explainer, _ = p.(Explainer)
		c.AutoMover, _ = p.(AutoMover)
		c.LegalLister, _ = p.(LegalLister)
		c.Highlighter, _ = p.(Highlighter)
		c.WinningLiner, _ = p.(WinningLiner)
		c.Forcer, _ = p.(Forcer)
		c.MoveButtoner, _ = p.(MoveButtoner)
		c.MoveLabeler, _ = p.(MoveLabeler)
		c.PieceLabeler, _ = p.(PieceLabeler)
		c.StatusNoter, _ = p.(StatusNoter)
		c.LocalNotation, _ = p.(LocalNotation)
		c.ReadingLister, _ = p.(ReadingLister)
		c.TextBoarder, _ = p.(TextBoarder)
		c.MoveGrouper, _ = p.(MoveGrouper)
		c.Solver, _ = p.(Solver)
		c.PatientSolver, _ = p.(PatientSolver)
		c.Perfter, _ = p.(Perfter)
		c.Phaser, _ = p.(Phaser)
	}
	return c
}
