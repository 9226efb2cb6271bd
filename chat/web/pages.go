package web

// pages.go: the routes and the game's page, its pictures, downloads and
// event stream.

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"oyunbot/ai"
	"oyunbot/analysis"
	"oyunbot/chat"
	"oyunbot/chat/present"
	"oyunbot/games"
	"oyunbot/render"
	"oyunbot/sessions"
)

//go:embed templates/*.html static/*
var assets embed.FS

var pages = template.Must(template.New("").Funcs(template.FuncMap{
	"inc": func(i int) int { return i + 1 },
	"clock": func(d time.Duration) string {
		d = max(d, 0).Round(time.Second)
		if h := d / time.Hour; h > 0 {
			return fmt.Sprintf("%d:%02d:%02d", h, d%time.Hour/time.Minute, d%time.Minute/time.Second)
		}
		return fmt.Sprintf("%d:%02d", d/time.Minute, d%time.Minute/time.Second)
	},
	"ms": func(d time.Duration) int64 { return d.Milliseconds() },
	"at": func(list any, i int) any { // list[i], or nothing past its end
		switch l := list.(type) {
		case []string:
			if i < len(l) {
				return l[i]
			}
			return ""
		case []bool:
			return i < len(l) && l[i]
		}
		return nil
	},
}).ParseFS(assets, "templates/*.html"))

func (s *Server) routes() {
	mux := http.NewServeMux()
	static, _ := fs.Sub(assets, "static")
	files := http.FileServerFS(static)
	mux.Handle("GET /static/", s.count("static", http.StripPrefix("/static/", cached(files))))
	mux.Handle("GET /{$}", s.count("front", http.HandlerFunc(s.front)))
	mux.Handle("GET /g/{token}", s.count("game", http.HandlerFunc(s.gamePage)))
	mux.Handle("POST /g/{token}/act", s.count("act", http.HandlerFunc(s.act)))
	mux.Handle("GET /g/{token}/controls", s.count("act", http.HandlerFunc(s.controls)))
	mux.Handle("GET /login/{token}", s.count("login", http.HandlerFunc(s.login)))
	mux.Handle("GET /lobby", s.count("lobby", http.HandlerFunc(s.lobby)))
	mux.Handle("POST /lobby/play", s.count("act", http.HandlerFunc(s.lobbyPlay)))
	mux.Handle("GET /me", s.count("login", http.HandlerFunc(s.me)))
	mux.Handle("POST /auth/telegram", s.count("login", http.HandlerFunc(s.authTelegram)))
	mux.Handle("GET /g/{token}/events", s.count("events", http.HandlerFunc(s.events)))
	mux.Handle("GET /g/{token}/step/{file}", s.count("picture", http.HandlerFunc(s.stepPicture)))
	mux.Handle("GET /g/{token}/analysis.png", s.count("picture", http.HandlerFunc(s.analysisGraph)))
	mux.Handle("GET /g/{token}/{file}", s.count("download", http.HandlerFunc(s.download)))
	mux.Handle("GET /t/{token}", s.count("tournament", http.HandlerFunc(s.tournamentPage)))
	mux.Handle("GET /t/{token}/events", s.count("events", http.HandlerFunc(s.tournamentEvents)))
	mux.Handle("GET /c/{token}", s.count("channel", http.HandlerFunc(s.channelPage)))
	mux.Handle("GET /p/{token}", s.count("player", http.HandlerFunc(s.playerPage)))
	mux.Handle("GET /leaderboard/{platform}/{game}", s.count("leaderboard", http.HandlerFunc(s.leaderboardPage)))
	mux.Handle("GET /healthz", s.count("healthz", http.HandlerFunc(s.health)))
	mux.Handle("GET /metrics", s.count("metrics", s.metricsPage()))
	mux.Handle("/", s.count("missing", http.HandlerFunc(s.notFound)))
	s.mux = mux
}

// cached lets browsers keep the embedded files for an hour.
func cached(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=3600")
		h.ServeHTTP(w, r)
	})
}

// statusWriter remembers the status code written.
type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// count counts page's requests by status code.
func (s *Server) count(page string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w}
		h.ServeHTTP(sw, r)
		if sw.code == 0 {
			sw.code = http.StatusOK
		}
		s.m.requests.WithLabelValues(page, strconv.Itoa(sw.code)).Inc()
	})
}

// langCookie keeps the language a viewer chose with the switch.
const langCookie = "lang"

