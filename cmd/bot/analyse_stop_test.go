package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/analysis"
	"oyunbot/chat/console"
	"oyunbot/chat/telegram/telegramtest"
	"oyunbot/sessions"
	"oyunbot/store"
)

// TestGracefulStopTellsTheAnalysisAsker (issue 41.6): the built bot,
// stopped gracefully (SIGTERM) while it analyses Ayşe's game, tells her so
// in Turkish before it exits (it said nothing, though it had promised an
// answer), keeps the evaluations it made, and the next "analiz" after the
// restart goes on from them to the whole analysis.
func TestGracefulStopTellsTheAnalysisAsker(t *testing.T) {
	t.Parallel()
	bin := botBinary(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "bot.db")
	ayse := telegramtest.User{ID: 4106, FirstName: "Ayşe", LanguageCode: "tr"}
	dm := telegramtest.Private(ayse)
	ctx := context.Background()
	seedOperaGame(t, db, "telegram", "4106", sessions.Player{ID: "4106", Name: "Ayşe"})

	tg := telegramtest.NewServer(telegramtest.Config{})
	t.Cleanup(tg.Close) // after the bots' cleanups: their polls end first
	texts := func() []string {
		var out []string
		for _, s := range tg.Sent(dm.ID) {
			out = append(out, s.Text)
		}
		return out
	}
	count := func(sub string) int {
		n := 0
		for _, s := range texts() {
			if strings.Contains(s, sub) {
				n++
			}
		}
		return n
	}
	bot := startTelegramBot(t, bin, dir, db, tg)
	if _, err := tg.SendText(dm, ayse, "/analiz #g1"); err != nil {
		t.Fatal(err)
	}
	if err := tg.Wait(platformPatience, func() bool { return count("#g1 analiz ediliyor") == 1 }); err != nil {
		t.Fatalf("the analysis did not start: %q", texts())
	}
	// A slice of positions is kept before the stop, for the restart to go
	// on from.
	ro, err := sql.Open("sqlite", "file:"+db+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	evaluated := func() (done, total int, complete bool) {
		var data string
		if err := ro.QueryRowContext(ctx, `SELECT complete, result FROM analyses WHERE game_id = 1`).Scan(&complete, &data); err != nil {
			return 0, 0, false // none yet
		}
		var res analysis.Result
		if err := json.Unmarshal([]byte(data), &res); err != nil {
			t.Fatalf("the kept analysis: %v", err)
		}
		for _, e := range res.Evals {
			if e.Done {
				done++
			}
		}
		return done, len(res.Evals), complete
	}
	for deadline := time.Now().Add(platformPatience); ; time.Sleep(20 * time.Millisecond) {
		if n, _, _ := evaluated(); n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no evaluation kept while the analysis ran")
		}
	}
	signalled := time.Now()
	if err := bot.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	<-bot.done
	stopTook := time.Since(signalled)
	if bot.err != nil {
		t.Fatalf("the bot exited with %v after SIGTERM", bot.err)
	}
	const stopped = "#g1 analizi durdu: bot yeniden başlatılıyor. Bot dönünce yeniden iste; kaldığı yerden sürer."
	if n := count(stopped); n != 1 {
		t.Fatalf("Ayşe was told %d times that the analysis stopped, want once before the exit: %q", n, texts())
	}
	if count("#g1 analizi,") != 0 {
		t.Fatalf("the analysis finished before the stop; the test needs a longer game: %q", texts())
	}
	kept, total, complete := evaluated()
	if kept == 0 || complete || kept == total {
		t.Fatalf("after the stop the store has %d of %d positions evaluated (complete %v)", kept, total, complete)
	}

	startTelegramBot(t, bin, dir, db, tg)
	if _, err := tg.SendText(dm, ayse, "/analiz #g1"); err != nil {
		t.Fatal(err)
	}
	if err := tg.Wait(platformPatience, func() bool { return count("#g1 analiz ediliyor") == 2 }); err != nil {
		t.Fatalf("the analysis did not start again: %q", texts())
	}
	if err := tg.Wait(5*platformPatience, func() bool { return count("#g1 analizi,") == 1 }); err != nil {
		t.Fatalf("the resumed analysis never came: %q", texts())
	}
	if n, total, complete := evaluated(); !complete || n != total {
		t.Errorf("after the resumed analysis the store has %d of %d positions evaluated (complete %v)", n, total, complete)
	}
	if n := count(stopped); n != 1 {
		t.Errorf("after the restart Ayşe has been told %d times that the analysis stopped, want once", n)
	}
	t.Logf("%d of %d positions were kept at the stop; SIGTERM to exit: %v", kept, total, stopTook.Round(time.Millisecond))
}

// seedOperaGame stores game #g1 in the SQLite file db, finished, of
// player against the bot in channel on platform: the Opera Game (Morphy,
// 1858) to 15...Nxd7, resigned by Black, 31 positions for the engine
// (many seconds of analysis).
func seedOperaGame(t *testing.T, db, platform, channel string, player sessions.Player) {
	t.Helper()
	ctx := context.Background()
	st, err := store.OpenSQLite(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	at := time.Now().Add(-time.Hour)
	if _, err := st.CreateGame(ctx, sessions.GameRecord{Game: "chess", Platform: platform, ChannelID: channel,
		Players: [2]sessions.Player{player, {ID: sessions.BotID, Name: "oyunbot", Bot: true, Level: "easy"}},
		Level:   "easy", Lang: "tr", Started: at, LastMove: at, Settled: true,
		Moves: strings.Fields("e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 " +
			"Bxb5 Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7 Nxd7"),
		Result: sessions.Result{Over: true, Winner: ai.First, Reason: sessions.ReasonResigned, Points: 1}}); err != nil {
		t.Fatal(err)
	}
}

// TestConsoleInterruptTellsTheAnalysisAsker: in the console, Ctrl-C
// (SIGINT) during an analysis prints that it stopped before the bot exits.
func TestConsoleInterruptTellsTheAnalysisAsker(t *testing.T) {
	t.Parallel()
	bin := botBinary(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "bot.db")
	seedOperaGame(t, db, console.Platform, console.DefaultChannel, sessions.Player{ID: console.DefaultUser, Name: console.DefaultUser})
	cmd := exec.Command(bin, "-env", "")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "OYUNBOT_DB="+db, "OYUNBOT_LANG=tr")
	out := newProcessOutput()
	cmd.Stdout, cmd.Stderr = out, out
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		in.Close()
		if t.Failed() {
			t.Logf("the bot printed:\n%s", out.String())
		}
	})
	if _, err := io.WriteString(in, "analiz #g1\n"); err != nil {
		t.Fatal(err)
	}
	out.waitLine(t, "#g1 analiz ediliyor")
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	if err := <-exited; err != nil {
		t.Fatalf("the bot exited with %v after SIGINT", err)
	}
	if !strings.Contains(out.String(), "#g1 analizi durdu: bot yeniden başlatılıyor.") {
		t.Errorf("the console was not told the analysis stopped:\n%s", out.String())
	}
}
