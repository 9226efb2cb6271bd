// Package fakediscord is an in-process Discord for tests: the REST API
// (net/http/httptest) and the websocket gateway (gorilla/websocket) speaking
// Discord's wire protocol, so that a real client library (discordgo) can be
// driven offline. It checks what the bot sends against Discord's rules
// (payload limits, components, command definitions, the 3 s interaction
// deadline, the order of interaction responses) and reports violations as
// test errors; it keeps what a user would see in each channel.
//
// Point a client at it with the REST base URL() (for discordgo, through a
// transport that rewrites https://discord.com/api/v9/); GET gateway returns
// the websocket address.
package fakediscord

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// Options configure a Server. Zero values take the defaults shown.
type Options struct {
	Token   string // bot token without "Bot " ("test-token")
	AppID   string // application id ("1000")
	BotID   string // the bot's user id (AppID)
	BotName string // ("oyunbot")
	// HeartbeatInterval sent in HELLO (Discord's 41.25 s). The client
	// heartbeats at once on connecting, then every interval. Keep it well
	// above a second: discordgo sleeps 1 s while closing, and a heartbeat
	// due in that window can close the next connection too.
	HeartbeatInterval time.Duration
	// AckDeadline is how long after dispatch an interaction can get its
	// initial response (Discord: 3 s).
	AckDeadline time.Duration
	// Intents the application is allowed; IDENTIFY asking for a privileged
	// intent not listed here is closed with 4014 as Discord does. Default:
	// all privileged intents allowed.
	PrivilegedIntents *int
	// Guilds are announced with GUILD_CREATE after READY.
	Guilds []Guild
	// Intercept, when set, sees every REST request first (path after
	// /api/v9/); when it returns true it has answered and the fake does
	// nothing else. A test plays a misbehaving Discord or proxy with it.
	Intercept func(w http.ResponseWriter, r *http.Request, path string) bool
}

// Guild is a guild the bot is in.
type Guild struct {
	ID, Name, OwnerID, PreferredLocale string
	Channels                           []string // text channel ids
	Roles                              []Role   // the @everyone role (id = guild id) is added when missing
}

// Role is a guild role.
type Role struct {
	ID          string
	Permissions int64
}

// User is a Discord user as the fake sends it.
type User struct {
	ID, Name, GlobalName, Nick string
	Bot                        bool
	Roles                      []string // role ids in guilds
	Permissions                int64    // member permissions in interactions
}

// Channel is where an event happens; GuildID "" is the bot's DM with the
// user (context 1) unless PrivateChannel.
type Channel struct {
	ID, GuildID string
	// PrivateChannel is a DM between users or a group DM (context 2):
	// the bot is never a member, the app is reached through a user's
	// install.
	PrivateChannel bool
	// UserInstall: the interactions come through the user's install of
	// the app (authorizing_integration_owners has only the user install),
	// in a guild the bot is not in (with GuildID) or a PrivateChannel.
	// The bot cannot see or post in such a channel: channel messages,
	// edits and typing there are refused with 50001 Missing Access, as
	// Discord does.
	UserInstall bool
}

// context is the interaction context of ch: 0 guild, 1 bot DM, 2 private
// channel.
func (ch Channel) context() int {
	switch {
	case ch.PrivateChannel:
		return 2
	case ch.GuildID != "":
		return 0
	}
	return 1
}

// Mention is u's mention as Discord writes it.
func (u User) Mention() string { return "<@" + u.ID + ">" }

// Server is a fake Discord. Create it with New; it closes itself at the end
// of the test.
type Server struct {
	t    testing.TB
	opts Options
	hs   *httptest.Server

	closed atomic.Bool
	up     websocket.Upgrader

	mu           sync.Mutex
	notify       chan struct{} // closed and replaced on every change
	nextID       uint64
	sessions     map[string]*session
	conns        map[*conn]bool
	identifies   []Identify
	resumes      []Resume
	heartbeats   int
	commands     []Command
	commandPuts  int
	calls        []Call
	messages     map[string]*Message // by id
	channelMsgs  map[string][]string // channel id -> message ids in order
	interactions map[string]*interaction
	byToken      map[string]*interaction
	// absent are the channels the bot is not a member of (Channel.UserInstall).
	absent     map[string]bool
	failures   []*failure
	invalidate bool
}

