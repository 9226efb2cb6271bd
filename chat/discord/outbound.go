// outbound.go delivers chat.Reply values: as the edit of a deferred
// interaction response, as interaction followups or as channel messages;
// boards as PNG attachments, buttons as action rows; with bounded retries.

package discord

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"oyunbot/chat"
	"oyunbot/chat/internal/retry"
)

// Discord's message limits.
const (
	maxContent     = 2000 // characters of message content
	maxButtonsRow  = 5    // buttons per action row
	maxRows        = 5    // action rows per message
	maxCustomID    = 100  // bytes of a custom_id
	maxButtonLabel = 80   // characters of a button label
)

// idSep separates a button's Data from what the adapter appends to keep
// custom_ids unique in a message (Discord rejects duplicates); everything
// from it on is dropped when a press comes back. A disabled button (empty
// Data) gets an id that starts with it, so its press means nothing.
const idSep = "\x1f"

// Send delivers r on Discord. A reply to a slash command (r.Ref from the
// Message) first replaces the command's "thinking" response, a reply to a
// button press first comes as a followup, a reply to a prefix message
// quotes it; later replies to the same event go as followups while the
// interaction token lives, everything else as channel messages (but an
// unsolicited reply sent while a slash command of its channel is being
// handled, and has had no answer, answers that command). Content
// longer than Discord's 2000 characters is split over several messages, the
// board and buttons going with the last. Notices show as the typing
// indicator. Failed calls are retried a bounded number of times (discordgo
// itself waits out 429 rate limits); an interaction reply that still fails
// falls back to a channel message; an error is returned only when the reply
// could not be delivered at all.
//
// In a channel the bot is not a member of (reached through a user's
// install of the app: a DM or group DM between users, a foreign guild)
// everything goes through the freshest interaction token of the channel,
// never as a channel message, which Discord refuses there.
func (b *Bot) Send(ctx context.Context, r chat.Reply) error {
	_, err := b.send(ctx, r)
	return err
}

// checkReply refuses a reply no adapter call can deliver.
func checkReply(r chat.Reply) error {
	if r.Platform != "" && r.Platform != Platform {
		return fmt.Errorf("%w: discord: reply for platform %q", chat.ErrUndeliverable, r.Platform)
	}
	if r.ChannelID == "" {
		return fmt.Errorf("%w: discord: reply without a channel", chat.ErrUndeliverable)
	}
	return nil
}

// send is Send; it returns the board reference (see SendBoard) of the last
// message sent, "" when none can be edited later.
func (b *Bot) send(ctx context.Context, r chat.Reply) (string, error) {
	if err := checkReply(r); err != nil {
		return "", err
	}
	if r.Notice {
		b.notice(ctx, r)
		return "", nil
	}
	r = chat.LinksAsText(r, chat.PublicURL)
	parts := b.render(r)
	if len(parts) == 0 && !r.Edit {
		return "", nil
	}
	if r.Edit {
		if ok, err := b.updatePressedComponents(ctx, r.Ref, b.replyComponents(r)); ok {
			if err == nil {
				return "", nil
			}
			b.log.Warn("pressed message not updated, sending a new one", "channel", r.ChannelID, "err", err)
		}
	}
	rf, first, err := b.answering(ctx, r)
	if err != nil {
		return "", err
	}
	if ok, err := b.editPressed(ctx, r, rf, first); ok {
		if err == nil {
			return "", nil
		}
		b.log.Warn("pressed message not edited, sending a new one", "channel", r.ChannelID, "err", err)
		first = false
	}
	ref := ""
	for i, p := range parts {
		if ref, err = b.deliver(ctx, r.ChannelID, rf, first && i == 0, p); err != nil {
			return "", err
		}
	}
	return ref, nil
}

