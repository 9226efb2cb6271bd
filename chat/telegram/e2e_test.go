package telegram_test

// e2e_test.go plays whole games through the real router, sessions, engine
// and renderer, over the real client library, against the fake Bot API,
// with rate limits and a proxy failure injected along the way.

import (
	"bytes"
	"context"
	"image/png"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"oyunbot/chat/router"
	"oyunbot/chat/telegram"
	"oyunbot/chat/telegram/telegramtest"
	"oyunbot/games"
	"oyunbot/games/dama"
	"oyunbot/games/tictactoe"
	"oyunbot/render"
	"oyunbot/sessions"
	"oyunbot/sessions/challenges"
	"oyunbot/sessions/matches"
	"oyunbot/sessions/ratings"
	"oyunbot/sessions/tournaments"
	"oyunbot/store"
	"oyunbot/tournament"
)

// e2e is a bot wired as cmd/bot wires it, on a SQLite file.
type e2e struct {
	srv    *telegramtest.Server
	router *router.Router
	mgr    *sessions.Manager   // the live games the router plays
	tours  *tournaments.Runner // their tournaments
	chal   *challenges.Book    // the Manager's challenges
	bot    *telegram.Bot
	store  *store.SQLStore
}

func newE2E(t *testing.T) *e2e {
	t.Helper()
	reg, err := games.NewRegistry(tictactoe.Game{}, dama.Game{})
	if err != nil {
		t.Fatal(err)
	}
	return newE2EWith(t, reg, nil)
}

// newE2EWith is newE2E with the games of reg and, when not nil, the
// animations' drawers.
func newE2EWith(t *testing.T, reg *games.Registry, gifDrawers map[string]render.Drawer) *e2e {
	t.Helper()
	return newE2EWithDrawers(t, reg, map[string]render.Drawer{"tictactoe": render.NewTicTacToe(240), "dama": render.NewDama(320)}, gifDrawers)
}

// newE2EWithDrawers is newE2EWith with the boards' drawers.
func newE2EWithDrawers(t *testing.T, reg *games.Registry, drawers, gifDrawers map[string]render.Drawer) *e2e {
	t.Helper()
	return newE2EOpts(t, reg, drawers, gifDrawers, nil)
}

