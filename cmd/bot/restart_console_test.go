package main

import (
	"strings"
	"testing"
)

// TestConsoleRestartShowsNoBoardAgain walks issue 35's items 4 and 5 in the
// console, each run a new process on the same database: neither a level
// change nor an accepted hint brings an "after a restart" board at the
// next start, and a tournament round shows the board of the game a person
// opens at once, not at the next start.
func TestConsoleRestartShowsNoBoardAgain(t *testing.T) {
	botEnv(t)
	for _, run := range []struct{ script, want string }{
		{"oyna xox\nseviye zor\n", "#g1 Botun seviyesi artık zor."},
		{"ipucu evet\n", "#g1 İpucu: "},
		{"lang en\ntournament create ttt roundrobin\njoin\n/as bora\njoin\n/as you\nstart\n",
			"#g2 Tournament round 1 · New game: Tic-tac-toe — you (X) – bora (O)"},
		{"", ""},
	} {
		out := runPiped(t, run.script)
		if !strings.Contains(out, run.want) {
			t.Fatalf("no %q in:\n%s", run.want, out)
		}
		if strings.Contains(out, "Yeniden başlatmadan sonra") || strings.Contains(out, "After a restart") {
			t.Fatalf("after %q the start shows a board again:\n%s", run.script, out)
		}
	}
}
