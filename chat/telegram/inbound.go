package telegram

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/chat/internal/lanes"
)

// Bounds of the adapter's small caches.
const (
	maxUsers    = 4096
	maxAdmins   = 4096
	maxBoards   = 8192
	maxQuotes   = 8192
	seenUpdates = 1024
	// adminTTL: getChatMember's answer is kept this long.
	adminTTL = 5 * time.Minute
	// adminFailTTL: a failed lookup counts as "not an admin" this long, so
	// that a failing API is not asked again at each of a group's commands.
	adminFailTTL = time.Minute
	// adminAttempts bounds a lookup's tries (within Config.AdminTimeout).
	adminAttempts = 2
	// userTimeout bounds a read or write of the shared user directory.
	userTimeout = 5 * time.Second
)

// groupAnonymousBot is the sender Telegram shows for an anonymous group admin.
const groupAnonymousBot = "GroupAnonymousBot"

type adminKey struct{ chat, user int64 }

type refKey struct {
	chat int64
	msg  int
}

type adminEntry struct {
	admin bool
	until time.Time
}

// adminLookup is whether a user administers a group, being looked up:
// admin is known once done is closed.
type adminLookup struct {
	done  chan struct{}
	admin bool
}

// wait returns the lookup's answer once it is known.
func (l *adminLookup) wait() bool {
	<-l.done
	return l.admin
}

// knownAdmin is a lookup answered already.
func knownAdmin(admin bool) *adminLookup {
	l := &adminLookup{done: make(chan struct{}), admin: admin}
	close(l.done)
	return l
}

// dispatch queues an update on its chat's lane; updates of one chat are
// handled in order, different chats concurrently.
func (b *Bot) dispatch(u tgbotapi.Update) { b.dispatchDone(u) }

// dispatchDone is dispatch, returning a channel closed once the update has
// been handled (at once for one that needs nothing), or an error when it
// could not be queued.
func (b *Bot) dispatchDone(u tgbotapi.Update) (<-chan struct{}, error) {
	done := make(chan struct{})
	if b.duplicate(u.UpdateID) {
		close(done)
		return done, nil
	}
	var (
		m         chat.Message
		ok        bool
		needAdmin bool
		chatID    int64
		userID    int64
		handled   = func() {} // after the handler: a press's answer
	)
	switch {
	case u.InlineQuery != nil:
		b.remember(u.InlineQuery.From)
		b.bg.Add(1)
		go func() {
			defer b.bg.Done()
			b.answerInline(u.InlineQuery)
		}()
	case u.ChosenInlineResult != nil:
		b.remember(u.ChosenInlineResult.From)
		m, ok = chosenMessage(u.ChosenInlineResult)
		if ok {
			chatID, userID = inlineLane(u.ChosenInlineResult.InlineMessageID), u.ChosenInlineResult.From.ID
		}
	case u.CallbackQuery != nil && u.CallbackQuery.InlineMessageID != "" && u.CallbackQuery.From != nil &&
		strings.TrimSpace(u.CallbackQuery.Data) != "":
		// A press on a message sent in inline mode (inline.go).
		cq := u.CallbackQuery
		b.remember(cq.From)
		m, ok = inlinePress(cq), true
		p := b.newPress(cq.ID)
		m.Privately = p.private
		handled = p.finish
		chatID, userID = inlineLane(cq.InlineMessageID), cq.From.ID
	case u.CallbackQuery != nil:
		cq := u.CallbackQuery
		b.remember(cq.From)
		m, ok = callbackMessage(cq)
		if !ok {
			b.answer(cq.ID)
		} else {
			p := b.newPress(cq.ID)
			m.Privately = p.private
			handled = p.finish
			chatID, userID = cq.Message.Chat.ID, cq.From.ID
			needAdmin = !m.Private && adminMatters(m.Text)
		}
	case u.Message != nil:
		msg := u.Message
		b.remember(msg.From)
		if msg.ReplyToMessage != nil {
			b.remember(msg.ReplyToMessage.From)
		}
		for _, e := range msg.Entities {
			if e.Type == "text_mention" {
				b.remember(e.User)
			}
		}
		m, ok = textMessage(b.self, msg, b.lookup)
		if ok {
			chatID, userID = msg.Chat.ID, msg.From.ID
			b.received(chatID, msg.MessageID)
			needAdmin = !m.Private && !m.Admin && adminMatters(m.Text)
		}
	}
	if !ok {
		close(done)
		return done, nil
	}
	m.Update = strconv.FormatInt(b.self.ID, 10) + ":" + strconv.Itoa(u.UpdateID) // update ids are the bot's own
	var admin *adminLookup
	if needAdmin {
		// Asked now, beside the chat's queue: by the time the command's
		// turn comes, the answer is usually there.
		admin = b.lookupAdmin(chatID, userID)
	}
	err := b.in.Push(chatID, func(*lanes.Bucket) {
		defer close(done)
		defer handled()
		if admin != nil {
			m.Admin = admin.wait()
		}
		b.handle(m)
	})
	if err != nil {
		handled()
		b.log.Warn("message not handled", "chat", chatID, "err", err)
		b.forget(u.UpdateID) // a redelivery may be handled
		return nil, err
	}
	return done, nil
}

