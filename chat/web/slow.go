package web

// slow.go: the pictures and animations the pages draw are slow work, done
// on the slow queue the chat's own slow commands use (the router's
// sessions.Jobs): a few workers for the whole bot, fair between people, an
// address's requests being one person's ("web:" and the address). Without
// it, 120 GIFs asked at once each took a core's share, and a bystander's
// move in chat waited seconds behind them. An address's requests beyond
// its share wait for its earlier ones; one thing asked by many at once
// (the same game's GIF) is made once, and a finished game's is kept.

import (
	"context"
	"errors"
	"sync"
	"time"

	"oyunbot/sessions"
)

// Slow runs slow work fairly between its owners: sessions.Jobs (the
// router's, SlowJobs).
type Slow interface {
	Submit(owner string, job func(ctx context.Context)) (queued bool, err error)
}

// errAbandoned ends a making nobody submitted (its asker left first): who
// waits for it asks again.
var errAbandoned = errors.New("web: abandoned")

// making is one thing being made, which every request for its key waits
// for.
type making struct {
	done    chan struct{}
	waiters int // under slowWork.mu
	val     []byte
	err     error
}

// slowWork hands the pages' drawing to the slow queue.
type slowWork struct {
	jobs     Slow
	perOwner int // an owner's jobs in the queue at once

	mu     sync.Mutex
	now    map[string]*making       // by key
	owners map[string]chan struct{} // an owner's places in the queue (a semaphore)
	users  map[string]int           // the requests using an owner's places
}

func newSlowWork(jobs Slow, perOwner int) *slowWork {
	return &slowWork{jobs: jobs, perOwner: perOwner, now: map[string]*making{}, owners: map[string]chan struct{}{},
		users: map[string]int{}}
}

// make returns what do makes for key, done on the slow queue as owner's;
// cache, when not nil, keeps it (and has it already, maybe). Requests for
// a key being made wait for that making. It fails with ctx's error when
// ctx is done first.
func (w *slowWork) make(ctx context.Context, owner, key string, cache *cache, do func(ctx context.Context) ([]byte, error)) ([]byte, error) {
	for {
		if cache != nil {
			if b, ok := cache.get(key); ok {
				return b, nil
			}
		}
		w.mu.Lock()
		m, joined := w.now[key]
		if !joined {
			m = &making{done: make(chan struct{})}
			w.now[key] = m
		}
		m.waiters++
		w.mu.Unlock()
		if !joined {
			if err := w.submit(ctx, owner, func(jctx context.Context) {
				w.mu.Lock()
				wanted := m.waiters > 0 || cache != nil // a finished game's is kept for the next
				w.mu.Unlock()
				var (
					val []byte
					err = context.Canceled
				)
				if wanted {
					if val, err = do(jctx); err == nil && cache != nil {
						cache.put(key, val)
					}
				}
				w.end(key, m, val, err)
			}); err != nil {
				w.end(key, m, nil, errAbandoned)
			}
		}
		select {
		case <-m.done:
			if !errors.Is(m.err, errAbandoned) {
				return m.val, m.err
			}
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			// Its asker left before it was queued: ask again.
		case <-ctx.Done():
			w.mu.Lock()
			m.waiters--
			w.mu.Unlock()
			return nil, ctx.Err()
		}
	}
}

// end ends making m of key.
func (w *slowWork) end(key string, m *making, val []byte, err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.now[key] == m {
		delete(w.now, key)
	}
	m.val, m.err = val, err
	close(m.done)
}

// submit queues job as owner's once owner has a place in the queue (its
// earlier jobs done), and frees the place when job returns.
func (w *slowWork) submit(ctx context.Context, owner string, job func(ctx context.Context)) error {
	w.mu.Lock()
	sem := w.owners[owner]
	if sem == nil {
		sem = make(chan struct{}, w.perOwner)
		w.owners[owner] = sem
	}
	w.users[owner]++
	w.mu.Unlock()
	leave := func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		if w.users[owner]--; w.users[owner] == 0 {
			delete(w.users, owner)
			delete(w.owners, owner)
		}
	}
	select {
	case sem <- struct{}{}:
	case <-ctx.Done():
		leave()
		return ctx.Err()
	}
	release := func() {
		<-sem
		leave()
	}
	for {
		_, err := w.jobs.Submit(owner, func(jctx context.Context) {
			defer release()
			job(jctx)
		})
		if !errors.Is(err, sessions.ErrBusy) {
			if err != nil {
				release()
			}
			return err
		}
		// The queue still counts the job that freed the place (it does
		// until the job's function has returned): a moment more.
		select {
		case <-time.After(10 * time.Millisecond):
		case <-ctx.Done():
			release()
			return ctx.Err()
		}
	}
}
