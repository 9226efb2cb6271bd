package discord

// tap.go shows a tap board's menus (chat.Reply.Menus) as string select
// menus, one an action row above the buttons, and edits the message a
// menu was chosen on (chat.Reply.Edit: a piece chosen brings its moves).

import (
	"context"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"oyunbot/chat"
)

// Discord's limits of string select menus.
const (
	maxMenuOptions = 25  // options in a menu
	maxOptionText  = 100 // characters of an option's label and value
	maxPlaceholder = 150 // characters of a placeholder
)

// menuID is the custom_id of the i-th menu of a message: it starts with
// idSep, so no button's Data can be the same; a choice comes back as the
// option's value.
func menuID(i int) string { return idSep + "menu" + strconv.Itoa(i) }

// menuRows lays menus out as string select menus, at most rows of them.
// Options beyond Discord's limits (25 a menu, values of 100 bytes, one
// value once) are left out; a menu left with none is not shown.
func menuRows(menus []chat.Menu, rows int) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	one := 1
	for _, m := range menus {
		if len(out) >= rows {
			break
		}
		var opts []discordgo.SelectMenuOption
		seen := map[string]bool{}
		for _, o := range m.Options {
			v := strings.TrimSpace(o.Data)
			if v == "" || len(v) > maxOptionText || seen[v] || len(opts) == maxMenuOptions {
				continue
			}
			seen[v] = true
			opts = append(opts, discordgo.SelectMenuOption{Label: clip(o.Label, maxOptionText), Value: v})
		}
		if len(opts) == 0 {
			continue
		}
		out = append(out, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			MenuType: discordgo.StringSelectMenu, CustomID: menuID(len(out)), Placeholder: clip(m.Placeholder, maxPlaceholder),
			MinValues: &one, MaxValues: 1, Options: opts,
		}}})
	}
	return out
}

// clip fits a label to n characters (a zero-width space for none).
func clip(s string, n int) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return "\u200b"
	}
	if utf8.RuneCountInString(s) > n {
		s = string([]rune(s)[:n-1]) + "…"
	}
	return s
}

// replyComponents are a reply's menus above its buttons, within the five
// rows of a message: the buttons (a game's actions) keep their rows.
func (b *Bot) replyComponents(r chat.Reply) []discordgo.MessageComponent {
	buttons := b.components(r.Buttons)
	return append(menuRows(r.Menus, maxRows-len(buttons)), buttons...)
}

// selectedText is the text a choice in a select menu stands for: the
// option's value ("" for none or several, which no menu of the bot asks).
func selectedText(values []string) string {
	if len(values) != 1 {
		return ""
	}
	return strings.TrimSpace(values[0])
}

// editPressed replaces the components of the message a component was used
// on, for a reply that edits it (chat.Reply.Edit) and is the first answer
// to that interaction: after the deferred update, the interaction's
// @original is that message. ok is false otherwise: the reply goes out as a
// new message.
func (b *Bot) editPressed(ctx context.Context, r chat.Reply, rf *ref, first bool) (ok bool, err error) {
	// Only the press r answers (not a channel's freshest interaction that
	// carries a reply answering none) has r's message as @original.
	if !r.Edit || !first || rf == nil || rf.original() == "" || rf.key != r.Ref {
		return false, nil
	}
	comps := b.replyComponents(r)
	if comps == nil {
		comps = []discordgo.MessageComponent{} // none: remove them
	}
	in := &discordgo.Interaction{ID: rf.id, AppID: rf.appID, Token: rf.token}
	err = b.retry.do(ctx, b.log, "edit pressed message", func() error {
		_, err := b.s.InteractionResponseEdit(in, &discordgo.WebhookEdit{Components: &comps}, discordgo.WithContext(ctx))
		return err
	})
	return true, err
}
