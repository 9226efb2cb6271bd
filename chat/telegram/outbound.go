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
)

// op is one API call of a reply.
type op struct {
	kind     opKind
	text     string // message text or photo caption
	photo    []byte // the picture of opPhoto, the file of opDocument
	name     string
	keyboard *tgbotapi.InlineKeyboardMarkup
	replyTo  int
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
	if r.Platform != "" && r.Platform != Platform {
		return fmt.Errorf("%w: telegram: reply for platform %q", chat.ErrUndeliverable, r.Platform)
	}
	if id, ok := strings.CutPrefix(r.ChannelID, chat.InlineChannelPrefix); ok && id != "" {
		return b.sendInline(ctx, id, r)
	}
	chatID, err := strconv.ParseInt(r.ChannelID, 10, 64)
	if err != nil || chatID == 0 {
		return fmt.Errorf("%w: telegram: bad chat id %q", chat.ErrUndeliverable, r.ChannelID)
	}
	ops, err := plan(r, b.quotable(chatID, r.Ref))
	if err != nil {
		return fmt.Errorf("%w: %w", chat.ErrUndeliverable, err)
	}
	done := make(chan error, 1)
	if err := b.out.Push(chatID, func(chatPace *lanes.Bucket) { done <- b.deliver(chatPace, chatID, ops) }); err != nil {
		return err
	}
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
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
	kb, err := keyboard(slices.Concat(r.Board, r.Buttons))
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

// keyboard validates buttons and makes the inline keyboard (nil for none).
func keyboard(rows [][]chat.Button) (*tgbotapi.InlineKeyboardMarkup, error) {
	var out [][]tgbotapi.InlineKeyboardButton
	total := 0
	for _, row := range rows {
		if len(row) == 0 {
			continue
		}
		if len(row) > maxButtonsPerRow {
			return nil, ErrKeyboard
		}
		btns := make([]tgbotapi.InlineKeyboardButton, len(row))
		for i, bt := range row {
			if bt.URL != "" && bt.Data == "" && strings.TrimSpace(bt.Label) != "" {
				btns[i] = tgbotapi.NewInlineKeyboardButtonURL(bt.Label, bt.URL)
				continue
			}
			if bt.Data == "" || len(bt.Data) > chat.MaxButtonData || !utf8.ValidString(bt.Data) {
				return nil, fmt.Errorf("%w: %q", ErrButtonData, bt.Data)
			}
			if strings.TrimSpace(bt.Label) == "" {
				return nil, ErrKeyboard
			}
			btns[i] = tgbotapi.NewInlineKeyboardButtonData(bt.Label, bt.Data)
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
	return &tgbotapi.InlineKeyboardMarkup{InlineKeyboard: out}, nil
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

// deliver makes the calls of one reply, in order, and returns the first
// error of a call that still failed after the retries (the rest of the
// reply still goes out). A call Telegram refuses for good (400, 403, 404)
// makes an error wrapping chat.ErrUndeliverable.
func (b *Bot) deliver(chatPace *lanes.Bucket, chatID int64, ops []op) error {
	var first error
	for _, o := range ops {
		id, err := b.perform(chatPace, &chatID, o)
		if err != nil && o.kind == opPhoto && o.text != "" && b.life.Err() == nil && isBadRequest(err) {
			// Telegram refused the picture itself: the words and buttons
			// still go out, as a text message.
			b.log.Error("board refused, sending its caption as text", "chat", chatID, "err", err)
			o = op{kind: opText, text: o.text, keyboard: o.keyboard, replyTo: o.replyTo}
			_, err = b.perform(chatPace, &chatID, o)
		}
		if err != nil {
			if b.life.Err() != nil {
				// The outbox keeps the reply for the next start.
				return fmt.Errorf("telegram: shutting down: %w", err)
			}
			if o.kind == opTyping {
				continue // a typing indicator lost is nothing lost
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
		if o.kind == opPhoto {
			if prev := b.newBoard(chatID, id, o); prev != 0 && b.life.Err() == nil {
				// The old board's buttons go after Send has returned: the
				// reply is delivered now, and the outbox forgets it at
				// once (a process killed in between would send it again).
				b.bg.Add(1)
				go func() {
					defer b.bg.Done()
					b.clearButtons(chatID, prev)
				}()
			}
		}
	}
	return first
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

// request makes the API call of an op.
func (b *Bot) request(chatID int64, o op) (tgbotapi.Message, error) {
	switch o.kind {
	case opTyping:
		_, err := b.api.Request(tgbotapi.NewChatAction(chatID, tgbotapi.ChatTyping))
		return tgbotapi.Message{}, err
	case opEditMarkup:
		return b.editMarkup(chatID, o)
	case opDocument:
		cfg := tgbotapi.NewDocument(chatID, tgbotapi.FileBytes{Name: o.name, Bytes: o.photo})
		cfg.Caption = o.text
		setBase(&cfg.BaseChat, o)
		return b.api.Send(cfg)
	case opPhoto:
		cfg := tgbotapi.NewPhoto(chatID, tgbotapi.FileBytes{Name: o.name, Bytes: o.photo})
		cfg.Caption = o.text
		setBase(&cfg.BaseChat, o)
		return b.api.Send(cfg)
	default:
		cfg := tgbotapi.NewMessage(chatID, o.text)
		cfg.DisableWebPagePreview = true
		setBase(&cfg.BaseChat, o)
		return b.api.Send(cfg)
	}
}

func setBase(c *tgbotapi.BaseChat, o op) {
	if o.keyboard != nil {
		c.ReplyMarkup = *o.keyboard
	}
	if o.replyTo != 0 {
		c.ReplyToMessageID = o.replyTo
		c.AllowSendingWithoutReply = true
	}
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
		if isNotModified(err) {
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
