package web_test

// load_test.go: what BENCHMARKS.md's web figures come from. The viewers
// are real event streams over loopback, in this process: the memory and
// CPU figures count the clients' side too (so they overstate the server's).
//
//	go test ./chat/web -run TestViewersLoad -web-load 1000x1,10x100 -v
//	go test ./chat/web -run XXX -bench 'GamePage|StepPicture' -benchmem

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/web"
)

var webLoad = flag.String("web-load", "", "viewers x games to measure, e.g. 1000x1,10x100 (TestViewersLoad)")

// loadEnv is a bot whose pages take any number of streams from one address.
func loadEnv(t testing.TB) *env {
	return newEnv(t, func(c *web.Config) {
		c.RequestsPerSecond, c.Burst, c.StreamsPerIP, c.Streams = 1e9, 1e9, 1e6, 1e6
	})
}

// chessGame starts a chess game between two people in channel ch and
// returns its page and id.
func chessGame(e *env, ch string) (string, int64) {
	e.msg(ch, "bora", "bora", "lang en", false)
	if out := texts(e.msg(ch, "ayse", "ayse", "challenge @bora chess", false)); !strings.Contains(out, "bora") {
		e.t.Fatalf("the challenge: %s", out)
	}
	reps := e.msg(ch, "bora", "bora", "accept", false)
	url := watchURL(e.t, reps)
	for _, rep := range reps {
		if rep.GameID != 0 {
			return url, rep.GameID
		}
	}
	games := e.mgr.Lobby().ChannelGames("test", ch)
	return url, games[0].ID
}

// randomMove plays a random legal move of game id in chat (a new game when
// it is over): it returns the version the move made.
func randomMove(e *env, ch string, id *int64, url *string, rng *rand.Rand) {
	s, err := e.mgr.Lobby().Get(*id)
	if err != nil || s.Result.Over {
		*url, *id = chessGame(e, ch)
		return
	}
	legal := e.r.Presenter().ShowLegal(chat.English, s)
	user := "ayse"
	if s.Turn == 1 {
		user = "bora"
	}
	e.msg(ch, user, user, legal[rng.IntN(len(legal))], false)
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// heap is the memory in use: the heap's and the goroutines' stacks.
func heap() (heap, stack uint64) {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse, ms.StackInuse
}

// TestViewersLoad opens viewers streams on each of games chess games,
// plays moves in them and measures: the time from a move's message to its
// event at each viewer (p50, p99), the memory an idle viewer holds, the
// CPU per event delivered.
func TestViewersLoad(t *testing.T) {
	if *webLoad == "" {
		t.Skip("measurement: -web-load 1000x1,10x100")
	}
	for spec := range strings.SplitSeq(*webLoad, ",") {
		v, g, _ := strings.Cut(spec, "x")
		viewers, _ := strconv.Atoi(v)
		ngames, _ := strconv.Atoi(g)
		t.Run(spec, func(t *testing.T) { measureViewers(t, viewers, ngames) })
	}
}

func measureViewers(t *testing.T, viewers, ngames int) {
	e := loadEnv(t)
	type game struct {
		ch  string
		id  int64
		url string
	}
	gs := make([]*game, ngames)
	var urls []string
	for i := range gs {
		g := &game{ch: fmt.Sprint("c", i)}
		g.url, g.id = chessGame(e, g.ch)
		gs[i] = g
		s, _ := e.mgr.Lobby().Get(g.id)
		urls = append(urls, g.url+"/events?v="+strconv.FormatInt(s.Version, 10))
	}
	heap0, stack0 := heap()
	// The viewers are another process (this test's binary again), so that
	// this one's memory and CPU are the server's.
	cmd := exec.Command(os.Args[0], "-test.run=^TestViewerClients$")
	cmd.Env = append(os.Environ(), "WEB_LOAD_URLS="+strings.Join(urls, " "), "WEB_LOAD_VIEWERS="+strconv.Itoa(viewers))
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	type seen struct {
		game, viewer int
		version      int64
		at           time.Time
	}
	events := make(chan seen, 1<<16)
	ready := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			switch {
			case len(f) == 1 && f[0] == "ready":
				close(ready)
			case len(f) == 5 && f[0] == "ev":
				g, _ := strconv.Atoi(f[1])
				v, _ := strconv.Atoi(f[2])
				version, _ := strconv.ParseInt(f[3], 10, 64)
				ns, _ := strconv.ParseInt(f[4], 10, 64)
				events <- seen{g, v, version, time.Unix(0, ns)}
			}
		}
		close(events)
	}()
	<-ready
	for { // every stream open, as the server counts them
		_, body := get(t, e.base+"/healthz")
		if strings.Contains(body, fmt.Sprintf(`"streams":%d`, viewers*ngames)) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	heap1, stack1 := heap()
	n := float64(viewers * ngames)
	perViewer := float64(int64(heap1+stack1)-int64(heap0+stack0)) / n
	t.Logf("per idle viewer: heap %.1f KB, stacks %.1f KB", float64(int64(heap1)-int64(heap0))/n/1024,
		float64(int64(stack1)-int64(stack0))/n/1024)

	rng := rand.New(rand.NewPCG(1, 2))
	sent := map[int]map[int64]time.Time{} // by game, by version
	last := map[[2]int]int64{}            // by game and viewer: the version last seen
	for i, g := range gs {
		s, _ := e.mgr.Lobby().Get(g.id)
		sent[i] = map[int64]time.Time{}
		for v := range viewers {
			last[[2]int{i, v}] = s.Version
		}
	}
	cpu0 := cpuTime()
	moves := 0
	const rounds = 30
	for range rounds {
		for i, g := range gs {
			s, err := e.mgr.Lobby().Get(g.id)
			if err != nil || s.Result.Over {
				continue
			}
			sent[i][s.Version+1] = time.Now()
			randomMove(e, g.ch, &g.id, &g.url, rng)
			moves++
		}
		time.Sleep(20 * time.Millisecond) // moves flow: not all at one instant
	}
	want := moves * viewers
	var delays []time.Duration
	coalesced := 0
	timeout := time.After(30 * time.Second)
collect:
	for len(delays) < want {
		select {
		case ev, ok := <-events:
			if !ok {
				break collect
			}
			// An event is the game as it stands: it brings every move
			// since the viewer's last (moves close together are sent as
			// one event), each delayed since it was made.
			key := [2]int{ev.game, ev.viewer}
			for v := last[key] + 1; v <= ev.version; v++ {
				if t0, ok := sent[ev.game][v]; ok {
					delays = append(delays, ev.at.Sub(t0))
					if v < ev.version {
						coalesced++
					}
				}
			}
			last[key] = max(last[key], ev.version)
		case <-timeout:
			break collect
		}
	}
	cpu := cpuTime() - cpu0
	if len(delays) == 0 {
		t.Fatal("no event arrived")
	}
	slices.Sort(delays)
	q := func(p float64) time.Duration { return delays[int(p*float64(len(delays)-1))] }
	t.Logf("%d viewers x %d games: %d moves, %d/%d moves seen (%d in an event of a later move); delivery p50 %v p99 %v max %v; %.1f KB per idle viewer; server CPU %v per move seen (the moves' own work included)",
		viewers, ngames, moves, len(delays), want, coalesced, q(0.5).Round(10*time.Microsecond), q(0.99).Round(10*time.Microsecond),
		delays[len(delays)-1].Round(10*time.Microsecond), perViewer/1024, (cpu / time.Duration(len(delays))).Round(time.Microsecond))
}

