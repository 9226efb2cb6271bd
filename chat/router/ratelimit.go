package router

// ratelimit.go: a per-user limit on messages, so that one person (or a
// script) flooding the bot cannot crowd the others out. Each user has a
// bucket of Burst messages refilled at one every Every; a message finding
// it empty is dropped. The first one dropped is answered (in the
// request's language) when it was meant for the bot; the rest of the flood
// is dropped in silence, so that a flood does not turn into a flood of
// answers.

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// RateLimit is a per-user limit: a burst of Burst messages (a player
// tapping quickly, a few commands at once), then one every Every. A zero
// Burst or Every sets no limit.
type RateLimit struct {
	Burst int
	Every time.Duration
}

// DefaultRateLimit is the bot's limit: 20 messages at once, then two a
// second (faster than anyone plays, slower than a script).
var DefaultRateLimit = RateLimit{Burst: 20, Every: 500 * time.Millisecond}

// rateUsers bounds the buckets kept: beyond it, the full ones (users quiet
// for Burst*Every) are forgotten.
const rateUsers = 50_000

// bucket is one user's allowance: a golang.org/x/time/rate limiter, and
// whether the user was told to slow down since it was last full.
type bucket struct {
	lim    *rate.Limiter
	warned bool
}

// userRef names a person in a channel (a rate limit's key).
type userRef struct{ platform, channel, user string }

// limiter keeps the users' buckets. Safe for concurrent use.
type limiter struct {
	now   func() time.Time
	every rate.Limit
	burst int

	mu    sync.Mutex
	users map[userRef]*bucket
}

func newLimiter(now func() time.Time, every time.Duration, burst int) *limiter {
	return &limiter{now: now, every: rate.Every(every), burst: burst, users: map[userRef]*bucket{}}
}

// allow takes one message from u's bucket: ok if there was room; else
// warn is true for the first message refused since the bucket was last
// full (once per flood, however long it goes on).
func (l *limiter) allow(u userRef) (ok, warn bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now() // under the lock: a bucket's clock never goes back
	b := l.users[u]
	if b == nil {
		if len(l.users) >= rateUsers {
			l.pruneLocked(now)
		}
		b = &bucket{lim: rate.NewLimiter(l.every, l.burst)}
		l.users[u] = b
	}
	if l.full(b, now) {
		b.warned = false // quiet long enough: a new flood is told again
	}
	if b.lim.AllowN(now, 1) {
		return true, false
	}
	warn = !b.warned
	b.warned = true
	return false, warn
}

// full reports whether b has all its allowance back at now.
func (l *limiter) full(b *bucket, now time.Time) bool {
	return b.lim.TokensAt(now) >= float64(l.burst)
}

// pruneLocked forgets the users whose bucket is full again: they are as
// new users. l.mu must be held.
func (l *limiter) pruneLocked(now time.Time) {
	for u, b := range l.users {
		if l.full(b, now) {
			delete(l.users, u)
		}
	}
}

// rateLimit drops a user's messages beyond the limit. It runs after route:
// a refusal is said for a command or a message in a private chat (meant
// for the bot), and group chat that is no command is dropped in silence.
func (r *Router) rateLimit(next handler) handler {
	rl := r.cfg.RateLimit
	if rl.Burst <= 0 || rl.Every <= 0 {
		return next
	}
	l := newLimiter(r.cfg.Now, rl.Every, rl.Burst)
	return func(q *request) {
		if q.m.Platform == "console" {
			next(q) // the terminal's one user
			return
		}
		ok, warn := l.allow(userRef{q.m.Platform, "", q.m.UserID})
		if ok {
			next(q)
			return
		}
		if warn && (q.entry != nil || q.cmd.Prefixed || q.m.Private) {
			q.say(q.t("error.rate-limited"))
		}
	}
}
