package web_test

// between_browser_test.go: a game between two people, each on their own
// page (two signed-in browsers: one a Telegram Mini App, the other signed
// in by their personal link), its chat a Telegram group (the fake), and a
// spectator's page beside: what one player does on their page, the other
// answers on theirs, and everyone sees the result.

import (
	"context"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"oyunbot/chat/telegram/telegramtest"
	"oyunbot/chat/web"
	"oyunbot/sessions"
)

// duel is a game between Ayşe and Bora in a Telegram group, on their pages.
type duel struct {
	t         *testing.T
	e         *env
	tg        *telegramtest.Server
	group     telegramtest.Chat
	users     [2]telegramtest.User // Ayşe, Bora
	pages     [2]context.Context   // Ayşe's (a Mini App), Bora's (a personal link's cookie)
	spectator context.Context
	url       string
}

// newDuel starts a game of name between Ayşe and Bora (Ayşe challenges in
// the group, Bora accepts) and opens its page for each and a spectator.
func newDuel(t *testing.T, name string) *duel {
	t.Helper()
	d := &duel{t: t, group: telegramtest.Group(-1001, "Oyun"),
		users: [2]telegramtest.User{{ID: 42, FirstName: "Ayşe", UserName: "ayse_y", LanguageCode: "en"},
			{ID: 43, FirstName: "Bora", UserName: "bora_b", LanguageCode: "en"}}}
	d.pages[0], d.pages[1], d.spectator = browser(t), browser(t), browser(t)
	d.tg = telegramtest.NewServer(telegramtest.Config{})
	t.Cleanup(d.tg.Close)
	d.e = newTelegramEnv(t, d.tg)
	d.type_(1, "selam") // the bot meets @bora_b
	d.type_(0, "/challenge @bora_b "+name)
	d.type_(1, "accept")
	var g sessions.Snapshot
	if err := d.tg.Wait(30*time.Second, func() bool {
		found := d.e.mgr.Lobby().Find("telegram", strconv.FormatInt(d.group.ID, 10), "42")
		if len(found) > 0 {
			g = found[0]
		}
		return len(found) > 0
	}); err != nil {
		t.Fatalf("no game started: %q", d.chat())
	}
	links := web.NewLinks(d.e.base, d.e.store, nil)
	d.url = links.GameURL(t.Context(), g) + "?lang=en"
	fields := map[string]string{"user": `{"id":42,"first_name":"Ayşe","language_code":"en"}`,
		"auth_date": strconv.FormatInt(time.Now().Unix(), 10), "query_id": "AAH"}
	launch := "#" + url.Values{"tgWebAppData": {signInitData(fields, d.tg.Token())}, "tgWebAppVersion": {"8.0"}, "tgWebAppPlatform": {"tdesktop"}}.Encode()
	do(t, d.pages[0], chromedp.Navigate(d.url+launch), chromedp.WaitVisible("#controls button"))
	do(t, d.pages[1], chromedp.Navigate(links.LoginURL(t.Context(), "telegram", "43")), chromedp.Navigate(d.url), chromedp.WaitVisible("#controls button"))
	do(t, d.spectator, chromedp.Navigate(d.url), chromedp.WaitVisible("#board"))
	for _, tab := range []context.Context{d.pages[0], d.pages[1], d.spectator} {
		waitText(t, tab, "#live", "Live")
	}
	return d
}

// type_ sends text to the group as player i.
func (d *duel) type_(i int, text string) {
	d.t.Helper()
	if _, err := d.tg.SendText(d.group, d.users[i], text); err != nil {
		d.t.Fatal(err)
	}
}

// chat is every state of the bot's messages in the group.
func (d *duel) chat() []string {
	var all []string
	for _, m := range d.tg.History(d.group.ID) {
		all = append(all, m.Text)
	}
	return all
}

// chatSaw waits until one of the bot's messages in the group read text.
func (d *duel) chatSaw(text string) {
	d.t.Helper()
	if err := d.tg.Wait(20*time.Second, func() bool {
		for _, m := range d.tg.History(d.group.ID) {
			if strings.Contains(m.Text, text) {
				return true
			}
		}
		return false
	}); err != nil {
		d.t.Fatalf("the chat never read %q: %q", text, d.chat())
	}
}

// click waits until player i's page shows a control matching sel and
// clicks it.
func (d *duel) click(i int, sel string) {
	d.t.Helper()
	q := `document.querySelector('#controls ` + sel + `')`
	if _, err := chromedp.Run(d.pages[i], chromedp.Poll[bool](idle+` && `+q+` !== null`, pollOpts...)); err != nil {
		d.t.Fatalf("no control %s on page %d: %s", sel, i, d.controls(i))
	}
	js[bool](d.t, d.pages[i], q+`.click(), true`)
}

