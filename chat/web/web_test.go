package web_test

import (
	"bufio"
	"context"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/router"
	"oyunbot/chat/web"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/dama"
	"oyunbot/games/draughts"
	"oyunbot/games/islem"
	"oyunbot/games/puzzle"
	"oyunbot/games/tavla"
	"oyunbot/games/tictactoe"
	"oyunbot/render"
	"oyunbot/sessions"
	"oyunbot/sessions/challenges"
	"oyunbot/sessions/matches"
	"oyunbot/sessions/ratings"
	"oyunbot/sessions/tournaments"
	"oyunbot/store"
)

// recorder keeps the router's replies.
type recorder struct {
	mu      sync.Mutex
	replies []chat.Reply
	sent    chan struct{} // told of each reply when not nil
}

func (r *recorder) Send(_ context.Context, rep chat.Reply) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.replies = append(r.replies, rep)
	if r.sent != nil {
		select {
		case r.sent <- struct{}{}:
		default:
		}
	}
	return nil
}

func (r *recorder) take() []chat.Reply {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.replies
	r.replies = nil
	return out
}

// boardDrawers draw the games' boards for every env of the package's
// tests: a drawer is safe for concurrent use, and each is made at its first
// picture (making one takes a tenth of a second or more, ten times that
// under the race detector, and most tests draw one game or two).
var boardDrawers = map[string]render.Drawer{
	"tictactoe": lazyDrawer(render.NewTicTacToe), "dama": lazyDrawer(render.NewDama),
	"chess": lazyDrawer(render.NewChess), "hapis": lazyDrawer(render.NewTavla), "islem": lazyDrawer(render.NewIslem),
	"puzzle8": lazyDrawer(render.NewPuzzle), "italian": lazyDrawer(render.NewItalianDraughts), "checkers": lazyDrawer(render.NewCheckers),
}

// lazyDrawer is the drawer newDrawer makes at 512 pixels, made at its first
// Draw.
func lazyDrawer(newDrawer func(size int) render.Drawer) render.Drawer {
	return drawOnce(sync.OnceValue(func() render.Drawer { return newDrawer(512) }))
}

// drawOnce is a render.Drawer that draws with the drawer its function returns.
type drawOnce func() render.Drawer

func (d drawOnce) Draw(f render.Frame) ([]byte, error) { return d().Draw(f) }

// Spots are its drawer's (render.Spotter), nil when it does not say.
func (d drawOnce) Spots(flip bool) []render.Spot {
	spots, _ := render.Spots(d(), flip)
	return spots
}

// env is a bot with its web pages, as cmd/bot wires them: the sessions
// write through web.Watch, the router links the pages.
type env struct {
	t       testing.TB
	store   *store.SQLStore
	r       *router.Router
	mgr     *sessions.Manager
	srv     atomic.Pointer[web.Server]
	watched *web.Watched // the store the games write through, which the server follows
	mod     func(*web.Config)
	reg     *games.Registry
	metrics *web.Metrics
	rec     *recorder
	path    string
	base    string // the pages' address
	you     string // the router's You (the console's "you"; "" for none)
	// wrap, when set, is between the sessions and the store (under Watch).
	wrap func(sessions.Store) sessions.Store

	stopWeb  func()
	stopOnce sync.Once
}

func newEnv(t testing.TB, mod func(*web.Config)) *env {
	t.Helper()
	e := &env{t: t, path: filepath.Join(t.TempDir(), "bot.db"), rec: &recorder{}}
	e.start(mod)
	return e
}

// start opens the store at e.path and starts the bot and its pages.
func (e *env) start(mod func(*web.Config)) {
	t := e.t
	st, err := store.OpenSQLite(context.Background(), e.path)
	if err != nil {
		t.Fatal(err)
	}
	e.store = st
	reg, err := games.NewRegistry(tictactoe.Game{}, dama.Game{}, chessgame.Game{}, tavla.Game{}, islem.Game{}, puzzle.Eight,
		draughts.Italian, draughts.Checkers)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	e.base = "http://" + ln.Addr().String()
	links := web.NewLinks(e.base, st, nil)
	var under sessions.Store = st
	if e.wrap != nil {
		under = e.wrap(st)
	}
	watched := web.Watch(under)
	e.watched = watched
	e.metrics = web.NewMetrics()
	if err := e.metrics.Moves(watched.Moves); err != nil {
		t.Fatal(err)
	}
	book := ratings.New()
	tours, chal := tournaments.New(book), challenges.New()
	mr := matches.New()
	mgr, err := sessions.New(t.Context(), sessions.Config{Games: reg, Store: watched, Seed: 7, Tournaments: tours, Challenges: chal,
		Matches: mr, Ratings: book, NewEngine: e.metrics.Engine(func() sessions.Engine {
			opts := ai.DefaultOptions()
			opts.TTSizeMB = 1
			return ai.NewEngine(opts)
		})})
	if err != nil {
		t.Fatal(err)
	}
	e.mgr = mgr
	r, err := router.New(t.Context(), router.Config{Games: reg, Drawers: boardDrawers, Store: st, Links: links, You: e.you, Sessions: mgr,
		Tournaments: tours, Challenges: chal, Matches: mr, Ratings: book})
	if err != nil {
		t.Fatal(err)
	}
	if err := mgr.Listen(r.OnEvent); err != nil {
		t.Fatal(err)
	}
	e.r, e.reg = r, reg
	r.AddSender(t.Context(), "test", e.metrics.Sender("test", e.rec))
	if err := e.metrics.Jobs(e.mgr.EngineJobs); err != nil {
		t.Fatal(err)
	}
	e.mod = mod
	e.serve(ln)
	t.Cleanup(e.stop)
}

