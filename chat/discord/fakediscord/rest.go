// rest.go is the REST API: gateway discovery, users/@me, channel messages (JSON and multipart), typing, interaction
// callbacks and webhook followups/edits, each checked against Discord's
// rules (the application commands: commands.go).

package fakediscord

import (
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Discord's limits checked on what the bot sends.
const (
	maxContent     = 2000
	maxRows        = 5
	maxButtonsRow  = 5
	maxCustomID    = 100
	linkStyle      = 5 // a button that opens its url
	maxButtonLabel = 80
	maxCommands    = 100
	maxChoices     = 25
	maxDescription = 100
	maxChoiceName  = 100
)

// commandName is Discord's rule for command and option names (lower case).
var commandName = regexp.MustCompile(`^[-_\p{Ll}\p{Lo}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// apiError writes Discord's error body.
func apiError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"code": code, "message": msg})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func (s *Server) serveREST(w http.ResponseWriter, r *http.Request) {
	path := strings.TrimPrefix(r.URL.Path, "/api/v9/")
	parts := strings.Split(path, "/")
	if f := s.opts.Intercept; f != nil && f(w, r, path) {
		return
	}

	// Injected failures first, as a flaky Discord would answer.
	s.mu.Lock()
	for _, f := range s.failures {
		if f.left > 0 && f.method == r.Method && strings.HasPrefix(path, f.prefix) {
			f.left--
			s.mu.Unlock()
			io.Copy(io.Discard, r.Body)
			if f.status == http.StatusTooManyRequests {
				w.Header().Set("Retry-After", fmt.Sprint(f.retryAfter))
				writeJSON(w, f.status, map[string]any{"message": "You are being rate limited.", "retry_after": f.retryAfter, "global": false})
				return
			}
			apiError(w, f.status, 0, http.StatusText(f.status))
			return
		}
	}
	s.mu.Unlock()

	webhook := parts[0] == "webhooks" || parts[0] == "interactions"
	if !webhook && r.Header.Get("Authorization") != "Bot "+s.opts.Token {
		apiError(w, http.StatusUnauthorized, 0, "401: Unauthorized")
		return
	}
	if ua := r.Header.Get("User-Agent"); !strings.HasPrefix(ua, "DiscordBot") {
		s.errorf("REST %s %s: User-Agent %q, Discord wants DiscordBot (url, version)", r.Method, path, ua)
	}

	switch route := r.Method + " " + routeOf(parts); route {
	case "GET gateway":
		writeJSON(w, 200, map[string]any{"url": s.GatewayURL()})
	case "GET gateway/bot":
		writeJSON(w, 200, map[string]any{"url": s.GatewayURL(), "shards": 1,
			"session_start_limit": map[string]any{"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}})
	case "GET users/@me":
		writeJSON(w, 200, map[string]any{"id": s.opts.BotID, "username": s.opts.BotName, "bot": true})
	case "PUT applications/*/commands", "PUT applications/*/guilds/*/commands":
		s.putCommands(w, r, parts[1])
	case "POST channels/*/messages", "PATCH channels/*/messages/*", "POST channels/*/typing":
		if s.isAbsent(parts[1]) {
			// A DM, group DM or guild the bot is not in (reached through a
			// user's install): it can only answer interactions there.
			io.Copy(io.Discard, r.Body)
			s.record(Call{Kind: Refused, ChannelID: parts[1], Content: r.Method + " " + path})
			apiError(w, http.StatusForbidden, 50001, "Missing Access")
			return
		}
		switch {
		case parts[2] == "typing":
			s.record(Call{Kind: Typing, ChannelID: parts[1]})
			w.WriteHeader(http.StatusNoContent)
		case r.Method == "POST":
			s.postChannelMessage(w, r, parts[1])
		default:
			s.editChannelMessage(w, r, parts[1], parts[3])
		}
	case "POST interactions/*/*/callback":
		s.interactionCallback(w, r, parts[1], parts[2])
	case "POST webhooks/*/*":
		s.followup(w, r, parts[1], parts[2])
	case "PATCH webhooks/*/*/messages/*":
		s.editWebhookMessage(w, r, parts[1], parts[2], parts[4])
	case "DELETE webhooks/*/*/messages/*":
		s.deleteWebhookMessage(w, parts[1], parts[2], parts[4])
	default:
		s.errorf("REST: unexpected %s %s", r.Method, path)
		apiError(w, http.StatusNotFound, 0, "404: Not Found")
	}
}

// routes are the paths served; * stands for an id or token.
var routes = []string{
	"gateway", "gateway/bot", "users/@me",
	"applications/*/commands", "applications/*/guilds/*/commands",
	"channels/*/messages", "channels/*/messages/*", "channels/*/typing",
	"interactions/*/*/callback",
	"webhooks/*/*", "webhooks/*/*/messages/*",
}

// routeOf is the route parts match, or their path when none does.
func routeOf(parts []string) string {
	for _, rt := range routes {
		pat := strings.Split(rt, "/")
		if len(pat) != len(parts) {
			continue
		}
		ok := true
		for i := range pat {
			ok = ok && (pat[i] == "*" && parts[i] != "" || pat[i] == parts[i])
		}
		if ok {
			return rt
		}
	}
	return strings.Join(parts, "/")
}

// record appends a call; it stamps the time.
func (s *Server) record(c Call) {
	c.At = time.Now()
	s.mu.Lock()
	s.calls = append(s.calls, c)
	s.changed()
	s.mu.Unlock()
}

// ephemeralFlag is Discord's message flag EPHEMERAL (1 << 6).
const ephemeralFlag = 64

// body is a message body as the bot sends it (JSON or multipart).
type body struct {
	Type            int             `json:"type"` // interaction callbacks
	Data            *body           `json:"data"` // interaction callbacks
	Content         *string         `json:"content"`
	Components      []Component     `json:"components"`
	Flags           int             `json:"flags"`
	Choices         []Choice        `json:"choices"`
	AllowedMentions json.RawMessage `json:"allowed_mentions"`
	Reference       *struct {
		MessageID string `json:"message_id"`
	} `json:"message_reference"`
	Attachments []attachment `json:"attachments"`
	files       []File
}

// attachment is an entry of a message body's attachments: an attachment
// of the message to keep (its id), or a new file (id n for files[n]).
type attachment struct {
	ID       json.Number `json:"id"`
	Filename string      `json:"filename"`
}

func (a *attachment) UnmarshalJSON(b []byte) error {
	var raw struct {
		ID       any    `json:"id"`
		Filename string `json:"filename"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	switch id := raw.ID.(type) {
	case string:
		a.ID = json.Number(id)
	case float64:
		a.ID = json.Number(strconv.FormatFloat(id, 'f', -1, 64))
	default:
		return fmt.Errorf("attachment id %v: want a snowflake or a files[n] index", raw.ID)
	}
	a.Filename = raw.Filename
	return nil
}

// readBody parses JSON or multipart/form-data (payload_json plus files[n]).
func readBody(r *http.Request) (*body, error) {
	var b body
	ct, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct != "multipart/form-data" {
		if ct != "application/json" {
			return nil, fmt.Errorf("content type %q", r.Header.Get("Content-Type"))
		}
		if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
			return nil, err
		}
		return &b, nil
	}
	mr := multipart.NewReader(r.Body, params["boundary"])
	gotJSON := false
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		data, err := io.ReadAll(p)
		if err != nil {
			return nil, err
		}
		switch name := p.FormName(); {
		case name == "payload_json":
			if err := json.Unmarshal(data, &b); err != nil {
				return nil, fmt.Errorf("payload_json: %w", err)
			}
			gotJSON = true
		case strings.HasPrefix(name, "files[") && strings.HasSuffix(name, "]"):
			if p.FileName() == "" {
				return nil, fmt.Errorf("part %s without a filename", name)
			}
			b.files = append(b.files, File{Name: p.FileName(), ContentType: p.Header.Get("Content-Type"), Data: data})
		default:
			return nil, fmt.Errorf("unexpected form part %q", name)
		}
	}
	if !gotJSON {
		return nil, fmt.Errorf("multipart without payload_json")
	}
	if b.Data != nil {
		b.Data.files = b.files
	}
	return &b, nil
}

