package draughts

import (
	"slices"
	"testing"

	"oyunbot/ai"
)

// legalMoves lists p's legal moves in squares, sorted.
func legalMoves(p *Position) []string {
	var out []string
	for _, m := range p.Moves(nil) {
		out = append(out, p.FormatAlgebraic(m))
	}
	slices.Sort(out)
	return out
}

// mirrorMoves names moves on the mirrored board (c3 -> f3).
func mirrorMoves(ms []string) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		b := []byte(m)
		for j := range b {
			if b[j] >= 'a' && b[j] <= 'h' && j+1 < len(b) && b[j+1] >= '1' && b[j+1] <= '8' {
				b[j] = 'h' - (b[j] - 'a')
			}
		}
		out[i] = string(b)
	}
	slices.Sort(out)
	return out
}

// TestCaptureRules: the boards are drawn on Italian's board (h1 dark);
// checkers plays each on its mirror image (a1 dark), where the same
// pieces stand in the same relation.
func TestCaptureRules(t *testing.T) {
	for _, tc := range []struct {
		name              string
		board             []string // ranks 8..1
		side              string
		italian, checkers []string
	}{
		{
			name:     "Italian takes the most pieces; checkers chooses",
			board:    []string{"........", "........", "....b...", "........", "..b.b...", "...w....", "........", "........"},
			side:     "w",
			italian:  []string{"d3xf5xd7"},
			checkers: []string{"d3xb5", "d3xf5xd7"},
		},
		{
			name:     "Italian captures with the king when a man takes as many",
			board:    []string{"........", "........", "........", "........", "..b.....", "...w....", "......b.", ".....W.."},
			side:     "w",
			italian:  []string{"f1xh3"},
			checkers: []string{"d3xb5", "f1xh3"},
		},
		{
			name:     "more pieces before the king: a man's two against a king's one",
			board:    []string{"........", "........", "....b...", "........", "....b...", "...w....", "......b.", ".....W.."},
			side:     "w",
			italian:  []string{"d3xf5xd7"},
			checkers: []string{"d3xf5xd7", "f1xh3"},
		},
		{
			name:     "Italian takes the most kings",
			board:    []string{"........", "........", "........", "........", "..B.b...", "...W....", "........", "........"},
			side:     "w",
			italian:  []string{"d3xb5"},
			checkers: []string{"d3xb5", "d3xf5"},
		},
		{
			name:     "Italian meets a king earliest; the king may come back to its square",
			board:    []string{"........", "........", "..B.b...", "........", "..b.B...", "...W....", "........", "........"},
			side:     "w",
			italian:  []string{"d3xf5xd7xb5xd3"},
			checkers: []string{"d3xb5xd7xf5xd3", "d3xf5xd7xb5xd3"},
		},
		{
			name:     "crowning ends the capture",
			board:    []string{"........", "...b.b..", "..w.....", "........", "........", "........", "........", "........"},
			side:     "w",
			italian:  []string{"c6xe8"},
			checkers: []string{"c6xe8"},
		},
		{
			name:     "a man never takes a king in Italian; in checkers it must",
			board:    []string{"........", "........", "........", "........", "..B.....", "...w....", "........", "........"},
			side:     "w",
			italian:  []string{"d3-e4"},
			checkers: []string{"d3xb5"},
		},
		{
			name:     "men capture forward only, kings both ways",
			board:    []string{"........", "........", "........", "........", "..W.w...", "...b....", "........", "........"},
			side:     "w",
			italian:  []string{"c4xe2"},
			checkers: []string{"c4xe2"},
		},
		{
			name:     "black men go down",
			board:    []string{"........", "........", "........", "........", "....b...", "...w....", "........", "........"},
			side:     "b",
			italian:  []string{"e4xc2"},
			checkers: []string{"e4xc2"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := ""
			for i, r := range tc.board {
				if i > 0 {
					text += "/"
				}
				text += r
			}
			text += " " + tc.side
			p, err := Italian.Parse(text)
			if err != nil {
				t.Fatal(err)
			}
			if got := legalMoves(p); !slices.Equal(got, tc.italian) {
				t.Errorf("italian: %v, want %v", got, tc.italian)
			}
			q, err := Checkers.Parse(mirrorText(text))
			if err != nil {
				t.Fatal(err)
			}
			if got, want := legalMoves(q), mirrorMoves(tc.checkers); !slices.Equal(got, want) {
				t.Errorf("checkers: %v, want %v", got, want)
			}
		})
	}
}