// serve starts a web server on ln.
func (e *env) serve(ln net.Listener) {
	cfg := web.Config{Store: e.store, Watched: e.watched, Games: e.mgr.Lobby(), Presenter: e.r.Presenter(), Analyses: e.r, PublicURL: e.base, Lang: chat.Turkish,
		Registry: e.reg, Platforms: []string{"test"}, Metrics: e.metrics, Slow: e.r.SlowJobs()}
	if e.mod != nil {
		e.mod(&cfg)
	}
	srv, err := web.New(e.t.Context(), cfg)
	if err != nil {
		e.t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		srv.Serve(ctx, ln)
	}()
	e.srv.Store(srv)
	e.stopWeb = func() {
		cancel()
		<-done
		e.srv.Store(nil)
	}
}

// restartWeb stops the web server and starts another on its address; the
// bot plays on while none runs when between is set.
func (e *env) restartWeb(between func()) {
	e.stopWeb()
	if between != nil {
		between()
	}
	ln, err := net.Listen("tcp", strings.TrimPrefix(e.base, "http://"))
	if err != nil {
		e.t.Fatal(err)
	}
	e.serve(ln)
}

func (e *env) stop() {
	e.stopOnce.Do(func() {
		e.stopWeb()
		e.r.Close()
		e.store.Close()
	})
}

// msg sends text as user in channel ch and returns the replies.
func (e *env) msg(ch, user, name, text string, private bool) []chat.Reply {
	e.t.Helper()
	m := chat.Message{Platform: "test", ChannelID: ch, UserID: user, UserName: name, Text: text, Private: private}
	for _, w := range strings.Fields(text) {
		if strings.HasPrefix(w, "@") {
			m.Mentions = append(m.Mentions, chat.User{ID: w[1:], Name: w[1:]})
		}
	}
	e.r.Handle(context.Background(), m)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := e.r.Wait(ctx); err != nil {
		e.t.Fatal(err)
	}
	return e.rec.take()
}

// watchURL is the "Watch" link of replies.
func watchURL(t testing.TB, replies []chat.Reply) string {
	t.Helper()
	for _, rep := range replies {
		for _, row := range rep.Buttons {
			for _, b := range row {
				if b.URL != "" && strings.Contains(b.URL, "/g/") {
					return b.URL
				}
			}
		}
	}
	t.Fatalf("no link in %+v", replies)
	return ""
}

func get(t testing.TB, url string, header ...string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(b)
}

const evil = `<img src=x onerror=alert(1)>`

