// Command loadtest drives N concurrent games between people through the
// fake Telegram Bot API server (chat/telegram/telegramtest), in this
// process, against one or more bot "processes" (each its own store
// connection, Manager, router and Telegram adapter in webhook mode, behind
// a round-robin load balancer, as a deployment runs them), with PNG boards
// on. It reports moves per second, the CPU per move, the reply latency (a
// person's move to the bot's answer in the chat; no engine thinking: the
// games are between people) and memory:
//
//	go run ./tools/loadtest [-games N] [-moves M] [-procs P] [-db FILE|URL] [-game G]
//
// It lives apart from the product (cmd/bot) so that the bot's binary links
// no test fake.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"oyunbot/ai"
	"oyunbot/chat"
	chatrouter "oyunbot/chat/router"
	"oyunbot/chat/telegram"
	"oyunbot/chat/telegram/telegramtest"
	"oyunbot/games"
	"oyunbot/internal/registry"
	"oyunbot/sessions"
	"oyunbot/sessions/challenges"
	"oyunbot/sessions/fleet"
	"oyunbot/sessions/matches"
	"oyunbot/sessions/ratings"
	"oyunbot/sessions/tournaments"
	"oyunbot/store"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// loadOptions are the command's flags.
type loadOptions struct {
	games, moves, procs int
	db, game            string
	seed                uint64
	patience            time.Duration
	cpuProfile          string
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o loadOptions
	fs.IntVar(&o.games, "games", 50, "concurrent games")
	fs.IntVar(&o.moves, "moves", 40, "moves per game (fewer if it ends)")
	fs.IntVar(&o.procs, "procs", 1, "bot processes behind the load balancer (2+ share the database)")
	fs.StringVar(&o.db, "db", "", "SQLite file or postgres:// URL (default: a SQLite file in a temporary folder; a PostgreSQL database should be empty or a schema of its own)")
	fs.StringVar(&o.game, "game", "dama", "game played (between people)")
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the players' random moves")
	fs.DurationVar(&o.patience, "patience", 30*time.Second, "longest wait for one reply before the run fails")
	fs.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile of the run (go tool pprof) to this file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if o.games < 1 || o.moves < 1 || o.procs < 1 {
		fmt.Fprintln(stderr, "loadtest: -games, -moves and -procs must be at least 1")
		return 2
	}
	if o.db == "" {
		dir, err := os.MkdirTemp("", "oyunbot-loadtest-")
		if err != nil {
			fmt.Fprintln(stderr, "loadtest:", err)
			return 1
		}
		defer os.RemoveAll(dir)
		o.db = filepath.Join(dir, "load.db")
	}
	if o.cpuProfile != "" {
		f, err := os.Create(o.cpuProfile)
		if err != nil {
			fmt.Fprintln(stderr, "loadtest:", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(stderr, "loadtest:", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	res, err := loadtest(context.Background(), o, slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	if err != nil {
		fmt.Fprintln(stderr, "loadtest:", err)
		return 1
	}
	res.print(stdout, o)
	return 0
}

// loadResult is what a run measured.
type loadResult struct {
	moves     int
	elapsed   time.Duration
	cpu       time.Duration   // user+system CPU of the whole OS process while the moves were played
	latencies []time.Duration // sorted
	heapPeak  uint64          // largest HeapInuse sampled
	sys       uint64          // memory obtained from the OS at the end
	stored    int             // moves found in the store afterwards
}

func (r loadResult) pct(p float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	return r.latencies[min(len(r.latencies)-1, int(p*float64(len(r.latencies))))]
}

func (r loadResult) print(w io.Writer, o loadOptions) {
	kind := "sqlite"
	if store.IsPostgresURL(o.db) {
		kind = "postgres"
	}
	fmt.Fprintf(w, "store=%s procs=%d games=%d game=%s GOMAXPROCS=%d\n", kind, o.procs, o.games, o.game, runtime.GOMAXPROCS(0))
	fmt.Fprintf(w, "moves: %d answered, %d stored, in %v: %.0f moves/s\n", r.moves, r.stored,
		r.elapsed.Round(time.Millisecond), float64(r.moves)/r.elapsed.Seconds())
	if r.cpu > 0 && r.moves > 0 {
		perMove := r.cpu / time.Duration(r.moves)
		fmt.Fprintf(w, "CPU: %v per move (user+system, bot processes and fake server together; %d cores would carry about %.0f moves/s)\n",
			perMove.Round(10*time.Microsecond), runtime.GOMAXPROCS(0), float64(runtime.GOMAXPROCS(0))*float64(time.Second)/float64(perMove))
	}
	fmt.Fprintf(w, "reply latency: p50 %v  p99 %v  max %v\n", r.pct(0.50).Round(100*time.Microsecond),
		r.pct(0.99).Round(100*time.Microsecond), r.pct(1).Round(100*time.Microsecond))
	fmt.Fprintf(w, "memory: heap in use peak %.1f MiB, from the OS %.1f MiB (bot processes and fake server together)\n",
		float64(r.heapPeak)/(1<<20), float64(r.sys)/(1<<20))
}

// loadBot is one bot process of the run.
type loadBot struct {
	store  sessions.Store
	router *chatrouter.Router
	done   chan error
}

// loadtest runs the load and measures it.
func loadtest(ctx context.Context, o loadOptions, log *slog.Logger) (loadResult, error) {
	g, ok := registry.New().Lookup(o.game)
	if !ok || g.Players() != 2 {
		return loadResult{}, fmt.Errorf("no two-player game %q", o.game)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	tg := telegramtest.NewServer(telegramtest.Config{})
	defer tg.Close()

	// The load balancer: each update to the next process, round robin.
	var (
		backends []*url.URL
		next     atomic.Uint64
	)
	lb := httptest.NewServer(&httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) {
		r.SetURL(backends[next.Add(1)%uint64(len(backends))])
	}})
	defer lb.Close()
	const secret = "loadtest-shared-secret"

	var bots []*loadBot
	defer func() {
		cancel()
		for _, b := range bots {
			<-b.done
			b.router.Close()
			b.store.Close()
		}
	}()
	for i := range o.procs {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return loadResult{}, err
		}
		backends = append(backends, &url.URL{Scheme: "http", Host: ln.Addr().String()})
		b, err := startLoadBot(ctx, o, i, tg, lb.URL+"/hook", secret, ln, log)
		if err != nil {
			ln.Close()
			return loadResult{}, fmt.Errorf("process %d: %w", i, err)
		}
		bots = append(bots, b)
	}
	if err := tg.Wait(o.patience, func() bool { u, _ := tg.Webhook(); return u != "" }); err != nil {
		return loadResult{}, errors.New("the webhook was never set")
	}

	var (
		heapPeak atomic.Uint64
		sampled  = make(chan struct{})
	)
	go func() { // memory, sampled through the run
		defer close(sampled)
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > heapPeak.Load() {
				heapPeak.Store(ms.HeapInuse)
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()

	players := make([]*loadGame, o.games)
	for i := range players {
		players[i] = newLoadGame(tg, g, i, o)
	}
	var wg sync.WaitGroup
	errs := make(chan error, o.games)
	for _, p := range players {
		wg.Go(func() {
			if err := p.start(); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	select {
	case err := <-errs:
		return loadResult{}, err
	default:
	}
	begin, cpu0 := time.Now(), processCPU()
	for _, p := range players {
		wg.Go(func() {
			if err := p.play(); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	elapsed, cpu := time.Since(begin), processCPU()-cpu0
	select {
	case err := <-errs:
		return loadResult{}, err
	default:
	}
	res := loadResult{elapsed: elapsed, cpu: cpu}
	for _, p := range players {
		res.moves += len(p.latencies)
		res.latencies = append(res.latencies, p.latencies...)
	}
	slices.Sort(res.latencies)
	for _, p := range players {
		rec, err := bots[0].store.Game(ctx, p.gameID(ctx, bots[0].store))
		if err == nil {
			res.stored += len(rec.Moves)
		}
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	res.heapPeak, res.sys = max(heapPeak.Load(), ms.HeapInuse), ms.Sys
	if res.stored != res.moves {
		res.print(os.Stderr, o)
		return res, fmt.Errorf("%d moves answered but %d stored: the answers were not all moves played", res.moves, res.stored)
	}
	return res, nil
}

// startLoadBot starts bot process i: its store, Manager and router, and
// the Telegram adapter serving the webhook on ln.
func startLoadBot(ctx context.Context, o loadOptions, i int, tg *telegramtest.Server, hook, secret string,
	ln net.Listener, log *slog.Logger) (*loadBot, error) {
	st, err := openStore(ctx, o.db)
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", store.RedactURL(o.db), err)
	}
	reg := registry.New()
	shared := o.procs > 1
	book := ratings.New()
	tours, chal := tournaments.New(book), challenges.New()
	mr := matches.New()
	mgr, err := sessions.New(ctx, sessions.Config{Games: reg, Store: st, Logger: log,
		Shared: shared, Instance: fmt.Sprint("load", i), IdleForfeit: -1, Tournaments: tours, Challenges: chal, Matches: mr, Ratings: book})
	if err != nil {
		st.Close()
		return nil, err
	}
	fl := fleet.New(mgr, fleet.Config{})
	router, err := chatrouter.New(ctx, chatrouter.Config{
		Games:       reg,
		Sessions:    mgr,
		Tournaments: tours,
		Challenges:  chal,
		Matches:     mr,
		Ratings:     book,
		Fleet:       fl,
		Store:       st,
		Drawers:     registry.Drawers(registry.BoardSize),
		Logger:      log,
		Lang:        chat.English,
		Shared:      shared,
		Instance:    fmt.Sprint("load", i),
	})
	if err != nil {
		mgr.Close()
		st.Close()
		return nil, err
	}
	if err := mgr.Listen(router.OnEvent); err != nil {
		router.Close()
		st.Close()
		return nil, err
	}
	if err := mgr.Go(fl.Run); err != nil {
		router.Close()
		st.Close()
		return nil, err
	}
	bot, err := telegram.New(telegram.Config{
		Token: tg.Token(), APIEndpoint: tg.Endpoint(), WebhookURL: hook, WebhookSecret: secret,
		Listener: ln, Logger: log.With("platform", telegram.Platform, "process", i),
		// Telegram's own limits (20 a minute in a group, 30 a second in
		// all) are off: the run measures the bot, not them.
		PrivatePace: telegram.Pace{Every: -1}, GroupPace: telegram.Pace{Every: -1}, GlobalPace: telegram.Pace{Every: -1},
		Users: chatrouter.Users(st, telegram.Platform), // @usernames met by any process
	}, router)
	if err != nil {
		router.Close()
		st.Close()
		return nil, err
	}
	router.AddSender(ctx, telegram.Platform, bot)
	b := &loadBot{store: st, router: router, done: make(chan error, 1)}
	go func() { b.done <- bot.Run(ctx) }()
	return b, nil
}

// loadGame is one game's two players: they keep the position themselves
// and play random legal moves, each waiting for the bot's answer.
type loadGame struct {
	tg        *telegramtest.Server
	chat      telegramtest.Chat
	users     [2]telegramtest.User
	game      string
	pos       games.Position
	rng       *rand.Rand
	moves     int
	procs     int
	patience  time.Duration
	latencies []time.Duration
}

func newLoadGame(tg *telegramtest.Server, g games.Game, i int, o loadOptions) *loadGame {
	id := int64(10 + 2*i)
	return &loadGame{
		tg:   tg,
		chat: telegramtest.Group(int64(1_000_000+i), fmt.Sprint("load ", i)),
		users: [2]telegramtest.User{
			{ID: id, FirstName: fmt.Sprint("A", i), UserName: fmt.Sprintf("load_a%d", i), LanguageCode: "en"},
			{ID: id + 1, FirstName: fmt.Sprint("B", i), UserName: fmt.Sprintf("load_b%d", i), LanguageCode: "en"},
		},
		game:     g.Name(),
		pos:      g.Start(),
		rng:      rand.New(rand.NewPCG(o.seed, uint64(i))),
		moves:    o.moves,
		procs:    o.procs,
		patience: o.patience,
	}
}

// say sends text from user u and returns the bot's first answer's latency.
func (p *loadGame) say(u int, text string) (time.Duration, error) {
	// An answer is a message sent or one edited (a game's board is one
	// message edited after every turn): the chat's history of states.
	before := len(p.tg.History(p.chat.ID))
	t0 := time.Now()
	if _, err := p.tg.SendText(p.chat, p.users[u], text); err != nil {
		return 0, fmt.Errorf("chat %d: sending %q: %w", p.chat.ID, text, err)
	}
	var (
		first telegramtest.Sent
		seen  time.Time
	)
	err := p.tg.Wait(p.patience, func() bool {
		s := p.tg.History(p.chat.ID)
		if len(s) > before {
			first, seen = s[before], time.Now()
			return true
		}
		return false
	})
	if err != nil {
		return 0, fmt.Errorf("chat %d: no answer to %q within %v", p.chat.ID, text, p.patience)
	}
	if os.Getenv("LOADTEST_DEBUG") != "" {
		fmt.Fprintf(os.Stderr, "%d %q -> %s %q\n", p.chat.ID, text, first.Method, first.Text)
	}
	if strings.HasPrefix(first.Method, "edit") {
		return max(seen.Sub(t0), 0), nil // an edit's time is not recorded: when it was seen
	}
	return max(first.At.Sub(t0), 0), nil
}

// start has B speak (so that the bot knows the @username: any process,
// through the store's user directory), A challenge B and B accept.
func (p *loadGame) start() error {
	if _, err := p.tg.SendText(p.chat, p.users[1], "hello"); err != nil { // no answer: not a command
		return err
	}
	if _, err := p.say(0, "/challenge @"+p.users[1].UserName+" "+p.game); err != nil {
		return err
	}
	if s := p.tg.Sent(p.chat.ID); !strings.Contains(s[len(s)-1].Text, "challenges you") {
		return fmt.Errorf("chat %d: the challenge was not understood: %q", p.chat.ID, s[len(s)-1].Text)
	}
	_, err := p.say(1, "/accept")
	return err
}

// play makes the game's moves, each answered before the next.
func (p *loadGame) play() error {
	buf := make([]ai.Move, 0, ai.MaxMoves)
	for range p.moves {
		if p.pos.Status().Over {
			return nil
		}
		buf = p.pos.Moves(buf[:0])
		if len(buf) == 0 {
			return nil
		}
		mv := buf[p.rng.IntN(len(buf))]
		text := p.pos.FormatMove(mv)
		side := p.pos.Turn()
		if side != ai.First && side != ai.Second {
			return fmt.Errorf("chat %d: a chance turn: -game must be a game without dice", p.chat.ID)
		}
		d, err := p.say(int(side), "/move "+text)
		if err != nil {
			return err
		}
		p.pos.Make(mv)
		p.latencies = append(p.latencies, d)
	}
	return nil
}

// gameID finds the game's id in the store (the chat's last game).
func (p *loadGame) gameID(ctx context.Context, st sessions.Store) int64 {
	rec, err := st.LastFinished(ctx, telegram.Platform, fmt.Sprint(p.chat.ID), fmt.Sprint(p.users[0].ID))
	if err == nil {
		return rec.ID
	}
	recs, err := st.ChannelGames(ctx, telegram.Platform, fmt.Sprint(p.chat.ID))
	if err != nil || len(recs) == 0 {
		return 0
	}
	return recs[len(recs)-1].ID
}

// openStore opens the run's database: a PostgreSQL server for a
// postgres:// URL, else a SQLite file (its folder created if missing).
func openStore(ctx context.Context, db string) (*store.SQLStore, error) {
	if store.IsPostgresURL(db) {
		return store.OpenPostgres(ctx, db)
	}
	if err := os.MkdirAll(filepath.Dir(db), 0o755); err != nil {
		return nil, err
	}
	return store.OpenSQLite(ctx, db)
}
