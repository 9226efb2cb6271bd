package main

// queueload_test.go measures what a bystander waits for the bot's move
// while others load the bot's queues (issue 41, BENCHMARKS.md "A
// bystander's move under analyses and puzzle searches"): twenty people
// ask at once for the analysis of a finished chess game (the engine's
// queue, in slices), then twenty ask for a 15-puzzle's comparison of
// searches, then for its solution (the slow queue). Meanwhile Alice plays
// tic-tac-toe against the bot's hard level in a private chat, a move
// every moment, and Bea in the first searcher's group, a move every 10 s
// (the group's pace of 20 replies a minute); each move's time, from the
// press of a cell to the bot's next board, is taken. It runs the built
// bot on SQLite against the fake Telegram, only with -queueload (minutes;
// a measurement):
//
//	go test ./cmd/bot -run TestQueueLatencyUnderLoad -queueload -v -timeout 30m
//
// OYUNBOT_QUEUELOAD_BIN runs another build instead (an older one, to
// compare); OYUNBOT_CACHE_DIR, inherited by the bot, chooses where the
// 15-puzzle's pattern databases are (an empty folder: built during the
// run, as on a new machine).

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"oyunbot/chat/telegram/telegramtest"
	"oyunbot/internal/registry"
	"oyunbot/sessions"
	"oyunbot/sessions/challenges"
	"oyunbot/store"
)

var queueload = flag.Bool("queueload", false, "measure a bystander's bot-move latency under 20 analyses and 20 puzzle searches (minutes)")

// queuePeople is how many people load each queue at once.
const queuePeople = 20

// ruyLopezMoves is a 40-ply game for the analyses.
var ruyLopezMoves = []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5",
	"Bb3", "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "c4", "c6", "cxb5", "axb5", "Nc3", "Bb7", "Bg5", "b4",
	"Nb1", "h6", "Bh4", "c5", "dxe5", "Nxe4", "Bxe7", "Qxe7", "exd6", "Qf6", "Nbd2", "Nxd6"}

