package main

// chess_console_test.go plays chess end to end through the built binary's
// console: fool's mate between two people (the mate ends and rates the
// game), a refused move explained in Turkish, and a game from a FEN
// against the bot, which is unrated.

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// runBinary pipes input to the built bot in a fresh folder and returns
// what it printed.
func runBinary(t *testing.T, lang, input string) string {
	t.Helper()
	bin := botBinary(t)
	cmd := exec.Command(bin, "-env", "")
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "OYUNBOT_DB=./bot.db", "OYUNBOT_BOARDS=./boards", "OYUNBOT_LANG="+lang,
		"TELEGRAM_TOKEN=", "DISCORD_TOKEN=", "OYUNBOT_LOG_LEVEL=warn")
	cmd.Stdin = strings.NewReader(input)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("bot exited with %v:\n%s", err, out)
	}
	return string(out)
}

func TestConsoleChessFoolsMate(t *testing.T) {
	t.Parallel()
	out := runBinary(t, "en", strings.Join([]string{
		"challenge @ali chess", "/as ali", "accept",
		"/as you", "f3", "/as ali", "e5", "/as you", "g4", "/as ali", "qh4", // lower case, no #
	}, "\n")+"\n")
	for _, want := range []string{
		"New game: Chess — you (white) – ali (black)",
		"8 r n b q k b n r",
		"ali: Qh4#",
		"Game over: ali (black) wins — checkmate.",
		"Ratings: you 1500? →",
	} {
		if !strings.Contains(out, want) {
			t.Fatalf("no %q in:\n%s", want, out)
		}
	}
}

func TestConsoleChessTurkish(t *testing.T) {
	t.Parallel()
	out := runBinary(t, "tr", strings.Join([]string{
		"meydan @ali satranç", "/as ali", "kabul",
		"/as you", "e4", "/as ali", "e5", "/as you", "Ke3", // the king cannot go there
		"e5d4", // black's pawn
	}, "\n")+"\n")
	for _, want := range []string{"Satranç", "o taş oraya gidemez", "o taş senin değil"} {
		if !strings.Contains(out, want) {
			t.Fatalf("no %q in:\n%s", want, out)
		}
	}
}

func TestConsoleChessFromFEN(t *testing.T) {
	t.Parallel()
	out := runBinary(t, "en", "play chess fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\nRa8\n")
	for _, want := range []string{"not rated", "you: Ra8#", "Game over: you (white) win — checkmate." /* to the console's user (issue 20.15) */} {
		if !strings.Contains(out, want) {
			t.Fatalf("no %q in:\n%s", want, out)
		}
	}
}

// TestPerftChess runs `bot perft -game chess` on the standard suite's file
// (depth 3, whose counts are the file's third column) and a divide.
func TestPerftChess(t *testing.T) {
	data, err := os.ReadFile("../../games/chess/testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 9 && !strings.HasPrefix(line, "#") {
			want = append(want, f[8]) // 6 FEN fields, then perft(1), perft(2), perft(3)
		}
	}
	var out, errOut strings.Builder
	if code := runPerft([]string{"-game", "satranç", "-depth", "3"}, strings.NewReader(string(data)), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if got := strings.Fields(out.String()); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("perft 3: %v, want %v", got, want)
	}
	out.Reset()
	if code := runPerft([]string{"-game", "chess", "-depth", "2", "-divide"}, strings.NewReader("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\n"), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, want := range []string{"O-O 3\n", "O-O-O 3\n", "Ra8+ 3\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("divide lacks %q:\n%s", want, out.String())
		}
	}
}
