package main

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"oyunbot/chat/telegram/telegramtest"
	"oyunbot/store"
)

// TestOneProcessPerSQLiteFile (issue 41.1): a second bot on the SQLite
// file a running one uses exits at once, non-zero, saying who holds it and
// what to do, before it polls or sends anything (two used to run side by
// side and send the same chats' replies twice); checkdb refuses too. After
// the first is killed (SIGKILL), a new one starts: the system released
// the lock with the dead process.
func TestOneProcessPerSQLiteFile(t *testing.T) {
	t.Parallel()
	bin := botBinary(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "bot.db")
	tg := telegramtest.NewServer(telegramtest.Config{})
	t.Cleanup(tg.Close) // after the bots' cleanups: their polls end first

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

// TestLockDB: in one process (flock's locks belong to open file
// descriptions), a second lock of the file is refused with the message
// the bot logs; a private database takes no lock file; the released file
// can be locked again.
func TestLockDB(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	dir := t.TempDir()
	db := filepath.Join(dir, "bot.db")
	unlock, err := lockDB(db, log)
	if err != nil {
		t.Fatal(err)
	}
	_, err = lockDB(db, log)
	want := fmt.Sprintf("another oyunbot process (pid %d) is using the database %s (it holds %s.lock): only one process may use a SQLite file; "+
		"stop the other one first, or run several processes on PostgreSQL (OYUNBOT_DB=postgres://..., the shared mode)", os.Getpid(), db, db)
	if err == nil || err.Error() != want {
		t.Errorf("the second lock: %v\nwant %s", err, want)
	}
	unlock()
	again, err := lockDB(db, log)
	if err != nil {
		t.Fatalf("after the release: %v", err)
	}
	again()
	for _, private := range []string{store.MemoryDB, ""} {
		u1, err1 := lockDB(private, log)
		u2, err2 := lockDB(private, log)
		if err1 != nil || err2 != nil {
			t.Errorf("a private database %q: %v, %v", private, err1, err2)
			continue
		}
		u1()
		u2()
	}
	if _, err := lockDB(filepath.Join(dir, "missing", "bot.db"), log); err == nil || !strings.Contains(err.Error(), "locking the database") {
		t.Errorf("a lock in a missing folder: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "bot.db.lock" {
		t.Errorf("files made: %v, want bot.db.lock alone", entries)
	}
}