func TestGamePage(t *testing.T) {
	e := newEnv(t, nil)
	url := watchURL(t, e.msg("dm1", "u1", evil, "play ttt easy", true))
	token := url[strings.LastIndex(url, "/")+1:]
	if len(token) < 22 { // 128 bits in base64url
		t.Fatalf("token %q: want at least 128 bits", token)
	}
	res, body := get(t, url, "Accept-Language", "en-GB,en;q=0.9,tr;q=0.5")
	if res.StatusCode != 200 {
		t.Fatalf("GET %s: %d", url, res.StatusCode)
	}
	if strings.Contains(body, evil) || !strings.Contains(body, "&lt;img src=x onerror=alert(1)&gt;") {
		t.Errorf("the name is not escaped:\n%s", body)
	}
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-inline") {
		t.Errorf("CSP %q", csp)
	}
	if res.Header.Get("X-Robots-Tag") == "" || res.Header.Get("Referrer-Policy") != "no-referrer" {
		t.Errorf("a private page may be indexed or leak its address: %v", res.Header)
	}
	if strings.Contains(body, "<script>") {
		t.Error("an inline script")
	}
	for _, want := range []string{"Moves", "Tic-tac-toe", `/step/0.png`, `lang="en"`, "?lang=tr", "game.gif", "game.json"} {
		if !strings.Contains(body, want) {
			t.Errorf("the page has no %q:\n%s", want, body)
		}
	}
	// The switch and the language it sets.
	_, tr := get(t, url+"?lang=tr")
	if !strings.Contains(tr, "Hamleler") {
		t.Errorf("?lang=tr: no Turkish:\n%s", tr)
	}

	// The game's number is no address; a made-up token is nothing.
	for _, path := range []string{"/g/1", "/g/AAAAAAAAAAAAAAAAAAAAAA", "/g/" + token + "x", "/nothing"} {
		res, body := get(t, e.base+path, "Accept-Language", "tr-TR")
		if res.StatusCode != 404 || !strings.Contains(body, "Sayfa bulunamadı") {
			t.Errorf("GET %s: %d, want a Turkish 404:\n%s", path, res.StatusCode, body)
		}
		res, body = get(t, e.base+path, "Accept-Language", "en-US")
		if res.StatusCode != 404 || !strings.Contains(body, "Page not found") {
			t.Errorf("GET %s: %d, want an English 404", path, res.StatusCode)
		}
	}

	// The pictures of each step, and no more.
	e.msg("dm1", "u1", evil, "5", true)
	res, png := get(t, url+"/step/0.png")
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" || !strings.HasPrefix(png, "\x89PNG") {
		t.Errorf("step 0: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	if res, _ := get(t, url+"/step/2.png?flip=1"); res.StatusCode != 200 {
		t.Errorf("step 2: %d", res.StatusCode)
	}
	for _, step := range []string{"3.png", "-1.png", "x.png", "1.gif"} {
		if res, _ := get(t, url+"/step/"+step); res.StatusCode != 404 {
			t.Errorf("step %s: %d, want 404", step, res.StatusCode)
		}
	}
	res, js := get(t, url+"/game.json")
	if res.StatusCode != 200 || !strings.Contains(js, `"moves": [`) || !strings.Contains(js, `"game": "tictactoe"`) {
		t.Errorf("game.json: %d %s", res.StatusCode, js)
	}
	if res, gif := get(t, url+"/game.gif"); res.StatusCode != 200 || !strings.HasPrefix(gif, "GIF8") {
		t.Errorf("game.gif: %d", res.StatusCode)
	}
	if res, _ := get(t, url+"/game.pgn"); res.StatusCode != 404 {
		t.Errorf("a tic-tac-toe PGN: %d, want 404", res.StatusCode)
	}
}

func TestChessDownloadsPGN(t *testing.T) {
	e := newEnv(t, nil)
	url := watchURL(t, e.msg("c1", "u1", "Ayşe", "play chess easy", false))
	e.msg("c1", "u1", "Ayşe", "e4", false)
	_, body := get(t, url)
	if !regexp.MustCompile(`class="rating">[1-9][0-9]{2,3}<`).MatchString(body) {
		t.Errorf("no fixed rating for the bot's level:\n%s", body)
	}
	if !strings.Contains(body, "game.pgn") {
		t.Fatalf("no PGN offered:\n%s", body)
	}
	res, pgn := get(t, url+"/game.pgn")
	if res.StatusCode != 200 || !strings.Contains(pgn, "1. e4") || !strings.Contains(res.Header.Get("Content-Disposition"), ".pgn") {
		t.Errorf("game.pgn: %d %q\n%s", res.StatusCode, res.Header.Get("Content-Disposition"), pgn)
	}
	// Once over, the rating the player began with (issue 35: the web wrote
	// none for people; the chat wrote the one after the game).
	e.msg("c1", "u1", "Ayşe", "resign yes", false)
	if _, pgn := get(t, url+"/game.pgn"); !strings.Contains(pgn, `[WhiteElo "1500"]`) || !strings.Contains(pgn, `[Result "0-1"]`) {
		t.Errorf("game.pgn once over: want the rating before the game\n%s", pgn)
	}
}

// sse reads a stream's events.
type sse struct {
	res *http.Response
	sc  *bufio.Scanner
}

func openStream(t testing.TB, url, last string) *sse {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	if last != "" {
		req.Header.Set("Last-Event-ID", last)
	}
	// A stream that never tells fails the test rather than hang it.
	res, err := (&http.Client{Timeout: time.Minute}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("%s: %d %s", url, res.StatusCode, res.Header.Get("Content-Type"))
	}
	return &sse{res: res, sc: bufio.NewScanner(res.Body)}
}

