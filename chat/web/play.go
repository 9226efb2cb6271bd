package web

// play.go lets a game's players play on its page (issue 37). Who someone
// is comes from a cookie holding their login token: set by the personal
// link the bot sends them privately ("web login": /login/{token}), or by a
// Telegram Mini App's initData (/auth/telegram, VerifyInitData); or, in a
// Mini App, from the initData each request sends ("Authorization: tma
// <initData>", which Telegram Web's frame needs: a third party's cookie
// may not be kept there). A press
// on the page posts a command to /g/{token}/act, which goes through the
// chat's own handler (the Router) as a message of that person in the
// game's chat: the same handling, durability, ratings and replies as a
// typed one. Its answer comes back to the page (chat.Message.Answer), the
// game's board goes to the chat as for any move, and to every open page as
// an event. The request's key is the message's update id: a request sent
// twice (a double click, a retry) is applied once.

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/sessions"
)

// loginCookie holds the login token of the person using the browser.
const loginCookie = "oyunbot_login"

// loginMaxAge is how long the browser keeps the cookie (a "web logout"
// ends it sooner).
const loginMaxAge = 90 * 24 * time.Hour

// pageCommands are the commands a page may send: a game's own, never a
// channel's settings or a tournament's.
var pageCommands = map[string]bool{
	command.Move: true, command.Tap: true, command.Resign: true, command.Draw: true, command.Undo: true,
	command.Hint: true, command.Roll: true, command.Accept: true, command.Decline: true, command.Rematch: true,
	command.Analyse: true, command.Board: true,
}

// actKey is a request's idempotency key.
var actKey = regexp.MustCompile(`^[A-Za-z0-9_-]{8,64}$`)

// person is who uses the browser: a player on a platform.
type person struct {
	platform, id string
	token        string // their login token
}

// who returns the person r comes from: a Telegram Mini App's, named by
// the initData it sends in its Authorization header ("tma <initData>",
// checked each time: a page framed by Telegram Web may get no cookie), or
// the one whose login cookie r carries. The token is looked up in the
// store each time (never cached): a "web logout" ends it at once.
func (s *Server) who(r *http.Request) (person, bool) {
	if scheme, data, _ := strings.Cut(r.Header.Get("Authorization"), " "); strings.EqualFold(scheme, "tma") {
		return s.miniAppPerson(r, data)
	}
	c, err := r.Cookie(loginCookie)
	if err != nil || len(c.Value) < 20 || len(c.Value) > 64 {
		return person{}, false
	}
	kind, ref, err := s.cfg.Store.WebRef(r.Context(), c.Value)
	if err != nil || kind != sessions.LinkLogin {
		return person{}, false
	}
	platform, id, ok := strings.Cut(ref, "/")
	return person{platform: platform, id: id, token: c.Value}, ok && id != ""
}

// miniAppPerson is the Telegram user named by the initData of an
// Authorization header of the "tma" scheme, when Telegram signed it for
// this bot and lately; forged or stale initData name nobody (the cookie is
// then not looked at either: the request said who it is). Another scheme
// (a proxy's Basic) is not the pages': the cookie decides.
func (s *Server) miniAppPerson(r *http.Request, data string) (person, bool) {
	if s.cfg.TelegramToken == "" {
		return person{}, false
	}
	u, err := VerifyInitData(strings.TrimSpace(data), s.cfg.TelegramToken, time.Now(), DefaultInitDataMaxAge)
	if err != nil {
		return person{}, false
	}
	id := strconv.FormatInt(u.ID, 10)
	token, err := s.cfg.Store.WebToken(r.Context(), sessions.LinkLogin, "telegram/"+id)
	if err != nil {
		s.log.Error("web: a Mini App's login", "err", err)
		return person{}, false
	}
	return person{platform: "telegram", id: id, token: token}, true
}

// csrf is the token a page of p's echoes with each request: a page of
// another site cannot read it.
func csrf(p person) string {
	sum := sha256.Sum256([]byte("csrf\x00" + p.token))
	return hex.EncodeToString(sum[:16])
}

// setLogin gives the browser p's login cookie.
func (s *Server) setLogin(w http.ResponseWriter, token string) {
	http.SetCookie(w, &http.Cookie{Name: loginCookie, Value: token, Path: "/", MaxAge: int(loginMaxAge / time.Second),
		HttpOnly: true, Secure: strings.HasPrefix(s.cfg.PublicURL, "https://"), SameSite: http.SameSiteLaxMode})
}

