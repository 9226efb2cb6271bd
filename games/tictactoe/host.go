package tictactoe

// host.go describes how the bot hosts tic-tac-toe (games.Hosted) and lays
// its free cells out as move buttons (games.MoveButtoner).

import (
	"time"

	"oyunbot/ai"
	"oyunbot/games"
)

var (
	_ games.Hosted       = Game{}
	_ games.MoveButtoner = (*Position)(nil)
)

// Host implements games.Hosted. The grid is never turned round for O
// (Facing false): it must match its cell buttons and the keypad digits.
func (Game) Host() games.Host {
	return games.Host{
		Sides: []games.SideInfo{
			{Key: "x", Words: []string{"x", "first", "ilk"}},
			{Key: "o", Words: []string{"o", "second", "ikinci"}},
		},
		// The measured ladder (BENCHMARKS.md, "Bot ladders"): each level
		// against master, which never loses (4,000 games from the empty
		// board each): master scores 0.650 against easy (+107 Elo), 0.548
		// against medium (+33), 0.522 against hard (+15); medium anchored
		// at 1500, where a new player starts. (Between neighbours the
		// figures are not transitive in so small a game: medium-easy +76
		// agrees, hard-medium is even.)
		Levels:       levels(),
		LevelRatings: map[string]int{"easy": 1425, "medium": 1500, "hard": 1520, "master": 1535},
		Catalog:      catalog(),
	}
}

// levels are tic-tac-toe's own: the standard levels see the whole of so
// small a game and their mistakes are never losing ones, so all four drew
// every game. A mistake here is any move that does not lose within the
// level's depth: easy sees two plies (it takes a win and stops a loss in
// one, never sees a fork) and plays such a move nine times in ten; medium
// sees four plies and errs three times in ten; hard sees five and errs
// less; master sees the whole game and never loses.
func levels() []ai.Level {
	return []ai.Level{
		{Name: "easy", Limits: ai.Limits{Depth: 2, Time: 200 * time.Millisecond}, BlunderProb: 0.9, Margin: 1000},
		{Name: "medium", Limits: ai.Limits{Depth: 4, Time: 300 * time.Millisecond}, BlunderProb: 0.3, Margin: 1000},
		{Name: "hard", Limits: ai.Limits{Depth: 5, Time: 300 * time.Millisecond}, BlunderProb: 0.15, Margin: 1000},
		{Name: "master", Limits: ai.Limits{Time: time.Second}},
	}
}

// catalog is tic-tac-toe's own messages; the bot files them under
// "tictactoe.".
func catalog() map[string]map[string]string {
	return map[string]map[string]string{
		"tr": {
			"name":     "XOX",
			"help":     "a1…c3 ya da telefon tuşları 1…9 (1 sol üst, 9 sağ alt); tahtada boş karelerin tuşları yazılıdır.",
			"keys":     "Boş karelerde tuşları yazılı (1 sol üst … 9 sağ alt); a1…c3 de olur.",
			"notation": "a1…c3 ya da 1…9",

			"side.x": "X",
			"side.o": "O",

			"moveerr.occupied": "o kare dolu",

			"reason.three-in-row": "üç taş bir sırada",
			"reason.board-full":   "tahta doldu",
			"start.three-in-row":  "{winner} zaten üç taşını bir sıraya dizmiş",

			"poserr.format":     "konum 9 kare ve sıradır, ör. {example}",
			"poserr.cells":      "9 kare olmalı (x, o ya da .); bunda {n} karakter var",
			"poserr.cell":       "{cell}. kare {text}: x, o ya da . olmalı",
			"poserr.side":       "sıra {text}: x ya da o olmalı",
			"poserr.counts":     "{x} x ve {o} o olamaz: x başlar, oyuncular sırayla oynar",
			"poserr.x-to-move":  "{x} x ve {o} o varken sıra x'te",
			"poserr.o-to-move":  "{x} x ve {o} o varken sıra o'da",
			"poserr.both-lines": "iki oyuncu birden üç taşı bir sıraya getirmiş olamaz",
			"poserr.x-line":     "x üçü bir sıraya getirmiş ama sonra o oynamış: oyun bitmişti",
			"poserr.o-line":     "o üçü bir sıraya getirmiş ama sonra x oynamış: oyun bitmişti",
		},
		"en": {
			"name":     "Tic-tac-toe",
			"help":     "a1…c3 or phone keys 1…9 (1 top left, 9 bottom right); the board shows each free square's key.",
			"keys":     "Free squares show their keys (1 top left … 9 bottom right); a1…c3 work too.",
			"notation": "a1…c3 or 1…9",

			"side.x": "X",
			"side.o": "O",

			"moveerr.occupied": "that square is taken",

			"reason.three-in-row": "three in a row",
			"reason.board-full":   "the board is full",
			"start.three-in-row":  "{winner} already has three in a row",

			"poserr.format":     "a position is 9 cells and the side to move, e.g. {example}",
			"poserr.cells":      "want 9 cells (x, o or .); this has {n} characters",
			"poserr.cell":       "cell {cell} is {text}; want x, o or .",
			"poserr.side":       "side to move {text}: want x or o",
			"poserr.counts":     "{x} x and {o} o cannot happen: x moves first and the players alternate",
			"poserr.x-to-move":  "with {x} x and {o} o it is x to move",
			"poserr.o-to-move":  "with {x} x and {o} o it is o to move",
			"poserr.both-lines": "both players cannot have three in a row",
			"poserr.x-line":     "x has three in a row but o moved after it: the game was over",
			"poserr.o-line":     "o has three in a row but x moved after it: the game was over",
		},
	}
}

// MoveButtons implements games.MoveButtoner: the free cells as on the
// board, top row first, a row with no free cell left out; none once the
// game is over.
func (p *Position) MoveButtons() [][]string {
	if p.Status().Over {
		return nil
	}
	var rows [][]string
	for r := range 3 {
		var row []string
		for c := 3 * r; c < 3*r+3; c++ {
			if (p.mark[0]|p.mark[1])&(1<<c) == 0 {
				row = append(row, CellName(c))
			}
		}
		if row != nil {
			rows = append(rows, row)
		}
	}
	return rows
}
