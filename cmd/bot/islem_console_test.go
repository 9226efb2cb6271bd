package main

// islem_console_test.go plays İşlem end to end through the built binary's
// console: the thesis's worked example against the bot (the reply lists
// the equations and the captures owed, captured in two messages), and a
// game between two people in Turkish with a refused move and the example
// command.

import (
	"strings"
	"testing"
)

// islemExample is the worked example's position before black plays 12 d6
// (games/islem/FORMAT.md).
const islemExample = "r0--b6---r13/-b7b5-b2---/----b5---/---b4-b9b8-/----b3---/--------/-r6----r10-/r1------r11 " +
	"-/0,1,10,11,12,13 -/2,3,4,5,7,8,9,12 14:13 b 0 40"

func TestConsoleIslemAgainstTheBot(t *testing.T) {
	t.Parallel()
	out := runBinary(t, "en", strings.Join([]string{
		"play islem from " + islemExample, "12 d6", "x a1 h1", "x a8 h8 b2",
	}, "\n")+"\n")
	for _, want := range []string{
		"New game: İşlem — you (black) – oyunbot (red",
		"6   .   .   . b12  b5   .   .   .", // sides by letter, not by circle (issue 20.10)
		"(12=4×3) (12=5+7) (12=2×6) (12+5=9+8): a 5-chain operation. Capture 5 of your opponent's stones",
		"Capture 3 of your opponent's stones",
		"you: 12 d6 x a1 x h1 x b2 x a8 x h8 · oyunbot: ",
	} {
		if !strings.Contains(out, want) {
			t.Fatalf("no %q in:\n%s", want, out)
		}
	}
}

func TestConsoleIslemTwoPeopleTurkish(t *testing.T) {
	t.Parallel()
	out := runBinary(t, "tr", strings.Join([]string{
		"meydan @ali işlem", "/as ali", "kabul",
		"/as you", "12 d4", "/as ali", "5 d4", "5 e5", "/as you", "3 e5", "3 c4", "4 f6",
		"örnek",
	}, "\n")+"\n")
	for _, want := range []string{
		"İşlem",
		"you: 12 d4",
		"o karede taş var",
		"ali: 5 e5",
		"1. aşamada taş kendi taşlarına komşu olamaz",
		"you: 4 f6",
		"Son konan 12 d6 taşı 5 dizimli işlem yaptı: (12=4×3) (12=5+7) (12=2×6) (12+5=9+8)",
	} {
		if !strings.Contains(out, want) {
			t.Fatalf("no %q in:\n%s", want, out)
		}
	}
}

// TestPerftIslem: `bot perft -game işlem` counts legal turns from the
// start (14 stones on 64 squares, then on the 63 left) and in the worked
// example (where each placement's captures are sets of red's six stones).
func TestPerftIslem(t *testing.T) {
	var out, errOut strings.Builder
	in := "start\n" + islemExample + "\n"
	if code := runPerft([]string{"-game", "işlem", "-depth", "1"}, strings.NewReader(in), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	got := strings.Fields(out.String())
	if len(got) != 2 || got[0] != "896" {
		t.Fatalf("perft 1: %v", got)
	}
	out.Reset()
	if code := runPerft([]string{"-game", "islem", "-depth", "1", "-divide"}, strings.NewReader(islemExample+"\n"), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	// 12 d6 scores 5: any 5 of red's 6 stones, 6 ways.
	if !strings.Contains(out.String(), "12 d6 6\n") {
		t.Errorf("divide lacks 12 d6 6:\n%s", out.String())
	}
}