// finishedChess stores n finished chess games, game i in group -(4000+i)
// between user 7100+i (white, who resigned) and user 7200+i.
func finishedChess(t *testing.T, dbPath string, n int) {
	t.Helper()
	ctx := context.Background()
	st, err := store.OpenSQLite(ctx, dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	reg := registry.New()
	chal := challenges.New()
	mgr, err := sessions.New(t.Context(), sessions.Config{Games: reg, Store: st, Seed: 1, Challenges: chal})
	if err != nil {
		t.Fatal(err)
	}
	defer mgr.Close()
	g, _ := reg.Lookup("chess")
	for i := range n {
		ch := strconv.Itoa(-(4000 + i))
		a := sessions.Player{ID: strconv.Itoa(7100 + i), Name: fmt.Sprintf("A%02d", i)}
		b := sessions.Player{ID: strconv.Itoa(7200 + i), Name: fmt.Sprintf("B%02d", i)}
		if err := chal.Issue(ctx, sessions.Challenge{Platform: "telegram", ChannelID: ch, From: a, To: b, Game: g}); err != nil {
			t.Fatal(err)
		}
		snap, _, err := chal.Accept(ctx, "telegram", ch, b, "")
		if err != nil {
			t.Fatal(err)
		}
		for k, mv := range ruyLopezMoves {
			p := snap.Players[k%2]
			if _, err := mgr.Play().Move(ctx, snap.ID, p.ID, mv, ""); err != nil {
				t.Fatalf("game %d, %s: %v", i, mv, err)
			}
		}
		if _, err := mgr.Offers().Resign(ctx, snap.ID, a.ID); err != nil {
			t.Fatal(err)
		}
	}
}

// bystander plays tic-tac-toe against the bot's hard level in chat c as
// u, a move every pause, until stop closes, and returns each move's time
// from the press of a cell to the bot's next board.
func bystander(tg *telegramtest.Server, c telegramtest.Chat, u telegramtest.User, pause time.Duration, stop <-chan struct{}) []time.Duration {
	var out []time.Duration
	stopped := func() bool {
		select {
		case <-stop:
			return true
		default:
			return false
		}
	}
	// board waits for the bot's next board in c after the first after
	// messages: a photo naming u.
	board := func(after int) (telegramtest.Sent, bool) {
		var found telegramtest.Sent
		err := tg.Wait(5*time.Minute, func() bool {
			if stopped() {
				return true
			}
			sent := tg.Sent(c.ID)
			for _, s := range sent[min(after, len(sent)):] {
				if s.Method == "sendPhoto" && strings.Contains(s.Text, u.FirstName) {
					found = s
					return true
				}
			}
			return false
		})
		return found, err == nil && !stopped()
	}
	for !stopped() {
		seen := len(tg.Sent(c.ID))
		if _, err := tg.SendText(c, u, "/play tictactoe hard"); err != nil {
			return out
		}
		b, ok := board(seen)
		for ok && b.MessageID != 0 {
			cell := ""
			for _, d := range b.Data() {
				if strings.HasPrefix(d, "move ") {
					cell = d
					break
				}
			}
			if cell == "" {
				break // the game is over
			}
			select {
			case <-stop:
				return out
			case <-time.After(pause):
			}
			seen = len(tg.Sent(c.ID))
			start := time.Now()
			if _, err := tg.Press(u, c.ID, b.MessageID, cell); err != nil {
				return out
			}
			if b, ok = board(seen); ok {
				out = append(out, time.Since(start))
			}
		}
	}
	return out
}

func user(id int64, name string) telegramtest.User {
	return telegramtest.User{ID: id, FirstName: name, LanguageCode: "en"}
}

// answered reports whether one of the messages sent to chatID after the
// first after ones is ok.
func answered(tg *telegramtest.Server, chatID int64, after int, ok func(telegramtest.Sent) bool) bool {
	sent := tg.Sent(chatID)
	return slices.ContainsFunc(sent[min(after, len(sent)):], ok)
}

// latencies is p50, p99 and the slowest of ds, and how many.
func latencies(ds []time.Duration) string {
	if len(ds) == 0 {
		return "no moves"
	}
	ds = slices.Clone(ds)
	slices.Sort(ds)
	q := func(p float64) time.Duration {
		return ds[min(len(ds)-1, int(p*float64(len(ds))))].Round(time.Millisecond)
	}
	return fmt.Sprintf("%d moves: p50 %v, p99 %v, max %v", len(ds), q(0.5), q(0.99), ds[len(ds)-1].Round(time.Millisecond))
}

func TestQueueLatencyUnderLoad(t *testing.T) {
	if !*queueload {
		t.Skip("a measurement: -queueload")
	}
	bin := os.Getenv("OYUNBOT_QUEUELOAD_BIN")
	if bin == "" {
		bin = botBinary(t)
	}
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "bot.db")
	finishedChess(t, dbPath, queuePeople)
	tg := telegramtest.NewServer(telegramtest.Config{})
	t.Cleanup(tg.Close)          // after the bots' cleanups: their polls end first
	for i := range queuePeople { // the groups exist
		if _, err := tg.SendText(telegramtest.Group(int64(4000+i), "a"), user(int64(7100+i), "A"), "hi"); err != nil {
			t.Fatal(err)
		}
	}
	startTelegramBot(t, bin, dir, dbPath, tg)
	if err := tg.Wait(time.Minute, func() bool { return len(tg.Calls("getUpdates")) > 0 }); err != nil {
		t.Fatal("the bot never polled")
	}
	phases := int64(0)

	// phase runs send while the bystanders play (Bea in group), until
	// done holds, and reports their moves' times.
	phase := func(name string, group telegramtest.Chat, send func(), done func() bool) {
		t.Helper()
		// New bystanders each phase: none has a game left from before.
		phases++
		alice, bea := user(8100+2*phases, "Alice"), user(8101+2*phases, "Bea")
		private := telegramtest.Private(alice)
		stop := make(chan struct{})
		var (
			wg       sync.WaitGroup
			pri, grp []time.Duration
		)
		wg.Add(2)
		go func() { defer wg.Done(); pri = bystander(tg, private, alice, 1500*time.Millisecond, stop) }()
		go func() { defer wg.Done(); grp = bystander(tg, group, bea, 10*time.Second, stop) }()
		time.Sleep(5 * time.Second) // the bystanders' games have begun
		start := time.Now()
		send()
		if err := tg.Wait(30*time.Minute, done); err != nil {
			t.Fatalf("%s: not every request was answered", name)
		}
		took := time.Since(start)
		close(stop)
		wg.Wait()
		t.Logf("%-22s answered in %5.1f s; Alice (private): %s; Bea (group): %s", name, took.Seconds(), latencies(pri), latencies(grp))
	}

	// OYUNBOT_QUEUELOAD_ONLY=puzzle: the puzzles' phases only.
	if os.Getenv("OYUNBOT_QUEUELOAD_ONLY") != "puzzle" {
		loadAnalyses(t, tg, phase)
	}
	puzzlePhases(t, tg, phase)
}