// checkMessage applies Discord's message rules.
func checkMessage(b *body, needSomething bool) error {
	content := ""
	if b.Content != nil {
		content = *b.Content
	}
	if n := utf8.RuneCountInString(content); n > maxContent {
		return fmt.Errorf("content has %d characters, limit %d", n, maxContent)
	}
	if needSomething && content == "" && len(b.files) == 0 && len(b.Components) == 0 {
		return fmt.Errorf("empty message")
	}
	if len(b.Components) > maxRows {
		return fmt.Errorf("%d action rows, limit %d", len(b.Components), maxRows)
	}
	ids := map[string]bool{}
	for _, row := range b.Components {
		if row.Type != 1 {
			return fmt.Errorf("top-level component of type %d, want action row (1)", row.Type)
		}
		if len(row.Components) == 1 && row.Components[0].Type == 3 {
			if err := checkSelect(row.Components[0], ids); err != nil {
				return err
			}
			continue
		}
		if len(row.Components) == 0 || len(row.Components) > maxButtonsRow {
			return fmt.Errorf("action row with %d buttons, want 1..%d", len(row.Components), maxButtonsRow)
		}
		for _, bt := range row.Components {
			if bt.Type != 2 {
				return fmt.Errorf("component of type %d in a row, want button (2)", bt.Type)
			}
			if n := utf8.RuneCountInString(bt.Label); n == 0 || n > maxButtonLabel {
				return fmt.Errorf("button label %q: want 1..%d characters", bt.Label, maxButtonLabel)
			}
			if bt.Style == linkStyle {
				// A link: an http(s) address and no custom_id.
				if bt.CustomID != "" || !(strings.HasPrefix(bt.URL, "https://") || strings.HasPrefix(bt.URL, "http://")) {
					return fmt.Errorf("link button %q: want a url and no custom_id", bt.Label)
				}
				continue
			}
			if bt.CustomID == "" || len(bt.CustomID) > maxCustomID {
				return fmt.Errorf("custom_id %q: want 1..%d characters", bt.CustomID, maxCustomID)
			}
			if ids[bt.CustomID] {
				return fmt.Errorf("duplicate custom_id %q", bt.CustomID)
			}
			ids[bt.CustomID] = true
			if bt.Style < 1 || bt.Style > 4 {
				return fmt.Errorf("button style %d", bt.Style)
			}
		}
	}
	for _, f := range b.files {
		if f.Name == "" || len(f.Data) == 0 {
			return fmt.Errorf("empty attachment %q", f.Name)
		}
	}
	return nil
}