// answering is the event a reply answers (nil for none, or one whose
// token cannot be used) and whether this is its first answer, once its
// acknowledgement is done. In a channel the bot is not in, a reply that
// answers no interaction takes the channel's freshest one.
func (b *Bot) answering(ctx context.Context, r chat.Reply) (rf *ref, first bool, err error) {
	rf, first = b.refs.claim(r.Ref)
	if r.Ref == "" {
		// What a slash command causes without answering it ("tournament
		// start": the round's announcement) answers it, rather than
		// leaving "thinking…" until settleLater removes it.
		if key := b.inHand(r.ChannelID); key != "" {
			if x, ok := b.refs.claimFirst(key); ok {
				rf, first = x, true
			}
		}
	}
	if (rf == nil || !rf.isInteraction()) && b.external(r.ChannelID) {
		rf, first = b.refs.claim(b.latest(r.ChannelID))
	}
	if rf != nil && rf.isInteraction() {
		b.ackNow(rf) // a press answered otherwise than by updating its message
		select {
		case <-rf.acked:
		case <-ctx.Done():
			return nil, false, ctx.Err()
		}
		if rf.ackErr != nil {
			rf = nil // the token was never accepted: use the channel
		}
	}
	return rf, first, nil
}

// outMsg is one Discord message of a reply.
type outMsg struct {
	content    string
	image      []byte
	imageName  string
	file       []byte // an attachment beside the picture (a PGN)
	fileName   string
	fileType   string
	components []discordgo.MessageComponent
}

// files returns the attachment with a fresh reader (a retry re-reads it).
func (m outMsg) files() []*discordgo.File {
	var out []*discordgo.File
	if len(m.image) > 0 {
		out = append(out, &discordgo.File{Name: m.imageName, ContentType: "image/png", Reader: bytes.NewReader(m.image)})
	}
	if len(m.file) > 0 {
		out = append(out, &discordgo.File{Name: m.fileName, ContentType: m.fileType, Reader: bytes.NewReader(m.file)})
	}
	return out
}

// allowedMentions lets no message ping anyone: replies name people by their
// display names, never by mention, so a mention in a reply's text came from
// a user (a nickname, an echoed argument) and must stay inert. (An empty
// list, not nil: discordgo sends "parse": null for nil.)
func allowedMentions() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
}

// render splits r into Discord messages.
func (b *Bot) render(r chat.Reply) []outMsg {
	content := r.Text
	if strings.TrimSpace(content) == "" {
		content = r.Caption
	}
	chunks := contentChunks(content, maxContent) // escaped: see markup.go
	comps := b.replyComponents(r)
	if len(chunks) == 0 && len(r.Image) == 0 && len(r.File) == 0 && len(comps) == 0 {
		return nil
	}
	if len(chunks) == 0 {
		chunks = []string{""}
	}
	parts := make([]outMsg, len(chunks))
	for i, c := range chunks {
		parts[i].content = c
	}
	last := &parts[len(parts)-1]
	last.components = comps
	if len(r.Image) > 0 {
		last.image = r.Image
		last.imageName = r.ImageName
		if last.imageName == "" {
			last.imageName = "board.png"
		}
	}
	if len(r.File) > 0 {
		last.file, last.fileName, last.fileType = r.File, r.FileName, r.FileType
		if last.fileName == "" {
			last.fileName = "oyunbot.txt"
		}
		if last.fileType == "" {
			last.fileType = "text/plain"
		}
	}
	return parts
}

// deliver sends one message the way rf and first call for, and returns
// its board reference.
func (b *Bot) deliver(ctx context.Context, channelID string, rf *ref, first bool, m outMsg) (string, error) {
	external := b.external(channelID)
	if rf != nil && rf.isInteraction() {
		in := &discordgo.Interaction{ID: rf.id, AppID: rf.appID, Token: rf.token}
		var sent *discordgo.Message
		err := b.retry.do(ctx, b.log, "interaction reply", func() (err error) {
			if first && rf.kind == refCommand {
				sent, err = b.editOriginal(ctx, in, m)
				return err
			}
			sent, err = b.followup(ctx, in, m, rf.ephemeral)
			return err
		})
		if err == nil {
			if sent == nil || rf.ephemeral {
				return "", nil
			}
			return boardRef(external, sent.ID), nil
		}
		if ctx.Err() != nil {
			return "", err
		}
		if external {
			// The channel would refuse the bot (50001 Missing Access).
			return "", b.undelivered(channelID, err)
		}
		b.log.Warn("interaction reply failed, sending to the channel", "channel", channelID, "err", err)
		rf = nil
	}
	if external {
		return "", b.undelivered(channelID, errNoToken)
	}
	send := &discordgo.MessageSend{Content: m.content, Components: m.components, AllowedMentions: allowedMentions()}
	if rf != nil && rf.kind == refMessage && first {
		send.Reference = &discordgo.MessageReference{MessageID: rf.id, ChannelID: rf.channelID, FailIfNotExists: new(bool)}
	}
	var sent *discordgo.Message
	err := b.retry.do(ctx, b.log, "channel message", func() (err error) {
		send.Files = m.files()
		sent, err = b.s.ChannelMessageSendComplex(channelID, send, discordgo.WithContext(ctx))
		return err
	})
	if err != nil {
		return "", b.undelivered(channelID, err)
	}
	return boardRef(false, sent.ID), nil
}