// controls are the commands of player i's page's controls.
func (d *duel) controls(i int) string {
	return js[string](d.t, d.pages[i], `[...document.querySelectorAll('#controls button')].map(b => b.dataset.cmd).join(" | ")`)
}

// every waits until cond (a JavaScript expression) holds on every page:
// both players' and the spectator's.
func (d *duel) every(cond, what string) {
	d.t.Helper()
	for i, tab := range []context.Context{d.pages[0], d.pages[1], d.spectator} {
		if _, err := chromedp.Run(tab, chromedp.Poll[bool](cond, pollOpts...)); err != nil {
			d.t.Fatalf("page %d never showed %s: %q", i, what, js[string](d.t, tab, `document.querySelector(".info").textContent`))
		}
	}
}

// said waits until player i's page says text.
func (d *duel) said(i int, text string) {
	d.t.Helper()
	cond := `document.getElementById("said").textContent.includes(` + strconv.Quote(text) + `)`
	if _, err := chromedp.Run(d.pages[i], chromedp.Poll[bool](cond, pollOpts...)); err != nil {
		d.t.Fatalf("page %d never said %q: %q", i, text, js[string](d.t, d.pages[i], `document.getElementById("said").textContent`))
	}
}

const movesShown = `document.querySelectorAll("#moves li").length`

// TestBrowserOffersBetweenPages: between two people, each on their own
// page: a take-back asked on Ayşe's page and accepted on Bora's; a draw
// offered on Ayşe's, declined on Bora's, offered again and accepted. Each
// offer and answer is in the group's chat, the offer's answers on Bora's
// page only, and both pages and the spectator's follow the game: the
// moves taken back, the offer gone, the game drawn.
func TestBrowserOffersBetweenPages(t *testing.T) {
	d := newDuel(t, "chess")
	g := d.e.mgr.Lobby().Find("telegram", strconv.FormatInt(d.group.ID, 10), "42")[0]
	white := 0
	if g.Players[0].ID == "43" {
		white = 1
	}
	for i, m := range []string{"e4", "e5", "Nf3", "Nc6"} {
		d.type_((white+i)%2, m)
		d.every(movesShown+` > `+strconv.Itoa(i+1), m)
	}
	if strings.Contains(d.controls(0), "accept ") || strings.Contains(d.controls(1), "accept ") {
		t.Errorf("answers with no offer: %s / %s", d.controls(0), d.controls(1))
	}

	// The take-back: asked on Ayşe's page, answered on Bora's.
	d.click(0, `button[data-cmd^="undo "]`)
	d.said(0, "take back")
	d.chatSaw("Ayşe asks to take back")
	if strings.Contains(d.controls(0), "accept ") {
		t.Errorf("the one who asked is offered to answer: %s", d.controls(0))
	}
	d.click(1, `button[data-cmd^="accept "]`)
	d.every(movesShown+` < 5`, "the moves taken back")
	d.chatSaw("taken back at Ayşe's request")

	// A draw offered on Ayşe's page, declined on Bora's: the game goes on.
	d.click(0, `button[data-cmd^="draw "]`)
	d.chatSaw("Ayşe offers a draw")
	d.every(`document.getElementById("offers").textContent.includes("draw")`, "the draw offer")
	d.click(1, `button[data-cmd^="decline "]`)
	d.chatSaw("Bora declined the draw")
	d.said(1, "declined the draw")
	d.every(`document.getElementById("offers").textContent === ""`, "the offer gone")

	// Offered again and accepted: drawn, on every page and in the chat.
	d.click(0, `button[data-cmd^="draw "]`)
	d.click(1, `button[data-cmd^="accept "]`)
	d.every(`document.getElementById("status").textContent.includes("Game over")`, "the end")
	d.chatSaw("Draw agreed")
	// The players' controls are the finished game's: no more moves or offers.
	ended := idle + ` && document.querySelector('#controls button[data-cmd^="analyse"]') !== null && ` +
		`document.querySelector('#controls button[data-cmd^="tap "], #controls button[data-cmd^="draw "], #controls button[data-cmd^="accept "]') === null`
	for i, tab := range d.pages {
		if _, err := chromedp.Run(tab, chromedp.Poll[bool](ended, pollOpts...)); err != nil {
			t.Errorf("page %d's controls after the end: %s", i, d.controls(i))
		}
	}

	// The analysis asked on Ayşe's page comes to Ayşe's page, after its
	// request (its stream), and neither to Bora's nor to the spectator's.
	d.click(0, `button[data-cmd^="analyse"]`)
	d.said(0, "Analysis of #g1")
	for i, tab := range []context.Context{d.pages[1], d.spectator} {
		if body := js[string](t, tab, `document.body.textContent`); strings.Contains(body, "Analysis of #g1") {
			t.Errorf("page %d shows Ayşe's analysis: %q", i+1, body)
		}
	}
}
