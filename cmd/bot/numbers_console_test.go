package main

// numbers_console_test.go: Turkish replies write numbers the Turkish way,
// a dot between thousands and a comma before decimals (issue 35 item 13).

import (
	"os/exec"
	"strings"
	"testing"
	"unicode"
)

// englishNumbers lists the numbers of Turkish text s written the English
// way: a point before decimals ("7.1 ms", "−1.14 taş"), a comma between
// thousands ("7,997"). A dot followed by exactly three digits is a
// thousands separator ("7.997"), and a dot ending a number ("1. hamle")
// is not a decimal point.
func englishNumbers(s string) []string {
	r := []rune(s)
	digitsAt := func(i int) int {
		n := 0
		for i+n < len(r) && unicode.IsDigit(r[i+n]) {
			n++
		}
		return n
	}
	var bad []string
	for i := 1; i+1 < len(r); i++ {
		if !unicode.IsDigit(r[i-1]) || (r[i] != '.' && r[i] != ',') {
			continue
		}
		n := digitsAt(i + 1)
		if n == 0 {
			continue
		}
		start := i - 1
		for start > 0 && (unicode.IsDigit(r[start-1]) || r[start-1] == '.' || r[start-1] == ',') {
			start--
		}
		end := i + 1 + n
		for end+1 < len(r) && (r[end] == '.' || r[end] == ',') && unicode.IsDigit(r[end+1]) {
			end += 1 + digitsAt(end+1)
		}
		num := string(r[start:end])
		switch {
		case r[i] == '.' && n != 3, r[i] == ',' && n == 3 && (i+1+n == len(r) || r[i+1+n] != ','):
			// "7.1", "7,997": but a date or a version (two dots) is
			// neither.
			if strings.Count(num, ".") < 2 {
				bad = append(bad, num)
			}
		}
	}
	return bad
}

func TestEnglishNumbers(t *testing.T) {
	for s, want := range map[string]string{
		"7.997 düğüm, 7,1 ms":          "",
		"7.997 düğüm, 7.1 ms":          "7.1",
		"−1.14 taş":                    "1.14",
		"1. 31: 1/4; 12… Nc6":          "",
		"181,347 düğüm":                "181,347",
		"1.099.713 düğüm ve 2,0 sn":    "",
		"şans +0,35 puan, sürüm 1.2.3": "",
	} {
		if got := strings.Join(englishNumbers(s), " "); got != want {
			t.Errorf("englishNumbers(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestConsoleTurkishNumbers: a puzzle solved and its searches compared in
// Turkish, through the built binary: no number is written the English way
// ("7.1 ms" beside "7.997 düğüm" was).
func TestConsoleTurkishNumbers(t *testing.T) {
	bin := botBinary(t)
	botEnv(t)
	cmd := exec.Command(bin, "-env", "")
	cmd.Dir = t.TempDir()
	cmd.Stdin = strings.NewReader("oyna 8taş konum 8,6,7,2,5,4,3,0,1\nçöz\nkarşılaştır\n")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{"düğüm açıldı", "Arama algoritmaları", " sn ile sınırlı"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if bad := englishNumbers(string(out)); len(bad) > 0 {
		t.Errorf("numbers written the English way: %q in:\n%s", bad, out)
	}
}
