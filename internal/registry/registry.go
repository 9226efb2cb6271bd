// Package registry is the one place where games are registered: one line
// per game, with its board drawer. The bot (cmd/bot) and the developer
// programs (tools/...) take their games from it; the registry, the
// drawers, the adapters' choices and menus, and the tools' game lists all
// follow from it.
package registry

import (
	"fmt"
	"strings"
	"sync"

	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/dama"
	"oyunbot/games/draughts"
	"oyunbot/games/islem"
	"oyunbot/games/puzzle"
	"oyunbot/games/tavla"
	"oyunbot/games/tictactoe"
	"oyunbot/render"
)

// Entry registers one game.
type Entry struct {
	Game games.Game
	// Drawer makes the renderer of its board pictures, size pixels square;
	// nil: the game is shown as a text board.
	Drawer func(size int) render.Drawer
}

// Entries are the games the bot plays. Adding a game is adding its line.
func Entries() []Entry {
	return []Entry{
		{Game: chessgame.Game{}, Drawer: render.NewChess},
		{Game: dama.Game{}, Drawer: render.NewDama},
		{Game: draughts.Italian, Drawer: render.NewItalianDraughts},
		{Game: draughts.Checkers, Drawer: render.NewCheckers},
		{Game: islem.Game{}, Drawer: render.NewIslem},
		{Game: puzzle.Eight, Drawer: render.NewPuzzle},
		{Game: puzzle.Fifteen, Drawer: render.NewPuzzle},
		{Game: tavla.Game{}, Drawer: render.NewTavla},
		{Game: tavla.Standard{}, Drawer: render.NewTavlaStandard},
		{Game: tavla.Backgammon{}, Drawer: render.NewBackgammon},
		{Game: tictactoe.Game{}, Drawer: render.NewTicTacToe},
	}
}

// BoardSize is the side of a board picture in pixels.
const BoardSize = 512

// Games lists the registered games in the order of Entries.
func Games() []games.Game {
	var out []games.Game
	for _, e := range Entries() {
		out = append(out, e.Game)
	}
	return out
}

// New returns the registry of the games.
func New() *games.Registry {
	r, err := games.NewRegistry(Games()...)
	if err != nil {
		panic(err) // a programming error: two games share a name
	}
	return r
}

// Drawers maps each game with a renderer to it, by the game's name, at
// size pixels. Each drawer is made at its first picture: making one (its
// sprites, fonts and palette) takes a tenth of a second or more, all of
// them most of a second of CPU at every start, and a bot draws few of its
// games soon after it starts.
func Drawers(size int) map[string]render.Drawer {
	out := map[string]render.Drawer{}
	for _, e := range Entries() {
		if e.Drawer != nil {
			out[e.Game.Name()] = &lazyDrawer{make: func() render.Drawer { return e.Drawer(size) }}
		}
	}
	return out
}

// lazyDrawer makes its drawer at the first Draw.
type lazyDrawer struct {
	once sync.Once
	make func() render.Drawer
	d    render.Drawer
}

func (l *lazyDrawer) Draw(f render.Frame) ([]byte, error) {
	l.once.Do(func() { l.d = l.make() })
	return l.d.Draw(f)
}

// Spots are its drawer's (render.Spotter), nil when it does not say.
func (l *lazyDrawer) Spots(flip bool) []render.Spot {
	l.once.Do(func() { l.d = l.make() })
	spots, _ := render.Spots(l.d, flip)
	return spots
}

// Names lists the canonical names of the games in the order of Entries.
func Names() []string {
	var names []string
	for _, g := range Games() {
		names = append(names, g.Name())
	}
	return names
}

// Lookup finds a game by name or alias for a program's -game flag; its
// error lists the known games.
func Lookup(name string) (games.Game, error) {
	if name == "" {
		return nil, fmt.Errorf("-game is required (known: %s)", strings.Join(Names(), ", "))
	}
	g, ok := New().Lookup(name)
	if !ok {
		return nil, fmt.Errorf("unknown game %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	return g, nil
}
