package games

// turns.go is the capability "turns": a turn of several plies by one side
// (tavla's two dice, İşlem's placement then its captures), how it is typed,
// what the bot says between and after its plies, and what the rules play
// for a person. Positions implement any of these; without them a message
// is one move and the bot says nothing between moves.
//
//	TurnReader   a whole turn typed in one message   (tavla, İşlem, puzzles)
//	Prompter     what a begun turn still owes         (tavla, İşlem)
//	Explainer    what the last turn did               (İşlem)
//	AutoMover    a move the rules leave no choice of  (tavla's pass)
//	LegalLister  the legal moves beyond the engine's  (İşlem)

import "oyunbot/ai"

// TurnReader is implemented by positions whose turn may be several plies
// typed in one message ("13/18 18/20", "12 d6 x e4 f5"): SplitTurn cuts the
// message into the texts of its plies, in order (ParseMove reads each in
// the position the previous one leaves). Without it a message is one move.
type TurnReader interface {
	SplitTurn(s string) []string
}

// Prompter is implemented by positions that can say what the side to move
// still owes in a turn it has begun ("choose 3 stones to capture"): a key of
// the game's catalogue under "prompt." and its placeholder values as
// key, value pairs. ok is false when there is nothing to say.
type Prompter interface {
	Prompt() (key string, kv []string, ok bool)
}

// Explainer is implemented by positions that can say what the last
// completed turn did, for a reply after it (İşlem's equations and
// captures): a key of the game's catalogue under "explain." and its
// placeholder values as key, value pairs; ok false when there is nothing
// to say.
type Explainer interface {
	Explain() (key string, kv []string, ok bool)
}

// AutoMover is implemented by positions where the rules can leave the side
// to move one move and no choice that the bot plays for a person (tavla's
// pass when no die can be played, which the reply then explains): the
// move and true, else false.
type AutoMover interface {
	AutoMove() (ai.Move, bool)
}

// LegalLister is implemented by positions whose Moves lists what the engine
// searches, narrower than what the rules allow (İşlem's placements next to
// stones): LegalMoves appends every legal move, for the lists and buttons
// people see.
type LegalLister interface {
	LegalMoves(buf []ai.Move) []ai.Move
}

// Legal appends every move the rules allow in pos: LegalMoves where pos
// is a LegalLister, else Moves. A move a person or a level's own engine
// (a seed document's player) makes is checked against this list, never
// against the engine's narrower search list.
func Legal(pos Position, buf []ai.Move) []ai.Move {
	if ll := CanOf(nil, pos).LegalLister; ll != nil {
		return ll.LegalMoves(buf)
	}
	return pos.Moves(buf)
}