// errNoToken: a channel the bot is not in, and no interaction token of it
// that lives.
var errNoToken = errors.New("no live interaction token in a channel the bot is not a member of")

// undelivered logs and wraps the error of a reply that was not delivered:
// ErrUndeliverable when retrying cannot help.
func (b *Bot) undelivered(channelID string, err error) error {
	b.log.Warn("reply not delivered", "channel", channelID, "err", err)
	if refused(err) || errors.Is(err, errNoToken) {
		return fmt.Errorf("%w: discord: send to channel %s: %w", chat.ErrUndeliverable, channelID, err)
	}
	return fmt.Errorf("discord: send to channel %s: %w", channelID, err)
}

// refused reports whether Discord refused a message for good: a bad request,
// missing access or permissions, an unknown channel. Retrying cannot help.
func refused(err error) bool {
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Response == nil {
		return false
	}
	switch rest.Response.StatusCode {
	case http.StatusBadRequest, http.StatusForbidden, http.StatusNotFound:
		return true
	}
	return false
}

func (b *Bot) editOriginal(ctx context.Context, in *discordgo.Interaction, m outMsg) (*discordgo.Message, error) {
	content := m.content
	comps := m.components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	return b.s.InteractionResponseEdit(in, &discordgo.WebhookEdit{
		Content: &content, Components: &comps, Files: m.files(), AllowedMentions: allowedMentions(),
	}, discordgo.WithContext(ctx))
}

func (b *Bot) followup(ctx context.Context, in *discordgo.Interaction, m outMsg, ephemeral bool) (*discordgo.Message, error) {
	p := &discordgo.WebhookParams{Content: m.content, Components: m.components, Files: m.files(), AllowedMentions: allowedMentions()}
	if ephemeral {
		p.Flags = discordgo.MessageFlagsEphemeral
	}
	return b.s.FollowupMessageCreate(in, true, p, discordgo.WithContext(ctx))
}

// notice shows transient status as the typing indicator, except after a
// slash command, whose deferred response already shows "thinking". Losing a
// notice loses nothing, so a failure is only logged.
func (b *Bot) notice(ctx context.Context, r chat.Reply) {
	if rf, _ := b.refs.peek(r.Ref); (rf != nil && rf.kind == refCommand) || b.external(r.ChannelID) {
		return // "thinking" shows already; or the bot cannot type there
	}
	if err := b.s.ChannelTyping(r.ChannelID, discordgo.WithContext(ctx)); err != nil {
		b.log.Warn("typing indicator", "channel", r.ChannelID, "err", err)
	}
}

