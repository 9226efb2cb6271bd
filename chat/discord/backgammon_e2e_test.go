package discord

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/chat/discord/fakediscord"
	"oyunbot/games"
	"oyunbot/games/tavla"
	"oyunbot/render"
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
	// double, and the game is played out.
	bgPersonLongShot = "b2,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,w2,.,.,.,.,. 13 13 0 0 w - 1 d money"
	// The bot (Black, 9 off, 12 pips) far ahead of the person (White, 3
	// off, 42 pips), Black to roll or double: the bot doubles at once.
	bgBotAhead = "b2,b2,b2,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,w2,w2,w2,w2,w2,w2 3 9 0 0 b - 1 d money"
)

// bgLang is what a person types and reads in backgammon in a language
// (the fake's DM speaks the language of the words typed).
type bgLang struct {
	locale, play, move, title string
	double, roll, take, drop  string // the cube words typed
	dropped                   string // the result of a dropped double
	cube                      func(owner string) string
	white, black              string
	points                    func(n int) string
}

var bgLangs = []bgLang{
	{
		locale: "tr", play: "!oyna backgammon zor konum ", move: "!hamle ", title: "Yeni oyun: Tavla (küplü)",
		double: "katla", roll: "zar", take: "al", drop: "bırak", dropped: "katlama bırakıldı",
		cube: func(owner string) string { return "Küp: 2 (" + owner + ")" }, white: "beyaz", black: "siyah",
		points: func(n int) string { return "(" + strconv.Itoa(n) + " sayı)" },
	},
	{
		locale: "en-US", play: "!play backgammon hard from ", move: "!move ", title: "New game: Backgammon",
		double: "double", roll: "roll", take: "take", drop: "drop", dropped: "the double was dropped",
		cube: func(owner string) string { return "Cube: 2 (" + owner + ")" }, white: "white", black: "black",
		points: func(n int) string { return "(" + strconv.Itoa(n) + " points)" },
	},
}

// newBackgammonE2E is the e2e setup with backgammon and its drawer.
func newBackgammonE2E(t *testing.T) *e2e {
	t.Helper()
	reg, err := games.NewRegistry(tavla.Backgammon{})
	if err != nil {
		t.Fatal(err)
	}
	return newE2EWith(t, reg, map[string]render.Drawer{"backgammon": render.NewBackgammon(240)})
}

// sayAndWait sends text to channel ch as ayse and waits for a message the
// bot sends or edits after it whose content holds all of subs.
func (e *e2e) sayAndWait(t *testing.T, ch fakediscord.Channel, text string, subs ...string) {
	t.Helper()
	var seen int
	e.srv.WaitT(t, wait, "the calls so far", func(v *fakediscord.View) bool { seen = len(v.Calls()); return true })
	e.srv.SendMessage(ch, ayse, text)
	e.srv.WaitT(t, wait, strings.Join(subs, " and "), func(v *fakediscord.View) bool {
		calls := v.Calls()
		for _, c := range calls[min(seen, len(calls)):] {
			if c.ChannelID == ch.ID && containsAll(c.Content, subs) {
				return true
			}
		}
		return false
	})
}

