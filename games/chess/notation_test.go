package chess

import (
	"errors"
	"strings"
	"testing"
)

func TestParseMove(t *testing.T) {
	cases := []struct {
		name, fen, in string
		want          string // UCI of the move, or "" for an error
		kind          MoveErrorKind
		reason        string
	}{
		{"pawn push", StartFEN, "e4", "e2e4", 0, ""},
		{"knight", StartFEN, "Nf3", "g1f3", 0, ""},
		{"lower-case knight", StartFEN, "nf3", "g1f3", 0, ""},
		{"upper-case square", StartFEN, "E4", "e2e4", 0, ""},
		{"uci", StartFEN, "g1f3", "g1f3", 0, ""},
		{"move number", StartFEN, "1. e4", "e2e4", 0, ""},
		{"black's move number", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "1...e5", "e7e5", 0, ""},
		{"annotations", StartFEN, "Nf3!?", "g1f3", 0, ""},
		{"uci with dash", StartFEN, "e2-e4", "e2e4", 0, ""},
		{"long algebraic with piece", StartFEN, "Ng1-f3", "g1f3", 0, ""},
		{"check mark ignored", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra8+", "a1a8", 0, ""},
		{"missing check mark", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra8", "a1a8", 0, ""},
		{"capture", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "exd5", "e4d5", 0, ""},
		{"capture without x", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "ed5", "e4d5", 0, ""},
		{"capture with colon", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e:d5", "e4d5", 0, ""},
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6 e.p.", "e5d6", 0, ""},
		{"castle O-O", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", "e1g1", 0, ""},
		{"castle 0-0-0", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "0-0-0", "e1c1", 0, ""},
		{"castle lower case", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "o-o", "e1g1", 0, ""},
		{"kısa rok", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "kısa rok", "e1g1", 0, ""},
		{"uzun rok", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "Uzun rok", "e1c1", 0, ""},
		{"castle as king move", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "e1g1", 0, ""},
		{"promotion =Q", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=Q", "b7b8q", 0, ""},
		{"promotion Q", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8Q", "b7b8q", 0, ""},
		{"promotion knight", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=N", "b7b8n", 0, ""},
		{"promotion default queen", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8", "b7b8q", 0, ""},
		{"promotion uci bishop", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8b", "b7b8b", 0, ""},
		{"promotion uci default queen", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8", "b7b8q", 0, ""},
		{"b is a file", "4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1", "bxc3", "b2c3", 0, ""},
		{"B is the bishop", "4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1", "Bxc3", "d2c3", 0, ""},
		{"b as a bishop when no pawn can", "4k3/8/8/8/8/2n5/3B4/4K3 w - - 0 1", "bxc3", "d2c3", 0, ""},
		{"bishop from rank", "4k3/7p/8/8/8/8/1B6/4K1B1 w - - 0 1", "B2d4", "b2d4", 0, ""},
		{"bishop from file b", "4k3/7p/8/8/8/8/1B6/4K1B1 w - - 0 1", "Bbd4", "b2d4", 0, ""},
		{"disambiguation by file", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nbd2", "b1d2", 0, ""},
		{"disambiguation by rank", "4k3/8/8/8/R7/8/8/R3K3 w - - 0 1", "R1a2", "a1a2", 0, ""},

		{"empty", StartFEN, "", "", Malformed, ""},
		{"nonsense", StartFEN, "hello", "", Malformed, ""},
		{"rank only", StartFEN, "4e5", "", Malformed, ""},
		{"off board", StartFEN, "e9", "", Malformed, ""},
		{"ambiguous", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nd2", "", Ambiguous, ReasonAmbiguous},
		{"ambiguous b", "4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1", "Bc3", "d2c3", 0, ""},
		{"pawn cannot go there", StartFEN, "e5", "", Illegal, ReasonIllegal},
		{"no such piece", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "Nf3", "", Illegal, ReasonNoSuchPiece},
		{"knight cannot go there", StartFEN, "Ng3", "", Illegal, ReasonIllegal},
		{"empty start square", StartFEN, "e3e4", "", Illegal, ReasonNoPiece},
		{"opponent's piece", StartFEN, "e7e5", "", Illegal, ReasonNotYourPiece},
		{"own piece on target", StartFEN, "Rh1h2", "", Illegal, ReasonOwnPiece},
		{"ignores the check", "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1", "Ra5", "", Illegal, ReasonInCheck},
		{"pinned piece", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", "", Illegal, ReasonKingInCheck},
		{"king into check", "4k3/3r4/8/8/8/8/8/4K3 w - - 0 1", "Kd1", "", Illegal, ReasonKingInCheck},
		{"en passant exposing the king", "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", "exd3", "", Illegal, ReasonKingInCheck},
		{"en passant exposing the king, uci", "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", "e4d3", "", Illegal, ReasonKingInCheck},
		{"en passant after another move", "8/8/8/8/k2Pp2Q/8/8/3K4 b - - 0 1", "exd3", "", Illegal, ReasonIllegal},
		{"castling right lost", "4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "O-O", "", Illegal, ReasonNoCastlingRight},
		{"castling blocked", "4k3/8/8/8/8/8/8/R3K1NR w KQ - 0 1", "O-O", "", Illegal, ReasonCastlingBlocked},
		{"castling through check", "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", "", Illegal, ReasonCastlingThrough},
		{"castling out of check", "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", "O-O", "", Illegal, ReasonInCheck},
		{"promotion of a non-promotion", StartFEN, "e4=Q", "", Illegal, ReasonNotPromotion},
		{"promotion to a king", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=K", "", Illegal, ReasonBadPromotion},
		{"game over", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "Kh7", "", GameOver, ""},

		// An x must mean a capture, a + a check, a # a mate (issue 20).
		{"x onto an empty square", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "Qxg4", "", Illegal, ReasonNotCapture},
		{"colon onto an empty square", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "Q:g4", "", Illegal, ReasonNotCapture},
		{"x of a capture", "4k3/8/8/8/6p1/8/8/3QK3 w - - 0 1", "Qxg4", "d1g4", 0, ""},
		{"x of en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6", "e5d6", 0, ""},
		{"uci with x onto an empty square", StartFEN, "e2xe4", "", Illegal, ReasonNotCapture},
		{"false check", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra7+", "", Illegal, ReasonNoCheck},
		{"false mate", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra8#", "", Illegal, ReasonNotMate},
		{"false mate of a quiet move", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra7#", "", Illegal, ReasonNoCheck},
		{"mate", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8#", "a1a8", 0, ""},
		{"mate marked as check", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8+", "a1a8", 0, ""},
		{"check then annotation", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra8+!", "a1a8", 0, ""},
		{"false check then annotation", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra7+?!", "", Illegal, ReasonNoCheck},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustFEN(t, c.fen)
			m, err := p.ParseSAN(c.in)
			if c.want != "" {
				if err != nil || m.UCI() != c.want {
					t.Fatalf("ParseMove(%q) = %s, %v; want %s", c.in, m.UCI(), err, c.want)
				}
				return
			}
			var me *MoveError
			if !errors.As(err, &me) {
				t.Fatalf("ParseMove(%q) = %s, %v; want a *MoveError", c.in, m.UCI(), err)
			}
			if me.Kind != c.kind || me.Reason != c.reason {
				t.Fatalf("ParseMove(%q): kind %d reason %q (%v), want kind %d reason %q", c.in, me.Kind, me.Reason, err, c.kind, c.reason)
			}
		})
	}
}

func TestFormatMove(t *testing.T) {
	cases := []struct{ fen, uci, want string }{
		{StartFEN, "g1f3", "Nf3"},
		{StartFEN, "e2e4", "e4"},
		{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", "exd5"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "O-O"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1", "O-O-O"},
		{"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", "O-O-O+"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", "b8=Q+"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n", "b8=N"},
		{"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2", "Nbd2"},
		{"4k3/8/8/8/R7/8/8/R3K3 w - - 0 1", "a1a2", "R1a2"},
		{"k7/8/8/8/8/2Q1Q3/8/2Q1K3 w - - 0 1", "c3d2", "Qc3d2"},
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		m, err := p.ParseSAN(c.uci)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.SAN(m); got != c.want {
			t.Errorf("%s %s: %q, want %q", c.fen, c.uci, got, c.want)
		}
	}
}

func TestParseFEN(t *testing.T) {
	bad := []struct{ fen, want string }{
		{"", "empty"},
		{"8/8/8/8/8/8/8/8 w", "at least 4"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "7 ranks, want 8"},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "not a piece"},
		{"rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7 squares"},
		{"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "not a piece"},
		{"4k3/8/8/8/8/8/8/8 w - - 0 1", "white has 0 kings"},
		{"4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "white has 2 kings"},
		{"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on a8"},
		{"4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "pawn on a1"},
		{"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "black king is in check but white is to move"},
		{"4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"},
		{"4k3/8/8/8/8/8/8/4K3 w K - 0 1", "no white rook on h1"},
		{"4k3/8/8/8/8/8/8/R4K2 w Q - 0 1", "king is not on e1"},
		{"4k3/8/8/8/8/8/8/4K3 w X - 0 1", "not one of"},
		{"4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "en passant square e3"},
		{"4k3/8/8/8/8/8/8/4K3 w - z9 0 1", "not a square"},
		{"4k3/8/8/8/8/8/8/4K3 w - - x 1", "halfmove"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 0", "move number"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", "unexpected"},
		{"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "9 pawns"},
	}
	for _, c := range bad {
		_, err := ParseFEN(c.fen)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseFEN(%q) = %v, want an error containing %q", c.fen, err, c.want)
		}
	}
	for _, fen := range append([]string{StartFEN, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}, playoutStarts...) {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q): %v", fen, err)
		}
		if p.FEN() != fen || p.String() != fen {
			t.Errorf("FEN %q written back as %q", fen, p.FEN())
		}
	}
	// The counters may be left out.
	if p, err := ParseFEN("4k3/8/8/8/8/8/8/4K3 b - -"); err != nil || p.FEN() != "4k3/8/8/8/8/8/8/4K3 b - - 0 1" {
		t.Errorf("4-field FEN: %v", err)
	}
	// An en passant square without a capture is dropped.
	if p := mustFEN(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"); p.EnPassant() != noSquare || strings.Contains(p.FEN(), "e3") {
		t.Errorf("en passant without a capture kept: %s", p.FEN())
	}
}

// TestReadMoveTurkish: the Turkish letters (A at, F fil, K kale, V vezir,
// Ş şah) for a person writing Turkish; K is the king in English (issue 20).
func TestReadMoveTurkish(t *testing.T) {
	// White: king e1, rook a1, knight g1, bishop f1, queen d1, pawns a2 f2;
	// black: king e8, pawn b3 (a2 can take it).
	const fen = "4k3/8/8/8/8/1p6/P4P2/R2QKBN1 w - - 0 1"
	cases := []struct {
		in, lang, want, letters string // want: UCI, or "!reason" for ParseMove's error
	}{
		{"Af3", "tr", "g1f3", "tr"},
		{"af3", "tr", "g1f3", "tr"}, // no pawn on the a-file can: the knight
		{"Fc4", "tr", "f1c4", "tr"},
		{"fc4", "tr", "f1c4", "tr"},
		{"f4", "tr", "f2f4", ""},
		{"axb3", "tr", "a2b3", ""},
		{"Vd3", "tr", "d1d3", "tr"},
		{"Vd3", "en", "d1d3", "tr"}, // V names nothing in English
		{"Şe2", "tr", "e1e2", "tr"},
		{"Şe2", "en", "e1e2", "tr"},
		{"Se2", "tr", "e1e2", "tr"},
		{"Kb1", "tr", "a1b1", "tr"}, // Kale: the rook
		{"Kd2", "tr", "e1d2", ""},   // no rook can: the king, as in English
		{"Kd2", "en", "e1d2", "en"},
		{"Kb1", "en", "!" + ReasonIllegal, "en"}, // the king cannot
		{"Nf3", "tr", "g1f3", "en"},
		{"Ab5", "tr", "!" + ReasonIllegal, "tr"},
		{"Vxd7", "tr", "!" + ReasonNotCapture, "tr"},
		{"1. Af3", "tr", "g1f3", "tr"},
		{"kısa rok", "tr", "!" + ReasonNoCastlingRight, ""},
		{"e4", "tr", "!" + ReasonIllegal, ""},
	}
	for _, c := range cases {
		p := mustFEN(t, fen)
		move, letters := p.ReadMove(c.in, c.lang)
		m, err := p.ParseSAN(move)
		if strings.HasPrefix(c.want, "!") {
			var me *MoveError
			if !errors.As(err, &me) || me.Reason != c.want[1:] {
				t.Errorf("ReadMove(%q, %s) = %q: %v; want reason %s", c.in, c.lang, move, err, c.want[1:])
			}
		} else if err != nil || m.UCI() != c.want {
			t.Errorf("ReadMove(%q, %s) = %q: %s, %v; want %s", c.in, c.lang, move, m.UCI(), err, c.want)
		}
		if letters != c.letters {
			t.Errorf("ReadMove(%q, %s) letters %q, want %q", c.in, c.lang, letters, c.letters)
		}
	}
}

// TestTurkishPromotion reads and writes a promotion in Turkish letters.
func TestTurkishPromotion(t *testing.T) {
	p := mustFEN(t, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
	for in, want := range map[string]string{"b8=V": "b7b8q", "b8A": "b7b8n", "b8=K": "b7b8r", "b8=F": "b7b8b"} {
		move, letters := p.ReadMove(in, "tr")
		m, err := p.ParseSAN(move)
		if err != nil || m.UCI() != want || letters != "tr" {
			t.Errorf("ReadMove(%q) = %q (%s): %v; want %s", in, move, letters, err, want)
		}
	}
}

// TestWriteSAN writes SAN in Turkish letters; every Turkish move written
// reads back to the same move for a person writing Turkish, and English
// is left as it is.
func TestWriteSAN(t *testing.T) {
	for in, want := range map[string]string{"Nf3": "Af3", "Bxc3": "Fxc3", "Rxe4+": "Kxe4+", "Qc3d2": "Vc3d2",
		"Ke2": "Şe2", "b8=Q#": "b8=V#", "bxc3": "bxc3", "O-O-O": "O-O-O", "e4": "e4"} {
		if got := WriteSAN(in, "tr", true); got != want {
			t.Errorf("WriteSAN(%q, tr) = %q, want %q", in, got, want)
		}
		if got := WriteSAN(in, "en", true); got != in {
			t.Errorf("WriteSAN(%q, en) = %q", in, got)
		}
		// Not all Turkish: the king alone, whose K is the rook in Turkish.
		kingOnly := in
		if in[0] == 'K' {
			kingOnly = "Ş" + in[1:]
		}
		if got := WriteSAN(in, "tr", false); got != kingOnly {
			t.Errorf("WriteSAN(%q, tr, false) = %q, want %q", in, got, kingOnly)
		}
	}
	// Positions where the king and a rook (or a pawn and a piece) could both
	// go to a square: the Turkish text always names the move it was written
	// for.
	for _, fen := range []string{StartFEN, "4k3/8/8/8/8/1p6/P4P2/R2QKBN1 w - - 0 1", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"4k3/8/8/8/8/8/3R4/4K3 w - - 0 1", "4k3/8/8/8/8/8/4PPP1/R3K2R w KQ - 0 1"} {
		p := mustFEN(t, fen)
		for _, m := range p.LegalMoves(nil) {
			san := p.SAN(m)
			for _, all := range []bool{true, false} {
				move, _ := p.ReadMove(WriteSAN(san, "tr", all), "tr")
				if got, err := p.ParseSAN(move); err != nil || got != m {
					t.Errorf("%s: %s written %s reads %q: %v", fen, san, WriteSAN(san, "tr", all), move, err)
				}
			}
			if move, _ := p.ReadMove(san, "en"); move != san {
				t.Errorf("%s: English %s read as %q", fen, san, move)
			}
		}
	}
}

// BenchmarkParseSAN reads a move as the pages' move lists do at every
// update (a game replayed from its start): without allocating a replacer
// each time.
func BenchmarkParseSAN(b *testing.B) {
	p := NewStart()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.ParseSAN("Nf3"); err != nil {
			b.Fatal(err)
		}
	}
}
