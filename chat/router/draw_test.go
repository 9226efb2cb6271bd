package router_test

import (
	"context"
	"oyunbot/chat"
	"strings"
	"testing"
)

// TestDrawBeforeBothMovedIsVoid: a draw agreed between people before both
// have moved ends the game without a result and unrated, in both
// languages; after both moved it is a rated draw. In a tournament it is a
// draw in the standings, but unrated.
func TestDrawBeforeBothMovedIsVoid(t *testing.T) {
	b := newBot(t, nil)
	for _, tc := range []struct {
		ch, offer, accept string
		moves             []string // Ayse first
		want              []string
		rated             bool
	}{
		{"g1", "berabere", "kabul", nil,
			[]string{"Beraberlik kabul edildi.", "Oyun sonuçsuz bitti — iki oyuncu da hamle yapmadan berabere kalındı, puanlanmadı."}, false},
		{"g2", "berabere", "berabere", []string{"b2"},
			[]string{"Oyun sonuçsuz bitti — iki oyuncu da hamle yapmadan berabere kalındı, puanlanmadı."}, false},
		{"g3", "draw", "accept", []string{"b2"},
			[]string{"Draw agreed.", "Game over without a result — a draw agreed before both players moved, not rated."}, false},
		{"g4", "berabere", "kabul", []string{"b2", "a1"}, []string{"Oyun bitti: berabere — anlaşmayla.", "Puanlar: "}, true},
		{"g5", "draw", "accept", []string{"b2", "a1"}, []string{"Game over: a draw — by agreement.", "Ratings: "}, true},
	} {
		grp := func(user, text string) []chat.Reply { return b.msg(tc.ch, user, text, false) }
		if strings.HasPrefix(tc.offer, "d") {
			b.admin(tc.ch, "ayse", "lang en")
		}
		grp("ayse", "meydan @bora xox")
		grp("bora", "kabul")
		for i, mv := range tc.moves {
			grp([]string{"ayse", "bora"}[i%2], mv)
		}
		grp("bora", tc.offer)
		rs := grp("ayse", tc.accept)
		b.expect(rs, tc.want...)
		if all := texts(rs); !tc.rated && (strings.Contains(all, "Puanlar") || strings.Contains(all, "Ratings")) {
			t.Errorf("%s: a void draw changed ratings: %q", tc.ch, all)
		}
	}
	// Only the two rated draws count.
	if r, ok := b.rates.Rating(context.Background(), "test", "tictactoe", "ayse"); !ok || r.Games != 2 {
		t.Fatalf("Ayse's rating %+v %v, want 2 games", r, ok)
	}

	// A tournament game drawn at move 0.
	in := func(user, text string) []chat.Reply {
		return b.raw(chat.Message{ChannelID: "tour", UserID: user, UserName: strings.ToUpper(user[:1]) + user[1:], Text: text, Locale: "en"})
	}
	in("org", "tournament create ttt roundrobin")
	in("cem", "join")
	in("deniz", "join")
	in("org", "start")
	games := b.mgr.Lobby().ChannelGames("test", "tour")
	if len(games) != 1 {
		t.Fatalf("%d tournament games", len(games))
	}
	p := games[0].Players
	in(p[0].ID, "draw")
	rs := in(p[1].ID, "accept")
	b.expect(rs, "Draw agreed. It counts as a draw in the tournament, but is not rated: not both players had moved.",
		"Game over: a draw — by agreement.", "final standings")
	if strings.Contains(texts(rs), "Ratings: ") {
		t.Fatalf("a tournament draw at move 0 was rated: %q", texts(rs))
	}
	b.expect(in("cem", "standings"), "Cem — ½", "Deniz — ½")
	if _, ok := b.rates.Rating(context.Background(), "test", "tictactoe", "cem"); ok {
		t.Fatal("Cem was rated for a draw at move 0")
	}
}