func containsAll(s string, subs []string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

// playBackgammonOut plays ayse's side of the backgammon game in channel
// ch to its end, typing each move: a double of the bot's answered by
// answer (l.take or l.drop), no double of ayse's own (l.roll at the
// choice), else the first legal move (a checker's ply). It returns the
// finished game, once a reply has told its result.
func (e *e2e) playBackgammonOut(t *testing.T, ch fakediscord.Channel, l bgLang, answer string) sessions.Snapshot {
	t.Helper()
	var last, id int64
	for turns := 0; ; turns++ {
		if turns == 200 {
			t.Fatal("no end after 200 of the person's moves")
		}
		var s sessions.Snapshot
		over := false
		e.srv.WaitT(t, wait, "the person's turn", func(*fakediscord.View) bool {
			gs := e.mgr.Lobby().ChannelGames(Platform, ch.ID)
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
		})
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
		e.srv.SendMessage(ch, ayse, l.move+move)
	}
	f, ok := e.mgr.Lobby().Finished(t.Context(), id)
	if !ok || !f.Result.Over {
		t.Fatalf("game %d not finished: %+v", id, f.Result)
	}
	e.srv.WaitT(t, wait, "the result", func(v *fakediscord.View) bool {
		return slices.ContainsFunc(v.Calls(), func(c fakediscord.Call) bool {
			return c.ChannelID == ch.ID && containsAll(c.Content, []string{"#" + f.Tag(), l.points(f.Result.Points)})
		})
	})
	return f
}

// lastFinished is the channel's game just finished.
func (e *e2e) lastFinished(t *testing.T, ch fakediscord.Channel) sessions.Snapshot {
	t.Helper()
	f, ok := e.mgr.Lobby().LastFinished(t.Context(), Platform, ch.ID, ayse.ID)
	if !ok || !f.Result.Over {
		t.Fatalf("no finished game: %+v", f.Result)
	}
	return f
}

// TestE2EBackgammonPersonDoubles: backgammon through the fake Discord,
// typed, in Turkish and English: the person doubles. The bot drops a
// double it cannot win against (the person wins the cube's 1 point) and
// takes one it is the favourite to win: the cube is the bot's at 2 (the
// board's text says so) and the game is played out to its end, worth the
// cube or more.
func TestE2EBackgammonPersonDoubles(t *testing.T) {
	t.Parallel()
	for _, l := range bgLangs {
		t.Run(l.locale, func(t *testing.T) {
			t.Parallel()
			e := newBackgammonE2E(t)
			e.sayAndWait(t, dm, l.play+bgPersonCashes, l.title)
			e.sayAndWait(t, dm, l.move+l.double, "Ayşe: "+l.double+" · oyunbot: "+l.drop, l.dropped)
			if f := e.lastFinished(t, dm); f.Result.Winner != ai.First || f.Result.Points != 1 || f.Result.Reason != "drop" {
				t.Errorf("after the bot's drop: %+v", f.Result)
			}

			e.sayAndWait(t, dm, l.play+bgPersonLongShot, l.title)
			e.sayAndWait(t, dm, l.move+l.double, "Ayşe: "+l.double+" · oyunbot: "+l.take, l.cube(l.black))
			if f := e.playBackgammonOut(t, dm, l, l.take); f.Result.Reason == "drop" || f.Result.Points < 2 {
				t.Errorf("the game played out after the take: %+v", f.Result)
			}
		})
	}
}

// TestE2EBackgammonBotDoubles: the bot doubles, through the fake Discord
// in both languages; the person takes (the cube is the person's at 2)
// and plays the game out, answering any redouble with a take, or drops,
// losing the cube's 1 point.
func TestE2EBackgammonBotDoubles(t *testing.T) {
	t.Parallel()
	for _, l := range bgLangs {
		t.Run(l.locale, func(t *testing.T) {
			t.Parallel()
			e := newBackgammonE2E(t)
			e.sayAndWait(t, dm, l.play+bgBotAhead, l.title, "oyunbot: "+l.double)
			e.sayAndWait(t, dm, l.move+l.take, "Ayşe: "+l.take, l.cube(l.white))
			if f := e.playBackgammonOut(t, dm, l, l.take); f.Result.Reason == "drop" || f.Result.Points < 2 {
				t.Errorf("the game played out after the take: %+v", f.Result)
			}

			e.sayAndWait(t, dm, l.play+bgBotAhead, l.title, "oyunbot: "+l.double)
			e.sayAndWait(t, dm, l.move+l.drop, "Ayşe: "+l.drop, l.dropped)
			if f := e.lastFinished(t, dm); f.Result.Winner != ai.Second || f.Result.Points != 1 || f.Result.Reason != "drop" {
				t.Errorf("after the person's drop: %+v", f.Result)
			}
		})
	}
}
