package sessions_test

import (
	"testing"

	"oyunbot/games"
	"oyunbot/games/dama"
	"oyunbot/sessions"
	"oyunbot/sessions/challenges"
	"oyunbot/store"
)

// BenchmarkManagerMove measures a person's move through the Manager:
// the game found and locked, the move parsed, played and saved (to an
// in-memory SQLite store), the snapshot of the game after it. Two people
// play dama's first legal move in turn; a game that ends is replaced.
func BenchmarkManagerMove(b *testing.B) {
	ctx := b.Context()
	reg, err := games.NewRegistry(dama.Game{})
	if err != nil {
		b.Fatal(err)
	}
	chal := challenges.New()
	m, err := sessions.New(b.Context(), sessions.Config{Games: reg, Store: open(b, store.MemoryDB), IdleForfeit: -1, Challenges: chal})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { m.Close() })
	g, _ := reg.Lookup("dama")
	a, c := sessions.Player{ID: "a", Name: "A"}, sessions.Player{ID: "b", Name: "B"}
	start := func() sessions.Snapshot {
		if err := chal.Issue(ctx, sessions.Challenge{Platform: "t", ChannelID: "c", From: a, To: c, Game: g}); err != nil {
			b.Fatal(err)
		}
		s, _, err := chal.Accept(ctx, "t", "c", c, "")
		if err != nil {
			b.Fatal(err)
		}
		return s
	}
	s := start()
	for b.Loop() {
		res, err := m.Play().Move(ctx, s.ID, s.Players[s.Turn].ID, s.Legal[0], "")
		if err != nil {
			b.Fatal(err)
		}
		if s = res.Game; s.Result.Over {
			s = start()
		}
	}
}
