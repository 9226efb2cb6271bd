package web

// conns.go: the connections the server holds. Each is one of the process's
// file descriptors, which the chat needs too (its requests to Telegram,
// the database): one address may hold only so many connections at once,
// all addresses so many in all, and a connection over either cap is
// answered 503 and closed. The http.Server's timeouts (Serve)
// close the idle ones.

import (
	"net"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Defaults of Config's connection caps and timeouts.
const (
	// DefaultConnsPerIP: an address's connections, its event streams
	// (StreamsPerIP, 16) and a browser's usual six besides, with room for
	// a few people behind one address.
	DefaultConnsPerIP = 64
	// DefaultConns: every address's connections, at most half of the
	// process's descriptors (fdLimit): the other half is the chat's.
	DefaultConns = 20000
	// DefaultIdleTimeout: a kept-alive connection without a request.
	DefaultIdleTimeout = 60 * time.Second
	// DefaultReadTimeout: a request read whole (the pages take no body).
	DefaultReadTimeout = 30 * time.Second
	// DefaultWriteTimeout: a page written, from its request's end. An
	// event stream keeps its connection past it (each write has its own
	// deadline, streamWriteTimeout); a download made in the slow queue
	// gets it again once made.
	DefaultWriteTimeout = 60 * time.Second
)

// refusal is the answer of a connection over the caps.
var refusal = []byte("HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n" +
	"Retry-After: 5\r\nConnection: close\r\nContent-Length: 26\r\n\r\n503 too many connections\r\n")

// connCap is a listener whose connections are counted by address: one over
// the caps is refused (refusal) and closed, never handed to the server.
type connCap struct {
	net.Listener
	perIP, total int // perIP 0: no cap by address (behind a proxy, all one)
	held         prometheus.Gauge
	refused      prometheus.Counter

	refusing chan struct{} // the refusals being written (refuse)

	mu   sync.Mutex
	byIP map[string]int
	n    int
}

// maxRefusing bounds the refusals being written at once, each holding its
// connection a second at most.
const maxRefusing = 64

func newConnCap(ln net.Listener, perIP, total int, m *Metrics) *connCap {
	return &connCap{Listener: ln, perIP: perIP, total: total, held: m.conns, refused: m.refused,
		refusing: make(chan struct{}, maxRefusing), byIP: map[string]int{}}
}

// Accept returns the next connection within the caps.
func (l *connCap) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ip := hostOf(c.RemoteAddr())
		if l.take(ip) {
			return &countedConn{Conn: c, l: l, ip: ip}, nil
		}
		l.refused.Inc()
		select {
		case l.refusing <- struct{}{}:
			go func() {
				defer func() { <-l.refusing }()
				refuse(c)
			}()
		default: // a flood: its descriptors go at once
			c.Close()
		}
	}
}

// refuse answers c with refusal and closes it. The request is read first
// (a second at most): a client whose request is not sent yet would take
// the answer for garbage, and one whose request is left unread may be
// reset before it reads the answer.
func refuse(c net.Conn) {
	defer c.Close()
	c.SetReadDeadline(time.Now().Add(time.Second))
	var buf [4096]byte
	c.Read(buf[:])
	c.SetWriteDeadline(time.Now().Add(time.Second))
	c.Write(refusal)
}

func (l *connCap) take(ip string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.n >= l.total || (l.perIP > 0 && l.byIP[ip] >= l.perIP) {
		return false
	}
	l.n++
	l.byIP[ip]++
	l.held.Set(float64(l.n))
	return true
}

func (l *connCap) release(ip string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.n--
	if l.byIP[ip]--; l.byIP[ip] <= 0 {
		delete(l.byIP, ip)
	}
	l.held.Set(float64(l.n))
}

// countedConn gives its place back once closed (by the server, or by an
// event stream's pump that took it over).
type countedConn struct {
	net.Conn
	l    *connCap
	ip   string
	once sync.Once
}

func (c *countedConn) Close() error {
	c.once.Do(func() { c.l.release(c.ip) })
	return c.Conn.Close()
}

// hostOf is a connection's address without its port.
func hostOf(a net.Addr) string {
	if tcp, ok := a.(*net.TCPAddr); ok {
		return tcp.IP.String()
	}
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return host
}

// connCapFor is the cap of all connections: want, or half of the
// process's descriptors when fewer.
func connCapFor(want int) int {
	if n := fdLimit(); n > 0 && n/2 < want {
		return max(n/2, 1)
	}
	return want
}
