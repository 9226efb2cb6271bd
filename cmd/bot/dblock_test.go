package main

import (
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"oyunbot/chat/telegram/telegramtest"
)

// TestOneProcessPerSQLiteFile (issue 41.1): a second bot on the SQLite
// file a running one uses exits at once, non-zero, saying who holds it and
// what to do, before it polls or sends anything (two used to run side by
// side and send the same chats' replies twice); checkdb refuses too. After
// the first is killed (SIGKILL), a new one starts: the system released
// the lock with the dead process.
func TestOneProcessPerSQLiteFile(t *testing.T) {
	bin := botBinary(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "bot.db")
	tg := telegramtest.NewServer(telegramtest.Config{})
	defer tg.Close()

	first := startTelegramBot(t, bin, dir, db, tg, "OYUNBOT_LOG_LEVEL=info")
	first.out.waitLine(t, "serving")

	second := startTelegramBot(t, bin, dir, db, tg, "OYUNBOT_LOG_LEVEL=info")
	exitedBefore(t, second, "serving")
	var ee *exec.ExitError
	if !errors.As(second.err, &ee) || ee.ExitCode() != 1 {
		t.Errorf("the second process exited with %v, want exit status 1", second.err)
	}
	msg := second.out.String()
	for _, want := range []string{"level=ERROR", fmt.Sprintf("another oyunbot process (pid %d) is using the database %s", first.cmd.Process.Pid, db),
		db + ".lock", "only one process may use a SQLite file", "stop the other one first", "PostgreSQL"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the second process's message lacks %q:\n%s", want, msg)
		}
	}

	cmd := exec.Command(bin, "checkdb", "-db", db, "-env", "")
	out, err := cmd.CombinedOutput()
	if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(string(out), "is using the database") ||
		!strings.Contains(string(out), "stop the bot first") {
		t.Errorf("checkdb beside a running bot: %v\n%s", err, out)
	}

	first.cmd.Process.Kill()
	<-first.done
	third := startTelegramBot(t, bin, dir, db, tg, "OYUNBOT_LOG_LEVEL=info")
	third.out.waitLine(t, "serving")
	ali := telegramtest.User{ID: 41, FirstName: "Ali", LanguageCode: "en"}
	if _, err := tg.SendText(telegramtest.Private(ali), ali, "/play tictactoe"); err != nil {
		t.Fatal(err)
	}
	if err := tg.Wait(platformPatience, func() bool { return len(tg.Sent(ali.ID)) > 0 }); err != nil {
		t.Fatal("the bot started after the kill does not answer")
	}
}

// exitedBefore waits for b to exit, failing the test if it writes a line
// with all of subs first (it started after all).
func exitedBefore(t *testing.T, b *tgBot, subs ...string) {
	t.Helper()
	for {
		b.out.mu.Lock()
		ch := b.out.changed
		b.out.mu.Unlock()
		if l, ok := b.out.line(subs...); ok {
			t.Fatalf("the second process started: %s", l)
		}
		select {
		case <-b.done:
			return
		case <-ch:
		}
	}
}