// TestViewerClients is TestViewersLoad's viewers, run as a process of
// their own: WEB_LOAD_VIEWERS streams on each of WEB_LOAD_URLS, each event
// written as "ev <url's index> <id> <unix ns>".
func TestViewerClients(t *testing.T) {
	urls := strings.Fields(os.Getenv("WEB_LOAD_URLS"))
	viewers, _ := strconv.Atoi(os.Getenv("WEB_LOAD_VIEWERS"))
	if len(urls) == 0 {
		t.Skip("TestViewersLoad's viewers")
	}
	var mu sync.Mutex
	w := bufio.NewWriter(os.Stdout)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: -1}}
	var open sync.WaitGroup
	for i, u := range urls {
		for v := range viewers {
			open.Add(1)
			go func() {
				res, err := client.Get(u)
				open.Done()
				if err != nil {
					return
				}
				defer res.Body.Close()
				sc := bufio.NewScanner(res.Body)
				sc.Buffer(make([]byte, 4096), 1<<20)
				for sc.Scan() {
					if id, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
						now := time.Now().UnixNano()
						mu.Lock()
						fmt.Fprintf(w, "ev %d %d %s %d\n", i, v, id, now)
						w.Flush()
						mu.Unlock()
					}
				}
			}()
		}
	}
	open.Wait()
	mu.Lock()
	fmt.Fprintln(w, "ready")
	w.Flush()
	mu.Unlock()
	select {} // until killed
}

// BenchmarkGamePage renders a chess game's page of 40 moves.
func BenchmarkGamePage(b *testing.B) {
	e := loadEnv(b)
	url, id := chessGame(e, "c")
	rng := rand.New(rand.NewPCG(3, 4))
	for range 40 {
		randomMove(e, "c", &id, &url, rng)
	}
	path := url[strings.Index(url, "/g/"):]
	h := e.srv.Load().Handler()
	b.ReportAllocs()
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		if w.Code != 200 {
			b.Fatal(w.Code)
		}
	}
}

// BenchmarkStepPicture draws a step of a chess game (cached: the same
// step again; drawn: a new version each time).
func BenchmarkStepPicture(b *testing.B) {
	e := loadEnv(b)
	url, id := chessGame(e, "c")
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20 {
		randomMove(e, "c", &id, &url, rng)
	}
	path := url[strings.Index(url, "/g/"):]
	h := e.srv.Load().Handler()
	b.Run("cached", func(b *testing.B) {
		for b.Loop() {
			w := httptest.NewRecorder()
			h.ServeHTTP(w, httptest.NewRequest("GET", path+"/step/10.png", nil))
		}
	})
	b.Run("drawn", func(b *testing.B) {
		s, _ := e.mgr.Lobby().Get(id)
		for i := 0; b.Loop(); i++ {
			if _, err := e.r.Presenter().StepPicture(chat.English, s, i%20, false); err != nil {
				b.Fatal(err)
			}
		}
	})
}
