package router_test

import (
	"context"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/puzzle"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
)

// TestSlowSearchesShareOneBudget: a puzzle's "solve bfs" runs within the
// memory every slow command's searches share (Config.SearchMemory), not
// within its own limit of a million states alone: in a budget of 1 MiB,
// breadth-first search stops at its memory limit having expanded a few
// thousand nodes (issue 21).
func TestSlowSearchesShareOneBudget(t *testing.T) {
	reg, err := games.NewRegistry(puzzle.Fifteen)
	if err != nil {
		t.Fatal(err)
	}
	b := newBot(t, func(c *router.Config, _ *sessions.Config) {
		c.Games, c.SearchMemory, c.SlowKeepMemory = reg, 1<<20, true
	})
	b.say("lang en")
	// 40 moves from the goal: breadth-first search holds millions of states.
	b.expect(b.say("play puzzle15 from 14,15,8,12,10,11,9,13,2,6,5,1,3,7,4,0"), "#g1")
	rs := b.say("solve bfs")
	m := regexp.MustCompile(`BFS found no solution: memory limit \(([0-9,]+) nodes`).FindStringSubmatch(texts(rs))
	if m == nil {
		t.Fatalf("solve bfs in 1 MiB: %q", texts(rs))
	}
	if n, err := strconv.Atoi(strings.ReplaceAll(m[1], ",", "")); err != nil || n > 20_000 {
		t.Errorf("bfs expanded %s nodes in 1 MiB: %q", m[1], texts(rs))
	}
}

// gatedGame is tic-tac-toe with a command ("compare") that works until
// the test opens its gate.
type gatedGame struct {
	tictactoe.Game
	reached chan string
	open    chan struct{}
}

func (g gatedGame) Commands() []games.Command {
	return []games.Command{{Key: "compare", Words: []string{"compare"},
		Run: func(ctx context.Context, req games.CommandRequest) (games.CommandAnswer, error) {
			g.reached <- req.Platform + "/" + req.Channel
			<-g.open
			return games.CommandAnswer{Text: "compared"}, nil
		}}}
}

// TestSlowQueueTellsWhoWaits: with one slow worker busy on Ayşe's
// request, Bora's waits in the queue and he is told so, before his answer
// (issue 21).
func TestSlowQueueTellsWhoWaits(t *testing.T) {
	g := gatedGame{reached: make(chan string, 4), open: make(chan struct{})}
	reg, err := games.NewRegistry(g)
	if err != nil {
		t.Fatal(err)
	}
	b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.Games, c.SlowWorkers, c.SlowKeepMemory = reg, 1, true })
	defer func() {
		select {
		case <-g.open:
		default:
			close(g.open)
		}
	}()
	b.msg("a", "ayse", "play ttt", true)
	b.msg("b", "bora", "play ttt", true)
	send := func(ch, user string) {
		b.r.Handle(context.Background(), chat.Message{Platform: "test", ChannelID: ch, UserID: user, UserName: user,
			Text: "compare", Private: true, Locale: "en"})
	}
	send("a", "ayse")
	if got := <-g.reached; got != "test/a" {
		t.Fatalf("%s's request works first", got)
	}
	send("b", "bora")
	var rs []chat.Reply
	deadline := time.After(20 * time.Second)
	for !strings.Contains(texts(rs), "Your request is in the queue") {
		select {
		case <-deadline:
			t.Fatalf("Bora was not told he waits: %q", texts(rs))
		case <-time.After(time.Millisecond):
		}
		rs = append(rs, b.rec.take()...)
	}
	if strings.Contains(texts(rs), "compared") {
		t.Fatalf("an answer before the gate opened: %q", texts(rs))
	}
	close(g.open)
	<-g.reached
	if err := b.r.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	rs = append(rs, b.rec.take()...)
	var order []string
	for _, r := range rs {
		order = append(order, r.ChannelID+": "+r.Text)
	}
	if want := []string{"b: Your request is in the queue: it is worked on, and sent, once those before it are done…",
		"a: #g1 compared", "b: #g2 compared"}; !slices.Equal(order, want) && !slices.Equal(order, []string{want[0], want[2], want[1]}) {
		t.Errorf("replies %q, want %q", order, want)
	}
}
