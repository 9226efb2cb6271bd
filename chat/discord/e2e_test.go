package discord

// e2e_test.go plays whole games through the real router, sessions, engine,
// renderer and SQLite store, over the real client library (discordgo),
// against the fake Discord: slash commands, buttons and prefix messages,
// with the gateway dropped mid-game.

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"oyunbot/chat/discord/fakediscord"
	"oyunbot/chat/router"
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
	srv    *fakediscord.Server
	router *router.Router
	mgr    *sessions.Manager   // the live games the router plays
	tours  *tournaments.Runner // their tournaments
	chal   *challenges.Book    // the Manager's challenges
	bot    *Bot
}

func newE2E(t *testing.T) *e2e {
	t.Helper()
	reg, err := games.NewRegistry(tictactoe.Game{}, dama.Game{})
	if err != nil {
		t.Fatal(err)
	}
	return newE2EWith(t, reg, map[string]render.Drawer{"tictactoe": render.NewTicTacToe(240), "dama": render.NewDama(320)})
}

// newE2EWith is the one setup of the e2e tests: a bot playing reg's games,
// drawn by drawers, on a SQLite file in a test folder.
func newE2EWith(t *testing.T, reg *games.Registry, drawers map[string]render.Drawer) *e2e {
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
		Logger:      newTestLogger(t),
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := mgr.Listen(router.OnEvent); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { router.Close() })
	bot := startBot(t, srv, WithMoveSuggestions(router, func(ch, user, prefix string) []string {
		return router.SuggestMoves(Platform, ch, user, prefix, MaxChoices)
	}))
	router.AddSender(t.Context(), Platform, bot)
	return &e2e{srv: srv, router: router, mgr: mgr, tours: tours, chal: chal, bot: bot}
}

// boards are the messages of a channel that carry a board.
func boards(msgs []fakediscord.Message) []fakediscord.Message {
	var out []fakediscord.Message
	for _, m := range msgs {
		if len(m.Files) > 0 {
			out = append(out, m)
		}
	}
	return out
}

// shownBoards are the boards the bot showed in a channel, in order: each call
// that put a picture there (a new message or the edit of one, issue 36's
// live boards), as its message looked right after that call.
func shownBoards(v *fakediscord.View, channelID string) []fakediscord.Message {
	var out []fakediscord.Message
	for _, c := range v.Calls() {
		if c.ChannelID != channelID || len(c.Files) == 0 || c.MessageID == "" {
			continue
		}
		var m fakediscord.Message
		for _, x := range v.Messages(channelID) {
			if x.ID == c.MessageID {
				m = x
			}
		}
		m.ID, m.ChannelID, m.Content, m.Components, m.Files, m.Loading = c.MessageID, channelID, c.Content, c.Components, c.Files, false
		if c.ReferenceID != "" {
			m.ReferenceID = c.ReferenceID
		}
		out = append(out, m)
	}
	return out
}

// waitBoard waits for the n-th board the bot showed in a channel (shownBoards)
// and returns it.
func (e *e2e) waitBoard(t *testing.T, channelID string, n int) fakediscord.Message {
	t.Helper()
	var got fakediscord.Message
	e.srv.WaitT(t, wait, "board "+strconv.Itoa(n), func(v *fakediscord.View) bool {
		b := shownBoards(v, channelID)
		if len(b) >= n {
			got = b[n-1]
		}
		return len(b) >= n
	})
	return got
}

// waitMessage waits for a message after the first `after` of a channel that
// satisfies ok.
func (e *e2e) waitMessage(t *testing.T, channelID string, after int, what string, ok func(fakediscord.Message) bool) fakediscord.Message {
	t.Helper()
	var found fakediscord.Message
	e.srv.WaitT(t, wait, what, func(v *fakediscord.View) bool {
		msgs := v.Messages(channelID)
		for _, m := range msgs[min(after, len(msgs)):] {
			if !m.Loading && ok(m) {
				found = m
				return true
			}
		}
		return false
	})
	return found
}

