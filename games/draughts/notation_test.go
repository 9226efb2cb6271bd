package draughts

import (
	"errors"
	"testing"

	"oyunbot/games"
)

func TestParseMoveForms(t *testing.T) {
	it := Italian.NewStart()
	for _, in := range []string{"d3-c4", "D3-C4", "d3c4", "d3 c4", "d3:c4", "22-18", "22 18", " 22–18 "} {
		m, err := it.ParseMove(in)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if got := it.FormatAlgebraic(m); got != "d3-c4" {
			t.Errorf("%q is %s, want d3-c4", in, got)
		}
	}
	ck := Checkers.NewStart()
	m, err := ck.ParseMove("11-15")
	if err != nil || ck.FormatAlgebraic(m) != "f6-e5" || ck.FormatNumeric(m) != "11-15" {
		t.Errorf("checkers 11-15: %v %v", ck.FormatAlgebraic(m), err)
	}
}

// TestNotationFollowsThePlayer: moves are written the way the last one
// was typed, squares by default.
func TestNotationFollowsThePlayer(t *testing.T) {
	p := Italian.NewStart()
	m, _ := p.ParseMove("22-18")
	if got := p.FormatMove(m); got != "22-18" {
		t.Errorf("after a move in numbers: %q", got)
	}
	p.Make(m)
	m2, _ := p.ParseMove("c6-b5")
	if got := p.FormatMove(m2); got != "c6-b5" {
		t.Errorf("after a move in squares: %q", got)
	}
	c := p.Clone().(*Position)
	if _, err := c.ParseMove("10-14"); err != nil {
		t.Fatal(err)
	}
	if p.FormatMove(m2) != "c6-b5" || c.FormatMove(m2) != "10-13" {
		t.Error("a clone's notation is not its own")
	}
	// A refused move changes nothing.
	if _, err := c.ParseMove("c6-c5"); err == nil {
		t.Fatal("c6-c5 accepted")
	}
	if c.FormatMove(m2) != "10-13" {
		t.Error("a refused move changed the notation")
	}
}

func TestShortCaptures(t *testing.T) {
	// d3 takes two by one path: d3xd7 says which.
	p, _ := Italian.Parse("......../......../....b.../......../..b.b.../...w..../......../........ w")
	m, err := p.ParseMove("d3xd7")
	if err != nil || p.FormatAlgebraic(m) != "d3xf5xd7" {
		t.Errorf("d3xd7: %s %v", p.FormatAlgebraic(m), err)
	}
	if m2, err := p.ParseMove("22x15x6"); err != nil || m2 != m {
		t.Errorf("22x15x6: %v", err)
	}
	if m2, err := p.ParseMove("22x6"); err != nil || m2 != m || p.FormatMove(m) != "22x15x6" {
		t.Errorf("22x6: %v", err)
	}
	// Two ways round the same four pieces end where they began, taking
	// the same pieces: in checkers d3xd3 is either.
	q, _ := Checkers.Parse(mirrorText("......../......../..B.b.../......../..b.B.../...W..../......../........ w"))
	if _, err := q.ParseMove("e3xe3"); err != nil {
		t.Errorf("e3xe3: %v", err)
	}
}

