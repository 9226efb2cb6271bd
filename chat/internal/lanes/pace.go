package lanes

import (
	"sync"
	"time"
)

// Pace is a token-bucket rate: one job every Every, with bursts of up to
// Burst jobs. Every <= 0 means no pacing.
type Pace struct {
	Every time.Duration
	Burst int
}

// Bucket paces one stream of jobs with the generic cell rate algorithm: tat
// is the theoretical arrival time of the next job when running at exactly
// one per Every; up to Burst-1 intervals of credit may be used early. A
// platform limits both each chat and the whole bot, so one Bucket may be a
// lane's (reached only by that lane's jobs) or shared by every lane: it is
// safe for concurrent use. The zero Bucket does not pace.
type Bucket struct {
	mu   sync.Mutex
	pace Pace
	tat  time.Time
}

// NewBucket returns a bucket for p with all its credit.
func NewBucket(p Pace) *Bucket { return &Bucket{pace: p} }

// Reserve takes a token at now and returns how long to wait before using
// it. Reservations are never given back: a job that waits still counts, so
// a caller that retries reserves again and the retry is paced too.
func (b *Bucket) Reserve(now time.Time) time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.pace.Every <= 0 {
		return 0
	}
	if b.tat.Before(now) {
		b.tat = now
	}
	burst := max(b.pace.Burst, 1)
	wait := b.tat.Sub(now) - time.Duration(burst-1)*b.pace.Every
	b.tat = b.tat.Add(b.pace.Every)
	return max(wait, 0)
}

// full reports whether the bucket has all its credit back at now, so that
// forgetting it (and starting afresh later) loses nothing.
func (b *Bucket) full(now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return !b.tat.After(now)
}
