package sessions_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"oyunbot/sessions"
)

// TestJobsBoundEachOwnerAndServeTheLeastUsed: with one worker held by
// Mallory's first job and her second queued, her third is refused
// (ErrBusy) until one of hers is done; Ayşe's job, queued after Mallory's
// second, runs before it; Close cancels a running job's context.
func TestJobsBoundEachOwnerAndServeTheLeastUsed(t *testing.T) {
	j := sessions.NewJobs(t.Context(), sessions.JobsConfig{Workers: 1, PerOwner: 2, KeepMemory: true})
	defer j.Close()
	var (
		mu    sync.Mutex
		order []string
	)
	record := func(name string) func(context.Context) {
		return func(context.Context) {
			mu.Lock()
			order = append(order, name)
			mu.Unlock()
		}
	}
	started, release := make(chan struct{}), make(chan struct{})
	if queued, err := j.Submit("t/mallory", func(ctx context.Context) {
		close(started)
		<-release
		record("m1")(ctx)
	}); queued || err != nil {
		t.Fatalf("first job: queued %v, %v", queued, err)
	}
	<-started
	if queued, err := j.Submit("t/mallory", record("m2")); !queued || err != nil {
		t.Fatalf("second job: queued %v, %v", queued, err)
	}
	if _, err := j.Submit("t/mallory", record("m3")); !errors.Is(err, sessions.ErrBusy) {
		t.Fatalf("third job of one owner: %v, want ErrBusy", err)
	}
	if queued, err := j.Submit("t/ayse", record("a1")); !queued || err != nil {
		t.Fatalf("another owner's job: queued %v, %v", queued, err)
	}
	close(release)
	if err := j.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if want := []string{"m1", "a1", "m2"}; !slices.Equal(order, want) {
		t.Fatalf("order %v, want %v", order, want)
	}
	if _, err := j.Submit("t/mallory", record("m4")); err != nil {
		t.Fatalf("a job once the owner's are done: %v", err)
	}

	cancelled := make(chan struct{})
	started = make(chan struct{})
	j.Submit("t/ayse", func(ctx context.Context) {
		close(started)
		select {
		case <-ctx.Done():
			close(cancelled)
		case <-time.After(time.Minute):
		}
	})
	<-started
	j.Close()
	select {
	case <-cancelled:
	default:
		t.Fatal("Close returned before the running job saw its context end")
	}
	if _, err := j.Submit("t/ayse", record("late")); !errors.Is(err, sessions.ErrClosed) {
		t.Fatalf("after Close: %v", err)
	}
}
