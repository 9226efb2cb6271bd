package analyses_test

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"testing"
	"testing/synctest"
	"time"

	"oyunbot/ai"
	"oyunbot/analysis"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
	"oyunbot/sessions/analyses"
	sqlstore "oyunbot/store"
)

// sliceQueue is a submit that keeps the jobs for the test to run one by one.
type sliceQueue struct{ jobs []func() }

func (s *sliceQueue) submit(owner string, job func()) error {
	s.jobs = append(s.jobs, job)
	return nil
}

// runOne runs the first job queued; false when none is.
func (s *sliceQueue) runOne() bool {
	if len(s.jobs) == 0 {
		return false
	}
	job := s.jobs[0]
	s.jobs = s.jobs[1:]
	job()
	return true
}

// analysedGame is a finished tic-tac-toe game (X wins on the diagonal).
func analysedGame() sessions.Snapshot {
	return sessions.Snapshot{ID: 7, Game: tictactoe.Game{}, Moves: []string{"b2", "a2", "a1", "c1", "c3"},
		Result: sessions.Result{Over: true, Winner: ai.First, Points: 1}}
}

// done records a listener's end.
type done struct {
	res   *analysis.Result
	err   error
	calls int
}

func (d *done) listener() analyses.Listener {
	return analyses.Listener{Done: func(res *analysis.Result, err error) { d.res, d.err = res, err; d.calls++ }}
}

// TestAnalysesSliceKeepAndResume: an analysis runs a slice of positions
// at a time, saving what it did after each; while it runs, its owner's
// second request and anyone's request for the same game are refused as
// busy. A new Runner on the same store (a restart) resumes it from the
// evaluations kept, with fewer slices, to the same result as an analysis
// run at once; then the result is kept: a request answers it at once.
func TestAnalysesSliceKeepAndResume(t *testing.T) {
	ctx := context.Background()
	store := openSQLite(t, filepath.Join(t.TempDir(), "bot.db"))
	s := analysedGame()
	start, moves, err := s.Replay()
	if err != nil {
		t.Fatal(err)
	}
	whole, err := analysis.Analyse(ctx, s.Game, start, moves, analysis.Options{Outcome: analyses.OutcomeOf(s.Result)})
	if err != nil {
		t.Fatal(err)
	}
	positions := len(whole.Evals)

	q := &sliceQueue{}
	procCtx, stop := context.WithCancel(ctx)
	a := analyses.NewRunner(procCtx, q.submit, analyses.Config{Store: store, Slice: 2})
	var d done
	if _, started, err := a.Request(ctx, "tg/1", s, d.listener()); err != nil || !started {
		t.Fatalf("Request: started %v, %v", started, err)
	}
	if !q.runOne() {
		t.Fatal("no slice queued")
	}
	var busy *analyses.BusyError
	if _, _, err := a.Request(ctx, "tg/1", s, d.listener()); !errors.As(err, &busy) || busy.GameID != 7 || !busy.Own {
		t.Errorf("the owner's second request: %v", err)
	}
	if _, _, err := a.Request(ctx, "tg/2", s, d.listener()); !errors.As(err, &busy) || busy.GameID != 7 || busy.Own {
		t.Errorf("another's request for the game being analysed: %v", err)
	}
	rec, err := store.Analysis(ctx, 7)
	if err != nil || rec.Complete {
		t.Fatalf("after a slice the store has %+v, %v", rec, err)
	}
	// The process stops between two slices: the queued one never runs.
	stop()
	if d.calls != 0 {
		t.Errorf("the listener heard %v", d.err)
	}

	q2 := &sliceQueue{}
	a2 := analyses.NewRunner(ctx, q2.submit, analyses.Config{Store: store, Slice: 2})
	if _, ok := a2.Stored(ctx, 7); ok {
		t.Fatal("a stopped analysis is kept as a result")
	}
	if _, started, err := a2.Request(ctx, "tg/1", s, d.listener()); err != nil || !started {
		t.Fatalf("Request after the restart: %v, %v", started, err)
	}
	n := 0
	for q2.runOne() {
		n++
	}
	if want := (positions - 2 + 1) / 2; n != want {
		t.Errorf("the resumed analysis ran %d slices, want %d (2 of %d positions were done)", n, want, positions)
	}
	if d.calls != 1 || d.err != nil {
		t.Fatalf("the listener: %d calls, %v", d.calls, d.err)
	}
	d.res.Elapsed, whole.Elapsed = 0, 0
	if !reflect.DeepEqual(d.res, whole) {
		t.Errorf("the resumed analysis differs from one run at once:\n%+v\n%+v", d.res, whole)
	}
	res, started, err := a2.Request(ctx, "tg/3", s, d.listener())
	if err != nil || started || res == nil || !res.Complete {
		t.Fatalf("the kept result: %v, started %v, %v", res, started, err)
	}
	if len(q2.jobs) != 0 || d.calls != 1 {
		t.Error("a kept result was analysed again")
	}
}

