package router

// hosting.go is what the Router knows of the registered games beyond their
// rules: how each is hosted (games.Host), and the lists and examples the
// help texts show, all derived from the registry so that chat names no game.

import (
	"oyunbot/ai"
	"oyunbot/chat/present"
	"oyunbot/games"
)

// sideWord reads w as a side of game g, in g's words (games.Host); while
// no game is named (g nil), in any registered game's. A side word of
// another game than g is ok with side NoSide ("black" in tic-tac-toe):
// meant as a side, but not one of g's.
func (r *Router) sideWord(g games.Game, w string) (side ai.Side, ok bool) {
	if g != nil {
		if s, ok := present.SideOf(r.show.Host(g), w); ok {
			return s, true
		}
	}
	for _, o := range r.cfg.Games.Games() {
		if s, ok := present.SideOf(r.show.Host(o), w); ok {
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
func (r *Router) levelWord(g games.Game, w string) (ai.Level, bool) {
	if g != nil {
		return r.show.Host(g).Level(w)
	}
	if l, ok := ai.ParseLevel(w); ok {
		return l, true
	}
	for _, o := range r.cfg.Games.Games() {
		if l, ok := r.show.Host(o).Level(w); ok {
			return l, true
		}
	}
	return ai.Level{}, false
}
