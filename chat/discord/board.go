// board.go shows a game's live board (chat.Reply.Live) by editing the
// message of its previous board in place (chat.BoardSender), and keeps what
// the adapter knows of the channels it reaches only through interactions
// (a user's install of the app: DMs and group DMs between users, guilds the
// bot is not in).

package discord

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"oyunbot/chat"
)

var _ chat.BoardSender = (*Bot)(nil)

// Board references (what SendBoard returns): the message id, after "c:"
// for a message the bot edits through its channel (PATCH
// channels/{channel}/messages/{id}), after "w:" for one in a channel the
// bot is not a member of, which only the application's interaction
// webhook can edit (PATCH webhooks/{app}/{token}/messages/{id}), with the
// freshest token of that channel.
const (
	refChannelMsg = "c:"
	refWebhookMsg = "w:"
)

// boardRef is the reference of message id.
func boardRef(external bool, id string) string {
	if id == "" {
		return ""
	}
	if external {
		return refWebhookMsg + id
	}
	return refChannelMsg + id
}

// tokenMargin is kept off a token's 15 minutes before it is used for an
// edit: a call started just before the end would fail.
const tokenMargin = 30 * time.Second

// SendBoard delivers a game's board (a Live reply). With at == "" it sends
// r as Send does and returns the reference of the message that shows the
// board. Otherwise it edits the message at to show r: its picture (a new
// attachment replacing the old), its text and its buttons and menus; text
// beyond one message follows as new ones. When r answers a press of a
// button or menu on that very message, the press's own interaction shows
// it: as its initial response, UPDATE_MESSAGE, within the press's window
// (pressWindow; one call for the whole press), else as the edit of the
// deferred update's @original. A slash command answered by the edit has
// its "thinking" response removed. An edit Discord refuses for
// good (10008 Unknown Message: the message was deleted; 50005: not the
// bot's; 30046: too many edits of an old message; 404; no live token in a
// channel the bot is not in) returns an error wrapping chat.ErrEditFailed,
// having sent nothing.
func (b *Bot) SendBoard(ctx context.Context, r chat.Reply, at string) (string, error) {
	if at == "" || r.Notice {
		return b.send(ctx, r)
	}
	if err := checkReply(r); err != nil {
		return "", err
	}
	msgID, viaChannel := strings.CutPrefix(at, refChannelMsg)
	if !viaChannel {
		var ok bool
		if msgID, ok = strings.CutPrefix(at, refWebhookMsg); !ok || msgID == "" {
			return "", fmt.Errorf("%w: discord: board reference %q", chat.ErrEditFailed, at)
		}
	}
	r = chat.LinksAsText(r, chat.PublicURL)
	parts := b.render(r)
	if len(parts) == 0 {
		parts = []outMsg{{}} // an empty board: nothing left to show
	}
	if ok, err := b.updatePressed(ctx, r.Ref, msgID, parts[len(parts)-1]); ok {
		if err == nil {
			rf, _ := b.refs.peek(r.Ref)
			for _, p := range parts[:len(parts)-1] {
				if _, err := b.deliver(ctx, r.ChannelID, rf, false, p); err != nil {
					b.log.Warn("a board's text beyond one message lost", "channel", r.ChannelID, "err", err)
				}
			}
			return at, nil
		}
		b.log.Warn("press not answered with its board, editing it otherwise", "channel", r.ChannelID, "err", err)
	}
	rf, first, err := b.answering(ctx, r)
	if err != nil {
		return "", err
	}
	if err := b.editBoard(ctx, r.ChannelID, msgID, viaChannel, rf, parts[len(parts)-1]); err != nil {
		if first {
			b.refs.unclaim(rf) // the new board that follows answers it
		}
		return "", err
	}
	if first && rf != nil && rf.kind == refCommand && r.Ref != "" {
		b.dropThinking(ctx, rf)
	}
	for _, p := range parts[:len(parts)-1] {
		if _, err := b.deliver(ctx, r.ChannelID, rf, false, p); err != nil {
			b.log.Warn("a board's text beyond one message lost", "channel", r.ChannelID, "err", err)
		}
	}
	return at, nil
}