// lang is the viewer's language: the switch's (?lang=), the one chosen
// before (a cookie), their browser's (Accept-Language), the server's.
func (s *Server) lang(w http.ResponseWriter, r *http.Request) chat.Lang {
	if l, ok := chat.ParseLang(r.URL.Query().Get("lang")); ok {
		http.SetCookie(w, &http.Cookie{Name: langCookie, Value: string(l), Path: "/", MaxAge: 365 * 24 * 3600,
			SameSite: http.SameSiteLaxMode, HttpOnly: true})
		return l
	}
	if c, err := r.Cookie(langCookie); err == nil {
		if l, ok := chat.ParseLang(c.Value); ok {
			return l
		}
	}
	return acceptLanguage(r.Header.Get("Accept-Language"), s.cfg.Lang)
}

// acceptLanguage is the first of tr and en an Accept-Language header names
// (by its weights), def when it names neither.
func acceptLanguage(h string, def chat.Lang) chat.Lang {
	best, bestQ := def, -1.0
	for part := range strings.SplitSeq(h, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		l, ok := chat.LangFromLocale(tag)
		if ok && q > bestQ && q > 0 {
			best, bestQ = l, q
		}
	}
	return best
}

// page is what every page's layout shows.
type page struct {
	Lang  chat.Lang
	Other chat.Lang // the switch's
	Title string
	Path  string // the page's path, for the switch (routePath)
	// MiniApp: the page loads Telegram's Mini App script (MiniAppScript),
	// which play.js uses when it is there.
	MiniApp       bool
	MiniAppScript string
	t             func(id string, kv ...string) string
}

// T is a text of the catalogue in the page's language.
func (p page) T(id string, kv ...string) string { return p.t(id, kv...) }

func (s *Server) page(lang chat.Lang, r *http.Request, title string) page {
	other := chat.English
	if lang == chat.English {
		other = chat.Turkish
	}
	return page{Lang: lang, Other: other, Title: title, Path: routePath(r), MiniApp: s.cfg.MiniApp, MiniAppScript: s.cfg.MiniAppScript,
		t: func(id string, kv ...string) string { return s.pres(lang).T(lang, id, kv...) }}
}

// routePath is the path of the page r asked for, built from the route it
// matched (each wildcard's value escaped), never from r's path as sent: a
// path such as //evil.example/x, linked as it came, is another site's
// address. A path no route names (an unknown page's 404) is "", so that
// a link made of it stays on the page it is on ("?lang=en").
func routePath(r *http.Request) string {
	_, pat, ok := strings.Cut(r.Pattern, " ") // the method's out
	if !ok {
		pat = r.Pattern
	}
	if pat == "" || pat == "/" {
		return ""
	}
	var b strings.Builder
	for seg := range strings.SplitSeq(strings.TrimPrefix(strings.TrimSuffix(pat, "{$}"), "/"), "/") {
		b.WriteByte('/')
		if name, ok := strings.CutPrefix(seg, "{"); ok {
			name = strings.TrimSuffix(strings.TrimSuffix(name, "}"), "...")
			b.WriteString(url.PathEscape(r.PathValue(name)))
			continue
		}
		b.WriteString(seg)
	}
	return b.String()
}

