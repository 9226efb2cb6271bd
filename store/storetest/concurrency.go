package storetest

import (
	"cmp"
	"fmt"
	"oyunbot/sessions/outbox"
	"slices"
	"sync"
	"testing"
	"time"

	"oyunbot/sessions"
	"oyunbot/tournament"
)

var concurrencyTests = []test{
	{"Games", testConcurrentGames},
	{"Aggregates", testConcurrentAggregates},
}

// Sizes of the concurrency tests: a few writers, as the Manager has (one
// per game being played), each making a few changes.
const (
	writers = 4
	changes = 8
)

// testConcurrentGames: writers each play their own game (create, save a
// move and announce it, read it back) while others read every game; no
// change is lost or mixed up.
func testConcurrentGames(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	final := make([]sessions.GameRecord, writers)
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			ch := fmt.Sprint("c", w)
			g := game(ch, ayse, bora)
			id, err := s.CreateGame(ctx, g)
			if err != nil {
				t.Errorf("writer %d: CreateGame: %v", w, err)
				return
			}
			g.ID = id
			for i := range changes {
				g.Moves = append(g.Moves, fmt.Sprint("m", i))
				g.Version++
				g.LastMove = g.LastMove.Add(time.Second)
				if i == changes-1 {
					g = finished(g) // the last move ends it
				}
				if err := s.SaveGame(ctx, g); err != nil {
					t.Errorf("writer %d: SaveGame: %v", w, err)
					return
				}
				if _, err := s.EnqueueReplies(ctx, []outbox.Item{reply(ch, id, g.Version, fmt.Sprint(i))}); err != nil {
					t.Errorf("writer %d: EnqueueReplies: %v", w, err)
					return
				}
				got, err := s.Game(ctx, id)
				if err != nil || len(got.Moves) != i+1 || got.Version != g.Version {
					t.Errorf("writer %d: read back %+v, %v after move %d", w, got, err, i+1)
					return
				}
				if _, err := s.ActiveGames(ctx); err != nil {
					t.Errorf("writer %d: ActiveGames: %v", w, err)
					return
				}
			}
			final[w] = g
		})
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	for _, g := range final {
		same(t, "game "+g.ChannelID, stored(t, s, g.ID), g)
	}
	un, err := s.UnannouncedGames(ctx)
	sameGames(t, "UnannouncedGames", un, err)
	un, err = s.UnsettledGames(ctx)
	sameGames(t, "UnsettledGames", un, err, sortedByID(final)...)
	items := pending(t, s, "test")
	if len(items) != writers*changes {
		t.Fatalf("%d pending replies, want %d", len(items), writers*changes)
	}
	next := map[string]int{}
	for _, it := range items {
		if want := fmt.Sprint(next[it.ChannelID]); string(it.Data) != want {
			t.Fatalf("channel %s: reply %q, want %q: out of order", it.ChannelID, it.Data, want)
		}
		next[it.ChannelID]++
	}
}

// sortedByID returns recs sorted by id.
func sortedByID(recs []sessions.GameRecord) []sessions.GameRecord {
	out := slices.Clone(recs)
	slices.SortFunc(out, func(a, b sessions.GameRecord) int { return cmp.Compare(a.ID, b.ID) })
	return out
}

// testConcurrentAggregates: writers of every aggregate at once (settling,
// challenges, channels, tournaments, the heartbeat and its credit) each
// find what they wrote.
func testConcurrentAggregates(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	var games []sessions.GameRecord
	for w := range writers {
		games = append(games, create(t, s, finished(game(fmt.Sprint("c", w), ayse, bora))))
	}
	var wg sync.WaitGroup
	for w := range writers {
		ch := fmt.Sprint("c", w)
		wg.Go(func() { // settling: each writer its own game and player
			r := rating(fmt.Sprint("p", w), 1500+float64(w), 1)
			if err := s.SettleGame(ctx, games[w].ID, []sessions.RatingRecord{r}); err != nil {
				t.Errorf("SettleGame: %v", err)
			}
		})
		wg.Go(func() { // challenges between the same people in different channels
			for i := range changes {
				c := challenge(ch, ayse, bora, at.Add(time.Duration(i)*time.Second))
				if i%2 == 1 {
					c.From, c.To = bora, ayse
				}
				if err := s.SaveChallenge(ctx, c); err != nil {
					t.Errorf("SaveChallenge: %v", err)
					return
				}
			}
		})
		wg.Go(func() {
			for i := range changes {
				if err := s.SaveChannel(ctx, sessions.ChannelSettings{Platform: "test", ChannelID: ch, Level: fmt.Sprint(i)}); err != nil {
					t.Errorf("SaveChannel: %v", err)
					return
				}
			}
		})
		rec := newTournament(t, ch, tournament.Registering, ayse.ID)
		wg.Go(func() {
			id, err := s.CreateTournament(ctx, rec)
			if err != nil {
				t.Errorf("CreateTournament: %v", err)
				return
			}
			rec.ID = id
			for i := range changes {
				rec.Games[fmt.Sprint(i)] = int64(i)
				if err := s.SaveTournament(ctx, rec); err != nil {
					t.Errorf("SaveTournament: %v", err)
					return
				}
			}
		})
	}
	wg.Go(func() {
		for i := range changes {
			if err := s.CreditDowntime(ctx, nil, at.Add(time.Duration(i)*time.Second)); err != nil {
				t.Errorf("CreditDowntime: %v", err)
				return
			}
		}
	})
	wg.Wait()
	if t.Failed() {
		return
	}

	for w := range writers {
		ch := fmt.Sprint("c", w)
		if !stored(t, s, games[w].ID).Settled {
			t.Errorf("game %d not settled", games[w].ID)
		}
		if _, err := s.Rating(ctx, "test", "game-b", fmt.Sprint("p", w)); err != nil {
			t.Errorf("rating of p%d: %v", w, err)
		}
		cs, err := s.Channel(ctx, "test", ch)
		if err != nil || cs.Level != fmt.Sprint(changes-1) {
			t.Errorf("channel %s: %+v, %v; want the last level saved", ch, cs, err)
		}
		if rec := lastTournament(t, s, ch); len(rec.Games) != changes {
			t.Errorf("tournament of %s: games %v, want %d", ch, rec.Games, changes)
		}
	}
	got := challenges(t, s)
	if len(got) != writers {
		t.Fatalf("%d challenges %+v, want one per channel", len(got), got)
	}
	for _, c := range got {
		if !c.Created.Equal(at.Add((changes-1)*time.Second)) || c.From != bora {
			t.Errorf("challenge %+v, want the last one saved in its channel", c)
		}
	}
	same(t, "Heartbeat", heartbeat(t, s), at.Add((changes-1)*time.Second))
}
