package telegram_test

import (
	"testing"

	"oyunbot/chat"
	"oyunbot/chat/telegram/telegramtest"
)

// TestMiniAppButton: a game page's link (chat.Button.App) to an https
// address is a web_app button in a private chat (Telegram opens the page
// as a Mini App), a URL button in a group (Telegram takes web_app buttons
// in private chats only) and for an http address; other links stay URL
// buttons everywhere. The fake refuses web_app buttons where Telegram does.
func TestMiniAppButton(t *testing.T) {
	srv := newServer(t)
	const page = "https://oyun.example.org/g/tok123"
	h := &recorder{reply: func(m chat.Message) []chat.Reply {
		link := page
		if m.Text == "http" {
			link = "http://oyun.example.org/g/tok123"
		}
		return []chat.Reply{{Text: "Sıra sende.", Buttons: [][]chat.Button{{
			{Label: "Çekil", Data: "resign"},
			{Label: "👁 İzle", URL: link, App: true},
			{Label: "Oyuncu", URL: "https://oyun.example.org/p/x"},
		}}}}
	}}
	startBot(t, srv, fastConfig(srv), h)
	group := telegramtest.Group(500, "Oyun Kulübü")

	if _, err := srv.SendText(telegramtest.Private(ayse), ayse, "https"); err != nil {
		t.Fatal(err)
	}
	dm := waitSent(t, srv, ayse.ID, 1)[0]
	if apps := dm.WebApps(); len(apps) != 1 || apps[0] != page {
		t.Fatalf("in a private chat the Mini App buttons are %q, want [%s]: %+v", apps, page, dm.Keyboard)
	}
	watch, player := dm.Keyboard[0][1], dm.Keyboard[0][2]
	if watch.URL != nil || watch.Text != "👁 İzle" {
		t.Errorf("the web_app button: %+v", watch)
	}
	if player.WebApp != nil || player.URL == nil {
		t.Errorf("a link not to a game's page became a Mini App: %+v", player)
	}

	if _, err := srv.SendText(group, ayse, "https"); err != nil {
		t.Fatal(err)
	}
	g := waitSent(t, srv, group.ID, 1)[0]
	if apps := g.WebApps(); len(apps) != 0 || g.Keyboard[0][1].URL == nil || *g.Keyboard[0][1].URL != page {
		t.Errorf("in a group the watch button: %+v, want a URL button", g.Keyboard)
	}

	if _, err := srv.SendText(telegramtest.Private(ayse), ayse, "http"); err != nil {
		t.Fatal(err)
	}
	plain := waitSent(t, srv, ayse.ID, 2)[1]
	if apps := plain.WebApps(); len(apps) != 0 || plain.Keyboard[0][1].URL == nil {
		t.Errorf("an http page opened as a Mini App: %+v", plain.Keyboard)
	}
}
