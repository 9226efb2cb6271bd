package web

// lists.go: the pages of many games: the front page (the listed channels'
// live games, recent results and running tournaments), a tournament's
// standings and pairings, a player's ratings and games, a game's
// leaderboard. Only the channels whose admins said "web on" are listed; a
// private chat's games never are.

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/present"
	"oyunbot/games"
	"oyunbot/sessions"
	"oyunbot/sessions/ratings"
	"oyunbot/tournament"
)

// ListStore is what the lists read of the store (store.SQLStore).
type ListStore interface {
	ListedGames(ctx context.Context, over bool, limit int) ([]sessions.GameRecord, error)
	ListedTournaments(ctx context.Context, limit int) ([]sessions.TournamentRecord, error)
	TournamentByID(ctx context.Context, id int64) (sessions.TournamentRecord, error)
	PlayerGames(ctx context.Context, platform, playerID string, listedOnly bool, limit int) ([]sessions.GameRecord, error)
	PlayerTallies(ctx context.Context, platform, playerID string) ([]sessions.Tally, error)
	RatingHistory(ctx context.Context, platform, playerID string) ([]sessions.RatingPoint, error)
	PlayerRatings(ctx context.Context, platform, playerID string) ([]sessions.RatingRecord, error)
	Leaderboard(ctx context.Context, platform, game string, limit int) ([]sessions.RatingRecord, error)
	GameRatings(ctx context.Context, id int64) ([]sessions.RatingPoint, error)
}

// Registry finds the games by name.
type Registry interface {
	Lookup(name string) (games.Game, bool)
	Games() []games.Game
}

// listSize is how many rows a list shows.
const listSize = 20

// gameItem is a game in a list.
type gameItem struct {
	URL, Title, Players, Status string
}

// gameItems shows recs, each linked by its token.
func (s *Server) gameItems(ctx context.Context, lang chat.Lang, recs []sessions.GameRecord) []gameItem {
	var out []gameItem
	for _, rec := range recs {
		g, ok := s.game(ctx, rec.ID)
		if !ok {
			continue
		}
		u := s.links.GameURL(ctx, g)
		if u == "" {
			continue
		}
		p := s.pres(lang)
		out = append(out, gameItem{URL: s.local(u), Title: "#" + g.Tag() + " · " + p.GameName(lang, g.Game),
			Players: p.Players(lang, g), Status: p.StatusLine(lang, g)})
	}
	return out
}

// rate fills in the ratings of v's players, game g's: the bot's fixed one
// at its level, a person's current one in a rated game in play, and after
// a rated game's end what it left them with and the change.
func (s *Server) rate(ctx context.Context, g sessions.Snapshot, v *present.GameView) {
	pr := s.cfg.Presenter
	var after []sessions.RatingPoint
	if g.Result.Over && g.Rated && s.lists != nil {
		after, _ = s.lists.GameRatings(ctx, g.ID)
	}
	for i := range v.Players {
		p := g.Players[i]
		if p.Bot {
			if n := pr.Host(g.Game).LevelRatings[present.BotLevel(g, ai.Side(i))]; n > 0 {
				v.Players[i].Rating = strconv.Itoa(n)
			}
			continue
		}
		if !g.Rated || s.lists == nil {
			continue
		}
		if g.Result.Over {
			before, _ := ratings.RatingBefore(after, p.ID)
			for _, pt := range after {
				if pt.PlayerID == p.ID {
					rt := tournament.Rating{Rating: pt.Rating, RD: pt.RD}
					v.Players[i].Rating = fmt.Sprintf("%s (%+d)", present.RatingNumber(rt), int(math.Round(pt.Rating))-int(math.Round(before)))
				}
			}
			continue
		}
		list, err := s.lists.PlayerRatings(ctx, g.Platform, p.ID)
		if err != nil {
			continue
		}
		for _, rt := range list {
			if rt.Game == g.Game.Name() {
				v.Players[i].Rating = present.RatingNumber(rt.Rating)
			}
		}
	}
}

