package discord

import (
	"context"
	"testing"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/discord/fakediscord"
)

// outages is a Handler that records the outages reported to it.
type outages struct {
	*recorder
	got chan time.Duration
}

func (o *outages) Outage(platform string, d time.Duration) {
	if platform == Platform {
		o.got <- d
	}
}

var _ chat.OutageReporter = (*outages)(nil)

// TestLostGatewayReportsOutage: when the gateway comes back after a loss,
// the handler learns how long nobody could reach the bot (so that clocks
// are credited); a short loss under MinOutage is not reported.
func TestLostGatewayReportsOutage(t *testing.T) {
	t.Parallel()
	srv := newServer(t)
	h := &outages{recorder: newRecorder(), got: make(chan time.Duration, 4)}
	startBot(t, srv, h, func(c *Config) { c.MinOutage = time.Millisecond })
	srv.WaitT(t, wait, "the gateway ready", func(v *fakediscord.View) bool { return v.Ready() == 1 })
	srv.DropGateway()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	select {
	case d := <-h.got:
		if d < reconnectSettle {
			t.Fatalf("outage of %v reported, shorter than the reconnect's own wait %v", d, reconnectSettle)
		}
	case <-ctx.Done():
		t.Fatal("no outage reported after the gateway came back")
	}
}