// login is a personal link: it signs the browser in as the person it was
// made for, then shows the front page.
func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	token := r.PathValue("token")
	kind, _, err := s.cfg.Store.WebRef(r.Context(), token)
	if err != nil || kind != sessions.LinkLogin {
		s.notFound(w, r)
		return
	}
	s.setLogin(w, token)
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// authTelegram signs a Mini App in: its initData, checked against the
// bot's token, names the Telegram user.
func (s *Server) authTelegram(w http.ResponseWriter, r *http.Request) {
	if s.cfg.TelegramToken == "" || !s.sameOrigin(r) {
		http.Error(w, "403 forbidden", http.StatusForbidden)
		return
	}
	u, err := VerifyInitData(r.PostFormValue("initData"), s.cfg.TelegramToken, time.Now(), DefaultInitDataMaxAge)
	if err != nil {
		http.Error(w, "403 "+err.Error(), http.StatusForbidden)
		return
	}
	token, err := s.cfg.Store.WebToken(r.Context(), sessions.LinkLogin, "telegram/"+strconv.FormatInt(u.ID, 10))
	if err != nil {
		s.log.Error("web: a login", "err", err)
		http.Error(w, "500 internal error", http.StatusInternalServerError)
		return
	}
	s.setLogin(w, token)
	writeJSONResponse(w, http.StatusOK, map[string]string{"csrf": csrf(person{token: token})})
}

// sameOrigin reports whether a state-changing request may come from the
// pages themselves: its Origin (else Referer) is PublicURL's, or the
// browser withheld it (the pages' no-referrer policy makes a form's Origin
// "null"), when the csrf token the request must also carry decides.
func (s *Server) sameOrigin(r *http.Request) bool {
	want, err := url.Parse(s.cfg.PublicURL)
	if err != nil {
		return false
	}
	from := r.Header.Get("Origin")
	if from == "" {
		from = r.Header.Get("Referer")
	}
	if from == "" || from == "null" {
		return true
	}
	got, err := url.Parse(from)
	return err == nil && got.Scheme == want.Scheme && got.Host == want.Host
}

// me tells a page who is signed in, and the csrf token its requests
// echo; 401 for nobody.
func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	p, ok := s.who(r)
	if !ok {
		http.Error(w, "401 not signed in", http.StatusUnauthorized)
		return
	}
	writeJSONResponse(w, http.StatusOK, map[string]string{"platform": p.platform, "id": p.id, "csrf": csrf(p),
		"events": p.platform + "/" + p.id + "~" + streamProof(p.token)})
}

// actAnswer is what /act answers: what the bot said to the person, and
// the buttons it gave them with it, if any (a piece's targets, a question).
type actAnswer struct {
	Said []string   `json:"said"`
	Rows [][]button `json:"rows,omitempty"`
	// Go is the page of a game the command started (a rematch): the
	// player's page goes there.
	Go string `json:"go,omitempty"`
	// Spots are where the board's squares are on its picture, unflipped
	// and flipped (spotsOf): a click on the picture presses the control of
	// the square under it.
	Spots *[2][]spot `json:"spots,omitempty"`
}

// spot is a square of the board's picture: its name and its rectangle
// [x0, y0, x1, y1] in the picture's pixels.
type spot struct {
	N string `json:"n"`
	R [4]int `json:"r"`
}

// spotsOf are the squares of game g's pictures, seen from either side,
// from its drawer's own geometry (present.BoardSpots); nil when its
// drawer does not say where they are.
func (s *Server) spotsOf(lang chat.Lang, g sessions.Snapshot) *[2][]spot {
	var out [2][]spot
	for i, flip := range []bool{false, true} {
		spots, ok := s.pres(lang).BoardSpots(g, flip)
		if !ok {
			return nil
		}
		for _, sp := range spots {
			r := sp.Rect
			out[i] = append(out[i], spot{N: sp.Name, R: [4]int{r.Min.X, r.Min.Y, r.Max.X, r.Max.Y}})
		}
	}
	return &out
}

// button is a button of the page's controls: pressed, its data is sent
// to /act as a command, as a chat button's is in the chat.
type button struct {
	Label string `json:"label"`
	Data  string `json:"data"`
}

// rowsOf is the pressable buttons of rep: its board of squares, then its
// buttons (links left out: the page is where they lead).
func rowsOf(rep chat.Reply) [][]button {
	var out [][]button
	for _, row := range append(append([][]chat.Button{}, rep.Board...), rep.Buttons...) {
		var r []button
		for _, b := range row {
			// The board command would post the board in the chat: the page
			// shows it already.
			if b.Data != "" && command.Parse(b.Data).Name != command.Board {
				r = append(r, button{Label: b.Label, Data: b.Data})
			}
		}
		if len(r) > 0 {
			out = append(out, r)
		}
	}
	return out
}

