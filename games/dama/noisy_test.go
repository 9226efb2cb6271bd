package dama

import (
	"math/rand/v2"
	"slices"
	"testing"

	"oyunbot/ai"
)

// TestNoisyMovesAgreeWithMoves: along random games from every test position,
// NoisyMoves lists exactly the legal moves that Noisy accepts, in Moves'
// order, and reports "all" exactly when they are all the legal moves.
func TestNoisyMovesAgreeWithMoves(t *testing.T) {
	var _ ai.NoisyGenerator = (*Position)(nil)
	rng := rand.New(rand.NewPCG(3, 5))
	checked, withPromotion := 0, 0
	for _, c := range append([]perftCase{{pos: StartFEN}}, loadPerft(t)...) {
		for g := 0; g < 4; g++ {
			p := mustPos(t, c.pos)
			for ply := 0; ply < 200; ply++ {
				all := p.Moves(nil)
				var want []ai.Move
				for _, m := range all {
					if p.Noisy(m) {
						want = append(want, m)
					}
				}
				got, isAll := p.NoisyMoves(nil)
				if !slices.Equal(got, want) {
					t.Fatalf("%s: NoisyMoves %v, want %v", p, got, want)
				}
				if isAll != (len(want) == len(all)) {
					t.Fatalf("%s: all=%v with %d noisy of %d", p, isAll, len(want), len(all))
				}
				checked++
				if len(want) > 0 && movePromotes(want[0]) && moveCaptures(want[0]) == 0 {
					withPromotion++
				}
				if len(all) == 0 {
					break
				}
				p.Make(all[rng.IntN(len(all))])
			}
		}
	}
	if withPromotion == 0 {
		t.Errorf("no position with a promoting step among %d: the test exercises nothing new", checked)
	}
	t.Logf("%d positions, %d with a noisy promotion", checked, withPromotion)
}