// newE2EOpts is newE2EWithDrawers with the bot's Config changed by cfg
// when not nil: the one setup of the end-to-end tests, a bot wired as
// cmd/bot wires it on a SQLite file, behind the fake Bot API.
func newE2EOpts(t *testing.T, reg *games.Registry, drawers, gifDrawers map[string]render.Drawer, cfg func(*telegram.Config)) *e2e {
	t.Helper()
	srv := newServer(t)
	st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	book := ratings.New()
	tours, chal := tournaments.New(book), challenges.New()
	mr := matches.New()
	mgr, err := sessions.New(t.Context(), sessions.Config{Games: reg, Store: st, Seed: 1, Tournaments: tours, Challenges: chal, Matches: mr, Ratings: book})
	if err != nil {
		t.Fatal(err)
	}
	router, err := router.New(t.Context(), router.Config{
		Games:       reg,
		Sessions:    mgr,
		Tournaments: tours,
		Challenges:  chal,
		Matches:     mr,
		Ratings:     book,
		Store:       st,
		Drawers:     drawers,
		GIFDrawers:  gifDrawers,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { router.Close() })
	if err := mgr.Listen(router.OnEvent); err != nil {
		t.Fatal(err)
	}
	c := fastConfig(srv)
	if cfg != nil {
		cfg(&c)
	}
	bot, err := telegram.New(c, router)
	if err != nil {
		t.Fatal(err)
	}
	router.AddSender(t.Context(), telegram.Platform, bot)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- bot.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
	return &e2e{srv: srv, router: router, mgr: mgr, tours: tours, chal: chal, bot: bot, store: st}
}

// photos returns the boards shown in a chat, in order: each new board
// and each board edited in place (a game's board is one message edited
// turn after turn).
func (e *e2e) photos(chatID int64) []telegramtest.Sent {
	var out []telegramtest.Sent
	for _, s := range e.srv.History(chatID) {
		if isBoard(s) {
			out = append(out, s)
		}
	}
	return out
}

// isBoard reports a state of a chat's messages (History) that shows a
// board anew: a photo sent, or a board's picture edited in place.
func isBoard(s telegramtest.Sent) bool {
	return s.Method == "sendPhoto" || s.Method == "editMessageMedia"
}

// waitPhotos waits for the n-th board of a chat and returns it.
func (e *e2e) waitPhotos(t *testing.T, chatID int64, n int) telegramtest.Sent {
	t.Helper()
	if err := e.srv.Wait(patience, func() bool { return len(e.photos(chatID)) >= n }); err != nil {
		t.Fatalf("board %d never came; chat: %+v", n, texts(e.srv.History(chatID)))
	}
	return e.photos(chatID)[n-1]
}

// waitText waits for a text message after the first `after` messages of a
// chat that satisfies ok.
func (e *e2e) waitText(t *testing.T, chatID int64, after int, ok func(telegramtest.Sent) bool) telegramtest.Sent {
	t.Helper()
	var found telegramtest.Sent
	err := e.srv.Wait(patience, func() bool {
		sent := e.srv.History(chatID)
		for _, s := range sent[min(after, len(sent)):] {
			if s.Method == "sendMessage" && ok(s) {
				found = s
				return true
			}
		}
		return false
	})
	if err != nil {
		t.Fatalf("expected message never came; chat: %+v", texts(e.srv.History(chatID)))
	}
	return found
}

func texts(sent []telegramtest.Sent) []string {
	var out []string
	for _, s := range sent {
		out = append(out, s.Method+": "+s.Text)
	}
	return out
}

// cellMoves returns the cell buttons' data ("move #g1 b2") of a board.
func cellMoves(s telegramtest.Sent) []string {
	var out []string
	for _, d := range s.Data() {
		if strings.HasPrefix(d, "move ") {
			out = append(out, d)
		}
	}
	return out
}

func decodes(t *testing.T, s telegramtest.Sent) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(s.Photo))
	if err != nil {
		t.Fatalf("board %d is not a PNG: %v", s.MessageID, err)
	}
	if b := img.Bounds(); b.Dx() < 100 || b.Dy() < 100 {
		t.Errorf("board %d is only %v", s.MessageID, b)
	}
}

// TestE2ETicTacToe: a user plays a whole game against the bot in a private
// chat, with button presses, /move commands and bare moves, while 429s and
// a 502 hit the bot's photos, edits, messages and callback answers. Every
// move gets exactly one board (the game's message edited, or a new one),
// the boards decode, and the game ends in a result.
func TestE2ETicTacToe(t *testing.T) {
	e := newE2E(t)
	pc := telegramtest.Private(bob)
	e.srv.Fail("sendPhoto", telegramtest.TooManyRequests(1), telegramtest.BadGateway())
	if _, err := e.srv.SendText(pc, bob, "/play tictactoe easy x"); err != nil {
		t.Fatal(err)
	}
	board := e.waitPhotos(t, pc.ID, 1)
	if !strings.Contains(board.Text, "New game") {
		t.Errorf("first caption %q", board.Text)
	}
	var played []string
	for turn := 0; ; turn++ {
		decodes(t, board)
		cells := cellMoves(board)
		if len(cells) == 0 {
			break
		}
		if turn > 5 {
			t.Fatal("tic-tac-toe did not end in 5 moves of X")
		}
		move := cells[len(cells)/2]
		cell := move[strings.LastIndexByte(move, ' ')+1:]
		played = append(played, cell)
		e.srv.Fail("sendPhoto", telegramtest.TooManyRequests(1))
		e.srv.Fail("editMessageMedia", telegramtest.TooManyRequests(1))
		var err error
		switch turn % 3 {
		case 0:
			e.srv.Fail("answerCallbackQuery", telegramtest.TooManyRequests(1))
			_, err = e.srv.Press(bob, pc.ID, board.MessageID, move)
		case 1:
			_, err = e.srv.SendText(pc, bob, "/move "+cell)
		case 2:
			_, err = e.srv.SendText(pc, bob, cell)
		}
		if err != nil {
			t.Fatal(err)
		}
		board = e.waitPhotos(t, pc.ID, turn+2)
		if !strings.Contains(board.Text, cell) {
			t.Errorf("caption %q does not show the move %s", board.Text, cell)
		}
	}
	if !strings.Contains(board.Text, "Game over") && !strings.Contains(board.Text, "Oyun bitti") {
		t.Errorf("last caption %q has no result", board.Text)
	}
	// Exactly one board per move: nothing lost, nothing sent twice.
	if n := len(e.photos(pc.ID)); n != len(played)+1 {
		t.Errorf("%d boards for %d moves", n, len(played))
	}
	for _, s := range e.srv.History(pc.ID) {
		if !isBoard(s) && s.Method != "editMessageReplyMarkup" {
			t.Errorf("unexpected message: %s %q", s.Method, s.Text)
		}
	}
	if n := len(e.srv.Calls("editMessageMedia")); n == 0 {
		t.Error("no board was edited in place")
	}
	for _, c := range e.srv.Calls("answerCallbackQuery") {
		if c.Status == 200 {
			return
		}
	}
	t.Error("no callback query answered")
}

