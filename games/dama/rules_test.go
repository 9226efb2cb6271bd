package dama

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/games"
)

// board builds a position from eight rank lines (rank 8 first) and a side.
func board(t testing.TB, side string, ranks ...string) *Position {
	t.Helper()
	p, err := ParsePosition(strings.Join(ranks, "/") + " " + side)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustPos(t testing.TB, s string) *Position {
	t.Helper()
	p, err := ParsePosition(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func formatAll(p *Position) []string {
	var out []string
	for _, m := range p.Moves(nil) {
		out = append(out, p.FormatMove(m))
	}
	slices.Sort(out)
	return out
}

func TestGame(t *testing.T) {
	var g games.Game = Game{}
	if g.Name() != "dama" || g.Players() != 2 || !slices.Equal(g.SideNames(), []string{"white", "black"}) {
		t.Fatalf("game description %q %d %v", g.Name(), g.Players(), g.SideNames())
	}
	if _, err := games.NewRegistry(g); err != nil {
		t.Fatal(err)
	}
	start := g.Start()
	if start.String() != StartFEN || start.Turn() != ai.First {
		t.Fatalf("start %q turn %v", start.String(), start.Turn())
	}
	want := []string{"........", "bbbbbbbb", "bbbbbbbb", "........", "........", "wwwwwwww", "wwwwwwww", "........"}
	if !slices.Equal(start.Board(), want) {
		t.Fatalf("board %v", start.Board())
	}
	if p, err := g.ParsePosition("bad"); err == nil || p != nil {
		t.Fatalf("ParsePosition(bad) = %v, %v", p, err)
	}
	// The interfaces the bot and the engine look for.
	var _ ai.MaterialEvaluator = start.(*Position)
	var _ games.Highlighter = start.(*Position)
	var _ games.Perfter = start.(*Position)
}

func TestParsePositionErrors(t *testing.T) {
	const b = "......../bbbbbbbb/bbbbbbbb/......../......../wwwwwwww/wwwwwwww/........"
	tests := []struct{ in, errHas string }{
		{"", "empty"},
		{"   ", "empty"},
		{b, "no side to move"},
		{b + " w 8", `unexpected "8"`},
		{b + " x", `side to move "x"`},
		{b + " W", `side to move "W"`},
		{"......../bbbbbbbb/bbbbbbbb/......../wwwwwwww/wwwwwwww/........ w", "7 ranks"},
		{"......../bbbbbbbb/bbbbbbbb/......../......../wwwwwwww/wwwwwwww/......../........ w", "9 ranks"},
		{"......../bbbbbbbb/bbbbbbbb/......../......./wwwwwwww/wwwwwwww/........ w", "rank 4"},
		{"......../bbbbbbbb/bbbbbbbb/......../.........../wwwwwwww/wwwwwwww/........ w", "has 11 squares"},
		{"......../bbbbbbbb/bbbbbbbb/...x..../......../wwwwwwww/wwwwwwww/........ w", "bad character 'x' on d5"},
		{"......../bbbbbbbb/bbbbbbbb/......../......../wwwwwwww/wwwwwwww/......ç. w", "bad character"},
		{"...w..../......../......../......../......../......../......../........ b", "white man on d8"},
		{"......../......../......../......../......../......../......../..b..... w", "black man on c1"},
		{"......../bbbbbbbb/bbbbbbbb/......../......../wwwwwwww/wwwwwwww/wwwwwwww w", "white has 24 pieces"},
		{"......../bbbbbbbb/bbbbbbbb/bbbbbbbb/......../wwwwwwww/wwwwwwww/........ w", "black has 24 pieces"},
	}
	for _, tt := range tests {
		p, err := ParsePosition(tt.in)
		if err == nil {
			t.Errorf("ParsePosition(%q) = %v, want an error", tt.in, p)
			continue
		}
		if !strings.Contains(err.Error(), tt.errHas) {
			t.Errorf("ParsePosition(%q): %v, want it to mention %q", tt.in, err, tt.errHas)
		}
	}
}

func TestParseMoveForms(t *testing.T) {
	p := NewStart()
	want, err := p.ParseMove("c3-c4")
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{"c3c4", "c3 c4", "  C3-C4 ", "C3c4", "c3\tc4", "c3\u2013c4", "c3 \u2014 c4"} {
		m, err := p.ParseMove(in)
		if err != nil || m != want {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", in, m, err, want)
		}
	}
	// A capture: every landing square, with x or :.
	p = board(t, "w",
		"........",
		"....b...",
		"........",
		"....b...",
		"w...w...",
		"........",
		"w.......",
		"........")
	if got := formatAll(p); !slices.Equal(got, []string{"e4xe6xe8"}) {
		t.Fatalf("moves %v", got)
	}
	want, _ = p.ParseMove("e4xe6xe8")
	for _, in := range []string{"e4:e6:e8", "E4XE6XE8", "e4 e6 e8", "e4-e6-e8", "e4e6e8", "e4xe8", "e4\u00d7e6\u00d7e8"} {
		m, err := p.ParseMove(in)
		if err != nil || m != want {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", in, m, err, want)
		}
	}
}

func TestShortCapture(t *testing.T) {
	// Two paths from a1 to a7 take the same pieces (a3, a6): a1xa7 is accepted.
	p := board(t, "w",
		"........",
		"........",
		"b.......",
		"........",
		"........",
		"b.......",
		"........",
		"W......h"[:7]+".")
	got := formatAll(p)
	if !slices.Equal(got, []string{"a1xa4xa7", "a1xa4xa8", "a1xa5xa7", "a1xa5xa8"}) {
		t.Fatalf("moves %v", got)
	}
	m, err := p.ParseMove("a1xa7")
	if err != nil {
		t.Fatal(err)
	}
	if _, caps := p.MoveSquares(m); !slices.Equal(caps, []string{"a3", "a6"}) {
		t.Errorf("a1xa7 captures %v", caps)
	}
	// Two paths from e8 to a6 that take different pieces: ambiguous.
	p = mustPos(t, "...BW.../......../.b....../b......./.....b../....B.../....b.../........ w")
	if got := formatAll(p); !slices.Equal(got, []string{"e8xa8xa2xf2xf6xa6", "e8xa8xa3xf3xf6xa6"}) {
		t.Fatalf("moves %v", got)
	}
	_, err = p.ParseMove("e8xa6")
	var me *games.MoveError
	if !errors.As(err, &me) || me.Kind != games.Ambiguous || me.Reason != ReasonAmbiguous ||
		!strings.Contains(me.Detail, "e8xa8xa2xf2xf6xa6") {
		t.Fatalf("ParseMove(e8xa6) error %v", err)
	}
	if m, err := p.ParseMove("e8xa8xa3xf3xf6xa6"); err != nil || p.FormatMove(m) != "e8xa8xa3xf3xf6xa6" {
		t.Fatalf("full path: %v %v", m, err)
	}
}

func TestParseMoveErrors(t *testing.T) {
	start := StartFEN
	// White man d4, king b2, own man b5; black man e7, king h8. No captures.
	quiet := strings.Join([]string{
		".......B",
		"....b...",
		"........",
		".w......",
		"...w....",
		"........",
		".W......",
		"........"}, "/") + " w"
	// White man d4 must capture d5 (then d7: two pieces), or e4 (one piece).
	capture := strings.Join([]string{
		"........",
		"...b....",
		"........",
		"...b....",
		"...wb...",
		"........",
		"w.......",
		"........"}, "/") + " w"
	// The 180-degree-turn position of the perft file.
	king := "......../......../......../...b..../...W..../......../...b..../........ w"
	lone := "......../......../......../...b..../...W..../......../......../........ w"
	tests := []struct {
		pos, in string
		kind    games.MoveErrorKind
		reason  string
	}{
		{start, "", games.Malformed, ReasonSyntax},
		{start, "c3", games.Malformed, ReasonSyntax},
		{start, "c3-", games.Malformed, ReasonSyntax},
		{start, "i3-i4", games.Malformed, ReasonSyntax},
		{start, "c9-c4", games.Malformed, ReasonSyntax},
		{start, "hello", games.Malformed, ReasonSyntax},
		{start, "c3-c4 please", games.Malformed, ReasonSyntax},
		{start, "c3/c4", games.Malformed, ReasonSyntax},
		{start, "c3-c4-", games.Malformed, ReasonSyntax},
		{start, "c4-c5", games.Illegal, ReasonNoPiece},
		{start, "c6-c5", games.Illegal, ReasonNotYourPiece},
		{start, "c2-c3", games.Illegal, ReasonOccupied},
		{start, "c3-d4", games.Illegal, ReasonBadDirection},
		{start, "c3-c5", games.Illegal, ReasonTooFar},
		{start, "c3-c3", games.Illegal, ReasonSameSquare},
		{quiet, "d4-d3", games.Illegal, ReasonBadDirection},
		{quiet, "d4-e5", games.Illegal, ReasonBadDirection},
		{quiet, "d4-d6", games.Illegal, ReasonTooFar},
		{quiet, "d4-a4", games.Illegal, ReasonTooFar},
		{quiet, "b2-b7", games.Illegal, ReasonBlocked},
		{quiet, "b2-c3", games.Illegal, ReasonBadDirection},
		{quiet, "b2-b5", games.Illegal, ReasonOccupied},
		{quiet, "b2xb4xd4", games.Illegal, ReasonNoCapture},
		{quiet, "d4xd6", games.Illegal, ReasonTooFar},
		{quiet, "h8-h1", games.Illegal, ReasonNotYourPiece},
		{capture, "a2-a3", games.Illegal, ReasonCaptureCompulsory},
		{capture, "d4xf4", games.Illegal, ReasonNotMaximum},
		{capture, "d4xd6", games.Illegal, ReasonNotMaximum},
		{capture, "d4-c4", games.Illegal, ReasonCaptureCompulsory},
		{capture, "d4xd6xd7", games.Illegal, ReasonOccupied},
		{capture, "d4xd6xd8xd9", games.Malformed, ReasonSyntax},
		{king, "d4xd6xd1", games.Illegal, ReasonTurnBack},
		{king, "d4-d3", games.Illegal, ReasonCaptureCompulsory},
		{king, "d4xd6xc6", games.Illegal, ReasonNoCapture},
		{lone, "d4xd6", games.GameOver, ReasonLonePieces},
		{lone, "garbage", games.Malformed, ReasonSyntax},
	}
	for _, tt := range tests {
		p := mustPos(t, tt.pos)
		before := p.String()
		m, err := p.ParseMove(tt.in)
		var me *games.MoveError
		if !errors.As(err, &me) {
			t.Errorf("%s: ParseMove(%q) = %v, %v; want a MoveError", tt.pos, tt.in, m, err)
			continue
		}
		if me.Kind != tt.kind || me.Reason != tt.reason || me.Input != tt.in {
			t.Errorf("%s: ParseMove(%q): kind %d reason %q (%v); want kind %d reason %q",
				tt.pos, tt.in, me.Kind, me.Reason, err, tt.kind, tt.reason)
		}
		if me.Detail == "" || !m.IsNone() {
			t.Errorf("ParseMove(%q): detail %q move %v", tt.in, me.Detail, m)
		}
		if p.String() != before {
			t.Errorf("ParseMove(%q) changed the position", tt.in)
		}
	}
}

func TestRules(t *testing.T) {
	tests := []struct {
		name  string
		pos   *Position
		moves []string
	}{
		{"men step forward and sideways, never back or diagonally", board(t, "w",
			"........", "........", "........", "........", "...w....", "........", "........", "........"),
			[]string{"d4-c4", "d4-d5", "d4-e4"}},
		{"black men step down", board(t, "b",
			"........", "........", "........", "...b....", "........", "........", ".......w", "W......."),
			[]string{"d5-c5", "d5-d4", "d5-e5"}},
		{"a man promotes on the far rank", board(t, "w",
			"........", "w.......", ".......b", "........", "........", "........", "........", "...B...."),
			[]string{"a7-a8", "a7-b7"}},
		{"kings slide like rooks", board(t, "w",
			"b.......", "........", "........", "........", "........", "..b.....", "........", "W.w....."),
			[]string{"a1-a2", "a1-a3", "a1-a4", "a1-a5", "a1-a6", "a1-a7", "a1-b1", "c1-b1", "c1-c2", "c1-d1"}},
		{"a man captures sideways; capturing is compulsory", board(t, "w",
			"........", "........", "........", "........", "..bw....", "........", "w.......", "........"),
			[]string{"d4xb4"}},
		{"a man never captures backwards", board(t, "w",
			"........", ".......b", "........", "........", "...w....", "...b....", "........", "........"),
			[]string{"d4-c4", "d4-d5", "d4-e4"}},
		{"a king captures from afar and lands anywhere beyond", board(t, "w",
			"........", ".b......", "........", "........", "........", "........", "........", "W..B...."),
			[]string{"a1xe1", "a1xf1", "a1xg1", "a1xh1"}},
		{"two pieces in a row cannot be captured", board(t, "w",
			"........", "........", "........", "........", "........", "........", "........", "W..BB..."),
			[]string{"a1-a2", "a1-a3", "a1-a4", "a1-a5", "a1-a6", "a1-a7", "a1-a8", "a1-b1", "a1-c1"}},
		{"maximum capture: kings and men count the same", board(t, "w",
			"........", "........", "...b....", "........", "...b.b.b", "...w....", ".B......", "W......."),
			[]string{"d3xd5xd7"}},
		{"a man promoted mid-capture may not turn back", board(t, "w",
			"........", "..b.....", "..w.....", "........", "........", "..b.....", "........", "........"),
			[]string{"c6xc8"}},
		// As a man d6xf6xf8 takes two; promoted on f8 it goes on as a king
		// (b8, then a5 around the corner): four, more than d6xd8xa8xa4's three.
		{"captures after a promotion count toward the maximum", board(t, "w",
			".b......", "...b.b..", "...wb...", "b.......", "........", "........", "........", "........"),
			[]string{"d6xf6xf8xa8xa1", "d6xf6xf8xa8xa2", "d6xf6xf8xa8xa3", "d6xf6xf8xa8xa4"}},
	}
	for _, tt := range tests {
		if got := formatAll(tt.pos); !slices.Equal(got, tt.moves) {
			t.Errorf("%s: moves %v, want %v", tt.name, got, tt.moves)
		}
	}
}

// TestStartSquareEmpty: a king may cross and land on its own start square.
func TestStartSquareEmpty(t *testing.T) {
	p := board(t, "w",
		"........",
		"........",
		"....b...",
		"..b.....",
		".....b..",
		"..Wb....",
		"........",
		"........")
	got := formatAll(p)
	for _, want := range []string{"c3xc6xf6xf3xc3", "c3xc6xf6xf3xa3", "c3xf3xf6xc6xc3", "c3xf3xf6xc6xc1"} {
		if !slices.Contains(got, want) {
			t.Errorf("%s missing from %v", want, got)
		}
	}
	p.Make(mustMove(t, p, "c3xc6xf6xf3xc3"))
	if want := "......../......../......../......../......../..W...../......../........ b"; p.String() != want {
		t.Fatalf("after the loop %s", p)
	}
}

func TestPromotionMidCapture(t *testing.T) {
	// The perft file's rule position: c6xc8 promotes, then captures on as a king.
	p := mustPos(t, "....b.../..b...../..w...../......../......../......../.....b../........ w")
	m, err := p.ParseMove("c6xc8xf8xf1")
	if err != nil {
		t.Fatal(err)
	}
	path, caps := p.MoveSquares(m)
	if !slices.Equal(path, []string{"c6", "c8", "f8", "f1"}) || !slices.Equal(caps, []string{"c7", "e8", "f2"}) {
		t.Fatalf("path %v captured %v", path, caps)
	}
	if !p.Noisy(m) {
		t.Error("a capture is not noisy")
	}
	p.Make(m)
	if got := p.String(); got != "......../......../......../......../......../......../......../.....W.. b" {
		t.Fatalf("after the capture %s", got)
	}
}

func TestPromotionAtEnd(t *testing.T) {
	p := board(t, "w", "........", "w.......", "........", "........", "........", "........", "b......w", "...B....")
	m, err := p.ParseMove("a7-a8")
	if err != nil {
		t.Fatal(err)
	}
	if !p.Noisy(m) {
		t.Error("a promotion is not noisy")
	}
	p.Make(m)
	if p.Board()[0] != "W......." {
		t.Fatalf("no promotion: %v", p.Board())
	}
	p.Unmake()
	m, _ = p.ParseMove("a7-b7")
	if p.Noisy(m) {
		t.Error("a quiet step is noisy")
	}
}

func TestStatus(t *testing.T) {
	t.Run("no legal move loses", func(t *testing.T) {
		p := board(t, "w", "B.......", "wbb.....", "........", "........", "........", "........", "........", "........")
		st := p.Status()
		if !st.Over || st.Winner != ai.Second || st.Reason != ReasonNoMoves {
			t.Fatalf("status %+v", st)
		}
		if n := len(p.Moves(nil)); n != 0 {
			t.Fatalf("%d moves", n)
		}
		_, err := p.ParseMove("a7-a8")
		var me *games.MoveError
		if !errors.As(err, &me) || me.Kind != games.GameOver || me.Reason != ReasonNoMoves {
			t.Fatalf("ParseMove: %v", err)
		}
	})
	t.Run("no pieces loses", func(t *testing.T) {
		p := board(t, "b", "........", "........", "........", "........", "W.......", "........", "........", "........")
		if st := p.Status(); !st.Over || st.Winner != ai.First || st.Reason != ReasonNoPieces {
			t.Fatalf("status %+v", st)
		}
	})
	t.Run("one piece each is a draw", func(t *testing.T) {
		for _, p := range []*Position{
			board(t, "w", "........", "........", "........", "........", "W.......", "........", "........", ".......B"),
			board(t, "b", "........", "........", "...b....", "........", "W.......", "........", "........", "........"),
			board(t, "w", "........", "........", "...b....", "........", "........", "......w.", "........", "........"),
		} {
			st := p.Status()
			if !st.Over || st.Winner != ai.NoSide || st.Reason != ReasonLonePieces {
				t.Errorf("%s: status %+v", p, st)
			}
			if n := len(p.Moves(nil)); n != 0 {
				t.Errorf("%s: %d moves in a drawn position", p, n)
			}
		}
	})
	t.Run("the capture that leaves one piece each ends the game", func(t *testing.T) {
		p := board(t, "w", "........", ".......b", "........", "...b....", "...w....", "........", "........", "........")
		if st := p.Status(); st.Over {
			t.Fatalf("status %+v before the capture", st)
		}
		p.Make(mustMove(t, p, "d4xd6"))
		if st := p.Status(); !st.Over || st.Reason != ReasonLonePieces {
			t.Fatalf("status %+v after the capture", st)
		}
	})
	t.Run("third repetition is a draw", func(t *testing.T) {
		p := board(t, "w", "......B.", "b.......", "b.......", "........", "........", "........", ".......w", "W......w")
		cycle := []string{"a1-b1", "g8-f8", "b1-a1", "f8-g8"}
		for i := 0; i < 8; i++ {
			if st := p.Status(); st.Over {
				t.Fatalf("over after %d plies: %+v", i, st)
			}
			p.Make(mustMove(t, p, cycle[i%4]))
		}
		st := p.Status()
		if !st.Over || st.Winner != ai.NoSide || st.Reason != ReasonRepetition {
			t.Fatalf("status %+v after the third repetition", st)
		}
		if len(p.Moves(nil)) != 0 {
			t.Fatal("moves after a draw")
		}
		p.Unmake()
		if p.Status().Over {
			t.Fatal("Unmake did not undo the repetition")
		}
		// A man move breaks the chain: the earlier positions cannot recur.
		p = board(t, "w", "......B.", "b.......", "b.......", "........", "........", "........", ".......w", "W......w")
		p.Make(mustMove(t, p, "h2-h3"))
		for i := 0; i < 7; i++ {
			p.Make(mustMove(t, p, []string{"g8-f8", "a1-b1", "f8-g8", "b1-a1"}[i%4]))
		}
		if st := p.Status(); st.Over {
			t.Fatalf("status %+v: only two repetitions since the man move", st)
		}
	})
	t.Run("fifty moves without capture or man move", func(t *testing.T) {
		// The kings tour 7 and 8 squares: no position repeats within 50 moves each.
		wTour := []string{"a1", "b1", "c1", "d1", "e1", "f1", "g1"}
		bTour := []string{"a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"}
		p := board(t, "w", "B.......", "b.......", "b.......", "........", "........", "........", ".......w", "W......w")
		for i := 0; i < 50; i++ {
			for _, mv := range []string{wTour[i%7] + "-" + wTour[(i+1)%7], bTour[i%8] + "-" + bTour[(i+1)%8]} {
				if st := p.Status(); st.Over {
					t.Fatalf("over at move %d: %+v", i, st)
				}
				p.Make(mustMove(t, p, mv))
			}
		}
		st := p.Status()
		if !st.Over || st.Winner != ai.NoSide || st.Reason != ReasonFiftyMoves {
			t.Fatalf("status %+v after 100 quiet plies", st)
		}
		// The same with a man move at ply 99 (a sideways step): not a draw yet.
		p.Unmake()
		p.Unmake()
		p.Make(mustMove(t, p, "h2-g2"))
		p.Make(mustMove(t, p, bTour[49%8]+"-"+bTour[50%8]))
		if st := p.Status(); st.Over {
			t.Fatalf("status %+v after a man move", st)
		}
	})
}

func mustMove(t testing.TB, p *Position, s string) ai.Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	return m
}

// TestDecided (issue 35.3): a start where the side not to move has no
// pieces is decided for the side to move; anything else is left to Status.
func TestDecided(t *testing.T) {
	for _, tc := range []struct {
		pos    string
		over   bool
		winner ai.Side
	}{
		{"......../......../......../......../......../......../...w..../........ w", true, ai.First},
		{"......../...b..../......../......../......../......../......../........ b", true, ai.Second},
		{"......../...b..../......../......../......../......../......../........ w", false, ai.NoSide}, // Status: over already
		{"......../......../......../...w..../......../......../...b..../........ w", false, ai.NoSide}, // Status: drawn
		{StartFEN, false, ai.NoSide},
	} {
		p, err := ParsePosition(tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		got := p.Decided()
		if got.Over != tc.over || got.Winner != tc.winner || (tc.over && got.Reason != ReasonNoPieces) {
			t.Errorf("%s: Decided %+v", tc.pos, got)
		}
	}
}
