package sessions_test

import (
	"reflect"
	"slices"
	"testing"

	"oyunbot/sessions"
)

// TestManagerAPI: the Manager's exported methods are the ones it had when
// it was one type (issue 26 made it a facade over parts it embeds). A
// method a part stops offering, a part's helper exported by mistake, or
// two parts offering one name (which Go then drops from the Manager
// without a word) shows here.
func TestManagerAPI(t *testing.T) {
	want := []string{
		"Accept", "AddBotToTournament", "AnswerTakeback", "CancelTournament", "Challenge", "Challenges",
		"Channel", "ChannelGames", "CheckIdle", "CheckMove", "Close", "CreateTournament", "CreditOutage",
		"Decline", "DeclineDraw", "EngineJobs", "Find", "Finished", "Get", "Hint", "JoinTournament", "LastFinished",
		"Leaderboard", "LeaveTournament", "LevelRating", "Match", "Move", "OfferDraw", "OfferTakeback",
		"PlayerRatings", "Rating", "Resign", "Resume", "Roll", "SetChannel", "SetLevel", "Skipped",
		"StartMatch", "StartSolo", "StartTournament", "StartVsBot", "TakeBackPly", "Tournament", "Undo", "Wait",
	}
	typ := reflect.TypeFor[*sessions.Manager]()
	var got []string
	for i := range typ.NumMethod() {
		got = append(got, typ.Method(i).Name)
	}
	if !slices.Equal(got, want) {
		t.Errorf("the Manager's methods:\n got %v\nwant %v", got, want)
	}
}
