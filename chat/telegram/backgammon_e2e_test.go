package telegram_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/chat/telegram"
	"oyunbot/chat/telegram/telegramtest"
	"oyunbot/sessions"
)

// Backgammon positions (games/tavla.Backgammon's text: standard tavla's
// seven fields, the cube, its phase, the match), each waiting for a
// side's choice to double or roll.
const (
	// White (the person) bears off its last two checkers from its 1
	// point with any roll; Black has 14 checkers home and one off: the
	// bot drops White's double.
	bgPersonCashes = "b3,b3,b3,b3,b2,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,w2 13 1 0 0 w - 1 d money"
	// White's last two checkers on its 6 point (four rolls of 36 bear
	// both off), Black's last two on its 1 point: the bot takes White's
	// double, and the game is played out (White's roll, then Black's).
	bgPersonLongShot = "b2,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,w2,.,.,.,.,. 13 13 0 0 w - 1 d money"
	// The bot (Black, 9 off, 12 pips) far ahead of the person (White, 3
	// off, 42 pips), Black to roll or double: the bot doubles at once.
	bgBotAhead = "b2,b2,b2,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,w2,w2,w2,w2,w2,w2 3 9 0 0 b - 1 d money"
)

// bgLang is what a person types and reads in backgammon in a language.
type bgLang struct {
	user                     telegramtest.User
	name                     string // the person's name in the replies
	play, title              string
	double, roll, take, drop string // the cube words typed
	dropped                  string // the result of a dropped double
	cube                     func(owner string) string
	white, black             string
	points                   func(n int) string
}

var bgLangs = []bgLang{
	{
		user: bob, name: "Bob", play: "/play backgammon hard from ", title: "New game: Backgammon",
		double: "double", roll: "roll", take: "take", drop: "drop", dropped: "the double was dropped",
		cube: func(owner string) string { return "Cube: 2 (" + owner + ")" }, white: "white", black: "black",
		points: func(n int) string { return "(" + strconv.Itoa(n) + " points)" },
	},
	{
		user: ayse, name: "Ayşe Yılmaz", play: "/oyna backgammon zor konum ", title: "Yeni oyun: Tavla (küplü)",
		double: "katla", roll: "zar", take: "al", drop: "bırak", dropped: "katlama bırakıldı",
		cube: func(owner string) string { return "Küp: 2 (" + owner + ")" }, white: "beyaz", black: "siyah",
		points: func(n int) string { return "(" + strconv.Itoa(n) + " sayı)" },
	},
}

// has accepts a message whose text holds all of subs.
func has(subs ...string) func(telegramtest.Sent) bool {
	return func(s telegramtest.Sent) bool {
		for _, sub := range subs {
			if !strings.Contains(s.Text, sub) {
				return false
			}
		}
		return true
	}
}

// lastFinished is the channel's game just finished (the person's).
func (e *e2e) lastFinished(t *testing.T, c telegramtest.Chat, l bgLang) sessions.Snapshot {
	t.Helper()
	f, ok := e.mgr.Lobby().LastFinished(t.Context(), telegram.Platform, strconv.FormatInt(c.ID, 10), strconv.FormatInt(l.user.ID, 10))
	if !ok || !f.Result.Over {
		t.Fatalf("no finished game: %+v", f.Result)
	}
	return f
}

