package sessions_test

import (
	"reflect"
	"slices"
	"testing"

	"oyunbot/sessions"
)

// TestManagerAPI: the exported API is the one the Manager had when it was
// one type, now spread over its parts: the Manager's own methods are its
// accessors and its life, and each part (reached through its accessor)
// offers its share. Issue 26 first made the Manager embed its parts, then
// (to bring its method set under 40) keep them as named fields; this list
// moved from the Manager to the parts with that change, and the methods
// that repeated their part's name lost it (Tournaments().Create, not
// Tournaments().CreateTournament). A method a part stops offering, a
// part's helper exported by mistake, or an accessor missing shows here.
// Background and Lifetime lend the engine's workers to the post-game
// analyses, which left for package sessions/analyses (issue 38). The
// tournaments left for package sessions/tournaments (issue 38): their
// part (Create, Get, ...) went with them, and the Manager offers them
// TournamentGames (their games) and Config (what they read of its
// configuration). Emit, Go, Hold and SyncAll are the hooks of the fleet,
// which left for package sessions/fleet with its sweep, heartbeat and
// CreditOutage (issue 38).
//
// The challenges left for package sessions/challenges (issue 38): their
// part (Issue, Accept, ...) went with them, and the Lobby offers them
// Playing and StartBetween (the game an accepted challenge starts). The
// matches left for package sessions/matches (issue 38): their part
// (Start, Get) went with them, and the Manager offers them MatchGames
// (the check and start of their games). The ratings left for package
// sessions/ratings (issue 38): Ratings went with them, and a game's end
// reaches them through the Rater handed in as Config.Ratings.
func TestManagerAPI(t *testing.T) {
	want := map[reflect.Type][]string{
		reflect.TypeFor[*sessions.Manager](): {"Background", "Channels", "Clocks", "Close", "Config", "Emit",
			"EngineJobs", "Go", "Hold", "Lifetime", "Listen", "Lobby", "MatchGames", "Offers", "Play", "Resume",
			"Skipped", "SyncAll", "TournamentGames", "Wait"},
		reflect.TypeFor[*sessions.Lobby](): {"ChannelGames", "Find", "Finished", "Get", "LastFinished", "PlayerGames", "Playing",
			"StartBetween", "StartSolo", "StartVsBot"},
		reflect.TypeFor[*sessions.Play](): {"CheckMove", "Hint", "Move", "Roll", "SetLevel", "TakeBackPly", "Undo"},
		reflect.TypeFor[*sessions.Offers](): {"AnswerTakeback", "DeclineDraw", "OfferDraw", "OfferTakeback",
			"Resign"},
		reflect.TypeFor[*sessions.MatchGames]():      {"Playing", "Start"},
		reflect.TypeFor[*sessions.TournamentGames](): {"Emit", "End", "Find", "Start"},
		reflect.TypeFor[*sessions.Channels]():        {"Get", "Set"},
		reflect.TypeFor[*sessions.Clocks]():          {"CheckIdle"},
	}
	for typ, want := range want {
		var got []string
		for i := range typ.NumMethod() {
			got = append(got, typ.Method(i).Name)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%v's methods:\n got %v\nwant %v", typ, got, want)
		}
	}
	// Every accessor returns its part.
	m := reflect.TypeFor[*sessions.Manager]()
	for typ := range want {
		if typ == m {
			continue
		}
		name := typ.Elem().Name()
		acc, ok := m.MethodByName(name)
		if !ok || acc.Type.NumOut() != 1 || acc.Type.Out(0) != typ {
			t.Errorf("the Manager has no accessor %s() %v", name, typ)
		}
	}
}
