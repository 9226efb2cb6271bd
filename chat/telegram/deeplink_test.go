package telegram_test

import (
	"strings"
	"testing"

	"oyunbot/chat/telegram"
	"oyunbot/chat/telegram/telegramtest"
	"oyunbot/games"
	"oyunbot/games/tictactoe"
)

// TestDeepLinks: the "/start <payload>" a deep link sends (in the private
// chat it opens, or in the group it adds the bot to) reaches the router as
// the command the payload stands for; other /start words stay as they are.
func TestDeepLinks(t *testing.T) {
	srv := newServer(t)
	h := &recorder{}
	b := startBot(t, srv, fastConfig(srv), h)
	pc := telegramtest.Private(bob)
	g := telegramtest.Group(900, "Kulüp")
	accept, _ := telegram.StartPayload("accept @42:lq3k2")
	join, _ := telegram.StartPayload("join -900")
	srv.SendText(pc, bob, "/start "+accept)
	srv.SendText(pc, bob, "/start game_12")
	srv.SendText(g, ayse, "/start@"+b.UserName()+" "+join)
	srv.SendText(pc, bob, "/start dama")
	srv.SendText(pc, bob, "/start")
	srv.SendText(g, bob, "/start@"+b.UserName()+" help") // ?startgroup=help
	ms := h.waitMessages(t, 6)
	// Chats are handled concurrently: compare as a set.
	want := map[string]bool{"accept @42:lq3k2": true, "board #g12": true, "join -900": false, "/start dama": true, "/start": true, "help": false}
	for _, m := range ms {
		private, ok := want[m.Text]
		if !ok || m.Private != private {
			t.Errorf("unexpected %q (private %v)", m.Text, m.Private)
		}
		delete(want, m.Text)
	}
	if len(want) != 0 {
		t.Errorf("never arrived: %v", want)
	}
	link, ok := telegram.StartLink(b.UserName(), "accept @42:lq3k2", false)
	if !ok || link != "https://t.me/oyun_test_bot?start="+accept {
		t.Errorf("link %q", link)
	}
}

// TestE2EDeepLinkGame: the link of a game played in a group, opened by
// one of its players once it is over, shows them that game's board in
// their private chat; the link adding the bot to a group with "help"
// shows the group what the bot does.
// (A live game's board, shown and played privately, needs the router's
// support: see the deeplink.go comment.)
func TestE2EDeepLinkGame(t *testing.T) {
	reg, err := games.NewRegistry(tictactoe.Game{})
	if err != nil {
		t.Fatal(err)
	}
	e := newE2EWith(t, reg, nil)
	g := telegramtest.Group(901, "Kulüp")
	e.srv.SendText(g, bob, "/play@oyun_test_bot tictactoe easy x")
	board := e.waitPhotos(t, g.ID, 1)
	for n := 2; len(cellMoves(board)) > 0; n++ {
		if _, err := e.srv.Press(bob, g.ID, board.MessageID, cellMoves(board)[0]); err != nil {
			t.Fatal(err)
		}
		board = e.waitPhotos(t, g.ID, n)
	}
	link, ok := telegram.StartLink(e.bot.UserName(), "board #g1", false)
	if !ok {
		t.Fatal("no link to game 1")
	}
	pc := telegramtest.Private(bob)
	e.srv.SendText(pc, bob, "/start "+link[strings.Index(link, "=")+1:])
	private := e.waitPhotos(t, pc.ID, 1)
	if !strings.Contains(private.Text, "#g1") {
		t.Errorf("private board %q", private.Text)
	}
	// ?startgroup=help: the group the bot was added to gets its help.
	added := telegramtest.Group(902, "Yeni Grup")
	e.srv.SendText(added, ayse, "/start@"+e.bot.UserName()+" help")
	e.waitText(t, added.ID, 0, func(s telegramtest.Sent) bool { return strings.Contains(s.Text, "Komutlar") })
}
