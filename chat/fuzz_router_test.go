package chat_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"oyunbot/chat"
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
			if v, ok := b.r.Sessions().Tournament(context.Background(), "test", ch); ok {
				if err := v.T.Validate(); err != nil {
					t.Fatalf("after %q: %v", line, err)
				}
			}
		}
	})
}
