package router_test

import (
	"testing"
)

// TestMatchLengthRefused: a word after "match" / "maç" that is no number of
// points is refused with what a match length is, in either language, and
// no challenge or game is made; it is never a default match nor a clock
// (issue 21).
func TestMatchLengthRefused(t *testing.T) {
	b := newBot(t, nil)
	for _, tc := range []struct{ text, want string }{
		{"challenge @bob ttt match ü", "«ü» is not a match length: a match is played to a whole number of points from 1 to 15"},
		{"challenge @bob ttt match 1e3", "«1e3» is not a match length"},
		{"challenge @bob ttt match 2.5", "«2.5» is not a match length"},
		{"challenge @bob ttt match 99999999999999999999", "A match is played to 1 to 15 points."},
		{"play ttt match ü", "«ü» is not a match length"},
		{"play ttt match 99999999999999999999", "A match is played to 1 to 15 points."},
		{"meydan @bob xox maç ü", "«ü» bir maç uzunluğu değil: maç 1 ile 15 arasında bir tam sayı kadar sayıya oynanır"},
		{"meydan @bob xox maç 1e3", "«1e3» bir maç uzunluğu değil"},
		{"oyna xox maç hadi", "«hadi» bir maç uzunluğu değil"},
	} {
		rs := b.msg("grp", "ayse", tc.text, false)
		if len(rs) != 1 {
			t.Errorf("%q: %d replies: %q", tc.text, len(rs), texts(rs))
			continue
		}
		b.expect(rs, tc.want)
		if cs := b.chal.Pending("test", "grp", "ayse"); len(cs) != 0 {
			t.Fatalf("%q made a challenge: %+v", tc.text, cs)
		}
		if gs := b.mgr.Lobby().ChannelGames("test", "grp"); len(gs) != 0 {
			t.Fatalf("%q started a game: %+v", tc.text, gs)
		}
	}
	// A clock after the length is still a clock.
	b.expect(b.msg("grp", "ayse", "challenge @bob ttt match 3 5 min", false), "A match to 3 points.", "5")
}
