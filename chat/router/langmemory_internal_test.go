package router

import (
	"context"
	"path/filepath"
	"testing"

	"oyunbot/chat"
	"oyunbot/store"
)

// TestLangMemoryIsBounded: the cache keeps at most its size, the least
// recently used going first; what it drops is read back from the store.
func TestLangMemoryIsBounded(t *testing.T) {
	st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "l.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	m := newLangMemory(st, nil)
	m.max = 2
	ctx := t.Context()
	a, b, c := langKey{"t", "c", "a"}, langKey{"t", "c", "b"}, langKey{"t", "c", "c"}
	m.set(ctx, a, chat.Turkish)
	m.set(ctx, b, chat.English)
	m.get(ctx, a) // a used last: b goes first
	m.set(ctx, c, chat.English)
	if n := m.len(); n != 2 {
		t.Fatalf("%d languages in memory, want 2", n)
	}
	if _, ok := m.cached(b); ok {
		t.Fatal("the least recently used language was kept")
	}
	if l, ok := m.get(ctx, b); !ok || l != chat.English {
		t.Fatalf("the dropped language read back as %q, %v", l, ok)
	}
	if n := m.len(); n != 2 {
		t.Fatalf("%d languages in memory after a read, want 2", n)
	}
}