// ratingsPending reports whether game id is a rated game just ended
// whose ratings are not stored yet: a person among its players has no
// rating after it (its settling, which follows its end, has not stored
// them).
func (s *Server) ratingsPending(ctx context.Context, id int64) bool {
	if s.lists == nil {
		return false
	}
	g, ok := s.game(ctx, id)
	if !ok || !g.Result.Over || g.Result.Void() || !g.Rated {
		return false
	}
	after, err := s.lists.GameRatings(ctx, id)
	if err != nil {
		return false
	}
	for _, p := range g.Players {
		if !p.Bot && !slices.ContainsFunc(after, func(pt sessions.RatingPoint) bool { return pt.PlayerID == p.ID }) {
			return true
		}
	}
	return false
}

// local is a page's link on this server (its path), whatever PublicURL
// says: the viewer is here.
func (s *Server) local(u string) string {
	if p, err := url.Parse(u); err == nil {
		return p.EscapedPath()
	}
	return u
}

// frontPage is the front page.
type frontPage struct {
	page
	Live, Recent []gameItem
	Tournaments  []tourItem
	Boards       []boardItem
}

type tourItem struct{ URL, Title, State string }

type boardItem struct{ URL, Title string }

func (s *Server) front(w http.ResponseWriter, r *http.Request) {
	lang := s.lang(w, r)
	ctx := r.Context()
	p := frontPage{page: s.page(lang, r, s.pres(lang).T(lang, "page.site"))}
	if ls := s.lists; ls != nil {
		if recs, err := ls.ListedGames(ctx, false, listSize); err == nil {
			p.Live = s.gameItems(ctx, lang, recs)
		}
		if recs, err := ls.ListedGames(ctx, true, listSize); err == nil {
			p.Recent = s.gameItems(ctx, lang, recs)
		}
		if recs, err := ls.ListedTournaments(ctx, listSize); err == nil {
			p.Tournaments = s.tourItems(r.Context(), lang, recs)
		}
	}
	if s.cfg.Registry != nil {
		for _, g := range s.cfg.Registry.Games() {
			if !s.pres(lang).Rated(g) {
				continue
			}
			for _, pl := range s.cfg.Platforms {
				p.Boards = append(p.Boards, boardItem{URL: s.local(s.links.LeaderboardURL(r.Context(), pl, g.Name())),
					Title: s.pres(lang).GameName(lang, g) + " · " + pl})
			}
		}
	}
	s.render(w, http.StatusOK, "front.html", p)
}

// tournamentView is rec as the presenter shows it.
func (s *Server) tournamentView(rec sessions.TournamentRecord) (sessions.TournamentView, bool) {
	if s.cfg.Registry == nil {
		return sessions.TournamentView{}, false
	}
	g, ok := s.cfg.Registry.Lookup(rec.T.Game)
	if !ok {
		return sessions.TournamentView{}, false
	}
	tc, _ := sessions.ParseTimeControl(rec.T.TimeControl)
	return sessions.TournamentView{ID: rec.ID, Platform: rec.Platform, ChannelID: rec.ChannelID, Lang: rec.Lang,
		Game: g, TimeControl: tc, T: rec.T, Games: rec.Games}, true
}

// ref finds what a page's token names, of kind; a token once found is
// kept (what it names never changes).
func (s *Server) ref(ctx context.Context, token, kind string) (string, bool) {
	if len(token) < 20 || len(token) > 64 {
		return "", false
	}
	if v, ok := s.refs.get(token); ok {
		k, ref, _ := strings.Cut(string(v), "\x00")
		return ref, k == kind
	}
	k, ref, err := s.cfg.Store.WebRef(ctx, token)
	if err != nil {
		if !errors.Is(err, sessions.ErrNotFound) {
			s.log.Warn("web: a page's token", "err", err)
		}
		return "", false
	}
	s.refs.put(token, []byte(k+"\x00"+ref))
	return ref, k == kind
}

// table is a table of a page: its title, header and rows, and each row's
// link (none: "").
type table struct {
	Title   string
	Header  []string
	Rows    [][]string
	Links   []string
	LinkCol int    // the column of the link
	Marked  []bool // rows to set apart (the bot's fixed levels)
}

// tournamentPage is a tournament's page.
type tournamentPage struct {
	page
	Token     string
	Version   int64
	Info      string
	Standings *table
	Rounds    []table
}

