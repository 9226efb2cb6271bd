package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConsoleStartIsQuiet: in console mode, at the default level, the
// start-up lines ("restored games", clocks credited) are not printed among
// the replies; OYUNBOT_LOG_LEVEL, from the environment or the .env file,
// brings them back.
func TestConsoleStartIsQuiet(t *testing.T) {
	botEnv(t)
	os.Unsetenv("OYUNBOT_LOG_LEVEL") // botEnv's t.Setenv puts it back afterwards
	console := func(args []string, input string) (string, string) {
		t.Helper()
		var out, errOut bytes.Buffer
		if code := run(args, strings.NewReader(input), &out, &errOut); code != 0 {
			t.Fatalf("exit %d\n%s\n%s", code, out.String(), errOut.String())
		}
		return out.String(), errOut.String()
	}
	noEnv := []string{"-env", ""}
	// A game left running, so that the next start restores it.
	console(noEnv, "oyna dama kolay\nc3-c4\n")
	for _, tc := range []struct{ input, want string }{
		{"tahta\n", "#g1 Dama — you (beyaz) – oyunbot (siyah, kolay)"},
		{"board\n", "#g1 Dama — you (white) – oyunbot (black, easy)"},
	} {
		out, logs := console(noEnv, tc.input)
		if !strings.Contains(out, tc.want) {
			t.Errorf("%q: output lacks %q:\n%s", tc.input, tc.want, out)
		}
		if logs != "" {
			t.Errorf("%q: start-up lines at the default level:\n%s", tc.input, logs)
		}
	}
	t.Setenv("OYUNBOT_LOG_LEVEL", "info")
	if _, logs := console(noEnv, "board\n"); !strings.Contains(logs, `msg="restored games" count=1`) {
		t.Errorf("OYUNBOT_LOG_LEVEL=info: %q", logs)
	}
	os.Unsetenv("OYUNBOT_LOG_LEVEL")
	dotenv := filepath.Join(t.TempDir(), ".env")
	if err := os.WriteFile(dotenv, []byte("OYUNBOT_LOG_LEVEL=debug\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, logs := console([]string{"-env", dotenv}, "tahta\n"); !strings.Contains(logs, `msg="restored games" count=1`) {
		t.Errorf("OYUNBOT_LOG_LEVEL=debug in .env: %q", logs)
	}
}
