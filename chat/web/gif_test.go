package web_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"oyunbot/chat/web"
	"oyunbot/sessions"
)

// seenJobs is a slow queue that tells who submitted each job.
type seenJobs struct {
	*sessions.Jobs
	owners chan string
}

func (j seenJobs) Submit(owner string, job func(context.Context)) (bool, error) {
	j.owners <- owner
	return j.Jobs.Submit(owner, job)
}

// TestGIFOnTheSlowQueue: a game's GIF asked for on its page is drawn on
// the slow queue as its address's, after the work queued before it (issue
// 41: the pages drew them at once, outside the queue, and a bystander's
// move waited 5.1 s behind 120 of them).
func TestGIFOnTheSlowQueue(t *testing.T) {
	jobs := sessions.NewJobs(t.Context(), sessions.JobsConfig{Workers: 1})
	t.Cleanup(jobs.Close)
	seen := seenJobs{jobs, make(chan string, 16)}
	e := newEnv(t, func(c *web.Config) { c.Slow = seen })
	url := watchURL(t, e.msg("c1", "u1", "Ayşe", "play ttt easy", false))
	e.msg("c1", "u1", "Ayşe", "5", false)
	// The only worker is busy with someone's work.
	started, release := make(chan struct{}), make(chan struct{})
	if _, err := jobs.Submit("telegram/someone", func(ctx context.Context) {
		close(started)
		select {
		case <-release:
		case <-ctx.Done(): // the test failed
		}
	}); err != nil {
		t.Fatal(err)
	}
	<-started
	got := make(chan *http.Response, 1)
	go func() {
		res, err := http.Get(url + "/game.gif")
		if err != nil {
			t.Error(err)
			close(got)
			return
		}
		res.Body.Close()
		got <- res
	}()
	select {
	case owner := <-seen.owners:
		if owner != "web:127.0.0.1" {
			t.Errorf("the GIF's owner in the queue: %q, want web:127.0.0.1", owner)
		}
	case res := <-got:
		t.Fatalf("the GIF was drawn outside the slow queue (%v) while its only worker was busy", res.Status)
	}
	close(release)
	if res := <-got; res == nil || res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/gif" {
		t.Errorf("the GIF once its turn came: %+v", res)
	}
}

// TestFinishedGIFMadeOnce: a finished game's GIF asked for by many at once
// is drawn once, then kept: asked again it is not drawn again, and a
// browser that has it (If-None-Match: its ETag) gets 304.
func TestFinishedGIFMadeOnce(t *testing.T) {
	jobs := sessions.NewJobs(t.Context(), sessions.JobsConfig{})
	t.Cleanup(jobs.Close)
	seen := seenJobs{jobs, make(chan string, 100)}
	e := newEnv(t, func(c *web.Config) { c.Slow = seen })
	url := watchURL(t, e.msg("c1", "u1", "Ayşe", "play ttt easy", false))
	e.msg("c1", "u1", "Ayşe", "5", false)
	e.msg("c1", "u1", "Ayşe", "resign yes", false)
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		tags  = map[string]int{}
		sizes = map[int]int{}
	)
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, body := get(t, url+"/game.gif")
			mu.Lock()
			defer mu.Unlock()
			if res.StatusCode != 200 {
				t.Errorf("game.gif: %d", res.StatusCode)
			}
			tags[res.Header.Get("ETag")]++
			sizes[len(body)]++
		}()
	}
	wg.Wait()
	if len(tags) != 1 || len(sizes) != 1 {
		t.Fatalf("20 requests at once: ETags %v, sizes %v; want one of each", tags, sizes)
	}
	var etag string
	for etag = range tags {
	}
	if etag == "" {
		t.Fatal("no ETag")
	}
	if n := len(seen.owners); n != 1 {
		t.Errorf("20 requests at once drew it %d times, want once", n)
	}
	if res, _ := get(t, url+"/game.gif"); res.StatusCode != 200 || res.Header.Get("ETag") != etag {
		t.Errorf("asked again: %d %q", res.StatusCode, res.Header.Get("ETag"))
	}
	res, body := get(t, url+"/game.gif", "If-None-Match", etag)
	if res.StatusCode != http.StatusNotModified || body != "" {
		t.Errorf("If-None-Match its ETag: %d with %d bytes, want 304", res.StatusCode, len(body))
	}
	if n := len(seen.owners); n != 1 {
		t.Errorf("drawn %d times in all, want once", n)
	}
	// The other side's view is another picture.
	if res, _ := get(t, url+"/game.gif?flip=1", "If-None-Match", etag); res.StatusCode != 200 || res.Header.Get("ETag") == etag {
		t.Errorf("the flipped GIF with the other's ETag: %d %q", res.StatusCode, res.Header.Get("ETag"))
	}
}

// TestGIFBusy: a GIF whose turn in the slow queue does not come in the
// time a page has is answered 503, in the viewer's language, to try again.
func TestGIFBusy(t *testing.T) {
	jobs := sessions.NewJobs(t.Context(), sessions.JobsConfig{Workers: 1})
	t.Cleanup(jobs.Close)
	e := newEnv(t, func(c *web.Config) { c.Slow, c.WriteTimeout = jobs, 100*time.Millisecond })
	url := watchURL(t, e.msg("c1", "u1", "Ayşe", "play ttt easy", false))
	started := make(chan struct{})
	if _, err := jobs.Submit("telegram/someone", func(ctx context.Context) {
		close(started)
		<-ctx.Done() // until the test ends
	}); err != nil {
		t.Fatal(err)
	}
	<-started
	res, body := get(t, url+"/game.gif", "Accept-Language", "en")
	if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" || !strings.Contains(body, "still being drawn") {
		t.Errorf("a GIF whose turn does not come: %d %q\n%s", res.StatusCode, res.Header.Get("Retry-After"), body)
	}
}
