package storetest

import (
	"testing"
	"time"

	"oyunbot/sessions"
)

var heartbeatTests = []test{
	{"NotFound", testHeartbeatNotFound},
	{"SaveHeartbeat", testSaveHeartbeat},
	{"CreditDowntime", testCreditDowntime},
	{"CreditDowntimeWithoutHeartbeat", testCreditDowntimeWithoutHeartbeat},
}

// heartbeat loads the heartbeat.
func heartbeat(t *testing.T, s sessions.HeartbeatStore) time.Time {
	t.Helper()
	hb, err := s.Heartbeat(t.Context())
	if err != nil {
		t.Fatalf("Heartbeat: %v", err)
	}
	return hb
}

// testHeartbeatNotFound: no heartbeat before one is saved.
func testHeartbeatNotFound(t *testing.T, s sessions.Store) {
	_, err := s.Heartbeat(t.Context())
	isNotFound(t, "Heartbeat of an empty store", err)
}

// testSaveHeartbeat: the last saved heartbeat comes back, even an earlier
// time than the one before (a clock set back).
func testSaveHeartbeat(t *testing.T, s sessions.Store) {
	for _, hb := range []time.Time{at, at.Add(5 * time.Second), at.Add(-time.Hour)} {
		if err := s.SaveHeartbeat(t.Context(), hb); err != nil {
			t.Fatal(err)
		}
		same(t, "Heartbeat", heartbeat(t, s), hb)
	}
}

// testCreditDowntime: the last move of the unfinished games named moves
// on, nothing else of them changes; other games, finished ones and
// unknown ids are left alone; the heartbeat is saved.
func testCreditDowntime(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	credited := create(t, s, fullGame(t))
	credited.Result = sessions.Result{Winner: credited.Result.Winner} // unfinished, every other field set
	save(t, s, &credited)
	untouched := create(t, s, game("c", ayse, bora))
	over := create(t, s, finished(game("c", bora, cem)))
	if err := s.SaveHeartbeat(ctx, at); err != nil {
		t.Fatal(err)
	}

	restart := at.Add(time.Hour)
	credited.LastMove = at.Add(30 * time.Minute)
	last := map[int64]time.Time{credited.ID: credited.LastMove, over.ID: restart, 999: restart}
	if err := s.CreditDowntime(ctx, last, restart); err != nil {
		t.Fatal(err)
	}
	same(t, "the credited game", stored(t, s, credited.ID), credited)
	same(t, "a game not named", stored(t, s, untouched.ID), untouched)
	same(t, "a finished game", stored(t, s, over.ID), over)
	_, err := s.Game(ctx, 999)
	isNotFound(t, "an unknown game after the credit", err)
	same(t, "Heartbeat", heartbeat(t, s), restart)

	later := restart.Add(time.Minute)
	if err := s.CreditDowntime(ctx, nil, later); err != nil {
		t.Fatal(err)
	}
	same(t, "Heartbeat after crediting no game", heartbeat(t, s), later)
}

// testCreditDowntimeWithoutHeartbeat: with a zero heartbeat only the games
// are credited; the heartbeat stays as it was, or absent.
func testCreditDowntimeWithoutHeartbeat(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	g := create(t, s, game("c", ayse, bora))
	g.LastMove = at.Add(time.Minute)
	if err := s.CreditDowntime(ctx, map[int64]time.Time{g.ID: g.LastMove}, time.Time{}); err != nil {
		t.Fatal(err)
	}
	same(t, "the credited game", stored(t, s, g.ID), g)
	_, err := s.Heartbeat(ctx)
	isNotFound(t, "Heartbeat after a credit without one", err)

	if err := s.SaveHeartbeat(ctx, at); err != nil {
		t.Fatal(err)
	}
	g.LastMove = at.Add(2 * time.Minute)
	if err := s.CreditDowntime(ctx, map[int64]time.Time{g.ID: g.LastMove}, time.Time{}); err != nil {
		t.Fatal(err)
	}
	same(t, "the game credited again", stored(t, s, g.ID), g)
	same(t, "Heartbeat", heartbeat(t, s), at)
}
