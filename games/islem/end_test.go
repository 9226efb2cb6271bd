package islem

import (
	"testing"

	"oyunbot/ai"
)

// endPosition: black to move with caps captures each, a turn's count, and
// a stone each that can move but score nothing.
func endPosition(t *testing.T, caps [2]int16, turns int16, turn ai.Side) *Position {
	p := board(t, "a1:b1 h8:r1")
	p.hand = [2][2]uint16{}
	p.caps, p.turns, p.turn = caps, turns, turn
	p.hash = p.computeHash()
	return p
}

// The end rules: 21 captures end the game only once both sides have had
// as many turns (after the second player's turn); more captures wins,
// equal is a draw; 200 turns end it too.
func TestEndRules(t *testing.T) {
	tests := []struct {
		name   string
		caps   [2]int16
		turns  int16
		turn   ai.Side // to move after the test's one turn
		over   bool
		winner ai.Side
		reason string
	}{
		{"black reaches 21: red still moves", [2]int16{21, 5}, 41, ai.Second, false, 0, ""},
		{"after red's turn black wins", [2]int16{21, 5}, 42, ai.First, true, ai.First, ReasonCaptures},
		{"red reaches 21 too: equal moves, more wins", [2]int16{21, 23}, 42, ai.First, true, ai.Second, ReasonCaptures},
		{"equal captures draw", [2]int16{22, 22}, 42, ai.First, true, ai.NoSide, ReasonCaptures},
		{"red reaches 21 first and wins", [2]int16{12, 21}, 42, ai.First, true, ai.Second, ReasonCaptures},
		{"199 turns: not yet", [2]int16{3, 2}, 199, ai.Second, false, 0, ""},
		{"200 turns end it", [2]int16{3, 2}, 200, ai.First, true, ai.First, ReasonTurnLimit},
		{"200 turns, equal: a draw", [2]int16{3, 3}, 200, ai.First, true, ai.NoSide, ReasonTurnLimit},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := endPosition(t, tc.caps, tc.turns, tc.turn).Status()
			if st.Over != tc.over || (tc.over && (st.Winner != tc.winner || st.Reason != tc.reason)) {
				t.Fatalf("status %+v, want over %v winner %v reason %q", st, tc.over, tc.winner, tc.reason)
			}
		})
	}
	// Captures owed keep the game going whatever the counts.
	p := example12.after()
	p.caps = [2]int16{25, 3}
	p.turn = ai.First
	if p.Status().Over {
		t.Fatal("over with captures owed")
	}
}

func TestPhases(t *testing.T) {
	p := newStart()
	if p.Phase(0) != 1 {
		t.Fatalf("start: phase %d", p.Phase(0))
	}
	q := example12.before()
	if q.Phase(0) != 2 {
		t.Fatalf("example: phase %d", q.Phase(0))
	}
	if r := endPosition(t, [2]int16{}, 60, 0); r.Phase(0) != 3 {
		t.Fatalf("empty hands: phase %d", r.Phase(0))
	}
	// Phase 3 with no stone on the board: a pass.
	r := endPosition(t, [2]int16{}, 60, 0)
	r.board[0] = 0
	r.hash = r.computeHash()
	m, err := r.ParseMove("pass")
	if err != nil {
		t.Fatal(err)
	}
	r.Make(m)
	if r.Turn() != 1 || r.Turns() != 61 {
		t.Fatalf("after pass: turn %v turns %d", r.Turn(), r.Turns())
	}
}
