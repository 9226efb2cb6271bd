package fairpool

// fair.go: the worker time (engine searches, slow jobs) each person used
// lately, so that a pool serves first whoever used the least (a per-user
// budget that is spent, and earned back, as time goes by).

import (
	"math"
	"time"
)

// usageHalfLife: engine time used this long ago counts half.
const usageHalfLife = time.Minute

// maxOwners bounds the owners remembered: past it, those whose usage has
// faded are forgotten.
const maxOwners = 10_000

// spent is an owner's decayed engine time at a moment.
type spent struct {
	secs float64
	at   time.Time
}

// usage is the decayed engine time of each owner; guarded by the pool's
// lock.
type usage struct {
	m map[string]*spent
}

// of is owner's usage at now, in seconds.
func (u *usage) of(owner string, now time.Time) float64 {
	s := u.m[owner]
	if s == nil {
		return 0
	}
	return s.secs * decay(now.Sub(s.at))
}

// decay is the weight of time used d ago.
func decay(d time.Duration) float64 {
	if d <= 0 {
		return 1
	}
	return math.Exp2(-float64(d) / float64(usageHalfLife))
}

// add counts d of engine time for owner, ending at now.
func (u *usage) add(owner string, d time.Duration, now time.Time) {
	if len(u.m) >= maxOwners && u.m[owner] == nil {
		for o, s := range u.m {
			if s.secs*decay(now.Sub(s.at)) < 0.001 {
				delete(u.m, o)
			}
		}
	}
	u.m[owner] = &spent{secs: u.of(owner, now) + d.Seconds(), at: now}
}

// next is the index of the job to run among n queued, whose owners and
// classes job gives: of the jobs of the first class present (interactive
// before background), the first queued of the owner who used the least
// time lately (ties: the earliest queued).
func (u *usage) next(n int, job func(i int) (owner string, c Class), now time.Time) int {
	best, least, class := 0, math.Inf(1), Background+1
	for i := range n {
		owner, c := job(i)
		if c > class {
			continue
		}
		if v := u.of(owner, now); c < class || v < least {
			best, least, class = i, v, c
		}
	}
	return best
}
