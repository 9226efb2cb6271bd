package telegram

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"oyunbot/chat"
	"oyunbot/chat/internal/lanes"
	"oyunbot/chat/internal/retry"
)

// Telegram's limits, in UTF-16 code units for texts. An inline keyboard
// takes at most 8 buttons a row and 100 in all (the Bot API answers
// REPLY_MARKUP_TOO_LONG beyond): a tap board's 64 squares, a row of
// choices and the actions fit.
const (
	maxText          = 4096
	maxCaption       = 1024
	maxButtonsPerRow = 8
	maxButtons       = 100
)

// Errors of replies that cannot be sent as they are.
var (
	ErrEmptyReply = errors.New("telegram: reply has no text and no image")
	ErrButtonData = fmt.Errorf("telegram: button data must be 1-%d bytes", chat.MaxButtonData)
	ErrKeyboard   = fmt.Errorf("telegram: at most %d buttons, %d per row, each with a label", maxButtons, maxButtonsPerRow)
)

type opKind int

const (
	opText opKind = iota
	opPhoto
	opDocument
	opTyping
	opEditMarkup // replaces the keyboard of message replyTo (tap.go)
	opEditMedia  // replaces picture, caption and keyboard of board message target (board.go)
	opEditText   // replaces text and keyboard of board message target, a board without a picture
)

// op is one API call of a reply.
type op struct {
	kind     opKind
	text     string // message text or photo caption
	photo    []byte // the picture of opPhoto, the file of opDocument
	name     string
	keyboard *markup
	replyTo  int
	target   int   // the board message an edit changes
	thread   int   // the forum topic a new message goes to (topic.go), 0 none
	game     int64 // a board's game (chat.Reply.GameID), 0 for none
}

// Send queues a reply on its chat's lane and waits until Telegram has it:
// replies to one chat go out in the order Send was called, paced and
// retried on 429 and transient errors (a bounded number of times: the
// Router's outbox retries beyond); replies to different chats do not wait
// for each other. A reply that Telegram cannot accept as it is (bad buttons,
// nothing to say, a channel that is not a Telegram chat, a chat that is gone
// or blocked the bot) is refused with an error wrapping
// chat.ErrUndeliverable. When ctx ends first Send returns its error, and the
// queued reply may still go out.
func (b *Bot) Send(ctx context.Context, r chat.Reply) error {
	if id, ok := inlineChannel(r); ok {
		return b.sendInline(ctx, id, r)
	}
	ch, err := target(r)
	if err != nil {
		return err
	}
	ops, err := plan(r, b.quotable(ch.chat, r.Ref))
	if err != nil {
		return fmt.Errorf("%w: %w", chat.ErrUndeliverable, err)
	}
	_, err = b.enqueue(ctx, ch, ops)
	return err
}

// inlineChannel is the inline message a reply of this platform goes to
// (inline.go), ok false for a chat.
func inlineChannel(r chat.Reply) (id string, ok bool) {
	if r.Platform != "" && r.Platform != Platform {
		return "", false
	}
	id, ok = strings.CutPrefix(r.ChannelID, chat.InlineChannelPrefix)
	return id, ok && id != ""
}

// target is the chat (and forum topic) a reply goes to, or an error
// wrapping chat.ErrUndeliverable.
func target(r chat.Reply) (channel, error) {
	if r.Platform != "" && r.Platform != Platform {
		return channel{}, fmt.Errorf("%w: telegram: reply for platform %q", chat.ErrUndeliverable, r.Platform)
	}
	ch, ok := parseChannel(r.ChannelID)
	if !ok {
		return channel{}, fmt.Errorf("%w: telegram: bad chat id %q", chat.ErrUndeliverable, r.ChannelID)
	}
	return ch, nil
}

