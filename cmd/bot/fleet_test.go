package main

// fleet_test.go: built bot processes on one PostgreSQL database behind a
// load balancer for Telegram's webhook, each reaching the Bot API through
// a proxy that can hold its replies (a process whose sends hang).

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"oyunbot/chat/telegram/telegramtest"
	"oyunbot/store/pgtest"
)

// heldAPI is one process's way to the fake Bot API: while hold is set,
// the calls that deliver replies (send*, edit*) hang until the process
// gives up on them or dies.
type heldAPI struct {
	srv  *httptest.Server
	hold atomic.Bool
}

func newHeldAPI(t *testing.T, tg *telegramtest.Server) *heldAPI {
	base, err := url.Parse(strings.TrimSuffix(tg.Endpoint(), "/bot%s/%s"))
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(base)
	h := &heldAPI{}
	done := make(chan struct{})
	h.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		method := path.Base(r.URL.Path)
		if h.hold.Load() && (strings.HasPrefix(method, "send") || strings.HasPrefix(method, "edit")) {
			// The body read, the server notices the client going away
			// (a killed process) and cancels the request's context.
			io.Copy(io.Discard, r.Body)
			select {
			case <-r.Context().Done():
			case <-done:
			}
			return
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(h.srv.Close)
	t.Cleanup(func() { close(done) }) // first: no call hangs at Close
	return h
}

// endpoint is the API endpoint in the client library's format.
func (h *heldAPI) endpoint() string { return h.srv.URL + "/bot%s/%s" }

// botFleet is n bot processes (started with start) on the database dbURL.
type botFleet struct {
	t     *testing.T
	bin   string
	dbURL string
	tg    *telegramtest.Server
	lb    *failoverLB
	front *httptest.Server
	apis  []*heldAPI

	mu    sync.Mutex
	procs []*exec.Cmd
	logs  []*syncBuffer
}

func newBotFleet(t *testing.T, n int) *botFleet {
	f := &botFleet{t: t, dbURL: pgtest.Schema(t), bin: botBinary(t), tg: telegramtest.NewServer(telegramtest.Config{}),
		lb: &failoverLB{}, procs: make([]*exec.Cmd, n), logs: make([]*syncBuffer, n)}
	t.Cleanup(f.tg.Close)
	for range n {
		f.lb.backends = append(f.lb.backends, freeAddr(t))
		f.apis = append(f.apis, newHeldAPI(t, f.tg))
	}
	f.front = httptest.NewServer(f.lb)
	t.Cleanup(f.front.Close)
	t.Cleanup(f.stop) // before the servers close (cleanups run last first)
	return f
}

// start starts process i (again) and waits until its webhook listens.
func (f *botFleet) start(i int) {
	f.t.Helper()
	if err := f.spawn(i); err != nil {
		f.t.Fatal(err)
	}
	f.mu.Lock()
	logs := f.logs[i]
	f.mu.Unlock()
	if err := f.tg.Wait(platformPatience, func() bool { u, _ := f.tg.Webhook(); return u != "" }); err != nil {
		f.t.Fatal("the webhook was never set")
	}
	addr := f.lb.backends[i]
	if err := f.tg.Wait(platformPatience, func() bool {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
		}
		return err == nil
	}); err != nil {
		f.t.Fatalf("bot %d at %s never listened:\n%s", i, addr, logs)
	}
}

// spawn starts process i (again) without waiting for it; safe to call
// from any goroutine.
func (f *botFleet) spawn(i int) error {
	cmd := exec.Command(f.bin, "-env", "")
	cmd.Env = append(os.Environ(), "OYUNBOT_DB="+f.dbURL, "OYUNBOT_LOG_LEVEL=debug", "OYUNBOT_LANG=en",
		"TELEGRAM_TOKEN="+f.tg.Token(), "TELEGRAM_API_ENDPOINT="+f.apis[i].endpoint(),
		"TELEGRAM_WEBHOOK_URL="+f.front.URL+"/hook", "TELEGRAM_WEBHOOK_SECRET=failover-secret",
		"TELEGRAM_LISTEN="+f.lb.backends[i])
	f.mu.Lock()
	buf := f.logs[i]
	if buf == nil {
		buf = new(syncBuffer)
		f.logs[i] = buf
	} else {
		// A process started again writes below its predecessor's lines.
		buf.Write([]byte("--- started again ---\n"))
	}
	f.mu.Unlock()
	cmd.Stderr = buf
	if err := cmd.Start(); err != nil {
		return err
	}
	f.mu.Lock()
	f.procs[i] = cmd
	f.mu.Unlock()
	return nil
}

// syncBuffer is a process's stderr, read while it is written.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// kill ends process i with SIGKILL.
func (f *botFleet) kill(i int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.procs[i].Process.Signal(syscall.SIGKILL)
	f.procs[i].Wait()
	f.procs[i] = nil
}

// stop ends the processes still running, showing their logs if the test
// failed.
func (f *botFleet) stop() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i, p := range f.procs {
		if p != nil {
			p.Process.Signal(syscall.SIGTERM)
			p.Wait()
		}
		if f.t.Failed() && f.logs[i] != nil {
			f.t.Logf("process %d's stderr:\n%s", i, f.logs[i])
		}
	}
}

// repeat is a message a chat saw twice: its first copy and the other.
type repeat struct{ first, again telegramtest.Sent }

func (r repeat) String() string {
	return fmt.Sprintf("%s %q at %s, again %v later", r.again.Method, r.again.Text,
		r.first.At.Format("15:04:05.000"), r.again.At.Sub(r.first.At).Round(time.Millisecond))
}

// repeats lists the messages of a chat that repeat an earlier one (same
// method and text). Board replies (with a photo) show one game version
// each, so none may repeat; a text reply may, when it answers a message
// sent again (the same refusal twice), so text replies count only when
// strict.
func repeats(sent []telegramtest.Sent, strict bool) []repeat {
	type key struct{ method, text string }
	seen := map[key]telegramtest.Sent{}
	var out []repeat
	for _, s := range sent {
		if !strict && len(s.Photo) == 0 {
			continue
		}
		k := key{s.Method, s.Text}
		if first, ok := seen[k]; ok {
			out = append(out, repeat{first, s})
		}
		seen[k] = s
	}
	return out
}

// poll waits until cond holds (checked every 20 ms), failing the test
// after platformPatience.
func poll(t *testing.T, what string, cond func() bool) {
	t.Helper()
	if err := pollErr(cond); err != nil {
		t.Fatalf("waiting for %s: %v", what, err)
	}
}

// pollErr waits until cond holds (checked every 20 ms), for at most
// platformPatience.
func pollErr(cond func() bool) error {
	deadline := time.Now().Add(platformPatience)
	for !cond() {
		if time.Now().After(deadline) {
			return errors.New("timed out")
		}
		time.Sleep(20 * time.Millisecond)
	}
	return nil
}
