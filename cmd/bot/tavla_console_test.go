package main

// tavla_console_test.go plays hapis tavlası end to end through the built
// binary's console: a whole game against the bot (the dice are the bot's,
// from crypto/rand: the console cannot seed them, so the script does not
// depend on them), a refused move explained in Turkish, and perft over the
// shared file.

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// runTavlaBinary pipes input to the built bot in a fresh folder and returns
// what it printed and the folder; args, when given, replace the console's
// arguments (-env and an empty value).
func runTavlaBinary(t *testing.T, lang, input string, args ...string) (string, string) {
	t.Helper()
	return runTavlaIn(t, t.TempDir(), lang, input, args...)
}

// runTavlaIn is runTavlaBinary in folder dir (its database and boards).
func runTavlaIn(t *testing.T, dir, lang, input string, args ...string) (string, string) {
	t.Helper()
	bin := botBinary(t)
	if len(args) == 0 {
		args = []string{"-env", ""}
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "OYUNBOT_DB=./bot.db", "OYUNBOT_BOARDS=./boards", "OYUNBOT_LANG="+lang,
		"TELEGRAM_TOKEN=", "DISCORD_TOKEN=", "OYUNBOT_LOG_LEVEL=warn")
	cmd.Stdin = strings.NewReader(input)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("bot exited with %v:\n%s", err, out)
	}
	return string(out), dir
}

// everyPly is one round of every ply text a player could type, front
// checkers first, and a pass: fed again and again, the legal ones are
// played and the others refused, whatever the dice, so the game moves on
// to its end.
func everyPly() string {
	var b strings.Builder
	b.WriteString("pass\n")
	for q := 24; q >= 1; q-- {
		if q >= 19 {
			b.WriteString(itoa(q) + "/off\n")
		}
		for d := 6; d >= 1; d-- {
			if q+d <= 24 {
				b.WriteString(itoa(q) + "/" + itoa(q+d) + "\n")
			}
		}
	}
	return b.String()
}

func itoa(n int) string {
	if n >= 10 {
		return string(rune('0'+n/10)) + string(rune('0'+n%10))
	}
	return string(rune('0' + n))
}

func TestConsoleTavlaAgainstTheBot(t *testing.T) {
	t.Parallel()
	out, dir := runTavlaBinary(t, "en", "play hapis seed\n"+strings.Repeat(everyPly(), 100)+"history\n")
	for _, want := range []string{
		"New game: Hapis tavlası — you (white) – oyunbot (black, seed)",
		"your roll: ",
		"Legal moves: ",
	} {
		if !strings.Contains(out, want) {
			t.Fatalf("no %q in the game (%d bytes)", want, len(out))
		}
	}
	// A win, or the deadlock draw (the rule file's DECISION) that the
	// script's choices reach in some games, whatever the dice.
	if !regexp.MustCompile(`Game over: ((you \((white|black)\) win|oyunbot \((white|black)\) wins) — (all checkers borne off|mars: the loser bore off none\. \(2 points\))|a draw — neither side can move)`).MatchString(out) {
		t.Fatalf("the game did not end; its last lines:\n%s", tail(out, 30))
	}
	// The history has every roll, as "53:" before the plies it allowed.
	hist := regexp.MustCompile(`(?m)^#g1 1\. .*$`).FindString(out)
	if rolls := regexp.MustCompile(`\b[1-6][1-6]: `).FindAllString(hist, -1); len(rolls) < 10 {
		t.Fatalf("history with %d rolls: %q", len(rolls), hist)
	}
	if pngs, _ := filepath.Glob(filepath.Join(dir, "boards", "g1-*.png")); len(pngs) < 2 {
		t.Fatalf("%d board pictures", len(pngs))
	}
}

