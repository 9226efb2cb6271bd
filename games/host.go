package games

// host.go is the plug-in contract: what the bot needs to host a game beyond
// its rules. A game package describes itself here (Hosted), so that chat,
// sessions, render's core and the adapters never name a game.

import (
	"math/rand/v2"
	"strings"

	"oyunbot/ai"
)

// Host describes how the bot hosts a game: how people name its sides, the
// levels it is played at, what it allows, and everything it says about
// itself, in every language.
type Host struct {
	// Sides describes each player's side in Side order (one for a puzzle,
	// two otherwise): Key is Game.SideNames()'s stable key.
	Sides []SideInfo
	// Facing: the sides sit at opposite edges of the board (white below,
	// black above), so the picture for the second player is turned round.
	// A grid without sides (tic-tac-toe) is never turned: it must match its
	// cell buttons.
	Facing bool
	// Levels are the bot's levels in this game, weakest first; nil means
	// ai's standard easy/medium/hard/master. A level may be a named engine
	// variant (a seed document's engine) as well as a budget.
	Levels []ai.Level
	// Policy says which of the bot's general actions the game allows.
	Policy Policy
	// LevelRatings are the bot's fixed ratings by level name, from a
	// measured ladder (self-play between the levels, anchored on an
	// external engine where one exists): a game against the bot at a
	// level listed here rates only the person, against this rating. A
	// level missing here has a rating of its own that moves with results.
	LevelRatings map[string]int
	// Catalog is the game's own messages by language ("tr", "en"), keys
	// without the game's name as prefix (the bot adds it). Every language
	// has the same keys and placeholders. Known keys:
	//   name          the display name ("Dama", "Tic-tac-toe")
	//   help          how to play it: rules in brief and how moves are typed
	//   notation      a short example of moves, for error messages
	//   side.<key>    a side's display name ("beyaz", "white")
	//   moveerr.<r>   why a move was refused (MoveError.Reason r)
	//   reason.<r>    how a game ended (Status.Reason r)
	//   prompt.<k>    what the player still owes in a turn (Prompter)
	Catalog map[string]map[string]string
}

// SideInfo names one side.
type SideInfo struct {
	// Key is the side's stable key ("white", "x").
	Key string
	// Words are what people type to choose it, in any language, lower
	// case ("white", "w", "beyaz").
	Words []string
}

// Policy says which actions a game allows; the zero value allows all.
type Policy struct {
	NoDraws bool // no draw offers (a puzzle; a game where draws cannot happen)
	NoUndo  bool // no take-backs against the bot
	NoHints bool // no engine hints
	Unrated bool // games are never rated (a puzzle)
}

// Hosted is implemented by games that describe their hosting; a game without
// it gets DefaultHost.
type Hosted interface {
	Host() Host
}

// HostOf returns g's Host, or DefaultHost(g).
func HostOf(g Game) Host {
	if h, ok := g.(Hosted); ok {
		return h.Host()
	}
	return DefaultHost(g)
}

// DefaultHost is the hosting of a game that says nothing about itself: its
// side keys are the words for its sides, standard levels, everything
// allowed, its name as display name.
func DefaultHost(g Game) Host {
	h := Host{Catalog: map[string]map[string]string{}}
	for _, k := range g.SideNames() {
		h.Sides = append(h.Sides, SideInfo{Key: k, Words: []string{strings.ToLower(k)}})
	}
	if g.Players() == 1 {
		h.Policy = Policy{NoDraws: true, NoUndo: false, Unrated: true}
	}
	return h
}

// SideByWord returns the side a word names (case-insensitive), or false.
func (h Host) SideByWord(word string) (ai.Side, bool) {
	w := strings.ToLower(strings.TrimSpace(word))
	for i, s := range h.Sides {
		for _, x := range s.Words {
			if x == w {
				return ai.Side(i), true
			}
		}
	}
	return ai.NoSide, false
}

// MoveButtoner is implemented by positions whose legal moves fit as buttons
// laid out like the board (tic-tac-toe's cells): rows of move texts (as
// FormatMove writes them), top row first. Positions without it, or that
// return nil, get no move buttons: the game chooses, the bot never guesses
// from the moves' shape.
type MoveButtoner interface {
	MoveButtons() [][]string
}

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

// Solver is implemented by one-player positions (puzzles) that know the
// length of a shortest solution from here; ok is false when it is not
// known (too hard to compute at once).
type Solver interface {
	OptimalLength() (n int, ok bool)
}

// Level reads a level name as the game knows it: one of its own Levels by
// name (any case), or a standard level's name in any language (kolay,
// easy, 1...) when the game plays it; without Levels, the standard levels.
func (h Host) Level(name string) (ai.Level, bool) {
	if h.Levels == nil {
		return ai.ParseLevel(name)
	}
	n := strings.ToLower(strings.TrimSpace(name))
	for _, l := range h.Levels {
		if strings.ToLower(l.Name) == n {
			return l, true
		}
	}
	if std, ok := ai.ParseLevel(n); ok {
		for _, l := range h.Levels {
			if l.Name == std.Name {
				return l, true
			}
		}
	}
	return ai.Level{}, false
}

// LevelList is the game's levels, weakest first.
func (h Host) LevelList() []ai.Level {
	if h.Levels == nil {
		return ai.Levels()
	}
	return h.Levels
}

// WinningLiner is implemented by positions whose win is a line on the
// board (tic-tac-toe's three in a row): its squares in order, as
// Highlighter names them; nil when there is none.
type WinningLiner interface {
	WinningLine() []string
}

// Forcer is implemented by positions where a rule can force the choice of
// piece (dama's compulsory capture): the squares of the pieces that may
// move now, as Highlighter names them, when the rule restricts them; nil
// when the choice is free.
type Forcer interface {
	ForcedPieces() []string
}

// RandomStarter is implemented by games whose starts the bot draws at a
// chosen difficulty (a puzzle): RandomStart returns a start, as position
// text, for a standard level's name ("easy".."master"), from r.
type RandomStarter interface {
	RandomStart(level string, r *rand.Rand) (string, error)
}

// Localized is implemented by errors a game can explain in a person's
// language ("tr", "en"), such as why a custom start cannot be solved;
// their Error is short English for logs.
type Localized interface {
	Message(lang string) string
}

// Warmer is implemented by games with work worth doing before the first
// game (a puzzle's pattern databases): the program calls Warm once at
// start; it must return at once and do the work in the background.
type Warmer interface {
	Warm()
}

// PieceLabeler is implemented by positions that name the characters of
// their Board() for buttons people tap ('w' → "⚪", 'N' → "♘"); without it
// a piece is shown as its character.
type PieceLabeler interface {
	PieceLabel(c rune) string
}

// Explainer is implemented by positions that can say what the last
// completed turn did, for a reply after it (İşlem's equations and
// captures): a key of the game's catalogue under "explain." and its
// placeholder values as key, value pairs; ok false when there is nothing
// to say.
type Explainer interface {
	Explain() (key string, kv []string, ok bool)
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
	if ll, ok := pos.(LegalLister); ok {
		return ll.LegalMoves(buf)
	}
	return pos.Moves(buf)
}

// AutoMover is implemented by positions where the rules can leave the side
// to move one move and no choice that the bot plays for a person (tavla's
// pass when no die can be played, which the reply then explains): the
// move and true, else false.
type AutoMover interface {
	AutoMove() (ai.Move, bool)
}
