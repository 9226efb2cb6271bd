package telegram

// board.go shows a game's live board (chat.BoardSender): a new board
// message, or the message of the previous board edited in place, in one
// call: editMessageMedia (new picture, caption and keyboard together), or
// editMessageText for a board without a picture.

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"oyunbot/chat"
)

var _ chat.BoardSender = (*Bot)(nil)

// boardAttach is the multipart field of an edited board's picture, named
// by the media's "attach://" address.
const boardAttach = "board"

// SendBoard implements chat.BoardSender. With at == "" it sends r as Send
// does and returns the id of the message that shows the board (the photo,
// or the text carrying the buttons of a board without a picture). With at
// set (such an id) it edits that message to show r, picture, caption and
// buttons in one call, and sends only the text that does not fit it; an
// edit that changes nothing is a success. An edit Telegram refuses (the
// message was deleted, cannot be edited, or the request as it is) returns
// an error wrapping chat.ErrEditFailed, nothing sent. Edits are paced on
// the chat's lane and retried as sends are. An inline message (inline.go)
// is edited whatever at says.
func (b *Bot) SendBoard(ctx context.Context, r chat.Reply, at string) (string, error) {
	if id, ok := inlineChannel(r); ok {
		// Every reply edits an inline message: it is its own board.
		return id, b.sendInline(ctx, id, r)
	}
	ch, err := target(r)
	if err != nil {
		return "", err
	}
	var ops []op
	if at == "" {
		ops, err = plan(r, b.quotable(ch.chat, r.Ref))
	} else {
		id, perr := strconv.Atoi(at)
		if perr != nil || id <= 0 {
			return "", fmt.Errorf("%w: telegram: bad board reference %q", chat.ErrEditFailed, at)
		}
		ops, err = planEdit(r, id)
	}
	if err != nil {
		return "", fmt.Errorf("%w: %w", chat.ErrUndeliverable, err)
	}
	id, err := b.enqueue(ctx, ch, ops)
	if id == 0 {
		return "", err
	}
	return strconv.Itoa(id), err
}

// planEdit plans a reply that edits board message id: the board's call
// (the photo's, or the first text's for a board without a picture) edits
// it, first, with the keyboard; the rest (text beyond the caption, a file)
// follows as new messages. Nothing quotes.
func planEdit(r chat.Reply, id int) ([]op, error) {
	r.Edit, r.Notice = false, false
	ops, err := plan(r, false)
	if err != nil {
		return nil, err
	}
	at := boardIndex(ops)
	if at < 0 {
		return nil, ErrEmptyReply
	}
	board := ops[at]
	switch board.kind {
	case opPhoto:
		board.kind = opEditMedia
	default:
		board.kind = opEditText
		for i := range ops {
			if ops[i].keyboard != nil {
				board.keyboard, ops[i].keyboard = ops[i].keyboard, nil
			}
		}
	}
	board.replyTo, board.target, board.game = 0, id, r.GameID
	out := []op{board}
	for i, o := range ops {
		if i != at {
			o.replyTo = 0
			out = append(out, o)
		}
	}
	return out, nil
}

// boardIndex is the op that shows a reply's board: its photo, or else its
// first text (-1 when there is neither).
func boardIndex(ops []op) int {
	text := -1
	for i, o := range ops {
		switch o.kind {
		case opPhoto, opEditMedia, opEditText, opEditMarkup:
			return i
		case opText:
			if text < 0 {
				text = i
			}
		}
	}
	return text
}

// editMedia replaces the picture, caption and keyboard of board message
// o.target in one editMessageMedia (the picture uploaded beside it, named
// by "attach://"). Omitting the keyboard removes it (a finished game).
func (b *Bot) editMedia(chatID int64, o op) (tgbotapi.Message, error) {
	media, err := json.Marshal(struct {
		Type    string `json:"type"`
		Media   string `json:"media"`
		Caption string `json:"caption,omitempty"`
	}{"photo", "attach://" + boardAttach, o.text})
	if err != nil {
		return tgbotapi.Message{}, err
	}
	p := editParams(chatID, o)
	p["media"] = string(media)
	if err := p.AddInterface("reply_markup", o.keyboard); err != nil {
		return tgbotapi.Message{}, err
	}
	files := []tgbotapi.RequestFile{{Name: boardAttach, Data: tgbotapi.FileBytes{Name: o.name, Bytes: o.photo}}}
	_, err = b.raw("editMessageMedia", p, files)
	return edited(o, err)
}

// editText replaces the text and keyboard of a board without a picture.
func (b *Bot) editText(chatID int64, o op) (tgbotapi.Message, error) {
	p := editParams(chatID, o)
	p["text"] = o.text
	p.AddBool("disable_web_page_preview", true)
	if err := p.AddInterface("reply_markup", o.keyboard); err != nil {
		return tgbotapi.Message{}, err
	}
	_, err := b.raw("editMessageText", p, nil)
	return edited(o, err)
}

// editParams names the message an edit changes.
func editParams(chatID int64, o op) tgbotapi.Params {
	return tgbotapi.Params{
		"chat_id":    strconv.FormatInt(chatID, 10),
		"message_id": strconv.Itoa(o.target),
	}
}

// edited is the outcome of a board's edit: one that changed nothing (the
// same board shown again) is a success.
func edited(o op, err error) (tgbotapi.Message, error) {
	if err != nil && !unchanged(err) {
		return tgbotapi.Message{}, err
	}
	return tgbotapi.Message{MessageID: o.target}, nil
}

// raw makes an API call with params built here (the library's configs
// lack some fields), uploading files when there are any, and decodes the
// message it returns (zero for a call that returns true).
func (b *Bot) raw(method string, p tgbotapi.Params, files []tgbotapi.RequestFile) (tgbotapi.Message, error) {
	var (
		resp *tgbotapi.APIResponse
		err  error
	)
	if len(files) > 0 {
		resp, err = b.api.UploadFiles(method, p, files)
	} else {
		resp, err = b.api.MakeRequest(method, p)
	}
	if err != nil {
		return tgbotapi.Message{}, err
	}
	var m tgbotapi.Message
	if len(resp.Result) > 0 && resp.Result[0] == '{' {
		if err := json.Unmarshal(resp.Result, &m); err != nil {
			return tgbotapi.Message{}, fmt.Errorf("telegram: %s: %w", method, err)
		}
	}
	return m, nil
}
