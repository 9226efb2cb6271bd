package router_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"oyunbot/chat/router"
	"oyunbot/render"
	"oyunbot/sessions"
)

// frames is a Drawer that keeps the frames it is asked to draw.
type frames struct {
	mu   sync.Mutex
	list []render.Frame
	d    render.Drawer
}

func (f *frames) Draw(fr render.Frame) ([]byte, error) {
	f.mu.Lock()
	f.list = append(f.list, fr)
	f.mu.Unlock()
	return f.d.Draw(fr)
}

func (f *frames) last(t *testing.T) render.Frame {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.list) == 0 {
		t.Fatal("no board drawn")
	}
	return f.list[len(f.list)-1]
}

// TestBoardViewpointAndFinish: a dama board is turned for the person who
// plays black against the bot, a tic-tac-toe grid never is (turned, it no
// longer matched its cell buttons and the 1…9 keys); a finished game
// highlights no side as "to move".
func TestBoardViewpointAndFinish(t *testing.T) {
	rec := map[string]*frames{}
	b := newBot(t, func(c *router.Config, _ *sessions.Config) {
		c.Drawers = map[string]render.Drawer{}
		for name, d := range testDrawers() {
			rec[name] = &frames{d: d}
			c.Drawers[name] = rec[name]
		}
	})
	for _, tc := range []struct {
		play, game string
		flip       bool
	}{
		{"oyna dama siyah kolay", "dama", true},
		{"oyna dama beyaz kolay", "dama", false},
		{"oyna xox o kolay", "tictactoe", false},
		{"oyna xox x kolay", "tictactoe", false},
	} {
		b.say(tc.play)
		f := rec[tc.game].last(t)
		if f.Flip != tc.flip || f.Finished {
			t.Errorf("%s: Flip %v Finished %v, want Flip %v, not finished", tc.play, f.Flip, f.Finished, tc.flip)
		}
		b.say("pes evet")
		if f := rec[tc.game].last(t); !f.Finished || f.Flip != tc.flip {
			t.Errorf("%s, resigned: Flip %v Finished %v, want Flip %v, finished", tc.play, f.Flip, f.Finished, tc.flip)
		}
	}
}

// TestClocksByTheNames: a game clock is drawn next to its player's name
// (the footer's "4:00 – 1:50" did not say whose was whose); a limit per
// move is the mover's time in the footer.
func TestClocksByTheNames(t *testing.T) {
	rec := &frames{}
	now := time.Unix(1_700_000_000, 0)
	b := newBot(t, func(c *router.Config, s *sessions.Config) {
		c.Now = func() time.Time { return now }
		s.Now, s.IdleCheck = c.Now, time.Hour
		c.Drawers = map[string]render.Drawer{"tictactoe": rec}
		rec.d = testDrawers()["tictactoe"]
	})
	b.say("meydan @bora xox 5dk+3sn")
	b.msg("dm", "bora", "kabul", true)
	now = now.Add(70 * time.Second)
	b.say("b2")
	now = now.Add(70 * time.Second)
	b.msg("dm", "bora", "a1", true)
	f := rec.last(t)
	// The clocks start at the first move (issue 20.13): Ayşe's first 70 s
	// are free, Bora's are not.
	if f.Clocks != [2]string{"5:03", "3:53"} || strings.ContainsAny(f.Footer, "0123456789") {
		t.Fatalf("clocks %q, footer %q", f.Clocks, f.Footer)
	}
	b.say("pes evet")
	b.say("meydan @bora xox 1g/hamle")
	b.msg("dm", "bora", "kabul", true)
	now = now.Add(time.Hour)
	b.say("tahta")
	if f := rec.last(t); f.Clocks != [2]string{} || !strings.HasSuffix(f.Footer, " · 23:00:00") {
		t.Fatalf("per move: clocks %q, footer %q", f.Clocks, f.Footer)
	}
}
