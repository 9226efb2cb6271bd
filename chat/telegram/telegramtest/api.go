package telegramtest

// api.go answers the Bot API's methods as the real server does: the
// envelope, the parameters (form and multipart), getUpdates' long poll,
// and each method's checks and results.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	_ "image/png" // sendPhoto checks that uploads decode
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"
)

// newMessageID numbers messages per chat, as Telegram does.
func (s *Server) newMessageID(chatID int64) int {
	s.nextMsg[chatID]++
	return s.nextMsg[chatID]
}

// apiError is a failed call's answer.
type apiError struct {
	status int
	desc   string
}

func badRequest(desc string) *apiError {
	return &apiError{http.StatusBadRequest, "Bad Request: " + desc}
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	token, method, ok := strings.Cut(strings.TrimPrefix(r.URL.Path, "/bot"), "/")
	if !ok || !strings.HasPrefix(r.URL.Path, "/bot") {
		writeJSON(w, http.StatusNotFound, response{ErrorCode: 404, Description: "Not Found"})
		return
	}
	if token != s.token {
		writeJSON(w, http.StatusUnauthorized, response{ErrorCode: 401, Description: "Unauthorized"})
		return
	}
	params, files, err := parseParams(r)
	if err != nil {
		s.record(method, params, http.StatusBadRequest)
		writeJSON(w, http.StatusBadRequest, response{ErrorCode: 400, Description: "Bad Request: " + err.Error()})
		return
	}
	if f, ok := s.takeFault(method); ok {
		s.record(method, params, f.Status)
		if f.Stall != nil {
			select {
			case <-f.Stall:
			case <-r.Context().Done():
				return
			}
		}
		if f.Hangup {
			hangup(w)
			return
		}
		if f.Echo {
			f.Description += fmt.Sprintf(" (upstream request: %s %s %s)", r.Method, r.URL.Path, params.Encode())
		}
		if f.Raw != "" {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(f.Status)
			_, _ = io.WriteString(w, f.Raw)
			return
		}
		resp := response{ErrorCode: f.Status, Description: f.Description}
		if f.RetryAfter > 0 || f.MigrateTo != 0 {
			resp.Parameters = &parameters{RetryAfter: f.RetryAfter, MigrateToChatID: f.MigrateTo}
		}
		writeJSON(w, f.Status, resp)
		return
	}
	var result any
	var aerr *apiError
	if strings.EqualFold(method, "getUpdates") {
		result, aerr = s.getUpdates(r.Context(), params)
	} else {
		s.mu.Lock()
		result, aerr = s.call(method, params, files)
		s.mu.Unlock()
	}
	if aerr != nil {
		s.record(method, params, aerr.status)
		writeJSON(w, aerr.status, response{ErrorCode: aerr.status, Description: aerr.desc})
		return
	}
	s.record(method, params, http.StatusOK)
	writeJSON(w, http.StatusOK, response{OK: true, Result: result})
}

func (s *Server) record(method string, params url.Values, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = append(s.calls, Call{Method: method, Params: params, Status: status, At: time.Now()})
	s.notify()
}

func (s *Server) takeFault(method string) (Fault, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for name, fs := range s.faults {
		if strings.EqualFold(name, method) && len(fs) > 0 {
			s.faults[name] = fs[1:]
			return fs[0], true
		}
	}
	return Fault{}, false
}

// hangup closes the request's connection without writing anything.
func hangup(w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		panic("telegramtest: the connection cannot be hijacked")
	}
	conn, _, err := hj.Hijack()
	if err != nil {
		panic(err)
	}
	conn.Close()
}

type upload struct {
	name string
	data []byte
}

// parseParams reads a form, multipart or JSON request body.
func parseParams(r *http.Request) (url.Values, map[string]upload, error) {
	files := map[string]upload{}
	ct := r.Header.Get("Content-Type")
	switch {
	case strings.HasPrefix(ct, "multipart/form-data"):
		if err := r.ParseMultipartForm(32 << 20); err != nil {
			return url.Values{}, nil, err
		}
		for name, fhs := range r.MultipartForm.File {
			f, err := fhs[0].Open()
			if err != nil {
				return url.Values{}, nil, err
			}
			data, err := io.ReadAll(f)
			f.Close()
			if err != nil {
				return url.Values{}, nil, err
			}
			files[name] = upload{fhs[0].Filename, data}
		}
		return url.Values(r.MultipartForm.Value), files, nil
	case strings.HasPrefix(ct, "application/json"):
		var raw map[string]any
		if err := json.NewDecoder(r.Body).Decode(&raw); err != nil && err != io.EOF {
			return url.Values{}, nil, err
		}
		v := url.Values{}
		for k, x := range raw {
			switch x := x.(type) {
			case string:
				v.Set(k, x)
			default:
				b, _ := json.Marshal(x)
				v.Set(k, string(b))
			}
		}
		return v, files, nil
	default:
		if err := r.ParseForm(); err != nil {
			return url.Values{}, nil, err
		}
		v := r.Form
		if v == nil {
			v = url.Values{}
		}
		return v, files, nil
	}
}