func (s *Server) tournamentPage(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	token := r.PathValue("token")
	ref, ok := s.ref(ctx, token, sessions.LinkTournament)
	id, err := strconv.ParseInt(ref, 10, 64)
	if !ok || err != nil || s.lists == nil {
		s.notFound(w, r)
		return
	}
	rec, err := s.lists.TournamentByID(ctx, id)
	v, ok := s.tournamentView(rec)
	if err != nil || !ok {
		s.notFound(w, r)
		return
	}
	lang := s.lang(w, r)
	pr := s.pres(lang)
	p := tournamentPage{page: s.page(lang, r, pr.GameName(lang, v.Game)+" · "+pr.FormatName(lang, v)), Token: token,
		Version: rec.Updated.UnixMilli(), Info: pr.TournamentInfo(lang, v)}
	if len(v.T.Rounds) > 0 {
		title, header, rows, _ := pr.StandingsTable(lang, v, v.T.State == tournament.Finished)
		p.Standings = &table{Title: title, Header: header, Rows: rows, LinkCol: -1}
	}
	for round := len(v.T.Rounds); round >= 1; round-- {
		title, header, rows, ids, _ := pr.PairingsTable(lang, v, round)
		t := table{Title: title, Header: header, Rows: rows, LinkCol: 4}
		for _, gid := range ids {
			link := ""
			if gid != 0 {
				if g, ok := s.game(ctx, gid); ok {
					link = s.local(s.links.GameURL(r.Context(), g))
				}
			}
			t.Links = append(t.Links, link)
		}
		p.Rounds = append(p.Rounds, t)
	}
	s.render(w, http.StatusOK, "tournament.html", p)
}

// playerPage is a player's page.
type playerPage struct {
	page
	Name    string
	Ratings []ratingItem
	Games   []gameItem
}

type ratingItem struct {
	Game, Rating   string
	Wins, Draws    int
	Losses, Played int
	Chart          *chart
}

// chart is a rating history drawn as an SVG line.
type chart struct {
	W, H             int
	Points           string // the polyline's
	Min, Max, Last   int
	MinY, MaxY, Left int
}

// ratingChart draws points (oldest first) in a w×h box.
func ratingChart(points []sessions.RatingPoint) *chart {
	if len(points) < 2 {
		return nil
	}
	c := &chart{W: 600, H: 160, Left: 44}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range points {
		lo, hi = min(lo, p.Rating), max(hi, p.Rating)
	}
	if hi-lo < 20 {
		mid := (hi + lo) / 2
		lo, hi = mid-10, mid+10
	}
	var b strings.Builder
	for i, p := range points {
		x := float64(c.Left) + float64(i)*float64(c.W-c.Left-8)/float64(len(points)-1)
		y := 8 + (hi-p.Rating)*float64(c.H-16)/(hi-lo)
		fmt.Fprintf(&b, "%.1f,%.1f ", x, y)
	}
	c.Points = strings.TrimSpace(b.String())
	c.Min, c.Max, c.Last = int(math.Round(lo)), int(math.Round(hi)), int(math.Round(points[len(points)-1].Rating))
	c.MinY, c.MaxY = c.H-8, 8
	return c
}