// playBackgammonOut plays the person's side of the backgammon game in
// chat c to its end, typing each move as the person would: a double of
// the bot's answered by answer (l.take or l.drop), no double of the
// person's own (l.roll at the choice), else the first legal move (a
// checker's ply). It returns the finished game and the message that
// told its result.
func (e *e2e) playBackgammonOut(t *testing.T, c telegramtest.Chat, l bgLang, answer string) (sessions.Snapshot, telegramtest.Sent) {
	t.Helper()
	ch := strconv.FormatInt(c.ID, 10)
	var (
		last int64
		id   int64
	)
	for turns := 0; ; turns++ {
		if turns == 200 {
			t.Fatalf("no end after 200 of the person's moves; chat: %q", texts(e.srv.History(c.ID)))
		}
		var s sessions.Snapshot
		over := false
		if err := e.srv.Wait(patience, func() bool {
			gs := e.mgr.Lobby().ChannelGames(telegram.Platform, ch)
			if len(gs) == 0 {
				over = true
				return true
			}
			id = gs[0].ID
			p, ok := gs[0].ToMove()
			if ok && !p.Bot && gs[0].Version > last {
				s = gs[0]
				return true
			}
			return false
		}); err != nil {
			t.Fatalf("the person's turn never came; chat: %q", texts(e.srv.History(c.ID)))
		}
		if over {
			break
		}
		last = s.Version
		move := s.Legal[0]
		switch {
		case slices.Contains(s.Legal, "take"):
			move = answer
		case slices.Contains(s.Legal, "roll"):
			move = l.roll
		}
		if _, err := e.srv.SendText(c, l.user, move); err != nil {
			t.Fatal(err)
		}
	}
	f, ok := e.mgr.Lobby().Finished(t.Context(), id)
	if !ok || !f.Result.Over {
		t.Fatalf("game %d not finished: %+v", id, f.Result)
	}
	var end telegramtest.Sent
	if err := e.srv.Wait(patience, func() bool {
		for _, m := range e.srv.History(c.ID) {
			if strings.Contains(m.Text, "#"+f.Tag()) && strings.Contains(m.Text, l.points(f.Result.Points)) {
				end = m
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatalf("no reply says the result %+v; chat: %q", f.Result, texts(e.srv.History(c.ID)))
	}
	return f, end
}

// TestE2EBackgammonPersonDoubles: backgammon through the Telegram fake,
// typed, in English (Bob) and Turkish (Ayşe): the person doubles. The bot
// drops a double it cannot win against (the game ends, the person wins
// the cube's 1 point) and takes one it is the favourite to win: the cube
// is the bot's at 2 (the caption says so) and the game is played out to
// its end, worth the cube or more.
func TestE2EBackgammonPersonDoubles(t *testing.T) {
	e := newLiveE2E(t, nil)
	for _, l := range bgLangs {
		t.Run(l.user.UserName, func(t *testing.T) {
			pc := telegramtest.Private(l.user)
			e.sayAndWait(t, pc, l.user, l.play+bgPersonCashes, has(l.title))
			e.sayAndWait(t, pc, l.user, l.double, has(l.name+": "+l.double+" · oyunbot: "+l.drop, l.dropped))
			if f := e.lastFinished(t, pc, l); f.Result.Winner != ai.First || f.Result.Points != 1 || f.Result.Reason != "drop" {
				t.Errorf("after the bot's drop: %+v", f.Result)
			}

			e.sayAndWait(t, pc, l.user, l.play+bgPersonLongShot, has(l.title))
			e.sayAndWait(t, pc, l.user, l.double, has(l.name+": "+l.double+" · oyunbot: "+l.take, l.cube(l.black)))
			f, _ := e.playBackgammonOut(t, pc, l, l.take)
			if f.Result.Reason == "drop" || f.Result.Points < 2 {
				t.Errorf("the game played out after the take: %+v", f.Result)
			}
		})
	}
}

// TestE2EBackgammonBotDoubles: the bot doubles, through the Telegram fake
// in both languages; the person takes (the cube is the person's at 2, the
// caption says so) and plays the game out, answering any redouble with a
// take, or drops, losing the cube's 1 point.
func TestE2EBackgammonBotDoubles(t *testing.T) {
	e := newLiveE2E(t, nil)
	for _, l := range bgLangs {
		t.Run(l.user.UserName, func(t *testing.T) {
			pc := telegramtest.Private(l.user)
			e.sayAndWait(t, pc, l.user, l.play+bgBotAhead, has(l.title, "oyunbot: "+l.double))
			e.sayAndWait(t, pc, l.user, l.take, has(l.name+": "+l.take, l.cube(l.white)))
			f, _ := e.playBackgammonOut(t, pc, l, l.take)
			if f.Result.Reason == "drop" || f.Result.Points < 2 {
				t.Errorf("the game played out after the take: %+v", f.Result)
			}

			e.sayAndWait(t, pc, l.user, l.play+bgBotAhead, has(l.title, "oyunbot: "+l.double))
			e.sayAndWait(t, pc, l.user, l.drop, has(l.name+": "+l.drop, l.dropped))
			if f := e.lastFinished(t, pc, l); f.Result.Winner != ai.Second || f.Result.Points != 1 || f.Result.Reason != "drop" {
				t.Errorf("after the person's drop: %+v", f.Result)
			}
		})
	}
}
