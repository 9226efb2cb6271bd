package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

func TestParseDotEnv(t *testing.T) {
	in := `# comment
OYUNBOT_DB=./x.db
export OYUNBOT_LANG=en
  OYUNBOT_WORKERS = 3   # three
QUOTED="a b # not a comment\n"
SINGLE='it''s raw \n'
EMPTY=
URL=http://127.0.0.1:8081/bot%s/%s
`
	got, err := parseDotEnv(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"OYUNBOT_DB": "./x.db", "OYUNBOT_LANG": "en", "OYUNBOT_WORKERS": "3",
		"QUOTED": "a b # not a comment\n", "SINGLE": `it''s raw \n`, "EMPTY": "",
		"URL": "http://127.0.0.1:8081/bot%s/%s",
	}
	if len(got) != len(want) {
		t.Errorf("got %d keys: %q", len(got), got)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
	for _, bad := range []string{"NOEQUALS", "=value", "1KEY=x", `K="unterminated`, "BAD KEY=1"} {
		if _, err := parseDotEnv(strings.NewReader(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestLoadConfig(t *testing.T) {
	dir := t.TempDir()
	dotenv := filepath.Join(dir, ".env")
	os.WriteFile(dotenv, []byte("OYUNBOT_DB=file.db\nOYUNBOT_LANG=en\nOYUNBOT_WORKERS=4\nTELEGRAM_TOKEN=from-file\n"), 0o600)
	env := map[string]string{"OYUNBOT_DB": "env.db", "OYUNBOT_IDLE_FORFEIT": "0", "DISCORD_SHARD_COUNT": "2", "DISCORD_SHARD_ID": "1"}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	c, err := loadConfig(lookup, dotenv)
	if err != nil {
		t.Fatal(err)
	}
	if c.DB != "env.db" { // the environment wins over the file
		t.Errorf("DB = %q", c.DB)
	}
	if c.Lang != "en" || c.Workers != 4 || c.TelegramToken != "from-file" || c.Boards != defaultBoards {
		t.Errorf("from the file and defaults: %+v", c)
	}
	if c.IdleForfeit >= 0 {
		t.Errorf("OYUNBOT_IDLE_FORFEIT=0 should disable forfeits, got %v", c.IdleForfeit)
	}
	if c.DiscordShardID != 1 || c.DiscordShardCount != 2 || c.DiscordPrefix != "!" {
		t.Errorf("discord settings %+v", c)
	}

	// No file at all: defaults.
	c, err = loadConfig(func(string) (string, bool) { return "", false }, filepath.Join(dir, "missing"))
	if err != nil || c.DB != defaultDB || c.IdleForfeit != defaultIdleForfeit || c.Lang != "tr" || c.Workers != defaultWorkers {
		t.Fatalf("defaults: %+v, %v", c, err)
	}

	for k, v := range map[string]string{
		"OYUNBOT_WORKERS": "many", "OYUNBOT_IDLE_FORFEIT": "soon", "OYUNBOT_LANG": "de",
		"OYUNBOT_LOG_LEVEL": "loud", "DISCORD_SHARD_ID": "5",
	} {
		bad := map[string]string{k: v}
		if _, err := loadConfig(func(k string) (string, bool) { v, ok := bad[k]; return v, ok }, ""); err == nil {
			t.Errorf("%s=%s accepted", k, v)
		}
	}
}

// botEnv points the bot's files into a temporary folder for the test.
func botEnv(t *testing.T) (db, boards string) {
	dir := t.TempDir()
	db, boards = filepath.Join(dir, "bot.db"), filepath.Join(dir, "boards")
	t.Setenv("OYUNBOT_DB", db)
	t.Setenv("OYUNBOT_BOARDS", boards)
	t.Setenv("OYUNBOT_LANG", "tr")
	t.Setenv("TELEGRAM_TOKEN", "")
	t.Setenv("DISCORD_TOKEN", "")
	t.Setenv("OYUNBOT_LOG_LEVEL", "warn")
	if os.Getenv("OYUNBOT_CACHE_DIR") == "" {
		// The puzzle databases a platform-mode bot warms: built once per
		// machine for every test, never in the user's own cache.
		t.Setenv("OYUNBOT_CACHE_DIR", filepath.Join(os.TempDir(), "oyunbot-test-cache"))
	}
	return db, boards
}

func runPiped(t *testing.T, input string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := run([]string{"-env", ""}, strings.NewReader(input), &out, &errOut); code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out.String(), errOut.String())
	}
	return out.String()
}

// TestPipedTicTacToe plays a whole game through stdin: keypad cells in
// order (taken ones are refused) until the result line.
func TestPipedTicTacToe(t *testing.T) {
	_, boards := botEnv(t)
	out := runPiped(t, "oyna xox\n1\n2\n3\n4\n5\n6\n7\n8\n9\nhamleler\n")
	if !regexp.MustCompile(`Oyun bitti: (.+ kazandı|berabere) — .+\.`).MatchString(out) {
		t.Fatalf("no result line:\n%s", out)
	}
	if !strings.Contains(out, "3   1 | 2 | 3 \n") {
		t.Fatalf("no text board:\n%s", out)
	}
	pngs, _ := filepath.Glob(filepath.Join(boards, "g1-*.png"))
	if len(pngs) < 3 || !strings.Contains(out, "board: "+pngs[0]) {
		t.Fatalf("boards %v\n%s", pngs, out)
	}
}

func TestPipedDamaOpening(t *testing.T) {
	botEnv(t)
	out := runPiped(t, "play dama easy\nc3-c4\nhistory\nc4-c6\n/as ali\nc4-c5\n/as you\nboard\nlang en\nresign\nresign yes\n")
	for _, want := range []string{
		// English words, English replies (the console has no locale).
		"#g1 New game: Dama — you (white) – oyunbot (black, easy)",
		"#g1 you: c3-c4 · oyunbot: ",
		"#g1 1. c3-c4 ",
		"#g1 Illegal move «c4-c6»: ", // too far or taken: either way refused with the legal moves
		"Legal moves: ",
		"Bu kanalda süren bir oyunun yok",                     // ali has no game, and wrote no word: the default, Turkish
		"Resigning loses the game and costs rating: 1500? → ", // the first "resign" asks, saying how much
		"Game over: oyunbot (black) wins — the opponent resigned.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if t.Failed() {
		t.Log(out)
	}
}

func TestConsoleBetweenTwoPeople(t *testing.T) {
	botEnv(t)
	out := runPiped(t, "meydan @ali xox\n/as ali\nkabul\nb2\n/as you\nb2\na1\n/as ali\nb2\na1\nhamleler\n")
	for _, want := range []string{
		"ali kişisini XOX oynamaya çağırdın! ali yanıtlar: kabul ya da ret", // the console speaks to its user (issue 20.15)
		"#g1 Yeni oyun: XOX — you (X) – ali (O)",
		"#g1 Sıra sende değil, you oynayacak.",
		"#g1 you: b2",
		"#g1 Sıra sende değil, ali oynayacak.",
		"#g1 Geçersiz hamle «b2»: o kare dolu.",
		"#g1 1. b2 a1",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if t.Failed() {
		t.Log(out)
	}
}

func TestBadFlagsAndConfig(t *testing.T) {
	botEnv(t)
	var out, errOut bytes.Buffer
	if code := run([]string{"-nope"}, strings.NewReader(""), &out, &errOut); code != 2 {
		t.Errorf("bad flag: exit %d", code)
	}
	t.Setenv("OYUNBOT_WORKERS", "zero")
	if code := run([]string{"-env", ""}, strings.NewReader(""), &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "OYUNBOT_WORKERS") {
		t.Errorf("bad config: exit %d, %s", code, errOut.String())
	}
}

// child is the bot binary running with a pipe for stdin.
type child struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	mu    sync.Mutex
	out   bytes.Buffer
	done  chan struct{}
}

func startChild(t *testing.T, bin string, env []string) *child {
	t.Helper()
	c := &child{cmd: exec.Command(bin, "-env", ""), done: make(chan struct{})}
	c.cmd.Env = env
	c.cmd.Dir = t.TempDir()
	var err error
	if c.stdin, err = c.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	stdout, err := c.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	c.cmd.Stderr = os.Stderr
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		defer close(c.done)
		r := bufio.NewReader(stdout)
		buf := make([]byte, 4096)
		for {
			n, err := r.Read(buf)
			c.mu.Lock()
			c.out.Write(buf[:n])
			c.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() { c.cmd.Process.Kill(); c.cmd.Wait() })
	return c
}

func (c *child) output() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.out.String()
}

func (c *child) send(t *testing.T, line string) {
	t.Helper()
	if _, err := fmt.Fprintln(c.stdin, line); err != nil {
		t.Fatal(err)
	}
}

// waitFor waits until the output matches re (a generous bound: the bot is
// busy only for the easy level's fraction of a second).
func (c *child) waitFor(t *testing.T, re *regexp.Regexp) []string {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if m := re.FindStringSubmatch(c.output()); m != nil {
			return m
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no %v in output:\n%s", re, c.output())
	return nil
}

// TestResumeAfterSIGKILL kills the bot in the middle of a game and checks
// that a new process resumes it at the same position.
func TestResumeAfterSIGKILL(t *testing.T) {
	t.Parallel()
	bin := botBinary(t)
	dir := t.TempDir()
	env := append(os.Environ(),
		"OYUNBOT_DB="+filepath.Join(dir, "bot.db"), "OYUNBOT_BOARDS="+filepath.Join(dir, "boards"),
		"OYUNBOT_LANG=en", "TELEGRAM_TOKEN=", "DISCORD_TOKEN=", "OYUNBOT_LOG_LEVEL=warn")

	first := startChild(t, bin, env)
	first.send(t, "play dama easy")
	first.send(t, "c3-c4")
	first.waitFor(t, regexp.MustCompile(`you: c3-c4 · oyunbot: \S+`))
	first.send(t, "history")
	hist := first.waitFor(t, regexp.MustCompile(`#g1 (1\. c3-c4 \S+)\n`))[1]
	// Play one more move of ours, chosen from the legal moves the bot lists.
	first.send(t, "zz")
	legal := first.waitFor(t, regexp.MustCompile(`Legal moves: (\S+?)[,\s]`))[1]
	first.send(t, legal)
	first.waitFor(t, regexp.MustCompile(`you: `+regexp.QuoteMeta(legal)+` · oyunbot: \S+`))
	first.send(t, "history")
	hist = first.waitFor(t, regexp.MustCompile(`#g1 (`+regexp.QuoteMeta(hist)+` 2\. \S+ \S+)\n`))[1]
	first.send(t, "board")
	board := first.waitFor(t, regexp.MustCompile(`(?s)#g1 Dama — .*?\n(8 .*?\n  a b c d e f g h)\n`))[1]
	if err := first.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	first.cmd.Wait()
	<-first.done

	second := startChild(t, bin, env)
	second.send(t, "history")
	second.send(t, "board")
	second.stdin.Close()
	<-second.done
	if err := second.cmd.Wait(); err != nil {
		t.Fatalf("second run: %v\n%s", err, second.output())
	}
	out := second.output()
	if !strings.Contains(out, "#g1 "+hist+"\n") {
		t.Errorf("history after restart differs: want %q in\n%s", hist, out)
	}
	if !strings.Contains(out, board) {
		t.Errorf("board after restart differs: want\n%s\nin\n%s", board, out)
	}
}

// TestREADMEExampleTwice: the README's piped example runs as written twice
// in a row in the same folder (the first run's game must not get in the
// second's way).
func TestREADMEExampleTwice(t *testing.T) {
	botEnv(t)
	const script = "play dama easy\nc3-c4\nresign yes\n"
	for i, want := range []string{"#g1", "#g2"} {
		out := runPiped(t, script)
		for _, line := range []string{want + " New game: Dama — you (white) – oyunbot (black, easy)", want + " you: c3-c4 · oyunbot: ",
			want + " You resigned.", "Game over: oyunbot (black) wins — the opponent resigned."} {
			if !strings.Contains(out, line) {
				t.Errorf("run %d lacks %q:\n%s", i+1, line, out)
			}
		}
	}
}
