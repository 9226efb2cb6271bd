package telegram_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/telegram"
	"oyunbot/chat/telegram/telegramtest"
)

// outageHandler records the outages reported to it.
type outageHandler struct{ got chan time.Duration }

func (h outageHandler) Handle(context.Context, chat.Message) {}
func (h outageHandler) Outage(platform string, d time.Duration) {
	if platform == telegram.Platform {
		h.got <- d
	}
}

// TestFailingPollsReportOutage: a run of failing getUpdates, once polls
// succeed again, is reported to the handler with its length, so that clocks
// are credited; a run shorter than MinOutage is not.
func TestFailingPollsReportOutage(t *testing.T) {
	for _, tc := range []struct {
		name      string
		minOutage time.Duration
		report    bool
	}{
		{"reported", time.Millisecond, true},
		{"too short", time.Hour, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t)
			fail := telegramtest.Fault{Status: http.StatusBadGateway, Description: "Bad Gateway"}
			srv.Fail("getUpdates", fail, fail, fail)
			cfg := fastConfig(srv)
			cfg.MinOutage = tc.minOutage
			cfg.PollTimeout = time.Second
			h := outageHandler{got: make(chan time.Duration, 4)}
			b, err := telegram.New(cfg, h)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- b.Run(ctx) }()
			defer func() { cancel(); <-done }()
			// The fourth poll succeeds; the fifth proves the loop went past it.
			if err := srv.Wait(patience, func() bool { return len(srv.Calls("getUpdates")) >= 5 }); err != nil {
				t.Fatal(err)
			}
			select {
			case d := <-h.got:
				if !tc.report || d <= 0 {
					t.Fatalf("outage of %v reported", d)
				}
			default:
				if tc.report {
					t.Fatal("no outage reported after the polls recovered")
				}
			}
		})
	}
}
