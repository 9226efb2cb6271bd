package present

import (
	"testing"

	"oyunbot/tournament"
)

// TestRatingNumber: a rating is marked "?" while its deviation is above
// lichess's 110 (a new player's, whose first games move it by hundreds),
// and plain once it is settled.
func TestRatingNumber(t *testing.T) {
	for _, tc := range []struct {
		rating, rd float64
		want       string
	}{
		{1500, 350, "1500?"},
		{1337.6, 290, "1338?"},
		{1662, 110.5, "1662?"},
		{1662, 110, "1662"},
		{2210, 50, "2210"},
	} {
		if got := ratingNumber(tournament.Rating{Rating: tc.rating, RD: tc.rd, Volatility: 0.06}); got != tc.want {
			t.Errorf("rating %.1f ±%.1f: %q, want %q", tc.rating, tc.rd, got, tc.want)
		}
	}
}
