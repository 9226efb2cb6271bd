// gateway.go is the websocket gateway: HELLO, IDENTIFY/READY, RESUME with
// replay of missed events, heartbeats, and the dispatch of events to the bot.

package fakediscord

import (
	"bytes"
	"compress/zlib"
	"encoding/json"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// Gateway opcodes.
const (
	opDispatch       = 0
	opHeartbeat      = 1
	opIdentify       = 2
	opResume         = 6
	opInvalidSession = 9
	opHello          = 10
	opHeartbeatAck   = 11
)

// Close codes Discord uses.
const (
	closeAuthFailed       = 4004
	closeInvalidShard     = 4010
	closeDisallowedIntent = 4014
)

// privileged intents (GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT).
const privilegedIntents = 1<<1 | 1<<8 | 1<<15

type payload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s,omitempty"`
	T  string          `json:"t,omitempty"`
}

// conn is one websocket connection.
type conn struct {
	ws       *websocket.Conn
	wmu      sync.Mutex
	compress bool
}

func (c *conn) write(p payload, compress bool) error {
	b, err := json.Marshal(p)
	if err != nil {
		return err
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if !compress {
		return c.ws.WriteMessage(websocket.TextMessage, b)
	}
	// Each frame is a complete zlib stream, as discordgo reads them.
	var buf bytes.Buffer
	zw := zlib.NewWriter(&buf)
	zw.Write(b)
	zw.Close()
	return c.ws.WriteMessage(websocket.BinaryMessage, buf.Bytes())
}

// session is a gateway session: its event log (for RESUME) and its
// connection, nil while disconnected.
type session struct {
	id      string
	shard   [2]int
	intents int
	mu      sync.Mutex // orders writes of dispatches and replays
	seq     int64
	log     []event
	conn    *conn
	live    bool // READY or RESUMED was sent on conn
}

type event struct {
	seq int64
	t   string
	d   json.RawMessage
}

func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	if v := r.URL.Query().Get("v"); v != "9" {
		s.errorf("gateway: API version %q, want 9", v)
	}
	if e := r.URL.Query().Get("encoding"); e != "json" {
		s.errorf("gateway: encoding %q, want json", e)
	}
	ws, err := s.up.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &conn{ws: ws}
	s.mu.Lock()
	if s.closed.Load() {
		s.mu.Unlock()
		ws.Close()
		return
	}
	s.conns[c] = true
	s.mu.Unlock()
	defer func() {
		ws.Close()
		s.mu.Lock()
		delete(s.conns, c)
		for _, ss := range s.sessions {
			ss.mu.Lock()
			if ss.conn == c {
				ss.conn, ss.live = nil, false
			}
			ss.mu.Unlock()
		}
		s.changed()
		s.mu.Unlock()
	}()

	hello := mustJSON(map[string]any{"heartbeat_interval": s.opts.HeartbeatInterval.Milliseconds()})
	if err := c.write(payload{Op: opHello, D: hello}, false); err != nil {
		return
	}
	var sess *session
	for {
		// Discord closes a connection that misses heartbeats.
		ws.SetReadDeadline(time.Now().Add(2 * s.opts.HeartbeatInterval))
		_, data, err := ws.ReadMessage()
		if err != nil {
			return
		}
		var p payload
		if err := json.Unmarshal(data, &p); err != nil {
			s.errorf("gateway: bad frame %q: %v", data, err)
			return
		}
		switch p.Op {
		case opHeartbeat:
			s.mu.Lock()
			s.heartbeats++
			s.changed()
			s.mu.Unlock()
			if err := c.write(payload{Op: opHeartbeatAck}, false); err != nil {
				return
			}
		case opIdentify:
			if sess != nil {
				s.errorf("gateway: IDENTIFY on an identified connection")
				return
			}
			if sess = s.identify(c, p.D); sess == nil {
				return
			}
		case opResume:
			if sess != nil {
				s.errorf("gateway: RESUME on an identified connection")
				return
			}
			sess = s.resume(c, p.D)
		default:
			// Presence updates and the like are accepted and ignored.
		}
	}
}

