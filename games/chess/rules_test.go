package chess

import (
	"testing"
)

// play makes the moves (any notation ParseMove reads) or fails.
func play(t *testing.T, p *Position, moves ...string) {
	t.Helper()
	for _, text := range moves {
		m, err := p.ParseSAN(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		p.MakeMove(m)
	}
}

func mustFEN(t *testing.T, fen string) *Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// noWinner is TestStatus's winner of a draw.
const noWinner Color = 2

// winnerOf is o's winner, noWinner for a draw.
func winnerOf(o Outcome) Color {
	if o.Draw {
		return noWinner
	}
	return o.Winner
}

func TestStatus(t *testing.T) {
	cases := []struct {
		name   string
		fen    string
		moves  []string
		over   bool
		winner Color
		reason string
	}{
		{"start", StartFEN, nil, false, noWinner, ""},
		{"fool's mate", StartFEN, []string{"f3", "e5", "g4", "Qh4#"}, true, Black, ReasonCheckmate},
		{"scholar's mate", StartFEN, []string{"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7"}, true, White, ReasonCheckmate},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", nil, true, noWinner, ReasonStalemate},
		{"check is not mate", "7k/8/6K1/8/8/8/8/7R b - - 0 1", nil, false, noWinner, ""},
		{"back-rank mate", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", []string{"Ra8"}, true, White, ReasonCheckmate},
		{"kings only", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", nil, true, noWinner, ReasonInsufficient},
		{"king and bishop", "8/8/4k3/8/8/3KB3/8/8 w - - 0 1", nil, true, noWinner, ReasonInsufficient},
		{"king and knight", "8/8/4k3/8/8/3KN3/8/8 w - - 0 1", nil, true, noWinner, ReasonInsufficient},
		{"bishops on one colour", "8/8/4kb2/8/8/3KB3/8/8 w - - 0 1", nil, true, noWinner, ReasonInsufficient},
		{"bishops on both colours", "8/8/4k1b1/8/8/3KB3/8/8 w - - 0 1", nil, false, noWinner, ""},
		{"two knights can still mate", "8/8/4k3/8/8/3KNN2/8/8 w - - 0 1", nil, false, noWinner, ""},
		{"capture to bare kings", "8/8/4k3/4r3/8/3K4/8/8 b - - 0 1", []string{"Kd5"}, false, noWinner, ""},
		{"fifty moves", "8/8/4k3/8/8/3K4/8/6R1 w - - 99 80", []string{"Rg2"}, true, noWinner, ReasonFiftyMoves},
		{"ninety-nine plies", "8/8/4k3/8/8/3K4/8/6R1 w - - 98 80", []string{"Rg2"}, false, noWinner, ""},
		{"a pawn move resets the count", "8/8/4k3/8/8/3K4/6P1/6R1 w - - 99 80", []string{"g3"}, false, noWinner, ""},
		{"mate on the hundredth ply is mate", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", []string{"Ra8"}, true, White, ReasonCheckmate},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustFEN(t, c.fen)
			play(t, p, c.moves...)
			st := p.Outcome()
			if st.Over != c.over || st.Reason != c.reason || (c.over && winnerOf(st) != c.winner) {
				t.Errorf("status %+v, want over %v winner %d reason %q", st, c.over, c.winner, c.reason)
			}
			if st.Over && len(p.Moves(nil)) != 0 {
				t.Errorf("game over but %d moves", len(p.Moves(nil)))
			}
		})
	}
}

// TestRepetition counts occurrences with the same side to move, castling
// and en passant rights.
func TestRepetition(t *testing.T) {
	shuffle := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	t.Run("third occurrence", func(t *testing.T) {
		p := NewStart()
		play(t, p, shuffle...)
		if !p.Repeated() || p.Outcome().Over {
			t.Fatalf("second occurrence: repeated %v, status %+v", p.Repeated(), p.Outcome())
		}
		play(t, p, shuffle[:3]...)
		if p.Outcome().Over {
			t.Fatal("over before the third occurrence")
		}
		play(t, p, shuffle[3])
		if st := p.Outcome(); !st.Over || st.Reason != ReasonRepetition || !st.Draw {
			t.Fatalf("third occurrence: status %+v", st)
		}
	})
	t.Run("en passant right makes a different position", func(t *testing.T) {
		p := mustFEN(t, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1")
		play(t, p, "e4") // black may take en passant: this position is not repeated below
		back := []string{"Kd8", "Kf1", "Ke8", "Ke1"}
		play(t, p, back...)
		if p.Repeated() {
			t.Fatal("the position without the en passant right counts as the one with it")
		}
		play(t, p, back...)
		if p.Outcome().Over || !p.Repeated() {
			t.Fatalf("second occurrence without the en passant right: status %+v", p.Outcome())
		}
		play(t, p, back[0]) // the position after Kd8 (no en passant right ever) for the third time
		if st := p.Outcome(); st.Reason != ReasonRepetition {
			t.Fatalf("third occurrence: status %+v", st)
		}
	})
	t.Run("castling rights make a different position", func(t *testing.T) {
		p := mustFEN(t, "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1")
		play(t, p, "Kf1", "Kd8", "Ke1", "Ke8") // both lost their rights
		if p.Repeated() {
			t.Fatal("positions with different castling rights count as the same")
		}
		play(t, p, "Kf1", "Kd8", "Ke1", "Ke8")
		if p.Outcome().Over || !p.Repeated() {
			t.Fatalf("second occurrence: status %+v", p.Outcome())
		}
		play(t, p, "Kf1") // black still had its right after the first Kf1
		if p.Outcome().Over {
			t.Fatal("Kf1: positions with different castling rights count as the same")
		}
		play(t, p, "Kd8")
		if st := p.Outcome(); st.Reason != ReasonRepetition {
			t.Fatalf("third occurrence after losing the rights: %+v", st)
		}
	})
}

func TestCastlingRightsAndEnPassantInFEN(t *testing.T) {
	p := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	play(t, p, "Rh2")
	if got := p.FEN(); got != "r3k2r/8/8/8/8/8/7R/R3K3 b Qkq - 1 1" {
		t.Errorf("after Rh2: %s", got)
	}
	play(t, p, "Rxa1+")
	if got := p.FEN(); got != "4k2r/8/8/8/8/8/7R/r3K3 w k - 0 2" {
		t.Errorf("after Rxa1: %s", got)
	}
	q := NewStart()
	play(t, q, "e4")
	if q.EnPassant() != noSquare {
		t.Error("en passant square set with no pawn to take")
	}
	play(t, q, "d5", "e5", "f5")
	if q.EnPassant() != parseSquare("f6") || q.FEN() != "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3" {
		t.Errorf("after f5: %s", q.FEN())
	}
	play(t, q, "exf6")
	if _, _, ok := q.PieceAt(parseSquare("f5")); ok {
		t.Error("en passant left the captured pawn")
	}
	castled := NewStart()
	play(t, castled, "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O")
	if got := castled.Board()[7]; got != "RNBQ.RK." {
		t.Errorf("after O-O rank 1 is %q", got)
	}
}

func TestCheckedKing(t *testing.T) {
	p := NewStart()
	if _, ok := p.CheckedKing(); ok {
		t.Error("start: king in check")
	}
	play(t, p, "e4", "f5", "Qh5+")
	if sq, ok := p.CheckedKing(); !ok || sq != "e8" {
		t.Errorf("CheckedKing = %q, %v, want e8", sq, ok)
	}
}

// TestMoveEncoding checks what the engine reads from a move without the
// board.
func TestMoveEncoding(t *testing.T) {
	p := mustFEN(t, "r3k3/1P6/8/3pP3/8/8/8/4K2R w K d6 0 1")
	cases := []struct {
		move                 string
		moving, captured, pr Kind
		ep, castle, noisy    bool
	}{
		{"bxa8=N", Pawn, Rook, Knight, false, false, true},
		{"b8=Q", Pawn, NoKind, Queen, false, false, true},
		{"exd6", Pawn, Pawn, NoKind, true, false, true},
		{"O-O", King, NoKind, NoKind, false, true, false},
		{"Rh8+", Rook, NoKind, NoKind, false, false, false},
	}
	for _, c := range cases {
		m, err := p.ParseSAN(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if m.Moving() != c.moving || m.Captured() != c.captured || m.Promotion() != c.pr ||
			m.IsEnPassant() != c.ep || m.IsCastle() != c.castle || m.IsNoisy() != c.noisy {
			t.Errorf("%s: moving %d captured %d promo %d ep %v castle %v noisy %v", c.move,
				m.Moving(), m.Captured(), m.Promotion(), m.IsEnPassant(), m.IsCastle(), m.IsNoisy())
		}
	}
}

func TestPhaseAndCounts(t *testing.T) {
	p := NewStart()
	if p.Phase() != 24 || p.Count(White, Pawn) != 8 || p.Count(Black, Queen) != 1 || p.KingSquare(Black) != sqE8 {
		t.Errorf("phase %d, pawns %d, queens %d, king %d", p.Phase(), p.Count(White, Pawn), p.Count(Black, Queen), p.KingSquare(Black))
	}
	if got := p.Board(); got[0] != "rnbqkbnr" || got[4] != "........" || got[7] != "RNBQKBNR" {
		t.Errorf("board %q", got)
	}
}