// editBoard edits message msgID of channelID to show m: through the press
// of a component on it (rf), through the channel when the bot is there and
// viaChannel, else through the channel's freshest interaction token.
func (b *Bot) editBoard(ctx context.Context, channelID, msgID string, viaChannel bool, rf *ref, m outMsg) error {
	var endpoint, bucket string
	switch tok := b.editToken(channelID, msgID, rf); {
	case tok != nil && tok.original() == msgID:
		endpoint = discordgo.EndpointInteractionResponseActions(tok.appID, tok.token)
		bucket = discordgo.EndpointWebhookToken("", "")
	case viaChannel && !b.external(channelID):
		endpoint = discordgo.EndpointChannelMessage(channelID, msgID)
		bucket = discordgo.EndpointChannelMessage(channelID, "")
	case tok != nil:
		endpoint = discordgo.EndpointFollowupMessageActions(tok.appID, tok.token, msgID)
		bucket = discordgo.EndpointWebhookToken("", "")
	default:
		return fmt.Errorf("%w: discord: board %s in channel %s: %w", chat.ErrEditFailed, msgID, channelID, errNoToken)
	}
	err := b.retry.do(ctx, b.log, "edit board", func() error { return b.patchMessage(ctx, endpoint, bucket, m) })
	if err == nil {
		return nil
	}
	if editRefused(err) {
		return fmt.Errorf("%w: discord: board %s in channel %s: %w", chat.ErrEditFailed, msgID, channelID, err)
	}
	return b.undelivered(channelID, err)
}

// editToken is the interaction whose token edits message msgID of a
// channel: rf when it was a press on that message or the channel is one
// the bot is not in, else the channel's freshest interaction there; nil
// when none lives.
func (b *Bot) editToken(channelID, msgID string, rf *ref) *ref {
	usable := func(x *ref) bool {
		if x == nil || !x.isInteraction() || x.channelID != channelID || !b.refs.fresh(x, tokenMargin) {
			return false
		}
		select {
		case <-x.acked:
			return x.ackErr == nil
		default: // not acknowledged yet: its token cannot edit
			return false
		}
	}
	external := b.external(channelID)
	if usable(rf) && (rf.original() == msgID || external) {
		return rf
	}
	if !external {
		return nil
	}
	if x, ok := b.refs.peek(b.latest(channelID)); ok && usable(x) {
		return x
	}
	return nil
}

// updatePressed answers the press key, on message msgID and not yet
// acknowledged, by updating that message to m as its initial response
// (UPDATE_MESSAGE): one call where a deferred update and an edit would be
// two. ok is false when it does not apply (not a press on msgID, answered
// already, or acknowledged meanwhile); err is the response's failure, after
// which the press's token is of no use.
func (b *Bot) updatePressed(ctx context.Context, key, msgID string, m outMsg) (ok bool, err error) {
	rf, live := b.refs.peek(key)
	if !live || rf.kind != refComponent || rf.pressed != msgID || !rf.takeAck() {
		return false, nil
	}
	b.refs.claim(key)
	defer close(rf.acked)
	ctx, cancel := context.WithTimeout(ctx, discordgo.InteractionDeadline)
	defer cancel()
	endpoint := discordgo.EndpointInteractionResponse(rf.id, rf.token)
	rf.ackErr = b.retry.short().do(ctx, b.log, "update pressed message", func() error {
		return b.postMessage(ctx, http.MethodPost, endpoint, endpoint, m, true)
	})
	return true, rf.ackErr
}