// buttonIDs are the custom_ids of a message's buttons, in order.
func buttonIDs(m fakediscord.Message) []string {
	var out []string
	for _, row := range m.Buttons() {
		for _, b := range row {
			out = append(out, b.CustomID)
		}
	}
	return out
}

// cellIDs are the cell buttons of a tic-tac-toe board ("move #g1 b2").
func cellIDs(m fakediscord.Message) []string {
	var out []string
	for _, id := range buttonIDs(m) {
		if strings.HasPrefix(id, "move ") {
			out = append(out, id)
		}
	}
	return out
}

// dropAndWait drops the gateway and waits until the server saw it go.
func (e *e2e) drop(t *testing.T) {
	t.Helper()
	e.srv.DropGateway()
	e.srv.WaitT(t, wait, "the gateway down", func(v *fakediscord.View) bool { return v.Ready() == 0 })
}

// TestE2ETicTacToe: a user plays a whole game against the bot, by slash
// commands, button presses and prefix messages; the gateway is dropped in
// the middle and a move sent while it is down is replayed. Every move gets
// exactly one board, every board decodes, and the game ends in a result.
// The game is one message edited in place (issue 36): every move's board
// but the last is an edit of the /play answer, and the result alone comes
// as a new message at the bottom.
func TestE2ETicTacToe(t *testing.T) {
	t.Parallel()
	e := newE2E(t)
	play := e.srv.SlashCommand(general, ayse, "en-US", "play",
		fakediscord.Str("game", "tictactoe"), fakediscord.Str("level", "easy"), fakediscord.Str("side", "x"))
	board := e.waitBoard(t, general.ID, 1)
	if board.Interaction != play || !strings.Contains(board.Content, "New game") {
		t.Errorf("first board %+v, want the /play response in English", board)
	}
	var played []string
	dropped := false
	for turn := 0; ; turn++ {
		decodePNG(t, board.Files[0])
		cells := cellIDs(board)
		if len(cells) == 0 {
			break
		}
		if turn > 5 {
			t.Fatal("tic-tac-toe did not end in 5 moves of X")
		}
		move := cells[len(cells)/2]
		cell := move[strings.LastIndexByte(move, ' ')+1:]
		played = append(played, cell)
		switch turn % 3 {
		case 0:
			e.srv.Press(general, ayse, "en-US", board.ID, move)
		case 1:
			e.srv.SlashCommand(general, ayse, "en-US", "move", fakediscord.Str("move", cell))
		case 2:
			if !dropped {
				e.drop(t) // the move goes out while the bot is away
				dropped = true
			}
			e.srv.SendMessage(general, ayse, "!move "+cell)
		}
		board = e.waitBoard(t, general.ID, turn+2)
		if !strings.Contains(board.Content, cell) {
			t.Errorf("board text %q does not show the move %s", board.Content, cell)
		}
	}
	if !dropped {
		t.Fatal("the game ended before the gateway was dropped")
	}
	if !strings.Contains(board.Content, "Game over") {
		t.Errorf("last board text %q has no result", board.Content)
	}
	msgs := e.srv.Messages(general.ID)
	logTranscript(t, msgs)
	var shown []fakediscord.Message
	e.srv.Snapshot(func(v *fakediscord.View) { shown = shownBoards(v, general.ID) })
	if n := len(shown); n != len(played)+1 {
		t.Errorf("%d boards shown for %d moves", n, len(played))
	}
	if n := len(boards(msgs)); n > 2 {
		t.Errorf("%d board messages for one game, want the game's message and its result's", n)
	}
	if !strings.Contains(msgs[0].Content, played[len(played)-2]) {
		t.Errorf("the game's message %q was not edited to its last move", msgs[0].Content)
	}
	// The result came as a new message: the earlier board keeps its
	// picture, not its buttons (chat.BoardRetirer).
	if err := e.router.Wait(t.Context()); err != nil {
		t.Fatal(err)
	}
	if first := e.srv.Messages(general.ID)[0]; len(first.Components) != 0 || len(first.Files) == 0 {
		t.Errorf("the earlier board after the end: %d component rows, %d files; want its picture without buttons",
			len(first.Components), len(first.Files))
	}
	edits := 0
	for _, c := range e.srv.Calls() {
		if c.Kind == fakediscord.EditChannel || (c.Kind == fakediscord.EditOriginal && len(c.Files) > 0 && c.MessageID == msgs[0].ID && c.InteractionID != play) ||
			(c.Kind == fakediscord.Callback && c.CallbackType == 7 && len(c.Files) > 0) {
			edits++
		}
	}
	if edits < len(played)-1 {
		t.Errorf("%d boards edited in place for %d moves", edits, len(played))
	}
	t.Logf("tic-tac-toe against the bot, %d moves: %s", len(played), e.callStats(general.ID))
	for _, m := range msgs {
		if len(m.Files) == 0 {
			t.Errorf("unexpected message %+v", m)
		}
	}
	if len(e.srv.Resumes()) == 0 {
		t.Error("the bot never resumed")
	}
}

