package discord

import (
	"strings"
	"testing"

	"oyunbot/chat/discord/fakediscord"
)

// TestE2EAnalyse: Ayşe plays tic-tac-toe against the bot to its end and
// asks for its analysis with /analyse in English: a line says it has
// begun, then the graph comes with each side's accuracy and counts.
// Memo presses the Analyse button under the last board in a Turkish
// client: the kept analysis comes at once, in Turkish (issue 24).
func TestE2EAnalyse(t *testing.T) {
	t.Parallel()
	e := newE2E(t)
	e.srv.SlashCommand(general, ayse, "en-US", "play",
		fakediscord.Str("game", "tictactoe"), fakediscord.Str("level", "easy"), fakediscord.Str("side", "x"))
	board := e.waitBoard(t, general.ID, 1)
	for turn := 2; len(cellIDs(board)) > 0; turn++ {
		e.srv.Press(general, ayse, "en-US", board.ID, cellIDs(board)[0])
		board = e.waitBoard(t, general.ID, turn)
	}
	if !contains(buttonIDs(board), "analyse #g1") {
		t.Fatalf("no Analyse button under the finished game: %v", buttonIDs(board))
	}
	var n int
	e.srv.Snapshot(func(v *fakediscord.View) { n = len(shownBoards(v, general.ID)) })
	seen := len(e.srv.Messages(general.ID))
	e.srv.SlashCommand(general, ayse, "en-US", "analyse")
	e.waitMessage(t, general.ID, seen, "the analysis's start", func(m fakediscord.Message) bool {
		return strings.HasPrefix(m.Content, "Analysing #g1: ")
	})
	graph := e.waitBoard(t, general.ID, n+1)
	decodePNG(t, graph.Files[0])
	for _, want := range []string{"Analysis of #g1, Tic-tac-toe", "X, Ayşe: accuracy ", "O, oyunbot: accuracy "} {
		if !strings.Contains(graph.Content, want) {
			t.Errorf("the analysis lacks %q: %q", want, graph.Content)
		}
	}

	seen = len(e.srv.Messages(general.ID))
	e.srv.Press(general, mehmet, "tr", board.ID, "analyse #g1")
	again := e.waitBoard(t, general.ID, n+2)
	if !strings.Contains(again.Content, "#g1 analizi, XOX") || !strings.Contains(again.Content, "isabet %") {
		t.Errorf("the kept analysis in Turkish: %q", again.Content)
	}
	for _, m := range e.srv.Messages(general.ID)[seen:] {
		if strings.Contains(m.Content, "analiz ediliyor") {
			t.Errorf("a kept analysis was made again: %q", m.Content)
		}
	}
}
