package telegram_test

import (
	"strconv"
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
// (A game going on is resumed privately: TestE2EDeepLinkResume.)
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

// TestE2EDeepLinkChallenge: a challenge to one person made in a group
// carries its link; opened in that person's private chat (as a forwarded
// link would be), it accepts the challenge: the game starts in the group,
// where it was made, and the private chat is told so. The link again is
// refused; so is someone else's challenge, and an open one (it is for
// those in the group); a decline from the private chat is said in the
// group.
func TestE2EDeepLinkChallenge(t *testing.T) {
	e := newE2E(t)
	group := telegramtest.Group(903, "Kulüp")
	cem := telegramtest.User{ID: 91, FirstName: "Cem", UserName: "cem_c", LanguageCode: "en"}
	if _, err := e.srv.SendText(group, ayse, "selam"); err != nil { // the bot meets @ayse_y
		t.Fatal(err)
	}
	challenge := func(text string) telegramtest.Sent {
		t.Helper()
		seen := len(e.srv.History(group.ID))
		if _, err := e.srv.SendText(group, bob, text); err != nil {
			t.Fatal(err)
		}
		return e.waitText(t, group.ID, seen, func(s telegramtest.Sent) bool {
			return len(s.Data()) > 0 && strings.HasPrefix(s.Data()[0], "accept @")
		})
	}
	// privately sends text in u's private chat and waits for the answer
	// that contains want.
	privately := func(u telegramtest.User, text, want string) {
		t.Helper()
		pc := telegramtest.Private(u)
		seen := len(e.srv.History(pc.ID))
		if _, err := e.srv.SendText(pc, u, text); err != nil {
			t.Fatal(err)
		}
		e.waitText(t, pc.ID, seen, func(s telegramtest.Sent) bool { return strings.Contains(s.Text, want) })
	}

	invite := challenge("/challenge @ayse_y tictactoe")
	i := strings.Index(invite.Text, "https://t.me/oyun_test_bot?start=")
	if i < 0 {
		t.Fatalf("no link in the challenge: %q", invite.Text)
	}
	link := strings.Fields(invite.Text[i:])[0]
	if want, _ := telegram.StartLink(e.bot.UserName(), invite.Data()[0], false); link != want {
		t.Fatalf("link %q, want %q (the Accept button's %q)", link, want, invite.Data()[0])
	}
	start := "/start " + link[strings.Index(link, "=")+1:]

	privately(cem, start, "This challenge is for Ayşe Yılmaz; only they can answer it.")
	privately(ayse, start, "Bob adlı oyuncunun XOX davetini kabul ettin: #g1 oyunu davetin yapıldığı sohbette başladı")
	board := e.waitPhotos(t, group.ID, 1)
	if !strings.Contains(board.Text, "#g1") || !strings.Contains(board.Text, "Bob (X) – Ayşe Yılmaz (O)") {
		t.Errorf("the group's board: %q", board.Text)
	}
	if n := len(e.photos(telegramtest.Private(ayse).ID)); n != 0 {
		t.Errorf("%d boards in the private chat: the game is in the group", n)
	}
	privately(ayse, start, "artık geçerli değil")

	// Declined from the private chat (its id typed): said in the group.
	if _, err := e.srv.SendText(group, bob, "/resign"); err != nil {
		t.Fatal(err)
	}
	e.waitPhotos(t, group.ID, 2)
	invite = challenge("/challenge @ayse_y tictactoe")
	seen := len(e.srv.History(group.ID))
	privately(ayse, "/decline "+strings.TrimPrefix(invite.Data()[0], "accept "), "davetini reddettin")
	e.waitText(t, group.ID, seen, func(s telegramtest.Sent) bool {
		return s.Text == "Ayşe Yılmaz declined Bob's invitation to Tic-tac-toe."
	})

	// An open challenge is taken in the group only.
	invite = challenge("/challenge tictactoe")
	if strings.Contains(invite.Text, "t.me/") {
		t.Errorf("an open challenge with a link: %q", invite.Text)
	}
	privately(cem, "/start accept_"+strings.Replace(strings.TrimPrefix(invite.Data()[0], "accept @"), ":", "_", 1),
		"An open challenge is accepted in the chat where it was made")
	if n := len(e.chal.Pending(telegram.Platform, strconv.FormatInt(group.ID, 10), strconv.FormatInt(bob.ID, 10))); n != 1 {
		t.Errorf("%d challenges left in the group, want the open one", n)
	}
}

// TestE2EDeepLinkTournament: a tournament opened in a group carries the
// link that joins it; opened in a private chat it joins the person there,
// and the group is told as if they had joined in it.
func TestE2EDeepLinkTournament(t *testing.T) {
	e := newE2E(t)
	group := telegramtest.Group(904, "Kulüp")
	cem := telegramtest.User{ID: 91, FirstName: "Cem", UserName: "cem_c", LanguageCode: "en"}
	if _, err := e.srv.SendText(group, bob, "/tournament create tictactoe"); err != nil {
		t.Fatal(err)
	}
	opened := e.waitText(t, group.ID, 0, func(s telegramtest.Sent) bool { return strings.Contains(s.Text, "Join from anywhere: ") })
	link := strings.Fields(opened.Text[strings.Index(opened.Text, "https://t.me/"):])[0]
	if want, _ := telegram.StartLink(e.bot.UserName(), "join -904", false); link != want {
		t.Fatalf("link %q, want %q", link, want)
	}
	pc := telegramtest.Private(cem)
	seen := len(e.srv.History(group.ID))
	if _, err := e.srv.SendText(pc, cem, "/start "+link[strings.Index(link, "=")+1:]); err != nil {
		t.Fatal(err)
	}
	e.waitText(t, pc.ID, 0, func(s telegramtest.Sent) bool {
		return s.Text == "You joined the Tic-tac-toe tournament (1 player); its games are played in its group."
	})
	e.waitText(t, group.ID, seen, func(s telegramtest.Sent) bool { return strings.HasPrefix(s.Text, "Cem joined the tournament") })
}

// TestE2EDeepLinkResume: a game going on in a group, its link opened by a
// player, is shown in their private chat with its buttons and played
// there: a turn made privately edits the group's board in place, a turn
// made in the group edits the private one. Someone who does not play it
// is told there is no such game.
func TestE2EDeepLinkResume(t *testing.T) {
	e := newE2E(t)
	group := telegramtest.Group(905, "Kulüp")
	e.srv.SetMember(group.ID, bob.ID, "administrator")
	if _, err := e.srv.SendText(group, bob, "/lang en"); err != nil { // the group speaks English
		t.Fatal(err)
	}
	e.waitText(t, group.ID, 0, func(telegramtest.Sent) bool { return true })
	board, mover, other := e.ticTacToe(t, group)
	link, ok := telegram.StartLink(e.bot.UserName(), "board #g1", false)
	if !ok {
		t.Fatal("no link to game 1")
	}
	start := "/start " + link[strings.Index(link, "=")+1:]
	pc := telegramtest.Private(mover)
	if _, err := e.srv.SendText(pc, mover, "/lang tr"); err != nil { // the private chat speaks Turkish
		t.Fatal(err)
	}
	e.waitText(t, pc.ID, 0, func(telegramtest.Sent) bool { return true })
	if _, err := e.srv.SendText(pc, mover, start); err != nil {
		t.Fatal(err)
	}
	private := e.waitPhotos(t, pc.ID, 1)
	if len(cellMoves(private)) != 9 {
		t.Fatalf("the private board's moves %q", cellMoves(private))
	}
	posted := e.tally(group.ID).messages

	// A turn made privately: the group's board message shows it.
	if _, err := e.srv.Press(mover, pc.ID, private.MessageID, cellMoves(private)[0]); err != nil {
		t.Fatal(err)
	}
	if err := e.srv.Wait(patience, func() bool {
		return len(cellMoves(e.message(t, group.ID, board.MessageID))) == 8
	}); err != nil {
		t.Fatalf("the group's board was not edited: %q", texts(e.srv.History(group.ID)))
	}
	// Each chat in its own language: the group's board in English (its
	// setting), the private one in Turkish.
	name := strings.TrimSpace(mover.FirstName + " " + mover.LastName)
	if got := e.message(t, group.ID, board.MessageID).Text; !strings.Contains(got, "To move: ") || !strings.HasPrefix(got, "#g1 "+name+": ") {
		t.Errorf("the group's board after a private turn: %q", got)
	}
	// The other player's turn, in the group: the private board shows it.
	board = e.message(t, group.ID, board.MessageID)
	if _, err := e.srv.Press(other, group.ID, board.MessageID, cellMoves(board)[0]); err != nil {
		t.Fatal(err)
	}
	if err := e.srv.Wait(patience, func() bool {
		return len(cellMoves(e.message(t, pc.ID, private.MessageID))) == 7
	}); err != nil {
		t.Fatalf("the private board was not edited: %q", texts(e.srv.History(pc.ID)))
	}
	if got := e.message(t, pc.ID, private.MessageID).Text; !strings.Contains(got, "Sıra: ") {
		t.Errorf("the private board after a turn in the group: %q", got)
	}
	if n := e.tally(group.ID).messages; n != posted {
		t.Errorf("%d messages posted in the group, want %d: turns edit the board there; %q", n, posted, texts(e.srv.History(group.ID)))
	}
	if s, err := e.mgr.Lobby().Get(1); err != nil || len(s.Moves) != 2 {
		t.Errorf("game 1: %v, %v", s.Moves, err)
	}

	cem := telegramtest.User{ID: 91, FirstName: "Cem", UserName: "cem_c", LanguageCode: "en"}
	if _, err := e.srv.SendText(telegramtest.Private(cem), cem, start); err != nil {
		t.Fatal(err)
	}
	e.waitText(t, telegramtest.Private(cem).ID, 0, func(s telegramtest.Sent) bool {
		return s.Text == "There is no game #g1 going on in this channel."
	})
}
