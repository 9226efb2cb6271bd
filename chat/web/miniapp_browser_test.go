package web_test

// miniapp_browser_test.go: the games played by clicks on their pages, as
// issue 37 asks: each page opened as a Telegram Mini App (Telegram's
// script stubbed, its initData signed with the bot's token), the chat the
// (fake) Telegram, and a spectator's page of the same game beside.

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"oyunbot/chat/telegram"
	"oyunbot/chat/telegram/telegramtest"
	"oyunbot/chat/web"
)

// played is a game played from its page in Chromium: the bot with the
// pages taking commands, Telegram (the fake) as the chat, the player's page
// opened as a Mini App and a spectator's page of the same game.
type played struct {
	t         *testing.T
	e         *env
	tg        *telegramtest.Server
	user      telegramtest.User
	dm        telegramtest.Chat
	url       string          // the game's page
	launch    string          // the hash Telegram opens the Mini App with
	player    context.Context // the player's tab, a Mini App
	spectator context.Context // another browser's tab, signed in as nobody
}

// newTelegramEnv starts the bot with its pages taking commands and
// Telegram's fake tg as its chat. Telegram's script is stubbed: as
// Telegram's own, it reads the initData Telegram opened the page with from
// the address's #tgWebAppData (none for a page opened in a browser), and
// notes the calls the page makes.
func newTelegramEnv(t *testing.T, tg *telegramtest.Server) *env {
	t.Helper()
	script := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		w.Write([]byte(`window.Telegram = {WebApp: {
  initData: decodeURIComponent((/[#&]tgWebAppData=([^&]*)/.exec(location.hash) || ["", ""])[1]),
  ready() { window.tgReady = (window.tgReady || 0) + 1; }, expand() { window.tgExpanded = true; }}};`))
	}))
	t.Cleanup(script.Close)
	e := newEnv(t, nil)
	e.mod = func(c *web.Config) {
		c.Handler, c.TelegramToken, c.MiniApp, c.MiniAppScript = e.r, tg.Token(), true, script.URL+"/js/telegram-web-app.js"
	}
	e.restartWeb(nil)
	bot, err := telegram.New(telegram.Config{Token: tg.Token(), APIEndpoint: tg.Endpoint(),
		PrivatePace: telegram.Pace{Every: time.Millisecond, Burst: 1}, GroupPace: telegram.Pace{Every: time.Millisecond, Burst: 1},
		Commands: telegram.DefaultCommands("tictactoe")}, e.r)
	if err != nil {
		t.Fatal(err)
	}
	e.r.AddSender(t.Context(), telegram.Platform, bot)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		bot.Run(ctx)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	return e
}

// idle is true when the player's page waits for no answer.
const idle = `!document.getElementById("play").classList.contains("busy")`

// newPlayed starts the game of start (a command typed in the player's
// private chat with the bot on Telegram) and opens its page twice: as the
// player's Mini App, with its controls, and as a spectator's, without.
func newPlayed(t *testing.T, start string) *played {
	t.Helper()
	return newPlayedAs(t, start, nil)
}

