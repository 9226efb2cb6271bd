package tavla

import (
	"strings"
	"testing"
)

// FuzzParsePosition: any text is read without panic; what is read writes
// back to a text that reads the same.
func FuzzParsePosition(f *testing.F) {
	f.Add("w15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,b15 0 0 w 3-5")
	f.Add("b2/w,b3/w,b1,b1,b1,.,b1,w1,.,b1,.,b2/w,.,w1/b,.,w1,b1,w1,.,b1,w2,w3,w2,w1 0 0 w 4-4")
	f.Add("w15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,b15 0 0 - -")
	f.Add(".,.,.,.,.,.,.,.,.,b3,.,.,b1,.,.,b2,b2,.,b4,.,w1,.,w1,w2 11 3 w 6x3")
	// Standard tavla's, with the bar.
	f.Add("w2,.,.,.,.,.,.,.,.,.,.,w5,.,.,.,.,w3,.,w5,.,.,.,.,. 0 0 0 15 w 3-1")
	f.Add("b2,b2,.,b2,.,b2,.,.,.,.,.,w5,.,.,.,.,w3,w5,.,.,.,.,.,b7 0 0 2 0 w 6-3")
	// Backgammon's, with the cube, its phase and the match.
	f.Add("w2,.,.,.,.,b5,.,b3,.,.,.,w5,b5,.,.,.,w3,.,w5,.,.,.,.,b2 0 0 0 0 w - 1 d money")
	f.Add("w2,.,.,.,.,b5,.,b3,.,.,.,w5,b5,.,.,.,w3,.,w5,.,.,.,.,b2 0 0 0 0 b - 2b t 3-1")
	f.Add("w2,.,.,.,.,b5,.,b3,.,.,.,w5,b5,.,.,.,w3,.,w5,.,.,.,.,b2 0 0 0 0 b - 4w x 1-5c")
	f.Fuzz(func(t *testing.T, s string) {
		if p, err := (Backgammon{}).ParsePosition(s); err == nil {
			text := p.String()
			q, err := Backgammon{}.ParsePosition(text)
			if err != nil || q.String() != text || q.Turn() != p.Turn() || q.Status() != p.Status() {
				t.Fatalf("backgammon %q wrote %q, read back as %v (%v)", s, text, q, err)
			}
			for _, m := range p.Moves(nil) {
				_ = p.FormatMove(m)
			}
			_, _, _ = p.(*Pos).Prompt()
			_ = p.(*Pos).TextBoard("en", false)
			_, _ = p.(*Pos).CubeAdvice(nil, 0)
		}
		for _, hit := range []bool{false, true} {
			p, err := parsePositionOf(s, hit)
			if err != nil {
				continue
			}
			text := p.String()
			q, err := parsePositionOf(text, hit)
			if err != nil || q.String() != text {
				t.Fatalf("%q wrote %q, read back as %v (%v)", s, text, q, err)
			}
			for _, m := range p.Moves(nil) {
				_ = p.FormatMove(m)
			}
			_, _, _ = p.Prompt()
			_ = p.Evaluate()
			_ = p.TextBoard("tr", hit)
		}
	})
}

// FuzzParseMove: any move text is refused with an error or accepted as a
// legal move that FormatMove writes back.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"13/18", "13-18", "20/off", "22/off=6", "pass", "geç", "31:", "3-5:", "1/7(2)", "x", "/", "-", "24/çık",
		"bar/22", "25/22", "13/7*", "6/off", "6/0", "3/off=6", "bar/20/14", "kırık/23",
		"double", "katla", "take", "al", "drop", "bırak", "pas", "roll", "zar", "zar at", "d", "t", "kabul", "pes"} {
		f.Add(s)
	}
	positions := []string{
		"w15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,b15 0 0 w 6-6",
		"w3,b2,.,b1,.,w1,w2/b,b1,.,b1,.,w2,.,b1,.,b1/w,w1,b1,.,w2,w1/b,w1,w1,b5 0 0 w 4-1",
		".,.,.,.,.,.,.,b1,.,.,b1,.,.,b1,b3,.,.,.,w4,w1,w1,w5,w1,b1/w 2 8 w 5-1",
		"w15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,b15 0 0 - -",
		// Standard tavla's (7 fields).
		"b2,b2,.,b2,.,b2,.,.,.,.,.,w5,.,.,.,.,w3,w5,.,.,.,.,.,b7 0 0 2 0 w 6-3",
		"w1,.,b1,.,.,b5,.,b3,.,.,.,w5,b5,.,.,.,w3,.,w5,.,.,.,.,b1 0 0 1 0 w 4-4",
		".,.,.,.,.,.,.,.,.,.,.,.,b5,b5,b5,.,.,.,.,.,w2,w3,.,w1 0 0 9 0 w 6-5",
		// Backgammon's (10 fields): a decision to double, a double to
		// answer, dice in hand with the cube centred, the Crawford game.
		"w2,.,.,.,.,b5,.,b3,.,.,.,w5,b5,.,.,.,w3,.,w5,.,.,.,.,b2 0 0 0 0 w - 1 d money",
		"w2,.,.,.,.,b5,.,b3,.,.,.,w5,b5,.,.,.,w3,.,w5,.,.,.,.,b2 0 0 0 0 b - 2b t 3-1",
		"w2,.,.,.,.,b5,.,b3,.,.,.,w5,b5,.,.,.,w3,.,w5,.,.,.,.,b2 0 0 0 0 w 6-3 1 - money",
		"w2,.,.,.,.,b5,.,b3,.,.,.,w5,b5,.,.,.,w3,.,w5,.,.,.,.,b2 0 0 0 0 b - 1 - 1-3c",
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, ps := range positions {
			var p *Pos
			switch n := len(strings.Fields(ps)); n {
			case 10:
				g, err := Backgammon{}.ParsePosition(ps)
				if err != nil {
					t.Fatal(err)
				}
				p = g.(*Pos)
			default:
				var err error
				if p, err = parsePositionOf(ps, n == 7); err != nil {
					t.Fatal(err)
				}
			}
			for _, part := range append(p.SplitTurn(s), s) {
				m, err := p.ParseMove(part)
				if err != nil {
					continue
				}
				if back, err := p.ParseMove(p.FormatMove(m)); err != nil || back != m {
					t.Fatalf("%q in %s: %v written %q read back as %v (%v)", part, ps, m, p.FormatMove(m), back, err)
				}
			}
		}
	})
}