// next is the stream's next event's id and data.
func (s *sse) next(t testing.TB) (id, data string) {
	t.Helper()
	for s.sc.Scan() {
		line := s.sc.Text()
		switch {
		case strings.HasPrefix(line, "id: "):
			id = line[4:]
		case strings.HasPrefix(line, "data: "):
			data = line[6:]
		case line == "" && data != "":
			return id, data
		}
	}
	t.Fatalf("the stream ended: %v", s.sc.Err())
	return "", ""
}

func TestLiveEvents(t *testing.T) {
	e := newEnv(t, nil)
	// A game between two people: nothing moves but what they play.
	e.msg("c1", "bora", "bora", "lang en", false) // bora is known by name
	e.msg("c1", "ayse", "ayse", "challenge @bora ttt", false)
	url := watchURL(t, e.msg("c1", "bora", "bora", "accept", false))
	s, err := e.mgr.Lobby().Get(1)
	if err != nil {
		t.Fatal(err)
	}
	first := openStream(t, url+"/events?v="+itoa(s.Version), "")
	e.msg("c1", "ayse", "ayse", "5", false)
	id, data := first.next(t)
	if id == itoa(s.Version) || !strings.Contains(data, `"turns":["1. b2"]`) {
		t.Errorf("after a move: id %s data %s", id, data)
	}
	e.msg("c1", "bora", "bora", "1", false)
	id2, data := first.next(t)
	if !strings.Contains(data, `"turns":["1. b2","1… a3"]`) {
		t.Errorf("the second move: %s", data)
	}
	// A page that reconnects with the first event's id gets the game as
	// it stands; one with the last id nothing until the next move.
	again := openStream(t, url+"/events", id)
	if id3, data3 := again.next(t); id3 != id2 || data3 != data {
		t.Errorf("reconnected after %s: got %s %s, want %s", id, id3, data3, id2)
	}
	upToDate := openStream(t, url+"/events", id2)
	e.msg("c1", "ayse", "ayse", "9", false)
	if id4, data4 := upToDate.next(t); id4 == id2 || !strings.Contains(data4, `"turns":["1. b2","1… a3","2. c1"]`) {
		t.Errorf("an up-to-date stream's next event: %s %s", id4, data4)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func TestStreamCaps(t *testing.T) {
	e := newEnv(t, func(c *web.Config) { c.StreamsPerIP = 2 })
	url := watchURL(t, e.msg("c1", "u1", "Ayşe", "play ttt easy", false))
	openStream(t, url+"/events", "")
	openStream(t, url+"/events", "")
	res, _ := http.Get(url + "/events")
	res.Body.Close()
	if res.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("a third stream from one address: %d, want 503", res.StatusCode)
	}
}

func TestStreamCapInAll(t *testing.T) {
	e := newEnv(t, func(c *web.Config) { c.StreamsPerIP, c.Streams = 10, 2 })
	url := watchURL(t, e.msg("c1", "u1", "Ayşe", "play ttt easy", false))
	openStream(t, url+"/events", "")
	openStream(t, url+"/events", "")
	res, _ := http.Get(url + "/events")
	res.Body.Close()
	if res.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("a third stream of two in all: %d, want 503", res.StatusCode)
	}
}

func TestRateLimit(t *testing.T) {
	e := newEnv(t, func(c *web.Config) { c.RequestsPerSecond, c.Burst = 0.001, 5 })
	codes := map[int]int{}
	for range 8 {
		res, _ := get(t, e.base+"/")
		codes[res.StatusCode]++
	}
	if codes[200] != 5 || codes[429] != 3 {
		t.Errorf("8 requests with a burst of 5: %v", codes)
	}
}

// TestRateLimitBehindProxy: behind a proxy each client has its bucket, by
// the address the proxy adds last to X-Forwarded-For.
func TestRateLimitBehindProxy(t *testing.T) {
	e := newEnv(t, func(c *web.Config) { c.RequestsPerSecond, c.Burst, c.BehindProxy = 0.001, 2, true })
	codes := map[string][]int{}
	for range 3 {
		for _, client := range []string{"203.0.113.1", "203.0.113.2"} {
			// What the client claims comes first; the proxy's last.
			res, _ := get(t, e.base+"/", "X-Forwarded-For", "198.51.100.7, "+client)
			codes[client] = append(codes[client], res.StatusCode)
		}
	}
	for client, got := range codes {
		if fmt.Sprint(got) != "[200 200 429]" {
			t.Errorf("%s: %v, want [200 200 429]", client, got)
		}
	}
}

