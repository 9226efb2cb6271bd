package router_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"oyunbot/chat"
	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/dama"
	"oyunbot/games/gamestest"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
)

// TestRestartAfterAChangeBesideTheBoard: a change that leaves the position
// as it was (the engine's hint, the bot's level, a draw or take-back offer
// and its refusal) is answered in text, and that answer announces it: the
// next start shows no "After a restart" board, which on a real platform
// was a second board after every deploy (issue 35.5). A position whose
// reply never reached the outbox is still shown, once.
func TestRestartAfterAChangeBesideTheBoard(t *testing.T) {
	type line struct{ user, text string }
	vsBot := func(lang string, then ...string) []line {
		play := "play ttt easy"
		if lang == "tr" {
			play = "oyna xox kolay"
		}
		out := []line{{"ayse", "lang " + lang}, {"ayse", play}}
		for _, l := range then {
			out = append(out, line{"ayse", l})
		}
		return out
	}
	people := func(lang string, then ...line) []line {
		challenge, accept := "challenge @bora ttt", "accept"
		if lang == "tr" {
			challenge, accept = "meydan @bora xox", "kabul"
		}
		out := []line{{"ayse", "lang " + lang}, {"ayse", challenge}, {"bora", accept}, {"ayse", "b2"}, {"bora", "a1"}}
		return append(out, then...)
	}
	for _, tc := range []struct {
		name, restored string
		script         []line
	}{
		{"hint yes", "After a restart", vsBot("en", "b2", "hint yes")},
		{"ipucu evet", "Yeniden başlatmadan sonra", vsBot("tr", "b2", "ipucu evet")},
		{"level hard", "After a restart", vsBot("en", "b2", "level hard")},
		{"seviye zor", "Yeniden başlatmadan sonra", vsBot("tr", "b2", "seviye zor")},
		{"level before the first move", "After a restart", vsBot("en", "level medium")},
		{"draw offered", "After a restart", people("en", line{"ayse", "draw"})},
		{"beraberlik reddedildi", "Yeniden başlatmadan sonra", people("tr", line{"ayse", "berabere"}, line{"bora", "ret"})},
		{"take-back offered", "After a restart", people("en", line{"ayse", "undo"})},
		{"geri alma reddedildi", "Yeniden başlatmadan sonra", people("tr", line{"ayse", "geri al"}, line{"bora", "ret"})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bot.db")
			first := newFlaky(nil)
			b := openOutboxBot(t, path, first, nil)
			for _, l := range tc.script {
				b.ref++
				m := chat.Message{Platform: "test", ChannelID: "dm", UserID: l.user, UserName: l.user, Text: l.text,
					Ref: fmt.Sprint(b.ref), Private: true, Locale: "en"}
				for _, w := range strings.Fields(l.text) {
					if name, ok := strings.CutPrefix(w, "@"); ok {
						m.Mentions = []chat.User{{ID: name, Name: name}}
					}
				}
				b.r.Handle(context.Background(), m)
				b.wait()
			}
			said := strings.Join(first.texts(), "\n---\n")
			b.stop()

			again := newFlaky(nil)
			b = openOutboxBot(t, path, again, nil)
			b.wait()
			if got := again.texts(); len(got) != 0 {
				t.Fatalf("after %q the restart shows:\n%s\n(before it:\n%s)", tc.script[len(tc.script)-1].text,
					strings.Join(got, "\n---\n"), said)
			}

			// A move whose reply is lost with the process (Ayse is to move
			// in every script) is still shown at the next start.
			b.stop()
			b = openOutboxBot(t, path, newFlaky(func(chat.Reply) error { return errUnavailable }), nil)
			g, err := b.mgr.Lobby().Get(1)
			if err != nil || len(g.Legal) == 0 {
				t.Fatalf("the game after the restart: %+v (%v)", g, err)
			}
			b.store.failEnqueue.Store(true)
			b.msg("dm", "ayse", g.Legal[0])
			b.stop()
			up := newFlaky(nil)
			b = openOutboxBot(t, path, up, nil)
			b.wait()
			if got := strings.Join(up.texts(), "\n---\n"); !strings.Contains(got, "#g1 "+tc.restored) {
				t.Fatalf("a move whose reply was lost: after the restart %q", got)
			}
		})
	}
}

// lateSteps is gamestest.Steps whose shortest solution is known only once
// ready closes (games.PatientSolver, as a 15-puzzle's before its pattern
// databases are built).
type lateSteps struct {
	gamestest.Steps
	ready chan struct{}
}

func (g lateSteps) Start() games.Position { return g.wrap(g.Steps.Start()) }

func (g lateSteps) ParsePosition(s string) (games.Position, error) {
	p, err := g.Steps.ParsePosition(s)
	if err != nil {
		return nil, err
	}
	return g.wrap(p), nil
}

func (g lateSteps) wrap(p games.Position) games.Position {
	return &latePos{StepsPos: p.(*gamestest.StepsPos), ready: g.ready}
}

type latePos struct {
	*gamestest.StepsPos
	ready chan struct{}
}

func (p *latePos) Clone() games.Position {
	return &latePos{StepsPos: p.StepsPos.Clone().(*gamestest.StepsPos), ready: p.ready}
}

func (p *latePos) OptimalLength() (int, bool) { return 0, false }

func (p *latePos) OptimalLengthWait(ctx context.Context) (int, bool) {
	select {
	case <-p.ready:
		return p.StepsPos.OptimalLength()
	case <-ctx.Done():
		return 0, false
	}
}

// TestRestartAfterTheShortestSolution: the length of a puzzle's shortest
// solution, found after the puzzle ended, is stored with the game and
// said; that saying announces it, so the next start shows no board of the
// finished puzzle (issue 35.5).
func TestRestartAfterTheShortestSolution(t *testing.T) {
	g := lateSteps{ready: make(chan struct{})}
	reg, err := games.NewRegistry(dama.Game{}, tictactoe.Game{}, g)
	if err != nil {
		t.Fatal(err)
	}
	withLate := func(c *router.Config, _ *sessions.Config) { c.Games = reg }
	path := filepath.Join(t.TempDir(), "bot.db")
	first := newFlaky(nil)
	b := openOutboxBot(t, path, first, withLate)
	b.msg("dm", "ayse", "play steps from 1")
	close(g.ready) // found once the puzzle has ended without it
	b.msg("dm", "ayse", "dec")
	if said := strings.Join(first.texts(), "\n---\n"); !strings.Contains(said, "#g1 The shortest solution has 1.") {
		t.Fatalf("the shortest solution's length was not said:\n%s", said)
	}
	b.stop()

	again := newFlaky(nil)
	b = openOutboxBot(t, path, again, withLate)
	b.wait()
	if got := again.texts(); len(got) != 0 {
		t.Fatalf("the restart after the shortest solution was said shows:\n%s", strings.Join(got, "\n---\n"))
	}
}
