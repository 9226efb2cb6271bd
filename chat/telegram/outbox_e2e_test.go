package telegram_test

// outbox_e2e_test.go: replies are delayed, never lost, through rate-limit
// storms and server errors that outlast the adapter's own retries, and
// across a restart of the bot, over the real client library.

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"oyunbot/chat/router"
	"oyunbot/chat/telegram"
	"oyunbot/chat/telegram/telegramtest"
	"oyunbot/games"
	"oyunbot/games/dama"
	"oyunbot/games/tictactoe"
	"oyunbot/render"
	"oyunbot/sessions"
	"oyunbot/sessions/challenges"
	"oyunbot/sessions/matches"
	"oyunbot/sessions/ratings"
	"oyunbot/sessions/tournaments"
	"oyunbot/store"
)

// durableBot is a router and a Telegram adapter on the SQLite file path,
// as cmd/bot wires them; stop ends the "process".
type durableBot struct {
	router *router.Router
	store  *store.SQLStore
	cancel context.CancelFunc
	done   chan error
}

func startDurable(t *testing.T, srv *telegramtest.Server, path string, cfg telegram.Config) *durableBot {
	t.Helper()
	reg, err := games.NewRegistry(tictactoe.Game{}, dama.Game{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	book := ratings.New()
	tours, chal := tournaments.New(book), challenges.New()
	mr := matches.New()
	mgr, err := sessions.New(t.Context(), sessions.Config{Games: reg, Store: st, Seed: 1, Tournaments: tours, Challenges: chal, Matches: mr, Ratings: book})
	if err != nil {
		t.Fatal(err)
	}
	router, err := router.New(t.Context(), router.Config{
		Games:       reg,
		Sessions:    mgr,
		Tournaments: tours,
		Challenges:  chal,
		Matches:     mr,
		Ratings:     book,
		Store:       st,
		Drawers:     map[string]render.Drawer{"tictactoe": render.NewTicTacToe(120), "dama": render.NewDama(160)},
		ReplyRetry:  5 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := mgr.Listen(router.OnEvent); err != nil {
		t.Fatal(err)
	}
	bot, err := telegram.New(cfg, router)
	if err != nil {
		t.Fatal(err)
	}
	router.AddSender(t.Context(), telegram.Platform, bot)
	ctx, cancel := context.WithCancel(context.Background())
	d := &durableBot{router: router, store: st, cancel: cancel, done: make(chan error, 1)}
	go func() { d.done <- bot.Run(ctx) }()
	t.Cleanup(d.stop)
	return d
}

func (d *durableBot) stop() {
	if d.cancel == nil {
		return
	}
	d.cancel()
	<-d.done
	d.router.Close()
	d.store.Close()
	d.cancel = nil
}

// playAll sends "/play tictactoe" from n people in one group and returns
// the group and the people.
func playAll(t *testing.T, srv *telegramtest.Server, n int) (telegramtest.Chat, []telegramtest.User) {
	t.Helper()
	group := telegramtest.Group(-100500, "oyun")
	var people []telegramtest.User
	for i := range n {
		u := telegramtest.User{ID: int64(1000 + i), FirstName: fmt.Sprintf("P%02d", i), LanguageCode: "en"}
		people = append(people, u)
		if _, err := srv.SendText(group, u, "/play tictactoe easy"); err != nil {
			t.Fatal(err)
		}
	}
	return group, people
}

// boardsFor reports which people have had their new game's board.
func boardsFor(srv *telegramtest.Server, chatID int64, people []telegramtest.User) map[string]int {
	got := map[string]int{}
	for _, s := range srv.Sent(chatID) {
		if s.Method != "sendPhoto" {
			continue
		}
		for _, p := range people {
			if strings.Contains(s.Text, "New game") && strings.Contains(s.Text, p.FirstName+" (X)") {
				got[p.FirstName]++
			}
		}
	}
	return got
}

// TestRepliesThroughLongStorms: 429s and 500s that outlast the adapter's
// attempts delay the fifteen boards of a busy group; none is lost and each
// comes once the storm is over.
func TestRepliesThroughLongStorms(t *testing.T) {
	for _, tc := range []struct {
		name  string
		fault telegramtest.Fault
	}{
		{"429 retry_after 2", telegramtest.TooManyRequests(2)},
		{"500", telegramtest.Fault{Status: http.StatusInternalServerError, Description: "Internal Server Error"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t)
			cfg := fastConfig(srv)
			cfg.MaxAttempts = 3
			storm := make([]telegramtest.Fault, 60) // 20 times the adapter's patience
			for i := range storm {
				storm[i] = tc.fault
			}
			srv.Fail("sendPhoto", storm...)
			d := startDurable(t, srv, filepath.Join(t.TempDir(), "bot.db"), cfg)
			group, people := playAll(t, srv, 15)
			if err := srv.Wait(patience, func() bool { return len(boardsFor(srv, group.ID, people)) == len(people) }); err != nil {
				t.Fatalf("boards delivered: %v of %d; calls %d", boardsFor(srv, group.ID, people), len(people),
					len(srv.Calls("sendPhoto")))
			}
			if calls := len(srv.Calls("sendPhoto")); calls < len(storm) {
				t.Fatalf("only %d sendPhoto calls: the storm was not weathered but skipped", calls)
			}
			ctx, cancel := context.WithTimeout(context.Background(), patience)
			defer cancel()
			if err := d.router.Wait(ctx); err != nil {
				t.Fatal(err)
			}
			items, err := d.store.PendingReplies(ctx, telegram.Platform)
			if err != nil || len(items) != 0 {
				t.Fatalf("%d replies left in the outbox: %v", len(items), err)
			}
		})
	}
}

// TestRepliesSurviveRestart: fifteen /play in one group, then the bot is
// stopped while the platform still refuses its boards; the next start
// delivers every owed board, in order, once.
func TestRepliesSurviveRestart(t *testing.T) {
	srv := newServer(t)
	path := filepath.Join(t.TempDir(), "bot.db")
	cfg := fastConfig(srv)
	cfg.MaxAttempts = 1
	down := make([]telegramtest.Fault, 100000)
	for i := range down {
		down[i] = telegramtest.Fault{Status: http.StatusBadGateway, Description: "Bad Gateway"}
	}
	srv.Fail("sendPhoto", down...)
	d := startDurable(t, srv, path, cfg)
	group, people := playAll(t, srv, 15)
	// Every /play handled: fifteen games saved, their boards owed.
	if err := srv.Wait(patience, func() bool {
		items, _ := d.store.PendingReplies(context.Background(), telegram.Platform)
		return len(items) == len(people)
	}); err != nil {
		t.Fatal("the fifteen boards were never owed")
	}
	d.stop()
	if got := boardsFor(srv, group.ID, people); len(got) != 0 {
		t.Fatalf("boards through a failing server: %v", got)
	}

	srv.ClearFaults() // the outage is over
	startDurable(t, srv, path, fastConfig(srv))
	if err := srv.Wait(patience, func() bool { return len(boardsFor(srv, group.ID, people)) == len(people) }); err != nil {
		t.Fatalf("after the restart boards delivered: %v", boardsFor(srv, group.ID, people))
	}
	got := boardsFor(srv, group.ID, people)
	var order []string
	for _, s := range srv.Sent(group.ID) {
		if s.Method == "sendPhoto" {
			order = append(order, s.Text)
		}
	}
	for i, p := range people {
		if got[p.FirstName] != 1 {
			t.Errorf("%s got %d boards", p.FirstName, got[p.FirstName])
		}
		if i < len(order) && !strings.Contains(order[i], p.FirstName+" (X)") {
			t.Errorf("board %d is %q, want %s's: out of order", i, order[i], p.FirstName)
		}
	}
}