// New starts a fake Discord for t.
func New(t testing.TB, opts Options) *Server {
	if opts.Token == "" {
		opts.Token = "test-token"
	}
	if opts.AppID == "" {
		opts.AppID = "1000"
	}
	if opts.BotID == "" {
		opts.BotID = opts.AppID
	}
	if opts.BotName == "" {
		opts.BotName = "oyunbot"
	}
	if opts.HeartbeatInterval == 0 {
		opts.HeartbeatInterval = 41250 * time.Millisecond
	}
	if opts.AckDeadline == 0 {
		opts.AckDeadline = 3 * time.Second
	}
	s := &Server{
		t:            t,
		opts:         opts,
		notify:       make(chan struct{}),
		nextID:       1 << 40,
		sessions:     make(map[string]*session),
		conns:        make(map[*conn]bool),
		messages:     make(map[string]*Message),
		channelMsgs:  make(map[string][]string),
		interactions: make(map[string]*interaction),
		byToken:      make(map[string]*interaction),
		absent:       make(map[string]bool),
		up:           websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }},
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/api/v9/", s.serveREST)
	mux.HandleFunc("/gateway/", s.serveGateway)
	mux.HandleFunc("/gateway", s.serveGateway)
	s.hs = httptest.NewServer(mux)
	t.Cleanup(s.Close)
	return s
}

// URL is the REST base, e.g. http://127.0.0.1:1234/api/v9/.
func (s *Server) URL() string { return s.hs.URL + "/api/v9/" }

// GatewayURL is the websocket address GET gateway returns.
func (s *Server) GatewayURL() string { return "ws" + strings.TrimPrefix(s.hs.URL, "http") + "/gateway" }

// Token is the bot token the server accepts.
func (s *Server) Token() string { return s.opts.Token }

// BotID is the bot's user id.
func (s *Server) BotID() string { return s.opts.BotID }

// Close drops every connection and stops the server.
func (s *Server) Close() {
	if s.closed.Swap(true) {
		return
	}
	s.mu.Lock()
	for c := range s.conns {
		c.ws.Close()
	}
	s.mu.Unlock()
	s.hs.Close()
}

// errorf reports a protocol violation by the client.
func (s *Server) errorf(format string, args ...any) {
	if !s.closed.Load() {
		s.t.Errorf("fakediscord: "+format, args...)
	}
}

// changed wakes the waiters; s.mu must be held.
func (s *Server) changed() {
	close(s.notify)
	s.notify = make(chan struct{})
}

// newID returns a fresh snowflake-like id; s.mu must be held.
func (s *Server) newID() string {
	s.nextID++
	return strconv.FormatUint(s.nextID, 10)
}

