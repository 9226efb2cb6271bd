package web

// lobby.go is a signed-in player's own page (issue 37): their games in
// play, theirs to move first, each linking to its page where they play it;
// games against the bot to start, in their private chat with the bot where
// the platform has one the bot can find (Telegram's: the person's id); and
// their ratings (their player page). Signed out, it says how to sign in.

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/sessions"
)

// PlayerGames are a person's games in play on a platform (sessions.Lobby).
type PlayerGames interface {
	PlayerGames(platform, userID string) []sessions.Snapshot
}

// lobbyPage is a player's own page.
type lobbyPage struct {
	page
	Signed  bool
	Games   []lobbyGame
	Start   []lobbyStart // the games that can be started here
	Ratings string       // the player page's address
	CSRF    string
}

type lobbyGame struct {
	URL, Title, Players, Status string
	Yours                       bool // the player's move
}

type lobbyStart struct {
	Game, Name string
	Levels     []lobbyLevel
}

type lobbyLevel struct{ Name, Label string }

// privateChannel is the channel of a person's private chat with the bot,
// where it can be named from the person alone: Telegram's is their id.
func privateChannel(platform, userID string) (string, bool) {
	if platform == "telegram" {
		if id, err := strconv.ParseInt(userID, 10, 64); err == nil && id > 0 {
			return userID, true
		}
	}
	return "", false
}

// lobby is a player's own page.
func (s *Server) lobby(w http.ResponseWriter, r *http.Request) {
	lang := s.lang(w, r)
	pr := s.pres(lang)
	p := lobbyPage{page: s.page(lang, r, pr.T(lang, "page.lobby"))}
	who, ok := s.who(r)
	pg, _ := s.cfg.Games.(PlayerGames)
	if !ok || pg == nil {
		w.Header().Set("Cache-Control", "no-store")
		s.render(w, http.StatusOK, "lobby.html", p)
		return
	}
	p.Signed, p.CSRF = true, csrf(who)
	games := pg.PlayerGames(who.platform, who.id)
	slices.SortStableFunc(games, func(a, b sessions.Snapshot) int {
		ya, yb := a.Turn == a.SideOf(who.id), b.Turn == b.SideOf(who.id)
		switch {
		case ya && !yb:
			return -1
		case yb && !ya:
			return 1
		}
		return b.LastMove.Compare(a.LastMove)
	})
	for _, g := range games {
		u := s.links.GameURL(r.Context(), g)
		if u == "" {
			continue
		}
		p.Games = append(p.Games, lobbyGame{URL: s.local(u), Title: "#" + g.Tag() + " · " + pr.GameName(lang, g.Game),
			Players: pr.Players(lang, g), Status: pr.StatusLine(lang, g), Yours: g.Turn == g.SideOf(who.id)})
	}
	if _, ok := privateChannel(who.platform, who.id); ok && s.cfg.Handler != nil && s.cfg.Registry != nil {
		for _, g := range s.cfg.Registry.Games() {
			st := lobbyStart{Game: g.Name(), Name: pr.GameName(lang, g)}
			for _, l := range pr.Host(g).LevelList() {
				st.Levels = append(st.Levels, lobbyLevel{Name: l.Name, Label: pr.LevelName(lang, l.Name)})
			}
			p.Start = append(p.Start, st)
		}
	}
	p.Ratings = s.local(s.links.PlayerURL(r.Context(), who.platform, who.id))
	w.Header().Set("Cache-Control", "no-store")
	s.render(w, http.StatusOK, "lobby.html", p)
}

// lobbyPlay starts a game against the bot from the lobby, in the player's
// private chat with the bot (the chat's own command), and opens its page.
func (s *Server) lobbyPlay(w http.ResponseWriter, r *http.Request) {
	who, ok := s.who(r)
	if !ok {
		http.Error(w, "401 not signed in", http.StatusUnauthorized)
		return
	}
	if !s.sameOrigin(r) || r.PostFormValue("csrf") != csrf(who) {
		http.Error(w, "403 forbidden", http.StatusForbidden)
		return
	}
	ch, ok := privateChannel(who.platform, who.id)
	game, level := r.PostFormValue("game"), r.PostFormValue("level")
	var g games.Game
	known := false
	if s.cfg.Registry != nil {
		g, known = s.cfg.Registry.Lookup(game)
	}
	if !ok || !known || s.cfg.Handler == nil || !s.acts.allow(who.platform+"/"+who.id) {
		http.Error(w, "400 cannot start that here", http.StatusBadRequest)
		return
	}
	if !slices.ContainsFunc(s.cfg.Presenter.Host(g).LevelList(), func(l ai.Level) bool { return l.Name == level }) {
		level = ""
	}
	pg, _ := s.cfg.Games.(PlayerGames)
	before := map[int64]bool{}
	for _, x := range pg.PlayerGames(who.platform, who.id) {
		before[x.ID] = true
	}
	m := chat.Message{Platform: who.platform, ChannelID: ch, UserID: who.id, Private: true, Admin: true,
		Text: strings.TrimSpace("play " + g.Name() + " " + level), Ref: "web:lobby",
		Answer: func(chat.Reply) {}, Privately: func(string) bool { return true }}
	s.cfg.Handler.Handle(context.WithoutCancel(r.Context()), m)
	for _, x := range pg.PlayerGames(who.platform, who.id) {
		if !before[x.ID] {
			if u := s.links.GameURL(r.Context(), x); u != "" {
				http.Redirect(w, r, s.local(u), http.StatusSeeOther)
				return
			}
		}
	}
	http.Redirect(w, r, "/lobby", http.StatusSeeOther)
}