// render writes template name with data, or a plain error.
func (s *Server) render(w http.ResponseWriter, code int, name string, data any) {
	var buf bytes.Buffer
	if err := pages.ExecuteTemplate(&buf, name, data); err != nil {
		s.log.Error("web: a page", "page", name, "err", err)
		http.Error(w, "500 internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(code)
	w.Write(buf.Bytes())
}

// notFound is the plain 404 page, in the viewer's language.
func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	lang := s.lang(w, r)
	s.render(w, http.StatusNotFound, "notfound.html", s.page(lang, r, s.pres(lang).T(lang, "page.not-found")))
}

// tokenGame finds the game a page's token names.
func (s *Server) tokenGame(ctx context.Context, token string) (sessions.Snapshot, bool) {
	ref, ok := s.ref(ctx, token, sessions.LinkGame)
	id, err := strconv.ParseInt(ref, 10, 64)
	if !ok || err != nil {
		return sessions.Snapshot{}, false
	}
	return s.game(ctx, id)
}

// gamePage is a game's page.
type gamePage struct {
	page
	Token   string
	View    present.GameView
	Version int64
	Steps   int // the last step: len(View.Turns)
	Picture bool
	Flip    bool
	Running int // the side whose clock runs, -1 for none
	Files   []download
	// Analysis is the stored analysis's text of a finished game ("": none),
	// shown with its graph.
	Analysis string
}

// download is a file of the game's record the page offers.
type download struct{ Name, Label string }

// recordCommands are the game commands whose file is offered for download
// (chess's PGN; a draughts game's PDN when it has one).
var recordCommands = []string{"pgn", "pdn"}

func (s *Server) downloads(lang chat.Lang, g games.Game) []download {
	var out []download
	for _, c := range games.CommandsOf(g) {
		for _, k := range recordCommands {
			if c.Key == k {
				out = append(out, download{Name: "game." + k, Label: strings.ToUpper(k)})
			}
		}
	}
	if s.pres(lang).Drawn(g) {
		out = append(out, download{Name: "game.gif", Label: s.pres(lang).T(lang, "page.gif")})
	}
	return append(out, download{Name: "game.json", Label: s.pres(lang).T(lang, "page.json")})
}

func (s *Server) gamePage(w http.ResponseWriter, r *http.Request) {
	g, ok := s.tokenGame(r.Context(), r.PathValue("token"))
	if !ok {
		s.notFound(w, r)
		return
	}
	lang := s.lang(w, r)
	v, err := s.pres(lang).In(r.Context()).GameView(lang, g)
	if err != nil {
		s.log.Error("web: a game's view", "id", g.ID, "err", err)
		http.Error(w, "500 internal error", http.StatusInternalServerError)
		return
	}
	s.rate(r.Context(), g, &v)
	p := gamePage{page: s.page(lang, r, v.Title), Token: r.PathValue("token"), View: v, Version: g.Version,
		Steps: len(v.Turns), Picture: s.pres(lang).Drawn(g.Game), Flip: r.URL.Query().Get("flip") == "1",
		Files: s.downloads(lang, g.Game), Running: -1}
	if v.Clock.Control != "" && v.Clock.Running != ai.NoSide {
		p.Running = int(v.Clock.Running)
	}
	if res, ok := s.analysis(r.Context(), g); ok {
		p.Analysis = s.pres(lang).In(r.Context()).AnalysisText(lang, g, res)
	}
	s.render(w, http.StatusOK, "game.html", p)
}

// state is a game's state as an event carries it to an open page.
type state struct {
	Version  int64                `json:"v"`
	Title    string               `json:"title"`
	Status   string               `json:"status"`
	Prompt   string               `json:"prompt,omitempty"`
	Offers   []string             `json:"offers,omitempty"`
	Players  []present.PlayerView `json:"players"`
	Turns    []string             `json:"turns"`
	Over     bool                 `json:"over"`
	Control  string               `json:"control,omitempty"`
	Left     []int64              `json:"left,omitempty"` // each side's time in ms
	Running  int                  `json:"running"`        // the side whose clock runs, -1 for none
	Dice     []int                `json:"dice,omitempty"`
	DiceLeft int                  `json:"diceLeft,omitempty"`
}

// event is game g's state in lang as a server-sent event.
func (s *Server) event(ctx context.Context, lang chat.Lang, g sessions.Snapshot) ([]byte, error) {
	v, err := s.pres(lang).In(ctx).GameView(lang, g)
	if err != nil {
		return nil, err
	}
	s.rate(ctx, g, &v)
	st := state{Version: g.Version, Title: v.Title, Status: v.Status, Prompt: v.Prompt, Offers: v.Offers,
		Players: v.Players, Over: v.Over, Control: v.Clock.Control, Running: -1, Dice: v.Dice, DiceLeft: v.DiceLeft}
	for _, t := range v.Turns {
		st.Turns = append(st.Turns, t.Text())
	}
	if v.Clock.Control != "" {
		st.Left = []int64{v.Clock.Left[0].Milliseconds(), v.Clock.Left[1].Milliseconds()}
		if v.Clock.Running != ai.NoSide {
			st.Running = int(v.Clock.Running)
		}
	}
	data, err := json.Marshal(st)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "id: %d\nevent: game\ndata: %s\n\n", g.Version, data)
	return b.Bytes(), nil
}

