package telegram_test

import (
	"context"
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"oyunbot/chat"
	"oyunbot/chat/router"
	"oyunbot/chat/telegram"
	"oyunbot/chat/telegram/telegramtest"
	"oyunbot/sessions"
	"oyunbot/store"
	"oyunbot/store/pgtest"
)

// sharedUsers is a user directory two adapters share: PostgreSQL when
// OYUNBOT_TEST_POSTGRES is set, SQLite otherwise.
func sharedUsers(t *testing.T) sessions.UserDirectory {
	t.Helper()
	if pgtest.Available() {
		return pgtest.Open(t)
	}
	s, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestMentionsAcrossProcesses: two bot processes share a store; Bob
// speaks to one, and the other resolves @bob_the_user in a challenge
// (case aside), though Bob never wrote to it. A name nobody used stays
// unresolved.
func TestMentionsAcrossProcesses(t *testing.T) {
	users := sharedUsers(t)
	group := telegramtest.Group(501, "g")

	srvA, hA := newServer(t), &recorder{}
	cfgA := fastConfig(srvA)
	cfgA.Users = router.Users(users, telegram.Platform)
	startBot(t, srvA, cfgA, hA)
	srvA.SendText(group, bob, "hello")
	hA.waitText(t, "hello")

	srvB, hB := newServer(t), &recorder{}
	cfgB := fastConfig(srvB)
	cfgB.Users = router.Users(users, telegram.Platform)
	startBot(t, srvB, cfgB, hB)
	srvB.SendText(group, ayse, "/challenge @Bob_The_User dama")
	srvB.SendText(group, ayse, "/challenge @stranger_user dama")
	got := hB.waitMessages(t, 2)
	for i, want := range [][]chat.User{{{ID: "77", Name: "Bob"}}, nil} {
		if !reflect.DeepEqual(got[i].Mentions, want) {
			t.Errorf("%q on the other process: mentions %+v, want %+v", got[i].Text, got[i].Mentions, want)
		}
	}
}

// countingUsers counts the calls that reach the directory.
type countingUsers struct {
	sessions.UserDirectory
	mu               sync.Mutex
	remember, lookup int
}

func (c *countingUsers) RememberUser(ctx context.Context, u sessions.UserRecord) error {
	c.mu.Lock()
	c.remember++
	c.mu.Unlock()
	return c.UserDirectory.RememberUser(ctx, u)
}

func (c *countingUsers) UserByName(ctx context.Context, platform, name string) (sessions.UserRecord, error) {
	c.mu.Lock()
	c.lookup++
	c.mu.Unlock()
	return c.UserDirectory.UserByName(ctx, platform, name)
}

// TestUserDirectoryCached: the memory in front of the directory writes a
// person once while they stay the same (again when their name changes),
// and reads a name once.
func TestUserDirectoryCached(t *testing.T) {
	users := &countingUsers{UserDirectory: sharedUsers(t)}
	group := telegramtest.Group(501, "g")
	srv, h := newServer(t), &recorder{}
	cfg := fastConfig(srv)
	cfg.Users = router.Users(users, telegram.Platform)
	startBot(t, srv, cfg, h)
	renamed := bob
	renamed.FirstName = "Robert"
	for _, m := range []struct {
		from telegramtest.User
		text string
	}{{bob, "one"}, {bob, "two"}, {renamed, "three"}, {renamed, "four"}} {
		srv.SendText(group, m.from, m.text)
	}
	h.waitText(t, "four")
	// The other process's view: one read, then memory.
	srv2, h2 := newServer(t), &recorder{}
	cfg2 := fastConfig(srv2)
	cfg2.Users = router.Users(users, telegram.Platform)
	startBot(t, srv2, cfg2, h2)
	srv2.SendText(group, ayse, "/challenge @bob_the_user dama")
	srv2.SendText(group, ayse, "/challenge @bob_the_user tictactoe")
	got := h2.waitMessages(t, 2)
	for _, m := range got {
		if want := []chat.User{{ID: "77", Name: "Robert"}}; !reflect.DeepEqual(m.Mentions, want) {
			t.Errorf("%q: mentions %+v, want %+v", m.Text, m.Mentions, want)
		}
	}
	users.mu.Lock()
	defer users.mu.Unlock()
	// ayse is written by the second process as she speaks.
	if users.remember != 3 || users.lookup != 1 {
		t.Errorf("%d writes and %d reads of the directory, want 3 (Bob, Bob renamed, Ayşe) and 1", users.remember, users.lookup)
	}
}