// TestAnalysesRefuse: a game in play, a game without moves, and a person
// with an analysis running are refused; a cancelled analysis (its game
// gone) tells its listener and frees its owner.
func TestAnalysesRefuse(t *testing.T) {
	ctx := context.Background()
	q := &sliceQueue{}
	a := analyses.NewRunner(ctx, q.submit, analyses.Config{Slice: 1})
	s := analysedGame()
	playing := s
	playing.Result = sessions.Result{}
	if _, _, err := a.Request(ctx, "tg/1", playing, analyses.Listener{}); !errors.Is(err, analyses.ErrNotOver) {
		t.Errorf("a game in play: %v", err)
	}
	empty := s
	empty.Moves = nil
	if _, _, err := a.Request(ctx, "tg/1", empty, analyses.Listener{}); !errors.Is(err, analyses.ErrNothingToAnalyse) {
		t.Errorf("a game without moves: %v", err)
	}
	var d done
	if _, _, err := a.Request(ctx, "tg/1", s, d.listener()); err != nil {
		t.Fatal(err)
	}
	other := s
	other.ID = 8
	if _, _, err := a.Request(ctx, "tg/1", other, analyses.Listener{}); !errors.Is(err, analyses.ErrBusy) {
		t.Errorf("a second analysis of one person: %v", err)
	}
	if id, ok := a.Running("tg/1"); !ok || id != 7 {
		t.Errorf("Running: %d, %v", id, ok)
	}
	q.runOne()
	a.Cancel(7)
	for q.runOne() {
	}
	if d.calls != 1 || !errors.Is(d.err, context.Canceled) {
		t.Errorf("a cancelled analysis's listener: %d calls, %v", d.calls, d.err)
	}
	if _, ok := a.Running("tg/1"); ok {
		t.Error("the cancelled analysis still runs")
	}
	if _, ok := a.Stored(ctx, 7); ok {
		t.Error("a cancelled analysis kept as a result")
	}
}

// TestAnalysesProgress: a long analysis tells its progress once it has run
// for the progress interval, and not more often.
func TestAnalysesProgress(t *testing.T) {
	ctx := context.Background()
	q := &sliceQueue{}
	now := time.Unix(1_800_000_000, 0)
	a := analyses.NewRunner(ctx, q.submit, analyses.Config{Slice: 1, Progress: time.Minute, Now: func() time.Time { return now }})
	var lines [][2]int
	var d done
	l := d.listener()
	l.Progress = func(done, total int) { lines = append(lines, [2]int{done, total}) }
	if _, _, err := a.Request(ctx, "tg/1", analysedGame(), l); err != nil {
		t.Fatal(err)
	}
	q.runOne() // at once: no line
	now = now.Add(time.Minute)
	q.runOne() // a minute in: a line
	now = now.Add(30 * time.Second)
	q.runOne() // half a minute later: none
	for q.runOne() {
	}
	if len(lines) != 1 || lines[0][0] != 2 || lines[0][1] != 6 {
		t.Errorf("progress lines %v, want one at 2 of 6", lines)
	}
	if d.calls != 1 || d.err != nil {
		t.Errorf("the end: %d calls, %v", d.calls, d.err)
	}
}

