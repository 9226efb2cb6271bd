package store_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"oyunbot/sessions"
	"oyunbot/sessions/analyses"
	"oyunbot/store"
	"oyunbot/store/pgtest"
)

// TestStoreAnalyses: an analysis is stored, replaced, and read back as it
// was, on SQLite and on PostgreSQL (when OYUNBOT_TEST_POSTGRES names one);
// a game without one is ErrNotFound.
func TestStoreAnalyses(t *testing.T) {
	stores := map[string]func(t *testing.T) *store.SQLStore{
		"sqlite": func(t *testing.T) *store.SQLStore {
			s, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return s
		},
		"postgres": func(t *testing.T) *store.SQLStore { return pgtest.Open(t) },
	}
	for name, open := range stores {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			s := open(t)
			if _, err := s.Analysis(ctx, 3); !errors.Is(err, sessions.ErrNotFound) {
				t.Errorf("no analysis: %v", err)
			}
			at := time.UnixMilli(1_800_000_000_123)
			part := analyses.Record{GameID: 3, Result: []byte(`{"complete":false}`), At: at}
			if err := s.SaveAnalysis(ctx, part); err != nil {
				t.Fatal(err)
			}
			full := analyses.Record{GameID: 3, Complete: true, Result: []byte(`{"complete":true}`), At: at.Add(time.Second)}
			if err := s.SaveAnalysis(ctx, full); err != nil {
				t.Fatal(err)
			}
			got, err := s.Analysis(ctx, 3)
			if err != nil || !got.Complete || string(got.Result) != string(full.Result) || !got.At.Equal(full.At) {
				t.Errorf("read back %+v, %v; want %+v", got, err, full)
			}
		})
	}
}
