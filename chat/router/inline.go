package router

// inline.go offers games to start in a chat the bot is not in (Telegram's
// inline mode, issue 36): "@oyunbot dama" lists a game against the bot at
// each level and an open challenge to anyone in that chat; the offer chosen
// becomes one message there, whose channel (chat.InlineChannelPrefix) is
// played by taps, every reply editing it.

import (
	"context"
	"strings"

	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/games"
)

// maxInlineOffers bounds the offers for one query (Telegram takes 50).
const maxInlineOffers = 50

// InlineOffers lists what q may start: for the game q names (all games when
// it names none), a game against the bot at each of its levels (a puzzle
// to solve) and an open challenge to anyone in the chat.
func (r *Router) InlineOffers(ctx context.Context, q chat.InlineQuery) []chat.InlineOffer {
	lang := r.cfg.Lang
	if l, ok := chat.LangFromLocale(q.Locale); ok {
		lang = l
	}
	var list []games.Game
	if word := strings.TrimSpace(q.Text); word != "" {
		if g, ok := r.cfg.Games.Lookup(chat.Fold(strings.Fields(word)[0])); ok {
			list = []games.Game{g}
		}
	}
	one := len(list) == 1
	if !one {
		list = r.cfg.Games.Games()
	}
	name := q.UserName
	if name == "" {
		name = q.UserID
	}
	t := func(id string, kv ...string) string { return r.cat.T(lang, id, kv...) }
	wait := [][]chat.Button{{{Label: t("inline.wait"), Data: command.Board}}}
	var out []chat.InlineOffer
	add := func(o chat.InlineOffer) {
		if len(out) < maxInlineOffers && len(o.Command) <= chat.MaxButtonData {
			o.Buttons = wait
			out = append(out, o)
		}
	}
	for _, g := range list {
		game := r.GameName(lang, g)
		host := r.Host(g)
		if len(host.Sides) == 1 {
			add(chat.InlineOffer{Title: t("inline.solo-title", "game", game), Description: t("inline.solo-about"),
				Text: t("inline.solo-text", "player", name, "game", game), Command: command.Play + " " + g.Name()})
			continue
		}
		add(chat.InlineOffer{Title: t("inline.challenge-title", "game", game), Description: t("inline.challenge-about"),
			Text: t("inline.challenge-text", "player", name, "game", game), Command: command.Challenge + " " + g.Name()})
		levels := host.LevelList()
		if !one {
			levels = levels[:min(len(levels), 1)] // every game: its easiest level; "@bot dama" lists them all
		}
		for _, l := range levels {
			level := r.LevelName(lang, l.Name)
			add(chat.InlineOffer{Title: t("inline.play-title", "game", game, "bot", r.cfg.BotName, "level", level),
				Description: t("inline.play-about"),
				Text:        t("inline.play-text", "player", name, "game", game, "bot", r.cfg.BotName, "level", level),
				Command:     command.Play + " " + g.Name() + " " + l.Name})
		}
	}
	return out
}
