package telegram

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"oyunbot/chat"
	"oyunbot/chat/internal/retry"
)

// allowedUpdates are the update kinds the bot asks for.
func allowedUpdates() []string {
	return []string{"message", "callback_query", "inline_query", "chosen_inline_result"}
}

// maxWebhookBody bounds one webhook request (an update is a few KB).
const maxWebhookBody = 1 << 20

// secretHeader carries the webhook secret token.
const secretHeader = "X-Telegram-Bot-Api-Secret-Token"

// inFlightPoll is how often getUpdates is asked again while an update it
// returned is still being handled (and so not confirmed): the updates of
// other chats are received meanwhile.
const inFlightPoll = 250 * time.Millisecond

// poll receives updates by long polling until ctx is done.
//
// getUpdates with an offset confirms every update below it, and Telegram
// forgets a confirmed update for good. So the offset confirms only what
// has been handled (its move saved, its reply in the outbox): an update
// still in its chat's queue, or being handled, stays unconfirmed, and a
// process killed meanwhile gets it again at its next start. While one is
// in flight, getUpdates returns it again with whatever came after; what
// was dispatched already is skipped. Handling is quick (slow commands
// leave the chat's queue: chat/slow.go), so the offset rarely lags; an
// inbox in the store would cost a write per update to save the same.
func (b *Bot) poll(ctx context.Context) error {
	api := *b.api // same token and endpoint; requests bound to ctx
	api.Client = b.client(ctx)
	// getUpdates is refused while a webhook is set.
	if err := b.call(ctx, "deleteWebhook", func() error {
		_, err := api.Request(tgbotapi.DeleteWebhookConfig{})
		return err
	}); err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return fmt.Errorf("telegram: deleteWebhook: %w", err)
	}
	timeout := max(int(b.cfg.PollTimeout/time.Second), 1)
	var (
		fl        inFlight
		failures  int
		downSince time.Time // the first failed poll of a run of them
	)
	for ctx.Err() == nil {
		offset, wait := fl.offset()
		if wait != nil {
			// Give the oldest update in flight a moment to be handled, so
			// that the next poll confirms it, but poll again soon for the
			// other chats.
			t := time.NewTimer(inFlightPoll)
			select {
			case <-wait:
			case <-t.C:
			case <-ctx.Done():
			}
			t.Stop()
			offset, wait = fl.offset()
		}
		cfg := tgbotapi.UpdateConfig{Offset: offset, Timeout: timeout, AllowedUpdates: allowedUpdates()}
		if wait != nil {
			cfg.Timeout = 0 // the updates in flight come back at once anyway
		}
		updates, err := getUpdates(&api, cfg)
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			var te *tgbotapi.Error
			if errors.As(err, &te) && errorCode(te) == http.StatusUnauthorized {
				return fmt.Errorf("telegram: getUpdates: %w", err)
			}
			failures++
			if downSince.IsZero() {
				downSince = time.Now()
			}
			wait := b.policy().Wait(failures)
			if v := classify(err, b.cfg.RetryAfterUnit); v.wait > 0 {
				wait = v.wait
			}
			b.log.Warn("getUpdates failed", "err", err, "retry_in", wait)
			if retry.Sleep(ctx, wait) != nil {
				break
			}
			continue
		}
		failures = 0
		if !downSince.IsZero() {
			b.outage(time.Since(downSince))
			downSince = time.Time{}
		}
		for _, u := range updates {
			if !fl.fresh(u.UpdateID) {
				continue // in flight: unconfirmed, so returned again
			}
			done, err := b.dispatchDone(u)
			if err != nil {
				// Its chat's queue is full (a flood): dropped, as the
				// rate limit drops one.
				continue
			}
			fl.add(u.UpdateID, done)
		}
	}
	// Shutting down: what is in the chats' queues is handled within the
	// grace period; confirm what was.
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), b.cfg.ShutdownGrace)
	defer cancel()
	if err := b.in.Wait(wctx); err != nil {
		b.log.Warn("shutdown: updates still being handled are left for the next start", "err", err)
	}
	offset, _ := fl.offset()
	b.confirm(ctx, offset)
	return nil
}

// inFlight is what the poll loop dispatched and not yet saw handled. Only
// the poll loop uses it.
type inFlight struct {
	next    int                     // the update after the last one dispatched
	pending map[int]<-chan struct{} // dispatched, closed once handled
}

// fresh reports whether update id comes after every one dispatched, and
// then counts it as dispatched.
func (f *inFlight) fresh(id int) bool {
	if id < f.next {
		return false
	}
	f.next = id + 1
	return true
}

// add records that update id is being handled until done closes.
func (f *inFlight) add(id int, done <-chan struct{}) {
	if f.pending == nil {
		f.pending = map[int]<-chan struct{}{}
	}
	f.pending[id] = done
}

