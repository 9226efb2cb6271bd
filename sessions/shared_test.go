package sessions_test

// shared_test.go: two Managers on one PostgreSQL database, as two bot
// processes would run (each with its own connection pool and its own copies
// of the games), behind OYUNBOT_TEST_POSTGRES.

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/sessions"
	"oyunbot/sessions/challenges"
	sessfleet "oyunbot/sessions/fleet"
	"oyunbot/sessions/matches"
	"oyunbot/sessions/ratings"
	"oyunbot/sessions/tournaments"
	"oyunbot/store"
	"oyunbot/tournament"
)

// countingStore counts the saves another process won (ErrConflict), to
// show that a test really raced.
type countingStore struct {
	*store.SQLStore
	conflicts *atomic.Int64
}

func (s countingStore) SaveGame(ctx context.Context, rec sessions.GameRecord) error {
	err := s.SQLStore.SaveGame(ctx, rec)
	if errors.Is(err, sessions.ErrConflict) {
		s.conflicts.Add(1)
	}
	return err
}

// botProcess is one of the bot processes of a test: a Manager on its own
// store (connection pool) and the events it emitted.
type botProcess struct {
	m      *sessions.Manager
	tours  *tournaments.Runner // the Manager's tournaments
	chal   *challenges.Book    // the Manager's challenges
	rates  *ratings.Book       // its ratings
	fleet  *sessfleet.Fleet
	mu     sync.Mutex
	events []sessions.Event
}

func (p *botProcess) record(ev sessions.Event) {
	p.mu.Lock()
	p.events = append(p.events, ev)
	p.mu.Unlock()
}

// eventsOf returns the events of kind about game id.
func (p *botProcess) eventsOf(kind sessions.EventKind, id int64) []sessions.Event {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []sessions.Event
	for _, ev := range p.events {
		if ev.Kind == kind && ev.Game.ID == id {
			out = append(out, ev)
		}
	}
	return out
}

// fleet starts n processes on one fresh database; mod adjusts each one's
// Config (its index given). The conflicts their stores met are counted.
type fleet struct {
	procs     []*botProcess
	url       string
	reg       *games.Registry
	conflicts atomic.Int64
}

func newFleet(t *testing.T, n int, mod func(i int, cfg *sessions.Config, fc *sessfleet.Config)) *fleet {
	t.Helper()
	f := &fleet{url: freshSchema(t), reg: registry(t)}
	for i := range n {
		f.procs = append(f.procs, f.start(t, i, mod))
	}
	return f
}

