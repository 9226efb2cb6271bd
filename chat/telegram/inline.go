package telegram

// inline.go is Telegram's inline mode (issue 36): "@bot dama" typed in any
// chat, the bot not a member, lists the Handler's offers
// (chat.InlineOfferer); the offer chosen is sent by the person "via" the
// bot, and from then on that one message is the game's channel
// (chat.InlineChannelPrefix + its inline_message_id): the chosen result
// and the presses of its buttons come in as messages there, and every
// reply edits it, since the bot cannot post in that chat. Telegram sends
// chosen results only with inline feedback on (BotFather: /setinline, then
// /setinlinefeedback).
//
// An inline message cannot take a new upload, so it shows a game as text:
// the caption, the board as fixed-width text where no tap board (the
// keyboard's grid of squares) shows it, and the buttons. Any other reply
// (a note: "draw offered"; a question with its own buttons) is shown under
// the last board, and the board's buttons come back with the next reply.

import (
	"context"
	"fmt"
	"hash/fnv"
	"html"
	"slices"
	"strings"
	"sync"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"oyunbot/chat"
	"oyunbot/chat/internal/retry"
)

// maxInlineShown bounds the inline messages whose last board is kept.
const maxInlineShown = 10_000

// inlineMessages keeps what each inline message shows, for a note to go
// under its board and a tap selection to keep its text.
type inlineMessages struct {
	mu    sync.Mutex
	shown map[string]inlineShown
}

type inlineShown struct {
	base string // the board's text (HTML)
	kb   *tgbotapi.InlineKeyboardMarkup
}

func (im *inlineMessages) get(id string) (inlineShown, bool) {
	im.mu.Lock()
	defer im.mu.Unlock()
	s, ok := im.shown[id]
	return s, ok
}

func (im *inlineMessages) set(id string, s inlineShown) {
	im.mu.Lock()
	defer im.mu.Unlock()
	if im.shown == nil || len(im.shown) >= maxInlineShown {
		im.shown = map[string]inlineShown{}
	}
	im.shown[id] = s
}

// inlineLane is the lane of an inline message's updates and replies (the
// lanes are numbered like chats; a shared number only orders two inline
// messages one after the other).
func inlineLane(id string) int64 {
	h := fnv.New64a()
	h.Write([]byte(id))
	return int64(h.Sum64() | 1<<62) // positive, far above user ids
}

// answerInline answers an inline query with the handler's offers.
func (b *Bot) answerInline(q *tgbotapi.InlineQuery) {
	var offers []chat.InlineOffer
	if of, ok := b.handler.(chat.InlineOfferer); ok && q.From != nil {
		offers = of.InlineOffers(b.life, chat.InlineQuery{Platform: Platform, UserID: fmt.Sprint(q.From.ID),
			UserName: displayName(q.From), Locale: q.From.LanguageCode, Text: q.Query})
	}
	results := []any{}
	for _, o := range offers {
		kb, err := keyboard(o.Buttons)
		if err != nil || o.Command == "" || len(o.Command) > 64 {
			b.log.Warn("inline offer left out", "command", o.Command, "err", err)
			continue
		}
		a := tgbotapi.NewInlineQueryResultArticle(o.Command, o.Title, o.Text)
		a.Description = o.Description
		a.ReplyMarkup = kb // an inline keyboard: Telegram then names the message to the bot
		results = append(results, a)
	}
	cfg := tgbotapi.InlineConfig{InlineQueryID: q.ID, Results: results, IsPersonal: true}
	err := b.call(b.life, "answerInlineQuery", func() error {
		_, err := b.api.Request(cfg)
		return err
	})
	if err != nil {
		b.log.Warn("inline query not answered", "err", err)
	}
}

