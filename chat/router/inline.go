package router

// inline.go offers games to start in a chat the bot is not in (Telegram's
// inline mode, issue 36): "@oyunbot dama" lists a game against the bot at
// each level and an open challenge to anyone in that chat; the offer chosen
// becomes one message there, whose channel (chat.InlineChannelPrefix) is
// played by taps, every reply editing it.

import (
	"context"
	"oyunbot/sessions/outbox"
	"strings"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/chat/present"
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
	view := outbox.LiveBoard{Platform: q.m.Platform, ChannelID: q.m.ChannelID, Game: s.ID,
		Ref: strings.TrimPrefix(q.m.ChannelID, chat.InlineChannelPrefix), Posted: now, Shown: now}
	if err := q.r.cfg.Store.SaveLiveBoard(q.ctx, view); err != nil {
		q.sayError(err)
		return true
	}
	q.answer(watchOnly(q.show().GameReply(q.lang, s, q.r.show.GameTitle(q.lang, s), "")))
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
// played too (request.actsHere), with its buttons, presented again in
// that chat's language (its last turn, whose turn). A mirrored board is
// edited in place where it can be, never brought to the bottom.
func (r *Router) mirror(ctx context.Context, rep chat.Reply) {
	boards, err := r.cfg.Store.GameBoards(ctx, rep.Platform, rep.GameID)
	if err != nil {
		r.log.Warn("shared boards not loaded", "game", rep.GameID, "err", err)
		return
	}
	s, ok := gameOf(ctx, r.games, rep.GameID)
	if !ok || (rep.GameVersion != 0 && s.Version != rep.GameVersion) {
		return // gone, or changed again: the newer board is mirrored itself
	}
	for _, b := range boards {
		if b.ChannelID == rep.ChannelID || (rep.GameVersion != 0 && b.Version >= rep.GameVersion) {
			continue // its own chat, or one that shows this version already
		}
		var view chat.Reply
		if strings.HasPrefix(b.ChannelID, chat.InlineChannelPrefix) && b.ChannelID != s.ChannelID {
			view = watchOnly(rep)
		} else {
			view = mirrored(r.show.In(ctx), r.mirrorLang(ctx, s, b.ChannelID), s)
		}
		view.Platform, view.ChannelID, view.Ref, view.Fresh = rep.Platform, b.ChannelID, "", false
		if r.chans.Get(ctx, view.Platform, view.ChannelID).Boards == sessions.BoardsNew {
			view.Live = false
		}
		r.out.Put(ctx, view, isLater(ctx))
	}
}

// mirrorLang is the language a chat is shown a mirrored board of s in:
// its setting, else the one it was last written in (a player's private
// chat, their own), else the game's.
func (r *Router) mirrorLang(ctx context.Context, s sessions.Snapshot, channelID string) chat.Lang {
	if l, ok := chat.ParseLang(r.chans.Get(ctx, s.Platform, channelID).Lang); ok {
		return l
	}
	if l, ok := r.langs.get(ctx, langKey{s.Platform, channelID, ""}); ok {
		return l
	}
	return r.eventLang(ctx, s.Platform, channelID, s.Lang)
}

// mirrored is game s's board for a chat that did not see its last turn
// made: the turn and whose turn it is, in that chat's language.
func mirrored(show *present.Presenter, lang chat.Lang, s sessions.Snapshot) chat.Reply {
	last := ai.NoSide // the side that played the last ply
	for i := len(s.Sides) - 1; i >= 0 && last == ai.NoSide; i-- {
		if sd := s.Sides[i]; sd == ai.First || sd == ai.Second {
			last = sd
		}
	}
	head := ""
	if last != ai.NoSide {
		head = show.TurnsText(lang, s, present.LastTurnStart(s, 0, last))
	}
	if head == "" {
		head = show.GameTitle(lang, s)
	}
	if p := show.Prompt(lang, s); p != "" {
		head += "\n" + p
	}
	return show.GameReply(lang, s, head, "")
}

// gameOf is game id, going on or over.
func gameOf(ctx context.Context, games gameBook, id int64) (sessions.Snapshot, bool) {
	if s, err := games.Get(id); err == nil {
		return s, true
	}
	return games.Finished(ctx, id)
}
