package games

import (
	"math"
	"strconv"
	"strings"
)

// Numbers are written in the reader's way: Turkish groups thousands with a
// dot and writes the decimals after a comma ("7.997 düğüm", "7,1 ms",
// "−1,14 taş"); English the other way round ("7,997 nodes", "7.1 ms"). A
// negative number takes a minus sign (−), not a hyphen. lang is a
// language code ("tr", "en"); any other is written as English.

// separators are lang's thousands separator and decimal mark.
func separators(lang string) (group, point string) {
	if lang == "tr" {
		return ".", ","
	}
	return ",", "."
}

// Fixed writes x with exactly digits decimals (and its thousands grouped)
// in lang's way: Fixed("tr", 1234.5, 1) is "1.234,5".
func Fixed(lang string, x float64, digits int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return strconv.FormatFloat(x, 'f', digits, 64)
	}
	s := strconv.FormatFloat(math.Abs(x), 'f', max(digits, 0), 64)
	whole, frac, _ := strings.Cut(s, ".")
	group, point := separators(lang)
	out := groupDigits(whole, group)
	if frac != "" {
		out += point + frac
	}
	if x < 0 && strings.Trim(s, "0.") != "" {
		out = "−" + out
	}
	return out
}

// Number writes x with at most digits decimals, trailing zeros dropped, in
// lang's way: Number("tr", 1.140, 2) is "1,14", Number("en", 2.0, 2) "2".
func Number(lang string, x float64, digits int) string {
	s := Fixed(lang, x, digits)
	_, point := separators(lang)
	if strings.Contains(s, point) {
		s = strings.TrimSuffix(strings.TrimRight(s, "0"), point)
	}
	return s
}

// Count writes the whole number n with its thousands grouped in lang's
// way: Count("tr", 7997) is "7.997", Count("en", 7997) "7,997".
func Count(lang string, n int64) string {
	group, _ := separators(lang)
	if n < 0 {
		return "−" + groupDigits(strconv.FormatUint(uint64(-n), 10), group)
	}
	return groupDigits(strconv.FormatInt(n, 10), group)
}

// groupDigits puts sep between each three digits of the digit string s,
// from the right.
func groupDigits(s, sep string) string {
	if len(s) <= 3 {
		return s
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(c)
	}
	return b.String()
}
