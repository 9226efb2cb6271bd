package router_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/gamestest"
	"oyunbot/sessions"
)

// preparing is Steps whose "hint" needs a preparation (games.Readier, as
// the 15-puzzle's pattern databases on a new machine) until ready closes.
type preparing struct {
	gamestest.Steps
	ready chan struct{}
}

func (preparing) Name() string      { return "prepsteps" }
func (preparing) Aliases() []string { return nil }

func (p preparing) Ready() <-chan struct{} { return p.ready }

func (p preparing) Commands() []games.Command {
	cmds := p.Steps.Commands()
	for i, c := range cmds {
		if c.Key != "hint" {
			continue
		}
		run := c.Run
		cmds[i].Run = func(ctx context.Context, req games.CommandRequest) (games.CommandAnswer, error) {
			select {
			case <-p.ready:
				return run(ctx, req)
			default:
				return games.CommandAnswer{}, &games.NotReadyError{Msg: "being prepared."}
			}
		}
	}
	return cmds
}

// seen reports whether some reply so far contains sub.
func (r *recorder) seen(sub string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, rep := range r.replies {
		if strings.Contains(rep.Text, sub) {
			return true
		}
	}
	return false
}

// TestCommandAnsweredWhenReady: a game command refused for want of the
// game's preparation says so and is answered when the preparation is
// done, without the person asking again (issue 20.6: the first hint on a
// new machine said "try again later").
func TestCommandAnsweredWhenReady(t *testing.T) {
	g := preparing{ready: make(chan struct{})}
	reg, err := games.NewRegistry(g)
	if err != nil {
		t.Fatal(err)
	}
	b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.Games = reg })
	b.say("lang en")
	b.say("play prepsteps from 10")
	go func() {
		// Ready once the person was told it is being prepared.
		for !b.rec.seen("being prepared.") {
			time.Sleep(time.Millisecond)
		}
		close(g.ready)
	}()
	rs := b.say("hint")
	all := texts(rs)
	i, j := strings.Index(all, "being prepared. The answer will come here when it is ready."), strings.Index(all, "next: ")
	if i < 0 || j < i {
		t.Fatalf("want the notice, then the hint: %q", all)
	}
}
