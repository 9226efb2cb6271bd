package web_test

// play_load_test.go: what BENCHMARKS.md's issue 37 figures come from.
//
//	go test ./chat/web -run TestClickToSecondPage -web-play 1x300,100x30 -v
//	go test ./chat/web -run TestPageWeight -v

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/web"
)

var webPlay = flag.String("web-play", "", "games x moves [@ each game's pace] to measure, e.g. 1x300,100x30@2s (TestClickToSecondPage)")

// TestClickToSecondPage measures a move from its player's page to its
// showing on a second page of the game: the time from the page's request
// (POST /act, what play.js sends on a click) until the event of the move
// is read from the game's event stream (the one a second page's
// EventSource holds), for chess games between two people played at once,
// each player signed in with their personal link, each game moving as
// fast as its moves are seen (a random legal move each turn), or, with a
// pace ("100x30@2s"), a move every pace (each game starting at a random
// point of the first).
func TestClickToSecondPage(t *testing.T) {
	if *webPlay == "" {
		t.Skip("no -web-play")
	}
	for _, spec := range strings.Split(*webPlay, ",") {
		g, m, ok := strings.Cut(spec, "x")
		m, p, paced := strings.Cut(m, "@")
		games, err1 := strconv.Atoi(g)
		moves, err2 := strconv.Atoi(m)
		var pace time.Duration
		var err3 error
		if paced {
			pace, err3 = time.ParseDuration(p)
		}
		if !ok || err1 != nil || err2 != nil || err3 != nil {
			t.Fatalf("-web-play %q: want GAMESxMOVES[@PACE]", spec)
		}
		t.Run(spec, func(t *testing.T) { clickToSecondPage(t, games, moves, pace) })
	}
}

// player is a signed-in person's client of the pages.
type player struct {
	c    *http.Client
	csrf string
}

func signedIn(t *testing.T, base, link string) player {
	v := newVisitor(t, base)
	// Its connections kept for the next requests, as a browser's.
	v.c.Transport = &http.Transport{MaxIdleConnsPerHost: 256}
	v.signIn(link)
	return player{c: v.c, csrf: v.csrf}
}

// arrival is an event of a game's stream: its version and when it came.
type arrival struct {
	version int64
	at      time.Time
}