// newPlayedAs is newPlayed with the initData Telegram gives the player's
// page made by launch from the genuine one's fields and the bot's token
// (nil: the genuine one).
func newPlayedAs(t *testing.T, start string, launch func(fields map[string]string, token string) string) *played {
	t.Helper()
	p := &played{t: t, user: telegramtest.User{ID: 42, FirstName: "Ayşe", LanguageCode: "en"}}
	p.dm = telegramtest.Private(p.user)
	p.player, p.spectator = browser(t), browser(t)
	p.tg = telegramtest.NewServer(telegramtest.Config{})
	t.Cleanup(p.tg.Close)
	fields := map[string]string{"user": `{"id":42,"first_name":"Ayşe","language_code":"en"}`,
		"auth_date": strconv.FormatInt(time.Now().Unix(), 10), "query_id": "AAH"}
	initData := signInitData(fields, p.tg.Token())
	if launch != nil {
		initData = launch(fields, p.tg.Token())
	}
	p.e = newTelegramEnv(t, p.tg)
	if _, err := p.tg.SendText(p.dm, p.user, start); err != nil {
		t.Fatal(err)
	}
	link := regexp.MustCompile(`http://127\.0\.0\.1:\d+/g/[A-Za-z0-9_-]{22,}`)
	if err := p.tg.Wait(30*time.Second, func() bool {
		for _, m := range p.tg.Sent(p.dm.ID) {
			if p.url = link.FindString(m.Text); p.url != "" {
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatalf("no page link in %+v", p.tg.Sent(p.dm.ID))
	}
	do(t, p.spectator, chromedp.Navigate(p.url+"?lang=en"), chromedp.WaitVisible("#board"))
	waitText(t, p.spectator, "#live", "Live")
	// Telegram opens a Mini App with its launch parameters in the hash.
	p.launch = "#" + url.Values{"tgWebAppData": {initData}, "tgWebAppVersion": {"8.0"}, "tgWebAppPlatform": {"tdesktop"}}.Encode()
	if launch != nil {
		do(t, p.player, chromedp.Navigate(p.url+"?lang=en"+p.launch), chromedp.WaitVisible("#board"))
		return p
	}
	do(t, p.player, chromedp.Navigate(p.url+"?lang=en"+p.launch), chromedp.WaitVisible("#controls button"))
	if n := js[int](t, p.player, `window.tgReady || 0`); n != 1 || !js[bool](t, p.player, `window.tgExpanded === true`) {
		t.Errorf("the Mini App's page called ready() %d times, expand() %v", n, js[bool](t, p.player, `window.tgExpanded === true`))
	}
	if !js[bool](t, p.spectator, `document.getElementById("play").hidden && document.querySelectorAll("#controls button").length === 0`) {
		t.Error("the spectator's page shows the player's controls")
	}
	return p
}

// click waits until the player's page shows a control matching sel (a
// selector of #controls's buttons) and clicks it.
func (p *played) click(sel string) {
	p.t.Helper()
	q := `document.querySelector('#controls ` + sel + `')`
	if _, err := chromedp.Run(p.player, chromedp.Poll[bool](idle+` && `+q+` !== null`, pollOpts...)); err != nil {
		p.t.Fatalf("no control %s: %s", sel, p.controls())
	}
	js[bool](p.t, p.player, q+`.click(), true`)
}

// controls are the commands of the player's page's controls.
func (p *played) controls() string {
	return js[string](p.t, p.player, `[...document.querySelectorAll('#controls button')].map(b => b.dataset.cmd).join(" | ")`)
}

// wait waits until the player's page waits for no answer.
func (p *played) wait() {
	p.t.Helper()
	if _, err := chromedp.Run(p.player, chromedp.Poll[bool](idle, pollOpts...)); err != nil {
		p.t.Fatal(err)
	}
}

// moves is the number of entries of the player's page's list of moves.
func (p *played) moves() int {
	return js[int](p.t, p.player, `document.querySelectorAll("#moves li").length`)
}

// seen waits until both pages' lists of moves hold more than n entries, or
// contain text when it is not "", and the chat a message reading text:
// the move made on the page is seen everywhere.
func (p *played) seen(n int, text string) {
	p.t.Helper()
	for _, tab := range []struct {
		name string
		ctx  context.Context
	}{{"player's", p.player}, {"spectator's", p.spectator}} {
		cond := `document.querySelectorAll("#moves li").length > ` + strconv.Itoa(n)
		if text != "" {
			cond += ` && document.getElementById("moves").textContent.includes(` + strconv.Quote(text) + `)`
		}
		if _, err := chromedp.Run(tab.ctx, chromedp.Poll[bool](cond, pollOpts...)); err != nil {
			p.t.Fatalf("the %s page never showed the move %q: %q", tab.name, text, js[string](p.t, tab.ctx, `document.getElementById("moves").textContent`))
		}
	}
	if text == "" {
		text = "Ayşe"
	}
	p.chatSaw(text)
}

// chatSaw waits until a state of one of the bot's messages in the private
// chat on Telegram read text (History: a board edited in place shows each
// move in turn).
func (p *played) chatSaw(text string) {
	p.t.Helper()
	saw := func() bool {
		for _, m := range p.tg.History(p.dm.ID) {
			if strings.Contains(m.Text, text) {
				return true
			}
		}
		return false
	}
	if err := p.tg.Wait(20*time.Second, saw); err != nil {
		var all []string
		for _, m := range p.tg.History(p.dm.ID) {
			all = append(all, m.Text)
		}
		p.t.Fatalf("the chat never read %q: %q", text, all)
	}
}
