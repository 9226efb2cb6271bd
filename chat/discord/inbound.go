// inbound.go turns gateway events into chat.Message values: prefix
// messages, slash commands, button presses, and answers autocomplete.

package discord

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"oyunbot/chat"
	"oyunbot/chat/internal/lanes"
)

// settleAfter is how long a slash command's "thinking" response waits for
// its first reply after the handler returned.
const settleAfter = 2 * time.Minute

// pressWindow is how long a button press or menu choice waits for a reply
// that updates the message pressed (a board, a tap board's menus) as its
// initial response, UPDATE_MESSAGE, before it is acknowledged with a
// deferred update: well inside Discord's 3 s, so that the update, sent at
// the latest then, still makes it.
const pressWindow = time.Second

// autocompleteBudget is how long SuggestMoves may take: Discord wants the
// autocomplete answer within 3 s of the event.
const autocompleteBudget = 2 * time.Second

// adminPermissions are the permissions that make a user an admin of a
// channel for the bot (chat.Message.Admin), who may start or cancel a
// tournament that someone else organised.
const adminPermissions = discordgo.PermissionAdministrator | discordgo.PermissionManageGuild | discordgo.PermissionManageChannels

// Prefixes of chat.Message.Ref: an interaction or a message id.
const (
	refInteraction = "i:"
	refMsg         = "m:"
)

// onMessageCreate handles a prefix command ("!play dama") or one addressed
// to the bot by mention ("@bot play dama"). Bots, the bot itself included,
// are ignored, and so is text without the prefix.
func (b *Bot) onMessageCreate(_ *discordgo.Session, e *discordgo.MessageCreate) {
	m := e.Message
	if m == nil || m.Author == nil || m.Author.Bot || m.Author.ID == b.botUserID() {
		return
	}
	text, ok := b.stripPrefix(m.Content)
	if !ok {
		return
	}
	msg := chat.Message{
		Platform:  Platform,
		ChannelID: m.ChannelID,
		UserID:    m.Author.ID,
		UserName:  displayName(m.Author, m.Member),
		Text:      text,
		Locale:    b.guildLocale(m.GuildID),
		Ref:       refMsg + m.ID,
		Update:    m.ID,
		Private:   m.GuildID == "",
	}
	if msg.Private {
		msg.Admin = true // one-to-one: the user owns the conversation
	} else {
		// Without the member or the guild in the state the permissions
		// are unknown: then only the owner is known to be an admin.
		perms, err := b.s.State.MessagePermissions(m)
		if err != nil {
			perms = 0
		}
		msg.Admin = b.isAdmin(m.GuildID, m.Author.ID, perms)
	}
	me := b.botUserID()
	for _, u := range m.Mentions {
		if u == nil || u.ID == me {
			continue
		}
		msg.Mentions = append(msg.Mentions, chat.User{ID: u.ID, Name: displayName(u, nil)})
	}
	b.refs.put(msg.Ref, &ref{kind: refMessage, id: m.ID, channelID: m.ChannelID, acked: closedChan()})
	b.enqueue(msg, nil)
}

// isAdmin reports whether a guild member with channel permissions perms
// administers the channel for the bot: a permission of adminPermissions, or
// owning the guild (the state knows the owner even when the permissions
// are unknown).
func (b *Bot) isAdmin(guildID, userID string, perms int64) bool {
	if perms&adminPermissions != 0 {
		return true
	}
	if guildID == "" {
		return false
	}
	g, err := b.s.State.Guild(guildID)
	return err == nil && g.OwnerID != "" && g.OwnerID == userID
}

// stripPrefix returns the command after the prefix or a leading mention of
// the bot, and whether there was one.
func (b *Bot) stripPrefix(content string) (string, bool) {
	content = strings.TrimSpace(content)
	if rest, ok := strings.CutPrefix(content, b.prefix); ok {
		rest = strings.TrimSpace(rest)
		return rest, rest != ""
	}
	if me := b.botUserID(); me != "" {
		for _, mention := range []string{"<@" + me + ">", "<@!" + me + ">"} {
			if rest, ok := strings.CutPrefix(content, mention); ok {
				rest = strings.TrimSpace(rest)
				return rest, rest != ""
			}
		}
	}
	return "", false
}

// guildLocale is the guild's preferred locale when the state knows it.
func (b *Bot) guildLocale(guildID string) string {
	if guildID == "" {
		return ""
	}
	g, err := b.s.State.Guild(guildID)
	if err != nil {
		return ""
	}
	return g.PreferredLocale
}