func (s *Server) closeWith(c *conn, code int, text string) {
	c.wmu.Lock()
	c.ws.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(code, text))
	c.wmu.Unlock()
	c.ws.Close()
}

// identify checks IDENTIFY and answers READY, then GUILD_CREATE per guild.
func (s *Server) identify(c *conn, d json.RawMessage) *session {
	var id Identify
	if err := json.Unmarshal(d, &id); err != nil {
		s.errorf("gateway: bad IDENTIFY %s: %v", d, err)
		return nil
	}
	s.mu.Lock()
	s.identifies = append(s.identifies, id)
	s.changed()
	s.mu.Unlock()
	if id.Token != "Bot "+s.opts.Token && id.Token != s.opts.Token {
		s.closeWith(c, closeAuthFailed, "Authentication failed.")
		return nil
	}
	if s.opts.PrivilegedIntents != nil && id.Intents&privilegedIntents&^*s.opts.PrivilegedIntents != 0 {
		s.closeWith(c, closeDisallowedIntent, "Disallowed intent(s).")
		return nil
	}
	shard := [2]int{0, 1}
	if id.Shard != nil {
		shard = *id.Shard
		if shard[1] < 1 || shard[0] < 0 || shard[0] >= shard[1] {
			s.closeWith(c, closeInvalidShard, "Invalid shard.")
			return nil
		}
	}
	c.compress = id.Compress

	s.mu.Lock()
	ss := &session{id: "sess-" + s.newID(), shard: shard, intents: id.Intents}
	s.sessions[ss.id] = ss
	guilds := s.guildsOf(shard)
	s.mu.Unlock()

	stubs := []map[string]any{}
	for _, g := range guilds {
		stubs = append(stubs, map[string]any{"id": g.ID, "unavailable": true})
	}
	ready := map[string]any{
		"v":                  9,
		"user":               map[string]any{"id": s.opts.BotID, "username": s.opts.BotName, "bot": true},
		"session_id":         ss.id,
		"resume_gateway_url": s.GatewayURL(),
		"shard":              shard,
		"application":        map[string]any{"id": s.opts.AppID, "flags": 0},
		"guilds":             stubs,
		"private_channels":   []any{},
	}
	ss.mu.Lock()
	ss.conn = c
	s.sendLocked(ss, "READY", mustJSON(ready))
	ss.live = true
	for _, g := range guilds {
		s.sendLocked(ss, "GUILD_CREATE", mustJSON(guildJSON(g)))
	}
	ss.mu.Unlock()
	s.mu.Lock()
	s.changed()
	s.mu.Unlock()
	return ss
}

// resume replays the events the client missed, then RESUMED; an unknown
// session (or InvalidateSessions) gets op 9 and the client must identify.
func (s *Server) resume(c *conn, d json.RawMessage) *session {
	var r Resume
	if err := json.Unmarshal(d, &r); err != nil {
		s.errorf("gateway: bad RESUME %s: %v", d, err)
		return nil
	}
	s.mu.Lock()
	s.resumes = append(s.resumes, r)
	ss := s.sessions[r.SessionID]
	if s.invalidate {
		s.invalidate = false
		if ss != nil {
			delete(s.sessions, ss.id)
			ss = nil
		}
	}
	s.changed()
	s.mu.Unlock()
	if r.Token != "Bot "+s.opts.Token && r.Token != s.opts.Token {
		s.closeWith(c, closeAuthFailed, "Authentication failed.")
		return nil
	}
	if ss == nil {
		c.write(payload{Op: opInvalidSession, D: mustJSON(false)}, false)
		return nil
	}
	ss.mu.Lock()
	if r.Seq > ss.seq {
		s.errorf("gateway: RESUME at seq %d, past the last sent %d", r.Seq, ss.seq)
	}
	ss.conn = c
	for _, e := range ss.log {
		if e.seq > r.Seq && e.t != "READY" && e.t != "RESUMED" {
			s.writeEvent(ss, e)
		}
	}
	s.sendLocked(ss, "RESUMED", mustJSON(map[string]any{}))
	ss.live = true
	ss.mu.Unlock()
	s.mu.Lock()
	s.changed()
	s.mu.Unlock()
	return ss
}

