// Package telegramtest is an in-process fake of the Telegram Bot API for
// offline tests: it speaks the real HTTP protocol (form and multipart
// requests, the {"ok":...} envelope, long polling with offset and timeout,
// webhook delivery with the secret token) and lets a test play the users:
// send texts, press buttons, inject 429 and 5xx failures, and read back what
// the bot sent, photos included.
package telegramtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Limits the real API enforces.
const (
	maxText       = 4096
	maxCaption    = 1024
	maxButtonData = 64
	maxUpdates    = 100
	// An inline keyboard holds at most 8 buttons a row and 100 in all;
	// beyond, Telegram refuses the markup.
	maxButtonsPerRow = 8
	maxButtons       = 100
)

// Config configures a Server.
type Config struct {
	Token string // default "123456:TEST-TOKEN"
	Bot   User   // default id 1000, @oyun_test_bot
}

// Sent is a message the bot sent, as it is now (edits applied).
type Sent struct {
	Seq       int // order among all sent messages
	Method    string
	ChatID    int64
	MessageID int
	Text      string // text, or the caption of a photo
	Photo     []byte // the uploaded file of a photo
	PhotoName string
	Document  []byte // the uploaded file of a document (sendDocument)
	DocName   string
	Keyboard  [][]Button
	ReplyTo   int
	At        time.Time
	// Edits counts the edits the message went through; Deleted is true
	// once it was deleted (it is no longer Visible).
	Edits   int
	Deleted bool
	// Thread is the forum topic the message is in (0: none, or General).
	Thread int
}

// Data returns the callback data of the keyboard, row by row.
func (s Sent) Data() []string {
	var out []string
	for _, row := range s.Keyboard {
		for _, b := range row {
			if b.CallbackData != nil {
				out = append(out, *b.CallbackData)
			}
		}
	}
	return out
}

// WebApps returns the addresses of the keyboard's Mini App (web_app)
// buttons, row by row.
func (s Sent) WebApps() []string {
	var out []string
	for _, row := range s.Keyboard {
		for _, b := range row {
			if b.WebApp != nil {
				out = append(out, b.WebApp.URL)
			}
		}
	}
	return out
}

// Call is one API request the server answered.
type Call struct {
	Method string
	Params url.Values
	Status int // HTTP status answered
	At     time.Time
}

// Fault is an injected failure: the next call of a method answers with it
// instead of doing anything.
type Fault struct {
	Status      int
	Description string
	RetryAfter  int
	// MigrateTo is the supergroup a group was upgraded to.
	MigrateTo int64
	// Raw, when set, is sent as the body verbatim (e.g. a proxy's HTML).
	Raw string
	// Hangup closes the connection without an answer: the client sees EOF.
	Hangup bool
	// Stall, when set, holds the request without an answer until it is
	// closed or the client gives up (a server that does not answer); then
	// the fault is answered as it says.
	Stall <-chan struct{}
	// Echo appends the request, as a debugging proxy's error page would
	// show it, to Description: its path (the token included) and its
	// parameters (a webhook's secret_token included).
	Echo bool
}

// TooManyRequests is Telegram's flood-control answer.
func TooManyRequests(retryAfter int) Fault {
	return Fault{
		Status:      http.StatusTooManyRequests,
		Description: fmt.Sprintf("Too Many Requests: retry after %d", retryAfter),
		RetryAfter:  retryAfter,
	}
}

// Migrated is the answer to a send into a group upgraded to a supergroup.
func Migrated(to int64) Fault {
	return Fault{Status: http.StatusBadRequest, Description: "Bad Request: group chat was upgraded to a supergroup chat", MigrateTo: to}
}

// BadGateway is a proxy's failure with an HTML body.
func BadGateway() Fault {
	return Fault{Status: http.StatusBadGateway, Raw: "<html><body><h1>502 Bad Gateway</h1></body></html>"}
}

type stored struct {
	msg   Message
	photo []byte
	doc   []byte // the uploaded file of a document
	name  string
	seq   int
	sent  bool // by the bot
	at    time.Time
	edits int
	gone  bool // deleted
}

type queued struct {
	id int
	u  Update
}

// Server is the fake Bot API. Its methods are safe for concurrent use.
type Server struct {
	srv   *httptest.Server
	token string
	bot   User

	mu         sync.Mutex
	changed    chan struct{} // closed and replaced on every change
	nextUpdate int
	queue      []queued
	pollGen    int // a newer getUpdates ends an older one
	msgs       map[int64][]*stored
	nextMsg    map[int64]int
	chats      map[int64]Chat
	seq        int
	calls      []Call
	faults     map[string][]Fault
	callbacks  map[string]*callbackState
	nextCB     int
	commands   map[string][]BotCommand
	hookURL    string
	hookSecret string
	members    map[[2]int64]string
	topics     map[int64]map[int]string // a forum's topics: thread id → name
	history    map[int64][]Sent         // every state the bot's messages took, per chat
	updates    map[int]Update           // every update delivered, by id (Redeliver)
	// delivered is the getUpdates request (pollGen) that first returned
	// each update.
	delivered map[int]int
	// Inline mode (inline.go): the queries sent, by id, and the messages
	// sent through them, by inline_message_id.
	inlineQueries map[string]*inlineQueryState
	inlineMsgs    map[string]*InlineMessage
}

