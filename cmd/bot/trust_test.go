package main

// trust_test.go: a deploy or a bad row must not decide games or stop the
// bot; checked with the built binary.

import (
	"bytes"
	"database/sql"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	_ "modernc.org/sqlite"
)

// botFiles is the environment of a bot whose files are in dir.
func botFiles(dir, lang string) []string {
	return append(os.Environ(),
		"OYUNBOT_DB="+filepath.Join(dir, "bot.db"), "OYUNBOT_BOARDS="+filepath.Join(dir, "boards"),
		"OYUNBOT_LANG="+lang, "TELEGRAM_TOKEN=", "DISCORD_TOKEN=", "OYUNBOT_LOG_LEVEL=warn")
}

// execSQL changes the database file of a stopped bot.
func execSQL(t *testing.T, path string, queries ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range queries {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// TestClockStoppedWhileDown: a 1-minute game between two people, the bot
// killed, 65 s of downtime (the heartbeat and the game's times moved back
// 65 s in the file, as if the bot had been down that long): after the
// restart the next move is played, not lost on time, and the players are
// told the clock was stopped.
func TestClockStoppedWhileDown(t *testing.T) {
	t.Parallel()
	bin := botBinary(t)
	dir := t.TempDir()
	env := botFiles(dir, "tr")

	first := startChild(t, bin, env)
	// Both have moved: a flag now would lose the game, rated.
	for _, line := range []string{"meydan @ali xox 1dk", "/as ali", "kabul", "/as you", "b2", "/as ali", "a1", "/as you", "c3"} {
		first.send(t, line)
	}
	first.waitFor(t, regexp.MustCompile(`#g1 you: c3`))
	if err := first.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	first.cmd.Wait()
	<-first.done
	execSQL(t, filepath.Join(dir, "bot.db"),
		`UPDATE heartbeat SET at_ms = at_ms - 65000`,
		`UPDATE games SET started_ms = started_ms - 65000, last_ms = last_ms - 65000`)

	second := startChild(t, bin, env)
	second.send(t, "/as ali")
	second.send(t, "a3")
	second.stdin.Close()
	<-second.done
	if err := second.cmd.Wait(); err != nil {
		t.Fatalf("second run: %v\n%s", err, second.output())
	}
	out := second.output()
	// 65 s and the few the first run lasted after its last heartbeat.
	notice := regexp.MustCompile(`#g1 Saat, botun kapalı kaldığı 1 dk \d+ sn için durduruldu; şimdi devam ediyor\. Sıra: ali\n⏱ you (?:0:5\d|1:00) · ali (?:0:5\d|1:00) \(1 dk\)`)
	if !notice.MatchString(out) {
		t.Errorf("no resume notice %v in:\n%s", notice, out)
	}
	if !strings.Contains(out, "#g1 ali: a3") || strings.Contains(out, "süre doldu") {
		t.Errorf("ali's move after the restart was not played:\n%s", out)
	}
}

// TestBadRowsDoNotStopTheBot: invalid JSON in games, a tournament and
// challenges (one of them expired) in the file: the bot starts, names each
// bad row in its log, plays on (a new game gets a new id), exits 0, and
// leaves the rows as they were; checkdb lists them.
func TestBadRowsDoNotStopTheBot(t *testing.T) {
	t.Parallel()
	bin := botBinary(t)
	dir := t.TempDir()
	env := botFiles(dir, "tr")
	db := filepath.Join(dir, "bot.db")
	runBin := func(input string, args ...string) (stdout, stderr string, code int) {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Env, cmd.Dir, cmd.Stdin = env, dir, strings.NewReader(input)
		var o, e bytes.Buffer
		cmd.Stdout, cmd.Stderr = &o, &e
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); ok {
			return o.String(), e.String(), ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return o.String(), e.String(), 0
	}

	out, errOut, code := runBin("meydan @ali xox\n/as ali\nkabul\n/as you\nb2\n"+ // g1, kept
		"/as cem\noyna xox\n/as dan\noyna xox\n"+ // g2 and g3, spoilt below
		"/as eda\nturnuva oluştur xox\n"+
		"/as fer\nmeydan @gul xox\n/as hak\nmeydan @ilk xox\n", "-env", "")
	if code != 0 || !strings.Contains(out, "#g3 ") {
		t.Fatalf("first run: exit %d\n%s\n%s", code, out, errOut)
	}
	raw := []string{`'{"ID": '`, `'["b2",'`, `'{"Game": 7'`, `'null,'`, `''`}
	execSQL(t, db,
		`UPDATE games SET players = `+raw[0]+` WHERE id = 2`,
		`UPDATE games SET moves = `+raw[1]+` WHERE id = 3`,
		`UPDATE tournaments SET data = `+raw[2]+` WHERE id = 1`,
		`UPDATE challenges SET data = `+raw[3]+` WHERE from_id = 'fer'`,
		`UPDATE challenges SET data = `+raw[4]+`, created_ms = 1 WHERE from_id = 'hak'`) // long expired

	out, errOut, code = runBin("/as ali\na1\n/as cem\noyna xox\n", "-env", "")
	if code != 0 {
		t.Fatalf("second run: exit %d\n%s\n%s", code, out, errOut)
	}
	for _, want := range []string{"table=games key=2 ", "table=games key=3 ", "table=tournaments key=1 ",
		"table=challenges key=console/console/fer>gul ", "table=challenges key=console/console/hak>ilk ",
		"skipped unreadable rows", "count=5"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("log lacks %q:\n%s", want, errOut)
		}
	}
	for _, want := range []string{"#g1 ali: a1", "#g4 Yeni oyun"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}

	out, errOut, code = runBin("", "checkdb", "-env", "")
	if code != 1 || strings.Count(out, "\n") != 6 || !strings.Contains(out, "games 2: ") ||
		!strings.Contains(out, "challenges console/console/hak>ilk: ") || !strings.Contains(out, "5 unreadable rows") {
		t.Errorf("checkdb: exit %d\n%s\n%s", code, out, errOut)
	}
	sqldb, err := sql.Open("sqlite", "file:"+db)
	if err != nil {
		t.Fatal(err)
	}
	defer sqldb.Close()
	for i, q := range []string{`SELECT players FROM games WHERE id = 2`, `SELECT moves FROM games WHERE id = 3`,
		`SELECT data FROM tournaments WHERE id = 1`, `SELECT data FROM challenges WHERE from_id = 'fer'`,
		`SELECT data FROM challenges WHERE from_id = 'hak'`} {
		var v string
		if err := sqldb.QueryRow(q).Scan(&v); err != nil || "'"+v+"'" != raw[i] {
			t.Errorf("%s: %q, %v; want %s as it was", q, v, err, raw[i])
		}
	}
}
