// events.go makes the things users do: messages, slash commands, button
// presses and autocomplete, dispatched to the bot over the gateway as
// MESSAGE_CREATE and INTERACTION_CREATE.

package fakediscord

import (
	"strconv"
	"strings"
	"time"
)

// intentMessageContent is the privileged MESSAGE_CONTENT intent.
const intentMessageContent = 1 << 15

func userJSON(u User) map[string]any {
	m := map[string]any{"id": u.ID, "username": u.Name, "bot": u.Bot, "discriminator": "0"}
	if u.GlobalName != "" {
		m["global_name"] = u.GlobalName
	}
	return m
}

func memberJSON(u User, withUser bool) map[string]any {
	roles := u.Roles
	if roles == nil {
		roles = []string{}
	}
	m := map[string]any{"roles": roles, "permissions": strconv.FormatInt(u.Permissions, 10)}
	if u.Nick != "" {
		m["nick"] = u.Nick
	}
	if withUser {
		m["user"] = userJSON(u)
	}
	return m
}

// SendMessage posts content as author in ch (MESSAGE_CREATE); mentions are
// the users the content mentions. It returns the message id.
func (s *Server) SendMessage(ch Channel, author User, content string, mentions ...User) string {
	s.mu.Lock()
	id := s.newID()
	s.mu.Unlock()
	ms := []map[string]any{}
	for _, u := range mentions {
		mu := userJSON(u)
		if ch.GuildID != "" {
			mu["member"] = memberJSON(u, false)
		}
		ms = append(ms, mu)
	}
	d := map[string]any{
		"id": id, "channel_id": ch.ID, "content": content, "type": 0,
		"author": userJSON(author), "mentions": ms, "mention_roles": []string{},
		"timestamp": time.Now().UTC().Format(time.RFC3339), "attachments": []any{}, "embeds": []any{},
		"components": []any{}, "tts": false, "mention_everyone": false,
	}
	if ch.GuildID != "" {
		d["guild_id"] = ch.GuildID
		d["member"] = memberJSON(author, false)
	}
	mentionsBot := strings.Contains(content, "<@"+s.opts.BotID+">") || strings.Contains(content, "<@!"+s.opts.BotID+">")
	s.dispatch(ch.GuildID, "MESSAGE_CREATE", d, func(ss *session, d map[string]any) {
		// Without the Message Content intent, Discord blanks the content
		// of guild messages that do not mention the bot.
		if ss.intents&intentMessageContent == 0 && ch.GuildID != "" && !mentionsBot {
			d["content"] = ""
		}
	})
	return id
}

// Option is an option of an invoked slash command.
type Option struct {
	Name    string
	Type    int // 1 sub-command, 3 string, 4 integer, 5 boolean, 6 user
	Value   any
	Focused bool     // autocomplete: the option being typed
	Options []Option // a sub-command's options
	user    *User
}

// Str is a string option.
func Str(name, value string) Option { return Option{Name: name, Type: 3, Value: value} }

// Int is an integer option (a JSON number, as Discord sends it).
func Int(name string, value int) Option { return Option{Name: name, Type: 4, Value: value} }

// Sub is the sub-command invoked, with its options.
func Sub(name string, opts ...Option) Option { return Option{Name: name, Type: 1, Options: opts} }

// UserOpt is a user option; the user is sent in resolved data.
func UserOpt(name string, u User) Option { return Option{Name: name, Type: 6, Value: u.ID, user: &u} }

// Focused is the string option being typed, for Autocomplete.
func Focused(name, value string) Option {
	return Option{Name: name, Type: 3, Value: value, Focused: true}
}

// SlashCommand invokes /name with opts as u in ch (INTERACTION_CREATE,
// type 2) and returns the interaction id. locale is the user's client
// locale ("tr", "en-US").
func (s *Server) SlashCommand(ch Channel, u User, locale, name string, opts ...Option) string {
	return s.interact(ch, u, locale, 2, commandData(name, opts), "")
}