// start starts process i (again, after a stop).
func (f *fleet) start(t *testing.T, i int, mod func(i int, cfg *sessions.Config, fc *sessfleet.Config)) *botProcess {
	t.Helper()
	p := &botProcess{rates: ratings.New(), chal: challenges.New()}
	p.tours = tournaments.New(p.rates)
	st := countingStore{openPostgres(t, f.url).SQLStore, &f.conflicts}
	cfg := sessions.Config{Games: f.reg, Store: st, Notify: p.record, Seed: uint64(i + 1), IdleForfeit: -1,
		NewEngine: smallEngine, Shared: true, Instance: fmt.Sprint("proc", i), Tournaments: p.tours, Challenges: p.chal,
		Matches: matches.New(), Ratings: p.rates}
	var fc sessfleet.Config
	if mod != nil {
		mod(i, &cfg, &fc)
	}
	m, err := sessions.New(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	p.fleet = sessfleet.New(m, fc)
	if err := m.Go(p.fleet.Run); err != nil {
		t.Fatal(err)
	}
	m.Resume("test")
	p.m = m
	return p
}

// stored loads game id as the database has it.
func (f *fleet) stored(t *testing.T, id int64) sessions.GameRecord {
	t.Helper()
	s := openPostgres(t, f.url)
	rec, err := s.Game(bg, id)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// legalHistory fails the test unless rec's moves are a legal game from the
// start, each ply played by the side whose turn it was.
func legalHistory(t *testing.T, reg *games.Registry, rec sessions.GameRecord) {
	t.Helper()
	g, ok := reg.Lookup(rec.Game)
	if !ok {
		t.Fatalf("game %d: unknown game %q", rec.ID, rec.Game)
	}
	pos := g.Start()
	for i, s := range rec.Moves {
		if pos.Status().Over {
			t.Fatalf("game %d: move %d %q after the end", rec.ID, i+1, s)
		}
		mv, err := pos.ParseMove(s)
		if err != nil {
			t.Fatalf("game %d: move %d %q is not legal there: %v (history %v)", rec.ID, i+1, s, err, rec.Moves)
		}
		pos.Make(mv)
	}
}

// TestSharedRacingMoves: two processes on one PostgreSQL, several players'
// attempts racing on the same games through both at once (each attempt a
// legal move of the position its sender last saw, as a person typing on a
// stale board would send). Every move acknowledged is in the stored
// history exactly once, at the place its acknowledgement said, and the
// history holds nothing else; it is a legal game; in games against the
// bot, each bot move was announced once, by one of the processes.
func TestSharedRacingMoves(t *testing.T) {
	f := newFleet(t, 2, nil)
	p1, p2 := f.procs[0], f.procs[1]
	const (
		pvpGames = 30
		botGames = 4
		racers   = 4   // goroutines per game
		tries    = 120 // attempts per racer
	)
	type ack struct {
		at   int // index of the move in the history
		move string
	}
	var ids []int64
	for i := range pvpGames {
		ch := fmt.Sprint("race-", i)
		if err := p1.chal.Issue(bg, sessions.Challenge{Platform: "test", ChannelID: ch, From: ayse, To: bora,
			Game: f.game(t, "dama")}); err != nil {
			t.Fatal(err)
		}
		// Accepted through the other process: the challenge is in the store.
		snap, _, err := p2.chal.Accept(bg, "test", ch, bora, "")
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, snap.ID)
	}
	for i := range botGames {
		snap, err := p1.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: fmt.Sprint("bot-", i),
			Player: cem, Game: f.game(t, "dama"), Level: "easy"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, snap.ID)
	}

	var (
		mu       sync.Mutex
		acks     = map[int64][]ack{}
		attempts atomic.Int64
		wg       sync.WaitGroup
	)
	for gi, id := range ids {
		for r := range racers {
			wg.Go(func() {
				rng := rand.New(rand.NewPCG(uint64(gi), uint64(r)))
				for range tries {
					p := f.procs[rng.IntN(2)]
					snap, err := p.m.Lobby().Get(id)
					if errors.Is(err, sessions.ErrNoGame) {
						return // over
					}
					if err != nil {
						t.Errorf("game %d: Get: %v", id, err)
						return
					}
					if len(snap.Legal) == 0 || snap.Players[snap.Turn].Bot {
						continue // the bot's turn
					}
					mover := snap.Players[snap.Turn].ID
					text := snap.Legal[rng.IntN(len(snap.Legal))]
					attempts.Add(1)
					res, err := f.procs[rng.IntN(2)].m.Play().Move(bg, id, mover, text, "")
					var me *games.MoveError
					switch {
					case err == nil:
						mu.Lock()
						acks[id] = append(acks[id], ack{len(res.Game.Moves) - 1 - chanceAfter(res), res.Move})
						mu.Unlock()
					case errors.Is(err, sessions.ErrNotYourTurn), errors.Is(err, sessions.ErrGameOver),
						errors.Is(err, sessions.ErrNoGame), errors.As(err, &me):
						// Refused on the state another attempt made first.
					default:
						t.Errorf("game %d: Move %q: %v", id, text, err)
						return
					}
				}
			})
		}
	}
	wg.Wait()
	for _, p := range f.procs {
		ctx, cancel := context.WithTimeout(bg, 30*time.Second)
		if err := p.m.Wait(ctx); err != nil {
			t.Fatal(err)
		}
		cancel()
	}
	if t.Failed() {
		return
	}
	people := map[string]bool{ayse.ID: true, bora.ID: true, cem.ID: true}
	for _, id := range ids {
		rec := f.stored(t, id)
		legalHistory(t, f.reg, rec)
		mine := acks[id]
		byPerson := 0
		for i := range rec.Moves {
			if people[rec.Players[sideAt(t, f.reg, rec, i)].ID] {
				byPerson++
			}
		}
		if byPerson != len(mine) {
			t.Fatalf("game %d: %d moves by people stored, %d acknowledged", id, byPerson, len(mine))
		}
		seen := map[int]bool{}
		for _, a := range mine {
			if seen[a.at] || a.at >= len(rec.Moves) || rec.Moves[a.at] != a.move {
				t.Fatalf("game %d: acknowledged %q as move %d; stored history %v", id, a.move, a.at+1, rec.Moves)
			}
			seen[a.at] = true
		}
		if rec.Players[1].Bot {
			bot := len(rec.Moves) - byPerson
			announced := len(p1.eventsOf(sessions.EventBotMoved, id)) + len(p2.eventsOf(sessions.EventBotMoved, id))
			if announced != bot {
				t.Fatalf("game %d: %d bot moves stored, %d announced", id, bot, announced)
			}
		}
	}
	n := attempts.Load()
	t.Logf("%d move attempts on %d games through 2 processes; %d saves lost to the other process (reloaded, retried or refused)",
		n, len(ids), f.conflicts.Load())
	if n < 2000 {
		t.Fatalf("only %d attempts: the games ended too soon to race", n)
	}
	if f.conflicts.Load() == 0 {
		t.Fatal("no save ever lost to the other process: nothing raced")
	}
}