// forget drops an update id from the recent ones, so that its redelivery
// is handled.
func (b *Bot) forget(id int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.seen, id)
}

// handle calls the handler, containing a panic to this one message.
func (b *Bot) handle(m chat.Message) {
	defer func() {
		if p := recover(); p != nil {
			b.log.Error("handler panicked", "chat", m.ChannelID, "text", m.Text, "panic", p)
		}
	}()
	b.handler.Handle(b.life, m)
}

// answer stops the button's loading spinner with an empty answer; the
// reply itself comes as a message (press.go answers a refusal instead).
func (b *Bot) answer(id string) {
	if id == "" {
		return
	}
	b.bg.Add(1)
	go func() {
		defer b.bg.Done()
		err := b.call(b.life, "answerCallbackQuery", func() error {
			_, err := b.api.Request(tgbotapi.NewCallback(id, ""))
			return err
		})
		if err != nil {
			b.log.Warn("answerCallbackQuery failed", "err", err)
		}
	}()
}

// duplicate reports an update id seen recently (Telegram redelivers a
// webhook update whose request failed).
func (b *Bot) duplicate(id int) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, ok := b.seen[id]; ok {
		return true
	}
	b.seen[id] = struct{}{}
	b.seenOrder = append(b.seenOrder, id)
	if len(b.seenOrder) > seenUpdates {
		delete(b.seen, b.seenOrder[0])
		b.seenOrder = b.seenOrder[1:]
	}
	return false
}

// remember records a user by @username so that later mentions resolve:
// in memory, and in the shared directory (Config.Users) when the user is
// new here or changed, so that other processes resolve them too.
func (b *Bot) remember(u *tgbotapi.User) {
	if u == nil || u.UserName == "" {
		return
	}
	name := strings.ToLower(u.UserName)
	user := chat.User{ID: strconv.FormatInt(u.ID, 10), Name: displayName(u)}
	b.mu.Lock()
	old, known := b.users[name]
	b.cacheUserLocked(name, user)
	b.mu.Unlock()
	if b.cfg.Users == nil || (known && old == user) {
		return
	}
	ctx, cancel := context.WithTimeout(b.life, userTimeout)
	defer cancel()
	err := b.cfg.Users.RememberUser(ctx, name, user)
	if err != nil {
		b.log.Warn("storing a user's @username", "err", err)
	}
}

// cacheUserLocked keeps a user in memory; b.mu must be held.
func (b *Bot) cacheUserLocked(name string, user chat.User) {
	if _, ok := b.users[name]; !ok && len(b.users) >= maxUsers {
		clear(b.users) // crude but bounded; users are re-learnt as they speak
	}
	b.users[name] = user
}

// lookup resolves an @username (without the @) seen before, here or, through
// the shared directory, by another process.
// The bot itself is not resolved: it is no one to challenge, and the
// router recognises its @name in the text.
func (b *Bot) lookup(name string) (chat.User, bool) {
	if strings.EqualFold(name, b.self.UserName) {
		return chat.User{}, false
	}
	name = strings.ToLower(name)
	b.mu.Lock()
	u, ok := b.users[name]
	b.mu.Unlock()
	if ok || b.cfg.Users == nil {
		return u, ok
	}
	ctx, cancel := context.WithTimeout(b.life, userTimeout)
	defer cancel()
	u, found, err := b.cfg.Users.UserByName(ctx, name)
	if err != nil {
		b.log.Warn("looking up an @username", "err", err)
	}
	if !found {
		return chat.User{}, false
	}
	b.mu.Lock()
	b.cacheUserLocked(name, u)
	b.mu.Unlock()
	return u, true
}