func (s *Server) playerPage(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	ref, ok := s.ref(ctx, r.PathValue("token"), sessions.LinkPlayer)
	platform, id, split := strings.Cut(ref, "/")
	if !ok || !split || s.lists == nil {
		s.notFound(w, r)
		return
	}
	lang := s.lang(w, r)
	pr := s.pres(lang)
	ratings, err := s.lists.PlayerRatings(ctx, platform, id)
	if err != nil {
		s.storeError(w, r, err)
		return
	}
	tallies, _ := s.lists.PlayerTallies(ctx, platform, id)
	history, _ := s.lists.RatingHistory(ctx, platform, id)
	recs, _ := s.lists.PlayerGames(ctx, platform, id, true, listSize)
	p := playerPage{Name: s.playerName(lang, id, ratings, recs), Games: s.gameItems(ctx, lang, recs)}
	p.page = s.page(lang, r, p.Name)
	seen := map[string]bool{}
	for _, rt := range ratings {
		g, ok := s.cfg.Registry.Lookup(rt.Game)
		if !ok {
			continue
		}
		seen[rt.Game] = true
		it := ratingItem{Game: pr.GameName(lang, g), Rating: pr.RatingText(lang, rt)}
		if i := slices.IndexFunc(tallies, func(t sessions.Tally) bool { return t.Game == rt.Game }); i >= 0 {
			it.Wins, it.Draws, it.Losses = tallies[i].Wins, tallies[i].Draws, tallies[i].Losses
		}
		var pts []sessions.RatingPoint
		for _, h := range history {
			if h.Game == rt.Game {
				pts = append(pts, h)
			}
		}
		if len(pts) > 0 && !pts[0].HasBefore && pts[0].GameID != 0 { // from where every player starts
			start := pts[0]
			start.Rating = tournament.NewRating().Rating
			pts = append([]sessions.RatingPoint{start}, pts...)
		}
		it.Chart = ratingChart(pts)
		p.Ratings = append(p.Ratings, it)
	}
	for _, t := range tallies { // games played but never rated (puzzles)
		if g, ok := s.cfg.Registry.Lookup(t.Game); ok && !seen[t.Game] {
			p.Ratings = append(p.Ratings, ratingItem{Game: pr.GameName(lang, g), Wins: t.Wins, Draws: t.Draws, Losses: t.Losses})
		}
	}
	s.render(w, http.StatusOK, "player.html", p)
}

// playerName is player id's display name, as their ratings or games have
// it: "?" when none has (nothing but display names is shown).
func (s *Server) playerName(lang chat.Lang, id string, ratings []sessions.RatingRecord, recs []sessions.GameRecord) string {
	for _, rt := range ratings {
		if rt.Name != "" {
			return s.pres(lang).RatingName(lang, id, rt.Name)
		}
	}
	for _, g := range recs {
		for _, pl := range g.Players {
			if pl.ID == id && !pl.Bot && pl.Name != "" {
				return s.pres(lang).DisplayName(pl)
			}
		}
	}
	return "?"
}

// leaderboardPage is a game's leaderboard on a platform.
type leaderboardPage struct {
	page
	Board table
}

func (s *Server) leaderboardPage(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	platform := r.PathValue("platform")
	if s.lists == nil || s.cfg.Registry == nil || !slices.Contains(s.cfg.Platforms, platform) {
		s.notFound(w, r)
		return
	}
	g, ok := s.cfg.Registry.Lookup(r.PathValue("game"))
	if !ok || !s.cfg.Presenter.Rated(g) {
		s.notFound(w, r)
		return
	}
	lang := s.lang(w, r)
	pr := s.pres(lang)
	list, err := s.lists.Leaderboard(ctx, platform, g.Name(), listSize+8)
	if err != nil {
		s.storeError(w, r, err)
		return
	}
	list = named(pr.WithLevelRatings(g, list, listSize))
	t := s.boardTable(r.Context(), lang, g, platform, list)
	s.render(w, http.StatusOK, "leaderboard.html", leaderboardPage{page: s.page(lang, r, t.Title), Board: t})
}

// named gives the people of list without a display name "?": the pages
// show nothing but display names (a rating without one would show its
// platform's user id).
func named(list []sessions.RatingRecord) []sessions.RatingRecord {
	out := slices.Clone(list)
	for i, rec := range out {
		if _, bot := ratings.IsBotID(rec.PlayerID); !bot && strings.TrimSpace(rec.Name) == "" {
			out[i].Name = "?"
		}
	}
	return out
}

// tourItems shows recs, each linked by its token.
func (s *Server) tourItems(ctx context.Context, lang chat.Lang, recs []sessions.TournamentRecord) []tourItem {
	pr := s.pres(lang)
	var out []tourItem
	for _, rec := range recs {
		v, ok := s.tournamentView(rec)
		if !ok {
			continue
		}
		if u := s.links.TournamentURL(ctx, v); u != "" {
			out = append(out, tourItem{URL: s.local(u), Title: pr.GameName(lang, v.Game) + " · " + pr.FormatName(lang, v),
				State: pr.T(lang, "page.tournament."+string(v.T.State))})
		}
	}
	return out
}