// onInteractionCreate acknowledges a slash command or button press at once
// (deferred: Discord drops interactions not answered within 3 s, and the bot
// may think longer), then queues it as a message; the handler runs only
// after the acknowledgement went out, so the first reply can edit it.
// Autocomplete is answered directly.
func (b *Bot) onInteractionCreate(_ *discordgo.Session, e *discordgo.InteractionCreate) {
	in := e.Interaction
	if in == nil {
		return
	}
	var (
		text      string
		mentions  []chat.User
		kind      refKind
		ackType   discordgo.InteractionResponseType
		ephemeral bool
	)
	switch in.Type {
	case discordgo.InteractionApplicationCommandAutocomplete:
		b.bg.Go(func() { b.autocomplete(in) })
		return
	case discordgo.InteractionApplicationCommand:
		d, ok := in.Data.(discordgo.ApplicationCommandInteractionData)
		if !ok {
			return
		}
		text, mentions = commandText(d, b.specByName)
		kind, ackType = refCommand, discordgo.InteractionResponseDeferredChannelMessageWithSource
		ephemeral = !isPrivate(in) && privateCommands[d.Name]
	case discordgo.InteractionMessageComponent:
		d, ok := in.Data.(discordgo.MessageComponentInteractionData)
		if !ok {
			return
		}
		text = customIDText(d.CustomID)
		if d.ComponentType == discordgo.SelectMenuComponent {
			text = selectedText(d.Values) // a tap board's menu (tap.go)
		}
		kind, ackType = refComponent, discordgo.InteractionResponseDeferredMessageUpdate
	default:
		return
	}

	user, member := interactionUser(in)
	if user == nil {
		return
	}
	if _, seen := b.refs.peek(refInteraction + in.ID); seen {
		// The same event again (a replay): it was acknowledged and handled
		// (a second acknowledgement would get 40060). Past a token's life
		// the Router's record of Message.Update still applies it once.
		b.log.Debug("interaction seen already", "id", in.ID)
		return
	}
	msg := chat.Message{
		Platform:  Platform,
		ChannelID: in.ChannelID,
		UserID:    user.ID,
		UserName:  displayName(user, member),
		Text:      text,
		Locale:    string(in.Locale),
		Ref:       refInteraction + in.ID,
		Update:    in.ID,
		Mentions:  mentions,
		Private:   isPrivate(in),
	}
	switch {
	case msg.Private:
		msg.Admin = true
	case in.GuildID == "":
		// A group DM or a DM between users: nobody administers it for
		// the bot (an organiser still runs their tournament).
	case member != nil:
		// Discord computes the member's permissions in the channel.
		msg.Admin = b.isAdmin(in.GuildID, user.ID, member.Permissions)
	default:
		msg.Admin = b.isAdmin(in.GuildID, user.ID, 0)
	}

	r := &ref{kind: kind, id: in.ID, token: in.Token, appID: in.AppID, channelID: in.ChannelID,
		acked: make(chan struct{}), ephemeral: ephemeral}
	if r.appID == "" {
		r.appID = b.application()
	}
	if in.Message != nil {
		r.pressed = in.Message.ID
	}
	if kind == refComponent {
		// In the bot's DM too: there it changes who sees nothing, but it
		// marks the message as a press, not typed (chat.Message.Privately),
		// which the Router's live boards count apart.
		msg.Privately = func(text string) bool { return b.ephemeral(in, r, text) }
	}
	b.refs.put(msg.Ref, r)
	b.noteChannel(in.ChannelID, msg.Ref, isExternal(in), ephemeral)
	window := time.Duration(0)
	if kind == refComponent {
		window = b.pressWindow
	}
	b.bg.Go(func() { b.acknowledge(in, r, ackType, window) })
	if text == "" {
		return // acknowledged; nothing to handle
	}
	b.enqueue(msg, r)
}

// isPrivate reports whether an interaction comes from the user's DM with
// the bot (chat.Message.Private), rather than a guild, a group DM or a DM
// between users (context 2: the app reached through a user's install).
func isPrivate(in *discordgo.Interaction) bool {
	return in.GuildID == "" && in.Context != discordgo.InteractionContextPrivateChannel
}

// privateCommands are the slash commands whose answer concerns the asker
// alone, answered in a server ephemerally (only the asker sees it): help,
// the legal moves, ratings, and a hint (which would tell the opponent too).
// The rest (moves, boards, challenges, offers, history, games, standings)
// are the channel's business and answered to all.
var privateCommands = map[string]bool{"help": true, "legal": true, "rating": true, "hint": true}