func writeJSON(w http.ResponseWriter, status int, v response) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// getUpdates answers with the queued updates at or after offset, waiting up
// to timeout seconds for one; a newer getUpdates ends this one with 409.
func (s *Server) getUpdates(ctx context.Context, p url.Values) (any, *apiError) {
	offset, _ := strconv.Atoi(p.Get("offset"))
	limit, _ := strconv.Atoi(p.Get("limit"))
	if limit <= 0 || limit > maxUpdates {
		limit = maxUpdates
	}
	timeout, _ := strconv.Atoi(p.Get("timeout"))
	var allowed []string
	if a := p.Get("allowed_updates"); a != "" && a != "null" {
		if err := json.Unmarshal([]byte(a), &allowed); err != nil {
			return nil, badRequest("can't parse allowed updates")
		}
	}
	deadline := time.NewTimer(time.Duration(timeout) * time.Second)
	defer deadline.Stop()

	s.mu.Lock()
	if s.hookURL != "" {
		s.mu.Unlock()
		return nil, &apiError{http.StatusConflict, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first"}
	}
	s.pollGen++
	gen := s.pollGen
	s.notify() // Delivered's polledSince may have changed
	s.mu.Unlock()
	for {
		s.mu.Lock()
		if gen != s.pollGen {
			s.mu.Unlock()
			return nil, &apiError{http.StatusConflict, "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running"}
		}
		// An offset confirms (forgets) every earlier update; a negative
		// one keeps only the last -offset.
		if offset < 0 {
			if n := len(s.queue) + offset; n > 0 {
				s.queue = s.queue[n:]
			}
		} else {
			for len(s.queue) > 0 && s.queue[0].id < offset {
				s.queue = s.queue[1:]
			}
		}
		var out []Update
		for _, q := range s.queue {
			if len(out) == limit {
				break
			}
			if len(allowed) == 0 || slices.Contains(allowed, q.u.kind()) {
				out = append(out, q.u)
				if _, ok := s.delivered[q.id]; !ok {
					s.delivered[q.id] = gen
					s.notify()
				}
			}
		}
		ch := s.changed
		s.mu.Unlock()
		if len(out) > 0 || timeout <= 0 {
			return append([]Update{}, out...), nil
		}
		select {
		case <-ch:
		case <-deadline.C:
			timeout = 0
		case <-ctx.Done():
			return nil, &apiError{http.StatusGatewayTimeout, "Gateway Timeout"}
		}
	}
}

// call performs every method but getUpdates; called with s.mu held.
func (s *Server) call(method string, p url.Values, files map[string]upload) (any, *apiError) {
	defer s.notify()
	switch method {
	case "getMe":
		return s.bot, nil
	case "sendMessage":
		return s.sendMessage(p)
	case "sendPhoto":
		return s.sendPhoto(p, files)
	case "sendDocument":
		return s.sendDocument(p, files)
	case "sendChatAction":
		c, err := s.chat(p)
		if err != nil {
			return nil, err
		}
		if _, err := s.thread(c, p); err != nil {
			return nil, err
		}
		if p.Get("action") == "" {
			return nil, badRequest("wrong parameter action in request")
		}
		return true, nil
	case "editMessageText", "editMessageCaption", "editMessageReplyMarkup":
		if imid := p.Get("inline_message_id"); imid != "" {
			return s.editInline(method, imid, p)
		}
		return s.edit(method, p, nil)
	case "editMessageMedia":
		if p.Get("inline_message_id") != "" {
			// An inline message takes no new upload: only a file_id or
			// a URL, which the bot does not use.
			return nil, badRequest("inline message media editing is not supported by the fake")
		}
		return s.edit(method, p, files)
	case "answerInlineQuery":
		return s.answerInline(p)
	case "deleteMessage":
		c, err := s.chat(p)
		if err != nil {
			return nil, err
		}
		id, _ := strconv.Atoi(p.Get("message_id"))
		m := s.find(c.ID, id)
		if m == nil {
			return nil, badRequest("message to delete not found")
		}
		m.gone = true
		return true, nil
	case "answerCallbackQuery":
		cb := s.callbacks[p.Get("callback_query_id")]
		if cb == nil || cb.answered {
			return nil, badRequest("query is too old and response timeout expired or query ID is invalid")
		}
		if n := utf8.RuneCountInString(p.Get("text")); n > 200 {
			return nil, badRequest("MESSAGE_TOO_LONG")
		}
		cb.answered, cb.text, cb.alert = true, p.Get("text"), p.Get("show_alert") == "true"
		return true, nil
	case "setMyCommands":
		var cmds []BotCommand
		if err := json.Unmarshal([]byte(p.Get("commands")), &cmds); err != nil {
			return nil, badRequest("can't parse commands JSON object")
		}
		for _, c := range cmds {
			if !menuPattern.MatchString(c.Command) {
				return nil, badRequest("BOT_COMMAND_INVALID")
			}
			if n := utf16Len(c.Description); n < 1 || n > 256 {
				return nil, badRequest("BOT_COMMAND_DESCRIPTION_INVALID")
			}
		}
		s.commands[p.Get("language_code")] = cmds
		return true, nil
	case "getMyCommands":
		return s.commands[p.Get("language_code")], nil
	case "setWebhook":
		s.hookURL, s.hookSecret = p.Get("url"), p.Get("secret_token")
		return true, nil
	case "deleteWebhook":
		s.hookURL, s.hookSecret = "", ""
		return true, nil
	case "getWebhookInfo":
		return map[string]any{"url": s.hookURL, "has_custom_certificate": false, "pending_update_count": len(s.queue)}, nil
	case "getChatMember":
		c, err := s.chat(p)
		if err != nil {
			return nil, err
		}
		uid, _ := strconv.ParseInt(p.Get("user_id"), 10, 64)
		status := s.members[[2]int64{c.ID, uid}]
		if status == "" {
			status = "member"
		}
		return map[string]any{"user": User{ID: uid, FirstName: "user" + strconv.FormatInt(uid, 10)}, "status": status}, nil
	}
	return nil, &apiError{http.StatusNotFound, "Not Found"}
}

// chat resolves chat_id to a chat the bot has heard from.
func (s *Server) chat(p url.Values) (Chat, *apiError) {
	id, err := strconv.ParseInt(p.Get("chat_id"), 10, 64)
	if err != nil {
		return Chat{}, badRequest("chat_id is empty")
	}
	c, ok := s.chats[id]
	if !ok {
		return Chat{}, badRequest("chat not found")
	}
	return c, nil
}

// keyboard reads reply_markup; web_app buttons are taken in a private
// chat only, to an https address, as Telegram takes them.
func (s *Server) keyboard(p url.Values, private bool) (*Keyboard, *apiError) {
	raw := p.Get("reply_markup")
	if raw == "" {
		return nil, nil
	}
	var kb Keyboard
	if err := json.Unmarshal([]byte(raw), &kb); err != nil {
		return nil, badRequest("can't parse reply keyboard markup JSON object")
	}
	if kb.InlineKeyboard == nil {
		return nil, badRequest("object expected as reply markup")
	}
	total := 0
	for _, row := range kb.InlineKeyboard {
		total += len(row)
		if len(row) > maxButtonsPerRow || total > maxButtons {
			return nil, badRequest("REPLY_MARKUP_TOO_LONG")
		}
		for _, b := range row {
			if b.Text == "" {
				return nil, badRequest("can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard")
			}
			kinds := 0
			for _, set := range []bool{b.CallbackData != nil, b.URL != nil, b.WebApp != nil} {
				if set {
					kinds++
				}
			}
			if kinds == 0 {
				return nil, badRequest("can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard")
			}
			if kinds > 1 {
				return nil, badRequest("can't parse inline keyboard button: exactly one of the optional fields must be used")
			}
			if b.WebApp != nil {
				if !private {
					return nil, badRequest("BUTTON_TYPE_INVALID")
				}
				if u, err := url.Parse(b.WebApp.URL); err != nil || u.Scheme != "https" || u.Host == "" {
					return nil, badRequest("BUTTON_URL_INVALID")
				}
			}
			if b.CallbackData != nil && (len(*b.CallbackData) == 0 || len(*b.CallbackData) > maxButtonData) {
				return nil, badRequest("BUTTON_DATA_INVALID")
			}
		}
	}
	if len(kb.InlineKeyboard) == 0 {
		return nil, nil
	}
	return &kb, nil
}

// thread checks message_thread_id: a topic of forum c, or none (a
// forum's General topic, or any other chat); called with s.mu held.
func (s *Server) thread(c Chat, p url.Values) (int, *apiError) {
	raw := p.Get("message_thread_id")
	if raw == "" {
		return 0, nil
	}
	id, err := strconv.Atoi(raw)
	if err != nil {
		return 0, badRequest("message thread not found")
	}
	if _, ok := s.topics[c.ID][id]; !ok || !c.IsForum {
		return 0, badRequest("message thread not found")
	}
	return id, nil
}

// newMessage checks the parameters common to sent messages and stores one.
func (s *Server) newMessage(p url.Values) (*stored, *apiError) {
	c, err := s.chat(p)
	if err != nil {
		return nil, err
	}
	thread, err := s.thread(c, p)
	if err != nil {
		return nil, err
	}
	kb, err := s.keyboard(p, c.Type == "private")
	if err != nil {
		return nil, err
	}
	bot := s.bot
	m := &stored{msg: Message{From: &bot, Chat: c, Date: time.Now().Unix(), ReplyMarkup: kb,
		MessageThreadID: thread, IsTopicMessage: thread != 0}, sent: true, at: time.Now()}
	if rid, _ := strconv.Atoi(p.Get("reply_to_message_id")); rid != 0 {
		var to *Message
		for _, o := range s.msgs[c.ID] {
			if o.msg.MessageID == rid {
				cp := o.msg
				cp.ReplyToMessage = nil
				to = &cp
			}
		}
		if to == nil && p.Get("allow_sending_without_reply") != "true" {
			return nil, badRequest("replied message not found")
		}
		m.msg.ReplyToMessage = to
	}
	return m, nil
}

func (s *Server) commit(m *stored) Message {
	m.msg.MessageID = s.newMessageID(m.msg.Chat.ID)
	s.seq++
	m.seq = s.seq
	s.msgs[m.msg.Chat.ID] = append(s.msgs[m.msg.Chat.ID], m)
	s.logState(m, m.export().Method)
	return m.msg
}

func (s *Server) sendMessage(p url.Values) (any, *apiError) {
	text := p.Get("text")
	if strings.TrimSpace(text) == "" {
		return nil, badRequest("message text is empty")
	}
	if utf16Len(text) > maxText {
		return nil, badRequest("message is too long")
	}
	m, err := s.newMessage(p)
	if err != nil {
		return nil, err
	}
	m.msg.Text = text
	return s.commit(m), nil
}

func (s *Server) sendPhoto(p url.Values, files map[string]upload) (any, *apiError) {
	f, ok := files["photo"]
	if !ok {
		return nil, badRequest("there is no photo in the request")
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(f.data))
	if err != nil {
		return nil, badRequest("IMAGE_PROCESS_FAILED")
	}
	caption := p.Get("caption")
	if utf16Len(caption) > maxCaption {
		return nil, badRequest("message caption is too long")
	}
	m, aerr := s.newMessage(p)
	if aerr != nil {
		return nil, aerr
	}
	m.photo, m.name = f.data, f.name
	m.msg.Caption = caption
	id := fmt.Sprintf("photo%d", s.seq+1)
	m.msg.Photo = []PhotoSize{{FileID: id, FileUniqueID: id, Width: cfg.Width, Height: cfg.Height, FileSize: len(f.data)}}
	return s.commit(m), nil
}

func (s *Server) sendDocument(p url.Values, files map[string]upload) (any, *apiError) {
	f, ok := files["document"]
	if !ok {
		return nil, badRequest("there is no document in the request")
	}
	if len(f.data) == 0 {
		return nil, badRequest("file must be non-empty")
	}
	caption := p.Get("caption")
	if utf16Len(caption) > maxCaption {
		return nil, badRequest("message caption is too long")
	}
	m, aerr := s.newMessage(p)
	if aerr != nil {
		return nil, aerr
	}
	m.doc, m.name = f.data, f.name
	m.msg.Caption = caption
	id := fmt.Sprintf("doc%d", s.seq+1)
	m.msg.Document = &Document{FileID: id, FileUniqueID: id, FileName: f.name, FileSize: len(f.data)}
	return s.commit(m), nil
}

// edit answers the editMessage* methods of a chat's message (inline
// messages are not supported): text, caption, keyboard, or the media with
// its caption (editMessageMedia, the new photo uploaded beside it and named
// by "attach://<field>"). reply_markup omitted removes the keyboard.
func (s *Server) edit(method string, p url.Values, files map[string]upload) (any, *apiError) {
	c, err := s.chat(p)
	if err != nil {
		return nil, err
	}
	if p.Get("message_id") == "" {
		return nil, badRequest("message identifier is not specified")
	}
	id, perr := strconv.Atoi(p.Get("message_id"))
	if perr != nil || id <= 0 {
		return nil, badRequest("MESSAGE_ID_INVALID")
	}
	m := s.find(c.ID, id)
	if m == nil {
		return nil, badRequest("message to edit not found")
	}
	if !m.sent {
		return nil, badRequest("message can't be edited")
	}
	kb, err := s.keyboard(p, c.Type == "private")
	if err != nil {
		return nil, err
	}
	next, photo := m.msg, m.photo
	next.ReplyMarkup = kb // omitting reply_markup removes the keyboard
	switch method {
	case "editMessageText":
		if m.photo != nil || m.doc != nil {
			return nil, badRequest("there is no text in the message to edit")
		}
		next.Text = p.Get("text")
		if strings.TrimSpace(next.Text) == "" {
			return nil, badRequest("message text is empty")
		}
		if utf16Len(next.Text) > maxText {
			return nil, badRequest("MESSAGE_TOO_LONG")
		}
	case "editMessageCaption":
		if m.photo == nil && m.doc == nil {
			return nil, badRequest("there is no caption in the message to edit")
		}
		next.Caption = p.Get("caption")
		if utf16Len(next.Caption) > maxCaption {
			return nil, badRequest("message caption is too long")
		}
	case "editMessageMedia":
		if m.doc != nil {
			return nil, badRequest("message can't be edited")
		}
		var media struct {
			Type    string `json:"type"`
			Media   string `json:"media"`
			Caption string `json:"caption"`
		}
		if err := json.Unmarshal([]byte(p.Get("media")), &media); err != nil || media.Type == "" {
			return nil, badRequest("can't parse InputMedia: Can't parse media JSON object")
		}
		if media.Type != "photo" {
			return nil, badRequest("can't parse InputMedia: media type " + media.Type + " is not supported by the fake")
		}
		field, ok := strings.CutPrefix(media.Media, "attach://")
		f, found := files[field]
		if !ok || !found {
			return nil, badRequest("wrong file identifier/HTTP URL specified")
		}
		cfg, _, derr := image.DecodeConfig(bytes.NewReader(f.data))
		if derr != nil {
			return nil, badRequest("IMAGE_PROCESS_FAILED")
		}
		if utf16Len(media.Caption) > maxCaption {
			return nil, badRequest("message caption is too long")
		}
		fid := fmt.Sprintf("photo%d-%d", id, m.edits+1)
		next.Text, next.Entities, next.Caption = "", nil, media.Caption
		next.Photo = []PhotoSize{{FileID: fid, FileUniqueID: fid, Width: cfg.Width, Height: cfg.Height, FileSize: len(f.data)}}
		photo = f.data
		if bytes.Equal(photo, m.photo) && sameContent(m.msg, next) {
			return nil, badRequest(notModified)
		}
		m.name = f.name
	}
	if method != "editMessageMedia" && sameContent(m.msg, next) {
		return nil, badRequest(notModified)
	}
	next.EditDate = time.Now().Unix()
	m.msg, m.photo = next, photo
	m.edits++
	s.logState(m, method)
	return m.msg, nil
}

// notModified is the Bot API's answer to an edit that changes nothing.
const notModified = "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message"

func sameContent(a, b Message) bool {
	if a.Text != b.Text || a.Caption != b.Caption {
		return false
	}
	ka, _ := json.Marshal(a.ReplyMarkup)
	kb, _ := json.Marshal(b.ReplyMarkup)
	return bytes.Equal(ka, kb)
}

func utf16Len(s string) int { return len(utf16.Encode([]rune(s))) }