// Wait blocks until cond holds or ctx ends. cond runs with the server
// locked, on a View of its state; it must not call the Server's methods.
func (s *Server) Wait(ctx context.Context, cond func(v *View) bool) error {
	for {
		s.mu.Lock()
		ok := cond(&View{s: s})
		ch := s.notify
		s.mu.Unlock()
		if ok {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// WaitT is Wait with a timeout that fails t with what was awaited.
func (s *Server) WaitT(t testing.TB, timeout time.Duration, what string, cond func(v *View) bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if err := s.Wait(ctx, cond); err != nil {
		t.Fatalf("fakediscord: waiting for %s: %v\ncalls so far:\n%s", what, err, s.describeCalls())
	}
}

// View reads the server's state inside Wait; Server has the same methods
// for use outside.
type View struct{ s *Server }

// Calls are the bot's REST calls that say something, in order.
func (v *View) Calls() []Call { return append([]Call(nil), v.s.calls...) }

// Messages are the messages a user sees in a channel, oldest first.
func (v *View) Messages(channelID string) []Message {
	var out []Message
	for _, id := range v.s.channelMsgs[channelID] {
		if m := v.s.messages[id]; m != nil && !m.Deleted {
			out = append(out, m.clone())
		}
	}
	return out
}

// Identifies are the IDENTIFY payloads received.
func (v *View) Identifies() []Identify { return append([]Identify(nil), v.s.identifies...) }

// Resumes are the RESUME payloads received.
func (v *View) Resumes() []Resume { return append([]Resume(nil), v.s.resumes...) }

// Ready is the number of sessions that got READY or RESUMED and are
// connected now.
func (v *View) Ready() int {
	n := 0
	for _, ss := range v.s.sessions {
		ss.mu.Lock()
		if ss.conn != nil && ss.live {
			n++
		}
		ss.mu.Unlock()
	}
	return n
}

// Commands are the last bulk-overwritten application commands.
func (v *View) Commands() []Command { return append([]Command(nil), v.s.commands...) }

// CommandPuts counts bulk overwrites.
func (v *View) CommandPuts() int { return v.s.commandPuts }

// Heartbeats counts heartbeats received (each got an ACK).
func (v *View) Heartbeats() int { return v.s.heartbeats }

// Interaction is what happened to an interaction.
func (v *View) Interaction(id string) (InteractionState, bool) {
	in := v.s.interactions[id]
	if in == nil {
		return InteractionState{}, false
	}
	return in.state, true
}

// Snapshot runs f on a View of the current state.
func (s *Server) Snapshot(f func(v *View)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f(&View{s: s})
}

// Calls are the bot's calls so far (see View.Calls).
func (s *Server) Calls() (out []Call) { s.Snapshot(func(v *View) { out = v.Calls() }); return }

// Messages are what a user sees in a channel (see View.Messages).
func (s *Server) Messages(channelID string) (out []Message) {
	s.Snapshot(func(v *View) { out = v.Messages(channelID) })
	return
}

// Commands are the registered commands (see View.Commands).
func (s *Server) Commands() (out []Command) { s.Snapshot(func(v *View) { out = v.Commands() }); return }

// Identifies are the IDENTIFY payloads received.
func (s *Server) Identifies() (out []Identify) {
	s.Snapshot(func(v *View) { out = v.Identifies() })
	return
}

// Resumes are the RESUME payloads received.
func (s *Server) Resumes() (out []Resume) { s.Snapshot(func(v *View) { out = v.Resumes() }); return }

// Interaction is what happened to interaction id.
func (s *Server) Interaction(id string) (st InteractionState, ok bool) {
	s.Snapshot(func(v *View) { st, ok = v.Interaction(id) })
	return
}

func (s *Server) describeCalls() string {
	var sb strings.Builder
	s.Snapshot(func(v *View) {
		for _, c := range v.Calls() {
			fmt.Fprintf(&sb, "  %s\n", c)
		}
	})
	return sb.String()
}

// Fail makes the next n requests whose method matches and whose path
// (after /api/v9/) starts with pathPrefix fail with status; a 429 carries
// retry_after (seconds) in its body as Discord's does.
func (s *Server) Fail(method, pathPrefix string, status, n int, retryAfter float64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failures = append(s.failures, &failure{method: method, prefix: pathPrefix, status: status, left: n, retryAfter: retryAfter})
}

type failure struct {
	method, prefix string
	status, left   int
	retryAfter     float64
}

// InvalidateSessions makes the next RESUME fail with op 9 (invalid
// session), so the client must IDENTIFY again.
func (s *Server) InvalidateSessions() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.invalidate = true
}

// DropGateway closes every gateway connection abruptly (no close frame), as
// a network failure would; sessions stay resumable.
func (s *Server) DropGateway() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for c := range s.conns {
		c.ws.Close()
	}
}

// Wire types the bot sends.

// Identify is an IDENTIFY (op 2) payload.
type Identify struct {
	Token      string            `json:"token"`
	Intents    int               `json:"intents"`
	Shard      *[2]int           `json:"shard"`
	Compress   bool              `json:"compress"`
	Properties map[string]string `json:"properties"`
}

// Resume is a RESUME (op 6) payload.
type Resume struct {
	Token     string `json:"token"`
	SessionID string `json:"session_id"`
	Seq       int64  `json:"seq"`
}

// Command is an application command as registered.
type Command struct {
	Type                     int               `json:"type"`
	Name                     string            `json:"name"`
	NameLocalizations        map[string]string `json:"name_localizations"`
	Description              string            `json:"description"`
	DescriptionLocalizations map[string]string `json:"description_localizations"`
	Options                  []CommandOption   `json:"options"`
	// IntegrationTypes are the installs the command is offered through
	// (0 guild install, 1 user install); Contexts where it can be used
	// (0 guild, 1 the bot's DM, 2 a DM or group DM between users). Absent,
	// Discord takes the application's defaults.
	IntegrationTypes []int `json:"integration_types"`
	Contexts         []int `json:"contexts"`
}

// CommandOption is an option of a Command.
type CommandOption struct {
	Type                     int               `json:"type"`
	Name                     string            `json:"name"`
	NameLocalizations        map[string]string `json:"name_localizations"`
	Description              string            `json:"description"`
	DescriptionLocalizations map[string]string `json:"description_localizations"`
	Required                 bool              `json:"required"`
	Autocomplete             bool              `json:"autocomplete"`
	Choices                  []Choice          `json:"choices"`
	Options                  []CommandOption   `json:"options"` // of a sub-command or group
	MinValue                 *float64          `json:"min_value"`
	MaxValue                 *float64          `json:"max_value"`
	MinLength                *int              `json:"min_length"`
	MaxLength                *int              `json:"max_length"`
}

// Choice is an option choice or an autocomplete result.
type Choice struct {
	Name              string            `json:"name"`
	NameLocalizations map[string]string `json:"name_localizations"`
	Value             any               `json:"value"`
}

// Component is a message component (action row, button or string
// select menu).
type Component struct {
	Type       int         `json:"type"`
	Components []Component `json:"components,omitempty"`
	Label      string      `json:"label,omitempty"`
	Style      int         `json:"style,omitempty"`
	CustomID   string      `json:"custom_id,omitempty"`
	Disabled   bool        `json:"disabled,omitempty"`
	// URL is a link button's (style 5) address; it has no custom_id.
	URL string `json:"url,omitempty"`
	// Select menus (type 3).
	Placeholder string         `json:"placeholder,omitempty"`
	Options     []SelectOption `json:"options,omitempty"`
	MinValues   *int           `json:"min_values,omitempty"`
	MaxValues   *int           `json:"max_values,omitempty"`
}

// SelectOption is an option of a string select menu.
type SelectOption struct {
	Label       string `json:"label"`
	Value       string `json:"value"`
	Description string `json:"description,omitempty"`
	Default     bool   `json:"default,omitempty"`
}

// File is an uploaded attachment.
type File struct {
	Name, ContentType string
	Data              []byte
}

// CallKind says what a Call did.
type CallKind string

// Kinds of calls.
const (
	ChannelMessage CallKind = "channel-message"
	Callback       CallKind = "interaction-callback"
	EditOriginal   CallKind = "edit-original"
	Followup       CallKind = "followup"
	EditMessage    CallKind = "edit-followup"
	// EditChannel is PATCH channels/{id}/messages/{id}.
	EditChannel    CallKind = "edit-channel-message"
	DeleteOriginal CallKind = "delete-original"
	Typing         CallKind = "typing"
	// Refused is a channel call where the bot is not a member, refused
	// with 50001 Missing Access (Content is the method and path).
	Refused CallKind = "refused-missing-access"
)

// Call is one REST call of the bot that says something.
type Call struct {
	Kind          CallKind
	ChannelID     string
	InteractionID string
	MessageID     string // message created, edited or deleted
	CallbackType  int
	Content       string
	Components    []Component
	Files         []File
	ReferenceID   string // message_reference.message_id
	Choices       []Choice
	// AllowedMentions is the allowed_mentions object as sent (nil when
	// absent: Discord then pings whatever the content mentions).
	AllowedMentions json.RawMessage
	// Ephemeral: sent with flags 64, seen by the interaction's user alone.
	Ephemeral bool
	At        time.Time
}

func (c Call) String() string {
	s := fmt.Sprintf("%s ch=%s in=%s msg=%s", c.Kind, c.ChannelID, c.InteractionID, c.MessageID)
	if c.CallbackType != 0 {
		s += fmt.Sprintf(" type=%d", c.CallbackType)
	}
	if c.Content != "" {
		s += fmt.Sprintf(" %q", c.Content)
	}
	if len(c.Files) > 0 {
		s += fmt.Sprintf(" files=%d", len(c.Files))
	}
	if n := len(c.Components); n > 0 {
		s += fmt.Sprintf(" rows=%d", n)
	}
	return s
}

// Message is a message a user sees.
type Message struct {
	ID, ChannelID string
	Content       string
	Components    []Component
	Files         []File
	ReferenceID   string
	Interaction   string // the interaction it answers, if any
	Loading       bool   // a deferred "thinking" response not yet edited
	Deleted       bool
	// Ephemeral: a follow-up only the interaction's user sees (flags 64).
	Ephemeral bool
}

func (m *Message) clone() Message {
	c := *m
	c.Components = append([]Component(nil), m.Components...)
	c.Files = append([]File(nil), m.Files...)
	return c
}

// Buttons are the message's buttons, row by row.
func (m Message) Buttons() [][]Component {
	var out [][]Component
	for _, row := range m.Components {
		out = append(out, row.Components)
	}
	return out
}

// Menus are the message's select menus, in order.
func (m Message) Menus() []Component {
	var out []Component
	for _, row := range m.Components {
		for _, c := range row.Components {
			if c.Type == 3 {
				out = append(out, c)
			}
		}
	}
	return out
}

// InteractionState is what became of an interaction.
type InteractionState struct {
	Type        int // 2 command, 3 component, 4 autocomplete
	CreatedAt   time.Time
	AckedAt     time.Time // zero until the initial response
	AckType     int
	Choices     []Choice // autocomplete result
	OriginalID  string   // the message @original stands for
	LateAck     bool     // a response came after the deadline
	DoubleAcked bool
	Expired     bool // its token was expired by ExpireToken
}

type interaction struct {
	id, token, channelID string
	state                InteractionState
	guildID              string
	payload              map[string]any // as dispatched, for Resend
	resent               bool
	messageID            string // components: the message pressed
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// Message is the message id as a user sees it now (deleted ones too).
func (s *Server) Message(id string) (m Message, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p := s.messages[id]; p != nil {
		return p.clone(), true
	}
	return Message{}, false
}

// DeleteMessage deletes message id as a user or moderator would; later
// edits of it fail with 10008 Unknown Message. It reports whether there
// was such a message.
func (s *Server) DeleteMessage(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.messages[id]
	if m == nil || m.Deleted {
		return false
	}
	m.Deleted = true
	s.changed()
	return true
}

// ExpireToken ends the token of interaction id, as 15 minutes would:
// webhook calls with it then fail with 401 50027 Invalid Webhook Token.
func (s *Server) ExpireToken(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if in := s.interactions[id]; in != nil {
		in.state.Expired = true
	}
}

// Resend dispatches interaction id again, the same event with the same id
// and token, as Discord may after a lost connection or to another process:
// a second initial response to it is refused with 40060 (already
// acknowledged), which a bot that sees the same event twice must expect.
func (s *Server) Resend(id string) {
	s.mu.Lock()
	in := s.interactions[id]
	if in != nil {
		in.resent = true
	}
	s.mu.Unlock()
	if in == nil {
		s.errorf("Resend of unknown interaction %s", id)
		return
	}
	s.dispatch(in.guildID, "INTERACTION_CREATE", in.payload, nil)
}
