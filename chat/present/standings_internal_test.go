package present

import (
	"math/rand/v2"
	"testing"

	"oyunbot/chat"
	"oyunbot/tournament"
)

// TestWinDrawLoss: a bye adds to the column what it scores.
func TestWinDrawLoss(t *testing.T) {
	s := tournament.Standing{Wins: 2, Draws: 1, Losses: 3, Byes: 1}
	if w, d, l := winDrawLoss(tournament.Swiss, s); w != 3 || d != 1 || l != 3 {
		t.Errorf("Swiss: %d-%d-%d", w, d, l)
	}
	for _, sys := range []tournament.System{tournament.RoundRobin, tournament.DoubleRoundRobin} {
		if w, d, l := winDrawLoss(sys, s); w != 2 || d != 1 || l != 3 {
			t.Errorf("%s: %d-%d-%d", sys, w, d, l)
		}
	}
}

// TestWinDrawLossAddsUpToThePoints: property over random Swiss and round
// robin tournaments played to the end: W + D/2 is the points of every row.
func TestWinDrawLossAddsUpToThePoints(t *testing.T) {
	results := []tournament.Result{tournament.WhiteWins, tournament.BlackWins, tournament.Draw,
		tournament.WhiteWinsForfeit, tournament.BlackWinsForfeit, tournament.DoubleForfeit}
	rng := rand.New(rand.NewPCG(1, 2))
	next := rng.IntN
	for i := range 60 {
		sys := []tournament.System{tournament.Swiss, tournament.RoundRobin, tournament.DoubleRoundRobin}[i%3]
		tt, err := tournament.New("tictactoe", sys, 0, "", "org")
		if err != nil {
			t.Fatal(err)
		}
		n := 2 + next(8)
		for p := range n {
			if err := tt.Join(tournament.Player{ID: string(rune('a' + p))}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := tt.Start(); err != nil {
			t.Fatal(err)
		}
		for tt.State == tournament.Running {
			round := len(tt.Rounds)
			for b, p := range tt.Rounds[round-1].Pairings {
				if !p.Result.Done() {
					if _, err := tt.RecordResult(round, b+1, results[next(len(results))]); err != nil {
						t.Fatal(err)
					}
					break
				}
			}
		}
		for _, s := range tt.Standings() {
			w, d, _ := winDrawLoss(sys, s)
			if float64(w)+float64(d)/2 != s.Points {
				t.Fatalf("%s, %d players: %+v gives %d-%d-…, not %v points", sys, n, s, w, d, s.Points)
			}
		}
	}
}

// TestFormatPointsQuarters: Sonneborn-Berger's quarters are written as
// fractions like the halves beside them (issue 20.15: "SB 0.25" beside
// "SB ½").
func TestFormatPointsQuarters(t *testing.T) {
	for p, want := range map[float64]string{0: "0", 3: "3", 0.5: "½", 2.5: "2½", 0.25: "¼", 1.75: "1¾", 0.75: "¾", 1.2: "1.2"} {
		if got := formatPoints(chat.English, p); got != want {
			t.Errorf("formatPoints(%v) = %q, want %q", p, got, want)
		}
	}
	if got := formatPoints(chat.Turkish, 1.2); got != "1,2" {
		t.Errorf("formatPoints(tr, 1.2) = %q, want 1,2", got)
	}
}