// acknowledge sends the deferred response, retried briefly (it is only of
// use within Discord's 3 s window). With a window, it waits that long
// first for a reply that answers the press by updating its message
// (updatePressed: one call instead of two), and sends nothing if one did.
func (b *Bot) acknowledge(in *discordgo.Interaction, r *ref, t discordgo.InteractionResponseType, window time.Duration) {
	if window > 0 {
		timer := time.NewTimer(window)
		select {
		case <-timer.C:
		case <-r.acked:
			timer.Stop()
			return
		}
	}
	if !r.takeAck() {
		return
	}
	b.sendAck(in, r, t)
}

// ackNow acknowledges press r with the deferred update at once, if no one
// has yet: a reply to it that does not update the pressed message (a
// follow-up, a refusal) need not wait out the press's window.
func (b *Bot) ackNow(r *ref) {
	if r.kind != refComponent || !r.takeAck() {
		return
	}
	b.sendAck(&discordgo.Interaction{ID: r.id, AppID: r.appID, Token: r.token}, r, discordgo.InteractionResponseDeferredMessageUpdate)
}

// sendAck sends r's deferred response, its acknowledgement having been
// taken (takeAck), and closes r.acked.
func (b *Bot) sendAck(in *discordgo.Interaction, r *ref, t discordgo.InteractionResponseType) {
	defer close(r.acked)
	// Acknowledged even while stopping: the press was taken.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(b.handlerContext()), discordgo.InteractionDeadline)
	defer cancel()
	r.ackErr = b.retry.short().do(ctx, b.log, "acknowledge interaction", func() error {
		resp := &discordgo.InteractionResponse{Type: t}
		if r.ephemeral {
			resp.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
		}
		return b.s.InteractionRespond(in, resp, discordgo.WithContext(ctx))
	})
}

// ephemeral answers a button press with a follow-up that the presser alone
// sees (a refusal: chat.Message.Privately); false when it could not be sent,
// so that the router says it in the channel.
func (b *Bot) ephemeral(in *discordgo.Interaction, r *ref, text string) bool {
	if text == "" || utf8.RuneCountInString(text) > 2000 {
		return false
	}
	ctx, cancel := context.WithTimeout(b.handlerContext(), 10*time.Second)
	defer cancel()
	if r.takeAck() {
		// Not acknowledged yet: the refusal is the press's response (one
		// call), after which @original is the refusal (ownMessage).
		r.ownMessage.Store(true)
		defer close(r.acked)
		actx, acancel := context.WithTimeout(ctx, discordgo.InteractionDeadline)
		defer acancel()
		r.ackErr = b.retry.short().do(actx, b.log, "ephemeral response", func() error {
			return b.s.InteractionRespond(in, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: text, Flags: discordgo.MessageFlagsEphemeral,
					AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}},
			}, discordgo.WithContext(actx))
		})
		if r.ackErr != nil {
			b.log.Warn("an ephemeral refusal failed", "err", r.ackErr)
		}
		return r.ackErr == nil
	}
	<-r.acked
	if r.ackErr != nil {
		return false
	}
	err := b.retry.short().do(ctx, b.log, "ephemeral follow-up", func() error {
		_, err := b.s.FollowupMessageCreate(in, false, &discordgo.WebhookParams{Content: text,
			Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: &discordgo.MessageAllowedMentions{}}, discordgo.WithContext(ctx))
		return err
	})
	if err != nil {
		b.log.Warn("an ephemeral refusal failed", "err", err)
		return false
	}
	return true
}

// enqueue runs the handler for msg in its channel's order. For a slash
// command the handler waits for the acknowledgement first (its first reply
// edits it); a press is handled at once.
func (b *Bot) enqueue(msg chat.Message, r *ref) {
	err := b.queues.Push(msg.ChannelID, func(*lanes.Bucket) {
		ctx := b.handlerContext()
		// A press is handled at once: its reply may be the
		// acknowledgement itself (updatePressed), unless there is no
		// window for that.
		if r != nil && (r.kind != refComponent || b.pressWindow == 0) {
			select {
			case <-r.acked:
			case <-ctx.Done():
				return
			}
		}
		defer func() {
			if p := recover(); p != nil {
				b.log.Error("handler panicked", "panic", p, "text", msg.Text, "channel", msg.ChannelID)
			}
		}()
		if r != nil && r.kind == refCommand {
			b.setInHand(msg.ChannelID, msg.Ref)
			defer b.setInHand(msg.ChannelID, "")
		}
		b.h.Handle(ctx, msg)
		if r != nil && r.kind == refCommand {
			b.bg.Go(func() { b.settleLater(ctx, msg.Ref, r) })
		}
	})
	if err != nil {
		b.log.Warn("channel queue full, message refused", "channel", msg.ChannelID, "user", msg.UserID, "text", msg.Text)
	}
}

