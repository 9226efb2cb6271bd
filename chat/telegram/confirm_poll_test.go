package telegram_test

import (
	"context"
	"testing"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/telegram"
	"oyunbot/chat/telegram/telegramtest"
)

// TestPollConfirmsOnlyWhatIsHandled: while one chat's message is being
// handled, getUpdates does not confirm it (a restart would get it again),
// other chats' messages are received and handled meanwhile, and once it is
// handled it is confirmed. A bot stopped while a message is still being
// handled past the grace period leaves it unconfirmed (issue 21).
func TestPollConfirmsOnlyWhatIsHandled(t *testing.T) {
	srv := newServer(t)
	release := make(chan struct{})
	h := &recorder{reply: func(m chat.Message) []chat.Reply {
		if m.Text == "hold" {
			<-release
		}
		return nil
	}}
	cfg := fastConfig(srv)
	cfg.ShutdownGrace = 50 * time.Millisecond
	b, err := telegram.New(cfg, h)
	if err != nil {
		t.Fatal(err)
	}
	h.send = b
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx) }()

	alice := telegramtest.User{ID: 5, FirstName: "Alice"}
	if _, err := srv.SendText(telegramtest.Private(alice), alice, "hold"); err != nil {
		t.Fatal(err)
	}
	held := srv.LastUpdate()
	if _, err := srv.SendText(telegramtest.Private(bob), bob, "hello"); err != nil {
		t.Fatal(err)
	}
	other := srv.LastUpdate()
	h.waitText(t, "hello") // another chat is handled while "hold" is
	if err := srv.Wait(patience, func() bool { _, since := srv.Delivered(other); return since }); err != nil {
		t.Fatal("no poll after the second message")
	}
	if srv.Confirmed(held) || srv.Confirmed(other) {
		t.Fatalf("confirmed while an earlier update is still handled: held %v, other %v", srv.Confirmed(held), srv.Confirmed(other))
	}
	close(release)
	if err := srv.Wait(patience, func() bool { return srv.Confirmed(other) }); err != nil {
		t.Fatal("never confirmed once handled")
	}

	// Stopped with a message still being handled: it stays for the next
	// start.
	release = make(chan struct{})
	if _, err := srv.SendText(telegramtest.Private(alice), alice, "hold"); err != nil {
		t.Fatal(err)
	}
	last := srv.LastUpdate()
	h.waitMessages(t, 3) // being handled
	cancel()
	// The last poll confirms what was handled, past the grace period.
	if err := srv.Wait(patience, func() bool {
		for _, c := range srv.Calls("getUpdates") {
			if c.Params.Get("limit") == "1" {
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatal("no confirmation at shutdown")
	}
	if srv.Confirmed(last) {
		t.Error("a message still being handled at shutdown was confirmed")
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