func clickToSecondPage(t *testing.T, games, moves int, pace time.Duration) {
	e := newEnv(t, nil)
	e.mod = func(c *web.Config) {
		c.Handler = e.r
		c.RequestsPerSecond, c.Burst, c.StreamsPerIP, c.Streams = 1e9, 1e9, 1e6, 1e6
		c.ActsPerSecond, c.ActBurst = 1e9, 1e9
		c.ConnsPerIP, c.Conns = 1e6, 1e6
	}
	e.restartWeb(nil)
	links := web.NewLinks(e.base, e.store, nil)
	players := [2]player{signedIn(t, e.base, links.LoginURL(t.Context(), "test", "ayse")), signedIn(t, e.base, links.LoginURL(t.Context(), "test", "bora"))}
	type game struct {
		id     int64
		token  string
		events chan arrival
	}
	all := make([]game, games)
	for i := range all {
		page, id := chessGame(e, "c"+strconv.Itoa(i))
		all[i] = game{id: id, token: page[strings.LastIndex(page, "/")+1:], events: make(chan arrival, 1024)}
		// The second page's stream, open as long as the run (openStream's
		// client gives up after a minute).
		res, err := http.Get(page + "/events")
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("a game's stream: %v %v", res, err)
		}
		t.Cleanup(func() { res.Body.Close() })
		go func(ch chan<- arrival) { // the second page
			defer close(ch)
			sc := bufio.NewScanner(res.Body)
			sc.Buffer(make([]byte, 1<<20), 1<<20)
			for sc.Scan() {
				if id, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
					v, _ := strconv.ParseInt(id, 10, 64)
					ch <- arrival{v, time.Now()}
				}
			}
		}(all[i].events)
		// The stream's first event is the game as it stands.
		select {
		case <-all[i].events:
		case <-time.After(20 * time.Second):
			t.Fatal("no first event")
		}
	}
	var (
		mu   sync.Mutex
		lats []time.Duration
		errs []string
	)
	loadBefore := loadAverage()
	start := time.Now()
	var wg sync.WaitGroup
	for i := range all {
		wg.Add(1)
		go func(g game, seed uint64) {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(seed, 37))
			next := start
			if pace > 0 {
				next = start.Add(time.Duration(rng.Int64N(int64(pace))))
			}
			for n := 0; n < moves; n++ {
				if pace > 0 {
					time.Sleep(time.Until(next)) // the player's pace, not a wait for an outcome
					next = next.Add(pace)
				}
				s, err := e.mgr.Lobby().Get(g.id)
				if err != nil || s.Result.Over {
					return
				}
				legal := e.r.Presenter().ShowLegal(chat.English, s)
				p := players[s.Turn]
				form := url.Values{"cmd": {"move " + legal[rng.IntN(len(legal))]}, "key": {fmt.Sprintf("k-%06d-%06d", g.id, n)}, "csrf": {p.csrf}}
				req, _ := http.NewRequest("POST", e.base+"/g/"+g.token+"/act", strings.NewReader(form.Encode()))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				req.Header.Set("Origin", e.base)
				t0 := time.Now()
				res, err := p.c.Do(req)
				if err != nil {
					mu.Lock()
					errs = append(errs, err.Error())
					mu.Unlock()
					return
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != http.StatusOK {
					mu.Lock()
					errs = append(errs, res.Status)
					mu.Unlock()
					return
				}
				deadline := time.After(30 * time.Second)
			wait:
				for {
					select {
					case a, ok := <-g.events:
						if !ok {
							mu.Lock()
							errs = append(errs, "a stream ended")
							mu.Unlock()
							return
						}
						if a.version > s.Version {
							mu.Lock()
							lats = append(lats, a.at.Sub(t0))
							mu.Unlock()
							break wait
						}
					case <-deadline:
						mu.Lock()
						errs = append(errs, "a move never seen")
						mu.Unlock()
						return
					}
				}
			}
		}(all[i], uint64(i))
	}
	wg.Wait()
	took := time.Since(start)
	if len(errs) > 0 {
		t.Fatalf("%d errors, the first: %s", len(errs), errs[0])
	}
	slices.Sort(lats)
	q := func(p float64) time.Duration { return lats[min(len(lats)-1, int(p*float64(len(lats))))] }
	how := "as fast as seen"
	if pace > 0 {
		how = "a move every " + pace.String()
	}
	t.Logf("%d games at once (%s): %d moves from the page seen on a second page in %v; p50 %v, p99 %v, max %v; load average %s → %s",
		games, how, len(lats), took.Round(time.Millisecond), q(0.5).Round(100*time.Microsecond), q(0.99).Round(100*time.Microsecond),
		lats[len(lats)-1].Round(100*time.Microsecond), loadBefore, loadAverage())
}

// loadAverage is the machine's load average over the last minute.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(b))[0]
}

// TestPageWeight: a game's page on a phone, before its board: the page
// and what it loads before it can show the board (its style and scripts),
// under 100 KB (issue 37's goal); the board's picture, which comes after,
// is logged beside.
func TestPageWeight(t *testing.T) {
	e := newEnv(t, nil)
	page := watchURL(t, e.msg("dm", "ayse", "Ayşe", "play chess easy", true))
	for _, mv := range []string{"e4", "Nf3", "Bc4", "O-O"} {
		e.msg("dm", "ayse", "Ayşe", mv, true)
	}
	res, body := get(t, page+"?lang=tr", "User-Agent", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)")
	if res.StatusCode != 200 {
		t.Fatalf("the page: %d", res.StatusCode)
	}
	total := len(body)
	parts := []string{fmt.Sprintf("page %d B", len(body))}
	var board int
	for _, m := range regexp.MustCompile(`(?:src|href)="(/[^"]+)"`).FindAllStringSubmatch(body, -1) {
		path := strings.ReplaceAll(m[1], "&amp;", "&")
		switch {
		case strings.HasPrefix(path, "/static/"):
			_, b := get(t, e.base+path)
			total += len(b)
			parts = append(parts, fmt.Sprintf("%s %d B", path, len(b)))
		case strings.Contains(path, "/step/") && board == 0:
			_, b := get(t, e.base+path)
			board = len(b)
		}
	}
	t.Logf("before the board: %d B (%s); the board's picture after it: %d B", total, strings.Join(parts, ", "), board)
	if total >= 100*1024 {
		t.Errorf("the page weighs %d B before its board, want < 100 KB", total)
	}
	if board == 0 {
		t.Error("no board picture on the page")
	}
}