// playersGame is the game of r's page when p plays it; it answers r (404,
// 403 for a spectator) when not.
func (s *Server) playersGame(w http.ResponseWriter, r *http.Request, p person) (sessions.Snapshot, bool) {
	g, ok := s.tokenGame(r.Context(), r.PathValue("token"))
	if !ok {
		s.notFound(w, r)
		return g, false
	}
	if g.Platform != p.platform || g.SideOf(p.id) == ai.NoSide {
		http.Error(w, "403 a spectator cannot play", http.StatusForbidden)
		return g, false
	}
	return g, true
}

// controls are the buttons of a game for the signed-in player on its page:
// what the chat's board shows them (squares, moves, actions), from the
// same presentation; none for anyone else.
func (s *Server) controls(w http.ResponseWriter, r *http.Request) {
	p, ok := s.who(r)
	if !ok {
		http.Error(w, "401 not signed in", http.StatusUnauthorized)
		return
	}
	g, ok := s.playersGame(w, r, p)
	if !ok {
		return
	}
	lang := s.lang(w, r)
	writeJSONResponse(w, http.StatusOK, actAnswer{Rows: s.playerRows(r.Context(), lang, g, p.id), Spots: s.spotsOf(lang, g)})
}

// playerRows are the buttons of game g for its player userID on its page:
// what the chat's board shows them (squares, moves, actions), then what
// the chat leaves to its messages and typed commands (an offer's answers,
// a draw offer, a take-back request), from the same presentation.
func (s *Server) playerRows(ctx context.Context, lang chat.Lang, g sessions.Snapshot, userID string) [][]button {
	pres := s.pres(lang).In(ctx)
	return append(rowsOf(pres.GameReply(lang, g, "", userID)), rowsOf(chat.Reply{Buttons: pres.PlayerActions(lang, g, userID)})...)
}

// act is a player's command on their game's page.
func (s *Server) act(w http.ResponseWriter, r *http.Request) {
	if s.cfg.Handler == nil {
		http.Error(w, "404 not found", http.StatusNotFound)
		return
	}
	p, ok := s.who(r)
	if !ok {
		http.Error(w, "401 not signed in", http.StatusUnauthorized)
		return
	}
	if !s.sameOrigin(r) || r.PostFormValue("csrf") != csrf(p) {
		http.Error(w, "403 forbidden", http.StatusForbidden)
		return
	}
	if !s.acts.allow(p.platform + "/" + p.id) {
		w.Header().Set("Retry-After", "1")
		http.Error(w, "429 too many requests", http.StatusTooManyRequests)
		return
	}
	g, ok := s.playersGame(w, r, p)
	if !ok {
		return
	}
	text, key := strings.TrimSpace(r.PostFormValue("cmd")), r.PostFormValue("key")
	cmd := command.Parse(text)
	if !pageCommands[cmd.Name] || len(text) > 200 || !actKey.MatchString(key) {
		http.Error(w, "400 bad command", http.StatusBadRequest)
		return
	}
	lang := s.lang(w, r)
	var (
		mu       sync.Mutex
		said     []string
		rows     [][]button
		question bool // rows are a question's answers, not the game's board
		answered bool // the response is written: what comes now is told (tell)
	)
	who := p.platform + "/" + p.id
	pg, _ := s.cfg.Games.(PlayerGames)
	before := map[int64]bool{}
	if pg != nil {
		for _, x := range pg.PlayerGames(p.platform, p.id) {
			before[x.ID] = true
		}
	}
	m := chat.Message{Platform: g.Platform, ChannelID: g.ChannelID, UserID: p.id, UserName: g.Players[g.SideOf(p.id)].Name,
		Text: text + " #" + g.Tag(), Locale: r.Header.Get("Accept-Language"), Ref: "web:" + key,
		Update: "web:" + p.platform + "/" + p.id + ":" + key,
		Answer: func(rep chat.Reply) {
			mu.Lock()
			defer mu.Unlock()
			if answered {
				// An answer that comes after the request's (a hint, an
				// analysis): to the player's own page, by its stream.
				s.tell(context.WithoutCancel(r.Context()), g.ID, who, p.id, lang, rep)
				return
			}
			if t := strings.TrimSpace(rep.Text); t != "" {
				said = append(said, t)
			}
			if r := rowsOf(rep); len(r) > 0 {
				rows = r // a tap's selection, a question's answers
				question = len(rep.Board) == 0 && rep.GameID == 0
			}
		},
		Privately: func(t string) bool {
			mu.Lock()
			defer mu.Unlock()
			if t = strings.TrimSpace(t); t != "" && !answered {
				said = append(said, t)
			}
			return !answered
		}}
	s.cfg.Handler.Handle(context.WithoutCancel(r.Context()), m)
	mu.Lock()
	defer mu.Unlock()
	answered = true
	if question {
		// A question (confirm a resignation, a hint) is answered or left:
		// the game's own controls stay beneath its answers, as the chat's
		// board stays above its question.
		if g, ok := s.tokenGame(r.Context(), r.PathValue("token")); ok {
			rows = append(rows, s.playerRows(r.Context(), lang, g, p.id)...)
		}
	}
	ans := actAnswer{Said: said, Rows: rows}
	if pg != nil {
		for _, x := range pg.PlayerGames(p.platform, p.id) {
			if u := s.links.GameURL(r.Context(), x); !before[x.ID] && u != "" {
				ans.Go = s.local(u)
				break
			}
		}
	}
	writeJSONResponse(w, http.StatusOK, ans)
}

