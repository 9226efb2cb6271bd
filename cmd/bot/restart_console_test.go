package main

import (
	"strings"
	"testing"
)

// TestConsoleRestartShowsNoBoardAgain walks issue 35's items 4 and 5 in the
// console, each run a new process on the same database: a tournament
// round shows the board of the game a person opens at once, and neither
// that board nor a level change or an accepted hint brings an "after a
// restart" board at the next start.
func TestConsoleRestartShowsNoBoardAgain(t *testing.T) {
	for _, tc := range []struct{ name, script, want, restored string }{
		{"seviye zor", "oyna xox\nseviye zor\n", "#g1 Botun seviyesi artık zor.", "Yeniden başlatmadan sonra"},
		{"hint yes", "lang en\nplay ttt\nhint yes\n", "#g1 Hint: ", "After a restart"},
		{"tournament round", "lang en\ntournament create ttt roundrobin\njoin\n/as bora\njoin\n/as you\nstart\n",
			"#g1 Tournament round 1 · New game: Tic-tac-toe — you (X) – bora (O)", "After a restart"},
		{"turnuva turu", "turnuva oluştur xox lig\nkatıl\n/as bora\nkatıl\n/as you\nbaşlat\n",
			"#g1 Turnuva 1. tur · Yeni oyun: XOX — you (X) – bora (O)", "Yeniden başlatmadan sonra"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			botEnv(t)
			if out := runPiped(t, tc.script); !strings.Contains(out, tc.want) {
				t.Fatalf("no %q in:\n%s", tc.want, out)
			}
			if out := runPiped(t, ""); strings.Contains(out, tc.restored) || strings.Contains(out, "#g1") {
				t.Fatalf("the next start shows:\n%s", out)
			}
		})
	}
}