// components lays buttons out as action rows: rows longer than five wrap,
// at most five rows; custom_id is the button's Data, made unique.
func (b *Bot) components(rows [][]chat.Button) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	seen := make(map[string]int)
	dropped := 0
	for _, row := range rows {
		var cur []discordgo.MessageComponent
		flush := func() {
			if len(cur) == 0 {
				return
			}
			if len(out) == maxRows {
				dropped += len(cur)
			} else {
				out = append(out, discordgo.ActionsRow{Components: cur})
			}
			cur = nil
		}
		for _, bt := range row {
			if bt.URL != "" && bt.Data == "" {
				// A link: Discord's link style, which sends nothing.
				cur = append(cur, discordgo.Button{Label: buttonLabel(bt.Label), Style: discordgo.LinkButton, URL: bt.URL})
				if len(cur) == maxButtonsRow {
					flush()
				}
				continue
			}
			id, disabled := bt.Data, false
			if id == "" {
				id, disabled = idSep+"off", true
			}
			n := seen[id]
			seen[id]++
			if n > 0 {
				id += idSep + strconv.Itoa(n)
			}
			if len(id) > maxCustomID {
				dropped++
				continue
			}
			cur = append(cur, discordgo.Button{
				Label: buttonLabel(bt.Label), Style: discordgo.SecondaryButton, CustomID: id, Disabled: disabled,
			})
			if len(cur) == maxButtonsRow {
				flush()
			}
		}
		flush()
	}
	if dropped > 0 {
		b.log.Warn("buttons beyond Discord's limits left out", "dropped", dropped)
	}
	return out
}

// buttonLabel fits a label to Discord: non-empty (a zero-width space stands
// for none) and at most 80 characters.
func buttonLabel(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return "\u200b"
	}
	if utf8.RuneCountInString(s) > maxButtonLabel {
		r := []rune(s)
		s = string(r[:maxButtonLabel-1]) + "…"
	}
	return s
}

// customIDText is the text a pressed button stands for.
func customIDText(id string) string {
	if i := strings.Index(id, idSep); i >= 0 {
		id = id[:i]
	}
	return strings.TrimSpace(id)
}

// splitText cuts s into pieces of at most max characters, at a line break
// when there is one in the second half of the piece, else at a space, else
// anywhere. Spaces and line breaks around the cuts are dropped.
func splitText(s string, max int) []string {
	const blank = " \n"
	s = strings.Trim(s, blank)
	var out []string
	for s != "" {
		if utf8.RuneCountInString(s) <= max {
			out = append(out, s)
			break
		}
		cut := 0 // byte offset of max characters; s[cut] exists: s is longer
		for range max {
			_, size := utf8.DecodeRuneInString(s[cut:])
			cut += size
		}
		at := strings.LastIndexByte(s[:cut+1], '\n')
		if at < cut/2 || at == 0 {
			at = strings.LastIndexByte(s[:cut+1], ' ')
		}
		if at < cut/2 || at == 0 {
			at = cut
		}
		out = append(out, strings.TrimRight(s[:at], blank))
		s = strings.TrimLeft(s[at:], blank)
	}
	return out
}

// retryPolicy retries calls that may succeed later: network errors, 5xx
// answers, rate limits the library gave up on. Other errors (4xx: the
// request itself is wrong) are returned at once. It is the senders' one
// policy (package retry) with Discord's classifier and log line.
type retryPolicy struct{ retry.Policy }

// defaultRetry: 5 attempts over 4 to 7.5 s.
func defaultRetry() retryPolicy {
	return retryPolicy{retry.Policy{Attempts: 5, Base: 500 * time.Millisecond, Max: 4 * time.Second}}
}

// short is the policy for acknowledgements and autocomplete, which are
// useless after Discord's 3 s window.
func (p retryPolicy) short() retryPolicy {
	return retryPolicy{retry.Policy{Attempts: 3, Base: p.Base / 2, Max: p.Base}}
}

func (p retryPolicy) do(ctx context.Context, log *slog.Logger, what string, f func() error) error {
	return p.Do(ctx, f, func(err error) retry.Verdict { return retry.Verdict{Retry: retryable(err)} },
		func(n int, _ time.Duration, err error) { log.Warn("retrying", "call", what, "attempt", n, "err", err) })
}

func retryable(err error) bool {
	var rest *discordgo.RESTError
	if errors.As(err, &rest) {
		return rest.Response != nil && (rest.Response.StatusCode >= http.StatusInternalServerError ||
			rest.Response.StatusCode == http.StatusTooManyRequests)
	}
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) {
		return true
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return true
	}
	return strings.Contains(err.Error(), "Exceeded Max retries")
}