// tell sends rep, an answer to a player's request from a game's page that
// came after the request's own (a hint, an analysis), to that player's
// open pages of game id alone (hub.tell), with the game's controls
// beneath what it offers (a hinted move's button).
func (s *Server) tell(ctx context.Context, id int64, who, userID string, lang chat.Lang, rep chat.Reply) {
	ans := actAnswer{Rows: rowsOf(rep)}
	if t := strings.TrimSpace(rep.Text); t != "" {
		ans.Said = []string{t}
	}
	if len(ans.Rows) > 0 {
		if g, ok := s.game(ctx, id); ok {
			ans.Rows = append(ans.Rows, s.playerRows(ctx, lang, g, userID)...)
		}
	}
	data, err := json.Marshal(ans)
	if err != nil {
		return
	}
	ev := "event: said\ndata: " + string(data) + "\n\n"
	s.hub.tell(id, who, []byte(ev))
	if s.cfg.Relay != nil {
		// The other processes hear it and tell the pages they serve: the
		// asker's may be on any.
		if err := s.cfg.Relay.Tell(ctx, s.self+" "+strconv.FormatInt(id, 10)+" "+who+"\n"+ev); err != nil {
			s.log.Warn("web: a private answer not relayed to the other processes", "game", id, "err", err)
		}
	}
}

// viewer is the player of game id who opens an event stream: the one
// signed in (their cookie), or the one its "me" parameter names with their
// proof (streamProof: a Mini App's page, whose initData an EventSource
// cannot send); "" for anyone else (a spectator).
func (s *Server) viewer(r *http.Request, id int64) string {
	platform, userID, proof := "", "", ""
	if me := r.URL.Query().Get("me"); me != "" {
		i := strings.LastIndexByte(me, '~')
		if i < 0 {
			return ""
		}
		platform, userID, _ = strings.Cut(me[:i], "/")
		proof = me[i+1:]
	} else if p, ok := s.who(r); ok {
		platform, userID = p.platform, p.id
	}
	if userID == "" {
		return ""
	}
	g, ok := s.game(r.Context(), id)
	if !ok || g.Platform != platform || g.SideOf(userID) == ai.NoSide {
		return ""
	}
	ref := platform + "/" + userID
	if proof != "" || r.URL.Query().Has("me") {
		// Checked once the person is known to play the game, so that no
		// login token is made for just anyone named.
		token, err := s.cfg.Store.WebToken(r.Context(), sessions.LinkLogin, ref)
		if err != nil || subtle.ConstantTimeCompare([]byte(proof), []byte(streamProof(token))) != 1 {
			return ""
		}
	}
	return ref
}

// streamProof is what a page's event stream names its player with
// ("me": platform/id~proof), made from their login token: a "web logout"
// ends it with the token.
func streamProof(token string) string {
	sum := sha256.Sum256([]byte("events\x00" + token))
	return hex.EncodeToString(sum[:16])
}

// Logout ends a person's sign-in everywhere: their login token is renewed, so
// every cookie and link holding it names nobody.
func (l *Links) Logout(ctx context.Context, platform, userID string) error {
	_, err := l.store.RenewWebToken(ctx, sessions.LinkLogin, platform+"/"+userID)
	return err
}

// LoginURL is a personal link that signs a browser in as a person, to
// play their games on the pages; "" when the store did not answer.
func (l *Links) LoginURL(ctx context.Context, platform, userID string) string {
	if tok := l.token(ctx, sessions.LinkLogin, platform+"/"+userID); tok != "" {
		return l.base + "/login/" + tok
	}
	return ""
}

func writeJSONResponse(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v) // an error is a client gone: nothing to tell

}
