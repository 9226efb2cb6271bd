package sessions_test

import (
	"testing"

	"oyunbot/ai"
	"oyunbot/sessions"
	"oyunbot/sessions/tournaments"
	"oyunbot/tournament"
)

// TestEarlyDrawIsVoid: a draw agreed between people before both have made
// a move ends the game without a result and unrated (ratings cannot be
// farmed by draws at move 0); once both have moved it is a rated draw. In
// a tournament it stays a draw for the pairing, but unrated.
func TestEarlyDrawIsVoid(t *testing.T) {
	h := newHarness(t, "", nil)
	early := sessions.Result{Over: true, Winner: ai.NoSide, Reason: sessions.ReasonEarlyDraw}
	agreed := sessions.Result{Over: true, Winner: ai.NoSide, Reason: sessions.ReasonAgreement}
	for _, tc := range []struct {
		name  string
		moves []string // played in turn, Ayşe first
		want  sessions.Result
	}{
		{"no move", nil, early},
		{"only the first player moved", []string{"b2"}, early},
		{"both moved", []string{"b2", "a1"}, agreed},
		{"three moves", []string{"b2", "a1", "c3"}, agreed},
	} {
		g := h.pvp("tictactoe", chanA, ayse, bora)
		for i, mv := range tc.moves {
			if _, err := h.m.Play().Move(bg, g.ID, []string{ayse.ID, bora.ID}[i%2], mv, ""); err != nil {
				t.Fatal(err)
			}
		}
		before, _ := h.rates.Rating(bg, "test", "tictactoe", ayse.ID)
		if out, _, err := h.m.Offers().OfferDraw(bg, g.ID, bora.ID); err != nil || out != sessions.DrawOffered {
			t.Fatalf("%s: offer %v %v", tc.name, out, err)
		}
		out, s, err := h.m.Offers().OfferDraw(bg, g.ID, ayse.ID)
		if err != nil || out != sessions.DrawAgreed || s.Result != tc.want {
			t.Fatalf("%s: agreement %v %+v %v, want %+v", tc.name, out, s.Result, err, tc.want)
		}
		after, _ := h.rates.Rating(bg, "test", "tictactoe", ayse.ID)
		rated := tc.want == agreed
		if s.Result.Void() == rated || (len(s.Ratings) == 2) != rated || (after.Games == before.Games+1) != rated {
			t.Fatalf("%s: void %v, ratings %v, games %d → %d; want rated %v", tc.name, s.Result.Void(), s.Ratings,
				before.Games, after.Games, rated)
		}
		rec, err := h.store.Game(bg, g.ID)
		if err != nil || rec.Result != tc.want || !rec.Settled {
			t.Fatalf("%s: stored %+v settled %v %v", tc.name, rec.Result, rec.Settled, err)
		}
	}

	// A tournament game: a draw at move 0 is a draw in the standings, but
	// not rated.
	ps := players(2)
	if _, err := h.tours.Create(bg, tournaments.Request{Platform: "test", ChannelID: "tour", Organiser: ps[0],
		Game: h.game("tictactoe"), System: tournament.RoundRobin}); err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if _, err := h.tours.Join(bg, "test", "tour", p); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := h.tours.Start(bg, "test", "tour", ps[0], false, ""); err != nil {
		t.Fatal(err)
	}
	games := h.m.Lobby().ChannelGames("test", "tour")
	if len(games) != 1 || !games[0].Rated {
		t.Fatalf("tournament games %+v", games)
	}
	g := games[0]
	h.m.Offers().OfferDraw(bg, g.ID, g.Players[0].ID)
	_, s, err := h.m.Offers().OfferDraw(bg, g.ID, g.Players[1].ID)
	if err != nil || s.Result != agreed || s.Rated || s.Ratings != nil {
		t.Fatalf("tournament draw at move 0: %+v rated %v ratings %v %v", s.Result, s.Rated, s.Ratings, err)
	}
	v, _ := h.tours.Get(bg, "test", "tour")
	if v.T.State != tournament.Finished || v.T.Rounds[0].Pairings[0].Result != tournament.Draw {
		t.Fatalf("tournament after the draw: %s %+v", v.T.State, v.T.Rounds)
	}
	for _, p := range ps {
		if _, ok := h.rates.Rating(bg, "test", "tictactoe", p.ID); ok {
			t.Fatalf("%s was rated for a draw at move 0", p.Name)
		}
	}
}