// events is a game's event stream: the game as it stands when the viewer
// has an older version (Last-Event-ID, or ?v= on the first connection),
// then each change.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	ref, ok := s.ref(r.Context(), r.PathValue("token"), sessions.LinkGame)
	id, err := strconv.ParseInt(ref, 10, 64)
	if !ok || err != nil {
		s.notFound(w, r)
		return
	}
	s.stream(w, r, id, s.viewer(r, id))
}

// tournamentEvents is a tournament's event stream: an event at each
// change, for its page to reload.
func (s *Server) tournamentEvents(w http.ResponseWriter, r *http.Request) {
	ref, ok := s.ref(r.Context(), r.PathValue("token"), sessions.LinkTournament)
	id, err := strconv.ParseInt(ref, 10, 64)
	if !ok || err != nil {
		s.notFound(w, r)
		return
	}
	s.stream(w, r, -id, "")
}

// stream streams the events of key (a game's id, a tournament's negated)
// to who (a player of the game, who also gets their private answers; ""
// for anyone else).
func (s *Server) stream(w http.ResponseWriter, r *http.Request, key int64, who string) {
	last := r.Header.Get("Last-Event-ID")
	if last == "" {
		last = r.URL.Query().Get("v")
	}
	seen, _ := strconv.ParseInt(last, 10, 64)
	st, err := s.hub.subscribe(key, clientIP(r, s.cfg.BehindProxy), s.lang(w, r), seen, who)
	if err != nil {
		w.Header().Set("Retry-After", "5")
		http.Error(w, "503 too many open streams", http.StatusServiceUnavailable)
		return
	}
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // nginx: no buffering of the stream
	// An idle viewer should cost little: the connection is taken from the
	// HTTP server (its buffers and its goroutine's stack go) and written
	// by a small goroutine of its own (pump).
	if conn, _, err := rc.Hijack(); err == nil {
		go s.pump(conn, h.Clone(), st)
		return
	}
	defer s.hub.unsubscribe(st)
	// The server's deadlines are a page's: a stream has none to read by
	// (the viewer says nothing more) and one per write (a viewer that
	// does not read loses its stream).
	rc.SetReadDeadline(time.Time{})
	rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout))
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "retry: 1000\n\n")
	if err := rc.Flush(); err != nil {
		return
	}
	tick := time.NewTicker(s.cfg.KeepAlive)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.hub.done:
			return
		case ev, ok := <-st.ch:
			if !ok {
				return // dropped: too slow
			}
			rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout))
			if _, err := w.Write(ev); err != nil {
				return
			}
		case <-tick.C:
			rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout))
			if _, err := w.Write(keepAlive); err != nil {
				return
			}
		}
		if err := rc.Flush(); err != nil {
			return
		}
	}
}

// streamWriteTimeout bounds a write to a viewer's connection: a viewer
// that does not read loses its stream. A stream has no other deadline: it
// is open as long as its viewer reads (Config.WriteTimeout is a page's).
const streamWriteTimeout = 10 * time.Second

// pump writes st's events to conn, a connection taken from the HTTP server
// (the response's status line and header first; its body ends when the
// connection does), until the viewer goes (a write fails: at the latest at
// the next keep-alive), falls behind, or the server shuts down.
func (s *Server) pump(conn net.Conn, h http.Header, st *stream) {
	defer conn.Close()
	defer s.hub.unsubscribe(st)
	conn.SetReadDeadline(time.Time{})
	h.Set("Connection", "close")
	var head bytes.Buffer
	head.WriteString("HTTP/1.1 200 OK\r\n")
	h.Write(&head)
	head.WriteString("\r\nretry: 1000\n\n")
	write := func(b []byte) bool {
		conn.SetWriteDeadline(time.Now().Add(streamWriteTimeout))
		_, err := conn.Write(b)
		return err == nil
	}
	if !write(head.Bytes()) {
		return
	}
	tick := time.NewTicker(s.cfg.KeepAlive)
	defer tick.Stop()
	for {
		select {
		case <-s.hub.done:
			return
		case ev, ok := <-st.ch:
			if !ok || !write(ev) {
				return
			}
		case <-tick.C:
			if !write(keepAlive) {
				return
			}
		}
	}
}

var keepAlive = []byte(": keep-alive\n\n")