// setInHand records the slash command whose handler runs in a channel
// ("" when none); a channel's messages are handled one at a time.
func (b *Bot) setInHand(channelID, key string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if key == "" {
		delete(b.handling, channelID)
		return
	}
	b.handling[channelID] = key
}

// inHand is the slash command being handled in a channel, or "".
func (b *Bot) inHand(channelID string) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.handling[channelID]
}

// settleLater removes the "thinking" response of a slash command that got
// no reply within settleAfter of its handling (a bot move may answer it a
// while after Handle returned); Discord would otherwise show it until the
// token expires. Claiming the ref first means a later reply goes as a
// followup instead of editing the deleted response.
func (b *Bot) settleLater(ctx context.Context, key string, r *ref) {
	t := time.NewTimer(b.settleAfter)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
		return
	}
	if _, first := b.refs.claim(key); !first || r.ackErr != nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	in := &discordgo.Interaction{ID: r.id, AppID: r.appID, Token: r.token}
	err := b.retry.do(ctx, b.log, "delete unanswered response", func() error {
		return b.s.InteractionResponseDelete(in, discordgo.WithContext(ctx))
	})
	if err != nil {
		b.log.Warn("unanswered slash command response left", "err", err)
	}
}

// autocomplete answers /move's autocomplete with the handler's legal moves
// that start with what the user typed, or with no choices.
func (b *Bot) autocomplete(in *discordgo.Interaction) {
	d, ok := in.Data.(discordgo.ApplicationCommandInteractionData)
	if !ok {
		return
	}
	var choices []*discordgo.ApplicationCommandOptionChoice
	user, _ := interactionUser(in)
	if sug, ok := b.h.(MoveSuggester); ok && user != nil {
		prefix := ""
		for _, o := range d.Options {
			if o != nil && o.Focused {
				prefix = optionValue(o)
			}
		}
		ctx, cancel := context.WithTimeout(b.handlerContext(), autocompleteBudget)
		moves := safeSuggest(ctx, sug, in.ChannelID, user.ID, prefix, b)
		cancel()
		for _, mv := range moves {
			mv = cleanValue(mv)
			if mv == "" || len(mv) > maxChoiceLen {
				continue
			}
			choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: mv, Value: mv})
			if len(choices) == maxChoices {
				break
			}
		}
	}
	ctx, cancel := context.WithTimeout(b.handlerContext(), discordgo.InteractionDeadline)
	defer cancel()
	endpoint := discordgo.EndpointInteractionResponse(in.ID, in.Token)
	resp := autocompleteResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult}
	resp.Data.Choices = choices
	if resp.Data.Choices == nil {
		resp.Data.Choices = []*discordgo.ApplicationCommandOptionChoice{}
	}
	err := b.retry.short().do(ctx, b.log, "autocomplete", func() error {
		_, err := b.s.RequestWithBucketID("POST", endpoint, resp, endpoint, discordgo.WithContext(ctx))
		return err
	})
	if err != nil {
		b.log.Warn("autocomplete not answered", "err", err)
	}
}

// autocompleteResponse is sent instead of discordgo.InteractionResponse,
// whose choices field is omitted when empty: Discord wants an array, even
// an empty one.
type autocompleteResponse struct {
	Type discordgo.InteractionResponseType `json:"type"`
	Data struct {
		Choices []*discordgo.ApplicationCommandOptionChoice `json:"choices"`
	} `json:"data"`
}

func safeSuggest(ctx context.Context, s MoveSuggester, channelID, userID, prefix string, b *Bot) (moves []string) {
	defer func() {
		if p := recover(); p != nil {
			b.log.Error("SuggestMoves panicked", "panic", p)
			moves = nil
		}
	}()
	return s.SuggestMoves(ctx, channelID, userID, prefix)
}

// interactionUser is who interacted: the member in a guild, the user in DMs.
func interactionUser(in *discordgo.Interaction) (*discordgo.User, *discordgo.Member) {
	if in.Member != nil && in.Member.User != nil {
		return in.Member.User, in.Member
	}
	return in.User, nil
}

func closedChan() chan struct{} {
	c := make(chan struct{})
	close(c)
	return c
}
