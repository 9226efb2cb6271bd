package lanes

import (
	"time"

	"golang.org/x/time/rate"
)

// Pace is a token-bucket rate: one job every Every, with bursts of up to
// Burst jobs. Every <= 0 means no pacing.
type Pace struct {
	Every time.Duration
	Burst int
}

// Bucket paces one stream of jobs: a golang.org/x/time/rate limiter of one
// token every Every and Burst tokens of credit. A platform limits both
// each chat and the whole bot, so one Bucket may be a lane's (reached only
// by that lane's jobs) or shared by every lane: it is safe for concurrent
// use. The zero Bucket does not pace.
type Bucket struct {
	lim *rate.Limiter // nil: not paced
}

// NewBucket returns a bucket for p with all its credit.
func NewBucket(p Pace) *Bucket {
	b := &Bucket{}
	b.set(p)
	return b
}

// set makes b pace at p.
func (b *Bucket) set(p Pace) {
	if p.Every > 0 {
		b.lim = rate.NewLimiter(rate.Every(p.Every), max(p.Burst, 1))
	}
}

// Reserve takes a token at now and returns how long to wait before using
// it. Reservations are never given back: a job that waits still counts, so
// a caller that retries reserves again and the retry is paced too. The
// wait is rounded to the microsecond (the limiter counts tokens in
// floating point: a wait of exactly a second may come out a nanosecond
// short).
func (b *Bucket) Reserve(now time.Time) time.Duration {
	if b.lim == nil {
		return 0
	}
	return b.lim.ReserveN(now, 1).DelayFrom(now).Round(time.Microsecond)
}

// full reports whether the bucket has all its credit back at now, so that
// forgetting it (and starting afresh later) loses nothing.
func (b *Bucket) full(now time.Time) bool {
	return b.lim == nil || b.lim.TokensAt(now) >= float64(b.lim.Burst())
}
