package tictactoe

// host.go describes how the bot hosts tic-tac-toe (games.Hosted) and lays
// its free cells out as move buttons (games.MoveButtoner).

import "oyunbot/games"

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
		// The measured ladder (BENCHMARKS.md, "Bot ladders"): in self-play
		// from the empty board the levels cannot be told apart (hard and
		// master draw every game, medium and easy score 0.47-0.53), so
		// each is rated as the others, level with a new player.
		LevelRatings: map[string]int{"easy": 1500, "medium": 1500, "hard": 1500, "master": 1500},
		Catalog:      catalog(),
	}
}

// catalog is tic-tac-toe's own messages; the bot files them under
// "tictactoe.".
func catalog() map[string]map[string]string {
	return map[string]map[string]string{
		"tr": {
			"name":     "XOX",
			"help":     "a1…c3 ya da telefon tuşları 1…9 (1 sol üst, 9 sağ alt).",
			"notation": "a1…c3 ya da 1…9",

			"side.x": "X",
			"side.o": "O",

			"moveerr.occupied": "o kare dolu",

			"reason.three-in-row": "üç taş bir sırada",
			"reason.board-full":   "tahta doldu",
		},
		"en": {
			"name":     "Tic-tac-toe",
			"help":     "a1…c3 or phone keys 1…9 (1 top left, 9 bottom right).",
			"notation": "a1…c3 or 1…9",

			"side.x": "X",
			"side.o": "O",

			"moveerr.occupied": "that square is taken",

			"reason.three-in-row": "three in a row",
			"reason.board-full":   "the board is full",
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