// TestE2EDamaOpening: a Turkish user opens dama with a prefix message in a
// Turkish guild and plays moves taken from hints: pressing the hinted
// move's button, typing it as a prefix command (while the gateway is
// down), and as /move. Autocomplete offers the legal moves; the history
// has every move of both sides.
func TestE2EDamaOpening(t *testing.T) {
	t.Parallel()
	e := newE2E(t)
	e.srv.SendMessage(general, ayse, "!oyna dama kolay beyaz")
	board := e.waitBoard(t, general.ID, 1)
	decodePNG(t, board.Files[0])
	if !strings.Contains(board.Content, "Yeni oyun") {
		t.Errorf("first board text %q (Turkish expected)", board.Content)
	}
	if board.ReferenceID == "" {
		t.Error("the board does not answer the !oyna message")
	}

	// Autocomplete of /move lists legal moves from the live game.
	ac := e.srv.Autocomplete(general, ayse, "move", fakediscord.Focused("move", "c3"))
	e.srv.WaitT(t, wait, "autocomplete", func(v *fakediscord.View) bool {
		st, _ := v.Interaction(ac)
		return st.AckType == 8
	})
	st, _ := e.srv.Interaction(ac)
	if len(st.Choices) == 0 {
		t.Error("no moves offered for c3")
	}
	for _, c := range st.Choices {
		if v, _ := c.Value.(string); !strings.HasPrefix(v, "c3") {
			t.Errorf("offered %v for prefix c3", c.Value)
		}
	}

	const moves = 3
	for turn := range moves {
		seen := len(e.srv.Messages(general.ID))
		if !contains(buttonIDs(board), "hint #g1") {
			t.Fatalf("board %d has no hint button: %v", turn+1, buttonIDs(board))
		}
		e.srv.Press(general, ayse, "tr", board.ID, "hint #g1")
		if turn == 0 {
			// A hint makes the rated game unrated: the bot asks first, and
			// its button says yes.
			ask := e.waitMessage(t, general.ID, seen, "the hint's question", func(m fakediscord.Message) bool {
				return strings.Contains(m.Content, "puansız") && len(buttonIDs(m)) == 1
			})
			seen = len(e.srv.Messages(general.ID))
			e.srv.Press(general, ayse, "tr", ask.ID, buttonIDs(ask)[0])
		}
		hint := e.waitMessage(t, general.ID, seen, "a hint", func(m fakediscord.Message) bool {
			return strings.Contains(m.Content, "İpucu:") && len(buttonIDs(m)) == 1
		})
		move := buttonIDs(hint)[0] // "move #g1 c3-c4"
		mv := move[strings.LastIndexByte(move, ' ')+1:]
		switch turn {
		case 0:
			e.srv.Press(general, ayse, "tr", hint.ID, move)
		case 1:
			e.drop(t)
			e.srv.SendMessage(general, ayse, "!hamle "+mv)
		case 2:
			e.srv.SlashCommand(general, ayse, "tr", "move", fakediscord.Str("move", mv))
		}
		board = e.waitBoard(t, general.ID, turn+2)
		decodePNG(t, board.Files[0])
		if !strings.Contains(board.Content, mv) {
			t.Errorf("board text %q does not show the move %s", board.Content, mv)
		}
	}

	hist := e.srv.SlashCommand(general, ayse, "tr", "history")
	// From the first message: the answered /move's "thinking" response may
	// go meanwhile (the move's answer was the board's edit).
	h := e.waitMessage(t, general.ID, 0, "the history", func(m fakediscord.Message) bool { return m.Interaction == hist })
	if !strings.Contains(h.Content, "1. ") {
		t.Errorf("history %q", h.Content)
	}
	if n := strings.Count(h.Content, "-") + strings.Count(h.Content, "x"); n < 2*moves {
		t.Errorf("history %q has fewer than %d moves", h.Content, 2*moves)
	}
	logTranscript(t, e.srv.Messages(general.ID))
	for _, m := range e.srv.Messages(general.ID) {
		if m.Loading {
			t.Errorf("a response still shows \"thinking\": %+v", m)
		}
	}
	var shown []fakediscord.Message
	e.srv.Snapshot(func(v *fakediscord.View) { shown = shownBoards(v, general.ID) })
	if n := len(shown); n != moves+1 {
		t.Errorf("%d boards shown for %d moves", n, moves)
	}
	if len(e.srv.Resumes()) == 0 {
		t.Error("the bot never resumed")
	}
}

