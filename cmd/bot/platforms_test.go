package main

// platforms_test.go runs the built bot as a separate process against the
// in-process fake Telegram Bot API and fake Discord at once, configured only
// through the environment as a user would: both platforms serve in one
// process, games are played on each, and SIGTERM shuts it down cleanly.

import (
	"bytes"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"oyunbot/chat/discord/fakediscord"
	"oyunbot/chat/telegram/telegramtest"
)

// platformPatience bounds each wait: a liveness guard, not a speed claim.
const platformPatience = 60 * time.Second

func TestBothPlatformsFromEnvironment(t *testing.T) {
	t.Parallel()
	bin := botBinary(t)
	dir := t.TempDir()

	tg := telegramtest.NewServer(telegramtest.Config{})
	t.Cleanup(tg.Close) // after the bots' cleanups: their polls end first
	guild := fakediscord.Guild{ID: "500", Name: "oyun", OwnerID: "1", Channels: []string{"600"}}
	dc := fakediscord.New(t, fakediscord.Options{Guilds: []fakediscord.Guild{guild}})
	t.Cleanup(dc.Close)

	cmd := exec.Command(bin, "-env", "")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"OYUNBOT_DB="+filepath.Join(dir, "bot.db"), "OYUNBOT_LOG_LEVEL=warn", "OYUNBOT_LANG=en",
		"TELEGRAM_TOKEN="+tg.Token(), "TELEGRAM_API_ENDPOINT="+tg.Endpoint(),
		"DISCORD_TOKEN="+dc.Token(), "DISCORD_API_BASE="+dc.URL())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		cmd.Process.Kill()
		if t.Failed() {
			t.Logf("bot's stderr:\n%s", stderr.String())
		}
	}()

	// Telegram: /play, then a cell button; each turn answered with a photo.
	bob := telegramtest.User{ID: 42, FirstName: "Bob", LanguageCode: "en"}
	chat := telegramtest.Private(bob)
	if _, err := tg.SendText(chat, bob, "/play tictactoe easy"); err != nil {
		t.Fatal(err)
	}
	photos := func() []telegramtest.Sent {
		return boardStates(tg, chat.ID)
	}
	if err := tg.Wait(platformPatience, func() bool { return len(photos()) >= 1 }); err != nil {
		t.Fatalf("no board on Telegram: %v", err)
	}
	first := photos()[0]
	if _, err := png.Decode(bytes.NewReader(first.Photo)); err != nil {
		t.Fatalf("Telegram board is not a PNG: %v", err)
	}
	var cell string
	for _, d := range first.Data() {
		if strings.HasPrefix(d, "move ") {
			cell = d
			break
		}
	}
	if cell == "" {
		t.Fatalf("first board has no cell buttons: %v", first.Data())
	}
	if _, err := tg.Press(bob, chat.ID, first.MessageID, cell); err != nil {
		t.Fatal(err)
	}
	if err := tg.Wait(platformPatience, func() bool { return len(photos()) >= 2 }); err != nil {
		t.Fatalf("no board after the button press: %v", err)
	}
	if reply := photos()[1].Text; !strings.Contains(reply, "oyunbot:") {
		t.Errorf("second board %q does not show the bot's answer", reply)
	}

	// Discord: prefix messages start a dama game and play a move.
	general := fakediscord.Channel{ID: "600", GuildID: guild.ID}
	ayse := fakediscord.User{ID: "7", Name: "ayse", GlobalName: "Ayşe"}
	boards := func(v *fakediscord.View) []fakediscord.Message { return discordBoards(v, general.ID) }
	// The gateway may still be connecting: wait for it before speaking.
	dc.WaitT(t, platformPatience, "the gateway ready", func(v *fakediscord.View) bool { return v.Ready() > 0 })
	dc.SendMessage(general, ayse, "!play dama easy")
	dc.WaitT(t, platformPatience, "a dama board", func(v *fakediscord.View) bool { return len(boards(v)) >= 1 })
	dc.SendMessage(general, ayse, "!move c3-c4")
	dc.WaitT(t, platformPatience, "the bot's answer", func(v *fakediscord.View) bool { return len(boards(v)) >= 2 })
	var last fakediscord.Message
	dc.Snapshot(func(v *fakediscord.View) { b := boards(v); last = b[len(b)-1] })
	if !strings.Contains(last.Content, "c3-c4") {
		t.Errorf("Discord board %q does not show the move", last.Content)
	}
	if _, err := png.Decode(bytes.NewReader(last.Files[0].Data)); err != nil {
		t.Errorf("Discord board is not a PNG: %v", err)
	}

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("bot exited with %v after SIGTERM", err)
		}
	case <-time.After(platformPatience):
		t.Fatal("bot did not stop after SIGTERM")
	}
}

// boardStates are the boards a Telegram chat showed, oldest first: each
// board sent, and each edit of one (a game is one message edited after
// every turn).
func boardStates(tg *telegramtest.Server, chatID int64) []telegramtest.Sent {
	var out []telegramtest.Sent
	for _, s := range tg.History(chatID) {
		if s.Method == "sendPhoto" || s.Method == "editMessageMedia" {
			out = append(out, s)
		}
	}
	return out
}

// discordBoards are the boards a Discord channel showed, oldest first: each
// board sent, and each edit of one (a game is one message edited after
// every turn), as the call that showed it.
func discordBoards(v *fakediscord.View, channelID string) []fakediscord.Message {
	var out []fakediscord.Message
	for _, c := range v.Calls() {
		if c.ChannelID == channelID && len(c.Files) > 0 {
			out = append(out, fakediscord.Message{ID: c.MessageID, ChannelID: channelID, Content: c.Content, Files: c.Files})
		}
	}
	return out
}
