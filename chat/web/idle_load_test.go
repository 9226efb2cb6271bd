package web_test

// idle_load_test.go: what BENCHMARKS.md's figures of idle connections
// come from. The connections are another process's (this test's binary
// again), so that this one's descriptors and memory are the server's:
//
//	ulimit -n 65536; go test ./chat/web -run TestIdleConnectionsLoad -web-idle 10000 -v

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"oyunbot/chat/web"
)

var webIdle = flag.Int("web-idle", 0, "idle connections to measure (TestIdleConnectionsLoad)")

// openFDs is the process's open descriptors.
func openFDs(t testing.TB) int {
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("no /proc/self/fd:", err)
	}
	return len(ents)
}

// rss is the process's resident memory in KB (VmRSS).
func rss(t testing.TB) int {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip("no /proc/self/status:", err)
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return n
		}
	}
	return 0
}

// TestIdleConnectionsLoad opens -web-idle kept-alive connections, 50 an
// address (127.0.0.2 on), each after one request, and measures the
// server's descriptors and memory with all of them idle, a new visitor's
// page then, the same number tried from one address, and both after the
// idle timeout (5 s here, 60 s by default). The cap of all connections is
// -web-idle + 1000 here, so that the new visitor has room.
func TestIdleConnectionsLoad(t *testing.T) {
	if *webIdle == 0 {
		t.Skip("measurement: -web-idle 10000")
	}
	const idle = 5 * time.Second
	e := newEnv(t, func(c *web.Config) {
		c.IdleTimeout = idle
		c.RequestsPerSecond, c.Burst = 1e9, 1e9
		c.Conns = *webIdle + 1000 // room for the new visitor
	})
	fd0, rss0 := openFDs(t), rss(t)
	h, st := heap()
	t.Logf("before: %d descriptors, RSS %d KB, heap+stacks %.1f MB", fd0, rss0, float64(h+st)/(1<<20))
	visitor := func() time.Duration {
		start := time.Now()
		res, err := http.Get(e.base + "/")
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Errorf("a new visitor's page: %d", res.StatusCode)
		}
		http.DefaultClient.CloseIdleConnections()
		return time.Since(start)
	}
	for _, perAddr := range []int{50, *webIdle} {
		heap0, stack0 := heap()
		cmd := exec.Command(os.Args[0], "-test.run=^TestIdleClients$")
		cmd.Env = append(os.Environ(), "WEB_IDLE_ADDR="+strings.TrimPrefix(e.base, "http://"),
			"WEB_IDLE_N="+strconv.Itoa(*webIdle), "WEB_IDLE_PER_ADDR="+strconv.Itoa(perAddr))
		cmd.Stderr = os.Stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(out)
		var report string
		for sc.Scan() {
			if r, ok := strings.CutPrefix(sc.Text(), "ready "); ok {
				report = r
				break
			}
		}
		took := time.Since(start)
		fd1, rss1 := openFDs(t), rss(t)
		heap1, stack1 := heap()
		page := visitor()
		t.Logf("%d connections tried, %d an address (%s) in %v: %d descriptors, RSS %d KB (+%d), heap+stacks %.1f MB (+%.1f KB a connection held); a new visitor's page in %v",
			*webIdle, perAddr, report, took.Round(time.Millisecond), fd1, rss1, rss1-rss0, float64(heap1+stack1)/(1<<20),
			float64(int64(heap1+stack1)-int64(heap0+stack0))/1024/float64(max(fd1-fd0, 1)), page.Round(time.Microsecond))
		closed := time.Now()
		for openFDs(t) > fd0+2 {
			time.Sleep(100 * time.Millisecond)
		}
		t.Logf("after the idle timeout (%v): %d descriptors %v after the clients were ready, RSS %d KB", idle,
			openFDs(t), time.Since(closed).Round(100*time.Millisecond), rss(t))
		cmd.Process.Kill()
		cmd.Wait()
	}
}

// TestIdleClients is TestIdleConnectionsLoad's clients, a process of their
// own: WEB_IDLE_N connections to WEB_IDLE_ADDR, WEB_IDLE_PER_ADDR from each
// loopback address, each after one request of a page; then "ready" with
// how many got their page, how many were refused.
func TestIdleClients(t *testing.T) {
	addr := os.Getenv("WEB_IDLE_ADDR")
	if addr == "" {
		t.Skip("TestIdleConnectionsLoad's clients")
	}
	n, _ := strconv.Atoi(os.Getenv("WEB_IDLE_N"))
	perAddr, _ := strconv.Atoi(os.Getenv("WEB_IDLE_PER_ADDR"))
	var (
		mu                  sync.Mutex
		held, refused, errs int
		conns               []net.Conn
		wg                  sync.WaitGroup
	)
	sem := make(chan struct{}, 200) // dialling at once
	for i := range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			ip := net.IPv4(127, 0, byte(2+i/perAddr/250), byte(2+i/perAddr%250))
			d := net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}}
			c, err := d.Dial("tcp", addr)
			if err != nil {
				mu.Lock()
				errs++
				mu.Unlock()
				return
			}
			fmt.Fprintf(c, "GET /static/style.css HTTP/1.1\r\nHost: oyun\r\n\r\n")
			res, err := http.ReadResponse(bufio.NewReader(c), nil)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err != nil:
				errs++
				c.Close()
			case res.StatusCode == 200:
				io.Copy(io.Discard, res.Body)
				held++
				conns = append(conns, c) // kept open, idle
			default:
				refused++
				c.Close()
			}
		}()
	}
	wg.Wait()
	fmt.Printf("ready %d held, %d refused, %d failed\n", held, refused, errs)
	select {} // until killed
}
