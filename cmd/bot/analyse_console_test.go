package main

// analyse_console_test.go asks the built binary's console for a finished
// game's analysis, in English and then in Turkish (issue 24).

import (
	"bytes"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestConsoleAnalyse: fool's mate between two people, then "analyse": the
// line that it has begun, each side's accuracy and counts, white's worst
// moves with the better ones (g4 a blunder), the graph written as a PNG;
// then "analiz #g1" answers the kept analysis at once, in Turkish.
func TestConsoleAnalyse(t *testing.T) {
	t.Parallel()
	bin := botBinary(t)
	cmd := exec.Command(bin, "-env", "")
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "OYUNBOT_DB=./bot.db", "OYUNBOT_BOARDS=./boards", "OYUNBOT_LANG=en",
		"TELEGRAM_TOKEN=", "DISCORD_TOKEN=", "OYUNBOT_LOG_LEVEL=warn")
	cmd.Stdin = strings.NewReader(strings.Join([]string{
		"challenge @ali chess", "/as ali", "accept",
		"/as you", "f3", "/as ali", "e5", "/as you", "g4", "/as ali", "qh4",
		"analyse", "analiz #g1",
	}, "\n") + "\n")
	b, err := cmd.CombinedOutput()
	out := string(b)
	if err != nil {
		t.Fatalf("bot exited with %v:\n%s", err, out)
	}
	en, tr, ok := strings.Cut(out, "#g1 analizi")
	if !ok {
		t.Fatalf("no Turkish analysis in:\n%s", out)
	}
	for _, want := range []string{
		"[🔎 Analyse]", // under the finished game
		"Analysing #g1: 2 moves; the answer comes when it is done.",
		"Analysis of #g1, Chess: you (white) – ali (black)",
		"White, you: accuracy ",
		"0 mistakes, 1 blunder\n", // f3 an inaccuracy or not, as the evaluation has it
		"• 2. g4 (blunder, −",
		"Black, ali: accuracy ",
		"board: boards/g1-analysis.png",
	} {
		if !strings.Contains(en, want) {
			t.Errorf("no %q in:\n%s", want, en)
		}
	}
	// Black's moves are sound: nothing classed, whatever a move's few
	// points of win chance by the evaluation of the day.
	if _, black, _ := strings.Cut(en, "Black, ali: accuracy "); !strings.Contains(black, "\n0 inaccuracies, 0 mistakes, 0 blunders\n") {
		t.Errorf("Black's moves classed:\n%s", black)
	}
	for _, want := range []string{", Satranç: you (beyaz) – ali (siyah)", "Beyaz, you: isabet %", "1 büyük hata", "• 2. g4 (büyük hata, kazanma şansı −%", "daha iyisi: "} {
		if !strings.Contains(tr, want) {
			t.Errorf("no %q in:\n%s", want, tr)
		}
	}
	if strings.Contains(tr, "analiz ediliyor") {
		t.Errorf("the kept analysis was made again:\n%s", tr)
	}
	graph, err := os.ReadFile(filepath.Join(cmd.Dir, "boards", "g1-analysis.png"))
	if err != nil {
		t.Fatal(err)
	}
	if img, err := png.Decode(bytes.NewReader(graph)); err != nil || img.Bounds().Dx() < 400 {
		t.Errorf("the graph: %v", err)
	}
}

// TestConsoleAnalyseTavla: a few turns of tavla against the bot, resigned,
// then analysed GNU Backgammon's way: each side's error rate, rating
// class and luck, the luck-adjusted result; in Turkish too.
func TestConsoleAnalyseTavla(t *testing.T) {
	t.Parallel()
	out, dir := runTavlaBinary(t, "en", "play hapis seed\n"+strings.Repeat(everyPly(), 4)+"resign yes\nanalyse\nanaliz #g1\n")
	en, tr, ok := strings.Cut(out, "#g1 analizi")
	if !ok {
		t.Fatalf("no Turkish analysis in:\n%s", out)
	}
	for _, want := range []string{
		"Analysis of #g1, Hapis tavlası: you (white) – oyunbot (black, seed)",
		"White, you: error rate ", " millipoints a decision (", "Black, oyunbot: error rate ",
		"luck ", " points; result −1, luck-adjusted ", "; result +1, luck-adjusted ",
		"as GNU Backgammon counts",
	} {
		if !strings.Contains(en, want) {
			t.Errorf("no %q in:\n%s", want, en)
		}
	}
	for _, want := range []string{"hata oranı karar başına ", "şanstan arındırılmış"} {
		if !strings.Contains(tr, want) {
			t.Errorf("no %q in:\n%s", want, tr)
		}
	}
	// Decimals after a comma in Turkish (issue 35 item 13: "6.2 milipuan").
	if bad := englishNumbers(tr); len(bad) > 0 {
		t.Errorf("numbers written the English way: %q in:\n%s", bad, tr)
	}
	if _, err := os.Stat(filepath.Join(dir, "boards", "g1-analysis.png")); err != nil {
		t.Error(err)
	}
}