// sendLocked logs an event with the next sequence number and writes it if
// connected; ss.mu must be held. A failed write is not an error: the client
// gets the event on RESUME.
func (s *Server) sendLocked(ss *session, t string, d json.RawMessage) {
	ss.seq++
	e := event{seq: ss.seq, t: t, d: d}
	ss.log = append(ss.log, e)
	s.writeEvent(ss, e)
}

func (s *Server) writeEvent(ss *session, e event) {
	if ss.conn == nil {
		return
	}
	seq := e.seq
	if err := ss.conn.write(payload{Op: opDispatch, D: e.d, S: &seq, T: e.t}, ss.conn.compress); err != nil {
		ss.conn.ws.Close()
		ss.conn, ss.live = nil, false
	}
}

// guildsOf are the guilds of a shard; s.mu must be held.
func (s *Server) guildsOf(shard [2]int) []Guild {
	var out []Guild
	for _, g := range s.opts.Guilds {
		if shardOf(g.ID, shard[1]) == shard[0] {
			out = append(out, g)
		}
	}
	return out
}

// shardOf is Discord's formula: (guild_id >> 22) % num_shards; DMs go to
// shard 0.
func shardOf(guildID string, count int) int {
	if guildID == "" || count <= 1 {
		return 0
	}
	id, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil {
		return 0
	}
	return int((id >> 22) % uint64(count))
}

func guildJSON(g Guild) map[string]any {
	roles := []map[string]any{}
	hasEveryone := false
	for _, r := range g.Roles {
		hasEveryone = hasEveryone || r.ID == g.ID
		roles = append(roles, map[string]any{"id": r.ID, "name": "role" + r.ID, "permissions": strconv.FormatInt(r.Permissions, 10)})
	}
	if !hasEveryone {
		// @everyone may send messages and use commands.
		roles = append(roles, map[string]any{"id": g.ID, "name": "@everyone", "permissions": strconv.FormatInt(1<<11|1<<31, 10)})
	}
	chans := []map[string]any{}
	for _, c := range g.Channels {
		chans = append(chans, map[string]any{"id": c, "type": 0, "guild_id": g.ID, "name": "ch" + c})
	}
	return map[string]any{
		"id": g.ID, "name": g.Name, "owner_id": g.OwnerID, "preferred_locale": g.PreferredLocale,
		"roles": roles, "channels": chans, "members": []any{}, "unavailable": false,
	}
}

// target is the session of the guild's shard (the newest one), nil when
// there is none.
func (s *Server) target(guildID string) *session {
	s.mu.Lock()
	defer s.mu.Unlock()
	var target *session
	for _, ss := range s.sessions {
		if shardOf(guildID, ss.shard[1]) != ss.shard[0] {
			continue
		}
		if target == nil || ss.id > target.id {
			target = ss
		}
	}
	return target
}

// dispatch sends an event to the session of the channel's shard; edit, if
// not nil, adapts the event to that session first.
func (s *Server) dispatch(guildID, t string, d map[string]any, edit func(ss *session, d map[string]any)) bool {
	target := s.target(guildID)
	if target == nil {
		s.t.Errorf("fakediscord: no session to dispatch %s to", t)
		return false
	}
	if edit != nil {
		edit(target, d)
	}
	raw := mustJSON(d)
	target.mu.Lock()
	s.sendLocked(target, t, raw)
	target.mu.Unlock()
	return true
}