// Autocomplete asks for /name's autocomplete while u types (type 4).
func (s *Server) Autocomplete(ch Channel, u User, name string, opts ...Option) string {
	return s.interact(ch, u, "en-US", 4, commandData(name, opts), "")
}

// Press clicks the button with customID on message messageID (type 3).
func (s *Server) Press(ch Channel, u User, locale, messageID, customID string) string {
	return s.interact(ch, u, locale, 3, map[string]any{"custom_id": customID, "component_type": 2}, messageID)
}

func commandData(name string, opts []Option) map[string]any {
	users := map[string]any{}
	members := map[string]any{}
	var options func(opts []Option) []map[string]any
	options = func(opts []Option) []map[string]any {
		os := []map[string]any{}
		for _, o := range opts {
			om := map[string]any{"name": o.Name, "type": o.Type}
			if o.Type == 1 || o.Type == 2 {
				om["options"] = options(o.Options) // sub-commands have no value
			} else {
				om["value"] = o.Value
			}
			if o.Focused {
				om["focused"] = true
			}
			os = append(os, om)
			if o.user != nil {
				users[o.user.ID] = userJSON(*o.user)
				members[o.user.ID] = memberJSON(*o.user, false)
			}
		}
		return os
	}
	d := map[string]any{"id": "cmd-" + name, "name": name, "type": 1, "options": options(opts)}
	if len(users) > 0 {
		d["resolved"] = map[string]any{"users": users, "members": members}
	}
	return d
}

func (s *Server) interact(ch Channel, u User, locale string, typ int, data map[string]any, messageID string) string {
	s.mu.Lock()
	id := s.newID()
	token := "tok-" + s.newID()
	in := &interaction{id: id, token: token, channelID: ch.ID, messageID: messageID,
		state: InteractionState{Type: typ, CreatedAt: time.Now()}}
	s.interactions[id] = in
	s.byToken[token] = in
	var msg map[string]any
	if messageID != "" {
		if m := s.messages[messageID]; m != nil {
			msg = s.messageJSON(m)
		} else {
			msg = map[string]any{"id": messageID, "channel_id": ch.ID, "content": "", "type": 0,
				"timestamp": time.Now().UTC().Format(time.RFC3339)}
		}
	}
	s.changed()
	s.mu.Unlock()
	d := map[string]any{
		"id": id, "application_id": s.opts.AppID, "type": typ, "data": data, "channel_id": ch.ID,
		"token": token, "version": 1, "locale": locale,
	}
	if msg != nil {
		d["message"] = msg
	}
	if ch.GuildID != "" {
		d["guild_id"] = ch.GuildID
		d["member"] = memberJSON(u, true)
		d["guild_locale"] = "en-US"
	} else {
		d["user"] = userJSON(u)
	}
	d["context"] = ch.context()
	// Which installs authorised the interaction: the guild's (its id) or
	// the bot DM's ("0"), or the user's alone.
	owners := map[string]string{"0": ch.GuildID}
	switch {
	case ch.UserInstall || ch.PrivateChannel:
		owners = map[string]string{"1": u.ID}
	case ch.GuildID == "":
		owners["0"] = "0"
	}
	d["authorizing_integration_owners"] = owners
	if ch.PrivateChannel {
		// A group DM (type 3) or a DM between users (1), partial.
		d["channel"] = map[string]any{"id": ch.ID, "type": 3}
	}
	if ch.UserInstall || ch.PrivateChannel {
		s.mu.Lock()
		s.absent[ch.ID] = true
		s.mu.Unlock()
	}
	// The deadline starts when the event leaves.
	s.mu.Lock()
	in.state.CreatedAt = time.Now()
	in.payload, in.guildID = d, ch.GuildID
	s.mu.Unlock()
	s.dispatch(ch.GuildID, "INTERACTION_CREATE", d, nil)
	return id
}
