package web_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/web"
)

// visitor is a person's visitor on the pages: its cookies, and the csrf
// token the pages give it.
type visitor struct {
	t    *testing.T
	c    *http.Client
	base string
	csrf string
}

func newVisitor(t *testing.T, base string) *visitor {
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &visitor{t: t, c: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}, base: base}
}

// open GETs url and returns the status and body.
func (b *visitor) open(u string) (int, string) {
	b.t.Helper()
	res, err := b.c.Get(u)
	if err != nil {
		b.t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(body)
}

// signIn opens a personal link and reads the csrf token of the session.
func (b *visitor) signIn(link string) {
	b.t.Helper()
	if code, _ := b.open(link); code != http.StatusSeeOther {
		b.t.Fatalf("login link %s: %d", link, code)
	}
	code, body := b.open(b.base + "/me")
	var me map[string]string
	if code != http.StatusOK || json.Unmarshal([]byte(body), &me) != nil || me["csrf"] == "" {
		b.t.Fatalf("/me after signing in: %d %s", code, body)
	}
	b.csrf = me["csrf"]
}

// post sends form to path from the pages (Origin set) and returns the
// status and what the bot said.
func (b *visitor) post(path string, form url.Values, origin string) (int, []string) {
	b.t.Helper()
	req, err := http.NewRequest("POST", b.base+path, strings.NewReader(form.Encode()))
	if err != nil {
		b.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", origin)
	res, err := b.c.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer res.Body.Close()
	var ans struct{ Said []string }
	body, _ := io.ReadAll(res.Body)
	json.Unmarshal(body, &ans)
	return res.StatusCode, ans.Said
}

func (b *visitor) act(token, cmd, key string) (int, []string) {
	b.t.Helper()
	return b.post("/g/"+token+"/act", url.Values{"cmd": {cmd}, "key": {key}, "csrf": {b.csrf}}, b.base)
}

// TestPlayFromThePage: a player signed in by their personal link plays
// their game from its page: the move goes the chat's way (the chat gets
// the board, the game moves), a request sent again is applied once, an
// illegal move is explained on the page and changes nothing; a spectator,
// a stranger, another site and a forged token are refused; "web logout"
// ends the sign-in.
func TestPlayFromThePage(t *testing.T) {
	e := newEnv(t, nil)
	e.mod = func(c *web.Config) { c.Handler = e.r }
	e.restartWeb(nil)
	links := web.NewLinks(e.base, e.store, nil)
	page := watchURL(t, e.msg("dm", "ayse", "Ayşe", "play ttt easy x", true))
	token := page[strings.LastIndex(page, "/")+1:]

	ayse := newVisitor(t, e.base)
	if code, _ := ayse.act(token, "move b2", "k-000001"); code != http.StatusUnauthorized {
		t.Fatalf("a move from a visitor not signed in: %d", code)
	}
	ayse.signIn(links.LoginURL(t.Context(), "test", "ayse"))
	code, said := ayse.act(token, "move b2", "k-000001")
	if code != http.StatusOK {
		t.Fatalf("a move from the page: %d %q", code, said)
	}
	if err := e.r.Wait(t.Context()); err != nil {
		t.Fatal(err)
	}
	chat := texts(e.rec.take())
	if !strings.Contains(chat, "Ayşe: b2") {
		t.Fatalf("the chat did not see the move from the page: %q", chat)
	}
	g := e.mgr.Lobby().Find("test", "dm", "ayse")[0]
	moves := len(g.Moves)
	if code, _ := ayse.act(token, "move b2", "k-000001"); code != http.StatusOK {
		t.Fatalf("the same request again: %d", code)
	}
	if got := len(e.mgr.Lobby().Find("test", "dm", "ayse")[0].Moves); got != moves {
		t.Fatalf("a request sent twice was applied twice: %d moves, then %d", moves, got)
	}
	code, said = ayse.act(token, "move b2", "k-000002") // b2 is taken now
	if code != http.StatusOK || len(said) == 0 {
		t.Fatalf("an illegal move: %d %q, want it explained on the page", code, said)
	}
	if got := e.rec.take(); len(got) != 0 {
		t.Errorf("an illegal move from the page was answered in the chat: %q", texts(got))
	}
	for _, tc := range []struct {
		name   string
		form   url.Values
		origin string
		want   int
	}{
		{"another site", url.Values{"cmd": {"move a1"}, "key": {"k-000003"}, "csrf": {ayse.csrf}}, "https://evil.example", http.StatusForbidden},
		{"forged csrf", url.Values{"cmd": {"move a1"}, "key": {"k-000004"}, "csrf": {"00"}}, e.base, http.StatusForbidden},
		{"a channel's setting", url.Values{"cmd": {"lang en"}, "key": {"k-000005"}, "csrf": {ayse.csrf}}, e.base, http.StatusBadRequest},
		{"no key", url.Values{"cmd": {"move a1"}, "csrf": {ayse.csrf}}, e.base, http.StatusBadRequest},
	} {
		if code, _ := ayse.post("/g/"+token+"/act", tc.form, tc.origin); code != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, code, tc.want)
		}
	}
	bora := newVisitor(t, e.base)
	bora.signIn(links.LoginURL(t.Context(), "test", "bora"))
	if code, _ := bora.act(token, "move a1", "k-000006"); code != http.StatusForbidden {
		t.Errorf("a spectator's move: %d, want 403", code)
	}
	if got := len(e.mgr.Lobby().Find("test", "dm", "ayse")[0].Moves); got != moves {
		t.Fatalf("refused requests changed the game: %d moves, then %d", moves, got)
	}
	e.msg("dm", "ayse", "Ayşe", "web logout", true)
	if code, _ := ayse.act(token, "move a1", "k-000007"); code != http.StatusUnauthorized {
		t.Errorf("after «web logout»: %d, want 401", code)
	}
}