// stepPicture is the board at step n ("n.png"; ?flip=1 from the second
// side's view).
func (s *Server) stepPicture(w http.ResponseWriter, r *http.Request) {
	num, ok := strings.CutSuffix(r.PathValue("file"), ".png")
	n, err := strconv.Atoi(num)
	if !ok || err != nil || n < 0 {
		s.notFound(w, r)
		return
	}
	g, found := s.tokenGame(r.Context(), r.PathValue("token"))
	if !found {
		s.notFound(w, r)
		return
	}
	lang := s.lang(w, r)
	flip := r.URL.Query().Get("flip") == "1"
	key := fmt.Sprintf("step/%d/%d/%d/%t/%s", g.ID, g.Version, n, flip, lang)
	png, err := s.drawn(w, r, key, s.pics, func() ([]byte, error) { return s.pres(lang).In(r.Context()).StepPicture(lang, g, n, flip) })
	switch {
	case errors.Is(err, present.ErrNoStep), errors.Is(err, present.ErrNoDrawer):
		s.notFound(w, r)
		return
	case err != nil:
		s.drawFailed(w, r, err, "id", g.ID, "step", n)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "private, max-age=10")
	w.Write(png)
}

// analysis is finished game g's stored analysis, if it has one.
func (s *Server) analysis(ctx context.Context, g sessions.Snapshot) (*analysis.Result, bool) {
	if s.cfg.Analyses == nil || !g.Result.Over {
		return nil, false
	}
	return s.cfg.Analyses.Analysis(ctx, g.ID)
}

// analysisGraph is the evaluation graph of a game's stored analysis.
func (s *Server) analysisGraph(w http.ResponseWriter, r *http.Request) {
	g, found := s.tokenGame(r.Context(), r.PathValue("token"))
	if !found {
		s.notFound(w, r)
		return
	}
	res, ok := s.analysis(r.Context(), g)
	if !ok {
		s.notFound(w, r)
		return
	}
	lang := s.lang(w, r)
	key := fmt.Sprintf("graph/%d/%d/%s", g.ID, g.Version, lang)
	png, err := s.drawn(w, r, key, s.pics, func() ([]byte, error) {
		return render.EvalGraph(s.pres(lang).In(r.Context()).AnalysisGraph(lang, g, res), present.GraphWidth)
	})
	if err != nil {
		s.drawFailed(w, r, err, "id", g.ID, "graph", true)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "private, max-age=60")
	w.Write(png)
}

