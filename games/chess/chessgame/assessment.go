package chessgame

// assessment.go tells the post-game analysis how chess is judged: as
// lichess judges it (see package analysis, lichess.go), and which phase a
// position is in.

import (
	"math/bits"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/chess"
)

// Assessment implements games.Assessor: values in centipawns within ±1000
// (a mate counts 1000), lichess's win chance of them, and a move judged by
// the win chance it loses, lichess's thresholds: 5 points an inaccuracy,
// 10 a mistake, 15 a blunder (0.1, 0.2, 0.3 of lichess's -1..1 scale).
// Each position is searched 8 plies deep (quiescence and extensions as
// the levels search), at most 400 000 nodes: about a quarter of a CPU
// second, so that a game of 100 plies stays within 30 s whatever its
// positions (BENCHMARKS.md, "Post-game analysis").
func (Game) Assessment() games.Assessment {
	return games.Assessment{
		Unit: "centipawn", Scale: 1, Ceiling: 1000,
		WinChance: func(cp int) float64 { return games.DefaultWinChance(float64(cp)) },
		ByChance:  true, Inaccuracy: 5, Mistake: 10, Blunder: 15,
		Limits: ai.Limits{Depth: 8, Nodes: 400_000},
	}
}

// GamePhase implements games.Phaser as lichess divides a game
// (scalachess's Divider): the middlegame once at most ten queens, rooks,
// bishops and knights are left or a side's back rank holds fewer than four
// of its pieces; the endgame once at most six are left. (lichess also
// counts how mixed the pieces are in each corner of the board; this does
// not.)
func (p *Position) GamePhase() string {
	const rank1, rank8 = 0xff, 0xff << 56
	s := p.State()
	majorsMinors := bits.OnesCount64(s.Kinds[chess.Knight] | s.Kinds[chess.Bishop] | s.Kinds[chess.Rook] | s.Kinds[chess.Queen])
	switch {
	case majorsMinors <= 6:
		return "endgame"
	case majorsMinors <= 10 || bits.OnesCount64(s.Colors[chess.White]&rank1) < 4 || bits.OnesCount64(s.Colors[chess.Black]&rank8) < 4:
		return "middlegame"
	}
	return "opening"
}