// logTranscript shows a channel as a user sees it (go test -v).
func logTranscript(t *testing.T, msgs []fakediscord.Message) {
	for _, m := range msgs {
		var files []string
		for _, f := range m.Files {
			files = append(files, f.Name)
		}
		t.Logf("[%s] %q files=%v buttons=%v", m.ID, m.Content, files, buttonIDs(m))
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestE2ETournament: in a guild channel Memo opens a tic-tac-toe round
// robin by slash command, Cem joins by slash command and Deniz by prefix
// message, Memo enters the bot; Cem and Deniz, neither organiser nor
// admin, may neither start nor cancel it; Memo starts it and round 1's
// game comes up and is played in the channel; the standings come as a
// picture; the guild's owner cancels it.
func TestE2ETournament(t *testing.T) {
	t.Parallel()
	e := newE2E(t)
	cem := fakediscord.User{ID: "9", Name: "cem", GlobalName: "Cem"}
	deniz := fakediscord.User{ID: "10", Name: "deniz", GlobalName: "Deniz"}
	users := map[string]fakediscord.User{mehmet.ID: mehmet, cem.ID: cem, deniz.ID: deniz}
	sub := fakediscord.Sub
	slash := func(u fakediscord.User, opts ...fakediscord.Option) int {
		seen := len(e.srv.Messages(general.ID))
		e.srv.SlashCommand(general, u, "en-US", "tournament", opts...)
		return seen
	}
	prefix := func(u fakediscord.User, text string) int {
		seen := len(e.srv.Messages(general.ID))
		e.srv.SendMessage(general, u, text)
		return seen
	}
	expect := func(seen int, want string) fakediscord.Message {
		t.Helper()
		return e.waitMessage(t, general.ID, seen, want, func(m fakediscord.Message) bool { return strings.Contains(m.Content, want) })
	}
	state := func() tournament.State {
		v, ok := e.tours.Get(context.Background(), Platform, general.ID)
		if !ok {
			t.Fatal("no tournament")
		}
		return v.T.State
	}

	seen := len(e.srv.Messages(general.ID))
	e.srv.SlashCommand(general, ayse, "en-US", "lang", fakediscord.Str("language", "en")) // the owner's
	expect(seen, "English")
	expect(slash(mehmet, sub("create", fakediscord.Str("game", "tictactoe"), fakediscord.Str("system", "roundrobin"))),
		"tournament (round robin)")
	expect(slash(cem, sub("join")), "players (1)")
	expect(prefix(deniz, "!turnuva katıl"), "players (2)")
	expect(slash(mehmet, sub("addbot", fakediscord.Str("level", "easy"))), "(easy) joined the tournament — players (3)")
	expect(slash(cem, sub("start")), "Only the tournament's organiser or a channel admin")
	expect(prefix(deniz, "!tournament start"), "Only the tournament's organiser or a channel admin")
	if s := state(); s != tournament.Registering {
		t.Fatalf("after refused starts the tournament is %s", s)
	}

	seen = len(e.srv.Messages(general.ID))
	start := e.srv.SlashCommand(general, mehmet, "en-US", "tournament", sub("start"))
	round := expect(seen, "Round 1 of 3 has begun")
	if len(round.Files) != 1 {
		t.Fatalf("round 1 announced without its table: %+v", round)
	}
	// The announcement answers /tournament start, which says nothing of
	// its own, instead of a "thinking…" left behind.
	if round.Interaction != start {
		t.Errorf("round 1 announced in %+v, not as the answer to /tournament start", round)
	}
	decodePNG(t, round.Files[0])
	games := e.mgr.Lobby().ChannelGames(Platform, general.ID)
	if len(games) != 1 { // three players: one game and a bye
		t.Fatalf("round 1 has %d games in the channel", len(games))
	}
	g := games[0]
	tag := "#" + g.Tag()
	if g.Tournament == 0 || g.TournamentRound != 1 || !strings.Contains(round.Content, tag) || !strings.Contains(round.Content, "Bye: ") {
		t.Fatalf("round 1 announced as %q for game %+v", round.Content, g)
	}
	// The game is played in the channel: the person to move moves (the
	// bot moves by itself), and the board comes up.
	// A game a person opens has its opening board posted after the
	// pairings; the board wanted here is the move's answer (the opening
	// board edited, issue 36).
	moved := false
	if p, _ := g.ToMove(); !p.Bot {
		e.srv.SlashCommand(general, users[p.ID], "en-US", "move", fakediscord.Str("move", tag+" "+g.Legal[0]))
		moved = true
	}
	var board fakediscord.Message
	e.srv.WaitT(t, wait, "a tournament board", func(v *fakediscord.View) bool {
		for _, m := range shownBoards(v, general.ID) {
			if len(m.Files) == 1 && strings.Contains(m.Content, tag+" Tournament round 1") && (!moved || !strings.Contains(m.Content, "New game")) {
				board = m
				return true
			}
		}
		return false
	})
	decodePNG(t, board.Files[0])
	// The /move's "thinking" response goes once its board is edited:
	// counting messages from here on needs it gone.
	e.srv.WaitT(t, wait, "no thinking response left", func(v *fakediscord.View) bool {
		for _, m := range v.Messages(general.ID) {
			if m.Loading {
				return false
			}
		}
		return true
	})

	expect(slash(cem, sub("cancel")), "Only the tournament's organiser or a channel admin")
	if s := state(); s != tournament.Running {
		t.Fatalf("after a refused cancel the tournament is %s", s)
	}
	table := expect(slash(deniz, sub("standings")), "standings (round 1 of 3)")
	if len(table.Files) != 1 {
		t.Fatalf("standings without a picture: %+v", table)
	}
	decodePNG(t, table.Files[0])
	for _, name := range []string{"Cem", "Deniz", "oyunbot (easy)"} {
		if !strings.Contains(table.Content, name) {
			t.Errorf("standings %q lack %s", table.Content, name)
		}
	}

	// Ayşe owns the guild: an admin, although she neither organised nor
	// plays.
	expect(slash(ayse, sub("cancel")), "tournament was cancelled")
	if s := state(); s != tournament.Cancelled {
		t.Fatalf("after the owner's cancel the tournament is %s", s)
	}
	if n := len(e.mgr.Lobby().ChannelGames(Platform, general.ID)); n != 0 {
		t.Errorf("%d games go on after the cancel", n)
	}
	msgs := e.srv.Messages(general.ID)
	logTranscript(t, msgs)
	for _, m := range msgs {
		if m.Loading {
			t.Errorf("a command still shows \"thinking\": %+v", m)
		}
	}
}
