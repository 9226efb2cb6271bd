package present

import (
	"bytes"
	"context"
	"image/png"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/analysis"
	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/dama"
	"oyunbot/games/gamestest"
	"oyunbot/games/islem"
	"oyunbot/games/tavla"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
)

// analysedTicTacToe is a finished game of tic-tac-toe (X wins, O's a2 a
// blunder) and its analysis.
func analysedTicTacToe(t *testing.T) (sessions.Snapshot, *analysis.Result) {
	t.Helper()
	s := sessions.Snapshot{ID: 7, Game: tictactoe.Game{}, Moves: []string{"b2", "a2", "a1", "c1", "c3"},
		Players: [2]sessions.Player{{ID: "1", Name: "Ayşe"}, {ID: sessions.BotID, Name: "oyunbot", Bot: true}},
		Level:   "easy", Result: sessions.Result{Over: true, Winner: ai.First, Points: 1}}
	start, moves, err := s.Replay()
	if err != nil {
		t.Fatal(err)
	}
	res, err := analysis.Analyse(context.Background(), s.Game, start, moves, analysis.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s, res
}

// TestAnalysisReplyEngine: an engine game's analysis in both languages:
// the head, each side's accuracy and counts (plurals), the worst turns
// with the better ones, the basis, and the graph as a PNG; no message id
// is left untranslated.
func TestAnalysisReplyEngine(t *testing.T) {
	r := New(Config{BotName: "oyunbot"}, testCatalog(t))
	s, res := analysedTicTacToe(t)
	for lang, want := range map[chat.Lang][]string{
		chat.English: {"Analysis of #g7, Tic-tac-toe: Ayşe (X) – oyunbot (O, easy)", "X, Ayşe: accuracy 100%",
			"0 inaccuracies, 0 mistakes, 0 blunders", "O, oyunbot: accuracy ", "1 blunder", "• 1… a2 (blunder, −",
			"% win chance); better: ", "• no move lost anything", "as lichess counts them"},
		chat.Turkish: {"#g7 analizi, XOX: Ayşe (X) – oyunbot (O, kolay)", "X, Ayşe: isabet %100", "0 eksik hamle, 0 hata, 0 büyük hata",
			"1 büyük hata", "• 1… a2 (büyük hata, kazanma şansı −%", "daha iyisi: ", "hiçbir hamle bir şey kaybettirmedi"},
	} {
		rep := r.AnalysisReply(lang, s, res)
		for _, w := range want {
			if !strings.Contains(rep.Text, w) {
				t.Errorf("%s: no %q in\n%s", lang, w, rep.Text)
			}
		}
		if strings.Contains(rep.Text, "analysis.") {
			t.Errorf("%s: a message id left in\n%s", lang, rep.Text)
		}
		img, err := png.Decode(bytes.NewReader(rep.Image))
		if err != nil || img.Bounds().Dx() != GraphWidth {
			t.Errorf("%s: the graph: %v", lang, err)
		}
	}
	g := r.AnalysisGraph(chat.Turkish, s, res)
	if g.TopLabel != "X" || g.BottomLabel != "O" || g.AxisLabel != "hamleler" || len(g.Marks) == 0 || !strings.Contains(g.Title, "analiz") {
		t.Errorf("the graph's words: %+v", g)
	}
}

// TestAnalysisReplyReferee: tavla's figures, GNU Backgammon's way: the
// error rate, the rating and its class, the luck and the luck-adjusted
// result, losses in points, the rolls before the moves.
func TestAnalysisReplyReferee(t *testing.T) {
	r := testPresenter(t, nil, nil)
	s := sessions.Snapshot{ID: 9, Game: tavla.Game{}, Moves: []string{"3-1:"},
		Players: [2]sessions.Player{{ID: "1", Name: "Ayşe"}, {ID: "2", Name: "Bob"}},
		Result:  sessions.Result{Over: true, Winner: ai.First, Points: 2}}
	res := &analysis.Result{Version: analysis.Version, Game: "hapis", Method: analysis.MethodReferee, Unit: "point",
		Thresholds: [3]float64{0.04, 0.08, 0.16}, Curve: []float64{0, 0.3, -0.1}, Complete: true, Over: true, Winner: ai.First, Points: 2,
		Turns: []analysis.Turn{
			{Ply: 1, Side: ai.First, Roll: "31:", Moves: []string{"1/4", "1/2"}, Best: []string{"1/4", "4/5"}, Before: 0.1, After: -0.1, Loss: 0.2, Class: analysis.Blunder, Phase: "contact"},
			{Ply: 4, Side: ai.Second, Roll: "65:", Moves: []string{"1/7", "1/6"}, Before: 0.2, After: 0.2, Phase: "race"},
		},
		Sides: []analysis.SideStats{
			{Side: ai.First, Turns: 1, Judged: 1, ErrorRate: 6.2, Rating: 1995, RatingClass: "expert", Blunders: 1, Worst: []int{0},
				Luck: 0.35, Result: 2, LuckAdjusted: 1.8},
			{Side: ai.Second, Turns: 1, Judged: 1, ErrorRate: 0, Rating: 2050, RatingClass: "supernatural", Worst: []int{},
				Luck: -0.15, Result: -2, LuckAdjusted: -1.8},
		}}
	for lang, want := range map[chat.Lang][]string{
		chat.English: {"error rate 6.2 millipoints a decision (1 decision) — about 1995 (expert)", "1 blunder",
			"luck +0.35 points; result +2, luck-adjusted +1.8", "luck −0.15 points; result −2, luck-adjusted −1.8",
			"• 1. 31: 1/4 1/2 (blunder, −0.2 points); better: 1/4 4/5", "(supernatural)", "GNU Backgammon"},
		chat.Turkish: {"hata oranı karar başına 6,2 milipuan (1 karar) — yaklaşık 1995 (uzman)", "1 büyük hata",
			"şans +0,35 puan; sonuç +2, şanstan arındırılmış +1,8", "(büyük hata, −0,2 puan); daha iyisi: 1/4 4/5", "(doğaüstü)"},
	} {
		rep := r.AnalysisReply(lang, s, res)
		for _, w := range want {
			if !strings.Contains(rep.Text, w) {
				t.Errorf("%s: no %q in\n%s", lang, w, rep.Text)
			}
		}
		if strings.Contains(rep.Text, "analysis.") {
			t.Errorf("%s: a message id left in\n%s", lang, rep.Text)
		}
		if rep.Image == nil {
			t.Errorf("%s: no graph", lang)
		}
	}
	g := r.AnalysisGraph(chat.English, s, res)
	if len(g.Phases) != 2 || g.Phases[0].Label != "contact" || g.Phases[1].Label != "race" || g.Min != -1 || g.Max != 1 ||
		!strings.HasSuffix(g.Title, " · errors white 6.2, black 0.0") {
		t.Errorf("the graph: %+v", g)
	}
}

// TestAnalysisReplyDistance: a puzzle's analysis counts the moves that
// kept a shortest path; the graph is the distance to the goal.
func TestAnalysisReplyDistance(t *testing.T) {
	r := testPresenter(t, nil, nil)
	s := sessions.Snapshot{ID: 3, Game: tictactoe.Game{}, Moves: []string{"b2", "a1"},
		Players: [2]sessions.Player{{ID: "1", Name: "Ayşe"}}, Result: sessions.Result{Over: true}}
	res := &analysis.Result{Method: analysis.MethodDistance, Unit: "move", Curve: []float64{3, 2, -1, 0}, Complete: true,
		Turns: []analysis.Turn{{Side: ai.First, Moves: []string{"b2"}, Loss: 2, Best: []string{"a1"}, Class: analysis.Mistake}},
		Sides: []analysis.SideStats{{Side: ai.First, Turns: 3, Judged: 2, Optimal: 1, Accuracy: 50, Mistakes: 1, Worst: []int{0}}}}
	rep := r.AnalysisReply(chat.English, s, res)
	for _, w := range []string{"1 of 2 moves kept a shortest path (50%)", "• 1. b2 (mistake, +2 moves to the goal); better: a1"} {
		if !strings.Contains(rep.Text, w) {
			t.Errorf("no %q in\n%s", w, rep.Text)
		}
	}
	g := r.AnalysisGraph(chat.English, s, res)
	if g.BottomLabel != "goal" || g.PerNumber != 1 || g.Values[2] == g.Values[2] { // NaN: not known
		t.Errorf("the graph: %+v", g)
	}
}

// TestAnalysisWordsOfEveryGame: every unit, phase and rating class a
// registered game's analysis can name has its words in both languages.
func TestAnalysisWordsOfEveryGame(t *testing.T) {
	c := testCatalog(t)
	keys := []string{"analysis.loss.move"} // a puzzle's
	for _, g := range []games.Game{chessgame.Game{}, dama.Game{}, islem.Game{}, tavla.Game{}, tictactoe.Game{}, gamestest.Race{}} {
		keys = append(keys, "analysis.loss."+games.AssessmentOf(g).Unit)
	}
	for _, ph := range []string{"opening", "middlegame", "endgame", "contact", "race", "bearoff", "first-set", "second-set", "moves"} {
		keys = append(keys, "analysis.phase."+ph)
	}
	for _, class := range []string{"supernatural", "world-class", "expert", "advanced", "intermediate", "casual", "beginner", "awful"} {
		keys = append(keys, "analysis.rating."+class)
	}
	for _, cl := range []analysis.Class{analysis.Inaccuracy, analysis.Mistake, analysis.Blunder} {
		keys = append(keys, "analysis.class."+string(cl))
	}
	for _, k := range keys {
		for _, lang := range c.Langs() {
			if !c.Has(lang, k) {
				t.Errorf("%s: no %q", lang, k)
			}
		}
	}
}

// TestAnalysisWorstLostSomething: a move whose loss rounds to nothing is
// not among the worst ("Kf1 (−0% win chance)" was; issue 35 item 23); a
// side whose moves all round to nothing lost nothing.
func TestAnalysisWorstLostSomething(t *testing.T) {
	r := New(Config{BotName: "oyunbot"}, testCatalog(t))
	s := sessions.Snapshot{ID: 7, Game: tictactoe.Game{}, Moves: []string{"b2", "a2", "a1"},
		Players: [2]sessions.Player{{ID: "1", Name: "Ayşe"}, {ID: "2", Name: "Bob"}},
		Result:  sessions.Result{Over: true, Winner: ai.First, Points: 1}}
	res := &analysis.Result{Version: analysis.Version, Game: "tictactoe", Method: analysis.MethodEngine, ByChance: true,
		Curve: []float64{0, 0, 0.1, 0.1}, Complete: true, Over: true, Winner: ai.First,
		Turns: []analysis.Turn{
			{Ply: 1, Side: ai.First, Moves: []string{"b2"}, Loss: 0.3},
			{Ply: 2, Side: ai.Second, Moves: []string{"a2"}, Best: []string{"a1"}, Loss: 12, Class: analysis.Mistake},
			{Ply: 3, Side: ai.First, Moves: []string{"a1"}, Loss: 0.4},
		},
		Sides: []analysis.SideStats{
			{Side: ai.First, Turns: 2, Judged: 2, Accuracy: 99, Worst: []int{2, 0}},
			{Side: ai.Second, Turns: 1, Judged: 1, Accuracy: 60, Mistakes: 1, Worst: []int{1}},
		}}
	for lang, want := range map[chat.Lang][]string{
		chat.English: {"• no move lost anything", "• 1… a2 (mistake, −12% win chance)"},
		chat.Turkish: {"• hiçbir hamle bir şey kaybettirmedi", "• 1… a2 (hata, kazanma şansı −%12)"},
	} {
		text := r.AnalysisText(lang, s, res)
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: no %q in\n%s", lang, w, text)
			}
		}
		if strings.Contains(text, "−0%") || strings.Contains(text, "−%0") || strings.Contains(text, "b2") {
			t.Errorf("%s: a move that lost nothing listed among the worst:\n%s", lang, text)
		}
	}
}