type callbackState struct {
	answered bool
	text     string
	alert    bool
}

// NewServer starts a fake Bot API server; Close stops it.
func NewServer(cfg Config) *Server {
	if cfg.Token == "" {
		cfg.Token = "123456:TEST-TOKEN"
	}
	if cfg.Bot.ID == 0 {
		cfg.Bot = User{ID: 1000, IsBot: true, FirstName: "Oyun", UserName: "oyun_test_bot"}
	}
	s := &Server{
		token:     cfg.Token,
		bot:       cfg.Bot,
		changed:   make(chan struct{}),
		msgs:      make(map[int64][]*stored),
		nextMsg:   make(map[int64]int),
		chats:     make(map[int64]Chat),
		faults:    make(map[string][]Fault),
		callbacks: make(map[string]*callbackState),
		commands:  make(map[string][]BotCommand),
		members:   make(map[[2]int64]string),
		topics:    make(map[int64]map[int]string),
		history:   make(map[int64][]Sent),
		updates:   make(map[int]Update),
		delivered: make(map[int]int),

		inlineQueries: make(map[string]*inlineQueryState),
		inlineMsgs:    make(map[string]*InlineMessage),
	}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// Close stops the server.
func (s *Server) Close() { s.srv.Close() }

// Token is the bot token the server accepts.
func (s *Server) Token() string { return s.token }

// Bot is the bot's user, as getMe returns it.
func (s *Server) Bot() User { return s.bot }

// Endpoint is the API endpoint in the client library's format.
func (s *Server) Endpoint() string { return s.srv.URL + "/bot%s/%s" }

// notify wakes Wait; called with s.mu held.
func (s *Server) notify() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// Wait returns nil once cond holds, re-checking after every change of the
// server's state, or an error after timeout (a liveness guard, not a speed
// requirement). cond may call the server's accessors.
func (s *Server) Wait(timeout time.Duration, cond func() bool) error {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		s.mu.Lock()
		ch := s.changed
		s.mu.Unlock()
		if cond() {
			return nil
		}
		select {
		case <-ch:
		case <-deadline.C:
			if cond() {
				return nil
			}
			return errors.New("telegramtest: condition not met in time")
		}
	}
}

// Fail queues failures for the next calls of method.
func (s *Server) Fail(method string, faults ...Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults[method] = append(s.faults[method], faults...)
}

// SetMember sets a user's status in a chat ("creator", "administrator",
// "member"...); getChatMember answers "member" otherwise.
func (s *Server) SetMember(chatID, userID int64, status string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.members[[2]int64{chatID, userID}] = status
}

// Visible returns the messages of the bot that a chat shows now, oldest
// first: edits applied, deleted ones left out.
func (s *Server) Visible(chatID int64) []Sent {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Sent
	for _, m := range s.msgs[chatID] {
		if m.sent && !m.gone {
			out = append(out, m.export())
		}
	}
	return out
}

// DeleteMessage deletes a message of a chat as a person would (an admin
// tidying up): it is no longer Visible, cannot be pressed, and edits of it
// fail as they do on Telegram.
func (s *Server) DeleteMessage(chatID int64, messageID int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.find(chatID, messageID)
	if m == nil {
		return fmt.Errorf("telegramtest: no message %d in chat %d", messageID, chatID)
	}
	m.gone = true
	s.notify()
	return nil
}

// find is a chat's message that is not deleted, nil when there is none;
// called with s.mu held.
func (s *Server) find(chatID int64, messageID int) *stored {
	for _, m := range s.msgs[chatID] {
		if m.msg.MessageID == messageID && !m.gone {
			return m
		}
	}
	return nil
}

// History returns every state the bot's messages in a chat took, in the
// order they took them: each message as sent, and again after each edit,
// with Method the call that made that state ("sendPhoto",
// "editMessageMedia", "editMessageReplyMarkup"...). A game played in one
// message is one sendPhoto and an editMessageMedia a turn.
func (s *Server) History(chatID int64) []Sent {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.history[chatID])
}

// logState records a state of message m made by method; called with s.mu
// held.
func (s *Server) logState(m *stored, method string) {
	e := m.export()
	e.Method = method
	s.history[e.ChatID] = append(s.history[e.ChatID], e)
}