// lookupAdmin starts (or joins) the lookup of whether a user administers
// a group, answered at once from the cache: an answer is kept adminTTL, a
// failure counts as "no" for adminFailTTL. Only the commands whose answer
// depends on it (adminMatters) wait for it, and for Config.AdminTimeout at
// most; a move never does.
func (b *Bot) lookupAdmin(chatID, userID int64) *adminLookup {
	key := adminKey{chatID, userID}
	b.mu.Lock()
	defer b.mu.Unlock()
	if e, ok := b.admins[key]; ok && time.Now().Before(e.until) {
		return knownAdmin(e.admin)
	}
	if l := b.asking[key]; l != nil {
		return l
	}
	l := &adminLookup{done: make(chan struct{})}
	b.asking[key] = l
	b.bg.Add(1)
	go func() {
		defer b.bg.Done()
		admin, ttl := b.askAdmin(chatID, userID)
		b.mu.Lock()
		delete(b.asking, key)
		if len(b.admins) >= maxAdmins {
			clear(b.admins)
		}
		b.admins[key] = adminEntry{admin, time.Now().Add(ttl)}
		b.mu.Unlock()
		l.admin = admin
		close(l.done)
	}()
	return l
}

// askAdmin asks getChatMember whether a user administers a group, within
// Config.AdminTimeout and adminAttempts tries, and says how long the
// answer holds. A failure counts as "no" (for adminFailTTL).
func (b *Bot) askAdmin(chatID, userID int64) (admin bool, ttl time.Duration) {
	ctx, cancel := context.WithTimeout(b.life, b.cfg.AdminTimeout)
	defer cancel()
	api := *b.api // same token and endpoint; requests bound to ctx
	api.Client = b.client(ctx)
	p := b.policy()
	p.Attempts = adminAttempts
	var member tgbotapi.ChatMember
	err := b.callWith(ctx, p, "getChatMember", func() error {
		var err error
		member, err = api.GetChatMember(tgbotapi.GetChatMemberConfig{
			ChatConfigWithUser: tgbotapi.ChatConfigWithUser{ChatID: chatID, UserID: userID},
		})
		return err
	})
	if err != nil {
		b.log.Warn("getChatMember failed: not an admin for now", "chat", chatID, "err", err, "for", adminFailTTL)
		return false, adminFailTTL
	}
	return member.IsCreator() || member.IsAdministrator(), adminTTL
}

// adminMatters reports whether the router's answer to text may depend on
// the sender administering the group: only the organiser or an admin may
// start or cancel a tournament, add the bot to it or take the bot out, and
// only an admin may change the group's language, default level, dice or web
// page. Such a
// command is checked even without a leading "/" ("@bot turnuva başlat",
// "dil en" in a group without privacy mode, a button); other texts are not
// worth a getChatMember call.
func adminMatters(text string) bool {
	c := command.Parse(text)
	switch c.Name {
	case command.Tournament, command.Cancel, command.Leave:
		return true
	case command.Lang, command.Level, command.Web:
		return len(c.Args) > 0
	case command.Roll:
		// "zar elle" sets the group's dice; "zar" and "zar #g7" roll.
		return len(c.Args) > 0 && !strings.HasPrefix(c.Args[0], "#")
	case command.Play, command.Help:
		// A bare "başlat" starts the group's tournament when one is open.
		w := chat.Fold(c.Word)
		return len(c.Args) == 0 && (w == "start" || w == "baslat")
	}
	return false
}

// callbackMessage turns a button press into the text the button stands for,
// in the chat of the message that carries the button.
func callbackMessage(cq *tgbotapi.CallbackQuery) (chat.Message, bool) {
	if cq.From == nil || cq.Message == nil || cq.Message.Chat == nil || strings.TrimSpace(cq.Data) == "" {
		return chat.Message{}, false // inline-mode or stale button: nothing to route
	}
	return chat.Message{
		Platform:  Platform,
		ChannelID: strconv.FormatInt(cq.Message.Chat.ID, 10),
		UserID:    strconv.FormatInt(cq.From.ID, 10),
		UserName:  displayName(cq.From),
		Text:      cq.Data,
		Locale:    cq.From.LanguageCode,
		Ref:       strconv.Itoa(cq.Message.MessageID),
		Private:   cq.Message.Chat.IsPrivate(),
		Admin:     cq.Message.Chat.IsPrivate(),
	}, true
}

