package main

// polling_kill_test.go: the built bot, in long-polling mode, killed
// (SIGKILL) while a move it received is still being handled, plays that
// move after it starts again: getUpdates confirms only what was handled
// (issue 21).

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"oyunbot/chat/telegram/telegramtest"
)

func TestPolledMoveSurvivesKill(t *testing.T) {
	t.Parallel()
	bin := botBinary(t)
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "bot.db")
	tg := telegramtest.NewServer(telegramtest.Config{})
	t.Cleanup(tg.Close) // after the bots' cleanups: their polls end first
	bot := startTelegramBot(t, bin, dir, dbPath, tg)

	bob := telegramtest.User{ID: 77, FirstName: "Bob", LanguageCode: "en"}
	pc := telegramtest.Private(bob)
	caption := func(sub string) func() bool {
		return func() bool {
			for _, s := range tg.Sent(pc.ID) {
				if s.Method == "sendPhoto" && strings.Contains(s.Text, sub) {
					return true
				}
			}
			return false
		}
	}
	if _, err := tg.SendText(pc, bob, "/play tictactoe easy x"); err != nil {
		t.Fatal(err)
	}
	if err := tg.Wait(platformPatience, caption("#g1")); err != nil {
		t.Fatalf("no board: %v", texts(tg.Sent(pc.ID)))
	}

	// The database is held by someone else for a while: the move's save
	// waits, and the bot is killed while it does.
	db, err := sql.Open("sqlite", "file:"+dbPath+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	lock, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lock.ExecContext(ctx, "BEGIN EXCLUSIVE"); err != nil {
		t.Fatal(err)
	}
	if _, err := tg.SendText(pc, bob, "/move b2"); err != nil {
		t.Fatal(err)
	}
	move := tg.LastUpdate()
	// The bot has the move, and has polled again since: a bot that
	// confirms what it receives has confirmed it by now.
	if err := tg.Wait(platformPatience, func() bool { _, since := tg.Delivered(move); return since }); err != nil {
		t.Fatal("the bot never received the move")
	}
	if tg.Confirmed(move) {
		t.Fatal("the move was confirmed to Telegram before it was handled")
	}
	if err := bot.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-bot.done
	if _, err := lock.ExecContext(ctx, "ROLLBACK"); err != nil {
		t.Fatal(err)
	}
	lock.Close()
	if caption("b2")() {
		t.Fatal("the move was answered before the kill: nothing was in flight")
	}

	startTelegramBot(t, bin, dir, dbPath, tg)
	if err := tg.Wait(platformPatience, caption("Bob: b2")); err != nil {
		t.Fatalf("after the restart the move was not played: %v", texts(tg.Sent(pc.ID)))
	}
	if err := tg.Wait(platformPatience, func() bool { return tg.Confirmed(move) }); err != nil {
		t.Fatal("the move was played but never confirmed")
	}
	var moves string
	if err := db.QueryRowContext(ctx, `SELECT moves FROM games WHERE id = 1`).Scan(&moves); err != nil {
		t.Fatal(err)
	}
	if strings.Count(moves, `"b2"`) != 1 {
		t.Errorf("the game's moves: %s", moves)
	}
}

// texts lists what was sent, for failure messages.
func texts(sent []telegramtest.Sent) []string {
	var out []string
	for _, s := range sent {
		out = append(out, s.Method+": "+s.Text)
	}
	return out
}
