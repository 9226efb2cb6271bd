// Package sprtstat is the arithmetic of an engine match: game pairs
// counted in five bins (the pentanomial: a pair scores 0, ½, 1, 1½ or 2
// points), the Elo difference with its 95% interval, and the sequential
// probability ratio test that decides between two Elo hypotheses. It is
// tools/sprt's arithmetic (stats.go there), exported for the draughts
// match tool.
//
// Counting pairs rather than games is what engine testers do since the
// two games of a pair share an opening: their results are correlated, and
// the pair's variance is the honest one.
package sprtstat

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// z95 is the normal quantile of a two-sided 95% interval.
const z95 = 1.959964

// Penta counts game pairs by the first engine's points in the pair:
// Penta[k] pairs scored k/2 points (0, ½, 1, 1½, 2).
type Penta [5]int

// Tally is the running count of a match.
type Tally struct {
	Pairs             Penta
	Wins, Draws, Loss int // the first engine's, over single games
}

func (t *Tally) addGame(s float64) {
	switch s {
	case 1:
		t.Wins++
	case 0.5:
		t.Draws++
	default:
		t.Loss++
	}
}

// AddPair counts a finished pair whose two games scored a and b (1, ½ or
// 0 each) for the first engine.
func (t *Tally) AddPair(a, b float64) {
	t.addGame(a)
	t.addGame(b)
	t.Pairs[int(math.Round(2*(a+b)))]++
}

// Games is the number of games counted.
func (t *Tally) Games() int { return t.Wins + t.Draws + t.Loss }

// MeanVar is the mean score per game, the variance of a pair's mean
// score (a pair counted as one observation scored 0, ¼, ½, ¾ or 1), and
// the number of pairs.
func (t *Tally) MeanVar() (mean, variance float64, n int) {
	for k, c := range t.Pairs {
		n += c
		mean += float64(c) * float64(k) / 4
	}
	if n == 0 {
		return 0.5, 0, 0
	}
	mean /= float64(n)
	for k, c := range t.Pairs {
		d := float64(k)/4 - mean
		variance += float64(c) * d * d
	}
	variance /= float64(n)
	return mean, variance, n
}

// EloOf is the logistic Elo difference of an expected score.
func EloOf(score float64) float64 {
	score = min(max(score, 1e-9), 1-1e-9)
	return -400 * math.Log10(1/score-1)
}

// ScoreOf is the expected score of an Elo difference.
func ScoreOf(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// Elo is the Elo difference the pairs show and the ends of its 95%
// interval (normal approximation on the pair scores).
func (t *Tally) Elo() (est, lo, hi float64) {
	mean, v, n := t.MeanVar()
	if n == 0 {
		return 0, 0, 0
	}
	half := z95 * math.Sqrt(v/float64(n))
	return EloOf(mean), EloOf(mean - half), EloOf(mean + half)
}

// SPRT is a sequential probability ratio test of H0: Elo = Elo0 against
// H1: Elo = Elo1 at error rates Alpha (accepting H1 when H0 holds) and
// Beta (the reverse).
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// Bounds are the log-likelihood ratios at which the test accepts H0
// (lower) or H1 (upper).
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// LLR is the log-likelihood ratio of the pairs counted: the generalized
// SPRT's normal approximation, (N/2v)·((m-s0)² - (m-s1)²), with m the mean
// pair score, v its variance and s0, s1 the scores of Elo0 and Elo1. It is
// 0 until the results vary.
func (s SPRT) LLR(t *Tally) float64 {
	mean, v, n := t.MeanVar()
	if n == 0 || v == 0 {
		return 0
	}
	// A sample with no draws or no decisive pairs understates the
	// variance; a floor keeps a lucky start from deciding the test.
	v = max(v, 1e-3)
	s0, s1 := ScoreOf(s.Elo0), ScoreOf(s.Elo1)
	return float64(n) / (2 * v) * ((mean-s0)*(mean-s0) - (mean-s1)*(mean-s1))
}

// Verdict is "H1" or "H0" once the test has decided, "" before.
func (s SPRT) Verdict(t *Tally) string {
	lo, hi := s.Bounds()
	switch l := s.LLR(t); {
	case l >= hi:
		return "H1"
	case l <= lo:
		return "H0"
	}
	return ""
}

// String names the hypotheses as a report prints them.
func (s SPRT) String() string {
	return fmt.Sprintf("SPRT elo0=%g elo1=%g alpha=%g beta=%g", s.Elo0, s.Elo1, s.Alpha, s.Beta)
}

// Summary is the one-line state of a match: games, W-D-L, pairs, Elo with
// its interval and, when a test runs, the LLR against its bounds.
func Summary(t *Tally, test *SPRT) string {
	est, lo, hi := t.Elo()
	mean, _, _ := t.MeanVar()
	line := fmt.Sprintf("games %d W-D-L %d-%d-%d score %.3f pairs %v elo %+.1f [%+.1f, %+.1f]",
		t.Games(), t.Wins, t.Draws, t.Loss, mean, t.Pairs, est+0, lo+0, hi+0) // +0: no "-0.0"
	if test != nil {
		a, b := test.Bounds()
		line += fmt.Sprintf(" LLR %.2f [%.2f, %.2f]", test.LLR(t), a, b)
	}
	return line
}

// Parse reads "ELO0,ELO1[,ALPHA,BETA]" (alpha and beta 0.05 unless
// given).
func Parse(s string) (SPRT, error) {
	f := strings.Split(s, ",")
	if len(f) != 2 && len(f) != 4 {
		return SPRT{}, fmt.Errorf("%q: want ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA", s)
	}
	v := make([]float64, len(f))
	for i, x := range f {
		var err error
		if v[i], err = strconv.ParseFloat(strings.TrimSpace(x), 64); err != nil {
			return SPRT{}, fmt.Errorf("%q is not a number", x)
		}
	}
	t := SPRT{Elo0: v[0], Elo1: v[1], Alpha: 0.05, Beta: 0.05}
	if len(v) == 4 {
		t.Alpha, t.Beta = v[2], v[3]
	}
	if t.Elo1 <= t.Elo0 || t.Alpha <= 0 || t.Alpha >= 0.5 || t.Beta <= 0 || t.Beta >= 0.5 {
		return SPRT{}, fmt.Errorf("%q: want ELO0 < ELO1 and 0 < ALPHA, BETA < 0.5", s)
	}
	return t, nil
}
