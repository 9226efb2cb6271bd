package main

// allgames_platforms_test.go plays every registered game on both platforms
// through the built bot: each starts, its board arrives as a picture, a
// legal move typed by the player is answered with the next picture.

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"oyunbot/chat/discord/fakediscord"
	"oyunbot/chat/telegram/telegramtest"
	"oyunbot/internal/registry"
)

// legalRE reads the first move of a "legal" answer; groupedRE the first
// of one that groups its moves (İşlem's "place 0 1 … → a1–8 b1–8 …",
// issue 20.10): the first stone on the first square.
var (
	legalRE   = regexp.MustCompile(`Legal moves \(\d+\): ([^,\n…]+)`)
	groupedRE = regexp.MustCompile(`Legal moves \(\d+\): *\n\S+ (\d+)[^→\n]*→ ([a-h])(\d)`)
)

func TestEveryGameOnBothPlatforms(t *testing.T) {
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
		"OYUNBOT_CACHE_DIR="+filepath.Join(os.TempDir(), "oyunbot-test-cache"),
		"TELEGRAM_TOKEN="+tg.Token(), "TELEGRAM_API_ENDPOINT="+tg.Endpoint(),
		"DISCORD_TOKEN="+dc.Token(), "DISCORD_API_BASE="+dc.URL())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("bot's stderr:\n%s", stderr.String())
		}
	}()
	dc.WaitT(t, platformPatience, "the gateway ready", func(v *fakediscord.View) bool { return v.Ready() > 0 })

	for i, name := range registry.Names() {
		t.Run(name, func(t *testing.T) {
			// Telegram: each game in a private chat of its own player.
			u := telegramtest.User{ID: int64(100 + i), FirstName: "P" + name, LanguageCode: "en"}
			ch := telegramtest.Private(u)
			photos := func() (n int) {
				for _, s := range boardStates(tg, ch.ID) {
					if _, err := png.Decode(bytes.NewReader(s.Photo)); err != nil {
						t.Fatalf("a board that is no PNG: %v", err)
					}
					n++
				}
				return n
			}
			texts := func() string {
				var b strings.Builder
				for _, s := range tg.Sent(ch.ID) {
					b.WriteString(s.Text + "\n")
				}
				return b.String()
			}
			if _, err := tg.SendText(ch, u, "/play "+name+" easy"); err != nil {
				t.Fatal(err)
			}
			if err := tg.Wait(platformPatience, func() bool { return photos() >= 1 }); err != nil {
				t.Fatalf("Telegram: no board: %v\n%s", err, texts())
			}
			before := photos()
			move := firstLegal(t, func(s string) { tg.SendText(ch, u, s) }, func() string { return texts() },
				func(f func() bool) error { return tg.Wait(platformPatience, f) })
			if _, err := tg.SendText(ch, u, move); err != nil {
				t.Fatal(err)
			}
			if err := tg.Wait(platformPatience, func() bool { return photos() > before }); err != nil {
				t.Fatalf("Telegram: no board after %q: %v\n%s", move, err, texts())
			}

			// Discord: the same in a channel of the guild, by prefix messages.
			p := fakediscord.User{ID: fmt.Sprint(700 + i), Name: "p" + name}
			general := fakediscord.Channel{ID: "600", GuildID: guild.ID}
			mine := func(v *fakediscord.View) (boards int, text string) {
				for _, m := range discordBoards(v, general.ID) {
					if !strings.Contains(m.Content, "P"+name) && !strings.Contains(m.Content, "p"+name) {
						continue
					}
					text += m.Content + "\n"
					boards++
				}
				return boards, text
			}
			dc.SendMessage(general, p, "!play "+name+" easy")
			dc.WaitT(t, platformPatience, "a "+name+" board", func(v *fakediscord.View) bool { n, _ := mine(v); return n >= 1 })
			var n0 int
			dc.Snapshot(func(v *fakediscord.View) { n0, _ = mine(v) })
			seen := len(dc.Messages(general.ID))
			dc.SendMessage(general, p, "!legal")
			var move2 string
			dc.WaitT(t, platformPatience, "the legal moves", func(v *fakediscord.View) bool {
				for _, m := range v.Messages(general.ID)[seen:] {
					// The content is escaped for Discord's markup.
					content := strings.ReplaceAll(m.Content, `\`, "")
					if mm := legalRE.FindStringSubmatch(content); mm != nil {
						move2 = strings.TrimSpace(mm[1])
					} else if mm := groupedRE.FindStringSubmatch(content); mm != nil {
						move2 = mm[1] + " " + mm[2] + mm[3]
					}
				}
				return move2 != ""
			})
			dc.SendMessage(general, p, "!move "+move2)
			dc.WaitT(t, platformPatience, "a board after "+move2, func(v *fakediscord.View) bool { n, _ := mine(v); return n > n0 })
		})
	}
}

// firstLegal asks for the legal moves and returns the first.
func firstLegal(t *testing.T, send func(string), all func() string, wait func(func() bool) error) string {
	t.Helper()
	send("/legal")
	var move string
	if err := wait(func() bool {
		if m := legalRE.FindStringSubmatch(all()); m != nil {
			move = strings.TrimSpace(m[1])
		} else if m := groupedRE.FindStringSubmatch(all()); m != nil {
			move = m[1] + " " + m[2] + m[3]
		}
		return move != ""
	}); err != nil {
		t.Fatalf("no legal moves listed: %v\n%s", err, all())
	}
	return move
}
