package telegram

// press.go: a button press's callback query is answered once: with a
// refusal's text to the presser alone (chat.Message.Privately), or empty
// once the press is handled, or empty after pressPatience if the handler
// has not finished by then (the button's spinner stops; a refusal that
// comes later is said in the chat).

import (
	"context"
	"sync"
	"time"
	"unicode/utf8"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// pressPatience is how long a press waits for its handler before its
// spinner is stopped with an empty answer: Telegram shows the spinner until
// the query is answered, and takes an answer only within seconds.
const pressPatience = 2 * time.Second

// maxPressText is the longest callback answer Telegram shows (200
// characters); a longer refusal is said in the chat.
const maxPressText = 200

// alertAfter: a refusal longer than this is an alert the presser closes
// rather than a toast that fades before it is read.
const alertAfter = 64

// press is one callback query's single answer.
type press struct {
	b     *Bot
	id    string
	mu    sync.Mutex
	done  bool
	timer *time.Timer
}

// newPress starts the wait for the handler's answer.
func (b *Bot) newPress(id string) *press {
	p := &press{b: b, id: id}
	p.mu.Lock()
	p.timer = time.AfterFunc(pressPatience, func() { p.finish() })
	p.mu.Unlock()
	return p
}

// take marks the press answered; false when it was already.
func (p *press) take() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done {
		return false
	}
	p.done = true
	p.timer.Stop()
	return true
}

// private answers the press with text, to the presser alone; false when
// that cannot be (answered already, too long, or the call failed), so that
// the caller says it in the chat.
func (p *press) private(text string) bool {
	if text == "" || utf8.RuneCountInString(text) > maxPressText || !p.take() {
		return false
	}
	cb := tgbotapi.NewCallback(p.id, text)
	cb.ShowAlert = utf8.RuneCountInString(text) > alertAfter
	ctx, cancel := context.WithTimeout(p.b.life, 5*time.Second)
	defer cancel()
	err := p.b.call(ctx, "answerCallbackQuery", func() error {
		_, err := p.b.api.Request(cb)
		return err
	})
	if err != nil {
		p.b.log.Warn("answerCallbackQuery with a refusal failed", "err", err)
		return false
	}
	return true
}

// finish answers the press empty (the spinner stops) unless it was
// answered.
func (p *press) finish() {
	if p.take() {
		p.b.answer(p.id)
	}
}
