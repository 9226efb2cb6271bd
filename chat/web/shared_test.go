package web_test

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/router"
	"oyunbot/chat/web"
	"oyunbot/games"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
	"oyunbot/store"
	"oyunbot/store/pgtest"
)

// readyNotifier tells when its store listens.
type readyNotifier struct {
	*store.SQLStore
	ready chan struct{}
}

func (n readyNotifier) ListenChanges(ctx context.Context, ready func(), changed func(int64)) error {
	return n.SQLStore.ListenChanges(ctx, func() {
		ready()
		select {
		case n.ready <- struct{}{}:
		default:
		}
	}, changed)
}

// process is one bot process on a shared PostgreSQL database.
func process(t *testing.T, url string, reg *games.Registry, links func(store web.Store) *web.Links, rec *recorder) (*store.SQLStore, *router.Router, *sessions.Manager) {
	t.Helper()
	st, err := store.OpenPostgres(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	mgr, err := sessions.New(sessions.Config{Games: reg, Store: st, Shared: true, Seed: 7,
		NewEngine: func() sessions.Engine {
			opts := ai.DefaultOptions()
			opts.TTSizeMB = 1
			return ai.NewEngine(opts)
		}})
	if err != nil {
		t.Fatal(err)
	}
	cfg := router.Config{Games: reg, Store: st, Shared: true, Sessions: mgr}
	if links != nil {
		cfg.Links = links(st)
	}
	r, err := router.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	if err := mgr.Listen(r.OnEvent); err != nil {
		t.Fatal(err)
	}
	if rec != nil {
		r.AddSender("test", rec)
	}
	return st, r, mgr
}

// TestSharedModeFollowsOtherProcess: a page served by one process shows
// the moves another process stores (PostgreSQL LISTEN/NOTIFY).
func TestSharedModeFollowsOtherProcess(t *testing.T) {
	url := pgtest.Schema(t)
	reg, err := games.NewRegistry(tictactoe.Game{})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	// Process A plays in chat; process B serves the pages.
	recA := &recorder{}
	_, rA, _ := process(t, url, reg, func(s web.Store) *web.Links { return web.NewLinks(base, s, nil) }, recA)
	storeB, rB, mB := process(t, url, reg, nil, nil)
	srv, err := web.New(web.Config{Store: storeB, Games: mB.Lobby(), Presenter: rB.Presenter(), PublicURL: base})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go srv.Serve(ctx, ln)
	n := readyNotifier{storeB, make(chan struct{}, 1)}
	go srv.Listen(ctx, n)
	<-n.ready

	msg := func(user, text string) []chat.Reply {
		m := chat.Message{Platform: "test", ChannelID: "grp", UserID: user, UserName: user, Text: text}
		if strings.HasPrefix(strings.Fields(text)[len(strings.Fields(text))-1], "@") {
			m.Mentions = []chat.User{{ID: "bora", Name: "bora"}}
		}
		rA.Handle(context.Background(), m)
		wctx, wcancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer wcancel()
		if err := rA.Wait(wctx); err != nil {
			t.Fatal(err)
		}
		return recA.take()
	}
	msg("bora", "lang en")
	msg("ayse", "challenge ttt @bora")
	page := watchURL(t, msg("bora", "accept"))
	st := openStream(t, page+"/events", "")
	if _, data := st.next(t); !strings.Contains(data, `"turns":null`) {
		t.Errorf("the game as it starts: %s", data)
	}
	msg("ayse", "5")
	if _, data := st.next(t); !strings.Contains(data, `"turns":["1. b2"]`) {
		t.Errorf("another process's move: %s", data)
	}
}
