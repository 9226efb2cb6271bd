package web

// guard.go: what protects the pages: each address's request rate (a token
// bucket), the security headers (a Content-Security-Policy without inline
// script), and a small cache of drawn pictures and animations.

import (
	"container/list"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// csp allows the page's own files only: no inline script or style, no
// other site, no framing.
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
	"base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// DefaultMiniAppScript is Telegram's script of Mini Apps
// (window.Telegram.WebApp), which the pages load as a Mini App.
const DefaultMiniAppScript = "https://telegram.org/js/telegram-web-app.js"

// miniAppCSP is csp for the pages as a Telegram Mini App: Telegram's
// script (script's origin) too, and framed by Telegram Web (the other
// clients open the page in a web view of their own).
func miniAppCSP(script string) string {
	origin := "https://telegram.org"
	if u, err := url.Parse(script); err == nil && u.Host != "" {
		origin = u.Scheme + "://" + u.Host
	}
	return "default-src 'none'; script-src 'self' " + origin + "; style-src 'self'; img-src 'self'; connect-src 'self'; " +
		"base-uri 'none'; form-action 'self'; frame-ancestors 'self' https://web.telegram.org"
}

// secure sets the security headers of every answer; a Mini App's pages
// (miniApp) may be framed by Telegram Web and load Telegram's script.
func secure(h http.Handler, miniApp bool, script string) http.Handler {
	policy := csp
	if miniApp {
		policy = miniAppCSP(script)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", policy)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Referrer-Policy", "no-referrer") // a private game's token stays on its page
		if !miniApp {
			// CSP's frame-ancestors says who may frame a Mini App's page;
			// X-Frame-Options would forbid it to Telegram Web too.
			hd.Set("X-Frame-Options", "DENY")
		}
		hd.Set("X-Robots-Tag", "noindex, nofollow") // a page's token is for whom it was given
		h.ServeHTTP(w, r)
	})
}

// clientIP is the address a request came from: behind a proxy, the last
// address of X-Forwarded-For, the one the proxy saw (the others are the
// client's say).
func clientIP(r *http.Request, proxied bool) string {
	if proxied {
		if xff := r.Header.Values("X-Forwarded-For"); len(xff) > 0 {
			list := strings.Split(xff[len(xff)-1], ",")
			if ip := strings.TrimSpace(list[len(list)-1]); ip != "" {
				return ip
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// limiter is a token bucket per address: a golang.org/x/time/rate
// limiter each, the full ones forgotten once a minute.
type limiter struct {
	rate  rate.Limit
	burst int
	now   func() time.Time

	mu      sync.Mutex
	buckets map[string]*rate.Limiter
	swept   time.Time
}

func newLimiter(perSecond, burst float64) *limiter {
	return &limiter{rate: rate.Limit(perSecond), burst: int(burst), now: time.Now, buckets: map[string]*rate.Limiter{}}
}

// allow takes a token of ip's bucket.
func (l *limiter) allow(ip string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if now.Sub(l.swept) > time.Minute { // forget the full buckets
		for k, b := range l.buckets {
			if b.TokensAt(now) >= float64(l.burst) {
				delete(l.buckets, k)
			}
		}
		l.swept = now
	}
	b := l.buckets[ip]
	if b == nil {
		b = rate.NewLimiter(l.rate, l.burst)
		l.buckets[ip] = b
	}
	return b.AllowN(now, 1)
}

func (l *limiter) wrap(h http.Handler, proxied bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !l.allow(clientIP(r, proxied)) {
			w.Header().Set("Retry-After", "1")
			http.Error(w, "429 too many requests", http.StatusTooManyRequests)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// cache keeps the last n values put, at most max bytes of them (0: any),
// the least recently used out first.
type cache struct {
	mu         sync.Mutex
	n          int
	max, bytes int
	order      *list.List // of *entry, the most recent first
	byKey      map[string]*list.Element
}

type entry struct {
	key string
	val []byte
}

func newCache(n int) *cache {
	return &cache{n: n, order: list.New(), byKey: map[string]*list.Element{}}
}

// newSizedCache is a cache of n values and max bytes at most.
func newSizedCache(n, max int) *cache {
	c := newCache(n)
	c.max = max
	return c
}

func (c *cache) get(key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byKey[key]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*entry).val, true
}

func (c *cache) put(key string, val []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.max > 0 && len(val) > c.max {
		return // it would push out everything
	}
	if e, ok := c.byKey[key]; ok {
		c.bytes += len(val) - len(e.Value.(*entry).val)
		e.Value.(*entry).val = val
		c.order.MoveToFront(e)
	} else {
		c.byKey[key] = c.order.PushFront(&entry{key, val})
		c.bytes += len(val)
	}
	for c.order.Len() > c.n || (c.max > 0 && c.bytes > c.max) {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.byKey, last.Value.(*entry).key)
		c.bytes -= len(last.Value.(*entry).val)
	}
}
