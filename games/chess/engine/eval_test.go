package engine

import (
	"strings"
	"testing"

	"oyunbot/games/chess"
)

// mirrorFEN turns a FEN's board upside down and swaps the colours, the
// side to move, castling rights and the en passant square: the same
// position seen from the other side.
func mirrorFEN(t *testing.T, fen string) string {
	t.Helper()
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swap := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z':
				return r - 'a' + 'A'
			case r >= 'A' && r <= 'Z':
				return r - 'A' + 'a'
			}
			return r
		}, s)
	}
	f[0] = swap(strings.Join(ranks, "/"))
	f[1] = map[string]string{"w": "b", "b": "w"}[f[1]]
	if f[2] != "-" {
		c := []byte(swap(f[2]))
		// Keep FEN's order: white's rights first.
		var up, low []byte
		for _, ch := range c {
			if ch >= 'A' && ch <= 'Z' {
				up = append(up, ch)
			} else {
				low = append(low, ch)
			}
		}
		f[2] = string(up) + string(low)
	}
	if f[3] != "-" {
		f[3] = string([]byte{f[3][0], '1' + '8' - f[3][1]})
	}
	return strings.Join(f, " ")
}

// evalFENs are positions of every phase for the evaluation's tests.
var evalFENs = []string{
	chess.StartFEN,
	"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"8/8/4k3/8/2P5/8/5K2/8 b - - 0 60",
	"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30",
	"rnbqkb1r/pp1p1ppp/4pn2/2pP4/2P5/8/PP2PPPP/RNBQKBNR w KQkq c6 0 4",
}

func TestEvaluateIsSymmetric(t *testing.T) {
	for _, style := range []string{StyleStandard, StyleSeed} {
		for _, fen := range evalFENs {
			p, err := ParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			m, err := ParseFEN(mirrorFEN(t, fen))
			if err != nil {
				t.Fatal(err)
			}
			p.SetStyle(style)
			m.SetStyle(style)
			if a, b := p.Evaluate(), m.Evaluate(); a != b {
				t.Errorf("style %q: %s scores %d, its mirror %s %d", style, fen, a, mirrorFEN(t, fen), b)
			}
		}
	}
}

// TestEvaluateNegatesWithSideToMove: the same board with the other side to
// move scores the negation, but for the tempo bonus.
func TestEvaluateNegatesWithSideToMove(t *testing.T) {
	for _, fen := range evalFENs[:5] {
		w, _ := ParseFEN(strings.Replace(fen, " w ", " b ", 1))
		b, _ := ParseFEN(strings.Replace(fen, " b ", " w ", 1))
		if w == nil || b == nil {
			continue // the swap made an illegal position (a king in check)
		}
		w.SetStyle(StyleSeed)
		b.SetStyle(StyleSeed)
		if w.Evaluate() != -b.Evaluate() {
			t.Errorf("seed: %s: %d and %d with the other side to move", fen, w.Evaluate(), b.Evaluate())
		}
	}
}

// TestSeedEvaluationMatchesTheThesis checks the thesis's own worked
// examples (Çizelge 2.4 and 2.5: after 1.e4, the leaves a7-a6 and b7-b6
// from Black's point of view) and hand-computed positions.
func TestSeedEvaluationMatchesTheThesis(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		want int // from the side to move's point of view, centipawns
	}{
		// Black: 2 rooks 4.6, 2 knights 2.7, 2 bishops 2.8, queen 9.1,
		// king 0, pawns a6 1.01, d7/e7 0.96, five others 1: 37.23.
		// White: the same pieces, pawns e4 1.08, d2 0.96, six others 1:
		// 37.34. White to move: +0.11.
		{"1.e4 a6 (Çizelge 2.4)", "rnbqkbnr/1ppppppp/p7/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", 11},
		// b6 scores 0.02 where a6 scored 0.01: +0.10 for White.
		{"1.e4 b6 (Çizelge 2.5)", "rnbqkbnr/p1pppppp/1p6/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", 10},
		{"start", chess.StartFEN, 0},
		// A white rook on the seventh (4.5+0.3) and pawn on e4 (1.08)
		// against a black rook on a8 (4.5+0.1); kings on d8 and e1 score 0.
		{"rooks", "r2k4/4R3/8/8/4P3/8/8/4K3 w - - 0 1", 480 + 108 - 460},
		{"rooks, black to move", "r2k4/4R3/8/8/4P3/8/8/4K3 b - - 0 1", -(480 + 108 - 460)},
		// A black pawn on d2 is White's d7 mirrored: 1+0.2 (rank 7 for it); the white king on g1 scores 0.2.
		{"black pawn near promotion", "4k3/8/8/8/8/8/3p4/6K1 b - - 0 1", 100},
	}
	for _, tc := range tests {
		p, err := ParseFEN(tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		p.SetStyle(StyleSeed)
		if got := p.Evaluate(); got != tc.want {
			t.Errorf("%s: seed evaluation %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestSetStyleRestores(t *testing.T) {
	p := NewStart()
	if prev := p.SetStyle(StyleSeed); prev != StyleStandard {
		t.Errorf("first SetStyle returned %q", prev)
	}
	if prev := p.SetStyle("nonsense"); prev != StyleSeed {
		t.Errorf("SetStyle returned %q, want seed", prev)
	}
	if p.style != StyleStandard {
		t.Errorf("an unknown style selected %q, want the standard one", p.style)
	}
}

func BenchmarkEvaluate(b *testing.B) {
	p, _ := ParseFEN(evalFENs[2])
	for b.Loop() {
		p.Evaluate()
	}
}
