package main

// stats.go is the arithmetic of a match: game pairs counted in five bins
// (the pentanomial: a pair scores 0, ½, 1, 1½ or 2 points), the Elo
// difference with its 95% interval, and the sequential probability ratio
// test that decides between two Elo hypotheses.
//
// Counting pairs rather than games is what engine testers do since the
// two games of a pair share an opening: their results are correlated, and
// the pair's variance is the honest one (a lopsided opening that both
// engines win with White adds nothing to the variance of a pair).

import (
	"fmt"
	"math"
)

// z95 is the normal quantile of a two-sided 95% interval.
const z95 = 1.959964

// penta counts game pairs by the first engine's points in the pair: penta[k]
// pairs scored k/2 points (0, ½, 1, 1½, 2). wdl counts single games.
type penta [5]int

// tally is the running count of a match.
type tally struct {
	pairs penta
	wins  int // the first engine's, over single games
	draws int
	loss  int
}

// addGame counts one game scored s (1, ½ or 0) for the first engine.
func (t *tally) addGame(s float64) {
	switch s {
	case 1:
		t.wins++
	case 0.5:
		t.draws++
	default:
		t.loss++
	}
}

// addPair counts a finished pair whose two games scored a and b.
func (t *tally) addPair(a, b float64) {
	t.addGame(a)
	t.addGame(b)
	t.pairs[int(math.Round(2*(a+b)))]++
}

// games is the number of games counted.
func (t *tally) games() int { return t.wins + t.draws + t.loss }

// meanVar is the mean score per game and the variance of a pair's mean
// score (a pair counted as one observation scored 0, ¼, ½, ¾ or 1), and
// the number of pairs.
func (t *tally) meanVar() (mean, variance float64, n int) {
	for k, c := range t.pairs {
		n += c
		mean += float64(c) * float64(k) / 4
	}
	if n == 0 {
		return 0.5, 0, 0
	}
	mean /= float64(n)
	for k, c := range t.pairs {
		d := float64(k)/4 - mean
		variance += float64(c) * d * d
	}
	variance /= float64(n)
	return mean, variance, n
}

// eloOf is the logistic Elo difference of an expected score.
func eloOf(score float64) float64 {
	score = min(max(score, 1e-9), 1-1e-9)
	return -400 * math.Log10(1/score-1)
}

// scoreOf is the expected score of an Elo difference.
func scoreOf(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// elo is the Elo difference the pairs show and the ends of its 95%
// interval (normal approximation on the pair scores). With fewer than two
// pairs, or no variance at all, the interval is the estimate itself.
func (t *tally) elo() (est, lo, hi float64) {
	mean, v, n := t.meanVar()
	if n == 0 {
		return 0, 0, 0
	}
	half := z95 * math.Sqrt(v/float64(n))
	return eloOf(mean), eloOf(mean - half), eloOf(mean + half)
}

// sprt is a sequential probability ratio test of H0: Elo = elo0 against
// H1: Elo = elo1 at error rates alpha (accepting H1 when H0 holds) and
// beta (the reverse).
type sprt struct {
	elo0, elo1  float64
	alpha, beta float64
}

// bounds are the log-likelihood ratios at which the test accepts H0
// (lower) or H1 (upper).
func (s sprt) bounds() (lower, upper float64) {
	return math.Log(s.beta / (1 - s.alpha)), math.Log((1 - s.beta) / s.alpha)
}

// llr is the log-likelihood ratio of the pairs counted: the generalized
// SPRT's normal approximation, (N/2v)·((m-s0)² - (m-s1)²), with m the mean
// pair score, v its variance and s0, s1 the scores of elo0 and elo1. It is
// 0 until the results vary (no information about the variance).
func (s sprt) llr(t *tally) float64 {
	mean, v, n := t.meanVar()
	if n == 0 || v == 0 {
		return 0
	}
	// A sample with no draws or no decisive pairs understates the
	// variance; a floor keeps a lucky start from deciding the test.
	v = max(v, 1e-3)
	s0, s1 := scoreOf(s.elo0), scoreOf(s.elo1)
	return float64(n) / (2 * v) * ((mean-s0)*(mean-s0) - (mean-s1)*(mean-s1))
}

// verdict is "H1" or "H0" once the test has decided, "" before.
func (s sprt) verdict(t *tally) string {
	lo, hi := s.bounds()
	switch l := s.llr(t); {
	case l >= hi:
		return "H1"
	case l <= lo:
		return "H0"
	}
	return ""
}

// String names the hypotheses as the report prints them.
func (s sprt) String() string {
	return fmt.Sprintf("SPRT elo0=%g elo1=%g alpha=%g beta=%g", s.elo0, s.elo1, s.alpha, s.beta)
}

// summary is the one-line state of a match: games, W-D-L, pairs, Elo with
// its interval and, when a test runs, the LLR against its bounds.
func summary(t *tally, test *sprt) string {
	est, lo, hi := t.elo()
	mean, _, _ := t.meanVar()
	line := fmt.Sprintf("games %d W-D-L %d-%d-%d score %.3f pairs %v elo %+.1f [%+.1f, %+.1f]",
		t.games(), t.wins, t.draws, t.loss, mean, t.pairs, est+0, lo+0, hi+0) // +0: no "-0.0"
	if test != nil {
		a, b := test.bounds()
		line += fmt.Sprintf(" LLR %.2f [%.2f, %.2f]", test.llr(t), a, b)
	}
	return line
}