// loadAnalyses runs the idle phase and the analyses' one.
func loadAnalyses(t *testing.T, tg *telegramtest.Server, phase func(name string, group telegramtest.Chat, send func(), done func() bool)) {
	// Idle: the bystanders alone, for a minute.
	var idleEnd time.Time
	phase("idle", telegramtest.Group(4000, "a"), func() { idleEnd = time.Now().Add(time.Minute) }, func() bool {
		return time.Now().After(idleEnd)
	})

	// Twenty analyses of 40-ply chess games.
	seen := map[int64]int{}
	for i := range queuePeople {
		seen[-int64(4000+i)] = len(tg.Sent(-int64(4000 + i)))
	}
	phase("20 × analyse, chess", telegramtest.Group(4000, "a"), func() {
		for i := range queuePeople {
			if _, err := tg.SendText(telegramtest.Group(int64(4000+i), "a"), user(int64(7100+i), "A"), "/analyse"); err != nil {
				t.Error(err)
			}
		}
	}, func() bool {
		for i := range queuePeople {
			id := -int64(4000 + i)
			if !answered(tg, id, seen[id], func(s telegramtest.Sent) bool { return strings.Contains(s.Text, "Analysis of") }) {
				return false
			}
		}
		return true
	})

}

// puzzlePhases runs twenty comparisons and twenty solutions.
func puzzlePhases(t *testing.T, tg *telegramtest.Server, phase func(name string, group telegramtest.Chat, send func(), done func() bool)) {
	seen := map[int64]int{}
	// Twenty people start a 15-puzzle 40 moves from the goal, each in a
	// group of their own (OYUNBOT_QUEUELOAD_ONE_GROUP=1: all in Bea's).
	oneGroup := os.Getenv("OYUNBOT_QUEUELOAD_ONE_GROUP") == "1"
	searchGroup := func(i int) int64 {
		if oneGroup {
			return 5000
		}
		return int64(5000 + i)
	}
	groups := map[int64]bool{}
	for i := range queuePeople {
		groups[-searchGroup(i)] = true
		if _, err := tg.SendText(telegramtest.Group(searchGroup(i), "s"), user(int64(7300+i), "S"), "/play puzzle15 from "+searchStart); err != nil {
			t.Fatal(err)
		}
	}
	// count is how many of the searchers' groups' messages since seen ok
	// holds for.
	count := func(ok func(telegramtest.Sent) bool) int {
		n := 0
		for id := range groups {
			sent := tg.Sent(id)
			for _, s := range sent[min(seen[id], len(sent)):] {
				if ok(s) {
					n++
				}
			}
		}
		return n
	}
	for id := range groups {
		seen[id] = 0
	}
	if err := tg.Wait(time.Minute, func() bool {
		return count(func(s telegramtest.Sent) bool { return strings.Contains(s.Text, "#g") && strings.Contains(s.Text, "S") }) >= queuePeople
	}); err != nil {
		t.Fatal("the puzzles never started")
	}
	for _, c := range []struct{ cmd, answer string }{{"/compare", "(log scale)"}, {"/solve", "nodes"}} {
		for id := range groups {
			seen[id] = len(tg.Sent(id))
		}
		phase(fmt.Sprintf("20 × %s, 15-puzzle", c.cmd), telegramtest.Group(5000, "s"), func() {
			for i := range queuePeople {
				if _, err := tg.SendText(telegramtest.Group(searchGroup(i), "s"), user(int64(7300+i), "S"), c.cmd); err != nil {
					t.Error(err)
				}
			}
		}, func() bool {
			return count(func(s telegramtest.Sent) bool { return strings.Contains(s.Text, c.answer) }) >= queuePeople
		})
	}
}
