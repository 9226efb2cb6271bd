package main

import (
	"os"
	"os/exec"
	"testing"

	"oyunbot/chat/telegram/telegramtest"
)

// tgBot is the built bot running against a fake Telegram, in long-polling
// mode.
type tgBot struct {
	cmd  *exec.Cmd
	done chan struct{}  // closed once it has exited
	err  error          // how it exited, once done is closed
	out  *processOutput // what it wrote to stderr
}

// startTelegramBot starts bin in dir on the SQLite file db, polling tg,
// with env added to its environment. It is killed when the test ends, and
// what it wrote is shown if the test failed.
func startTelegramBot(t *testing.T, bin, dir, db string, tg *telegramtest.Server, env ...string) *tgBot {
	t.Helper()
	b := &tgBot{done: make(chan struct{}), out: newProcessOutput()}
	b.cmd = exec.Command(bin, "-env", "")
	b.cmd.Dir = dir
	b.cmd.Env = append(os.Environ(), "OYUNBOT_DB="+db, "OYUNBOT_LOG_LEVEL=warn", "OYUNBOT_LANG=en",
		"TELEGRAM_TOKEN="+tg.Token(), "TELEGRAM_API_ENDPOINT="+tg.Endpoint())
	b.cmd.Env = append(b.cmd.Env, env...)
	b.cmd.Stderr = b.out
	if err := b.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		b.err = b.cmd.Wait()
		close(b.done)
	}()
	t.Cleanup(func() {
		b.cmd.Process.Kill()
		<-b.done
		if t.Failed() {
			t.Logf("bot's stderr:\n%s", b.out.String())
		}
	})
	return b
}
