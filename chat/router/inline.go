package router

// inline.go offers games to start in a chat the bot is not in (Telegram's
// inline mode, issue 36): "@oyunbot dama" lists a game against the bot at
// each level and an open challenge to anyone in that chat; the offer chosen
// becomes one message there, whose channel (chat.InlineChannelPrefix) is
// played by taps, every reply editing it.

import (
	"context"
	"strings"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/games"
	"oyunbot/sessions"
)

// maxInlineOffers bounds the offers for one query (Telegram takes 50).
const maxInlineOffers = 50

// InlineOffers lists what q may start: q's own games in play, to share
// (shown there, read-only, as they go on); for the game q names (all games
// when it names none), a game against the bot at each of its levels (a
// puzzle to solve) and an open challenge to anyone in the chat.
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
	for _, s := range r.games.PlayerGames(q.Platform, q.UserID) {
		if strings.HasPrefix(s.ChannelID, chat.InlineChannelPrefix) || one && s.Game.Name() != list[0].Name() {
			continue // a game on an inline message is there already
		}
		tag := "#" + s.Tag()
		add(chat.InlineOffer{Title: t("inline.share-title", "tag", tag, "game", r.show.GameName(lang, s.Game),
			"opponent", r.show.DisplayName(s.Players[s.SideOf(q.UserID).Opponent()])),
			Description: t("inline.share-about"), Text: t("inline.share-text", "player", name, "tag", tag),
			Command: command.Board + " " + tag})
	}
	for _, g := range list {
		game := r.show.GameName(lang, g)
		host := r.show.Host(g)
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
			level := r.show.LevelName(lang, l.Name)
			add(chat.InlineOffer{Title: t("inline.play-title", "game", game, "bot", r.cfg.BotName, "level", level),
				Description: t("inline.play-about"),
				Text:        t("inline.play-text", "player", name, "game", game, "bot", r.cfg.BotName, "level", level),
				Command:     command.Play + " " + g.Name() + " " + l.Name})
		}
	}
	return out
}

// shareInline shows the sender's game named by the request's tag, played in
// another chat, on the inline message that is this request's channel
// (InlineOffers' share): read-only, and kept up to date (mirror). It is
// false when the request is not that.
func (q *request) shareInline() bool {
	id, ok := q.tag()
	if !ok || !strings.HasPrefix(q.m.ChannelID, chat.InlineChannelPrefix) {
		return false
	}
	s, err := q.r.games.Get(id)
	if err != nil || s.Platform != q.m.Platform || s.ChannelID == q.m.ChannelID || s.SideOf(q.m.UserID) == ai.NoSide {
		return false
	}
	now := q.r.cfg.Now()
	view := sessions.LiveBoard{Platform: q.m.Platform, ChannelID: q.m.ChannelID, Game: s.ID,
		Ref: strings.TrimPrefix(q.m.ChannelID, chat.InlineChannelPrefix), Posted: now, Shown: now}
	if err := q.r.cfg.Store.SaveLiveBoard(q.ctx, view); err != nil {
		q.sayError(err)
		return true
	}
	q.answer(watchOnly(q.r.show.GameReply(q.lang, s, q.r.show.GameTitle(q.lang, s), "")))
	return true
}

// watchOnly is a game's board for a chat it is shown in, not played in:
// its links stay, its buttons go.
func watchOnly(rep chat.Reply) chat.Reply {
	rep.Board, rep.Menus, rep.Fresh = nil, nil, false
	var rows [][]chat.Button
	for _, row := range rep.Buttons {
		var links []chat.Button
		for _, b := range row {
			if b.URL != "" && b.Data == "" {
				links = append(links, b)
			}
		}
		if len(links) > 0 {
			rows = append(rows, links)
		}
	}
	rep.Buttons = rows
	return rep
}

// mirror sends game board rep, for one chat of the game, to the other
// chats that show it: inline messages that share it (shareInline),
// read-only; its own chat and its players' private chats, where it is
// played too (request.actsHere), with its buttons. A mirrored board is
// edited in place where it can be, never brought to the bottom.
func (r *Router) mirror(ctx context.Context, rep chat.Reply) {
	boards, err := r.cfg.Store.GameBoards(ctx, rep.Platform, rep.GameID)
	if err != nil {
		r.log.Warn("shared boards not loaded", "game", rep.GameID, "err", err)
		return
	}
	home, _ := r.homeOf(ctx, rep.GameID)
	for _, b := range boards {
		if b.ChannelID == rep.ChannelID || (rep.GameVersion != 0 && b.Version >= rep.GameVersion) {
			continue // its own chat, or one that shows this version already
		}
		view := rep
		if strings.HasPrefix(b.ChannelID, chat.InlineChannelPrefix) && b.ChannelID != home {
			view = watchOnly(rep)
		}
		view.ChannelID, view.Ref, view.Fresh = b.ChannelID, "", false
		if r.chans.Get(ctx, view.Platform, view.ChannelID).Boards == sessions.BoardsNew {
			view.Live = false
		}
		r.out.put(ctx, view, isLater(ctx))
	}
}

// homeOf is the chat game id is played in.
func (r *Router) homeOf(ctx context.Context, id int64) (string, bool) {
	if s, err := r.games.Get(id); err == nil {
		return s.ChannelID, true
	}
	if s, ok := r.games.Finished(ctx, id); ok {
		return s.ChannelID, true
	}
	return "", false
}
