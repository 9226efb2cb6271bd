package router_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"oyunbot/chat"
	"oyunbot/store"
)

// BenchmarkReplyThroughOutbox: a command answered through the durable
// outbox (stored in SQLite, sent, crossed off), with a text reply (help)
// and with a board picture (board): the outbox's cost beside the rest.
func BenchmarkReplyThroughOutbox(b *testing.B) {
	for _, cmd := range []string{"help", "board"} {
		b.Run(cmd, func(b *testing.B) {
			st, err := store.OpenSQLite(context.Background(), filepath.Join(b.TempDir(), "bot.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			r, _, _, err := wire(b, st, nil)
			if err != nil {
				b.Fatal(err)
			}
			defer r.Close()
			rec := &recorder{}
			r.AddSender(b.Context(), "test", rec)
			m := chat.Message{Platform: "test", ChannelID: "dm", UserID: "ayse", UserName: "Ayse", Private: true}
			m.Text = "play dama easy"
			r.Handle(context.Background(), m)
			if err := r.Wait(context.Background()); err != nil {
				b.Fatal(err)
			}
			m.Text = cmd
			b.ResetTimer()
			for i := range b.N {
				m.Ref = fmt.Sprint(i)
				r.Handle(context.Background(), m)
				if err := r.Wait(context.Background()); err != nil {
					b.Fatal(err)
				}
				rec.take()
			}
		})
	}
}
