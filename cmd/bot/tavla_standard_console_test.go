package main

// tavla_standard_console_test.go plays standard tavla (with hitting) end
// to end through the built bot's console.

import (
	"regexp"
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

// Standard tavla positions (games/tavla.Standard's text: the points from
// White's 24 to White's 1, borne off, on the bar, side to move, dice).
const (
	// White (you) has a checker on the bar and rolls 3-1; a black blot
	// stands on White's 22: entering with the 3 hits it, and White's home
	// is open, so Black enters whatever it rolls.
	stdEnterHit = ".,.,b1,.,.,b14,.,.,.,.,.,w14,.,.,.,.,.,.,.,.,.,.,.,. 0 0 1 0 w 3-1"
	// White's last checker bears off; Black has borne off none: a mars.
	stdMars = ".,.,.,.,.,.,.,.,.,.,.,.,b15,.,.,.,.,.,.,.,.,.,.,w1 14 0 0 0 w 2-1"
)

// TestConsoleStandardTavlaBothLanguages: in English and in Turkish, a
// checker on the bar entering with a hit (a move elsewhere refused first),
// the bot's hit checker entering in turn, and a mars ending a game.
func TestConsoleStandardTavlaBothLanguages(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lang, play, illegal, enter, mars string
		want                             []string
	}{
		{"en", "play tavla easy from ", "13/12", "bar/22 13/12", "1/off", []string{
			"New game: Tavla — you (white) – oyunbot (black, easy)",
			"on the bar: white 1",
			"Illegal move «13/12»: you have a checker on the bar: enter it first (e.g. bar/22). Legal moves: bar/22*, bar/24",
			"Game over: you (white) win — mars: the loser bore off none. (2 points)",
		}},
		{"tr", "oyna tavla kolay konum ", "13/12", "bar/22 13/12", "1/off", []string{
			"Yeni oyun: Tavla — you (beyaz) – oyunbot (siyah, kolay)",
			"kırık: beyaz 1",
			"kırık pulun var: önce onu rakibin evine sok (bar/22 gibi)",
			"Oyun bitti: kazandın (beyaz) — mars: rakip hiç pul toplayamadı. (2 sayı)",
		}},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			t.Parallel()
			out, _ := runTavlaBinary(t, tc.lang, tc.play+stdEnterHit+"\n"+tc.illegal+"\n"+tc.enter+"\n")
			// The hit is marked, and the bot's first ply enters from the bar.
			if !regexp.MustCompile(`#g1 you: bar/22\* 13/12 · oyunbot: [1-6]{2}: bar/`).MatchString(out) {
				t.Errorf("no hit and enter in:\n%s", tail(out, 30))
			}
			mars, _ := runTavlaBinary(t, tc.lang, tc.play+stdMars+"\n"+tc.mars+"\n")
			out += mars
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("no %q in:\n%s", w, tail(out, 40))
				}
			}
		})
	}
}
