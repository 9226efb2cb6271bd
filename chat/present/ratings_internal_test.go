package present

import (
	"strings"
	"testing"

	"oyunbot/chat"
	"oyunbot/games/dama"
	"oyunbot/sessions"
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

// TestLeaderboardProvisional: a provisional rating keeps its "?" on the
// leaderboard, in its text and its picture's rows, as everywhere else
// ("1338?"; it was dropped; issue 35 item 20); a settled one has none.
func TestLeaderboardProvisional(t *testing.T) {
	r := New(Config{BotName: "oyunbot"}, testCatalog(t))
	newcomer, settled := tournament.NewRating(), tournament.NewRating()
	newcomer.Rating, newcomer.RD = 1338.4, tournament.ProvisionalRD+40
	settled.Rating, settled.RD = 1612, tournament.ProvisionalRD-30
	list := []sessions.RatingRecord{
		{Game: "dama", PlayerID: "2", Name: "Bob", Rating: settled, Games: 40},
		{Game: "dama", PlayerID: "1", Name: "Ayşe", Rating: newcomer, Games: 2},
	}
	for _, lang := range []chat.Lang{chat.English, chat.Turkish} {
		_, _, rows, text := r.LeaderboardTable(lang, dama.Game{}, list)
		if rows[1][2] != "1338?" || rows[0][2] != "1612" {
			t.Errorf("%s: the picture's ratings %q and %q, want 1612 and 1338?", lang, rows[0][2], rows[1][2])
		}
		if !strings.Contains(text, "Ayşe — 1338? ±") || !strings.Contains(text, "Bob — 1612 ±") {
			t.Errorf("%s: text\n%s", lang, text)
		}
	}
}
