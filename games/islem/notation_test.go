package islem

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"oyunbot/games"
)

func TestSplitTurn(t *testing.T) {
	p := newStart()
	tests := []struct {
		in   string
		want []string
	}{
		{"12 d6", []string{"12 d6"}},
		{"12 d6 x f5 e4", []string{"12 d6", "x e4", "x f5"}},
		{"12d6 xe4 xf5", []string{"12 d6", "x e4", "x f5"}},
		{"d6 f2 × e4", []string{"d6 f2", "x e4"}},
		{"x h8 a1", []string{"x a1", "x h8"}},
	}
	for _, tc := range tests {
		if got := p.SplitTurn(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("SplitTurn(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// Each refusal has its stable reason.
func TestMoveErrors(t *testing.T) {
	start := newStart()
	ex := example12.after()      // black owes 5 captures
	before := example12.before() // black in phase 2
	phase1 := newStart()
	phase1.Make(placeMove(3, 27)) // black on d4
	phase1.Make(placeMove(3, 0))  // red on a1
	moving := board(t, "d4:b1 e4:b2 a1:r3")
	moving.hand = [2][2]uint16{}
	moving.hash = moving.computeHash()
	tests := []struct {
		name   string
		p      *Position
		in     string
		kind   games.MoveErrorKind
		reason string
	}{
		{"garbage", start, "hello", games.Malformed, ""},
		{"stone 14", start, "14 d6", games.Malformed, ""},
		{"taken", phase1, "5 d4", games.Illegal, ReasonOccupied},
		{"next to own", phase1, "5 e5", games.Illegal, ReasonNextToOwn},
		{"not in hand", before, "99 d6", games.Malformed, ""},
		{"capture first", ex, "3 a2", games.Illegal, ReasonCaptureOwed},
		{"not opponent", ex, "x d6", games.Illegal, ReasonNotOpponent},
		{"no capture owed", before, "x a1", games.Illegal, ReasonNoCapture},
		{"move in phase 2", before, "d8 a2", games.Illegal, ReasonPlacePhase},
		{"place in phase 3", moving, "3 a2", games.Illegal, ReasonMovePhase},
		{"not your stone", moving, "a1 a2", games.Illegal, ReasonNotYourStone},
		{"no pass", start, "pass", games.Illegal, ReasonNoPass},
		{"forfeit with squares left", start, "12", games.Illegal, ReasonCanPlace},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.p.ParseMove(tc.in)
			var me *games.MoveError
			if !errors.As(err, &me) || me.Kind != tc.kind || me.Reason != tc.reason {
				t.Fatalf("ParseMove(%q) = %v, want kind %d reason %q", tc.in, err, tc.kind, tc.reason)
			}
			if me.Reason != "" {
				for _, lang := range []string{"tr", "en"} {
					if catalog()[lang]["moveerr."+me.Reason] == "" {
						t.Errorf("no %s text for moveerr.%s", lang, me.Reason)
					}
				}
			}
		})
	}
}

// Phase 1 with no square left: the stone is given to the opponent.
func TestPhase1LostStone(t *testing.T) {
	// Black's stones leave no square that touches none of them.
	var words []string
	for sq := 0; sq < Squares; sq++ {
		if f, r := sq%Size, sq/Size; f%2 == 1 && r%2 == 1 {
			words = append(words, SquareName(sq)+":b"+itoa(sq%SetStones))
		}
	}
	p := board(t, joinWords(words))
	p.hand[0] = [2]uint16{1 << 5, fullSet}
	p.hash = p.computeHash()
	if _, err := p.ParseMove("5 a1"); err == nil {
		t.Fatal("a1 touches b2: refused")
	}
	m, err := p.ParseMove("5")
	if err != nil {
		t.Fatal(err)
	}
	p.Make(m)
	if p.Captures()[1] != 1 || p.hand[0][0] != 0 || p.Turn() != 1 {
		t.Fatalf("after giving 5: captures %v hand %v turn %v", p.Captures(), p.Hand(0), p.Turn())
	}
}

// The prompt after a scoring placement lists the equations and the count.
func TestPromptListsOperations(t *testing.T) {
	p := example12.after()
	key, kv, ok := p.Prompt()
	if !ok || key != "capture" || kv[1] != "5" || kv[3] != "(12=4×3) (12=5+7) (12=2×6) (12+5=9+8)" || kv[5] != "5" {
		t.Fatalf("prompt %q %q %v", key, kv, ok)
	}
	for _, lang := range []string{"tr", "en"} {
		if catalog()[lang]["prompt.capture"] == "" {
			t.Errorf("no %s prompt.capture", lang)
		}
	}
	// A whole turn typed at once: placement and five captures.
	q := example12.before()
	for _, ply := range q.SplitTurn("12 d6 x a1 h1 a8 h8 b2") {
		m, err := q.ParseMove(ply)
		if err != nil {
			t.Fatalf("%s: %v", ply, err)
		}
		q.Make(m)
	}
	if q.Turn() != 1 || q.Captures()[0] != 5 {
		t.Fatalf("after the turn: turn %v captures %v", q.Turn(), q.Captures())
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func joinWords(ws []string) string { return strings.Join(ws, " ") }

// The text board has one rune a square, as chat lays boards out.
func TestBoardOneRuneASquare(t *testing.T) {
	rows := example12.after().Board()
	if len(rows) != Size {
		t.Fatalf("%d rows", len(rows))
	}
	for _, r := range rows {
		if n := len([]rune(r)); n != Size {
			t.Fatalf("row %q has %d runes", r, n)
		}
	}
	if rows[2] != "...⓬❺..." || rows[7] != "①......⑪" {
		t.Fatalf("rows:\n%s", strings.Join(rows, "\n"))
	}
}

func TestExplainAfterTheTurn(t *testing.T) {
	p := example12.before()
	if _, _, ok := p.Explain(); ok {
		t.Fatal("explains before any placement")
	}
	for _, ply := range p.SplitTurn("12 d6 x a1 h1 a8 h8 b2") {
		m, err := p.ParseMove(ply)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
	}
	key, kv, ok := p.Explain()
	if !ok || key != "ops" || kv[1] != "(12=4×3) (12=5+7) (12=2×6) (12+5=9+8)" || kv[3] != "5" || kv[5] != "12 d6" {
		t.Fatalf("explain %q %q %v", key, kv, ok)
	}
}