// textMessage turns a text message into a chat.Message. It is false for what
// the bot ignores: no text, other bots, forwards, commands for another bot.
// Admin is true in private chats and for anonymous group admins; group
// admins are looked up later, when needed.
func textMessage(self tgbotapi.User, msg *tgbotapi.Message, lookup func(string) (chat.User, bool)) (chat.Message, bool) {
	if msg.Chat == nil || msg.From == nil || msg.Text == "" {
		return chat.Message{}, false
	}
	if msg.ForwardFrom != nil || msg.ForwardFromChat != nil || msg.ForwardSenderName != "" || msg.ForwardDate != 0 {
		return chat.Message{}, false
	}
	anonAdmin := msg.From.IsBot && msg.From.UserName == groupAnonymousBot &&
		msg.SenderChat != nil && msg.SenderChat.ID == msg.Chat.ID
	if msg.From.IsBot && !anonAdmin {
		return chat.Message{}, false
	}
	text, ok := addressed(msg.Text, self.UserName)
	if !ok {
		return chat.Message{}, false
	}
	found := mentions(msg.Text, msg.Entities, lookup)
	if r := msg.ReplyToMessage; len(found) == 0 && strings.HasPrefix(text, "/") && r != nil &&
		r.From != nil && !r.From.IsBot && r.From.ID != msg.From.ID {
		// A command answering someone's message is about them: "/challenge
		// dama" in reply to Bob challenges Bob, even when he has no
		// @username or the bot has never seen it.
		found = []chat.User{{ID: strconv.FormatInt(r.From.ID, 10), Name: displayName(r.From)}}
	}
	name := displayName(msg.From)
	if anonAdmin {
		name = msg.Chat.Title
	}
	private := msg.Chat.IsPrivate()
	return chat.Message{
		Platform:  Platform,
		ChannelID: strconv.FormatInt(msg.Chat.ID, 10),
		UserID:    strconv.FormatInt(msg.From.ID, 10),
		UserName:  name,
		Text:      text,
		Locale:    msg.From.LanguageCode,
		Ref:       strconv.Itoa(msg.MessageID),
		Mentions:  found,
		Private:   private,
		Admin:     private || anonAdmin,
	}, true
}

// addressed strips the bot's own @username from a command ("/play@thisbot
// x" → "/play x") or from the start of a text ("@thisbot play" → "play"). It
// is false for commands addressed to another bot and for empty texts.
func addressed(text, self string) (string, bool) {
	text = strings.TrimSpace(text)
	if strings.HasPrefix(text, "/") {
		end := strings.IndexFunc(text, unicode.IsSpace)
		if end < 0 {
			end = len(text)
		}
		cmd, rest := text[:end], text[end:]
		if name, to, found := strings.Cut(cmd, "@"); found {
			if self == "" || !strings.EqualFold(to, self) {
				return "", false
			}
			cmd = name
		}
		if cmd == "/" {
			return "", false
		}
		return cmd + rest, true
	}
	if self != "" && len(text) > len(self) && text[0] == '@' && strings.EqualFold(text[1:1+len(self)], self) {
		rest := text[1+len(self):]
		if r, _ := utf8.DecodeRuneInString(rest); rest == "" || unicode.IsSpace(r) || r == ',' || r == ':' {
			text = strings.TrimSpace(strings.TrimLeft(rest, ",:"))
		}
	}
	if text == "" || strings.EqualFold(text, "@"+self) {
		return "", false
	}
	return text, true
}

// mentions lists the users mentioned in a message: text_mention entities
// carry the user; @username mentions resolve through lookup when the user
// has been seen. Unresolved mentions are left out. Entity offsets count
// UTF-16 code units.
func mentions(text string, entities []tgbotapi.MessageEntity, lookup func(string) (chat.User, bool)) []chat.User {
	var out []chat.User
	var units []uint16
	add := func(u chat.User) {
		for _, o := range out {
			if o.ID == u.ID {
				return
			}
		}
		out = append(out, u)
	}
	for _, e := range entities {
		switch e.Type {
		case "text_mention":
			if e.User != nil {
				add(chat.User{ID: strconv.FormatInt(e.User.ID, 10), Name: displayName(e.User)})
			}
		case "mention":
			if units == nil {
				units = utf16.Encode([]rune(text))
			}
			if e.Offset < 0 || e.Length < 2 || e.Offset+e.Length > len(units) {
				continue
			}
			name := string(utf16.Decode(units[e.Offset : e.Offset+e.Length]))
			if u, ok := lookup(strings.TrimPrefix(name, "@")); ok && strings.HasPrefix(name, "@") {
				add(u)
			}
		}
	}
	return out
}

// displayName is "First Last", or the @username when there is no name.
func displayName(u *tgbotapi.User) string {
	name := strings.TrimSpace(strings.TrimSpace(u.FirstName) + " " + strings.TrimSpace(u.LastName))
	if name == "" && u.UserName != "" {
		return "@" + u.UserName
	}
	if name == "" {
		return strconv.FormatInt(u.ID, 10)
	}
	return name
}