// offset is the getUpdates offset that confirms what has been handled: the
// oldest update in flight (then wait closes once it is handled), or the
// one after the last dispatched (wait nil).
func (f *inFlight) offset() (offset int, wait <-chan struct{}) {
	offset = f.next
	for id, done := range f.pending {
		select {
		case <-done:
			delete(f.pending, id)
			continue
		default:
		}
		if id < offset {
			offset, wait = id, done
		}
	}
	return offset, wait
}

// outage reports a run of failed polls to the handler, if it wants to know
// and the run was long enough to matter: nobody could reach the bot.
func (b *Bot) outage(d time.Duration) {
	if r, ok := b.handler.(chat.OutageReporter); ok && d >= b.cfg.MinOutage {
		r.Outage(Platform, d)
	}
}

// confirm tells the server which updates were handled, so that a restart
// does not see them again: getUpdates forgets everything below its offset.
func (b *Bot) confirm(ctx context.Context, offset int) {
	if offset == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), b.cfg.ShutdownGrace)
	defer cancel()
	api := *b.api
	api.Client = b.client(ctx)
	if _, err := api.GetUpdates(tgbotapi.UpdateConfig{Offset: offset, Limit: 1, AllowedUpdates: allowedUpdates()}); err != nil {
		b.log.Warn("could not confirm the last updates", "err", err)
	}
}

// serveWebhook registers the webhook and serves it until ctx is done.
func (b *Bot) serveWebhook(ctx context.Context) error {
	u, err := url.Parse(b.cfg.WebhookURL)
	if err != nil {
		return fmt.Errorf("telegram: webhook URL: %w", err)
	}
	path := u.Path
	if path == "" {
		path = "/"
	}
	secret := b.cfg.WebhookSecret
	if secret == "" {
		secret = randomSecret()
	}
	ln := b.cfg.Listener
	if ln == nil {
		if ln, err = net.Listen("tcp", b.cfg.Listen); err != nil {
			return fmt.Errorf("telegram: webhook listen: %w", err)
		}
	}
	mux := http.NewServeMux()
	mux.Handle("POST "+path, b.webhookHandler(secret))
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()

	params := tgbotapi.Params{"url": b.cfg.WebhookURL, "secret_token": secret}
	if err := params.AddInterface("allowed_updates", allowedUpdates()); err != nil {
		return err
	}
	err = b.call(ctx, "setWebhook", func() error {
		_, err := b.api.MakeRequest("setWebhook", params)
		return err
	})
	if err == nil {
		// Some put the token in the webhook's path to make it unguessable.
		b.log.Info("webhook set", "url", b.redact.text(b.cfg.WebhookURL), "listen", ln.Addr().String())
		select {
		case <-ctx.Done():
		case err = <-served:
			err = fmt.Errorf("telegram: webhook server: %w", err)
		}
	} else if ctx.Err() == nil {
		err = fmt.Errorf("telegram: setWebhook: %w", err)
	} else {
		err = nil
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), b.cfg.ShutdownGrace)
	defer cancel()
	_ = srv.Shutdown(sctx)
	return err
}

// webhookHandleWait bounds how long a webhook request waits for its update
// to be handled before it is answered anyway (Telegram's own timeout for a
// webhook request is about a minute).
const webhookHandleWait = 30 * time.Second

// webhookHandler accepts updates that carry the secret token.
func (b *Bot) webhookHandler(secret string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := r.Header.Get(secretHeader)
		if subtle.ConstantTimeCompare([]byte(got), []byte(secret)) != 1 {
			http.Error(w, "bad secret token", http.StatusUnauthorized)
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBody))
		if err != nil {
			http.Error(w, "bad update", http.StatusBadRequest)
			return
		}
		u, err := decodeUpdate(body)
		if err != nil {
			http.Error(w, "bad update", http.StatusBadRequest)
			return
		}
		// Telegram forgets an update once it is answered 200: answer when
		// it has been handled (its move saved, its reply in the outbox),
		// so that a process killed meanwhile leaves it to be redelivered
		// (to any process behind the balancer), or when it waited too
		// long (a 503 makes Telegram redeliver it).
		done, err := b.dispatchDone(u)
		if err != nil {
			http.Error(w, "busy", http.StatusServiceUnavailable)
			return
		}
		select {
		case <-done:
		case <-r.Context().Done():
			return
		case <-time.After(webhookHandleWait):
			b.log.Warn("webhook update still being handled; answered", "update", u.UpdateID)
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]bool{"ok": true})
	})
}

// getUpdates is api.GetUpdates, its updates with their forum topics.
func getUpdates(api *tgbotapi.BotAPI, cfg tgbotapi.UpdateConfig) ([]incoming, error) {
	resp, err := api.Request(cfg)
	if err != nil {
		return nil, err
	}
	return decodeUpdates(resp.Result)
}

// randomSecret makes a webhook secret for a single process.
func randomSecret() string {
	var buf [24]byte
	_, _ = rand.Read(buf[:]) // crypto/rand.Read never fails
	return hex.EncodeToString(buf[:])
}
