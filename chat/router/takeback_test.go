package router_test

import (
	"oyunbot/chat"
	"slices"
	"testing"
)

// TestTakebackBetweenPeople: between people a take-back is an offer the
// opponent answers; accepted, the offerer's last turn (and the reply
// after it) is taken back and the game is no longer rated; declined, or
// answered by a move, nothing changes (issue 20.8), in both languages.
func TestTakebackBetweenPeople(t *testing.T) {
	for _, tc := range []struct{ lang, challenge, accept, undo, decline, offered, accepted, declined, gone string }{
		{"en", "challenge @bora dama", "accept", "undo", "decline",
			"Ayse asks to take back their last move. Bora: accept or decline",
			"Moves taken back at Ayse's request; this game is no longer rated.", "Bora declined the take-back; play on.",
			"no draw offer"},
		{"tr", "meydan @bora dama", "kabul", "geri", "ret",
			"Ayse son hamlesini geri almak istiyor. Bora: kabul ya da ret",
			"Ayse isteğiyle hamleler geri alındı; bu oyun artık puanlı sayılmaz.", "Bora geri almayı reddetti; oyun sürüyor.",
			"teklif"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			b := newBot(t, nil)
			b.admin("g", "ayse", "lang "+tc.lang)
			grp := func(user, text string) []chat.Reply { return b.msg("g", user, text, false) }
			grp("ayse", tc.challenge)
			grp("bora", tc.accept)
			grp("ayse", "c3-c4")
			grp("bora", "f6-f5")
			grp("ayse", "c4-c5")
			before, _ := b.mgr.Lobby().Get(1)
			// Offered with Ayşe's move just played: declined, nothing changes.
			rs := grp("ayse", tc.undo)
			b.expect(rs, "#g1 "+tc.offered)
			if len(rs) != 1 || len(rs[0].Buttons) != 1 || rs[0].Buttons[0][0].Data != "accept #g1 for=bora" { // for the opponent alone (issue 21.5)
				t.Fatalf("the offer's buttons: %+v", rs)
			}
			b.expect(grp("bora", tc.decline), tc.declined)
			if s, _ := b.mgr.Lobby().Get(1); !slices.Equal(s.Moves, before.Moves) || !s.Rated {
				t.Fatalf("a declined take-back changed the game: %v rated %v", s.Moves, s.Rated)
			}
			// Offered again; a move by Bora answers it; accepting then finds
			// nothing.
			grp("ayse", tc.undo)
			grp("bora", before.Legal[0])
			grp("bora", tc.accept+" #g1")
			if s, _ := b.mgr.Lobby().Get(1); len(s.Moves) != 4 {
				t.Fatalf("an offer answered by a move was accepted: %v", s.Moves)
			}
			// Ayşe offers while it is her turn: accepted, Bora's reply and her
			// move go back, and the game is unrated.
			grp("ayse", tc.undo)
			b.expect(grp("bora", "accept #g1"), tc.accepted)
			s, _ := b.mgr.Lobby().Get(1)
			if !slices.Equal(s.Moves, before.Moves[:2]) || s.Rated || s.Turn != 0 {
				t.Fatalf("after the take-back: %v rated %v turn %v, want %v, unrated, Ayşe to move", s.Moves, s.Rated, s.Turn, before.Moves[:2])
			}
			// The opponent cannot answer their own offer; a bystander cannot offer.
			grp("ayse", tc.undo)
			grp("ayse", "accept #g1")
			if s, _ := b.mgr.Lobby().Get(1); len(s.Moves) != 2 {
				t.Fatal("the offerer's own accept took it back")
			}
		})
	}
}
