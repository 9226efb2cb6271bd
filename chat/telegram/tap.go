package telegram

// tap.go edits a tap board in place (chat.Reply.Edit): a selection on the
// board's inline keyboard replaces that keyboard with editMessageReplyMarkup
// on the message pressed (the callback query's message, Message.Ref).

import (
	"strconv"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"oyunbot/chat"
)

// editOp is the call of a reply that edits the board pressed: its keyboard
// becomes kb (nil removes it). ok is false when r is no edit or its Ref
// names no message (a typed command): the reply is then sent as a new one.
func editOp(r chat.Reply, kb *markup) (op, bool) {
	if !r.Edit {
		return op{}, false
	}
	id, err := strconv.Atoi(r.Ref)
	if err != nil || id <= 0 {
		return op{}, false
	}
	return op{kind: opEditMarkup, replyTo: id, keyboard: kb, game: r.GameID}, true
}

// editMarkup replaces the keyboard of message o.replyTo. An edit that
// changes nothing (the same press twice) or whose message is gone is no
// failure: there is nothing left to do.
func (b *Bot) editMarkup(chatID int64, o op) (tgbotapi.Message, error) {
	kb := &markup{InlineKeyboard: [][]markupButton{}}
	if o.keyboard != nil {
		kb = o.keyboard
	}
	p := tgbotapi.Params{"chat_id": strconv.FormatInt(chatID, 10), "message_id": strconv.Itoa(o.replyTo)}
	if err := p.AddInterface("reply_markup", kb); err != nil {
		return tgbotapi.Message{}, err
	}
	_, err := b.raw("editMessageReplyMarkup", p, nil)
	if unchanged(err) || gone(err) {
		err = nil
	}
	return tgbotapi.Message{MessageID: o.replyTo}, err
}