// Sent returns the messages the bot sent to a chat, oldest first, as they
// are now (edits applied; deleted ones marked Deleted).
func (s *Server) Sent(chatID int64) []Sent {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Sent
	for _, m := range s.msgs[chatID] {
		if m.sent {
			out = append(out, m.export())
		}
	}
	return out
}

// AllSent returns every message the bot sent, in sending order.
func (s *Server) AllSent() []Sent {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Sent
	for _, ms := range s.msgs {
		for _, m := range ms {
			if m.sent {
				out = append(out, m.export())
			}
		}
	}
	slices.SortFunc(out, func(a, b Sent) int { return a.Seq - b.Seq })
	return out
}

func (m *stored) export() Sent {
	out := Sent{
		Seq: m.seq, ChatID: m.msg.Chat.ID, MessageID: m.msg.MessageID,
		Text: m.msg.Text, Photo: m.photo, PhotoName: m.name, At: m.at, Method: "sendMessage",
		Edits: m.edits, Deleted: m.gone, Thread: m.msg.MessageThreadID,
	}
	if m.photo != nil {
		out.Method, out.Text = "sendPhoto", m.msg.Caption
	}
	if m.doc != nil {
		out.Method, out.Text, out.Document, out.DocName, out.PhotoName = "sendDocument", m.msg.Caption, m.doc, m.name, ""
	}
	if m.msg.ReplyMarkup != nil {
		out.Keyboard = m.msg.ReplyMarkup.InlineKeyboard
	}
	if m.msg.ReplyToMessage != nil {
		out.ReplyTo = m.msg.ReplyToMessage.MessageID
	}
	return out
}

// Calls returns the calls of a method ("" for all), in order.
func (s *Server) Calls(method string) []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Call
	for _, c := range s.calls {
		if method == "" || strings.EqualFold(c.Method, method) {
			out = append(out, c)
		}
	}
	return out
}

// Answered reports whether a callback query was answered.
func (s *Server) Answered(callbackID string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	cb := s.callbacks[callbackID]
	return cb != nil && cb.answered
}

// Answer is a callback query's answer: the text the presser alone saw (a
// toast, or an alert they close), ok false until it is answered.
func (s *Server) Answer(callbackID string) (text string, alert, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	cb := s.callbacks[callbackID]
	if cb == nil || !cb.answered {
		return "", false, false
	}
	return cb.text, cb.alert, true
}

// Commands returns the command menu set for a language code ("" default).
func (s *Server) Commands(lang string) []BotCommand {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.commands[lang])
}

// Webhook returns the webhook URL and secret token set by the bot.
func (s *Server) Webhook() (url, secret string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hookURL, s.hookSecret
}

var (
	commandPattern = regexp.MustCompile(`^/[A-Za-z0-9_]{1,32}(@[A-Za-z0-9_]{3,32})?`)
	mentionPattern = regexp.MustCompile(`(^|[^A-Za-z0-9_])(@[A-Za-z0-9_]{5,32})`)
	menuPattern    = regexp.MustCompile(`^[a-z0-9_]{1,32}$`)
)

// SendText has from send text in c, with the entities Telegram would add
// (bot_command, mention), and delivers the update.
func (s *Server) SendText(c Chat, from User, text string) (Message, error) {
	return s.SendMessage(textMessage(c, from, text))
}

// SendTopicText is SendText in a topic of a forum (OpenTopic).
func (s *Server) SendTopicText(c Chat, thread int, from User, text string) (Message, error) {
	m := textMessage(c, from, text)
	m.MessageThreadID, m.IsTopicMessage = thread, true
	return s.SendMessage(m)
}