// TestMiniAppSignIn: a page opened as a Telegram Mini App signs in with
// its initData; forged initData is refused.
func TestMiniAppSignIn(t *testing.T) {
	e := newEnv(t, nil)
	e.mod = func(c *web.Config) { c.TelegramToken = miniAppToken }
	e.restartWeb(nil)
	b := newVisitor(t, e.base)
	signed := signInitData(map[string]string{"user": `{"id":4242,"first_name":"Ayşe"}`,
		"auth_date": strconv.FormatInt(time.Now().Unix(), 10)}, miniAppToken)
	if code, _ := b.post("/auth/telegram", url.Values{"initData": {strings.Replace(signed, "4242", "4243", 1)}}, e.base); code != http.StatusForbidden {
		t.Fatalf("forged initData: %d, want 403", code)
	}
	if code, _ := b.post("/auth/telegram", url.Values{"initData": {signed}}, e.base); code != http.StatusOK {
		t.Fatalf("genuine initData: %d", code)
	}
	code, body := b.open(e.base + "/me")
	if code != http.StatusOK || !strings.Contains(body, `"id":"4242"`) || !strings.Contains(body, `"platform":"telegram"`) {
		t.Fatalf("/me after the Mini App signed in: %d %s", code, body)
	}
}

// TestLobby: a signed-in player's own page lists their games in play,
// theirs to move marked, and starts a game against the bot (in their
// private chat with the bot, on Telegram) whose page it opens; signed out,
// it says how to sign in.
func TestLobby(t *testing.T) {
	e := newEnv(t, nil)
	e.mod = func(c *web.Config) { c.Handler = e.r }
	e.restartWeb(nil)
	links := web.NewLinks(e.base, e.store, nil)
	v := newVisitor(t, e.base)
	if code, body := v.open(e.base + "/lobby?lang=en"); code != http.StatusOK || !strings.Contains(body, "web login") {
		t.Fatalf("the lobby signed out: %d, want how to sign in", code)
	}
	v.signIn(links.LoginURL(t.Context(), "telegram", "4242"))
	req, _ := http.NewRequest("POST", e.base+"/lobby/play", strings.NewReader(url.Values{"game": {"tictactoe"}, "level": {"easy"}, "csrf": {v.csrf}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", "null") // a form under the pages' no-referrer policy
	res, err := v.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "/g/") {
		t.Fatalf("starting a game from the lobby: %d to %q, want its page", res.StatusCode, res.Header.Get("Location"))
	}
	games := e.mgr.Lobby().PlayerGames("telegram", "4242")
	if len(games) != 1 || games[0].ChannelID != "4242" || games[0].Game.Name() != "tictactoe" {
		t.Fatalf("the game started from the lobby: %+v", games)
	}
	code, body := v.open(e.base + "/lobby?lang=en")
	if code != http.StatusOK || !strings.Contains(body, `href="`+res.Header.Get("Location")+`"`) || !strings.Contains(body, "your move") {
		t.Fatalf("the lobby after: %d %s", code, body)
	}
	req, _ = http.NewRequest("POST", e.base+"/lobby/play", strings.NewReader(url.Values{"game": {"tictactoe"}, "csrf": {"forged"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if res, err := v.c.Do(req); err != nil || res.StatusCode != http.StatusForbidden {
		t.Fatalf("a forged start: %v %v", res.StatusCode, err)
	}
}

// TestMiniAppAuthorization: a Mini App's page names its player by the
// initData it sends with each request ("Authorization: tma <initData>"),
// no cookie needed (Telegram Web frames the page, where a third party's
// cookie may not be kept): genuine initData plays; forged (another user,
// the same hash), stale (signed two days ago), another bot's, or another
// scheme's are refused, and no cookie stands in for them.
func TestMiniAppAuthorization(t *testing.T) {
	e := newEnv(t, nil)
	e.mod = func(c *web.Config) { c.Handler, c.TelegramToken = e.r, miniAppToken }
	e.restartWeb(nil)
	e.r.AddSender(t.Context(), "telegram", e.rec)
	start := chat.Message{Platform: "telegram", ChannelID: "4242", UserID: "4242", UserName: "Ayşe", Text: "play ttt easy x", Private: true}
	e.r.Handle(t.Context(), start)
	if err := e.r.Wait(t.Context()); err != nil {
		t.Fatal(err)
	}
	page := watchURL(t, e.rec.take())
	token := page[strings.LastIndex(page, "/")+1:]
	user := `{"id":4242,"first_name":"Ayşe"}`
	now := strconv.FormatInt(time.Now().Unix(), 10)
	genuine := signInitData(map[string]string{"user": user, "auth_date": now}, miniAppToken)
	request := func(method, path, auth string, form url.Values) (int, string) {
		t.Helper()
		req, err := http.NewRequest(method, e.base+path, strings.NewReader(form.Encode()))
		if err != nil {
			t.Fatal(err)
		}
		if form != nil {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		req.Header.Set("Authorization", auth)
		res, err := http.DefaultClient.Do(req) // no cookie jar
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(body)
	}
	code, body := request("GET", "/me", "tma "+genuine, nil)
	var me map[string]string
	if code != http.StatusOK || json.Unmarshal([]byte(body), &me) != nil || me["id"] != "4242" || me["platform"] != "telegram" {
		t.Fatalf("/me with genuine initData: %d %s", code, body)
	}
	code, body = request("POST", "/g/"+token+"/act", "tma "+genuine, url.Values{"cmd": {"move b2"}, "key": {"k-tma-0001"}, "csrf": {me["csrf"]}})
	if code != http.StatusOK {
		t.Fatalf("a move with genuine initData: %d %s", code, body)
	}
	if err := e.r.Wait(t.Context()); err != nil {
		t.Fatal(err)
	}
	if chat := texts(e.rec.take()); !strings.Contains(chat, "Ayşe: b2") {
		t.Fatalf("the chat did not see the Mini App's move: %q", chat)
	}
	moves := len(e.mgr.Lobby().PlayerGames("telegram", "4242")[0].Moves)

	// A cookie of Ayşe's too: a refused header must not fall back on it.
	b := newVisitor(t, e.base)
	b.signIn(web.NewLinks(e.base, e.store, nil).LoginURL(t.Context(), "telegram", "4242"))
	for _, tc := range []struct{ name, auth string }{
		{"forged", "tma " + strings.Replace(genuine, "4242", "4243", 1)},
		{"stale", "tma " + signInitData(map[string]string{"user": user,
			"auth_date": strconv.FormatInt(time.Now().Add(-48*time.Hour).Unix(), 10)}, miniAppToken)},
		{"another bot's", "tma " + signInitData(map[string]string{"user": user, "auth_date": now}, "654321:OTHER-TOKEN")},
	} {
		if code, body := request("GET", "/me", tc.auth, nil); code != http.StatusUnauthorized {
			t.Errorf("/me with %s initData: %d %s, want 401", tc.name, code, body)
		}
		req, _ := http.NewRequest("POST", e.base+"/g/"+token+"/act", strings.NewReader(url.Values{"cmd": {"move a1"},
			"key": {"k-tma-" + strings.ReplaceAll(tc.name, " ", "")}, "csrf": {b.csrf}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Authorization", tc.auth)
		res, err := b.c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusUnauthorized {
			t.Errorf("a move with %s initData and the player's cookie: %d, want 401", tc.name, res.StatusCode)
		}
	}
	if got := len(e.mgr.Lobby().PlayerGames("telegram", "4242")[0].Moves); got != moves {
		t.Errorf("refused requests moved: %d moves, then %d", moves, got)
	}
	// Another scheme's header (a proxy's Basic) is not the Mini App's: it
	// names nobody, and leaves the cookie to say who it is.
	if code, body := request("GET", "/me", "Bearer "+genuine, nil); code != http.StatusUnauthorized {
		t.Errorf("/me with initData under another scheme: %d %s, want 401", code, body)
	}
	req, _ := http.NewRequest("GET", e.base+"/me", nil)
	req.Header.Set("Authorization", "Basic b3l1bjpib3Q=")
	res, err := b.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("/me with a proxy's Basic header and the player's cookie: %d, want 200", res.StatusCode)
	}
}

// TestMiniAppPages: with a TelegramToken and an https public address the
// pages are a Mini App's: they load Telegram's script, and Telegram Web may
// frame them; otherwise neither, and no page may frame them.
func TestMiniAppPages(t *testing.T) {
	for _, tc := range []struct {
		name, public string
		app          bool
	}{{"https", "https://oyun.example.org", true}, {"http", "", false}} {
		e := newEnv(t, nil)
		e.mod = func(c *web.Config) { c.TelegramToken, c.PublicURL = miniAppToken, tc.public }
		e.restartWeb(nil)
		replies := e.msg("dm", "ayse", "Ayşe", "play ttt easy", true)
		page := watchURL(t, replies)
		page = e.base + page[strings.Index(page, "/g/"):]
		// The game's 👁 button is marked to open as an app where the
		// platform has them (Telegram's web_app: chat/telegram).
		for _, rep := range replies {
			for _, row := range rep.Buttons {
				for _, b := range row {
					if strings.Contains(b.URL, "/g/") && !b.App {
						t.Errorf("the game's link button is not marked App: %+v", b)
					}
				}
			}
		}
		res, body := get(t, page)
		csp := res.Header.Get("Content-Security-Policy")
		script := strings.Contains(body, `<script src="`+web.DefaultMiniAppScript+`"></script>`)
		framed := strings.Contains(csp, "frame-ancestors 'self' https://web.telegram.org")
		if tc.app != script || tc.app != framed || tc.app != strings.Contains(csp, "script-src 'self' https://telegram.org;") {
			t.Errorf("%s: Telegram's script %v, framed by Telegram Web %v (CSP %q), want %v", tc.name, script, framed, csp, tc.app)
		}
		if xfo := res.Header.Get("X-Frame-Options"); (xfo == "DENY") == tc.app {
			t.Errorf("%s: X-Frame-Options %q", tc.name, xfo)
		}
		if !tc.app && !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s: CSP %q lets pages frame it", tc.name, csp)
		}
	}
}
