package router

// hosting.go is what the Router knows of the registered games beyond their
// rules: how each is hosted (games.Host), and the lists and examples the
// help texts show, all derived from the registry so that chat names no game.

import (
	"oyunbot/ai"
	"oyunbot/chat/present"
	"oyunbot/games"
)

// vocabulary reads the words that name games, their levels and sides, the
// registered games' own (args.go).
type vocabulary struct {
	games *games.Registry
	show  *present.Presenter
}

// sideWord reads w as a side of game g, in g's words (games.Host); while
// no game is named (g nil), in any registered game's. A side word of
// another game than g is ok with side NoSide ("black" in tic-tac-toe):
// meant as a side, but not one of g's.
func (v vocabulary) sideWord(g games.Game, w string) (side ai.Side, ok bool) {
	if g != nil {
		if s, ok := present.SideOf(v.show.Host(g), w); ok {
			return s, true
		}
	}
	for _, o := range v.games.Games() {
		if s, ok := present.SideOf(v.show.Host(o), w); ok {
			if g != nil {
				return ai.NoSide, true
			}
			return s, true
		}
	}
	return ai.NoSide, false
}

// levelWord reads w as a level of game g (its own levels, or the standard
// ones in any language); while no game is named, as any registered game's.
func (v vocabulary) levelWord(g games.Game, w string) (ai.Level, bool) {
	if g != nil {
		return v.show.Host(g).Level(w)
	}
	if l, ok := ai.ParseLevel(w); ok {
		return l, true
	}
	for _, o := range v.games.Games() {
		if l, ok := v.show.Host(o).Level(w); ok {
			return l, true
		}
	}
	return ai.Level{}, false
}