// TestE2EDamaOpening: a Turkish user opens a dama game in a group, addressed
// to the bot, and plays moves taken from hints: pressing the hinted move's
// button, and typing it as a command. The history has every move of both
// sides, although 429s hit the boards and the texts.
func TestE2EDamaOpening(t *testing.T) {
	e := newE2E(t)
	group := telegramtest.Group(4242, "Dama Kulübü")
	if _, err := e.srv.SendText(group, ayse, "/play@oyun_test_bot dama kolay beyaz"); err != nil {
		t.Fatal(err)
	}
	board := e.waitPhotos(t, group.ID, 1)
	decodes(t, board)
	if !strings.Contains(board.Text, "Yeni oyun") {
		t.Errorf("first caption %q (Turkish expected)", board.Text)
	}
	if board.ReplyTo != 1 {
		t.Errorf("the board does not answer the /play message")
	}
	const moves = 3
	for turn := range moves {
		e.srv.Fail("sendMessage", telegramtest.TooManyRequests(1))
		e.srv.Fail("sendPhoto", telegramtest.TooManyRequests(1))
		seen := len(e.srv.History(group.ID))
		if _, err := e.srv.Press(ayse, group.ID, board.MessageID, "hint #g1"); err != nil {
			t.Fatal(err)
		}
		if turn == 0 {
			// A hint makes the rated game unrated: the bot asks first, and
			// its button says yes.
			ask := e.waitText(t, group.ID, seen, func(s telegramtest.Sent) bool {
				return strings.Contains(s.Text, "puansız") && len(s.Data()) == 1
			})
			seen = len(e.srv.History(group.ID))
			if _, err := e.srv.Press(ayse, group.ID, ask.MessageID, ask.Data()[0]); err != nil {
				t.Fatal(err)
			}
		}
		hint := e.waitText(t, group.ID, seen, func(s telegramtest.Sent) bool {
			return strings.Contains(s.Text, "İpucu:") && len(s.Data()) == 1
		})
		move := hint.Data()[0] // "move #g1 c3-c4"
		if turn%2 == 0 {
			_, err := e.srv.Press(ayse, group.ID, hint.MessageID, move)
			if err != nil {
				t.Fatal(err)
			}
		} else if _, err := e.srv.SendText(group, ayse, "/"+strings.Replace(move, "move", "hamle@oyun_test_bot", 1)); err != nil {
			t.Fatal(err)
		}
		board = e.waitPhotos(t, group.ID, turn+2)
		decodes(t, board)
		if f := strings.Fields(move); !strings.Contains(board.Text, f[len(f)-1]) {
			t.Errorf("caption %q does not show the move of %q", board.Text, move)
		}
		if len(board.Data()) == 0 {
			t.Errorf("board %d has no buttons", turn+2)
		}
	}
	seen := len(e.srv.History(group.ID))
	e.srv.Fail("sendMessage", telegramtest.TooManyRequests(1))
	e.srv.SendText(group, ayse, "/history")
	hist := e.waitText(t, group.ID, seen, func(s telegramtest.Sent) bool { return strings.Contains(s.Text, "1. ") })
	if n := strings.Count(hist.Text, "-") + strings.Count(hist.Text, "x"); n < 2*moves {
		t.Errorf("history %q has fewer than %d moves", hist.Text, 2*moves)
	}
	if n := len(e.photos(group.ID)); n != moves+1 {
		t.Errorf("%d boards for %d moves", n, moves)
	}
}