func (s *Server) badRequest(w http.ResponseWriter, what string, err error) {
	s.errorf("%s: %v", what, err)
	apiError(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
}

// messageJSON is a message as Discord returns it.
func (s *Server) messageJSON(m *Message) map[string]any {
	atts := []map[string]any{}
	for i, f := range m.Files {
		atts = append(atts, map[string]any{"id": fmt.Sprintf("%s%d", m.ID, i), "filename": f.Name,
			"content_type": f.ContentType, "size": len(f.Data), "url": s.hs.URL + "/attachments/" + f.Name})
	}
	comps := m.Components
	if comps == nil {
		comps = []Component{}
	}
	return map[string]any{
		"id": m.ID, "channel_id": m.ChannelID, "content": m.Content, "type": 0,
		"author":    map[string]any{"id": s.opts.BotID, "username": s.opts.BotName, "bot": true},
		"timestamp": time.Now().UTC().Format(time.RFC3339), "attachments": atts, "components": comps,
		"mentions": []any{}, "embeds": []any{},
	}
}

// addMessage stores a new visible message; s.mu must be held.
func (s *Server) addMessage(m *Message) {
	m.ID = s.newID()
	s.messages[m.ID] = m
	s.channelMsgs[m.ChannelID] = append(s.channelMsgs[m.ChannelID], m.ID)
}

func (s *Server) postChannelMessage(w http.ResponseWriter, r *http.Request, channelID string) {
	b, err := readBody(r)
	if err != nil {
		s.badRequest(w, "POST channel message", err)
		return
	}
	if err := checkMessage(b, true); err != nil {
		s.badRequest(w, "POST channel message", err)
		return
	}
	m := &Message{ChannelID: channelID, Content: deref(b.Content), Components: b.Components, Files: b.files}
	if b.Reference != nil {
		m.ReferenceID = b.Reference.MessageID
	}
	s.mu.Lock()
	s.addMessage(m)
	out := s.messageJSON(m)
	s.mu.Unlock()
	s.record(Call{Kind: ChannelMessage, ChannelID: channelID, MessageID: m.ID, Content: m.Content,
		Components: m.Components, Files: m.Files, ReferenceID: m.ReferenceID, AllowedMentions: b.AllowedMentions})
	writeJSON(w, 200, out)
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// interactionCallback is the initial response to an interaction.
func (s *Server) interactionCallback(w http.ResponseWriter, r *http.Request, id, token string) {
	b, err := readBody(r)
	if err != nil {
		s.badRequest(w, "interaction callback", err)
		return
	}
	now := time.Now()
	s.mu.Lock()
	in := s.interactions[id]
	if in == nil || in.token != token {
		s.mu.Unlock()
		s.errorf("callback for unknown interaction %s", id)
		apiError(w, http.StatusNotFound, 10062, "Unknown interaction")
		return
	}
	if !in.state.AckedAt.IsZero() {
		in.state.DoubleAcked = true
		resent := in.resent
		s.mu.Unlock()
		if !resent {
			s.errorf("interaction %s acknowledged twice", id)
		}
		apiError(w, http.StatusBadRequest, 40060, "Interaction has already been acknowledged.")
		return
	}
	if now.Sub(in.state.CreatedAt) > s.opts.AckDeadline {
		in.state.LateAck = true
		s.changed()
		s.mu.Unlock()
		s.errorf("interaction %s acknowledged after %v", id, now.Sub(in.state.CreatedAt))
		apiError(w, http.StatusNotFound, 10062, "Unknown interaction")
		return
	}
	valid := map[int][]int{2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}}[in.state.Type]
	ok := false
	for _, t := range valid {
		ok = ok || t == b.Type
	}
	if !ok {
		s.mu.Unlock()
		s.badRequest(w, "interaction callback", fmt.Errorf("response type %d to interaction type %d", b.Type, in.state.Type))
		return
	}
	data := b.Data
	if data == nil {
		data = &body{}
	}
	if b.Type == 4 || b.Type == 7 {
		if err := checkMessage(data, b.Type == 4); err != nil {
			s.mu.Unlock()
			s.badRequest(w, "interaction callback", err)
			return
		}
	}
	in.state.AckedAt = now
	in.state.AckType = b.Type
	call := Call{Kind: Callback, ChannelID: in.channelID, InteractionID: id, CallbackType: b.Type,
		Content: deref(data.Content), Components: data.Components, Files: data.files, AllowedMentions: data.AllowedMentions,
		Ephemeral: data.Flags&ephemeralFlag != 0}
	switch b.Type {
	case 4, 5:
		m := &Message{ChannelID: in.channelID, Content: deref(data.Content), Components: data.Components,
			Files: data.files, Interaction: id, Loading: b.Type == 5, Ephemeral: data.Flags&ephemeralFlag != 0}
		s.addMessage(m)
		in.state.OriginalID = m.ID
		call.MessageID = m.ID
	case 6, 7:
		in.state.OriginalID = in.messageID
		call.MessageID = in.messageID
		if m := s.messages[in.messageID]; m != nil && !m.Deleted && b.Type == 7 {
			// UPDATE_MESSAGE edits the message pressed as an edit does.
			if err := applyEdit(m, data); err != nil {
				in.state.AckedAt = time.Time{}
				s.mu.Unlock()
				s.badRequest(w, "interaction callback", err)
				return
			}
		}
	case 8:
		if len(data.Choices) > maxChoices {
			s.errorf("autocomplete with %d choices, limit %d", len(data.Choices), maxChoices)
		}
		if data.Choices == nil {
			s.errorf("autocomplete result without a choices array")
		}
		in.state.Choices = data.Choices
		call.Choices = data.Choices
	}
	s.mu.Unlock()
	s.record(call)
	w.WriteHeader(http.StatusNoContent)
}

// webhookInteraction finds the acknowledged interaction of a webhook call.
func (s *Server) webhookInteraction(w http.ResponseWriter, what, appID, token string) *interaction {
	s.mu.Lock()
	in := s.byToken[token]
	s.mu.Unlock()
	if appID != s.opts.AppID || in == nil {
		s.errorf("%s: unknown webhook %s/%s", what, appID, token)
		apiError(w, http.StatusNotFound, 10015, "Unknown Webhook")
		return nil
	}
	s.mu.Lock()
	acked, expired := !in.state.AckedAt.IsZero(), in.state.Expired
	s.mu.Unlock()
	if expired {
		apiError(w, http.StatusUnauthorized, 50027, "Invalid Webhook Token")
		return nil
	}
	if !acked {
		s.errorf("%s for interaction %s before its initial response", what, in.id)
		apiError(w, http.StatusNotFound, 10015, "Unknown Webhook")
		return nil
	}
	return in
}

func (s *Server) followup(w http.ResponseWriter, r *http.Request, appID, token string) {
	in := s.webhookInteraction(w, "followup", appID, token)
	if in == nil {
		return
	}
	b, err := readBody(r)
	if err == nil {
		err = checkMessage(b, true)
	}
	if err != nil {
		s.badRequest(w, "followup", err)
		return
	}
	m := &Message{ChannelID: in.channelID, Content: deref(b.Content), Components: b.Components, Files: b.files, Interaction: in.id,
		Ephemeral: b.Flags&ephemeralFlag != 0}
	s.mu.Lock()
	// After a deferred "thinking" response, Discord turns the first
	// followup into that response.
	if orig := s.messages[in.state.OriginalID]; in.state.AckType == 5 && orig != nil && orig.Loading && !orig.Deleted {
		orig.Content, orig.Components, orig.Files, orig.Loading = m.Content, m.Components, m.Files, false
		m = orig
	} else {
		s.addMessage(m)
	}
	out := s.messageJSON(m)
	s.mu.Unlock()
	s.record(Call{Kind: Followup, ChannelID: in.channelID, InteractionID: in.id, MessageID: m.ID,
		Content: m.Content, Components: m.Components, Files: m.Files, AllowedMentions: b.AllowedMentions, Ephemeral: m.Ephemeral})
	if r.URL.Query().Get("wait") == "true" {
		writeJSON(w, 200, out)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) editWebhookMessage(w http.ResponseWriter, r *http.Request, appID, token, msgID string) {
	in := s.webhookInteraction(w, "edit", appID, token)
	if in == nil {
		return
	}
	b, err := readBody(r)
	if err == nil {
		err = checkMessage(b, false)
	}
	if err != nil {
		s.badRequest(w, "edit", err)
		return
	}
	s.mu.Lock()
	kind := EditMessage
	if msgID == "@original" {
		msgID, kind = in.state.OriginalID, EditOriginal
	}
	m := s.messages[msgID]
	// By id, the application's webhook edits the messages it sent
	// (interaction responses and follow-ups) in the interaction's channel;
	// @original of a component is the message pressed, whoever sent it.
	if m == nil || m.Deleted || m.ChannelID != in.channelID || (kind == EditMessage && m.Interaction == "") {
		s.mu.Unlock()
		apiError(w, http.StatusNotFound, 10008, "Unknown Message")
		return
	}
	if err := applyEdit(m, b); err != nil {
		s.mu.Unlock()
		s.badRequest(w, "edit", err)
		return
	}
	m.Loading = false
	s.changed()
	out := s.messageJSON(m)
	c := Call{Kind: kind, ChannelID: in.channelID, InteractionID: in.id, MessageID: m.ID,
		Content: m.Content, Components: m.Components, Files: b.files, AllowedMentions: b.AllowedMentions}
	s.mu.Unlock()
	s.record(c)
	writeJSON(w, 200, out)
}

// applyEdit changes m as an edit's body b says; s.mu must be held. Absent
// fields are kept. Without an attachments array the uploaded files are
// added to the message's; with one, the message keeps the attachments it
// lists by id and gains the files[n] it lists by index n, and nothing
// else: an upload not listed is an error (API v10 would drop it).
func applyEdit(m *Message, b *body) error {
	if b.Content != nil {
		m.Content = *b.Content
	}
	if b.Components != nil {
		m.Components = b.Components
	}
	if b.Attachments == nil {
		m.Files = append(m.Files, b.files...)
		return nil
	}
	var files []File
	used := make([]bool, len(b.files))
	for _, a := range b.Attachments {
		id := string(a.ID)
		if n, err := strconv.Atoi(id); err == nil && n >= 0 && n < len(b.files) {
			files = append(files, b.files[n])
			used[n] = true
			continue
		}
		kept := false
		for i, f := range m.Files {
			if fmt.Sprintf("%s%d", m.ID, i) == id {
				files = append(files, f)
				kept = true
			}
		}
		if !kept {
			return fmt.Errorf("attachment %s is neither the message's nor an upload", id)
		}
	}
	for n, u := range used {
		if !u {
			return fmt.Errorf("files[%d] uploaded but not in attachments", n)
		}
	}
	m.Files = files
	return nil
}

// editChannelMessage is PATCH channels/{id}/messages/{id}: the bot edits
// a message it sent (a channel message, or an interaction response or
// follow-up, which are the bot's too).
func (s *Server) editChannelMessage(w http.ResponseWriter, r *http.Request, channelID, msgID string) {
	b, err := readBody(r)
	if err == nil {
		err = checkMessage(b, false)
	}
	if err != nil {
		s.badRequest(w, "PATCH channel message", err)
		return
	}
	s.mu.Lock()
	m := s.messages[msgID]
	if m == nil || m.Deleted || m.ChannelID != channelID || m.Ephemeral {
		s.mu.Unlock()
		apiError(w, http.StatusNotFound, 10008, "Unknown Message")
		return
	}
	if err := applyEdit(m, b); err != nil {
		s.mu.Unlock()
		s.badRequest(w, "PATCH channel message", err)
		return
	}
	s.changed()
	out := s.messageJSON(m)
	c := Call{Kind: EditChannel, ChannelID: channelID, MessageID: m.ID, Content: m.Content,
		Components: m.Components, Files: b.files, AllowedMentions: b.AllowedMentions}
	s.mu.Unlock()
	s.record(c)
	writeJSON(w, 200, out)
}

// isAbsent reports whether the bot is not a member of channel id.
func (s *Server) isAbsent(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.absent[id]
}

func (s *Server) deleteWebhookMessage(w http.ResponseWriter, appID, token, msgID string) {
	in := s.webhookInteraction(w, "delete", appID, token)
	if in == nil {
		return
	}
	s.mu.Lock()
	if msgID == "@original" {
		msgID = in.state.OriginalID
	}
	m := s.messages[msgID]
	if m == nil || m.Deleted {
		s.mu.Unlock()
		apiError(w, http.StatusNotFound, 10008, "Unknown Message")
		return
	}
	m.Deleted = true
	s.mu.Unlock()
	s.record(Call{Kind: DeleteOriginal, ChannelID: in.channelID, InteractionID: in.id, MessageID: msgID})
	w.WriteHeader(http.StatusNoContent)
}
