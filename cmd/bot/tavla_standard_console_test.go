package main

// tavla_standard_console_test.go plays standard tavla (with hitting) end
// to end through the built bot's console.

import (
	"strings"
	"testing"
)

// everyStdPly is every ply text of standard tavla a player could type
// (from the bar first, then the back checkers, bearing off), and a pass:
// fed again and again, the legal ones are played and the others refused.
func everyStdPly() string {
	var b strings.Builder
	b.WriteString("pass\n")
	for d := 6; d >= 1; d-- {
		b.WriteString("bar/" + itoa(25-d) + "\n")
	}
	for n := 24; n >= 1; n-- {
		if n <= 6 {
			b.WriteString(itoa(n) + "/off\n")
		}
		for d := 6; d >= 1; d-- {
			if n-d >= 1 {
				b.WriteString(itoa(n) + "/" + itoa(n-d) + "\n")
			}
		}
	}
	return b.String()
}

// TestConsoleStandardTavla: `play tavla` is standard tavla: from a
// position with a White checker on the bar and a Black blot on White's 22
// point, bar/22 enters and hits (Black's checker goes to the bar), and the
// game is played on to its end; `oyna tavla` speaks Turkish.
func TestConsoleStandardTavla(t *testing.T) {
	const pos = "b2,b2,b1,b2,.,b2,.,.,.,.,.,w6,.,.,.,.,w3,w5,.,.,.,.,.,b6 0 0 1 0 w 3-1"
	out, _ := runTavlaBinary(t, "en", "play tavla easy from "+pos+"\n8/7\nbar/22\n"+strings.Repeat(everyStdPly(), 60)+"history\n")
	for _, want := range []string{
		"New game: Tavla — you (white) – oyunbot (black, easy)",
		"you have a checker on the bar: enter it first", // 8/7 before entering
		"on the bar: black 1", // after bar/22 hit
		"bar/22*",             // the history marks the hit
		"Game over: ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, tail(out, 40))
		}
	}
	tr, _ := runTavlaBinary(t, "tr", "oyna tavla kolay\nyardım tavla\n")
	for _, want := range []string{"Tavla (erkek tavlası)", "kırık pul"} {
		if !strings.Contains(tr, want) {
			t.Errorf("no %q in:\n%s", want, tail(tr, 20))
		}
	}
}
