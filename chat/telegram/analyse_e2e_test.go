package telegram_test

import (
	"strings"
	"testing"

	"oyunbot/chat/telegram/telegramtest"
)

// TestE2EAnalyse: Bob asks for the analysis of his game in play, and is
// told to wait for its end; he plays it to its end and presses the
// Analyse button under the last board: a line says the
// analysis has begun, then the graph comes with each side's accuracy and
// counts. Ayşe, in Turkish, asks for the same game's analysis by its tag
// in the same chat: it is kept, so it comes at once, in Turkish, without
// the line (issue 24).
func TestE2EAnalyse(t *testing.T) {
	e := newE2E(t)
	pc := telegramtest.Private(bob)
	if _, err := e.srv.SendText(pc, bob, "/play tictactoe easy x"); err != nil {
		t.Fatal(err)
	}
	board := e.waitPhotos(t, pc.ID, 1)
	seen := len(e.srv.History(pc.ID))
	if _, err := e.srv.SendText(pc, bob, "/analyse"); err != nil {
		t.Fatal(err)
	}
	e.waitText(t, pc.ID, seen, func(s telegramtest.Sent) bool {
		return s.Text == "#g1 is still being played: ask for its analysis once it is over."
	})
	for turn := 2; ; turn++ {
		cells := cellMoves(board)
		if len(cells) == 0 {
			break
		}
		if _, err := e.srv.Press(bob, pc.ID, board.MessageID, cells[0]); err != nil {
			t.Fatal(err)
		}
		board = e.waitPhotos(t, pc.ID, turn)
	}
	var analyse string
	for _, d := range board.Data() {
		if strings.HasPrefix(d, "analyse #g1") {
			analyse = d
		}
	}
	if analyse == "" {
		t.Fatalf("no Analyse button under the finished game: %q", board.Data())
	}
	boards := len(e.photos(pc.ID))
	seen = len(e.srv.History(pc.ID))
	if _, err := e.srv.Press(bob, pc.ID, board.MessageID, analyse); err != nil {
		t.Fatal(err)
	}
	e.waitText(t, pc.ID, seen, func(s telegramtest.Sent) bool { return strings.HasPrefix(s.Text, "Analysing #g1: ") })
	graph := e.waitPhotos(t, pc.ID, boards+1)
	decodes(t, graph)
	for _, want := range []string{"Analysis of #g1, Tic-tac-toe", "X, Bob: accuracy ", "O, oyunbot: accuracy ", "blunder"} {
		if !strings.Contains(graph.Text, want) {
			t.Errorf("the analysis's caption lacks %q: %q", want, graph.Text)
		}
	}

	seen = len(e.srv.History(pc.ID))
	if _, err := e.srv.SendText(pc, ayse, "/analiz #g1"); err != nil {
		t.Fatal(err)
	}
	again := e.waitPhotos(t, pc.ID, boards+2)
	if !strings.Contains(again.Text, "#g1 analizi, XOX") || !strings.Contains(again.Text, "isabet %") {
		t.Errorf("the kept analysis in Turkish: %q", again.Text)
	}
	for _, s := range e.srv.History(pc.ID)[seen:] {
		if strings.Contains(s.Text, "analiz ediliyor") {
			t.Errorf("a kept analysis was made again: %q", s.Text)
		}
	}
}