// download is one of the record's files (downloads).
func (s *Server) download(w http.ResponseWriter, r *http.Request) {
	g, found := s.tokenGame(r.Context(), r.PathValue("token"))
	if !found {
		s.notFound(w, r)
		return
	}
	lang := s.lang(w, r)
	name := fmt.Sprintf("oyunbot-%s", g.Tag())
	var (
		data []byte
		mime string
		err  error
	)
	switch ext := strings.TrimPrefix(r.PathValue("file"), "game."); ext {
	case "json":
		data, err = s.record(r.Context(), lang, g)
		mime, name = "application/json", name+".json"
	case "gif":
		if !s.pres(lang).Drawn(g.Game) {
			s.notFound(w, r)
			return
		}
		s.gif(w, r, lang, g, name+".gif")
		return
	default:
		f, ok := s.commandFile(r.Context(), lang, g, ext)
		if !ok {
			s.notFound(w, r)
			return
		}
		data, mime, name = f.Data, f.MIME, f.Name
	}
	if err != nil {
		s.log.Error("web: a game's download", "id", g.ID, "err", err)
		http.Error(w, "500 internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", mime)
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", name))
	w.Write(data)
}

// commandFile is the file of game command key ("pgn") on g, if the game
// has one (recordCommands).
func (s *Server) commandFile(ctx context.Context, lang chat.Lang, g sessions.Snapshot, key string) (*games.File, bool) {
	for _, c := range games.CommandsOf(g.Game) {
		if c.Key != key || !strings.Contains(strings.Join(recordCommands, " "), key) {
			continue
		}
		var ratings present.Ratings
		if s.lists != nil {
			ratings = recordRatings{s.lists}
		}
		req, err := s.pres(lang).CommandRequest(ctx, lang, g, nil, ratings)
		if err != nil {
			return nil, false
		}
		ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		ans, err := c.Run(ctx, req)
		if err != nil || ans.File == nil {
			return nil, false
		}
		return ans.File, true
	}
	return nil, false
}

// record is game g as JSON: what it is, who played, its moves as stored
// and as shown, turn by turn, and how it ended.
func (s *Server) record(ctx context.Context, lang chat.Lang, g sessions.Snapshot) ([]byte, error) {
	v, err := s.pres(lang).In(ctx).GameView(lang, g)
	if err != nil {
		return nil, err
	}
	type player struct {
		Name  string `json:"name"`
		Side  string `json:"side,omitempty"`
		Bot   bool   `json:"bot,omitempty"`
		Level string `json:"level,omitempty"`
	}
	out := struct {
		ID      string    `json:"id"`
		Game    string    `json:"game"`
		Started time.Time `json:"started"`
		Players []player  `json:"players"`
		Moves   []string  `json:"moves"`
		Turns   []string  `json:"turns"`
		Over    bool      `json:"over"`
		Result  string    `json:"result"`
	}{ID: g.Tag(), Game: g.Game.Name(), Started: g.Started, Moves: g.Moves, Over: g.Result.Over, Result: v.Status}
	for _, p := range v.Players {
		out.Players = append(out.Players, player{Name: p.Name, Side: p.Side, Bot: p.Bot, Level: p.Level})
	}
	for _, t := range v.Turns {
		out.Turns = append(out.Turns, t.Text())
	}
	return json.MarshalIndent(out, "", "  ")
}

// pres is the Presenter of a page in lang: its readers are spectators,
// not the players, so every text is in the third person (present.ForOthers).
func (s *Server) pres(lang chat.Lang) *present.Presenter { return s.cfg.Presenter.ForOthers(lang) }

// gif is game g's animation (game.gif), made on the slow queue: a finished
// game's once, then kept, and known to a browser that has it by its ETag
// (the game's version: a finished game's never changes).
func (s *Server) gif(w http.ResponseWriter, r *http.Request, lang chat.Lang, g sessions.Snapshot, name string) {
	flip := r.URL.Query().Get("flip") == "1"
	key := fmt.Sprintf("gif/%d/%d/%s/%t", g.ID, g.Version, lang, flip)
	etag := `"` + strings.ReplaceAll(key, "/", "-") + `"`
	h := w.Header()
	h.Set("ETag", etag)
	if g.Result.Over {
		h.Set("Cache-Control", "private, max-age=86400")
	} else {
		h.Set("Cache-Control", "private, no-cache")
	}
	if etagMatch(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	var keep *cache
	if g.Result.Over {
		keep = s.gifs
	}
	data, err := s.drawn(w, r, key, keep, func() ([]byte, error) { return s.pres(lang).In(r.Context()).GIF(lang, g, flip) })
	if err != nil {
		h.Del("ETag")
		h.Del("Cache-Control")
		s.drawFailed(w, r, err, "id", g.ID, "gif", true)
		return
	}
	h.Set("Content-Type", "image/gif")
	h.Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", name))
	w.Write(data)
}

// etagMatch reports whether If-None-Match header h names etag.
func etagMatch(h, etag string) bool {
	for t := range strings.SplitSeq(h, ",") {
		if t = strings.TrimPrefix(strings.TrimSpace(t), "W/"); t == etag || t == "*" {
			return true
		}
	}
	return false
}

// drawn is what draw makes for key (a picture, an animation), drawn on the
// slow queue as r's address's (slowWork.make) and kept in keep when not
// nil. A request gets the time a page has to be written
// (Config.WriteTimeout) to wait for its turn, then as much again to be
// written.
func (s *Server) drawn(w http.ResponseWriter, r *http.Request, key string, keep *cache, draw func() ([]byte, error)) ([]byte, error) {
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.WriteTimeout)
	defer cancel()
	b, err := s.slow.make(ctx, "web:"+clientIP(r, s.cfg.BehindProxy), key, keep, func(context.Context) ([]byte, error) { return draw() })
	// The answer, the picture or that the queue is busy, gets its time.
	http.NewResponseController(w).SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
	return b, err
}

// drawFailed answers a drawing that failed with err: the queue busy past
// the request's time (503, to try again), or an error of ours.
func (s *Server) drawFailed(w http.ResponseWriter, r *http.Request, err error, kv ...any) {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) || errors.Is(err, sessions.ErrClosed) {
		lang := s.lang(w, r)
		w.Header().Set("Retry-After", "5")
		s.render(w, http.StatusServiceUnavailable, "busy.html", s.page(lang, r, s.pres(lang).T(lang, "page.busy")))
		return
	}
	s.log.Error("web: drawing", append(kv, "err", err)...)
	http.Error(w, "500 internal error", http.StatusInternalServerError)
}
