package router_test

import (
	"context"
	"fmt"
	"oyunbot/chat"
	"strings"
	"sync/atomic"
	"testing"
)

// FuzzTournamentCommands sends what people might type to tournament,
// challenge and rating commands, from several users, to one router: it never
// panics (a panic is answered with the internal-error apology, which the
// test refuses), and the channel's tournament stays valid.
func FuzzTournamentCommands(f *testing.F) {
	for _, s := range []string{
		"turnuva oluştur xox isviçre 3 5dk+3sn|katıl|turnuva bot zor|başlat|sıralama|eşleşmeler 1|iptal",
		"tournament create ttt roundrobin 1d/move|join|tournament leave bot hard|start|pairings 99|standings",
		"meydan @x dama 1g/hamle|kabul|puan|liderler dama|turnuva ayrıl|turnuva oluştur dama 0",
		"tournament create dama double 2 1h30m+1s|tournament addbot usta|tournament addbot ???|leave|cancel",
	} {
		f.Add(s)
	}
	b := newBot(f, nil)
	var n atomic.Int64
	f.Fuzz(func(t *testing.T, script string) {
		b.t = t
		ch := fmt.Sprint("fz", n.Add(1))
		for i, line := range strings.Split(script, "|") {
			if i > 12 {
				break
			}
			user := []string{"org", "ali", "veli"}[i%3]
			for _, r := range b.raw(chat.Message{ChannelID: ch, UserID: user, UserName: user, Text: line, Admin: i%5 == 4}) {
				if strings.Contains(r.Text, "Bir şeyler ters gitti") || strings.Contains(r.Text, "Something went wrong") {
					t.Fatalf("%q: %q", line, r.Text)
				}
			}
			if v, ok := b.tours.Get(context.Background(), "test", ch); ok {
				if err := v.T.Validate(); err != nil {
					t.Fatalf("after %q: %v", line, err)
				}
			}
		}
	})
}

// FuzzGameCommands sends what people might type around games (starting,
// moving, taking back, offering draws, resigning, in groups and in private,
// prefixed or not) from several users to one router: nothing panics (the
// internal-error apology is refused), and a reply that refuses a move leaves
// the game's moves as they were.
func FuzzGameCommands(f *testing.F) {
	for _, s := range []string{
		"oyna xox kolay|b2|5|geri|ipucu|seviye zor|berabere|pes doğrusu|pes",
		"play dama easy black|f6-f5|c3–c4|e6xe4|undo|history|board #g1|resign now|resign",
		"meydan @veli dama 5 dk + 3 sn|kabul etmem|kabul|c3-c4|f6-f5|berabere|ret|hamle #g1 c4-c5|pes #g1",
		"challenge @ali ttt black 1m|accept|b2|a1|draw|accept|level 🙂|İPUCU|GERİ AL|/",
	} {
		f.Add(s, uint8(0))
	}
	b := newBot(f, nil)
	var n atomic.Int64
	f.Fuzz(func(t *testing.T, script string, flags uint8) {
		b.t = t
		ch := fmt.Sprint("fg", n.Add(1))
		for i, line := range strings.Split(script, "|") {
			if i > 12 {
				break
			}
			user := []string{"ali", "veli", "cem"}[i%3]
			before := b.mgr.Lobby().ChannelGames("test", ch)
			rs := b.raw(chat.Message{ChannelID: ch, UserID: user, UserName: user, Text: line,
				Private: flags&1 != 0, Mentions: mentionsOf(line)})
			for _, r := range rs {
				if strings.Contains(r.Text, "Bir şeyler ters gitti") || strings.Contains(r.Text, "Something went wrong") {
					t.Fatalf("%q: %q", line, r.Text)
				}
			}
			if len(rs) == 1 && (strings.Contains(rs[0].Text, "Geçersiz hamle") || strings.Contains(rs[0].Text, "Illegal move") ||
				strings.Contains(rs[0].Text, "Sıra sende değil") || strings.Contains(rs[0].Text, "not your turn")) {
				for _, s := range before {
					after, err := b.mgr.Lobby().Get(s.ID)
					if err != nil || strings.Join(after.Moves, " ") != strings.Join(s.Moves, " ") {
						t.Fatalf("%q was refused but changed #%s: %v → %v (%v)", line, s.Tag(), s.Moves, after.Moves, err)
					}
				}
			}
		}
		for _, s := range b.mgr.Lobby().ChannelGames("test", ch) {
			b.mgr.Offers().Resign(context.Background(), s.ID, s.Players[0].ID)
			b.mgr.Offers().Resign(context.Background(), s.ID, s.Players[1].ID)
		}
	})
}

// mentionsOf resolves "@name" words as the console does.
func mentionsOf(line string) []chat.User {
	var out []chat.User
	for _, w := range strings.Fields(line) {
		if name, ok := strings.CutPrefix(w, "@"); ok && name != "" {
			out = append(out, chat.User{ID: name, Name: name})
		}
	}
	return out
}