// chanceAfter is how many chance events were recorded after the move (none
// in dama).
func chanceAfter(res sessions.MoveResult) int {
	n := 0
	for i := len(res.Game.Sides) - 1; i >= 0 && res.Game.Sides[i] == ai.Chance; i-- {
		n++
	}
	return n
}

// sideAt is the side that played move i of rec.
func sideAt(t *testing.T, reg *games.Registry, rec sessions.GameRecord, i int) ai.Side {
	t.Helper()
	g, _ := reg.Lookup(rec.Game)
	pos := g.Start()
	for _, s := range rec.Moves[:i] {
		mv, err := pos.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		pos.Make(mv)
	}
	return pos.Turn()
}

func (f *fleet) game(t *testing.T, name string) games.Game {
	t.Helper()
	g, ok := f.reg.Lookup(name)
	if !ok {
		t.Fatalf("no game %q", name)
	}
	return g
}

// TestSharedMeetsGamesStartedElsewhere: a game started through one process
// is found in its channel through the other, played there, and once ended
// there no longer listed by the first.
func TestSharedMeetsGamesStartedElsewhere(t *testing.T) {
	f := newFleet(t, 2, nil)
	p1, p2 := f.procs[0], f.procs[1]
	snap, err := p1.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: chanA, Player: ayse,
		Game: f.game(t, "xox"), Level: "easy"})
	if err != nil {
		t.Fatal(err)
	}
	found := p2.m.Lobby().Find("test", chanA, ayse.ID)
	if len(found) != 1 || found[0].ID != snap.ID {
		t.Fatalf("the other process finds %v in the channel, want game %d", found, snap.ID)
	}
	if _, err := p2.m.Play().Move(bg, snap.ID, ayse.ID, found[0].Legal[0], ""); err != nil {
		t.Fatalf("moving through the other process: %v", err)
	}
	if _, err := p2.m.Offers().Resign(bg, snap.ID, ayse.ID); err != nil {
		t.Fatal(err)
	}
	if got := p1.m.Lobby().Find("test", chanA, ayse.ID); len(got) != 0 {
		t.Fatalf("the first process still lists %d games after the end elsewhere", len(got))
	}
	if _, err := p1.m.Play().Move(bg, snap.ID, ayse.ID, "b2", ""); !errors.Is(err, sessions.ErrNoGame) && !errors.Is(err, sessions.ErrGameOver) {
		t.Fatalf("a move through the first process after the end: %v, want ErrNoGame or ErrGameOver", err)
	}
}