// updatePressedComponents answers the press key by replacing the
// components of the message pressed (chat.Reply.Edit) as its initial
// response, UPDATE_MESSAGE with components alone (the rest stays); ok as
// for updatePressed.
func (b *Bot) updatePressedComponents(ctx context.Context, key string, comps []discordgo.MessageComponent) (ok bool, err error) {
	rf, live := b.refs.peek(key)
	if !live || rf.kind != refComponent || !rf.takeAck() {
		return false, nil
	}
	b.refs.claim(key)
	defer close(rf.acked)
	if comps == nil {
		comps = []discordgo.MessageComponent{} // none: remove them
	}
	ctx, cancel := context.WithTimeout(ctx, discordgo.InteractionDeadline)
	defer cancel()
	endpoint := discordgo.EndpointInteractionResponse(rf.id, rf.token)
	resp := componentsUpdate{Type: discordgo.InteractionResponseUpdateMessage}
	resp.Data.Components = comps
	rf.ackErr = b.retry.short().do(ctx, b.log, "update pressed components", func() error {
		_, err := b.s.RequestWithBucketID(http.MethodPost, endpoint, resp, endpoint, discordgo.WithContext(ctx))
		return err
	})
	return true, rf.ackErr
}

// componentsUpdate is UPDATE_MESSAGE changing a message's components alone.
type componentsUpdate struct {
	Type discordgo.InteractionResponseType `json:"type"`
	Data struct {
		Components []discordgo.MessageComponent `json:"components"`
	} `json:"data"`
}

