package web_test

// gif_load_test.go: what BENCHMARKS.md's figures of a storm of GIF
// requests come from: a bystander's moves in chat while addresses ask the
// pages for games' animations over and over, and the downloads of one
// long finished game's.
//
//	go test ./chat/web -run TestGIFStormLoad -v -web-gif-storm 120x4 [-web-gif-moves 30] [-web-gif-downloads 600]

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"oyunbot/chat"
)

var (
	gifStorm     = flag.String("web-gif-storm", "", "requests x addresses of the GIF storm, e.g. 120x4 (TestGIFStormLoad)")
	gifMoves     = flag.Int("web-gif-moves", 30, "the bystander's moves during the GIF storm (TestGIFStormLoad)")
	gifDownloads = flag.Int("web-gif-downloads", 600, "downloads at once of a finished game's GIF, from ten addresses (TestGIFStormLoad)")
)

// from is a client whose connections come from the loopback address ip.
func from(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 64}}
}

// longGame plays random moves of a chess game between people in channel
// ch until it has plies moves (or ends): its page and id.
func longGame(e *env, ch string, plies int, rng *rand.Rand) (string, int64) {
	url, id := chessGame(e, ch)
	for range plies {
		s, err := e.mgr.Lobby().Get(id)
		if err != nil || s.Result.Over {
			break
		}
		randomMove(e, ch, &id, &url, rng)
	}
	return url, id
}

// TestGIFStormLoad: requests x addresses clients ask, each over and over,
// for the GIF of one of two chess games in play of some 200 plies, while
// a bystander plays -web-gif-moves moves of another game in chat; it
// measures the time from each move's message to its reply. Then the GIF
// of a finished game of as many plies is downloaded -web-gif-downloads
// times at once from ten addresses.
func TestGIFStormLoad(t *testing.T) {
	if *gifStorm == "" {
		t.Skip("measurement: -web-gif-storm 120x4")
	}
	r, a, _ := strings.Cut(*gifStorm, "x")
	requests, _ := strconv.Atoi(r)
	addrs, _ := strconv.Atoi(a)
	e := loadEnv(t)
	e.rec.sent = make(chan struct{}, 1)
	rng := rand.New(rand.NewPCG(5, 6))
	var gifs []string
	for i := range 2 {
		url, _ := longGame(e, fmt.Sprint("g", i), 200, rng)
		gifs = append(gifs, url+"/game.gif")
	}
	_, by := chessGame(e, "by")
	e.rec.take()

	ctx, stop := context.WithCancel(context.Background())
	var served, failed atomic.Int64
	var wg sync.WaitGroup
	for i := range requests {
		c := from(fmt.Sprintf("127.0.0.%d", 2+i%addrs))
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				req, _ := http.NewRequestWithContext(ctx, "GET", gifs[i%len(gifs)]+"?flip="+strconv.Itoa(i/len(gifs)%2), nil)
				res, err := c.Do(req)
				if err != nil {
					continue
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode == 200 {
					served.Add(1)
				} else {
					failed.Add(1)
				}
			}
		}()
	}
	time.Sleep(time.Second) // the storm's requests are in
	cpu0 := cpuTime()
	var took []time.Duration
	for range *gifMoves {
		s, err := e.mgr.Lobby().Get(by)
		if err != nil || s.Result.Over {
			_, by = chessGame(e, "by")
			e.rec.take()
			continue
		}
		legal := e.r.Presenter().ShowLegal(chat.English, s)
		user := "ayse"
		if s.Turn == 1 {
			user = "bora"
		}
		start := time.Now()
		e.r.Handle(context.Background(), chat.Message{Platform: "test", ChannelID: "by", UserID: user, UserName: user,
			Text: legal[rng.IntN(len(legal))]})
		for len(e.rec.take()) == 0 {
			<-e.rec.sent
		}
		took = append(took, time.Since(start))
		t.Logf("a move answered in %v", took[len(took)-1].Round(time.Millisecond))
		time.Sleep(200 * time.Millisecond)
	}
	cpu := cpuTime() - cpu0
	stop()
	wg.Wait()
	slices.Sort(took)
	q := func(p float64) time.Duration { return took[int(p*float64(len(took)-1))].Round(time.Millisecond) }
	t.Logf("%d clients asking from %d addresses: a bystander's %d moves answered in p50 %v, p99 %v, max %v; %d GIFs served (%d refused) meanwhile, CPU %v",
		requests, addrs, len(took), q(0.5), q(0.99), took[len(took)-1].Round(time.Millisecond), served.Load(), failed.Load(), cpu.Round(time.Millisecond))

	if *gifDownloads == 0 {
		return
	}
	// One finished game's GIF, downloaded by many at once.
	url, fin := longGame(e, "fin", 200, rng)
	e.msg("fin", "ayse", "ayse", "resign yes", false)
	plies := 0
	if g, ok := e.mgr.Lobby().Finished(context.Background(), fin); ok {
		plies = len(g.Moves)
	}
	s := time.Now()
	cpu0 = cpuTime()
	n, from10 := *gifDownloads, 10
	var ok atomic.Int64
	for i := range n {
		c := from(fmt.Sprintf("127.0.1.%d", 2+i%from10))
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := c.Get(url + "/game.gif")
			if err != nil {
				return
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode == 200 {
				ok.Add(1)
			}
		}()
	}
	wg.Wait()
	t.Logf("%d downloads at once of a finished game's GIF (%d plies) from %d addresses: %d served in %v, CPU %v",
		n, plies, from10, ok.Load(), time.Since(s).Round(time.Millisecond), (cpuTime() - cpu0).Round(time.Millisecond))
}
