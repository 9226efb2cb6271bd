package main

// diskfull_test.go: the built bot on a full disk (a file-size limit, so
// SQLite's own writes fail as they do on a full disk) confirms no move it
// could not save: after a restart the game holds exactly the moves the
// player was shown.

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

func TestDiskFullConfirmsNothingUnsaved(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("needs bash for ulimit")
	}
	bin := botBinary(t)
	dir := t.TempDir()
	run := func(input, limitKB string) string {
		t.Helper()
		script := `exec "$0" -env ""`
		if limitKB != "" {
			script = "ulimit -f " + limitKB + "; " + script
		}
		cmd := exec.Command("bash", "-c", script, bin)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "OYUNBOT_DB=./bot.db", "OYUNBOT_BOARDS=./boards", "OYUNBOT_LANG=en")
		cmd.Stdin = strings.NewReader(input)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("bot exited with %v:\n%s", err, out)
		}
		return string(out)
	}
	run("", "") // the database, with its schema, on a disk with room

	// Then the disk fills up (the database may grow by a few pages only)
	// while a game is played.
	moves := []string{"c3-c4", "b3-b4", "a3-a4", "d3-d4", "e3-e4", "f3-f4", "g3-g4", "h3-h4"}
	out := run("play dama easy\n"+strings.Join(moves, "\n")+"\n", "300")
	if !strings.Contains(out, "#g1 New game") {
		t.Fatalf("no game:\n%s", out)
	}
	// Which write meets the full disk first decides who is refused: the
	// player's move, or the bot's answer after the player's move was saved
	// (and shown with the refusal).
	confirmed := regexp.MustCompile(`#g1 you: (\S+) · oyunbot(?:: (\S+)| could not save its move)`).FindAllStringSubmatch(out, -1)
	refused := strings.Count(out, "That could not be saved (a database error); the game is unchanged.") +
		strings.Count(out, "oyunbot could not save its move (a database error)")
	if len(confirmed) == 0 || refused == 0 {
		t.Fatalf("want some moves confirmed, then refused as unsaved; got %d confirmed, %d refused:\n%s",
			len(confirmed), refused, out)
	}
	var want []string
	botOwes := false // the bot's move was refused: the restarted bot may play it before the history is read
	for _, c := range confirmed {
		want = append(want, c[1])
		if botOwes = c[2] == ""; !botOwes {
			want = append(want, c[2])
		}
	}

	// After a restart, with room again, the game is what the player saw.
	hist := run("history\n", "")
	m := regexp.MustCompile(`#g1 (1\. .*)`).FindStringSubmatch(hist)
	if m == nil {
		t.Fatalf("no history:\n%s", hist)
	}
	var got []string
	for _, f := range strings.Fields(m[1]) {
		if !strings.HasSuffix(f, ".") {
			got = append(got, f)
		}
	}
	if botOwes && len(got) == len(want)+1 {
		got = got[:len(want)]
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("after the restart the game is %q, but the player was shown %q", got, want)
	}
}