// TestSharedSweepOnce: the clocks are looked at by one process at a time:
// an idle player is reminded once and forfeited once across the two.
func TestSharedSweepOnce(t *testing.T) {
	f := newFleet(t, 2, func(_ int, cfg *sessions.Config, _ *sessfleet.Config) {
		// Long enough that the three moves below are never reminded of
		// (a reminder comes at half of it), even on a loaded machine.
		cfg.IdleForfeit = 2 * time.Second
		cfg.IdleCheck = 10 * time.Millisecond
	})
	p1, p2 := f.procs[0], f.procs[1]
	if err := p1.chal.Issue(bg, sessions.Challenge{Platform: "test", ChannelID: chanA, From: ayse, To: bora,
		Game: f.game(t, "xox")}); err != nil {
		t.Fatal(err)
	}
	snap, _, err := p2.chal.Accept(bg, "test", chanA, bora, "")
	if err != nil {
		t.Fatal(err)
	}
	// Three moves through either process, then Bora idle (having moved:
	// a loss, not a game abandoned).
	for i, p := range []sessions.Player{ayse, bora, ayse} {
		cur, err := f.procs[i%2].m.Lobby().Get(snap.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.procs[(i+1)%2].m.Play().Move(bg, snap.ID, p.ID, cur.Legal[0], ""); err != nil {
			t.Fatal(err)
		}
	}
	count := func(kind sessions.EventKind) int {
		return len(p1.eventsOf(kind, snap.ID)) + len(p2.eventsOf(kind, snap.ID))
	}
	deadline := time.Now().Add(20 * time.Second)
	for count(sessions.EventForfeit) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the idle game's forfeit was never announced")
		}
		time.Sleep(20 * time.Millisecond)
	}
	// The forfeit is announced after the game is saved over: no further
	// look can remind or forfeit it (a second forfeit's save would be
	// refused), so the counts are final.
	if n := count(sessions.EventForfeit); n != 1 {
		t.Errorf("%d forfeits announced, want 1", n)
	}
	if n := count(sessions.EventReminder); n != 1 {
		t.Errorf("%d reminders, want 1", n)
	}
	rec := f.stored(t, snap.ID)
	if rec.Result.Reason != sessions.ReasonIdle || rec.Result.Winner != ai.First {
		t.Errorf("stored result %+v, want bora idle, ayşe wins", rec.Result)
	}
}

// blockingEngine never finds a move before its search is cancelled: a
// process stuck, or killed, in the middle of the bot's move.
type blockingEngine struct{}

func (blockingEngine) Choose(ctx context.Context, _ ai.Position, _ ai.Level, _ *rand.Rand) ai.Result {
	<-ctx.Done()
	return ai.Result{}
}

// TestSharedAdoptsBotMove: the process that owed the bot's move stops in
// the middle of its search; the other one plays and announces the move.
func TestSharedAdoptsBotMove(t *testing.T) {
	f := newFleet(t, 2, func(i int, cfg *sessions.Config, fc *sessfleet.Config) {
		fc.AdoptAfter = 300 * time.Millisecond
		cfg.IdleCheck = 20 * time.Millisecond
		if i == 0 {
			cfg.NewEngine = func() sessions.Engine { return blockingEngine{} }
		}
	})
	p1, p2 := f.procs[0], f.procs[1]
	snap, err := p1.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: chanA, Player: ayse,
		Game: f.game(t, "xox"), Level: "easy"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p1.m.Play().Move(bg, snap.ID, ayse.ID, snap.Legal[0], ""); err != nil {
		t.Fatal(err)
	}
	p1.m.Close() // stops mid-search, as a killed process would
	deadline := time.Now().Add(20 * time.Second)
	for len(p2.eventsOf(sessions.EventBotMoved, snap.ID)) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the bot's move was never played by the other process")
		}
		time.Sleep(20 * time.Millisecond)
	}
	rec := f.stored(t, snap.ID)
	if len(rec.Moves) != 2 {
		t.Fatalf("stored moves %v, want the person's and the bot's", rec.Moves)
	}
	if ev := p2.eventsOf(sessions.EventBotMoved, snap.ID); len(ev) != 1 || ev[0].Move != rec.Moves[1] {
		t.Fatalf("announced %+v, stored %v", ev, rec.Moves)
	}
	if len(p1.eventsOf(sessions.EventBotMoved, snap.ID)) != 0 {
		t.Fatal("the stopped process announced a move")
	}
}

