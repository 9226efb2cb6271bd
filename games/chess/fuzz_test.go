package chess

import (
	"errors"
	"testing"
)

// FuzzParseMove: any text either reads as a legal move that FormatMove
// writes back to the same move, or is refused with a *MoveError; it
// never panics.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "exd5", "O-O", "0-0-0", "e8=Q", "e7e8q", "bxc3", "Bxc3", "B2d4", "Nbd7", "R1a2", "Qh4#", "e.p.", "=Q", "xx", "b", "B", "8", "ä"} {
		f.Add(0, s)
		f.Add(1, s)
	}
	positions := []string{StartFEN, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r3k3/1P6/8/3pP3/8/8/8/4K2R w K d6 0 1"}
	f.Fuzz(func(t *testing.T, i int, s string) {
		p, err := ParseFEN(positions[uint(i)%uint(len(positions))])
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseSAN(s)
		if err != nil {
			var me *MoveError
			if !errors.As(err, &me) {
				t.Fatalf("%q: error %v is not a *MoveError", s, err)
			}
			return
		}
		back, err := p.ParseSAN(p.SAN(m))
		if err != nil || back != m {
			t.Fatalf("%q: %s reads back as %v, %v", s, p.SAN(m), back, err)
		}
	})
}

// FuzzParseFEN: any text is refused or read into a position whose FEN
// reads back the same, with consistent hash and legal moves; no panic.
func FuzzParseFEN(f *testing.F) {
	for _, s := range append([]string{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "8/8/8/8/8/8/8/8 w - -", "k7/8/8/8/8/8/8/7K b - - 99 999",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}, playoutStarts...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			return
		}
		q, err := ParseFEN(p.FEN())
		if err != nil || !sameGameState(q.st, p.st) {
			t.Fatalf("%q: FEN %q reads back differently (%v)", s, p.FEN(), err)
		}
		if p.Hash() != p.st.computeHash() {
			t.Fatalf("%q: hash", s)
		}
		var l moveList
		p.st.gen(&l, false)
		if uint64(l.n) != p.st.count() {
			t.Fatalf("%q: count %d, generated %d", s, p.st.count(), l.n)
		}
		p.Perft(2)
		_ = p.Outcome()
	})
}

// FuzzReadMove: any text, read in either language, becomes a text that
// ParseMove reads or refuses with a *MoveError; it never panics.
func FuzzReadMove(f *testing.F) {
	for _, s := range []string{"Af3", "af3", "Fc4", "Kxe4", "kd2", "Şe2", "şe2", "Se2", "Vd1", "e8=V", "b8A", "1. Af6", "kısa rok", "Ş", "=V", "ğ", "K"} {
		f.Add(true, s)
		f.Add(false, s)
	}
	f.Fuzz(func(t *testing.T, tr bool, s string) {
		lang := "en"
		if tr {
			lang = "tr"
		}
		p, err := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
		if err != nil {
			t.Fatal(err)
		}
		move, _ := p.ReadMove(s, lang)
		if _, err := p.ParseSAN(move); err != nil {
			var me *MoveError
			if !errors.As(err, &me) {
				t.Fatalf("%q read as %q: error %v is not a *MoveError", s, move, err)
			}
		}
		_ = WriteSAN(s, lang, tr)
	})
}
