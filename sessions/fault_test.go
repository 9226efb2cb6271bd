package sessions_test

// fault_test.go: the database misbehaving under the shared mode, on
// PostgreSQL (behind OYUNBOT_TEST_POSTGRES): a write stuck for one game
// leaves the others playing; the server going away and coming back loses
// no acknowledged move and applies none that was refused.

import (
	"context"
	"errors"
	"io"
	"net"
	"net/url"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"oyunbot/sessions"
)

// pvpGame starts a game of name between Ayşe and Bora in channel ch
// through p.
func (f *fleet) pvpGame(t *testing.T, p *botProcess, name, ch string) sessions.Snapshot {
	t.Helper()
	if err := p.chal.Issue(bg, sessions.Challenge{Platform: "test", ChannelID: ch, From: ayse, To: bora,
		Game: f.game(t, name)}); err != nil {
		t.Fatal(err)
	}
	snap, _, err := p.chal.Accept(bg, "test", ch, bora, "")
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// playOne plays the first legal move of game id for the player to move;
// it returns the move and Move's error.
func playOne(t *testing.T, m *sessions.Manager, id int64) (string, error) {
	t.Helper()
	snap, err := m.Lobby().Get(id)
	if err != nil {
		return "", err
	}
	mv := snap.Legal[0]
	_, err = m.Play().Move(bg, id, snap.Players[snap.Turn].ID, mv, "")
	return mv, err
}

// TestSlowWriteKeepsOthersPlaying: one game's write is held in the
// database (a trigger waits on a lock the test holds, as a slow disk or a
// locked row would) while other games are played through the same process:
// their moves are answered meanwhile; the held move completes once the
// database lets it.
func TestSlowWriteKeepsOthersPlaying(t *testing.T) {
	f := newFleet(t, 1, nil)
	p := f.procs[0]
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, f.url)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, `CREATE FUNCTION slow_write() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN
			IF NEW.channel = 'slow' THEN
				PERFORM pg_advisory_lock(4242);
				PERFORM pg_advisory_unlock(4242);
			END IF;
			RETURN NEW;
		END $$;
		CREATE TRIGGER slow_write BEFORE UPDATE ON games FOR EACH ROW EXECUTE FUNCTION slow_write()`); err != nil {
		t.Fatal(err)
	}
	slow := f.pvpGame(t, p, "dama", "slow")
	var fast []int64
	for _, ch := range []string{"fast-1", "fast-2", "fast-3"} {
		fast = append(fast, f.pvpGame(t, p, "dama", ch).ID)
	}

	if _, err := admin.Exec(ctx, `SELECT pg_advisory_lock(4242)`); err != nil {
		t.Fatal(err)
	}
	slowDone := make(chan error, 1)
	var slowMove string
	go func() {
		mv, err := playOne(t, p.m, slow.ID)
		slowMove = mv
		slowDone <- err
	}()
	// The slow move's write waits in the database.
	deadline := time.Now().Add(20 * time.Second)
	for {
		var waiting int
		if err := admin.QueryRow(ctx, `SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if waiting > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the slow game's write never reached the database")
		}
		time.Sleep(5 * time.Millisecond)
	}

	var slowest time.Duration
	played := 0
	for range 10 {
		for _, id := range fast {
			t0 := time.Now()
			if _, err := playOne(t, p.m, id); err != nil {
				t.Fatalf("game %d while another's write is held: %v", id, err)
			}
			slowest = max(slowest, time.Since(t0))
			played++
		}
	}
	select {
	case err := <-slowDone:
		t.Fatalf("the held write finished before the database let it (err %v): the test held nothing", err)
	default:
	}
	if _, err := admin.Exec(ctx, `SELECT pg_advisory_unlock(4242)`); err != nil {
		t.Fatal(err)
	}
	if err := <-slowDone; err != nil {
		t.Fatalf("the held move, once the database let it: %v", err)
	}
	if rec := f.stored(t, slow.ID); !slices.Equal(rec.Moves, []string{slowMove}) {
		t.Fatalf("the held game stored %v, want [%s]", rec.Moves, slowMove)
	}
	for _, id := range fast {
		if n := len(f.stored(t, id).Moves); n != 10 {
			t.Fatalf("game %d stored %d moves, want 10", id, n)
		}
	}
	t.Logf("%d moves of other games answered while one game's write was held, the slowest in %v", played, slowest.Round(time.Microsecond))
}

// cutProxy forwards TCP connections to a server until cut: then it drops
// every connection and refuses new ones (a database restarting), until
// restored.
type cutProxy struct {
	ln     net.Listener
	target string

	mu    sync.Mutex
	down  bool
	conns []net.Conn
}

func newCutProxy(t *testing.T, target string) *cutProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &cutProxy{ln: ln, target: target}
	t.Cleanup(func() { ln.Close(); p.cut() })
	go p.serve()
	return p
}

func (p *cutProxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		down := p.down
		p.mu.Unlock()
		if down {
			c.Close()
			continue
		}
		s, err := net.Dial("tcp", p.target)
		if err != nil {
			c.Close()
			continue
		}
		p.mu.Lock()
		p.conns = append(p.conns, c, s)
		p.mu.Unlock()
		go func() { io.Copy(s, c); s.Close() }()
		go func() { io.Copy(c, s); c.Close() }()
	}
}

// cut drops the connections and refuses new ones.
func (p *cutProxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down = true
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

func (p *cutProxy) restore() {
	p.mu.Lock()
	p.down = false
	p.mu.Unlock()
}

// TestDatabaseOutage: the connection to PostgreSQL is cut (every
// connection dropped, new ones refused, as in a restart) in the middle of
// two processes' play, then comes back. The moves made during the outage
// are refused as not saved and are not in the store; every move
// acknowledged before and after is, exactly once; the processes reconnect
// by themselves.
func TestDatabaseOutage(t *testing.T) {
	base := freshSchema(t)
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	proxy := newCutProxy(t, u.Host)
	u.Host = proxy.ln.Addr().String()
	q := u.Query()
	q.Set("connect_timeout", "2")
	u.RawQuery = q.Encode()

	f := &fleet{url: u.String(), reg: registry(t)}
	for i := range 2 {
		f.procs = append(f.procs, f.start(t, i, nil))
	}
	var ids []int64
	for _, ch := range []string{"o-1", "o-2", "o-3", "o-4"} {
		ids = append(ids, f.pvpGame(t, f.procs[0], "dama", ch).ID)
	}
	acked := map[int64][]string{}
	refused := 0
	for round := range 30 {
		switch round {
		case 10:
			proxy.cut()
		case 20:
			proxy.restore()
		}
		for i, id := range ids {
			p := f.procs[(round+i)%2]
			mv, err := playOne(t, p.m, id)
			switch {
			case err == nil:
				acked[id] = append(acked[id], mv)
			case errors.Is(err, sessions.ErrNotSaved) || (round >= 10 && round < 20):
				refused++
			default:
				t.Fatalf("round %d, game %d: %v", round, id, err)
			}
		}
	}
	if refused == 0 {
		t.Fatal("no move was refused during the outage: the cut did nothing")
	}
	// After the outage every process plays again (reconnected).
	for _, p := range f.procs {
		if _, err := playOne(t, p.m, ids[0]); err != nil {
			t.Fatalf("after the outage: %v", err)
		}
	}
	for _, id := range ids[1:] {
		rec := f.stored(t, id)
		if !slices.Equal(rec.Moves, acked[id]) {
			t.Fatalf("game %d: stored %v, acknowledged %v", id, rec.Moves, acked[id])
		}
		legalHistory(t, f.reg, rec)
	}
	t.Logf("%d moves refused during the outage, %d acknowledged and stored", refused, len(acked[ids[1]])+len(acked[ids[2]])+len(acked[ids[3]]))
}