func TestStartPositions(t *testing.T) {
	it := Italian.NewStart()
	if it.Turn() != ai.First || len(legalMoves(it)) != 7 {
		t.Errorf("Italian start: %v to move, moves %v", it.Turn(), legalMoves(it))
	}
	ck := Checkers.NewStart()
	if ck.Turn() != ai.Second {
		t.Errorf("checkers: %v to move first, want Black (ai.Second)", ck.Turn())
	}
	want := []string{"b6-a5", "b6-c5", "d6-c5", "d6-e5", "f6-e5", "f6-g5", "h6-g5"}
	if got := legalMoves(ck); !slices.Equal(got, want) {
		t.Errorf("checkers start: %v, want %v", got, want)
	}
	// The numbering: Italian 1 = a8 ... 32 = h1, checkers 1 = b8 ... 32 = g1.
	for _, tc := range []struct {
		g    Game
		n    int
		name string
	}{{Italian, 1, "a8"}, {Italian, 4, "g8"}, {Italian, 5, "b7"}, {Italian, 22, "d3"}, {Italian, 32, "h1"},
		{Checkers, 1, "b8"}, {Checkers, 5, "a7"}, {Checkers, 11, "f6"}, {Checkers, 15, "e5"}, {Checkers, 32, "g1"}} {
		sq := tc.g.v.fromNumber(tc.n)
		if got := tc.g.v.squareName(sq); got != tc.name || tc.g.v.squareNumber(sq) != tc.n {
			t.Errorf("%s: square %d is %s (back to %d), want %s", tc.g.Name(), tc.n, got, tc.g.v.squareNumber(sq), tc.name)
		}
	}
}

// TestStepMasks: the bitboard steps agree with the neighbours worked out
// from files and ranks.
func TestStepMasks(t *testing.T) {
	for d := 0; d < 4; d++ {
		for sq := 0; sq < 32; sq++ {
			want := uint32(0)
			if n := tab.next[d][sq]; n >= 0 {
				want = bit(int(n))
			}
			if got := step(bit(sq), d); got != want {
				t.Errorf("step(%d, %d) = %032b, want %032b", sq, d, got, want)
			}
		}
	}
}

func TestEnds(t *testing.T) {
	// No move: lost; no piece: lost.
	p, _ := Italian.Parse("......../......../......../......../......../......../......B./.......w w") // the perft file's rule line
	if st := p.Status(); !st.Over || st.Winner != ai.Second || st.Reason != ReasonNoMoves {
		t.Errorf("blocked man: %+v", st)
	}
	p, _ = Checkers.Parse("......../......../......../......../......../......../......../W....... b")
	if st := p.Status(); !st.Over || st.Winner != ai.First || st.Reason != ReasonNoPieces {
		t.Errorf("no black piece: %+v", st)
	}
	// Three times the same position (kings shuffling): a draw.
	p, _ = Checkers.Parse("......../......../.....B../......../......../......../.W....../........ w")
	for i, m := range []string{"b2-c3", "f6-g7", "c3-b2", "g7-f6", "b2-c3", "f6-g7", "c3-b2", "g7-f6"} {
		if st := p.Status(); st.Over {
			t.Fatalf("over before move %d: %+v", i, st)
		}
		mv, err := p.ParseMove(m)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(mv)
	}
	if st := p.Status(); !st.Over || st.Winner != ai.NoSide || st.Reason != ReasonRepetition {
		t.Errorf("third repetition: %+v", st)
	}
	// Forty moves each of kings: a draw, and a man's move resets the count.
	p, err := Italian.Parse("......../......../......../......../......../......../......w./.W.....B w")
	if err != nil {
		t.Fatal(err)
	}
	p.St.quiet = fortyMovePlies - 2
	mv, err := p.ParseMove("g2-f3")
	if err != nil {
		t.Fatal(err)
	}
	p.Make(mv)
	if p.St.quiet != 0 {
		t.Errorf("a man's move leaves the count at %d", p.St.quiet)
	}
	p.St.quiet = fortyMovePlies - 1
	if mv, err = p.ParseMove("h1-g2"); err != nil {
		t.Fatal(err)
	}
	p.Make(mv)
	if st := p.Status(); !st.Over || st.Winner != ai.NoSide || st.Reason != ReasonFortyMoves {
		t.Errorf("forty moves: %+v", st)
	}
	if len(p.Moves(nil)) != 0 {
		t.Error("moves after the draw")
	}
}

// TestDecided (issue 35.3): a start where the side not to move has no
// pieces is decided for the side to move; anything else is left to Status.
func TestDecided(t *testing.T) {
	for _, tc := range []struct {
		g      Game
		pos    string
		over   bool
		winner ai.Side
	}{
		{Italian, "......../......../......../......../......../.w....../......../........ w", true, ai.First},
		{Italian, "......../......../b......./......../......../......../......../........ w", false, ai.NoSide}, // Status: over already
		{Checkers, "......../......../......../......../......../......../......../w....... w", true, ai.First},
		{Checkers, "......../......../......../......../......../......../......../w....... b", false, ai.NoSide},
		{Checkers, Checkers.StartText(), false, ai.NoSide},
	} {
		p, err := tc.g.Parse(tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		got := p.Decided()
		if got.Over != tc.over || got.Winner != tc.winner || (tc.over && got.Reason != ReasonNoPieces) {
			t.Errorf("%s: Decided %+v", tc.pos, got)
		}
	}
}