// OpenTopic creates a topic in forum c, as a member of it would, and
// returns its message_thread_id: the id of the service message that
// starts it.
func (s *Server) OpenTopic(c Chat, from User, name string) (int, error) {
	if !c.IsForum {
		return 0, fmt.Errorf("telegramtest: chat %d is not a forum", c.ID)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.chats[c.ID] = c
	id := s.newMessageID(c.ID)
	if s.topics[c.ID] == nil {
		s.topics[c.ID] = map[int]string{}
	}
	s.topics[c.ID][id] = name
	m := Message{MessageID: id, MessageThreadID: id, IsTopicMessage: true, From: &from, Chat: c, Date: time.Now().Unix(),
		ForumTopicCreated: &TopicInfo{Name: name, IconColor: 7322096}}
	s.msgs[c.ID] = append(s.msgs[c.ID], &stored{msg: m, at: time.Now()})
	s.notify()
	return id, nil
}

// textMessage is a person's text with the entities Telegram adds.
func textMessage(c Chat, from User, text string) Message {
	m := Message{From: &from, Chat: c, Text: text}
	if loc := commandPattern.FindStringIndex(text); loc != nil {
		m.Entities = append(m.Entities, Entity{Type: "bot_command", Offset: 0, Length: utf16Len(text[:loc[1]])})
	}
	for _, loc := range mentionPattern.FindAllStringSubmatchIndex(text, -1) {
		m.Entities = append(m.Entities, Entity{Type: "mention", Offset: utf16Len(text[:loc[4]]), Length: utf16Len(text[loc[4]:loc[5]])})
	}
	return m
}

// SendMessage delivers a message from a user as an update, filling in its
// id and date.
func (s *Server) SendMessage(m Message) (Message, error) {
	s.mu.Lock()
	s.chats[m.Chat.ID] = m.Chat
	m.MessageID = s.newMessageID(m.Chat.ID)
	if m.Date == 0 {
		m.Date = time.Now().Unix()
	}
	cp := m
	s.msgs[m.Chat.ID] = append(s.msgs[m.Chat.ID], &stored{msg: cp, at: time.Now()})
	s.mu.Unlock()
	return m, s.SendUpdate(Update{Message: &m})
}

// Press has from press the button with data on a message the bot sent; it
// fails, as a real client would, when that message has no such button.
func (s *Server) Press(from User, chatID int64, messageID int, data string) (string, error) {
	s.mu.Lock()
	msg := s.find(chatID, messageID)
	if msg == nil || !msg.sent {
		s.mu.Unlock()
		return "", fmt.Errorf("telegramtest: no message %d in chat %d", messageID, chatID)
	}
	if !slices.Contains(msg.export().Data(), data) {
		s.mu.Unlock()
		return "", fmt.Errorf("telegramtest: message %d has no button %q", messageID, data)
	}
	s.nextCB++
	id := fmt.Sprintf("cb%d", s.nextCB)
	s.callbacks[id] = &callbackState{}
	m := msg.msg
	s.mu.Unlock()
	cq := CallbackQuery{ID: id, From: from, Message: &m, ChatInstance: strconv.FormatInt(chatID, 10), Data: data}
	return id, s.SendUpdate(Update{CallbackQuery: &cq})
}

// LastUpdate is the id of the last update sent (0 before any).
func (s *Server) LastUpdate() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.nextUpdate
}

// Delivered reports whether getUpdates has returned update id, and whether
// a getUpdates request has come since the one that first returned it (a
// bot that confirms what it receives at once has confirmed it then).
func (s *Server) Delivered(id int) (delivered, polledSince bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	gen, ok := s.delivered[id]
	return ok, ok && s.pollGen > gen
}

// Confirmed reports whether update id, sent to the getUpdates queue, has
// been confirmed (an offset past it): it is forgotten, and never returned
// again.
func (s *Server) Confirmed(id int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if id > s.nextUpdate {
		return false
	}
	for _, q := range s.queue {
		if q.id == id {
			return false
		}
	}
	return true
}

// SendUpdate delivers an update: to the webhook when one is set (and
// returns its failure), otherwise to the getUpdates queue.
func (s *Server) SendUpdate(u Update) error {
	s.mu.Lock()
	s.nextUpdate++
	u.UpdateID = s.nextUpdate
	s.updates[u.UpdateID] = u
	hook, secret := s.hookURL, s.hookSecret
	if hook == "" {
		s.queue = append(s.queue, queued{u.UpdateID, u})
		s.notify()
		s.mu.Unlock()
		return nil
	}
	s.mu.Unlock()
	return post(hook, secret, u)
}

// LastUpdateID is the id of the latest update delivered (0 for none).
func (s *Server) LastUpdateID() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.nextUpdate
}

// Redeliver posts update id again, the same id and content, as Telegram
// does when a webhook's answer did not reach it: to hook ("" for the
// webhook set; another address reaches one process behind a load
// balancer), with the webhook's secret.
func (s *Server) Redeliver(id int, hook string) error {
	s.mu.Lock()
	u, ok := s.updates[id]
	if hook == "" {
		hook = s.hookURL
	}
	secret := s.hookSecret
	s.mu.Unlock()
	if !ok {
		return fmt.Errorf("telegramtest: no update %d was delivered", id)
	}
	if hook == "" {
		return fmt.Errorf("telegramtest: no webhook to redeliver update %d to", id)
	}
	return post(hook, secret, u)
}

// post delivers u to a webhook.
func post(hook, secret string, u Update) error {
	body, err := json.Marshal(u)
	if err != nil {
		return err
	}
	req, err := http.NewRequest(http.MethodPost, hook, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if secret != "" {
		req.Header.Set("X-Telegram-Bot-Api-Secret-Token", secret)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("telegramtest: webhook answered %s", resp.Status)
	}
	return nil
}
