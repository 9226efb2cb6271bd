package web_test

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"oyunbot/chat/web"
)

// rawConn is a kept-alive connection to the pages, from the loopback
// address from ("127.0.0.2"; "" for any).
type rawConn struct {
	net.Conn
	br *bufio.Reader
}

func dialFrom(t testing.TB, addr, from string) *rawConn {
	t.Helper()
	d := net.Dialer{}
	if from != "" {
		d.LocalAddr = &net.TCPAddr{IP: net.ParseIP(from)}
	}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	// A connection the server never closes fails the test rather than
	// hang it.
	c.SetDeadline(time.Now().Add(time.Minute))
	return &rawConn{Conn: c, br: bufio.NewReader(c)}
}

// get asks for path on the connection, kept alive, and returns the status.
func (c *rawConn) get(t testing.TB, path string) int {
	t.Helper()
	if _, err := io.WriteString(c, "GET "+path+" HTTP/1.1\r\nHost: oyun\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	return c.status(t)
}

// status reads a response and returns its status.
func (c *rawConn) status(t testing.TB) int {
	t.Helper()
	res, err := http.ReadResponse(c.br, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode
}

// TestIdleConnectionClosed: a kept-alive connection without a next request
// is closed after IdleTimeout (issue 41: 600 idle connections were all
// open after 200 s).
func TestIdleConnectionClosed(t *testing.T) {
	e := newEnv(t, func(c *web.Config) { c.IdleTimeout, c.ReadTimeout = 50*time.Millisecond, 50*time.Millisecond })
	c := dialFrom(t, strings.TrimPrefix(e.base, "http://"), "")
	if code := c.get(t, "/healthz"); code != 200 {
		t.Fatalf("/healthz: %d", code)
	}
	if _, err := c.br.ReadByte(); err != io.EOF {
		t.Errorf("an idle connection: %v, want it closed (EOF)", err)
	}
	// One that never asks is closed too.
	quiet := dialFrom(t, strings.TrimPrefix(e.base, "http://"), "")
	if _, err := quiet.br.ReadByte(); err != io.EOF {
		t.Errorf("a connection that never asked: %v, want it closed (EOF)", err)
	}
}

// TestConnectionsPerAddress: an address holds ConnsPerIP connections at
// most; one more is answered 503 and closed, while other addresses are
// served; a connection closed gives its place back.
func TestConnectionsPerAddress(t *testing.T) {
	e := newEnv(t, func(c *web.Config) { c.ConnsPerIP = 3 })
	addr := strings.TrimPrefix(e.base, "http://")
	var held []*rawConn
	for range 3 {
		c := dialFrom(t, addr, "127.0.0.1")
		if code := c.get(t, "/healthz"); code != 200 {
			t.Fatalf("a connection within the cap: %d", code)
		}
		held = append(held, c)
	}
	over := dialFrom(t, addr, "127.0.0.1")
	if code := over.status(t); code != http.StatusServiceUnavailable {
		t.Errorf("a fourth connection of one address: %d, want 503", code)
	}
	if _, err := over.br.ReadByte(); err != io.EOF {
		t.Errorf("the refused connection: %v, want it closed", err)
	}
	other := dialFrom(t, addr, "127.0.0.2")
	if code := other.get(t, "/healthz"); code != 200 {
		t.Errorf("another address: %d, want 200", code)
	}
	// The page of a client of the standard library, over the cap: a
	// clear 503, not a broken connection.
	res, err := http.Get(e.base + "/healthz")
	if err != nil {
		t.Errorf("a client over the cap: %v, want a 503", err)
	} else if res.Body.Close(); res.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("a client over the cap: %d, want 503", res.StatusCode)
	}
	held[0].Close()
	for { // the server sees the close when it reads it
		c := dialFrom(t, addr, "127.0.0.1")
		if code := c.status2(t, "/healthz"); code == 200 {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// status2 is get's status, or 503 when the connection was refused before
// the request was read (it may be reset).
func (c *rawConn) status2(t testing.TB, path string) int {
	t.Helper()
	io.WriteString(c, "GET "+path+" HTTP/1.1\r\nHost: oyun\r\n\r\n")
	res, err := http.ReadResponse(c.br, nil)
	if err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			t.Fatal(err)
		}
		return http.StatusServiceUnavailable
	}
	res.Body.Close()
	return res.StatusCode
}

// TestConnectionsInAll: all addresses together hold Conns connections.
func TestConnectionsInAll(t *testing.T) {
	e := newEnv(t, func(c *web.Config) { c.Conns = 2 })
	addr := strings.TrimPrefix(e.base, "http://")
	for _, from := range []string{"127.0.0.2", "127.0.0.3"} {
		if code := dialFrom(t, addr, from).get(t, "/healthz"); code != 200 {
			t.Fatalf("within the cap: %d", code)
		}
	}
	if code := dialFrom(t, addr, "127.0.0.4").status(t); code != http.StatusServiceUnavailable {
		t.Errorf("a third connection of two in all: %d, want 503", code)
	}
}

// TestStreamOutlivesTimeouts: an event stream stays open past the
// server's read, write and idle timeouts (its keep-alive comments and
// events have deadlines of their own) and still brings the moves.
func TestStreamOutlivesTimeouts(t *testing.T) {
	e := newEnv(t, func(c *web.Config) {
		c.ReadTimeout, c.WriteTimeout, c.IdleTimeout = 30*time.Millisecond, 30*time.Millisecond, 30*time.Millisecond
		c.KeepAlive = 10 * time.Millisecond
	})
	e.msg("c1", "bora", "bora", "lang en", false)
	e.msg("c1", "ayse", "ayse", "challenge @bora ttt", false)
	url := watchURL(t, e.msg("c1", "bora", "bora", "accept", false))
	st := openStream(t, url+"/events", "")
	st.next(t) // the game as it stands
	// Ten keep-alives: three times each timeout.
	for n := 0; n < 10 && st.sc.Scan(); {
		if st.sc.Text() == ": keep-alive" {
			n++
		}
	}
	e.msg("c1", "ayse", "ayse", "5", false)
	if _, data := st.next(t); !strings.Contains(data, `"turns":["1. b2"]`) {
		t.Errorf("a move after the timeouts: %s", data)
	}
}
