package sessions_test

// pgrestart_test.go: a real PostgreSQL server restarted under load. The
// test runs its own throwaway server (initdb in a temporary folder, the
// same Debian binaries .ci/run uses), so that restarting it disturbs no
// other test.

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"oyunbot/sessions"
)

// privatePG is a PostgreSQL server of one test's own.
type privatePG struct {
	bin, dir, url string
	port          int
	asPostgres    bool // running as root: the server runs as the postgres user
}

// startPrivatePG initdbs and starts a server on a free loopback port, or
// skips the test when PostgreSQL's binaries are not installed (fails it in
// CI, which installs them). It is stopped and removed when the test ends.
func startPrivatePG(t *testing.T) *privatePG {
	t.Helper()
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(bins) == 0 {
		if os.Getenv("CI") == "true" {
			t.Fatal("no PostgreSQL binaries under /usr/lib/postgresql, and CI=true: .ci/run installs them")
		}
		t.Skip("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): sudo apt-get install postgresql")
	}
	sort.Strings(bins)
	p := &privatePG{bin: filepath.Dir(bins[len(bins)-1]), asPostgres: os.Geteuid() == 0}
	dir, err := os.MkdirTemp("", "oyunbot-pgrestart-")
	if err != nil {
		t.Fatal(err)
	}
	p.dir = dir
	t.Cleanup(func() {
		p.ctl("stop", "-m", "immediate")
		os.RemoveAll(dir)
	})
	if p.asPostgres { // initdb refuses root
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Skipf("running as root without a postgres user: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := p.run("initdb", "-D", p.data(), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"); err != nil {
		t.Fatalf("initdb: %v\n%s", err, out)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p.port = ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	if out, err := p.ctl("start"); err != nil {
		t.Fatalf("starting PostgreSQL: %v\n%s", err, out)
	}
	p.url = fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable&connect_timeout=2", p.port)
	return p
}

func (p *privatePG) data() string { return filepath.Join(p.dir, "data") }

// ctl runs pg_ctl: start and restart with the server's options.
func (p *privatePG) ctl(args ...string) ([]byte, error) {
	full := append([]string{"-D", p.data(), "-w", "-t", "60", "-l", filepath.Join(p.dir, "server.log")}, args...)
	if args[0] == "start" || args[0] == "restart" {
		full = append(full, "-o", fmt.Sprintf("-c listen_addresses=127.0.0.1 -p %d -k %s -c fsync=off", p.port, p.dir))
	}
	return p.run("pg_ctl", full...)
}

// run runs one of the server's programs, as postgres when we are root.
func (p *privatePG) run(prog string, args ...string) ([]byte, error) {
	path := filepath.Join(p.bin, prog)
	var cmd *exec.Cmd
	if p.asPostgres {
		cmd = exec.Command("runuser", append([]string{"-u", "postgres", "--", path}, args...)...)
	} else {
		cmd = exec.Command(path, args...)
	}
	cmd.Dir = "/"
	return cmd.CombinedOutput()
}

// TestPostgresRestartedUnderLoad: two processes play 6 games, each from
// its own goroutine as fast as the answers come, while their PostgreSQL
// server is restarted twice (pg_ctl restart -m immediate: every
// connection dropped at once, as in a crash, and the server down for the
// moment it takes to recover). Every move acknowledged is stored, once,
// where its acknowledgement said; a move refused as not saved is not
// stored (the store either took it and said so, or did not take it); the
// processes reconnect by themselves and play on.
func TestPostgresRestartedUnderLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and restarts a PostgreSQL server of its own (-short)")
	}
	pg := startPrivatePG(t)
	f := &fleet{url: pg.url, reg: registry(t)}
	for i := range 2 {
		f.procs = append(f.procs, f.start(t, i, nil))
	}
	const players = 10 // pairs of players, each pair a game at a time
	type attempt struct {
		at      int // the move's index in the history the player saw
		move    string
		outcome string // "ack", "not saved", "stale", "other: ..."
	}
	var (
		mu       sync.Mutex
		ids      []int64
		attempts = map[int64][]attempt{}
		stop     atomic.Bool
		acks     atomic.Int64
		wg       sync.WaitGroup
	)
	// start starts a game between Ayşe and Bora in channel ch through p;
	// it fails while the server is down.
	start := func(p *botProcess, ch string) (int64, error) {
		if err := p.chal.Issue(bg, sessions.Challenge{Platform: "test", ChannelID: ch, From: ayse, To: bora,
			Game: f.game(t, "dama")}); err != nil {
			return 0, err
		}
		snap, _, err := p.chal.Accept(bg, "test", ch, bora, "")
		return snap.ID, err
	}
	for pi := range players {
		wg.Go(func() {
			// A game after another, as long as the test runs: the players
			// never run out of moves.
			for g := 0; !stop.Load(); g++ {
				id, err := start(f.procs[(pi+g)%2], fmt.Sprintf("restart-%d-%d", pi, g))
				if err != nil {
					continue // the server down, or the challenge answered already
				}
				mu.Lock()
				ids = append(ids, id)
				mu.Unlock()
				for n := 0; !stop.Load(); n++ {
					p := f.procs[(pi+n)%2]
					snap, err := p.m.Lobby().Get(id)
					if errors.Is(err, sessions.ErrNoGame) {
						break // over
					}
					if err != nil || len(snap.Legal) == 0 {
						continue // unreadable while the server is down
					}
					mv := snap.Legal[n%len(snap.Legal)]
					_, err = p.m.Play().Move(bg, id, snap.Players[snap.Turn].ID, mv, "")
					a := attempt{at: len(snap.Moves), move: mv, outcome: "ack"}
					switch {
					case err == nil:
						acks.Add(1)
					case errors.Is(err, sessions.ErrNotSaved):
						a.outcome = "not saved"
					case errors.Is(err, sessions.ErrNotYourTurn), errors.Is(err, sessions.ErrGameOver):
						// The board shown was read from a copy the store could
						// not refresh (the server down): the other process had
						// played the move that made it stale.
						a.outcome = "stale"
					default:
						a.outcome = "other: " + err.Error()
					}
					mu.Lock()
					attempts[id] = append(attempts[id], a)
					mu.Unlock()
				}
			}
		})
	}
	// waitAcks waits until n more moves are acknowledged: the play goes on.
	waitAcks := func(n int64, what string) {
		t.Helper()
		want := acks.Load() + n
		deadline := time.Now().Add(60 * time.Second)
		for acks.Load() < want {
			if time.Now().After(deadline) {
				stop.Store(true)
				wg.Wait()
				t.Fatalf("%s: only %d of %d moves acknowledged in a minute", what, acks.Load(), want)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	waitAcks(60, "before the restarts")
	for r := range 2 {
		if out, err := pg.ctl("restart", "-m", "immediate"); err != nil {
			t.Fatalf("restart %d: %v\n%s", r+1, err, out)
		}
		waitAcks(40, fmt.Sprintf("after restart %d", r+1))
	}
	stop.Store(true)
	wg.Wait()
	for _, p := range f.procs {
		ctx, cancel := context.WithTimeout(bg, 30*time.Second)
		if err := p.m.Wait(ctx); err != nil {
			t.Fatal(err)
		}
		cancel()
	}

	notSaved := 0
	for _, id := range ids {
		rec := f.stored(t, id)
		legalHistory(t, f.reg, rec)
		for _, a := range attempts[id] {
			switch {
			case a.outcome == "ack":
				if a.at >= len(rec.Moves) || rec.Moves[a.at] != a.move {
					t.Fatalf("game %d: acknowledged %q as move %d; stored %v", id, a.move, a.at+1, rec.Moves)
				}
			case a.outcome == "not saved":
				notSaved++
			case a.outcome == "stale":
			default:
				t.Errorf("game %d: move %q: %s", id, a.move, a.outcome)
			}
		}
		// Every stored move was acknowledged: none refused as not saved
		// was stored all the same.
		acked := map[int]bool{}
		for _, a := range attempts[id] {
			if a.outcome == "ack" {
				acked[a.at] = true
			}
		}
		for i, mv := range rec.Moves {
			if !acked[i] {
				var tried []string
				for _, a := range attempts[id] {
					if a.at == i {
						tried = append(tried, a.move+": "+a.outcome)
					}
				}
				t.Errorf("game %d: move %d (%s) stored but never acknowledged (the attempts there: %q); stored %v", id, i+1, mv, tried, rec.Moves)
			}
		}
	}
	if notSaved == 0 {
		t.Fatal("no move was refused while the server restarted: the restarts did nothing")
	}
	t.Logf("%d moves acknowledged and stored across 2 restarts of PostgreSQL; %d refused as not saved while it was down", acks.Load(), notSaved)
}