// TestE2EGroupChallenge: in a group, Bob challenges Ayşe by answering her
// message, she accepts with the button, and they play tic-tac-toe to the
// end by pressing the board's buttons; a press out of turn is refused, to
// the presser alone, and changes nothing.
func TestE2EGroupChallenge(t *testing.T) {
	e := newE2E(t)
	group := telegramtest.Group(77, "Kahvehane")
	hers, err := e.srv.SendText(group, ayse, "selam, kim oynar?")
	if err != nil {
		t.Fatal(err)
	}
	e.srv.SendMessage(telegramtest.Message{From: &bob, Chat: group, Text: "/challenge tictactoe", ReplyToMessage: &hers})
	invite := e.waitText(t, group.ID, 0, func(s telegramtest.Sent) bool { return len(s.Data()) > 0 && strings.HasPrefix(s.Data()[0], "accept @") })
	if !strings.Contains(invite.Text, "Ayşe") {
		t.Errorf("invitation %q does not name Ayşe", invite.Text)
	}
	e.srv.Fail("sendPhoto", telegramtest.TooManyRequests(1))
	if _, err := e.srv.Press(ayse, group.ID, invite.MessageID, invite.Data()[0]); err != nil {
		t.Fatal(err)
	}
	board := e.waitPhotos(t, group.ID, 1)
	players := map[string]telegramtest.User{"Ayşe": ayse, "Bob": bob}
	refused := false
	for turn := 0; ; turn++ {
		decodes(t, board)
		cells := cellMoves(board)
		if len(cells) == 0 {
			break
		}
		if turn > 9 {
			t.Fatal("tic-tac-toe did not end")
		}
		var mover, other telegramtest.User
		for name, u := range players {
			if strings.Contains(board.Text, "To move: "+name) || strings.Contains(board.Text, "Sıra: "+name) ||
				strings.Contains(board.Text, ": "+name+" (") {
				mover = u
			} else {
				other = u
			}
		}
		if mover.ID == 0 {
			t.Fatalf("whose turn? %q", board.Text)
		}
		if !refused {
			// Refused to the presser alone (issue 36), in the callback's answer.
			id, err := e.srv.Press(other, group.ID, board.MessageID, cells[0])
			if err != nil {
				t.Fatal(err)
			}
			if err := e.srv.Wait(patience, func() bool { text, _, ok := e.srv.Answer(id); return ok && strings.Contains(text, "#g1") }); err != nil {
				t.Fatal("the press out of turn was not refused to the presser")
			}
			if n := len(e.photos(group.ID)); n != turn+1 {
				t.Fatalf("a press out of turn changed the game (%d boards)", n)
			}
			refused = true
		}
		e.srv.Fail("sendPhoto", telegramtest.TooManyRequests(1))
		if _, err := e.srv.Press(mover, group.ID, board.MessageID, cells[0]); err != nil {
			t.Fatal(err)
		}
		board = e.waitPhotos(t, group.ID, turn+2)
	}
	if !strings.Contains(board.Text, "Oyun bitti") && !strings.Contains(board.Text, "Game over") {
		t.Errorf("last caption %q has no result", board.Text)
	}
}

// waitPhoto waits for a photo after the first `after` messages of a chat
// that satisfies ok.
func (e *e2e) waitPhoto(t *testing.T, chatID int64, after int, ok func(telegramtest.Sent) bool) telegramtest.Sent {
	t.Helper()
	var found telegramtest.Sent
	err := e.srv.Wait(patience, func() bool {
		sent := e.srv.History(chatID)
		for _, s := range sent[min(after, len(sent)):] {
			if isBoard(s) && ok(s) {
				found = s
				return true
			}
		}
		return false
	})
	if err != nil {
		t.Fatalf("expected photo never came; chat: %+v", texts(e.srv.History(chatID)))
	}
	return found
}

