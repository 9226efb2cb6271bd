package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// built is the bot binary, built once for every test of the package that
// runs it as a separate process (removed by TestMain).
var built struct {
	once sync.Once
	bin  string
	err  error
	out  []byte
}

// botBinary returns the built bot, building it at the first call; in -short
// runs the test is skipped.
func botBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the bot")
	}
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "oyunbot-test")
		if err != nil {
			built.err = err
			return
		}
		built.bin = filepath.Join(dir, "bot")
		built.out, built.err = exec.Command("go", "build", "-o", built.bin, ".").CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("go build: %v\n%s", built.err, built.out)
	}
	return built.bin
}

func TestMain(m *testing.M) {
	// The bots the tests start keep the draughts endgame databases to the
	// table solved at start (three pieces): the five pieces' are minutes of
	// CPU and 600 MB of cache (bot egdb's own test builds three).
	if os.Getenv("OYUNBOT_DRAUGHTS_EGDB") == "" {
		os.Setenv("OYUNBOT_DRAUGHTS_EGDB", "3")
	}
	code := m.Run()
	if built.bin != "" {
		os.RemoveAll(filepath.Dir(built.bin))
	}
	os.Exit(code)
}
