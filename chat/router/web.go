package router

// web.go: the web pages in the chat (chat/web): "link" (a game's page),
// "web on|off" (the channel's games listed or not), and the links that
// tournament and rating replies carry.

import (
	"context"
	"errors"
	"oyunbot/chat"
	"oyunbot/chat/present"
	"oyunbot/sessions"
)

// link answers with the page of the game "board" would show (a spectator
// without a game of their own: the channel's only game, or each game's).
func (q *request) link() {
	links := q.r.show.Links()
	if links == nil {
		q.say(q.t("link.off"))
		return
	}
	if len(q.r.games.Find(q.m.Platform, q.m.ChannelID, q.m.UserID)) == 0 && !q.hasTag() {
		all := q.r.games.ChannelGames(q.m.Platform, q.m.ChannelID)
		if len(all) == 0 {
			if s, ok := q.r.games.LastFinished(q.ctx, q.m.Platform, q.m.ChannelID, q.m.UserID); ok {
				all = append(all, s)
			}
		}
		if len(all) == 0 {
			q.say(q.t("error.no-game", "games", q.r.show.GameNames(q.lang, nil)))
			return
		}
		rep := chat.Reply{}
		for i, s := range all {
			if i > 0 {
				rep.Text += "\n"
			}
			rep.Text += q.gameLink(links, s, &rep)
		}
		q.sayReply(rep)
		return
	}
	s, ok := q.viewed()
	if !ok {
		return
	}
	rep := chat.Reply{}
	rep.Text = q.gameLink(links, s, &rep)
	q.sayReply(rep)
}

// gameLink is the line naming game s's page, whose button it adds to rep.
func (q *request) gameLink(links present.Linker, s sessions.Snapshot, rep *chat.Reply) string {
	url := links.GameURL(q.ctx, s)
	if url == "" {
		return q.t("link.unavailable", "tag", s.Tag())
	}
	rep.Buttons = present.WithLink(rep.Buttons, chat.Button{Label: q.t("button.watch") + " #" + s.Tag(), URL: url, App: true})
	return q.t("link.game", "tag", s.Tag(), "game", q.r.show.GameName(q.lang, s.Game), "players", q.r.show.Players(q.lang, s), "url", url)
}

// setWeb shows or sets whether the channel's games are listed on the web
// pages: its admins choose ("web on|off"); a private chat's games never
// are.
func (q *request) setWeb() {
	links := q.r.show.Links()
	if links == nil {
		q.say(q.t("link.off"))
		return
	}
	cs := q.r.chans.Get(q.ctx, q.m.Platform, q.m.ChannelID)
	if len(q.cmd.Args) == 0 {
		if cs.Web {
			q.say(q.t("web.is-on", "url", links.ChannelURL(q.ctx, q.m.Platform, q.m.ChannelID)))
		} else {
			q.say(q.t("web.is-off"))
		}
		return
	}
	var on bool
	switch chat.Fold(q.cmd.Args[0]) {
	case "login", "giris", "oturum":
		q.webLogin(links)
		return
	case "logout", "cikis":
		if err := links.Logout(q.ctx, q.m.Platform, q.m.UserID); err != nil {
			q.sayError(err)
			return
		}
		q.say(q.t("web.logout"))
		return
	case "on", "acik", "ac", "evet", "yes":
		on = true
	case "off", "kapali", "kapat", "hayir", "no":
	default:
		q.say(q.t("web.usage", "word", present.Shorten(q.cmd.Args[0], 20)))
		return
	}
	switch {
	case on && q.m.Private:
		q.say(q.t("web.private"))
		return
	case !q.mayConfigure():
		q.say(q.t("web.admin-only"))
		return
	}
	cs.Web = on
	if err := q.r.chans.Set(q.ctx, cs); err != nil {
		q.sayError(err)
		return
	}
	if on {
		q.say(q.t("web.on", "url", links.ChannelURL(q.ctx, q.m.Platform, q.m.ChannelID)))
		return
	}
	q.say(q.t("web.off"))
}

// withTournamentLink adds tournament v's page to rep (the web on).
func (r *Router) withTournamentLink(ctx context.Context, lang chat.Lang, v sessions.TournamentView, rep chat.Reply) chat.Reply {
	if links := r.show.Links(); links != nil {
		if url := links.TournamentURL(ctx, v); url != "" {
			rep.Buttons = present.WithLink(rep.Buttons, chat.Button{Label: r.cat.T(lang, "button.tournament-page"), URL: url})
		}
	}
	return rep
}

// withPlayerLink adds a player's page to rep (the web on).
func (r *Router) withPlayerLink(ctx context.Context, lang chat.Lang, platform, playerID string, rep chat.Reply) chat.Reply {
	if links := r.show.Links(); links != nil {
		if url := links.PlayerURL(ctx, platform, playerID); url != "" {
			rep.Buttons = present.WithLink(rep.Buttons, chat.Button{Label: r.cat.T(lang, "button.player-page"), URL: url})
		}
	}
	return rep
}

// webLogin sends the sender their personal link, which signs a browser in
// as them to play their games on the pages (issue 37): in a private chat
// only, since whoever holds it plays as them.
func (q *request) webLogin(links present.Linker) {
	if !q.m.Private {
		q.refuse(q.t("web.login-private"))
		return
	}
	url := links.LoginURL(q.ctx, q.m.Platform, q.m.UserID)
	if url == "" {
		q.sayError(errors.New("web: no login link"))
		return
	}
	q.say(q.t("web.login", "url", url))
}
