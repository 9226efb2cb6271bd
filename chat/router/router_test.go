package router_test

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/dama"
	"oyunbot/games/tictactoe"
	"oyunbot/render"
	"oyunbot/sessions"
	"oyunbot/sessions/challenges"
	"oyunbot/sessions/fleet"
	"oyunbot/sessions/matches"
	"oyunbot/sessions/ratings"
	"oyunbot/sessions/tournaments"
	"oyunbot/store"
)

// testDrawers are built once: a Drawer is safe for concurrent use, and
// building one pre-renders a lot (slow under -race).
var testDrawers = sync.OnceValue(func() map[string]render.Drawer {
	return map[string]render.Drawer{"dama": render.NewDama(256), "tictactoe": render.NewTicTacToe(256)}
})

// smallEngine has a small table: tests play short games.
func smallEngine() sessions.Engine {
	opts := ai.DefaultOptions()
	opts.TTSizeMB = 1
	return ai.NewEngine(opts)
}

// recorder is a Sender that keeps every reply. With t set, a reply with a
// catalogue placeholder left unrendered fails the test (issue 35.1).
type recorder struct {
	mu      sync.Mutex
	replies []chat.Reply
	t       testing.TB
}

func (r *recorder) Send(ctx context.Context, rep chat.Reply) error {
	if raw := rawTemplates([]chat.Reply{rep}); len(raw) > 0 && r.t != nil {
		r.t.Errorf("reply with %q unrendered: %q", raw, rep.Text+"\n"+rep.Caption)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.replies = append(r.replies, rep)
	return nil
}

func (r *recorder) take() []chat.Reply {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.replies
	r.replies = nil
	return out
}

type bot struct {
	t      testing.TB
	r      *router.Router
	mgr    *sessions.Manager   // the live games the router plays
	tours  *tournaments.Runner // their tournaments
	chal   *challenges.Book    // the Manager's challenges
	rates  *ratings.Book       // their ratings
	rec    *recorder
	store  *store.SQLStore
	ref    int
	locale string
}

// wire makes a router and the sessions it plays on store, as cmd/bot
// does; mod may change either's configuration first.
// wiredStore is what both the router and the live games keep.
type wiredStore interface {
	sessions.Store
	router.Store
}

func wire(t testing.TB, store wiredStore, mod func(*router.Config, *sessions.Config)) (*router.Router, *sessions.Manager, *tournaments.Runner, error) {
	t.Helper()
	reg, err := games.NewRegistry(dama.Game{}, tictactoe.Game{})
	if err != nil {
		t.Fatal(err)
	}
	book := ratings.New()
	tours, chal := tournaments.New(book), challenges.New()
	mr := matches.New()
	cfg := router.Config{Games: reg, Drawers: testDrawers(), Store: store, Tournaments: tours, Challenges: chal, Matches: mr, Ratings: book}
	scfg := sessions.Config{Store: store, Seed: 7, NewEngine: smallEngine, Tournaments: tours, Challenges: chal, Matches: mr, Ratings: book}
	if mod != nil {
		mod(&cfg, &scfg)
	}
	scfg.Games = cfg.Games
	mgr, err := sessions.New(t.Context(), scfg)
	if err != nil {
		return nil, nil, nil, err
	}
	cfg.Sessions = mgr
	fl := fleet.New(mgr, fleet.Config{})
	cfg.Fleet = fl
	r, err := router.New(t.Context(), cfg)
	if err != nil {
		mgr.Close()
		return nil, nil, nil, err
	}
	if err := mgr.Listen(r.OnEvent); err != nil {
		r.Close()
		return nil, nil, nil, err
	}
	if err := mgr.Go(fl.Run); err != nil {
		r.Close()
		return nil, nil, nil, err
	}
	return r, mgr, tours, nil
}

// keepRatings is mod, then keeps the ratings the router is given in *book
// (the Manager no longer hands them out: package sessions/ratings).
func keepRatings(mod func(*router.Config, *sessions.Config), book **ratings.Book) func(*router.Config, *sessions.Config) {
	return func(c *router.Config, s *sessions.Config) {
		if mod != nil {
			mod(c, s)
		}
		*book = c.Ratings
	}
}

func newBot(t testing.TB, mod func(*router.Config, *sessions.Config)) *bot {
	t.Helper()
	st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	var chal *challenges.Book // wire's, kept for the tests that look at the challenges
	var book *ratings.Book
	r, mgr, tours, err := wire(t, st, func(c *router.Config, s *sessions.Config) {
		keepRatings(mod, &book)(c, s)
		chal = c.Challenges
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	b := &bot{t: t, r: r, mgr: mgr, tours: tours, chal: chal, rates: book, rec: &recorder{t: t}, store: st}
	r.AddSender(t.Context(), "test", b.rec)
	return b
}

// msg sends text from user in channel ch and returns the replies once the
// bot has nothing pending.
func (b *bot) msg(ch, user, text string, private bool) []chat.Reply {
	b.t.Helper()
	return b.msgAs(ch, user, text, private, false)
}

// admin is msg in a group from one of its admins (who may change the
// channel's settings).
func (b *bot) admin(ch, user, text string) []chat.Reply {
	b.t.Helper()
	return b.msgAs(ch, user, text, false, true)
}

func (b *bot) msgAs(ch, user, text string, private, admin bool) []chat.Reply {
	b.t.Helper()
	b.ref++
	m := chat.Message{Platform: "test", ChannelID: ch, UserID: user, UserName: strings.ToUpper(user[:1]) + user[1:],
		Text: text, Ref: fmt.Sprint(b.ref), Private: private, Admin: admin, Locale: b.locale}
	for _, w := range strings.Fields(text) {
		if strings.HasPrefix(w, "@") {
			m.Mentions = append(m.Mentions, chat.User{ID: w[1:], Name: w[1:]})
		}
	}
	b.r.Handle(context.Background(), m)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := b.r.Wait(ctx); err != nil {
		b.t.Fatal(err)
	}
	return b.rec.take()
}

// say is msg in a private chat with user "ayse".
func (b *bot) say(text string) []chat.Reply { return b.msg("dm", "ayse", text, true) }

func texts(rs []chat.Reply) string {
	var parts []string
	for _, r := range rs {
		parts = append(parts, r.Text)
	}
	return strings.Join(parts, "\n---\n")
}

func (b *bot) expect(rs []chat.Reply, subs ...string) {
	b.t.Helper()
	all := texts(rs)
	for _, s := range subs {
		if !strings.Contains(all, s) {
			b.t.Errorf("reply %q does not contain %q", all, s)
		}
	}
}

// lastGame returns the last reply with a board.
func lastGame(t *testing.T, rs []chat.Reply) chat.Reply {
	t.Helper()
	for i := len(rs) - 1; i >= 0; i-- {
		if rs[i].TextBoard != "" {
			return rs[i]
		}
	}
	t.Fatalf("no board among %q", texts(rs))
	return chat.Reply{}
}

func TestHelpAndGamesInBothLanguages(t *testing.T) {
	b := newBot(t, nil)
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"yardım", []string{"oyna <oyun>", "meydan @kişi", "yasal —", "zar —", "rövanş · analiz · gif", "pgn (satranç) · pdn (dama türleri)"}},
		{"yardım dama", []string{"Türk daması", "düz ileri ya da yana", "Almak zorunludur", "En çok taşı alan yol", "c3xc5xe5", "Seviyeler:", "pdn:"}},
		{"/YARDIM", []string{"oyna <oyun>"}},
		{"!yardim hamle", []string{"c3xc5xe5", "1…9"}},
		{"yardım pes", []string{"rakip kazanır"}},
		{"yardım başlat", []string{"başlat <oyun> — bota karşı yeni oyun", "tek başına «başlat» o turnuvayı başlatır"}},
		{"yardım turnuva", []string{"turnuva oluştur <oyun>"}},
		{"yardım oluştur", []string{"turnuva oluştur <oyun>"}},
		{"oyunlar", []string{"Oyunlar:", "dama — Dama", "tictactoe — XOX (xox, ttt)"}},
		{"/start", []string{"play <game>"}}, // Telegram's English greeting, and no locale to say otherwise
		{"yardım uçmak", []string{"«uçmak» diye bir komut bilmiyorum"}},
		{"dil", []string{"Bu kanalın dili: tr"}},
		{"dil en", []string{"OK, I speak English"}},
		{"help", []string{"play <game>", "challenge @someone", "legal —", "roll —", "rematch · analyse · gif", "pgn (chess) · pdn (draughts)"}},
		{"help dama", []string{"Turkish draughts", "straight forward or sideways", "Capturing is compulsory", "the path that captures the most pieces", "c3xc5xe5", "Levels:", "pdn:"}},
		{"help move", []string{"c3xc5xe5"}},
		{"help resign", []string{"your opponent wins"}},
		{"help start", []string{"start <game> — a new game against the bot", "a bare «start» begins it"}},
		{"help başlat", []string{"a bare «start» begins it"}},
		{"help play", []string{"play <game> [level]"}},
		{"games", []string{"Games:", "tictactoe — Tic-tac-toe"}},
		{"lang", []string{"language: en"}},
		{"lang klingon", []string{"I don't know the language «klingon»"}},
		{"/frobnicate", []string{"I don't know the command «frobnicate»"}},
		{"hello", []string{"I don't know the command «hello»"}},
		{"lang tr", []string{"Türkçe konuşuyorum"}},
	} {
		rs := b.say(tc.in)
		if len(rs) != 1 {
			t.Errorf("%q: %d replies", tc.in, len(rs))
			continue
		}
		if rs[0].Ref == "" || rs[0].Platform != "test" || rs[0].ChannelID != "dm" {
			t.Errorf("%q: reply addressed to %q %q %q", tc.in, rs[0].Platform, rs[0].ChannelID, rs[0].Ref)
		}
		b.expect(rs, tc.want...)
	}
}

func TestLanguageDefaults(t *testing.T) {
	b := newBot(t, nil)
	b.locale = "en-GB"
	b.expect(b.msg("c-en", "ayse", "help", true), "play <game>")
	b.locale = "tr-TR"
	b.expect(b.msg("c-tr", "ayse", "help", true), "oyna <oyun>")
	b.locale = ""
	b.expect(b.msg("c-none", "ayse", "merhaba", true), "«merhaba» diye bir komut bilmiyorum")
	// A channel's setting beats the locale.
	b.msg("c-set", "ayse", "lang en", true)
	b.locale = "tr"
	b.expect(b.msg("c-set", "ayse", "help", true), "play <game>")

	// The default, for a message with no command word and no locale.
	e := newBot(t, func(c *router.Config, _ *sessions.Config) { c.Lang = chat.English })
	e.expect(e.say("hello"), "I don't know the command «hello»")
}

func TestPlayTicTacToeWithButtons(t *testing.T) {
	b := newBot(t, nil)
	rs := b.say("oyna xox kolay")
	g := lastGame(t, rs)
	if !strings.Contains(g.Text, "#g1") || !strings.Contains(g.Caption, "Sıra: Ayse (X)") {
		t.Fatalf("start reply %q / %q", g.Text, g.Caption)
	}
	if _, err := png.Decode(bytes.NewReader(g.Image)); err != nil {
		t.Fatalf("board image: %v", err)
	}
	if len(g.Buttons) != 4 || len(g.Buttons[0]) != 3 || g.Buttons[0][0].Data != "move #g1 a3" || g.Buttons[2][2].Data != "move #g1 c1" {
		t.Fatalf("buttons %+v", g.Buttons)
	}
	actions := g.Buttons[len(g.Buttons)-1]
	if got := []string{actions[0].Data, actions[1].Data, actions[2].Data}; !slices.Equal(got, []string{"hint #g1", "board #g1", "resign #g1"}) {
		t.Fatalf("action buttons %v", got)
	}
	for _, row := range g.Buttons {
		for _, btn := range row {
			if len(btn.Data) > chat.MaxButtonData || btn.Label == "" {
				t.Fatalf("button %+v", btn)
			}
		}
	}
	// Press b2: the bot answers with both moves and one fewer button per move.
	rs = b.say(g.Buttons[1][1].Data)
	g = lastGame(t, rs)
	if !strings.Contains(g.Caption, "Ayse: b2 · oyunbot: ") || g.Ref == "" {
		t.Fatalf("after b2: %q (ref %q)", g.Caption, g.Ref)
	}
	cells := 0
	for _, row := range g.Buttons[:len(g.Buttons)-1] {
		cells += len(row)
	}
	if cells != 7 {
		t.Fatalf("%d cell buttons after two moves", cells)
	}
	// Play on with keypad digits until the game ends: the result line names
	// a winner or a draw and the reason.
	for _, k := range "123456789" {
		rs = b.say(string(k))
		if strings.Contains(texts(rs), "Oyun bitti") {
			break
		}
	}
	b.expect(rs, "Oyun bitti")
	end := lastGame(t, rs)
	// After the end the only buttons are the rematch (issue 20.8) and the
	// analysis (issue 24).
	if len(end.Buttons) != 1 || len(end.Buttons[0]) != 2 || end.Buttons[0][0].Data != "rematch #g1" || end.Buttons[0][1].Data != "analyse #g1" {
		t.Fatalf("buttons after the end: %+v", end.Buttons)
	}
	// After the end, board and history show the finished game.
	b.expect(b.say("tahta"), "#g1 XOX — ", "Oyun bitti")
	b.expect(b.say("hamleler"), "#g1 1. b2 ")
	b.expect(b.say("pes evet"), "süren bir oyunun yok")
}

func TestPlayDamaInEnglish(t *testing.T) {
	b := newBot(t, nil)
	b.say("lang en")
	rs := b.say("/play dama easy")
	g := lastGame(t, rs)
	start := g
	if !strings.Contains(g.Text, "New game: Dama — Ayse (white) – oyunbot (black, easy)") {
		t.Fatalf("start %q", g.Text)
	}
	if len(g.Buttons) != 1 { // only actions: dama moves are typed
		t.Fatalf("buttons %+v", g.Buttons)
	}
	rs = b.say("move c3-c4")
	b.expect(rs, "Ayse: c3-c4 · oyunbot: ", "To move: Ayse (white)")
	rs = b.say("history")
	b.expect(rs, "#g1 1. c3-c4 ")
	// An illegal move: one line, the reason and the legal moves; the game
	// does not change.
	before := b.say("board")
	rs = b.say("a3-a5")
	if len(rs) != 1 || strings.Count(rs[0].Text, "\n") != 0 {
		t.Fatalf("illegal move replies %q", texts(rs))
	}
	b.expect(rs, "#g1 Illegal move «a3-a5»: a man steps one square or jumps over a single piece.", "Legal moves: ")
	rs = b.say("hello") // malformed in a private chat: explained too
	b.expect(rs, "that does not look like a move (e.g. c3-c4 or c3xc5xe5)")
	after := b.say("board")
	if lastGame(t, before).TextBoard != lastGame(t, after).TextBoard {
		t.Fatal("a refused move changed the board")
	}
	b.expect(b.say("hint yes"), "#g1 Hint: ")
	b.expect(b.say("level"), "Level: easy")
	b.expect(b.say("level master"), "#g1 The bot now plays at level master.")
	b.expect(b.say("level 9"), "No such level. Levels: easy, medium, hard, master")
	rs = b.say("undo")
	g = lastGame(t, rs)
	if !strings.Contains(g.Text, "Your last move was taken back.") || g.TextBoard != start.TextBoard {
		t.Fatalf("undo %q\n%s", g.Text, g.TextBoard)
	}
	b.expect(b.say("history"), "No moves yet.")
	b.expect(b.say("undo"), "You have no move to take back.")
	b.expect(b.say("play dama"), "You already have a game going on: #g1 (Dama)")
	// Nothing played (the move was taken back): no result, no rating.
	rs = b.say("resign yes")
	b.expect(rs, "Ayse resigned.", "Game over without a result — left before making a move, not rated.")
	b.expect(b.say("resign yes"), "You have no game going on")
	b.say("play dama easy")
	b.say("c3-c4")
	b.expect(b.say("resign yes"), "Ayse resigned.", "Game over: oyunbot (black) wins — the opponent resigned.")
}

func TestPlayerCanTakeSecondSide(t *testing.T) {
	b := newBot(t, nil)
	rs := b.say("oyna dama siyah kolay")
	if len(rs) != 1 { // the new game with the bot's first move
		t.Fatalf("%d replies: %q", len(rs), texts(rs))
	}
	b.expect(rs, "#g1 Yeni oyun: Dama — oyunbot (beyaz, kolay) – Ayse (siyah)\noyunbot: ", "Sıra: Ayse (siyah)")
	rs = b.say("hamleler")
	b.expect(rs, "#g1 1. ")
}

func TestDrawAndUndoWordsInTurkish(t *testing.T) {
	b := newBot(t, nil)
	b.say("oyna dama")
	b.expect(b.say("berabere"), "oyunbot beraberliği kabul etmiyor; oyun sürüyor.") // not at the start
	b.expect(b.say("pes evet"), "Oyun sonuçsuz bitti — hiç hamle yapmadan bırakıldı, puanlanmadı.")
	b.say("oyna xox")
	b.expect(b.say("geri al"), "Geri alınacak hamlen yok.")
	b.say("5")
	// Rated: the take-back asks first (issue 20.11); the button's word does it.
	rs := b.say("geri")
	b.expect(rs, "#g2 Hamle geri alırsan bu oyun puansız olur. Yine de istiyor musun? Düğmeye bas ya da yaz: geri evet")
	if len(rs) != 1 || len(rs[0].Buttons) != 1 || rs[0].Buttons[0][0].Data != "undo #g2 yes for=ayse" { // for the asker alone (issue 21.5)
		t.Fatalf("the question's button: %+v", rs)
	}
	if s, _ := b.mgr.Lobby().Get(2); len(s.Moves) == 0 || !s.Rated {
		t.Fatalf("the question took the move back or unrated the game: %v rated %v", s.Moves, s.Rated)
	}
	b.expect(b.say("geri evet"), "Son hamlen geri alındı.", "Bu oyun artık puanlı sayılmaz.")
	b.expect(b.say("seviye zor"), "#g2 Botun seviyesi artık zor.")
	b.expect(b.say("ipucu evet"), "#g2 İpucu: ")
	b.say("5")
	b.expect(b.say("pes evet"), "Ayse pes etti.", "Oyun bitti: oyunbot (O) kazandı — rakip pes etti.")
	// Without a game, the level becomes the channel's default.
	b.expect(b.say("seviye usta"), "yeni oyunlar usta seviyesinde")
	b.expect(b.say("oyna xox"), "oyunbot (O, usta)")
}

// TestGameBetweenPeople plays a challenge in a group, in both languages.
func TestGameBetweenPeople(t *testing.T) {
	b := newBot(t, nil)
	grp := func(user, text string) []chat.Reply { return b.msg("group", user, text, false) }
	b.expect(grp("ayse", "meydan"), "Kullanım: meydan @kişi <oyun>")
	b.expect(grp("ayse", "meydan @ayse dama"), "Kendine meydan okuyamazsın")
	b.expect(grp("ayse", "meydan oku @bora dama"), "bora, Ayse seni Dama oynamaya çağırıyor!")
	b.expect(grp("cem", "kabul"), "Sana gelen bir meydan okuma ya da teklif yok.")
	b.expect(grp("bora", "ret"), "Bora, Ayse tarafından gönderilen Dama davetini reddetti.")
	grp("ayse", "meydan @bora dama")
	rs := grp("bora", "kabul et")
	b.expect(rs, "#g1 Yeni oyun: Dama — Ayse (beyaz) – Bora (siyah)")

	// Chat in the group is ignored; moves are not.
	if rs := grp("cem", "merhaba millet"); len(rs) != 0 {
		t.Fatalf("chat answered: %q", texts(rs))
	}
	if rs := grp("ayse", "merhaba"); len(rs) != 0 {
		t.Fatalf("a player's chat answered: %q", texts(rs))
	}
	if rs := grp("cem", "c3-c4"); len(rs) != 0 {
		t.Fatalf("a spectator's move answered: %q", texts(rs))
	}
	b.expect(grp("bora", "f6-f5"), "#g1 Sıra sende değil, Ayse oynayacak.")
	b.expect(grp("ayse", "c3-c4"), "#g1 Ayse: c3-c4", "Sıra: Bora (siyah)")
	b.expect(grp("ayse", "hamle c4-c5"), "Sıra sende değil, Bora oynayacak.")
	b.expect(grp("bora", "f6-f5"), "Bora: f6-f5")
	b.expect(grp("cem", "tahta"), "#g1 Dama — Ayse (beyaz) – Bora (siyah) · 1 hamle")
	// Between people a take-back is asked of the opponent (issue 20.8).
	b.expect(grp("ayse", "geri"), "Ayse son hamlesini geri almak istiyor. Bora: kabul ya da ret")
	b.expect(grp("bora", "ret"), "Bora geri almayı reddetti; oyun sürüyor.")
	b.expect(grp("ayse", "berabere"), "Ayse beraberlik teklif ediyor. Bora: kabul ya da ret")
	b.expect(grp("bora", "ret"), "Bora beraberliği reddetti")
	grp("ayse", "berabere")
	b.expect(grp("bora", "kabul"), "Oyun bitti: berabere — anlaşmayla.")

	b.expect(grp("ayse", "meydan X dama"), "«X», Dama oyununda bir taraf değil. Taraflar: beyaz, siyah")
	b.admin("group", "ayse", "lang en")
	// Side words are each game's own: "black" is dama's, not tic-tac-toe's.
	b.expect(grp("ayse", "challenge @bora ttt black"), "«black» is not a side in Tic-tac-toe. Sides: X, O")
	// ... also when the side comes before the game (the fuzzer's "meydan X dama" was an internal error).
	b.expect(grp("ayse", "challenge X dama"), "«X» is not a side in Dama. Sides: white, black")
	b.expect(b.msg("ayse-dm", "ayse", "play X dama", true), "«X» is not a side in Dama. Sides: white, black")
	grp("ayse", "challenge @bora ttt o")
	b.expect(grp("bora", "accept"), "New game: Tic-tac-toe — Bora (X) – Ayse (O)")
	b.expect(grp("bora", "b2"), "Bora: b2", "To move: Ayse (O)")
	b.expect(grp("bora", "a1"), "It is not your turn; Ayse is to move.")
	b.expect(grp("ayse", "b2"), "Illegal move «b2»: that square is taken.", "Legal moves: a1, a2, a3, b1, b3, c1, c2, c3")
	b.expect(grp("ayse", "history"), "#g2 1. b2")
	b.expect(grp("ayse", "a1"), "Ayse: a1")
	b.expect(grp("ayse", "resign yes"), "Game over: Bora (X) wins — the opponent resigned.")
}

func TestTelegramAddressee(t *testing.T) {
	b := newBot(t, nil)
	if rs := b.say("/help@otherbot"); len(rs) != 0 {
		t.Fatalf("answered a command for another bot: %q", texts(rs))
	}
	b.expect(b.say("/help@OyunBot"), "play <game>")
}

func TestSeveralGamesInOneChannel(t *testing.T) {
	b := newBot(t, nil)
	grp := func(user, text string) []chat.Reply { return b.msg("g", user, text, false) }
	grp("ayse", "oyna xox")
	grp("ayse", "meydan @bora dama")
	grp("bora", "kabul")
	// "c3-c4" is only legal in the dama game, "b2" only in tic-tac-toe.
	b.expect(grp("ayse", "c3-c4"), "#g2 Ayse: c3-c4")
	b.expect(grp("ayse", "b2"), "#g1 Ayse: b2 · oyunbot: ")
	b.expect(grp("ayse", "hamleler #g2"), "#g2 1. c3-c4")
	b.expect(grp("ayse", "tahta #g9"), "#g9 diye süren bir oyun yok")
	b.expect(grp("cem", "oyunlar"), "Bu kanalda süren oyunlar:", "#g1 XOX", "#g2 Dama")
}

func TestThinkingNoticeIsMarked(t *testing.T) {
	b := newBot(t, func(_ *router.Config, s *sessions.Config) { s.ThinkingNotice = time.Nanosecond })
	rs := b.say("oyna dama siyah usta")
	var notice *chat.Reply
	for i := range rs {
		if rs[i].Notice {
			notice = &rs[i]
		}
	}
	if notice == nil || !strings.Contains(notice.Text, "#g1 oyunbot düşünüyor…") {
		t.Fatalf("no thinking notice in %q", texts(rs))
	}
	if !rs[len(rs)-1].Notice && !strings.Contains(rs[len(rs)-1].Caption, "oyunbot: ") {
		t.Fatalf("last reply %q is not the bot's move", rs[len(rs)-1].Text)
	}
}

func TestRouterWithoutDrawers(t *testing.T) {
	b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.Drawers = nil })
	rs := b.say("play ttt")
	if len(rs) != 1 || rs[0].Image != nil || !strings.Contains(rs[0].Text, "3   1 | 2 | 3 \n") {
		t.Fatalf("text-only game reply %q", texts(rs))
	}
	reg, _ := games.NewRegistry(tictactoe.Game{})
	for _, cfg := range []router.Config{
		{},
		{Games: reg, Store: b.store},
		{Games: reg, Sessions: b.mgr, Tournaments: b.tours, Challenges: b.chal, Ratings: b.rates},
		{Games: reg, Sessions: b.mgr, Tournaments: b.tours, Store: b.store}, // no Challenges, Matches or Ratings
		{Games: reg, Sessions: b.mgr, Store: b.store},
	} {
		if _, err := router.New(t.Context(), cfg); err == nil {
			t.Fatalf("a router without games, sessions, tournaments or store: %+v", cfg)
		}
	}
}

// TestConcurrentMessages sends moves from many goroutines to several games
// (run with -race): nothing races, every game stays legal.
func TestConcurrentMessages(t *testing.T) {
	b := newBot(t, func(_ *router.Config, s *sessions.Config) { s.Workers = 2 })
	var wg sync.WaitGroup
	for i := range 6 {
		ch := fmt.Sprint("ch", i%3)
		user := fmt.Sprint("user", i)
		wg.Add(1)
		go func() {
			defer wg.Done()
			h := func(text string) {
				b.r.Handle(context.Background(), chat.Message{Platform: "test", ChannelID: ch, UserID: user, UserName: user, Text: text, Private: i%2 == 0})
			}
			h([]string{"play ttt easy", "oyna dama kolay"}[i%2])
			for _, mv := range []string{"5", "c3-c4", "1", "b3-b4", "9", "board", "3", "hint yes", "7", "history", "2", "4", "6", "8", "resign yes"} {
				h(mv)
			}
		}()
	}
	wg.Wait()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := b.r.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	active, err := b.store.ActiveGames(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(active) != 0 {
		t.Fatalf("%d games still active after everyone resigned", len(active))
	}
	if len(b.rec.take()) == 0 {
		t.Fatal("no replies")
	}
}
