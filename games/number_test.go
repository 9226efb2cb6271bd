package games

import (
	"strings"
	"testing"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

func TestNumberFormats(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{Fixed("tr", 7.1, 1), "7,1"},
		{Fixed("en", 7.1, 1), "7.1"},
		{Fixed("tr", 1234.5, 1), "1.234,5"},
		{Fixed("en", 1234.5, 1), "1,234.5"},
		{Fixed("tr", -1.14, 2), "−1,14"},
		{Fixed("tr", -0.001, 1), "0,0"},
		{Fixed("en", 3, 0), "3"},
		{Number("tr", 1.140, 2), "1,14"},
		{Number("en", 2.0, 2), "2"},
		{Number("tr", -0.004, 2), "0"},
		{Number("tr", 12345.678, 1), "12.345,7"},
		{Count("tr", 7997), "7.997"},
		{Count("en", 7997), "7,997"},
		{Count("tr", 999), "999"},
		{Count("tr", 1234567), "1.234.567"},
		{Count("en", -1234), "−1,234"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// TestNumberAgreesWithCLDR: the helpers write what golang.org/x/text's
// CLDR data says each language writes (its hyphen-minus aside).
func TestNumberAgreesWithCLDR(t *testing.T) {
	for _, lang := range []string{"tr", "en"} {
		p := message.NewPrinter(language.MustParse(lang))
		for _, x := range []float64{0, 7.1, 7997, 1234.5, 12345.678, -1.14, 1e6 + 0.25} {
			for digits := 0; digits <= 2; digits++ {
				want := p.Sprint(number.Decimal(x, number.MinFractionDigits(digits), number.MaxFractionDigits(digits)))
				want = strings.ReplaceAll(want, "-", "−")
				if got := Fixed(lang, x, digits); got != want {
					t.Errorf("Fixed(%s, %v, %d) = %q, CLDR %q", lang, x, digits, got, want)
				}
			}
		}
		for _, n := range []int64{0, 12, 999, 1000, 7997, 1234567, -4321} {
			want := strings.ReplaceAll(p.Sprint(number.Decimal(n)), "-", "−")
			if got := Count(lang, n); got != want {
				t.Errorf("Count(%s, %d) = %q, CLDR %q", lang, n, got, want)
			}
		}
	}
}
