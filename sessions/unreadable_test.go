package sessions_test

import (
	"bytes"
	"errors"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"oyunbot/sessions"
	"oyunbot/sessions/tournaments"
	"oyunbot/tournament"
)

// syncBuffer is a log destination safe for the Manager's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestUnreadableRowsAreSkipped: one row that cannot be read (invalid JSON
// in a game, a tournament, a challenge, even an expired one; moves that do
// not replay) does not stop the start: it is skipped, logged with its table
// and key, listed by Skipped and Unreadable, and left exactly as it is,
// across further starts, while the rest of the bot works and the skipped
// game's id is not reused.
func TestUnreadableRowsAreSkipped(t *testing.T) {
	dilek := sessions.Player{ID: "u4", Name: "Dilek"}
	for _, tc := range []struct {
		name, corrupt, table, key, raw string
		// overwrite tries what would replace the row; it must not.
		overwrite func(t *testing.T, h *harness)
	}{
		{"game players", `UPDATE games SET players = '[{"ID": ' WHERE id = 2`, sessions.TableGames, "2",
			`SELECT players FROM games WHERE id = 2`, nil},
		{"game moves", `UPDATE games SET moves = 'b2,a1' WHERE id = 2`, sessions.TableGames, "2",
			`SELECT moves FROM games WHERE id = 2`, nil},
		{"game moves that do not replay", `UPDATE games SET moves = '["b2","b2"]' WHERE id = 2`, sessions.TableGames, "2",
			`SELECT moves FROM games WHERE id = 2`, nil},
		{"tournament", `UPDATE tournaments SET data = '{"Game": 7' WHERE id = 1`, sessions.TableTournaments, "1",
			`SELECT data FROM tournaments WHERE id = 1`, func(t *testing.T, h *harness) {
				v, err := h.tours.Create(bg, tournaments.Request{Platform: "test", ChannelID: "chan-t",
					Organiser: bora, Game: h.game("xox"), System: tournament.Swiss})
				if err != nil || v.ID != 2 {
					t.Fatalf("a new tournament in the channel: %d, %v", v.ID, err)
				}
			}},
		{"challenge", `UPDATE challenges SET data = 'null,' WHERE from_id = 'u1'`, sessions.TableChallenges,
			"test/chan-c/u1>u3", `SELECT data FROM challenges WHERE from_id = 'u1'`, func(t *testing.T, h *harness) {
				err := h.chal.Issue(bg, sessions.Challenge{Platform: "test", ChannelID: "chan-c", From: cem, To: ayse, Game: h.game("xox")})
				if !errors.Is(err, sessions.ErrUnreadableRow) {
					t.Fatalf("a challenge replacing the unreadable one: %v", err)
				}
			}},
		{"expired challenge", `UPDATE challenges SET data = '' WHERE from_id = 'u2'`, sessions.TableChallenges,
			"test/chan-d/u2>u3", `SELECT data FROM challenges WHERE from_id = 'u2'`, func(t *testing.T, h *harness) {
				err := h.chal.Issue(bg, sessions.Challenge{Platform: "test", ChannelID: "chan-d", From: bora, To: cem, Game: h.game("xox")})
				if !errors.Is(err, sessions.ErrUnreadableRow) {
					t.Fatalf("a challenge replacing the unreadable one: %v", err)
				}
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "games.db")
			clock, now := fakeNow()
			h := process(t, path, now, -1)
			challenge := func(ch string, from, to sessions.Player) {
				t.Helper()
				if err := h.chal.Issue(bg, sessions.Challenge{Platform: "test", ChannelID: ch, From: from, To: to, Game: h.game("xox")}); err != nil {
					t.Fatal(err)
				}
			}
			challenge("chan-d", bora, cem) // expired by the restart
			clock.Add(int64(2 * sessions.DefaultChallengeTTL))
			g1 := h.pvp("xox", chanA, ayse, bora)
			if _, err := h.m.Play().Move(bg, g1.ID, ayse.ID, "b2", ""); err != nil {
				t.Fatal(err)
			}
			if g2 := h.pvp("xox", "chan-b", cem, dilek); g2.ID != 2 {
				t.Fatalf("second game has id %d", g2.ID)
			}
			if _, err := h.tours.Create(bg, tournaments.Request{Platform: "test", ChannelID: "chan-t",
				Organiser: ayse, Game: h.game("xox"), System: tournament.RoundRobin}); err != nil {
				t.Fatal(err)
			}
			challenge("chan-c", ayse, cem)
			h.m.Close()
			if err := h.store.ExecForTest(bg, tc.corrupt); err != nil {
				t.Fatal(err)
			}
			bad, err := h.store.RawForTest(bg, tc.raw)
			if err != nil {
				t.Fatal(err)
			}

			var log syncBuffer
			h = newHarness(t, path, func(c *sessions.Config) {
				c.Now, c.IdleCheck = now, time.Hour
				c.Logger = slog.New(slog.NewTextHandler(&log, nil))
			})
			skipped := h.m.Skipped()
			if len(skipped) != 1 || skipped[0].Table != tc.table || skipped[0].Key != tc.key || skipped[0].Err == nil {
				t.Fatalf("skipped %v, want %s %s", skipped, tc.table, tc.key)
			}
			listed, err := sessions.Unreadable(bg, h.store, h.reg)
			if err != nil || len(listed) != 1 || listed[0].Table != tc.table || listed[0].Key != tc.key {
				t.Fatalf("Unreadable lists %v, %v", listed, err)
			}
			for _, want := range []string{"table=" + tc.table + " key=" + tc.key, "skipped unreadable rows", "count=1"} {
				if !strings.Contains(log.String(), want) {
					t.Errorf("log lacks %q:\n%s", want, log.String())
				}
			}

			// The rest works; a new game gets a new id.
			if _, err := h.m.Play().Move(bg, g1.ID, bora.ID, "a1", ""); err != nil {
				t.Fatal("the readable game:", err)
			}
			if g := h.pvp("xox", "chan-e", cem, dilek); g.ID != 3 {
				t.Fatalf("a new game got id %d, want 3", g.ID)
			}
			if tc.overwrite != nil {
				tc.overwrite(t, h)
			}
			h.m.Close()

			// Still there, untouched, and skipped again at the next start.
			if got, err := h.store.RawForTest(bg, tc.raw); err != nil || got != bad {
				t.Fatalf("the unreadable row is now %q, %v; want %q", got, err, bad)
			}
			h = process(t, path, now, -1)
			if skipped := h.m.Skipped(); len(skipped) != 1 || skipped[0].Key != tc.key {
				t.Fatalf("second start skipped %v", skipped)
			}
		})
	}
}
