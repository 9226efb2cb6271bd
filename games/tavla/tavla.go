// Package tavla is hapis tavlası (pinning backgammon, the Greeks' plakoto),
// as ../shared/rules/tavla.md describes it: two dice, doors that block, a
// single checker pinned under the checker that lands on it, bearing off
// once all fifteen are home and none is pinned, mars worth two points.
//
// Dice are chance events (ai.Stochastic): a position whose Turn is
// ai.Chance lists the 21 distinct rolls (the opening: the 30 ordered pairs
// of one die each that do not tie); whoever hosts the game draws one and
// plays it like a move, so every roll is in the game's history. A turn is
// one ply per die: the side to move keeps the turn until its dice are
// played or none can be.
//
// Points are numbered from each player's own start, 1..24, both moving up;
// the position text is in White's numbering, moves are read and written in
// the mover's.
package tavla

import "oyunbot/games"

// Game is hapis tavlası. Its name was "tavla" until standard tavla (with
// hitting) took that name; games stored under the old name are renamed by
// the store's migration 15.
type Game struct{}

// Name implements games.Game.
func (Game) Name() string { return "hapis" }

// Aliases implements games.Game.
func (Game) Aliases() []string { return []string{"plakoto"} }

// Players implements games.Game.
func (Game) Players() int { return 2 }

// SideNames implements games.Game.
func (Game) SideNames() []string { return []string{"white", "black"} }

// Start implements games.Game: all fifteen checkers of each side on its own
// point 1, and the opening roll (one die each) to come.
func (Game) Start() games.Position {
	p := newPos()
	p.st.occ[0] = checkers
	p.st.occ[23] = -checkers
	p.st.opening = true
	p.st.hash = p.computeHash()
	return p
}

// ParsePosition implements games.Game: the text format of String.
func (Game) ParsePosition(s string) (games.Position, error) { return parsePosition(s) }