// boardTable is game g's leaderboard list on platform, each person linked
// to their page, the bot's fixed levels marked.
func (s *Server) boardTable(ctx context.Context, lang chat.Lang, g games.Game, platform string, list []sessions.RatingRecord) table {
	pr := s.pres(lang)
	title, header, rows, _ := pr.LeaderboardTable(lang, g, list)
	t := table{Title: title, Header: header, Rows: rows, LinkCol: 1}
	for _, rec := range list {
		link := ""
		if _, bot := ratings.IsBotID(rec.PlayerID); !bot {
			link = s.local(s.links.PlayerURL(ctx, platform, rec.PlayerID))
		}
		t.Links = append(t.Links, link)
		t.Marked = append(t.Marked, pr.FixedLevel(g, rec))
	}
	return t
}

// storeError is the page of a store that did not answer.
func (s *Server) storeError(w http.ResponseWriter, r *http.Request, err error) {
	s.log.Warn("web: the store", "path", r.URL.Path, "err", err)
	http.Error(w, "503 the database does not answer; try again shortly", http.StatusServiceUnavailable)
}

// ChannelStore is what a channel's page reads (store.SQLStore).
type ChannelStore interface {
	Channel(ctx context.Context, platform, channelID string) (sessions.ChannelSettings, error)
	ChannelGames(ctx context.Context, platform, channelID string) ([]sessions.GameRecord, error)
	RecentGames(ctx context.Context, platform, channelID string, limit int) ([]sessions.GameRecord, error)
	ChannelTournaments(ctx context.Context, platform, channelID string, limit int) ([]sessions.TournamentRecord, error)
	ChannelLeaderboard(ctx context.Context, platform, channelID, game string, limit int) ([]sessions.RatingRecord, error)
}

// channelPage is a channel's page: its games, tournaments and leaderboards.
type channelPage struct {
	page
	Live, Recent []gameItem
	Tournaments  []tourItem
	Boards       []table
}

func (s *Server) channelPage(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	ref, ok := s.ref(ctx, r.PathValue("token"), sessions.LinkChannel)
	platform, channel, split := strings.Cut(ref, "/")
	cs, isStore := s.cfg.Store.(ChannelStore)
	if !ok || !split || !isStore || s.cfg.Registry == nil {
		s.notFound(w, r)
		return
	}
	settings, err := cs.Channel(ctx, platform, channel)
	if err != nil || !settings.Web { // listed only while its admins let it be
		s.notFound(w, r)
		return
	}
	lang := s.lang(w, r)
	pr := s.pres(lang)
	p := channelPage{page: s.page(lang, r, pr.T(lang, "page.channel"))}
	if recs, err := cs.ChannelGames(ctx, platform, channel); err == nil {
		p.Live = s.gameItems(ctx, lang, recs)
	}
	if recs, err := cs.RecentGames(ctx, platform, channel, listSize); err == nil {
		p.Recent = s.gameItems(ctx, lang, recs)
	}
	if recs, err := cs.ChannelTournaments(ctx, platform, channel, 10); err == nil {
		p.Tournaments = s.tourItems(r.Context(), lang, recs)
	}
	for _, g := range s.cfg.Registry.Games() {
		if !pr.Rated(g) {
			continue
		}
		list, err := cs.ChannelLeaderboard(ctx, platform, channel, g.Name(), 10)
		if err != nil || len(list) == 0 {
			continue
		}
		p.Boards = append(p.Boards, s.boardTable(r.Context(), lang, g, platform, named(list)))
	}
	s.render(w, http.StatusOK, "channel.html", p)
}

// recordRatings are the ratings a game's record states (present.Ratings),
// read from the store's rating history: a finished game's from before it,
// a game in play's current ones.
type recordRatings struct{ lists ListStore }

func (rr recordRatings) Rating(ctx context.Context, platform, game, playerID string) (sessions.RatingRecord, bool) {
	list, err := rr.lists.PlayerRatings(ctx, platform, playerID)
	if err != nil {
		return sessions.RatingRecord{}, false
	}
	for _, r := range list {
		if r.Game == game {
			return r, true
		}
	}
	return sessions.RatingRecord{}, false
}

func (rr recordRatings) Before(ctx context.Context, id int64, playerID string) (float64, bool) {
	points, err := rr.lists.GameRatings(ctx, id)
	if err != nil {
		return 0, false
	}
	return ratings.RatingBefore(points, playerID)
}
