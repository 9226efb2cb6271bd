// Package games defines what a game is to the bot (Game, Position) and a
// registry of games by name. One package per game lives under it; rules
// packages import nothing of the bot (chat, sessions, render).
package games

import (
	"fmt"
	"sort"
	"strings"

	"oyunbot/ai"
)

// Position is a game position: the engine's view (ai.Position) plus what a
// person and the bot need around it. Not safe for concurrent use.
//
// A turn of several plies by one side (İşlem's placement, then its choice
// of captures) is several moves: Turn stays with the player between them and
// ParseMove reads one at a time. A dice roll is a move of the Chance side
// (ai.Stochastic), played by whoever runs the game, never typed. A puzzle's
// only side is ai.First.
type Position interface {
	ai.Position
	// Clone returns an independent deep copy (history included, so that
	// repetition rules keep working).
	Clone() Position
	// String is the position text format; Game.ParsePosition reads it back.
	String() string
	// ParseMove reads a move as people type it and checks that it is legal
	// here. Errors are *MoveError.
	ParseMove(s string) (ai.Move, error)
	// FormatMove writes legal move m canonically; ParseMove(FormatMove(m)) == m.
	FormatMove(m ai.Move) string
	// Board returns the position as ranks of text from the top (the game's text
	// board: dama `.wbWB`, tic-tac-toe `.xo`), for text replies and renderers.
	Board() []string
}

// Game describes one game.
type Game interface {
	// Name is the canonical lower-case name ("dama", "tictactoe").
	Name() string
	// Aliases are other names people type ("xox", "ttt").
	Aliases() []string
	// Start returns the start position.
	Start() Position
	// ParsePosition reads the position text format. Errors describe the fault.
	ParsePosition(s string) (Position, error)
	// Players is 1 for puzzles, 2 otherwise.
	Players() int
	// SideNames names the sides by stable keys in Side order, e.g.
	// {"white","black"} or {"x","o"}; chat translates and accepts them.
	SideNames() []string
}

// MoveErrorKind classifies why a move was refused.
type MoveErrorKind int

// Kinds of move errors.
const (
	// Malformed: not a move in this game's notation at all.
	Malformed MoveErrorKind = iota
	// Illegal: well formed, but not legal here (Reason says why when known).
	Illegal
	// Ambiguous: matches several legal moves; spell out the path.
	Ambiguous
	// GameOver: the game has ended; no move is legal.
	GameOver
)

// MoveError is the error of Position.ParseMove. Reason is a stable key (e.g.
// "capture-compulsory", "occupied", "not-your-piece") for the chat layer to
// translate, with Args its placeholder values as key, value pairs ("die",
// "3", "dice", "5"); Detail is English text for logs and tools.
type MoveError struct {
	Kind   MoveErrorKind
	Input  string
	Reason string
	Detail string
	Args   []string
}

func (e *MoveError) Error() string {
	kind := [...]string{"malformed move", "illegal move", "ambiguous move", "game over"}[e.Kind]
	if e.Detail != "" {
		return fmt.Sprintf("%s %q: %s", kind, e.Input, e.Detail)
	}
	return fmt.Sprintf("%s %q", kind, e.Input)
}

// Registry finds games by name or alias, case-insensitively. Build it once
// at start (NewRegistry); it is read-only afterwards and safe to share.
type Registry struct {
	byName map[string]Game
	games  []Game
}

// NewRegistry registers games; a duplicate name or alias is an error.
func NewRegistry(gs ...Game) (*Registry, error) {
	r := &Registry{byName: map[string]Game{}}
	for _, g := range gs {
		for _, n := range append([]string{g.Name()}, g.Aliases()...) {
			k := strings.ToLower(n)
			if _, dup := r.byName[k]; dup {
				return nil, fmt.Errorf("games: name %q registered twice", n)
			}
			r.byName[k] = g
		}
		r.games = append(r.games, g)
	}
	sort.Slice(r.games, func(i, j int) bool { return r.games[i].Name() < r.games[j].Name() })
	return r, nil
}

// Lookup returns the game called name (or an alias of it).
func (r *Registry) Lookup(name string) (Game, bool) {
	g, ok := r.byName[strings.ToLower(strings.TrimSpace(name))]
	return g, ok
}

// Games lists the registered games sorted by name.
func (r *Registry) Games() []Game { return append([]Game(nil), r.games...) }

// Perfter is implemented by positions with a fast perft (bulk-counted
// legal move paths to a depth): the capability "tools" (bot perft falls
// back to Moves/Make/Unmake without it).
type Perfter interface {
	Perft(depth int) uint64
}
