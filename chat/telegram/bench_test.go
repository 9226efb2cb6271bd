package telegram_test

import (
	"context"
	"fmt"
	"image/color"
	"testing"

	"oyunbot/chat"
	"oyunbot/chat/telegram"
	"oyunbot/chat/telegram/telegramtest"
)

// BenchmarkSend measures delivered replies per second through the library
// to the local fake, pacing off, over 4 chats: the adapter's own overhead
// (queueing, request building, multipart upload), not Telegram's limits.
func BenchmarkSend(b *testing.B) {
	for _, kind := range []string{"text", "photo"} {
		b.Run(kind, func(b *testing.B) {
			srv := telegramtest.NewServer(telegramtest.Config{})
			defer srv.Close()
			cfg := fastConfig(srv)
			cfg.PrivatePace, cfg.GroupPace, cfg.GlobalPace = telegram.Pace{Every: -1}, telegram.Pace{Every: -1}, telegram.Pace{Every: -1}
			bot, err := telegram.New(cfg, &recorder{})
			if err != nil {
				b.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error)
			go func() { done <- bot.Run(ctx) }()
			defer func() { cancel(); <-done }()
			users := []telegramtest.User{ayse, bob, anon, {ID: 99, FirstName: "Can"}}
			for _, u := range users {
				srv.SendText(telegramtest.Private(u), u, "hi")
			}
			board := testPNG(b, color.Black)
			buttons := [][]chat.Button{{{Label: "a1", Data: "move #g1 a1"}, {Label: "b1", Data: "move #g1 b1"}}}
			b.ResetTimer()
			for i := range b.N {
				r := chat.Reply{ChannelID: fmt.Sprint(users[i%len(users)].ID), Text: "Bob: a3 · oyunbot: c1", Buttons: buttons}
				if kind == "photo" {
					r.Image, r.Caption = board, r.Text
				}
				if err := bot.Send(ctx, r); err != nil {
					b.Fatal(err)
				}
			}
			if err := bot.Drain(ctx); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "replies/s")
		})
	}
}