// TestAnalysesStopTellsAskers (issue 41.6): a graceful stop stops the
// analyses it finds, one mid-way (a slice done, the next queued) and one
// not begun, and waits for their queued slices: each ends at its turn,
// keeping what was done, and its asker hears analyses.ErrStopped, once. No
// analysis starts afterwards. A new Runner on the store (the restart)
// goes on from the evaluations kept to the whole result.
func TestAnalysesStopTellsAskers(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx := context.Background()
		store := openSQLite(t, filepath.Join(t.TempDir(), "bot.db"))
		q := &sliceQueue{}
		a := analyses.NewRunner(ctx, q.submit, analyses.Config{Store: store, Slice: 2})
		mid, fresh := analysedGame(), analysedGame()
		fresh.ID = 8
		var dMid, dFresh done
		for _, r := range []struct {
			owner string
			s     sessions.Snapshot
			d     *done
		}{{"tg/1", mid, &dMid}, {"tg/2", fresh, &dFresh}} {
			if _, started, err := a.Request(ctx, r.owner, r.s, r.d.listener()); err != nil || !started {
				t.Fatalf("Request %s: %v, %v", r.owner, started, err)
			}
		}
		q.runOne() // mid's first slice: 2 positions kept, its next slice queued

		stopped := make(chan struct{})
		go func() {
			a.Stop(ctx)
			close(stopped)
		}()
		synctest.Wait() // Stop waits for the slices
		select {
		case <-stopped:
			t.Fatal("Stop returned before the queued slices ran")
		default:
		}
		if _, _, err := a.Request(ctx, "tg/3", sessions.Snapshot{ID: 9, Game: mid.Game, Moves: mid.Moves, Result: mid.Result},
			analyses.Listener{}); !errors.Is(err, sessions.ErrClosed) {
			t.Errorf("a request while stopping: %v, want sessions.ErrClosed", err)
		}
		for q.runOne() {
		}
		synctest.Wait()
		select {
		case <-stopped:
		default:
			t.Fatal("Stop still waits after every slice ran")
		}
		for name, d := range map[string]*done{"mid-way": &dMid, "not begun": &dFresh} {
			if d.calls != 1 || !errors.Is(d.err, analyses.ErrStopped) || !errors.Is(d.err, sessions.ErrClosed) || d.res != nil {
				t.Errorf("the %s analysis's asker: %d calls, %v, %v; want analyses.ErrStopped once", name, d.calls, d.err, d.res)
			}
		}
		if _, ok := a.Running("tg/1"); ok {
			t.Error("the stopped analysis still runs")
		}
		rec, err := store.Analysis(ctx, 7)
		if err != nil || rec.Complete {
			t.Fatalf("after the stop the store has %+v, %v", rec, err)
		}
		kept, err := analyses.DecodeResult(rec)
		if err != nil {
			t.Fatal(err)
		}
		evaluated := 0
		for _, e := range kept.Evals {
			if e.Done {
				evaluated++
			}
		}
		if evaluated < 2 {
			t.Errorf("%d evaluations kept, want the first slice's 2", evaluated)
		}

		// The restart: the next request goes on from there.
		q2 := &sliceQueue{}
		a2 := analyses.NewRunner(ctx, q2.submit, analyses.Config{Store: store, Slice: 2})
		var again done
		if _, started, err := a2.Request(ctx, "tg/1", mid, again.listener()); err != nil || !started {
			t.Fatalf("Request after the restart: %v, %v", started, err)
		}
		n := 0
		for q2.runOne() {
			n++
		}
		if want := (len(kept.Evals) - evaluated + 1) / 2; n != want {
			t.Errorf("the resumed analysis ran %d slices, want %d (%d of %d positions were kept)", n, want, evaluated, len(kept.Evals))
		}
		if again.calls != 1 || again.err != nil || !again.res.Complete {
			t.Errorf("the resumed analysis: %d calls, %v", again.calls, again.err)
		}
	})
}

// TestAnalysesStopAfterClose: after the Manager's Close (the pool closed,
// a slice dropped from its queue), Stop waits for nothing and tells the
// asker the analysis stopped.
func TestAnalysesStopAfterClose(t *testing.T) {
	procCtx, closeManager := context.WithCancel(context.Background())
	q := &sliceQueue{}
	a := analyses.NewRunner(procCtx, q.submit, analyses.Config{Slice: 2})
	var d done
	if _, _, err := a.Request(procCtx, "tg/1", analysedGame(), d.listener()); err != nil {
		t.Fatal(err)
	}
	closeManager()
	q.jobs = nil // dropped by the closed pool
	a.Stop(context.Background())
	if d.calls != 1 || !errors.Is(d.err, analyses.ErrStopped) {
		t.Errorf("the asker: %d calls, %v; want analyses.ErrStopped once", d.calls, d.err)
	}
	a.Stop(context.Background())
	if d.calls != 1 {
		t.Errorf("a second Stop told the asker again: %d calls", d.calls)
	}
}

// TestAnalysesSliceEndsInTime (issue 41): a slice ends after the position
// during which it has run SliceTime, however many positions Slice allows:
// with a clock that moves a second at each look, every slice evaluates
// one position, and the analysis still ends with the whole result.
func TestAnalysesSliceEndsInTime(t *testing.T) {
	ctx := context.Background()
	s := analysedGame()
	start, moves, err := s.Replay()
	if err != nil {
		t.Fatal(err)
	}
	whole, err := analysis.Analyse(ctx, s.Game, start, moves, analysis.Options{Outcome: analyses.OutcomeOf(s.Result)})
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Unix(1_700_000_000, 0)
	now := func() time.Time { clock = clock.Add(time.Second); return clock }
	q := &sliceQueue{}
	a := analyses.NewRunner(ctx, q.submit, analyses.Config{Slice: 100, SliceTime: time.Second, Now: now})
	var d done
	if _, started, err := a.Request(ctx, "tg/1", s, d.listener()); err != nil || !started {
		t.Fatalf("Request: started %v, %v", started, err)
	}
	n := 0
	for q.runOne() {
		n++
	}
	if n != len(whole.Evals) {
		t.Errorf("%d slices, want %d (one position each)", n, len(whole.Evals))
	}
	if d.calls != 1 || d.err != nil || !d.res.Complete {
		t.Fatalf("the listener: %d calls, %v, %+v", d.calls, d.err, d.res)
	}
}

// openSQLite opens the SQL store on a SQLite file, closed when the test
// ends.
func openSQLite(t testing.TB, path string) *sqlstore.SQLStore {
	t.Helper()
	st, err := sqlstore.OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