// chosenMessage turns a chosen inline result into its offer's command, from
// the chooser, in the channel of the message sent.
func chosenMessage(r *tgbotapi.ChosenInlineResult) (chat.Message, bool) {
	if r.From == nil || r.InlineMessageID == "" || strings.TrimSpace(r.ResultID) == "" {
		return chat.Message{}, false // no keyboard, no message id: nothing to play on
	}
	return chat.Message{
		Platform:  Platform,
		ChannelID: chat.InlineChannelPrefix + r.InlineMessageID,
		UserID:    fmt.Sprint(r.From.ID),
		UserName:  displayName(r.From),
		Text:      r.ResultID,
		Locale:    r.From.LanguageCode,
	}, true
}

// inlinePress turns a press on an inline message into a message in its
// channel.
func inlinePress(cq *tgbotapi.CallbackQuery) chat.Message {
	return chat.Message{
		Platform:  Platform,
		ChannelID: chat.InlineChannelPrefix + cq.InlineMessageID,
		UserID:    fmt.Sprint(cq.From.ID),
		UserName:  displayName(cq.From),
		Text:      cq.Data,
		Locale:    cq.From.LanguageCode,
	}
}

// sendInline shows r on inline message id by editing it.
func (b *Bot) sendInline(ctx context.Context, id string, r chat.Reply) error {
	if r.Notice {
		return nil // no typing indicator in a chat the bot is not in
	}
	r = chat.LinksAsText(r, chat.PublicURL)
	kb, err := keyboard(slices.Concat(r.Board, r.Buttons))
	if err != nil {
		return fmt.Errorf("%w: %w", chat.ErrUndeliverable, err)
	}
	// show is what the message shows as the game's board (kept for the
	// replies after it); text and send what this edit shows.
	last, _ := b.inline.get(id)
	show, send := last, kb
	body := html.EscapeString(strings.TrimSpace(r.Text))
	var text string
	switch {
	case r.Edit: // a tap selection: the board's text, other buttons
		show.kb = kb
		text = last.base
	case r.Live: // the game's board
		show.base = body
		if len(r.Image) > 0 && len(r.Board) == 0 && strings.TrimSpace(r.TextBoard) != "" {
			// The picture's board as text (Text has none when there is a
			// picture), unless the keyboard's squares show it.
			show.base += "\n<pre>" + html.EscapeString(r.TextBoard) + "</pre>"
		}
		show.kb, text = kb, show.base
	default: // a note, or a question with its own buttons, under the board
		text = strings.TrimSpace(last.base + "\n\n" + body)
		send = withBoard(kb, last.kb)
	}
	if strings.TrimSpace(text) == "" {
		return nil
	}
	if utf16Len(text) > maxText {
		text = truncate(text, maxText) // a long note: the board stays whole at its head
	}
	cfg := tgbotapi.EditMessageTextConfig{BaseEdit: tgbotapi.BaseEdit{InlineMessageID: id, ReplyMarkup: send},
		Text: text, ParseMode: tgbotapi.ModeHTML, DisableWebPagePreview: true}
	err = b.call(ctx, "editMessageText", func() error {
		if err := retry.Sleep(b.life, b.global.Reserve(time.Now())); err != nil {
			return err // paced bot-wide: an inline message is of no chat
		}
		_, err := b.api.Request(cfg)
		if isNotModified(err) {
			return nil
		}
		return err
	})
	if err != nil {
		if permanent(err) {
			return fmt.Errorf("%w: %w", chat.ErrUndeliverable, err)
		}
		return err
	}
	if r.Live || r.Edit {
		b.inline.set(id, show)
	}
	return nil
}

// withBoard is the keyboard of a note under a board: its own buttons (a
// question's answer) above the board's, which stay pressable (nothing can
// be typed there); its own alone when both do not fit.
func withBoard(own, board *tgbotapi.InlineKeyboardMarkup) *tgbotapi.InlineKeyboardMarkup {
	switch {
	case own == nil:
		return board
	case board == nil:
		return own
	}
	n := 0
	for _, row := range slices.Concat(own.InlineKeyboard, board.InlineKeyboard) {
		n += len(row)
	}
	if n > maxButtons {
		return own
	}
	return &tgbotapi.InlineKeyboardMarkup{InlineKeyboard: slices.Concat(own.InlineKeyboard, board.InlineKeyboard)}
}