// TestMoveErrors: every reason a move is refused for.
func TestMoveErrors(t *testing.T) {
	start := Italian.StartText()
	for _, tc := range []struct {
		g       Game
		pos, in string
		kind    games.MoveErrorKind
		reason  string
	}{
		{Italian, start, "hello", games.Malformed, ReasonSyntax},
		{Italian, start, "d3", games.Malformed, ReasonSyntax},
		{Italian, start, "22", games.Malformed, ReasonSyntax},
		{Italian, start, "2218", games.Malformed, ReasonSyntax},
		{Italian, start, "22-", games.Malformed, ReasonSyntax},
		{Italian, start, "22-33", games.Illegal, ReasonBadNumber},
		{Italian, start, "0-4", games.Illegal, ReasonBadNumber},
		{Italian, start, "c3-d4", games.Illegal, ReasonLightSquare},
		{Italian, start, "c4-d5", games.Illegal, ReasonNoPiece},
		{Italian, start, "c6-b5", games.Illegal, ReasonNotYourPiece},
		{Italian, start, "d3-d3", games.Illegal, ReasonSameSquare},
		{Italian, start, "c2-d3", games.Illegal, ReasonOccupied},
		{Italian, start, "d3-d5", games.Illegal, ReasonNotDiagonal},
		{Italian, start, "d3-f5", games.Illegal, ReasonNoCapture},
		{Italian, start, "d3-g6", games.Illegal, ReasonOccupied},
		{Italian, start, "b3-e6", games.Illegal, ReasonOccupied},
		{Italian, "......../......../......../......../......../...w..../......../........ w", "d3-c2", games.Illegal, ReasonBackward},
		{Italian, "......../......../......../......../......../...W..../......../........ w", "d3-f5", games.Illegal, ReasonNoCapture},
		{Italian, "......../......../......../......../......../...W..../......../........ w", "d3-g6", games.Illegal, ReasonTooFar},
		{Italian, "......../......../......../......../....w.../...w..../......../........ w", "d3-f5", games.Illegal, ReasonOwnPiece},
		{Italian, "......../......../......../......../....b.../...w..../......../........ w", "d3-c4", games.Illegal, ReasonCaptureCompulsory},
		{Italian, "......../......../......../......../....b.../.w.w..../......../........ w", "b3-a4", games.Illegal, ReasonCaptureCompulsory},
		{Italian, "......../......../....b.../......../..b.b.../...w..../......../........ w", "d3xb5", games.Illegal, ReasonNotMaximum},
		{Italian, "......../......../....b.../......../..b.b.../...w..../......../........ w", "d3xf5", games.Illegal, ReasonMustContinue},
		{Italian, "......../......../......../......../..b...../...w..../......b./.....W.. w", "d3xb5", games.Illegal, ReasonKingFirst},
		{Italian, "......../......../......../......../..B.b.../...W..../......../........ w", "d3xf5", games.Illegal, ReasonMostKings},
		{Italian, "......../......../..B.b.../......../..b.B.../...W..../......../........ w", "d3xb5xd7xf5xd3", games.Illegal, ReasonKingEarliest},
		{Italian, "......../......../..B.b.../......../..b.B.../...W..../......../........ w", "d3xb5xd7xf5xd3xb5", games.Illegal, ReasonJumpedTwice},
		{Italian, "......../......../......../......../..B...../...w..../......../........ w", "d3xb5", games.Illegal, ReasonManTakesKing},
		{Italian, "......../...b.b../..w...../......../......../......../......../........ w", "c6xe8xg6", games.Illegal, ReasonCrownStops},
		{Checkers, mirrorText("......../......../..B.b.../......../..b.B.../...W..../......../........ w"), "e3xe3", games.Illegal, ""},
		{Italian, "......../......../......../......../......../......../......B./.......w w", "h1-g2", games.GameOver, ReasonNoMoves},
	} {
		p, err := tc.g.Parse(tc.pos)
		if err != nil {
			t.Fatalf("%s: %v", tc.pos, err)
		}
		before := p.String()
		_, err = p.ParseMove(tc.in)
		if tc.reason == "" {
			if err != nil {
				t.Errorf("%s %q: %v", tc.g.Name(), tc.in, err)
			}
			continue
		}
		var me *games.MoveError
		if !errors.As(err, &me) || me.Kind != tc.kind || me.Reason != tc.reason || me.Input != tc.in {
			t.Errorf("%s %q in %s: %v, want kind %d reason %s", tc.g.Name(), tc.in, tc.pos, err, tc.kind, tc.reason)
		}
		if p.String() != before {
			t.Errorf("%q changed the position", tc.in)
		}
	}
}