// TestConsoleTavlaAcrossRestart plays a game's first turns, stops the bot
// (wherever the turn stands: the script does not know the dice) and goes on
// in a new run on the same database: the game is restored from its history,
// rolls included, and played to its end.
func TestConsoleTavlaAcrossRestart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	first, _ := runTavlaIn(t, dir, "en", "play hapis seed\n"+everyPly()+"history\n")
	hist1 := regexp.MustCompile(`(?m)^#g1 1\. .*$`).FindString(first)
	if hist1 == "" {
		t.Fatalf("no history in the first run:\n%s", tail(first, 20))
	}
	second, _ := runTavlaIn(t, dir, "en", "history\n"+strings.Repeat(everyPly(), 100)+"history\n")
	if hist2 := regexp.MustCompile(`(?m)^#g1 1\. .*$`).FindString(second); !strings.HasPrefix(hist2, hist1) {
		t.Fatalf("the restored history\n%s\ndoes not begin with the first run's\n%s", hist2, hist1)
	}
	if !strings.Contains(second, "Game over: ") {
		t.Fatalf("the restored game did not end:\n%s", tail(second, 30))
	}
}

// TestConsoleTavlaTwoPeople: a game between two people, each ply text said
// by both (the one whose turn it is not is refused), to its end.
func TestConsoleTavlaTwoPeople(t *testing.T) {
	t.Parallel()
	var both strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(everyPly()), "\n") {
		both.WriteString("/as you\n" + line + "\n/as ali\n" + line + "\n")
	}
	out, _ := runTavlaBinary(t, "en", "challenge @ali hapis\n/as ali\naccept\n"+strings.Repeat(both.String(), 100))
	if !strings.Contains(out, "New game: Hapis tavlası — you (white) – ali (black)") {
		t.Fatalf("no game:\n%s", tail(out, 30))
	}
	// A win, or a draw when the script's choices block both sides for good
	// (the rule file's deadlock DECISION; about a third of these games).
	if !regexp.MustCompile(`Game over: (you \((white|black)\) win|ali \((white|black)\) wins|a draw — neither side can move)`).MatchString(out) {
		t.Fatalf("the game did not end:\n%s", tail(out, 30))
	}
}

// TestConsoleTavlaMatch: a match to 3 points against the bot, every game
// played to its end (a mars counts 2), until one side has 3.
func TestConsoleTavlaMatch(t *testing.T) {
	t.Parallel()
	out, _ := runTavlaBinary(t, "en", "play hapis seed match 3\n"+strings.Repeat(everyPly(), 400))
	if !strings.Contains(out, "Match to 3 points.") || !strings.Contains(out, "#g2 Match: ") {
		t.Fatalf("no match of several games:\n%s", tail(out, 30))
	}
	m := regexp.MustCompile(`Match over: you (\d) – (\d) oyunbot\.`).FindStringSubmatch(out)
	if m == nil || (m[1] < "3" && m[2] < "3") {
		t.Fatalf("the match did not end at 3 points (%v):\n%s", m, tail(out, 30))
	}
}

func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

func TestConsoleTavlaTurkish(t *testing.T) {
	t.Parallel()
	// White's 1/19 is never one die; "1/0" is no move at all; at the start
	// every roll can be played, so no pass.
	out, _ := runTavlaBinary(t, "tr", "oyna hapis\n1/19\n1/0\npas\nyardım hapis\n")
	// 1/19 needs 18 of the two dice left (issue 20.7: which ones are left).
	for _, want := range []string{"Hapis tavlası", "bu hamle 18 ister, kalan zarların:", "bu bir hamle gibi görünmüyor", "pas geçemezsin", "Hapis tavlası: "} {
		if !strings.Contains(out, want) {
			t.Fatalf("no %q in:\n%s", want, out)
		}
	}
}

// TestPerftTavla runs `bot perft -game tavla -depth 1` on the shared file
// (games/tavla/testdata/perft.txt, a copy of shared/perft/tavla.txt): one
// count a position, each the file's last field.
func TestPerftTavla(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../games/tavla/testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(line, "#") {
			want = append(want, f[len(f)-1])
		}
	}
	out, _ := runTavlaBinary(t, "en", string(data), "perft", "-game", "hapis", "-depth", "1")
	if got := strings.Fields(out); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("perft counts\n got %v\nwant %v", got, want)
	}
}
