// Package draughts implements the two 8×8 draughts games with short kings
// that the bot plays besides Turkish dama: Italian draughts (dama
// italiana, the game of seed document 003) and English checkers, by the
// rules of shared/rules/italian.md.
//
// One package registers both games (Italian and Checkers, like the
// puzzle package's Eight and Fifteen) because they are one game with a
// few switches: the same 32 dark squares, men that step and capture
// diagonally forward, kings one square in any diagonal direction,
// compulsory capture, crowning that ends a capture and the same draws.
// What differs is a variant value: Italian's precedence among captures and
// its man that never takes a king, who moves first, which corner is dark,
// the numbering, the evaluation's weights and the texts. Two packages
// would share everything but those through a third; one package keeps the
// move generator, its perft tests and the engine's evaluation in one
// place, and each variant's behaviour in a table.
//
// Geometry: the Italian board (h1 dark) is the mirror image of the English
// one (a1 dark), and every rule is symmetric left to right, so both are
// played on one internal board, the English one, on 32-bit bitboards;
// an Italian square is mirrored when it is named (notation, Board, the
// position text). Internal square i (0..31) is the English square i+1 of
// the standard numbering: rows of four from rank 8 down, left to right.
package draughts

import (
	"sync"
	"sync/atomic"

	"oyunbot/games"
)

// variant is what distinguishes one game from the other.
type variant struct {
	name    string
	aliases []string
	// italian: the precedence rules among captures, and a man never
	// captures a king.
	italian bool
	// mirrored: squares are named on the mirror image of the internal
	// (English) board, h1 dark.
	mirrored bool
	// firstToMove is the colour that moves first from the start.
	firstToMove int
	start       string
	// gameType is PDN's GameType tag value.
	gameType int

	// The default weights and the endgame table, made at first use.
	wOnce  sync.Once
	w      Weights
	egOnce sync.Once
	eg     atomic.Pointer[EndgameDB]
	// ready is closed once eg is the database (Game.Ready).
	readyOnce, readyClose sync.Once
	ready                 chan struct{}
}

// The two games.
var (
	italianVariant = &variant{
		name:     "italian",
		aliases:  []string{"italyan", "dama-it", "damaitaliana", "italiana"},
		italian:  true,
		mirrored: true,
		start:    "b.b.b.b./.b.b.b.b/b.b.b.b./......../......../.w.w.w.w/w.w.w.w./.w.w.w.w w",
		gameType: 22,
	}
	checkersVariant = &variant{
		// "draughts" is also what English speakers call it, but dama
		// registers that word (see the report of issue 23).
		name:        "checkers",
		aliases:     []string{"dama-en", "ingiliz", "amerikan", "englishdraughts"},
		firstToMove: black,
		start:       ".b.b.b.b/b.b.b.b./.b.b.b.b/......../......../w.w.w.w./.w.w.w.w/w.w.w.w. b",
		gameType:    21,
	}
)

// Italian and Checkers are the games for the registry.
var (
	Italian  = Game{v: italianVariant}
	Checkers = Game{v: checkersVariant}
)

// Game is one of the two games. The zero Game is not usable: use Italian
// or Checkers.
type Game struct{ v *variant }

// The game's contract; the optional capabilities are in capabilities.go.
var (
	_ games.Game     = Game{}
	_ games.Position = (*Position)(nil)
)

// Name is "italian" or "checkers".
func (g Game) Name() string { return g.v.name }

// Aliases are other names people type.
func (g Game) Aliases() []string { return append([]string(nil), g.v.aliases...) }

// Players is 2.
func (Game) Players() int { return 2 }

// SideNames are white and black, in that order in both games, although
// Black moves first in checkers: the second side is the one whose player
// sees the board turned round (the picture and the tap board), and in
// both games that is Black.
func (Game) SideNames() []string { return []string{"white", "black"} }

// Start returns the start position.
func (g Game) Start() games.Position { return g.NewStart() }

// NewStart returns the start position as a *Position.
func (g Game) NewStart() *Position {
	p, err := g.Parse(g.v.start)
	if err != nil {
		panic(err) // the start is a constant
	}
	return p
}

// StartText is the start position in the text format.
func (g Game) StartText() string { return g.v.start }

// ParsePosition reads the text format (see Parse).
func (g Game) ParsePosition(s string) (games.Position, error) {
	p, err := g.Parse(s)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// String is the game's name.
func (v *variant) String() string { return v.name }

// posErr is a position text's fault: key of the catalogue's "poserr."
// messages with its placeholder values, and the English detail for logs
// (the variant's name first, as errorf writes it).
func (v *variant) posErr(key, detail string, kv ...string) error {
	return &games.PositionError{Key: key, Args: kv, Detail: v.name + ": " + detail, Catalog: commonCatalog()}
}