// TestE2ETournament: in a group, Bob opens a tic-tac-toe round robin,
// Ayşe and Cem join, Bob enters the bot; Cem, neither organiser nor admin,
// may neither start nor cancel it; Bob starts it and round 1's game comes
// up and is played in the group; the standings come as a picture; a group
// administrator (told by getChatMember) cancels it without a "/".
func TestE2ETournament(t *testing.T) {
	e := newE2E(t)
	group := telegramtest.Group(9090, "Turnuva Kulübü")
	ch := strconv.FormatInt(group.ID, 10)
	cem := telegramtest.User{ID: 91, FirstName: "Cem", UserName: "cem_c"}
	dave := telegramtest.User{ID: 95, FirstName: "Dave"}
	e.srv.SetMember(group.ID, dave.ID, "administrator")
	say := func(from telegramtest.User, text string) int {
		t.Helper()
		seen := len(e.srv.History(group.ID))
		if _, err := e.srv.SendText(group, from, text); err != nil {
			t.Fatal(err)
		}
		return seen
	}
	expect := func(from telegramtest.User, text, want string) {
		t.Helper()
		seen := say(from, text)
		e.waitText(t, group.ID, seen, func(s telegramtest.Sent) bool { return strings.Contains(s.Text, want) })
	}
	state := func() tournament.State {
		v, ok := e.tours.Get(context.Background(), telegram.Platform, ch)
		if !ok {
			t.Fatal("no tournament")
		}
		return v.T.State
	}

	expect(dave, "/lang en", "English") // an admin's
	expect(bob, "/tournament create tictactoe roundrobin", "tournament (round robin)")
	expect(ayse, "/turnuva katıl", "players (1)")
	expect(cem, "/tournament@oyun_test_bot join", "players (2)")
	expect(bob, "/tournament addbot easy", "(easy) joined the tournament — players (3)")
	expect(cem, "/tournament start", "Only the tournament's organiser or a channel admin")
	if s := state(); s != tournament.Registering {
		t.Fatalf("after a refused start the tournament is %s", s)
	}

	seen := say(bob, "/tournament start")
	round := e.waitPhoto(t, group.ID, seen, func(s telegramtest.Sent) bool { return strings.Contains(s.Text, "Round 1 of 3 has begun") })
	decodes(t, round)
	games := e.mgr.Lobby().ChannelGames(telegram.Platform, ch)
	if len(games) != 1 { // three players: one game and a bye
		t.Fatalf("round 1 has %d games in the group", len(games))
	}
	g := games[0]
	if g.Tournament == 0 || g.TournamentRound != 1 || !strings.Contains(round.Text, "#"+g.Tag()) || !strings.Contains(round.Text, "Bye: ") {
		t.Fatalf("round 1 announced as %q for game %+v", round.Text, g)
	}
	// The game is played in the group: the person to move moves (the bot
	// moves by itself), and the board comes up.
	users := map[string]telegramtest.User{"42": ayse, "91": cem}
	if p, _ := g.ToMove(); !p.Bot {
		seen = say(users[p.ID], "/move #"+g.Tag()+" "+g.Legal[0])
	}
	board := e.waitPhoto(t, group.ID, seen, func(s telegramtest.Sent) bool {
		return s.MessageID != round.MessageID && strings.Contains(s.Text, "#"+g.Tag()+" Tournament round 1")
	})
	decodes(t, board)

	expect(cem, "/tournament cancel", "Only the tournament's organiser or a channel admin")
	if s := state(); s != tournament.Running {
		t.Fatalf("after a refused cancel the tournament is %s", s)
	}
	seen = say(ayse, "/turnuva sıralama")
	table := e.waitPhoto(t, group.ID, seen, func(s telegramtest.Sent) bool { return strings.Contains(s.Text, "standings (round 1 of 3)") })
	decodes(t, table)
	for _, name := range []string{"Ayşe Yılmaz", "Cem", "oyunbot (easy)"} {
		if !strings.Contains(table.Text, name) {
			t.Errorf("standings %q lack %s", table.Text, name)
		}
	}

	expect(dave, "@oyun_test_bot turnuva iptal", "tournament was cancelled")
	if s := state(); s != tournament.Cancelled {
		t.Fatalf("after the admin's cancel the tournament is %s", s)
	}
	if n := len(e.mgr.Lobby().ChannelGames(telegram.Platform, ch)); n != 0 {
		t.Errorf("%d games go on after the cancel", n)
	}
}