// TestSharedTournament: a tournament made through one process is joined
// and started through the other; each round's games end at the same time
// through the two processes (each records its result on the stored
// tournament, under the tournaments' lease): no result is lost, each next
// round and the end are announced once.
func TestSharedTournament(t *testing.T) {
	f := newFleet(t, 2, nil)
	p1, p2 := f.procs[0], f.procs[1]
	ps := players(4)
	if _, err := p1.tours.Create(bg, tournaments.Request{Platform: "test", ChannelID: chanA, Organiser: ps[0],
		Game: f.game(t, "xox"), System: tournament.RoundRobin}); err != nil {
		t.Fatal(err)
	}
	for i, p := range ps {
		if _, err := f.procs[i%2].tours.Join(bg, "test", chanA, p); err != nil {
			t.Fatalf("%s joining through process %d: %v", p.ID, i%2, err)
		}
	}
	if _, err := p2.tours.Start(bg, "test", chanA, ps[0], false, ""); err != nil {
		t.Fatal(err)
	}
	for round := 1; ; round++ {
		v, ok := p1.tours.Get(bg, "test", chanA)
		if !ok {
			t.Fatal("no tournament")
		}
		if v.T.State == tournament.Finished {
			break
		}
		if round > 3 {
			t.Fatalf("round %d of a 3-round round robin", round)
		}
		games := p2.m.Lobby().ChannelGames("test", chanA)
		if len(games) != 2 {
			t.Fatalf("round %d: %d games, want 2", round, len(games))
		}
		var wg sync.WaitGroup
		for i, s := range games {
			wg.Go(func() {
				mover, _ := s.ToMove()
				if _, err := f.procs[i%2].m.Offers().Resign(bg, s.ID, mover.ID); err != nil {
					t.Errorf("round %d: resigning game %d: %v", round, s.ID, err)
				}
			})
		}
		wg.Wait()
		if t.Failed() {
			return
		}
	}
	v, _ := p2.tours.Get(bg, "test", chanA)
	for i, r := range v.T.Rounds {
		if !r.Complete() {
			t.Fatalf("round %d incomplete: %+v", i+1, r)
		}
	}
	count := func(kind sessions.EventKind, round int) int {
		n := 0
		for _, p := range f.procs {
			p.mu.Lock()
			for _, ev := range p.events {
				if ev.Kind == kind && (round == 0 || ev.Round == round) {
					n++
				}
			}
			p.mu.Unlock()
		}
		return n
	}
	for round := 2; round <= 3; round++ {
		if n := count(sessions.EventRoundStarted, round); n != 1 {
			t.Errorf("round %d announced %d times", round, n)
		}
	}
	if n := count(sessions.EventTournamentOver, 0); n != 1 {
		t.Errorf("the end announced %d times", n)
	}
}

// TestSharedOutageCreditedOnce: both processes lose the platform and both
// say so; the players get the time back once, not twice.
func TestSharedOutageCreditedOnce(t *testing.T) {
	f := newFleet(t, 2, nil)
	p1, p2 := f.procs[0], f.procs[1]
	if err := p1.chal.Issue(bg, sessions.Challenge{Platform: "test", ChannelID: chanA, From: ayse, To: bora,
		Game: f.game(t, "xox"), TimeControl: sessions.TimeControl{Base: time.Hour}}); err != nil {
		t.Fatal(err)
	}
	snap, _, err := p2.chal.Accept(bg, "test", chanA, bora, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(p1.m.Lobby().Find("test", chanA, ayse.ID)) != 1 { // both processes hold it now
		t.Fatal("the first process does not find the game")
	}
	before := f.stored(t, snap.ID).LastMove
	var wg sync.WaitGroup
	for _, p := range f.procs {
		wg.Go(func() { p.fleet.CreditOutage("test", 10*time.Minute) })
	}
	wg.Wait()
	after := f.stored(t, snap.ID).LastMove
	// A credit never moves LastMove past now (a game started just now is
	// credited up to now), so twice looks like once in the store: the
	// announcements tell.
	if !after.After(before) || after.After(time.Now()) {
		t.Fatalf("LastMove %v -> %v: not credited, or past now", before, after)
	}
	resumed := len(p1.eventsOf(sessions.EventClockResumed, snap.ID)) + len(p2.eventsOf(sessions.EventClockResumed, snap.ID))
	if resumed != 1 {
		t.Fatalf("the clock's resumption announced %d times, want once", resumed)
	}
}