func TestMetricsAndHealth(t *testing.T) {
	e := newEnv(t, func(c *web.Config) { c.Version = "v1.2.3 (0123456789ab)" })
	counter := func() string {
		_, body := get(t, e.base+"/metrics")
		for line := range strings.SplitSeq(body, "\n") {
			if strings.HasPrefix(line, "oyunbot_game_changes_total ") {
				return line
			}
		}
		t.Fatalf("no oyunbot_game_changes_total in\n%s", body)
		return ""
	}
	before := counter()
	e.msg("c1", "u1", "Ayşe", "play ttt easy", false)
	e.msg("c1", "u1", "Ayşe", "5", false)
	if after := counter(); after == before {
		t.Errorf("the changes did not move: %s", after)
	}
	_, body := get(t, e.base+"/metrics")
	for _, want := range []string{"oyunbot_games_in_play 1", `oyunbot_http_requests_total{code="200",page="metrics"}`,
		"oyunbot_outbox_depth 0", "oyunbot_moves_total 2", `oyunbot_replies_total{outcome="sent",platform="test"}`,
		"oyunbot_engine_search_seconds_count 1", `oyunbot_engine_jobs{state="queued"} 0`, "oyunbot_replies_given_up 0"} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics has no %q", want)
		}
	}
	res, body := get(t, e.base+"/healthz")
	if res.StatusCode != 200 || !strings.Contains(body, `"ok":true`) || !strings.Contains(body, `"engine_queue":0`) ||
		!strings.Contains(body, `"version":"v1.2.3 (0123456789ab)"`) {
		t.Errorf("/healthz: %d %s", res.StatusCode, body)
	}
	e.store.Close() // the database unreachable
	res, body = get(t, e.base+"/healthz")
	if res.StatusCode != http.StatusServiceUnavailable || !strings.Contains(body, `"ok":false`) {
		t.Errorf("/healthz without its database: %d %s", res.StatusCode, body)
	}
}

// TestShutdownEndsStreams: a server shutting down ends its open streams
// (their pages reconnect) and returns.
func TestShutdownEndsStreams(t *testing.T) {
	e := newEnv(t, nil)
	url := watchURL(t, e.msg("c1", "u1", "Ayşe", "play ttt easy", false))
	s := openStream(t, url+"/events", "")
	e.stopWeb()
	for s.sc.Scan() {
	}
	if _, err := net.Dial("tcp", strings.TrimPrefix(e.base, "http://")); err == nil {
		t.Error("still listening after the shutdown")
	}
}

// TestAnalysisOnThePage: a finished game analysed in chat shows its
// analysis on its page, the text as the chat said it and the graph, in the
// viewer's language; a game not analysed shows none, and its graph is 404.
func TestAnalysisOnThePage(t *testing.T) {
	e := newEnv(t, nil)
	url := watchURL(t, e.msg("c1", "u1", "Ayşe", "play ttt easy", false))
	e.msg("c1", "u1", "Ayşe", "5", false)
	e.msg("c1", "u1", "Ayşe", "resign yes", false)
	if _, body := get(t, url+"?lang=en"); strings.Contains(body, `id="analysis"`) {
		t.Fatalf("an analysis on the page of a game not analysed:\n%s", body)
	}
	if res, _ := get(t, url+"/analysis.png"); res.StatusCode != 404 {
		t.Errorf("the graph of a game not analysed: %d, want 404", res.StatusCode)
	}
	said := e.msg("c1", "u1", "Ayşe", "analyse", false)
	var chatText string
	for _, r := range said {
		if strings.Contains(r.Text, "Analysis of #g1") {
			chatText = r.Text
		}
	}
	if chatText == "" {
		t.Fatalf("no analysis in chat: %+v", said)
	}
	for _, tc := range []struct{ lang, head string }{{"en", "<h2>Analysis</h2>"}, {"tr", "<h2>Analiz</h2>"}} {
		_, body := get(t, url+"?lang="+tc.lang)
		if !strings.Contains(body, tc.head) || !strings.Contains(body, `id="analysis"`) {
			t.Fatalf("no analysis on the %s page:\n%s", tc.lang, body)
		}
	}
	_, body := get(t, url+"?lang=en")
	if first := strings.SplitN(chatText, "\n", 2)[0]; !strings.Contains(body, html.EscapeString(first)) {
		t.Errorf("the page's analysis does not begin as the chat's %q:\n%s", first, body)
	}
	res, png := get(t, url+"/analysis.png?lang=tr")
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" || !strings.HasPrefix(png, "\x89PNG") {
		t.Errorf("the graph: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
}