// boardEdit is the body of a message edit. Attachments lists the uploads
// by their index in files[n]: the message keeps those and nothing else, so
// the new picture replaces the old one (none removes it). Content and
// components are always sent, so that none clears them.
type boardEdit struct {
	Content         string                            `json:"content"`
	Components      []discordgo.MessageComponent      `json:"components"`
	Attachments     []newAttachment                   `json:"attachments"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
}

// newAttachment is an attachments entry for the upload files[ID].
type newAttachment struct {
	ID       int    `json:"id"`
	Filename string `json:"filename"`
}

// patchMessage sends one message edit, as multipart when it has files.
// discordgo waits out 429s itself, as for Send.
func (b *Bot) patchMessage(ctx context.Context, endpoint, bucket string, m outMsg) error {
	return b.postMessage(ctx, http.MethodPatch, endpoint, bucket, m, false)
}

// updateResponse is the interaction response UPDATE_MESSAGE (type 7),
// whose data is a message edit.
type updateResponse struct {
	Type discordgo.InteractionResponseType `json:"type"`
	Data boardEdit                         `json:"data"`
}

// postMessage sends m as a message edit to endpoint (as the data of an
// UPDATE_MESSAGE response when update), as multipart when it has files.
func (b *Bot) postMessage(ctx context.Context, method, endpoint, bucket string, m outMsg, update bool) error {
	files := m.files()
	p := boardEdit{Content: m.content, Components: m.components, Attachments: []newAttachment{}, AllowedMentions: allowedMentions()}
	if p.Components == nil {
		p.Components = []discordgo.MessageComponent{}
	}
	for i, f := range files {
		p.Attachments = append(p.Attachments, newAttachment{ID: i, Filename: f.Name})
	}
	var payload any = p
	if update {
		payload = updateResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: p}
	}
	if len(files) == 0 {
		_, err := b.s.RequestWithBucketID(method, endpoint, payload, bucket, discordgo.WithContext(ctx))
		return err
	}
	contentType, body, err := discordgo.MultipartBodyWithJSON(payload, files)
	if err != nil {
		return err
	}
	_, err = b.s.RequestRaw(method, endpoint, contentType, body, bucket, 0, discordgo.WithContext(ctx))
	return err
}

// Discord's JSON error codes of an edit that cannot succeed.
const (
	codeUnknownMessage   = 10008
	codeUnknownWebhook   = 10015
	codeTooManyOldEdits  = 30046 // edits of a message older than an hour
	codeMissingAccess    = 50001
	codeOthersMessage    = 50005 // a message authored by another user
	codeInvalidWebhookTk = 50027 // an expired interaction token
)

// editRefused reports whether Discord refused an edit for good: the board
// is better sent anew.
func editRefused(err error) bool {
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Response == nil {
		return false
	}
	if rest.Response.StatusCode == http.StatusNotFound {
		return true
	}
	if rest.Message == nil {
		return false
	}
	switch rest.Message.Code {
	case codeUnknownMessage, codeUnknownWebhook, codeTooManyOldEdits, codeOthersMessage, codeInvalidWebhookTk:
		return true
	}
	return false
}

// dropThinking removes the "thinking" response of a slash command whose
// answer was the edit of a board (the board shows it). Best effort.
func (b *Bot) dropThinking(ctx context.Context, rf *ref) {
	in := &discordgo.Interaction{ID: rf.id, AppID: rf.appID, Token: rf.token}
	err := b.retry.short().do(ctx, b.log, "delete answered response", func() error {
		return b.s.InteractionResponseDelete(in, discordgo.WithContext(ctx))
	})
	if err != nil {
		b.log.Warn("a slash command's response left thinking", "err", err)
	}
}

// chanInfo is what the adapter learned of a channel from its interactions.
type chanInfo struct {
	// external: the bot is not a member (the interactions came through a
	// user's install of the app only, outside the bot's DM).
	external bool
	// latest is the Message.Ref of the channel's freshest interaction
	// answered in the open (not ephemerally).
	latest string
	seen   time.Time
}

// noteChannel records an interaction of a channel.
func (b *Bot) noteChannel(channelID, key string, external, ephemeral bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := time.Now()
	c := b.chans[channelID]
	if c == nil {
		c = &chanInfo{}
		b.chans[channelID] = c
	}
	c.external, c.seen = external, now
	if !ephemeral {
		c.latest = key
	}
	if now.Sub(b.chansSwept) < sweepEvery {
		return
	}
	b.chansSwept = now
	for id, c := range b.chans {
		if now.Sub(c.seen) > interactionTTL {
			delete(b.chans, id)
		}
	}
}

// external reports whether the bot is known not to be a member of a
// channel: it cannot post or edit there but through interactions.
func (b *Bot) external(channelID string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	c := b.chans[channelID]
	return c != nil && c.external
}

// latest is the Ref of the channel's freshest open interaction, or "".
func (b *Bot) latest(channelID string) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	if c := b.chans[channelID]; c != nil {
		return c.latest
	}
	return ""
}

// isExternal reports whether an interaction came from a channel the bot is
// not a member of: authorised by the user's install alone (a payload
// without authorizing_integration_owners predates user installs), outside
// the bot's own DM.
func isExternal(in *discordgo.Interaction) bool {
	owners := in.AuthorizingIntegrationOwners
	if len(owners) == 0 || in.Context == discordgo.InteractionContextBotDM {
		return false
	}
	_, guild := owners[discordgo.ApplicationIntegrationGuildInstall]
	return !guild
}

// RetireBoard takes the buttons and menus off a game's earlier board ref
// in channelID when the game's board has been posted anew (the Router's
// outbox asks, chat.BoardRetirer): its picture and text stay. Only boards
// the bot edits through their channel: one reached through interactions
// alone keeps them (a press on it is refused as stale anyway).
func (b *Bot) RetireBoard(ctx context.Context, channelID, ref string) error {
	id, ok := strings.CutPrefix(ref, refChannelMsg)
	if !ok || id == "" || b.external(channelID) {
		return nil
	}
	body := map[string]any{"components": []discordgo.MessageComponent{}}
	return b.retry.do(ctx, b.log, "retire board", func() error {
		_, err := b.s.RequestWithBucketID(http.MethodPatch, discordgo.EndpointChannelMessage(channelID, id), body,
			discordgo.EndpointChannelMessage(channelID, ""), discordgo.WithContext(ctx))
		return err
	})
}

var _ chat.BoardRetirer = (*Bot)(nil)
