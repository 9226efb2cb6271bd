package storetest

// shared.go pins what several processes sharing one store rely on: a
// channel's games for a process that did not start them, and leases.

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"oyunbot/sessions"
)

// testChannelGames: a channel's unfinished games, oldest first; not
// another channel's or platform's, not a finished one; saves are followed.
func testChannelGames(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	got, err := s.ChannelGames(ctx, "test", "a")
	sameGames(t, "ChannelGames of an empty store", got, err)

	g1 := create(t, s, game("a", ayse, bora))
	create(t, s, finished(game("a", bora, cem)))
	create(t, s, game("b", cem, bot))
	other := game("a", cem, bot)
	other.Platform = "other"
	create(t, s, other)
	g5 := create(t, s, game("a", bot, cem))
	g6 := create(t, s, game("a", cem, ayse))
	g1.Moves = []string{"b2"}
	save(t, s, &g1)
	g6 = finished(g6)
	save(t, s, &g6)

	got, err = s.ChannelGames(ctx, "test", "a")
	sameGames(t, "ChannelGames", got, err, g1, g5)
	got, err = s.ChannelGames(ctx, "test", "A")
	sameGames(t, "ChannelGames of a channel differing in case", got, err)
}

var leaseTests = []test{
	{"TakeRenewExpire", testLease},
	{"Release", testLeaseRelease},
	{"Race", testLeaseRace},
}

// lease calls Lease and fails the test on an error.
func lease(t *testing.T, s sessions.LeaseStore, name, holder string, now time.Time, ttl time.Duration) bool {
	t.Helper()
	ok, err := s.Lease(t.Context(), name, holder, now, ttl)
	if err != nil {
		t.Fatalf("Lease(%s, %s): %v", name, holder, err)
	}
	return ok
}

// testLease: a free lease is taken; its holder renews it; another holder
// gets it only once it has expired; leases of other names are apart.
func testLease(t *testing.T, s sessions.Store) {
	const ttl = 10 * time.Second
	for _, step := range []struct {
		what   string
		name   string
		holder string
		at     time.Duration // after the suite's reference time
		want   bool
	}{
		{"a free lease", "sweep", "p1", 0, true},
		{"another holder, held", "sweep", "p2", 5 * time.Second, false},
		{"another name", "other", "p2", 5 * time.Second, true},
		{"the holder renews", "sweep", "p1", 9 * time.Second, true},
		{"another holder, before the renewed end", "sweep", "p2", 18 * time.Second, false},
		{"another holder at the renewed end", "sweep", "p2", 19 * time.Second, true},
		{"the former holder", "sweep", "p1", 20 * time.Second, false},
	} {
		if got := lease(t, s, step.name, step.holder, at.Add(step.at), ttl); got != step.want {
			t.Fatalf("%s: Lease = %v, want %v", step.what, got, step.want)
		}
	}
}

// testLeaseRelease: a released lease is free at once; releasing another
// holder's lease changes nothing.
func testLeaseRelease(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	lease(t, s, "sweep", "p1", at, time.Minute)
	if err := s.ReleaseLease(ctx, "sweep", "p2"); err != nil {
		t.Fatal(err)
	}
	if lease(t, s, "sweep", "p2", at, time.Minute) {
		t.Fatal("p2 took p1's lease after releasing one it did not hold")
	}
	if err := s.ReleaseLease(ctx, "sweep", "p1"); err != nil {
		t.Fatal(err)
	}
	if !lease(t, s, "sweep", "p2", at, time.Minute) {
		t.Fatal("p2 did not get the lease p1 released")
	}
	if err := s.ReleaseLease(ctx, "never", "p1"); err != nil {
		t.Fatalf("releasing a lease never taken: %v", err)
	}
}

// testLeaseRace: holders racing for a free lease: exactly one gets it.
func testLeaseRace(t *testing.T, s sessions.Store) {
	for r := range 10 {
		name := fmt.Sprint("lease", r)
		var (
			wg  sync.WaitGroup
			mu  sync.Mutex
			won []string
		)
		for w := range writers {
			wg.Go(func() {
				holder := fmt.Sprint("p", w)
				ok, err := s.Lease(t.Context(), name, holder, at, time.Minute)
				if err != nil {
					t.Errorf("Lease: %v", err)
					return
				}
				if ok {
					mu.Lock()
					won = append(won, holder)
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if len(won) != 1 {
			t.Fatalf("%s: holders %v got it, want exactly one", name, won)
		}
	}
}

// testTakeChallenge: TakeChallenge deletes the challenge it names and
// says so; not one replaced since (another creation time), not one in the
// other direction, not one already taken.
func testTakeChallenge(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	ab := challenge("1", ayse, bora, at)
	ca := challenge("1", cem, ayse, at.Add(time.Second))
	saveChallenges(t, s, ab, ca)
	take := func(what string, c sessions.ChallengeRecord, from, to string, want bool) {
		t.Helper()
		ok, err := s.TakeChallenge(ctx, c.Platform, c.ChannelID, from, to, c.Created)
		if err != nil || ok != want {
			t.Fatalf("TakeChallenge %s = %v, %v; want %v", what, ok, err, want)
		}
	}
	take("of another creation time", challenge("1", ayse, bora, at.Add(time.Millisecond)), ayse.ID, bora.ID, false)
	take("in the other direction", ab, bora.ID, ayse.ID, false)
	sameChallenges(t, "after taking nothing", challenges(t, s), ab, ca)
	take("the challenge", ab, ayse.ID, bora.ID, true)
	sameChallenges(t, "after taking it", challenges(t, s), ca)
	take("again", ab, ayse.ID, bora.ID, false)
}

// testTakeChallengeRace: processes racing to answer one challenge: one
// takes it.
func testTakeChallengeRace(t *testing.T, s sessions.Store) {
	for r := range 10 {
		c := challenge(fmt.Sprint(r), ayse, bora, at)
		saveChallenges(t, s, c)
		var (
			wg    sync.WaitGroup
			taken atomic.Int32
		)
		for range writers {
			wg.Go(func() {
				ok, err := s.TakeChallenge(t.Context(), c.Platform, c.ChannelID, ayse.ID, bora.ID, c.Created)
				if err != nil {
					t.Errorf("TakeChallenge: %v", err)
				}
				if ok {
					taken.Add(1)
				}
			})
		}
		wg.Wait()
		if n := taken.Load(); n != 1 {
			t.Fatalf("round %d: %d takers got the challenge, want 1", r, n)
		}
	}
}
