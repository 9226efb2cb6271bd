package games

// host.go is the plug-in contract, the capability "hosting": what the bot
// needs to host a game beyond its rules. A game package describes itself
// here (Hosted; and its own commands, Commander in commands.go), so that
// chat, sessions, render's core and the adapters never name a game. The
// other optional capabilities are grouped in turns.go, marks.go, local.go,
// solo.go and capabilities.go's table.

import (
	"errors"
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
	if h := CanOf(g, nil).Hosted; h != nil {
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

// Readier is implemented by games with work to do before they can play or
// answer at their best (the 15-puzzle's pattern databases, the draughts
// endgame tables, built once): Ready returns a channel closed once it is
// done, and starts the work in the background if it has not started. The
// program calls it once at start for every game that has it (it replaced
// a Warmer, whose Warm only started the work). A command refused for want
// of it (puzzle.ErrPDBNotReady, said as "being prepared") is answered when
// the channel closes.
type Readier interface {
	Ready() <-chan struct{}
}

// MatchStarter is implemented by games whose games in a match start from a
// position that depends on the match's standing (backgammon: the cube's
// worth to each side and the Crawford game, with no doubling): MatchStart
// returns the position text (Game.ParsePosition) of a match's next game,
// given the points each side (in Side order) still needs and whether it
// is the Crawford game (the first game after a player has come within one
// point of winning). Without it a match's games start from Start.
type MatchStarter interface {
	MatchStart(away [2]int, crawford bool) string
}

// Staker is implemented by positions whose game is worth more than a
// point before its end (backgammon's cube): Stake is what the game gives
// its winner when it ends by a resignation or a fallen flag (1 without
// it).
type Staker interface {
	Stake() int
}

// Decider is implemented by positions that a custom start can leave
// decided though their Status reads in play: dama's where the side not to
// move has no pieces, which the first move, whatever it is, would end.
// Decided returns that end (Over false when there is none); the bot
// refuses such a start as it refuses one whose Status is over. The
// catalogue's "start.<Reason>" message (see OverAtStart in chat/present)
// names the side.
type Decider interface {
	Decided() ai.Status
}

// ErrNotReady is wrapped by a command's error that says the game's
// preparation (Readier) is not done yet: the bot says so and answers the
// command again once Ready's channel closes, instead of asking the person
// to try again.
var ErrNotReady = errors.New("games: the game's preparation is not done yet")

// NotReadyError is a command's error for want of the game's preparation:
// Msg says so to the person, in their language.
type NotReadyError struct{ Msg string }

func (e *NotReadyError) Error() string { return e.Msg }

// Unwrap makes it an ErrNotReady.
func (e *NotReadyError) Unwrap() error { return ErrNotReady }
