package main

import (
	"strings"
	"testing"
)

// TestConsoleOpenChallenge: the console's users ("/as NAME") take up an
// open challenge as people in a group do: one posts it naming nobody,
// another accepts it (typed, or the button's text) and the game starts;
// before, the console answered only the usage line (issue 35.2).
func TestConsoleOpenChallenge(t *testing.T) {
	for _, tc := range []struct{ name, script, sent, started string }{
		{"en", "lang en\nchallenge dama 5m\n/as bora\naccept\n",
			"You invite anyone here to play Dama! The first to accept plays: accept",
			"#g1 New game: Dama — you (white) – bora (black)"},
		{"tr", "meydan xox 5dk\n/as bora\nkabul\n",
			"Buradaki herkesi XOX oynamaya çağırdın! İlk kabul eden oynar: kabul",
			"#g1 Yeni oyun: XOX — you (X) – bora (O)"},
		{"the button's text", "lang en\nchallenge ttt\n/as cem\nAccept\n",
			"You invite anyone here to play Tic-tac-toe!", "#g1 New game: Tic-tac-toe — you (X) – cem (O)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			botEnv(t)
			out := runPiped(t, tc.script)
			for _, want := range []string{tc.sent, tc.started} {
				if !strings.Contains(out, want) {
					t.Errorf("no %q in:\n%s", want, out)
				}
			}
			if strings.Contains(out, "Usage: challenge") || strings.Contains(out, "Kullanım: meydan") {
				t.Errorf("the usage line:\n%s", out)
			}
		})
	}
}