// enqueue queues the calls of a reply on its chat's lane (the topics of a
// forum share their chat's) and waits until they are made or ctx ends. It
// returns the id of the message that shows the reply's board (boardIndex),
// 0 when none was made.
func (b *Bot) enqueue(ctx context.Context, ch channel, ops []op) (int, error) {
	for i := range ops {
		ops[i].thread = ch.thread
	}
	chatID := ch.chat
	withApps(chatID, ops)
	type result struct {
		id  int
		err error
	}
	done := make(chan result, 1)
	if err := b.out.Push(chatID, func(chatPace *lanes.Bucket) {
		id, err := b.deliver(chatPace, chatID, ops)
		done <- result{id, err}
	}); err != nil {
		return 0, err
	}
	select {
	case res := <-done:
		return res.id, res.err
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

// plan turns a reply into API calls. Photos carry Caption, or Text when
// there is no caption or when Text contains the caption; text beyond a
// photo's caption limit and beyond a message's limit follows as further
// messages. The keyboard goes with the
// photo, or with the last text message. When quote is set, the first call
// answers (quotes) the message r.Ref.
func plan(r chat.Reply, quote bool) ([]op, error) {
	r = chat.LinksAsText(r, chat.PublicURL)
	kb, err := chatKeyboard(slices.Concat(r.Board, r.Buttons))
	if err != nil {
		return nil, err
	}
	if o, ok := editOp(r, kb); ok {
		return []op{o}, nil
	}
	replyTo := 0
	if quote {
		replyTo, _ = strconv.Atoi(r.Ref)
	}
	text := strings.TrimSpace(r.Text)
	if len(r.Image) == 0 && r.Notice {
		return []op{{kind: opTyping}}, nil
	}
	var ops []op
	fileName := r.FileName
	if fileName == "" {
		fileName = "oyunbot.txt"
	}
	if len(r.File) > 0 && len(r.Image) == 0 {
		// A document carries the text as its caption, as far as it fits.
		doc := op{kind: opDocument, photo: r.File, name: fileName, replyTo: replyTo}
		doc.text, text = cut(text, maxCaption)
		ops = append(ops, doc)
		replyTo = 0
	}
	if len(r.Image) > 0 {
		name := r.ImageName
		if name == "" {
			name = "board.png"
		}
		photo := op{kind: opPhoto, photo: r.Image, name: name, keyboard: kb, replyTo: replyTo, game: r.GameID}
		switch caption := strings.TrimSpace(r.Caption); {
		case caption == "" || strings.Contains(text, caption):
			// Text is the caption, or the caption and more (a pending
			// draw offer; a round's announcement around the pairings'
			// title): as much as fits goes under the photo, the rest
			// follows.
			photo.text, text = cut(text, maxCaption)
		default:
			// Text is a long form for platforms without captions.
			photo.text, text = truncate(caption, maxCaption), ""
		}
		ops = append(ops, photo)
		kb, replyTo = nil, 0
	} else if text == "" && len(ops) == 0 {
		return nil, ErrEmptyReply
	}
	for text != "" {
		var chunk string
		chunk, text = cut(text, maxText)
		if chunk == "" {
			continue
		}
		ops = append(ops, op{kind: opText, text: chunk, replyTo: replyTo})
		replyTo = 0
	}
	if len(r.File) > 0 && len(r.Image) > 0 {
		ops = append(ops, op{kind: opDocument, photo: r.File, name: fileName})
	}
	if kb != nil {
		ops[len(ops)-1].keyboard = kb
	}
	return ops, nil
}

// keyboard validates buttons and makes the inline keyboard (nil for none),
// as the client library has it (inline messages).
func keyboard(rows [][]chat.Button) (*tgbotapi.InlineKeyboardMarkup, error) {
	m, err := chatKeyboard(rows)
	return m.lib(), err
}

// chatKeyboard validates buttons and makes the inline keyboard of a chat's
// message (nil for none): a game page's link marked to open as a Mini App
// where the chat takes one (withApps).
func chatKeyboard(rows [][]chat.Button) (*markup, error) {
	var out [][]markupButton
	total := 0
	for _, row := range rows {
		if len(row) == 0 {
			continue
		}
		if len(row) > maxButtonsPerRow {
			return nil, ErrKeyboard
		}
		btns := make([]markupButton, len(row))
		for i, bt := range row {
			if bt.URL != "" && bt.Data == "" && strings.TrimSpace(bt.Label) != "" {
				btns[i] = markupButton{InlineKeyboardButton: tgbotapi.NewInlineKeyboardButtonURL(bt.Label, bt.URL)}
				if miniAppURL(bt) {
					btns[i].app = bt.URL
				}
				continue
			}
			if bt.Data == "" || len(bt.Data) > chat.MaxButtonData || !utf8.ValidString(bt.Data) {
				return nil, fmt.Errorf("%w: %q", ErrButtonData, bt.Data)
			}
			if strings.TrimSpace(bt.Label) == "" {
				return nil, ErrKeyboard
			}
			btns[i] = markupButton{InlineKeyboardButton: tgbotapi.NewInlineKeyboardButtonData(bt.Label, bt.Data)}
		}
		total += len(row)
		out = append(out, btns)
	}
	if total > maxButtons {
		return nil, ErrKeyboard
	}
	if out == nil {
		return nil, nil
	}
	return &markup{InlineKeyboard: out}, nil
}

// cut splits off a head of at most limit UTF-16 units, preferring to break
// after a newline, then after a space.
func cut(s string, limit int) (head, tail string) {
	if utf16Len(s) <= limit {
		return s, ""
	}
	end, units := 0, 0
	for i, r := range s {
		n := utf16.RuneLen(r)
		if n < 0 {
			n = 1
		}
		if units+n > limit {
			break
		}
		units += n
		end = i + utf8.RuneLen(r)
	}
	head = s[:end]
	if i := strings.LastIndexByte(head, '\n'); i > len(head)/2 {
		head = head[:i+1]
	} else if i := strings.LastIndexByte(head, ' '); i > len(head)/2 {
		head = head[:i+1]
	}
	return strings.TrimRight(head, " \n"), strings.TrimLeft(s[len(head):], " \n")
}

// truncate shortens s to limit UTF-16 units, marking the cut with "…".
func truncate(s string, limit int) string {
	if utf16Len(s) <= limit {
		return s
	}
	head, _ := cut(s, limit-1)
	return head + "…"
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if l := utf16.RuneLen(r); l > 0 {
			n += l
		} else {
			n++
		}
	}
	return n
}

// deliver makes the calls of one reply, in order, and returns the id of
// the message that shows its board (boardIndex; 0 when that call failed)
// and the first error of a call that still failed after the retries (the
// rest of the reply still goes out). A call Telegram refuses for good
// (400, 403, 404) makes an error wrapping chat.ErrUndeliverable; a board's
// edit it refuses (400: the message is gone or cannot be edited) ends the
// reply, nothing more sent, with an error wrapping chat.ErrEditFailed.
func (b *Bot) deliver(chatPace *lanes.Bucket, chatID int64, ops []op) (int, error) {
	var first error
	board, boardID := boardIndex(ops), 0
	for i, o := range ops {
		id, err := b.perform(chatPace, &chatID, o)
		if err != nil && o.kind == opPhoto && o.text != "" && b.life.Err() == nil && isBadRequest(err) {
			// Telegram refused the picture itself: the words and buttons
			// still go out, as a text message.
			b.log.Error("board refused, sending its caption as text", "chat", chatID, "err", err)
			o = op{kind: opText, text: o.text, keyboard: o.keyboard, replyTo: o.replyTo}
			id, err = b.perform(chatPace, &chatID, o)
		}
		if err != nil {
			if b.life.Err() != nil {
				// The outbox keeps the reply for the next start.
				return boardID, fmt.Errorf("telegram: shutting down: %w", err)
			}
			if o.kind == opTyping {
				continue // a typing indicator lost is nothing lost
			}
			if (o.kind == opEditMedia || o.kind == opEditText) && isBadRequest(err) {
				// The board is sent anew by the caller; nothing went out.
				return 0, fmt.Errorf("%w: %w", chat.ErrEditFailed, err)
			}
			if permanent(err) {
				err = fmt.Errorf("%w: %w", chat.ErrUndeliverable, err)
			}
			b.log.Warn("reply not delivered", "chat", chatID, "err", err)
			if first == nil {
				first = err
			}
			continue
		}
		if i == board {
			boardID = id
		}
		switch o.kind {
		case opPhoto, opEditMedia, opEditText:
			if prev := b.newBoard(chatID, id, o); prev != 0 && b.life.Err() == nil {
				// The old board's buttons go after Send has returned: the
				// reply is delivered now, and the outbox forgets it at
				// once (a process killed in between would send it again).
				// An edited board is its own successor: nothing to clear.
				b.bg.Add(1)
				go func() {
					defer b.bg.Done()
					b.clearButtons(chatID, prev)
				}()
			}
		}
	}
	return boardID, first
}

// perform makes one call with pacing and the retry policy, following a
// group's migration to a supergroup (at once, paced again, not counted as
// a failure). It returns the sent message's id.
func (b *Bot) perform(chatPace *lanes.Bucket, chatID *int64, o op) (int, error) {
	var id int
	err := b.policy().Do(b.life, func() error {
		for migrated := false; ; migrated = true {
			if o.kind != opTyping {
				if err := b.pace(chatPace); err != nil {
					return err
				}
			}
			msg, err := b.request(*chatID, o)
			if err == nil {
				id = msg.MessageID
				return nil
			}
			to := classify(err, b.cfg.RetryAfterUnit).migrateTo
			if migrated || to == 0 || to == *chatID {
				return err
			}
			b.log.Info("group moved to a supergroup", "from", *chatID, "to", to)
			*chatID = to
		}
	}, b.verdict, func(n int, wait time.Duration, err error) {
		b.log.Debug("send retry", "chat", *chatID, "attempt", n, "wait", wait, "err", err)
	})
	return id, err
}

// pace waits for the chat's and the bot-wide token.
func (b *Bot) pace(chatPace *lanes.Bucket) error {
	now := time.Now()
	wait := max(chatPace.Reserve(now), b.global.Reserve(now))
	return retry.Sleep(b.life, wait)
}

// request makes the API call of an op. Sends build their parameters here,
// for message_thread_id, which the client library does not know.
func (b *Bot) request(chatID int64, o op) (tgbotapi.Message, error) {
	switch o.kind {
	case opEditMarkup:
		return b.editMarkup(chatID, o)
	case opEditMedia:
		return b.editMedia(chatID, o)
	case opEditText:
		return b.editText(chatID, o)
	}
	p, err := sendParams(chatID, o)
	if err != nil {
		return tgbotapi.Message{}, err
	}
	upload := func(field string) []tgbotapi.RequestFile {
		return []tgbotapi.RequestFile{{Name: field, Data: tgbotapi.FileBytes{Name: o.name, Bytes: o.photo}}}
	}
	switch o.kind {
	case opTyping:
		p["action"] = tgbotapi.ChatTyping
		return b.raw("sendChatAction", p, nil)
	case opDocument:
		p.AddNonEmpty("caption", o.text)
		return b.raw("sendDocument", p, upload("document"))
	case opPhoto:
		p.AddNonEmpty("caption", o.text)
		return b.raw("sendPhoto", p, upload("photo"))
	default:
		p["text"] = o.text
		p.AddBool("disable_web_page_preview", true)
		return b.raw("sendMessage", p, nil)
	}
}

// sendParams are the parameters every send shares: the chat and topic,
// the keyboard, the message quoted.
func sendParams(chatID int64, o op) (tgbotapi.Params, error) {
	p := tgbotapi.Params{"chat_id": strconv.FormatInt(chatID, 10)}
	p.AddNonZero("message_thread_id", o.thread)
	if o.kind == opTyping {
		return p, nil
	}
	if o.keyboard != nil {
		if err := p.AddInterface("reply_markup", o.keyboard); err != nil {
			return nil, err
		}
	}
	if o.replyTo != 0 {
		p.AddNonZero("reply_to_message_id", o.replyTo)
		p.AddBool("allow_sending_without_reply", true)
	}
	return p, nil
}

// newBoard records the latest board of each game in a chat and returns
// the message id of that game's board before it (0 if none), whose
// buttons are to be removed, so that each game has one board to press: a
// chat may have several games going on, each board's buttons act on its
// own game (they carry its tag) and stay while it goes on. A picture of no
// game is the chat's.
func (b *Bot) newBoard(chatID int64, msgID int, o op) (prev int) {
	slot := boardKey{chatID, o.game}
	b.mu.Lock()
	defer b.mu.Unlock()
	prev = b.boards[slot]
	if len(b.boards) >= maxBoards {
		clear(b.boards)
	}
	if o.keyboard != nil {
		b.boards[slot] = msgID
	} else {
		delete(b.boards, slot) // the game is over: its last board has no buttons
	}
	if prev == msgID {
		return 0
	}
	return prev
}

// clearButtons removes the buttons of an old board. Best effort: a stale
// button that survives is refused by the router anyway.
func (b *Bot) clearButtons(chatID int64, msgID int) {
	empty := tgbotapi.InlineKeyboardMarkup{InlineKeyboard: [][]tgbotapi.InlineKeyboardButton{}}
	err := b.call(b.life, "editMessageReplyMarkup", func() error {
		_, err := b.api.Request(tgbotapi.NewEditMessageReplyMarkup(chatID, msgID, empty))
		if unchanged(err) || gone(err) {
			return nil
		}
		return err
	})
	if err != nil {
		b.log.Debug("old board's buttons not removed", "chat", chatID, "err", err)
	}
}

// quotable reports whether a reply to ref should quote it: only in groups,
// where several people talk, and only a person's message (quoting the
// bot's own board after a button press would just repeat it).
func (b *Bot) quotable(chatID int64, ref string) bool {
	id, err := strconv.Atoi(ref)
	if err != nil || chatID > 0 {
		return false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	_, ok := b.quotes[refKey{chatID, id}]
	return ok
}

// received records a person's group message as quotable.
func (b *Bot) received(chatID int64, msgID int) {
	if chatID > 0 {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.quotes) >= maxQuotes {
		clear(b.quotes)
	}
	b.quotes[refKey{chatID, msgID}] = struct{}{}
}

// permanent reports whether Telegram refused a call for good: a bad request
// (a chat that does not exist, a message it cannot take), a bot that was
// blocked or removed (403), a chat not found (404). Retrying cannot help.
func permanent(err error) bool {
	var te *tgbotapi.Error
	if !errors.As(err, &te) {
		return false
	}
	switch errorCode(te) {
	case http.StatusBadRequest, http.StatusForbidden, http.StatusNotFound:
		return true
	}
	return false
}
