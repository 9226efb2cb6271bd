package main

// replies_kill_test.go: the built bot, killed (SIGKILL) or stopped (SIGTERM)
// with six boards still owed to a Telegram group (twice the group's burst
// of three: the rest wait for its pace, a board every 3 s), delivers every
// one of them, once, after it starts again: replies are delayed, never
// lost. (Fifteen took a minute of pace; chat/telegram's storm tests owe
// fifteen.)

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"oyunbot/chat/telegram/telegramtest"
)

func TestOwedRepliesSurviveKill(t *testing.T) {
	t.Parallel()
	bin := botBinary(t)
	for _, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel() // each waits out Telegram's group pace (a board every 3 s)
			owedRepliesSurvive(t, bin, sig)
		})
	}
}

func owedRepliesSurvive(t *testing.T, bin string, sig syscall.Signal) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "bot.db")
	tg := telegramtest.NewServer(telegramtest.Config{})
	t.Cleanup(tg.Close) // after the bots' cleanups: their polls end first
	// The platform refuses every board until the bot has stopped.
	down := make([]telegramtest.Fault, 100000)
	for i := range down {
		down[i] = telegramtest.Fault{Status: http.StatusBadGateway, Description: "Bad Gateway"}
	}
	tg.Fail("sendPhoto", down...)

	bot := startTelegramBot(t, bin, dir, dbPath, tg)

	group := telegramtest.Group(-100700, "oyun")
	var people []string
	for i := range 6 {
		u := telegramtest.User{ID: int64(2000 + i), FirstName: fmt.Sprintf("K%02d", i), LanguageCode: "en"}
		people = append(people, u.FirstName)
		if _, err := tg.SendText(group, u, "/play tictactoe easy"); err != nil {
			t.Fatal(err)
		}
	}
	// Every /play handled: fifteen boards owed, in the bot's database.
	db, err := sql.Open("sqlite", "file:"+dbPath+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	owed := func() int {
		var n int
		if err := db.QueryRowContext(context.Background(),
			`SELECT count(*) FROM outbox WHERE state = '' AND platform = 'telegram'`).Scan(&n); err != nil {
			return -1 // the bot is still creating the database
		}
		return n
	}
	if err := tg.Wait(platformPatience, func() bool { return owed() == len(people) }); err != nil {
		t.Fatalf("%d boards owed, want %d", owed(), len(people))
	}
	if err := bot.cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	<-bot.done
	if err := bot.err; sig == syscall.SIGTERM && err != nil {
		t.Fatalf("bot exited with %v after SIGTERM", err)
	}
	boards := func() map[string]int {
		got := map[string]int{}
		for _, s := range tg.Sent(group.ID) {
			for _, p := range people {
				if s.Method == "sendPhoto" && strings.Contains(s.Text, p+" (X)") {
					got[p]++
				}
			}
		}
		return got
	}
	if got := boards(); len(got) != 0 {
		t.Fatalf("boards went out through a failing server: %v", got)
	}

	tg.ClearFaults() // the platform is back
	startTelegramBot(t, bin, dir, dbPath, tg)
	if err := tg.Wait(platformPatience, func() bool { return len(boards()) == len(people) }); err != nil {
		t.Fatalf("after the restart, boards delivered: %v", boards())
	}
	if err := tg.Wait(platformPatience, func() bool { return owed() == 0 }); err != nil {
		t.Fatalf("%d replies still owed", owed())
	}
	for p, n := range boards() {
		if n != 1 {
			t.Errorf("%s got %d boards", p, n)
		}
	}
}
