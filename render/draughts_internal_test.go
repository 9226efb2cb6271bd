package render

import "testing"

// BenchmarkDrawDraughts draws a board of each game with a capture of
// three lit, the move before it and a piece ringed (cpu-ns/op as the
// other boards' benchmarks).
func BenchmarkDrawDraughts(b *testing.B) {
	board := []string{"........", ".W.....b", "..b.....", "........", "........", ".b......", "..w.....", "........"}
	f := Frame{Board: board, Path: []string{"d1", "f3", "d5", "b7"}, Captured: []string{"e2", "e4", "c6"},
		Before: []string{"h7", "g6"}, Forced: []string{"b3"}, ToMove: 1,
		Players: [2]string{"Ayşe", "oyunbot (zor)"}, Title: "#g7 · italian", Footer: "hamle 12"}
	b.Run("italian", func(b *testing.B) { benchDraw(b, NewItalianDraughts(512), f) })
	mirrored := make([]string, len(board))
	for i, r := range board {
		m := []byte(r)
		for j := 0; j < 4; j++ {
			m[j], m[7-j] = m[7-j], m[j]
		}
		mirrored[i] = string(m)
	}
	f.Board = mirrored
	f.Path, f.Captured, f.Before, f.Forced = []string{"e1", "c3", "e5", "g7"}, []string{"d2", "d4", "f6"}, []string{"a7", "b6"}, []string{"g3"}
	b.Run("checkers", func(b *testing.B) { benchDraw(b, NewCheckers(512), f) })
}
