package engine

// book.go is a small opening book: well-known main lines a few moves deep,
// so that the engine's games differ from one another and it does not spend
// its time on the first moves. Any position reached by a line (whatever
// the move order) offers every book move played there, drawn at random.

import (
	"math/rand/v2"
	"strings"
	"sync"

	"oyunbot/ai"
	"oyunbot/games/chess"
)

// bookLines are opening main lines in UCI notation from the start.
var bookLines = []string{
	// 1.e4 e5
	"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7", // Ruy Lopez
	"e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 e1g1 f6e4 d2d4 e4d6", // Berlin
	"e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6 d2d3 d7d6", // Giuoco Piano
	"e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 d2d3 f8e7 e1g1 e8g8", // Two Knights, quiet
	"e2e4 e7e5 g1f3 b8c6 d2d4 e5d4 f3d4 g8f6 d4c6 b7c6", // Scotch
	"e2e4 e7e5 g1f3 g8f6 f3e5 d7d6 e5f3 f6e4 d2d4 d6d5", // Petroff
	"e2e4 e7e5 b1c3 g8f6 g1f3 b8c6 f1b5 f8b4",           // Four Knights
	// 1.e4, other replies
	"e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6", // Najdorf
	"e2e4 c7c5 g1f3 b8c6 d2d4 c5d4 f3d4 g8f6 b1c3 e7e5", // Sveshnikov
	"e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 a7a6 f1d3 g8f6", // Kan
	"e2e4 c7c5 b1c3 b8c6 g2g3 g7g6 f1g2 f8g7 d2d3 d7d6", // Closed Sicilian
	"e2e4 e7e6 d2d4 d7d5 b1c3 g8f6 c1g5 f8e7 e4e5 f6d7", // French, Classical
	"e2e4 e7e6 d2d4 d7d5 e4e5 c7c5 c2c3 b8c6 g1f3 d8b6", // French, Advance
	"e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4 c8f5 e4g3 f5g6", // Caro-Kann
	"e2e4 c7c6 d2d4 d7d5 e4e5 c8f5 g1f3 e7e6 f1e2 c6c5", // Caro-Kann, Advance
	"e2e4 d7d6 d2d4 g8f6 b1c3 g7g6 g1f3 f8g7 f1e2 e8g8", // Pirc
	"e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 d2d4 g8f6 g1f3 c8f5", // Scandinavian
	// 1.d4
	"d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7 e2e3 e8g8", // Queen's Gambit Declined
	"d2d4 d7d5 c2c4 c7c6 g1f3 g8f6 b1c3 d5c4 a2a4 c8f5", // Slav
	"d2d4 d7d5 c2c4 d5c4 g1f3 g8f6 e2e3 e7e6 f1c4 c7c5", // Queen's Gambit Accepted
	"d2d4 g8f6 c2c4 e7e6 b1c3 f8b4 e2e3 e8g8 f1d3 d7d5", // Nimzo-Indian
	"d2d4 g8f6 c2c4 e7e6 g1f3 b7b6 g2g3 c8b7 f1g2 f8e7", // Queen's Indian
	"d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6 g1f3 e8g8", // King's Indian
	"d2d4 g8f6 c2c4 g7g6 b1c3 d7d5 c4d5 f6d5 e2e4 d5c3", // Grünfeld
	"d2d4 g8f6 g1f3 e7e6 c1f4 c7c5 e2e3 b8c6 c2c3 d7d5", // London
	"d2d4 f7f5 g2g3 g8f6 f1g2 e7e6 g1f3 f8e7 e1g1 e8g8", // Dutch
	// Flank openings
	"c2c4 e7e5 b1c3 g8f6 g1f3 b8c6 g2g3 d7d5 c4d5 f6d5", // English
	"c2c4 c7c5 g1f3 g8f6 b1c3 b8c6 g2g3 g7g6 f1g2 f8g7", // Symmetrical English
	"g1f3 d7d5 g2g3 g8f6 f1g2 e7e6 e1g1 f8e7 d2d3 e8g8", // Réti
	"g1f3 g8f6 c2c4 e7e6 b1c3 d7d5 d2d4 f8e7 c1f4 e8g8", // into the QGD
}

// book maps a position's hash to the book moves played there.
var (
	bookOnce sync.Once
	book     map[uint64][]Move
)

// loadBook plays every line from the start; a line stops at its first
// move that does not parse (TestBookLinesAreLegal keeps them all legal).
func loadBook() {
	book = map[uint64][]Move{}
	for _, line := range bookLines {
		p := chess.NewStart()
		for _, s := range strings.Fields(line) {
			m, err := p.ParseSAN(s)
			if err != nil {
				break
			}
			h := p.Hash()
			if !bookHas(book[h], m) {
				book[h] = append(book[h], m)
			}
			p.MakeMove(m)
		}
	}
}

func bookHas(ms []Move, m Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// BookMove draws a book move for the position (ai.Booker), or reports
// false when the position is not in the book (the seed style has none).
func (p *Position) BookMove(rng *rand.Rand) (ai.Move, bool) {
	if rng == nil || p.style == StyleSeed {
		return ai.NoMove, false
	}
	bookOnce.Do(loadBook)
	ms := book[p.State().Hash]
	if len(ms) == 0 {
		return ai.NoMove, false
	}
	m := ms[rng.IntN(len(ms))]
	// A hash collision must not play an illegal move.
	if !bookHas(p.LegalMoves(nil), m) {
		return ai.NoMove, false
	}
	return AI(m), true
}
