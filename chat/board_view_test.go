package chat_test

import (
	"sync"
	"testing"

	"oyunbot/chat"
	"oyunbot/render"
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
	b := newBot(t, func(c *chat.Config) {
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
		b.say("pes")
		if f := rec[tc.game].last(t); !f.Finished || f.Flip != tc.flip {
			t.Errorf("%s, resigned: Flip %v Finished %v, want Flip %v, finished", tc.play, f.Flip, f.Finished, tc.flip)
		}
	}
}
