package analysis

// lichess.go is lichess's accuracy, as lila computes it (read in
// lichess-org/lila, modules/analyse/src/main/AccuracyPercent.scala, and
// scalachess's eval.scala for the win percentage; the helpers' definitions
// in lichess-org/scalalib, lila/src/main/scala/Maths.scala; described for
// players at https://lichess.org/page/accuracy):
//
//   - win% = 50 + 50·(2/(1+e^(-0.00368208·cp)) - 1), the centipawns
//     clamped to ±1000 and a mate counted as ±1000 (games.DefaultWinChance;
//     other games map their scores to a win chance of their own);
//   - a move's accuracy = 103.1668100711649·e^(-0.04354415386753951·(win%
//     before - win% after)) - 3.166924740191411, plus 1 ("uncertainty
//     bonus"), clamped to 0..100; 100 when the win% did not fall;
//   - a side's game accuracy is the mean of two means of its moves'
//     accuracies: one weighted by the volatility of the win% around each
//     move (the population standard deviation of a window of
//     clamp(moves/10, 2, 8) win percentages, clamped to 0.5..12), and the
//     harmonic mean (each accuracy taken as at least 1).
//
// Lichess's thresholds (modules/tree/src/main/Advice.scala) are falls of
// 0.1, 0.2 and 0.3 in winning chances on the -1..1 scale: 5, 10 and 15
// points of win% (chess's Assessment).

import "math"

// Lichess's curve of a move's accuracy against the win% it lost.
const (
	accuracyA     = 103.1668100711649
	accuracyK     = 0.04354415386753951
	accuracyB     = -3.166924740191411
	accuracyBonus = 1 // lila's "uncertainty bonus (due to imperfect analysis)"
)

// moveAccuracy is a move's accuracy (0..100) from its mover's win% before
// and after it.
func moveAccuracy(before, after float64) float64 {
	if after >= before {
		return 100
	}
	raw := accuracyA*math.Exp(-accuracyK*(before-after)) + accuracyB + accuracyBonus
	return min(max(raw, 0), 100)
}

// volatilityWeights are lila's weights of the moves of a game whose win%
// (First's) before the first move and after each is curve: one weight per
// move, from windows of clamp(moves/10, 2, 8) points.
func volatilityWeights(curve []float64) []float64 {
	moves := len(curve) - 1
	if moves <= 0 {
		return nil
	}
	size := min(max(moves/10, 2), 8)
	var windows [][]float64
	first := curve[:min(size, len(curve))]
	for i := 0; i < min(size, len(curve))-2; i++ {
		windows = append(windows, first)
	}
	if len(curve) <= size {
		windows = append(windows, curve)
	} else {
		for i := 0; i+size <= len(curve); i++ {
			windows = append(windows, curve[i:i+size])
		}
	}
	weights := make([]float64, 0, moves)
	for _, w := range windows {
		if len(weights) == moves {
			break
		}
		weights = append(weights, min(max(stddev(w), 0.5), 12))
	}
	for len(weights) < moves { // only when the game is shorter than a window
		weights = append(weights, 0.5)
	}
	return weights
}

// gameAccuracy is lila's game accuracy of one side from its moves'
// accuracies and their volatility weights: the mean of the weighted mean
// and the harmonic mean. ok is false for a side without moves.
func gameAccuracy(accuracies, weights []float64) (acc float64, ok bool) {
	if len(accuracies) == 0 {
		return 0, false
	}
	var sum, wsum, inv float64
	for i, a := range accuracies {
		sum += a * weights[i]
		wsum += weights[i]
		inv += 1 / max(1, a)
	}
	harmonic := float64(len(accuracies)) / inv
	weighted := harmonic
	if wsum != 0 {
		weighted = sum / wsum
	}
	return (weighted + harmonic) / 2, true
}

// stddev is the population standard deviation.
func stddev(xs []float64) float64 {
	mean := 0.0
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	v := 0.0
	for _, x := range xs {
		v += (x - mean) * (x - mean)
	}
	return math.Sqrt(v / float64(len(xs)))
}
