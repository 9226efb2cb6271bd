package web_test

import (
	"bufio"
	"context"
	"net"
	"net/http"
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
	"oyunbot/sessions/challenges"
	"oyunbot/sessions/fleet"
	"oyunbot/sessions/matches"
	"oyunbot/sessions/ratings"
	"oyunbot/sessions/tournaments"
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
	book := ratings.New()
	tours, chal := tournaments.New(book), challenges.New()
	mr := matches.New()
	mgr, err := sessions.New(t.Context(), sessions.Config{Games: reg, Store: st, Shared: true, Seed: 7, Tournaments: tours, Challenges: chal,
		Matches: mr, Ratings: book, NewEngine: func() sessions.Engine {
			opts := ai.DefaultOptions()
			opts.TTSizeMB = 1
			return ai.NewEngine(opts)
		}})
	if err != nil {
		t.Fatal(err)
	}
	fl := fleet.New(mgr, fleet.Config{})
	cfg := router.Config{Games: reg, Store: st, Shared: true, Sessions: mgr, Tournaments: tours, Challenges: chal, Matches: mr, Ratings: book, Fleet: fl}
	if links != nil {
		cfg.Links = links(st)
	}
	r, err := router.New(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	if err := mgr.Listen(r.OnEvent); err != nil {
		t.Fatal(err)
	}
	if err := mgr.Go(fl.Run); err != nil {
		t.Fatal(err)
	}
	if rec != nil {
		r.AddSender(t.Context(), "test", rec)
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
	srv, err := web.New(t.Context(), web.Config{Store: storeB, Games: mB.Lobby(), Presenter: rB.Presenter(), PublicURL: base})
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

// readyRelay tells when its store listens to the relayed answers.
type readyRelay struct {
	*store.SQLStore
	ready chan struct{}
}

func (r readyRelay) ListenTold(ctx context.Context, ready func(), told func(string)) error {
	return r.SQLStore.ListenTold(ctx, func() {
		if ready != nil {
			ready()
		}
		select {
		case r.ready <- struct{}{}:
		default:
		}
	}, told)
}

// TestSharedModeRelaysPrivateAnswers: a hint asked on one process's page
// comes, by the relay (PostgreSQL NOTIFY), to the asker's event stream on
// the other process's page, and to hers alone: a spectator's stream there
// sees the game's changes, never the hint.
func TestSharedModeRelaysPrivateAnswers(t *testing.T) {
	url := pgtest.Schema(t)
	reg, err := games.NewRegistry(tictactoe.Game{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	type proc struct {
		base  string
		st    *store.SQLStore
		r     *router.Router
		links *web.Links
	}
	var procs [2]proc
	for i := range procs {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		base := "http://" + ln.Addr().String()
		var links *web.Links
		st, r, mgr := process(t, url, reg, func(s web.Store) *web.Links { links = web.NewLinks(base, s, nil); return links }, &recorder{})
		relay := readyRelay{st, make(chan struct{}, 1)}
		srv, err := web.New(t.Context(), web.Config{Store: st, Games: mgr.Lobby(), Presenter: r.Presenter(), PublicURL: base, Handler: r, Relay: relay})
		if err != nil {
			t.Fatal(err)
		}
		go srv.Serve(ctx, ln)
		n := readyNotifier{st, make(chan struct{}, 1)}
		go srv.Listen(ctx, n) // the other process's moves
		<-relay.ready
		<-n.ready
		procs[i] = proc{base, st, r, links}
	}
	a, b := procs[0], procs[1]
	a.r.Handle(ctx, chat.Message{Platform: "test", ChannelID: "dm", UserID: "ayse", UserName: "Ayşe", Text: "play ttt easy x", Private: true})
	if err := a.r.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	recs, err := a.st.ChannelGames(ctx, "test", "dm")
	if err != nil || len(recs) != 1 {
		t.Fatalf("the game: %v, %v", recs, err)
	}
	token := a.links.GameURL(t.Context(), sessions.Snapshot{ID: recs[0].ID, Platform: "test", ChannelID: "dm"})
	token = token[strings.LastIndex(token, "/")+1:]

	// Ayşe's page and a spectator's on process B; she asks on A's.
	onB := newVisitor(t, b.base)
	onB.signIn(b.links.LoginURL(t.Context(), "test", "ayse"))
	mine := openStreamWith(t, onB.c, b.base+"/g/"+token+"/events")
	theirs := openStream(t, b.base+"/g/"+token+"/events", "")
	onA := newVisitor(t, a.base)
	onA.signIn(a.links.LoginURL(t.Context(), "test", "ayse"))
	code, said := onA.act(token, "hint", "k-000001")
	if code != 200 {
		t.Fatalf("a hint from the page: %d %q", code, said)
	}
	if len(said) > 0 && strings.Contains(strings.Join(said, " "), "?") {
		// A rated game asks first.
		if code, said = onA.act(token, "hint yes", "k-000002"); code != 200 {
			t.Fatalf("the hint confirmed: %d %q", code, said)
		}
	}
	for {
		_, data := mine.next(t)
		if strings.Contains(data, `"said"`) {
			if !strings.Contains(data, "Hint") && !strings.Contains(data, "İpucu") {
				t.Errorf("the relayed answer: %s", data)
			}
			break
		}
	}
	// The spectator's stream: the game as it is, then nothing said. (Its
	// first event came before the hint was asked; a "said" to it would be
	// the next one, and the move played now is.)
	theirs.next(t)
	if code, said := onA.act(token, "move b2", "k-000003"); code != 200 {
		t.Fatalf("a move from the page: %d %q", code, said)
	}
	if _, data := theirs.next(t); strings.Contains(data, `"said"`) {
		t.Errorf("the spectator's stream got the hint: %s", data)
	}
}

// openStreamWith opens an event stream with client c (a signed-in
// visitor's cookies).
func openStreamWith(t testing.TB, c *http.Client, url string) *sse {
	t.Helper()
	// A stream that never tells fails the test rather than hang it.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	if res.StatusCode != 200 {
		t.Fatalf("%s: %d", url, res.StatusCode)
	}
	return &sse{res: res, sc: bufio.NewScanner(res.Body)}
}
