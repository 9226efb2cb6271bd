package tavla

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/games"
)

// board builds a position text from White-numbered points ("1": "w15").
func board(pts map[int]string, off string, side, dice string) string {
	cells := make([]string, points)
	for i := range cells {
		cells[i] = "."
		if v, ok := pts[i+1]; ok {
			cells[i] = v
		}
	}
	if off == "" {
		off = "0 0"
	}
	return strings.Join(cells, ",") + " " + off + " " + side + " " + dice
}

func mustPos(t *testing.T, s string) *Pos {
	t.Helper()
	p, err := parsePosition(s)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return p
}

// legal is the position's legal moves as FormatMove writes them.
func legal(p *Pos) []string {
	var out []string
	for _, m := range p.Moves(nil) {
		out = append(out, p.FormatMove(m))
	}
	slices.Sort(out)
	return out
}

func reason(err error) string {
	var me *games.MoveError
	if errors.As(err, &me) {
		return me.Reason
	}
	return ""
}

// play plays moves typed by the side to move, failing on a refusal.
func play(t *testing.T, p *Pos, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("%s in %s: %v", s, p, err)
		}
		p.Make(m)
	}
}

func TestRules(t *testing.T) {
	tests := []struct {
		name    string
		pos     string
		legal   []string          // the legal plies, sorted (nil: not checked)
		refused map[string]string // move -> MoveError reason
	}{
		{
			name:    "a door blocks",
			pos:     board(map[int]string{1: "w15", 4: "b2", 24: "b13"}, "", "w", "3-1"),
			legal:   []string{"1/2"},
			refused: map[string]string{"1/4": "door"},
		},
		{
			name:    "a pinned checker cannot move",
			pos:     board(map[int]string{1: "w14", 4: "w1/b", 24: "b14"}, "", "b", "3-1"),
			refused: map[string]string{"21/24": "pinned", "21/22": "pinned"},
		},
		{
			name:    "nobody lands on a point where one's own checker is pinned",
			pos:     board(map[int]string{1: "w14", 5: "b1/w", 24: "b14"}, "", "w", "4-2"),
			refused: map[string]string{"1/5": "pinned-point"},
		},
		{
			name:    "doubles: four moves of the same die",
			pos:     board(map[int]string{1: "w15", 24: "b15"}, "", "w", "6-6"),
			legal:   []string{"1/7"},
			refused: map[string]string{"1/6": "no-die"},
		},
		{
			name: "as many dice as possible",
			pos: board(map[int]string{10: "w1", 12: "w1", 24: "w13", 15: "b2", 17: "b2", 23: "b2", 1: "b9"},
				"", "w", "6-5"),
			legal:   []string{"10/16"},
			refused: map[string]string{"12/18": "max-dice", "12/17": "door"},
		},
		{
			name:    "only one die can be played: the larger",
			pos:     board(map[int]string{10: "w1", 24: "w14", 21: "b2", 1: "b13"}, "", "w", "6-5"),
			legal:   []string{"10/16"},
			refused: map[string]string{"10/15": "larger-die"},
		},
		{
			name:  "bearing off exactly",
			pos:   board(map[int]string{19: "w2", 22: "w3", 24: "w10", 1: "b15"}, "", "w", "6-3"),
			legal: []string{"19/22", "19/off", "22/off"},
		},
		{
			name:    "a higher die bears off the farthest checker only",
			pos:     board(map[int]string{22: "w5", 24: "w10", 1: "b15"}, "", "w", "6-4"),
			legal:   []string{"22/off", "22/off=6"},
			refused: map[string]string{"24/off": "bear-off-farther"},
		},
		{
			name:    "a checker farther back: the die moves inside",
			pos:     board(map[int]string{19: "w1", 24: "w14", 1: "b15"}, "", "w", "5-1"),
			legal:   []string{"19/20", "19/24", "24/off"},
			refused: map[string]string{"19/off": "off-die"},
		},
		{
			name:    "bearing off needs every checker home",
			pos:     board(map[int]string{18: "w1", 24: "w14", 1: "b15"}, "", "w", "2-1"),
			legal:   []string{"18/19", "18/20"},
			refused: map[string]string{"24/off": "bear-off-home"},
		},
		{
			name:    "a pinned checker blocks its owner's bearing off",
			pos:     board(map[int]string{19: "w13", 24: "w1", 21: "b1/w", 1: "b14"}, "", "w", "2-1"),
			legal:   []string{"19/20"},
			refused: map[string]string{"24/off": "bear-off-pinned", "19/21": "pinned-point"},
		},
		{
			name:    "no move: the roll is lost",
			pos:     board(map[int]string{24: "w14", 20: "b1/w", 1: "b14"}, "", "w", "6-5"),
			legal:   []string{"pass"},
			refused: map[string]string{"24/off": "must-pass"},
		},
		{
			name:    "no passing while a die can be played",
			pos:     board(map[int]string{1: "w15", 24: "b15"}, "", "w", "3-1"),
			refused: map[string]string{"pass": "can-move"},
		},
		{
			name:  "Black moves in its own numbering",
			pos:   board(map[int]string{1: "w15", 24: "b15"}, "", "b", "5-3"),
			legal: []string{"1/4", "1/6"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPos(t, tc.pos)
			if tc.legal != nil {
				if got := legal(p); !slices.Equal(got, tc.legal) {
					t.Errorf("legal %v, want %v", got, tc.legal)
				}
			}
			for mv, want := range tc.refused {
				_, err := p.ParseMove(mv)
				if got := reason(err); got != want {
					t.Errorf("%s: reason %q (%v), want %q", mv, got, err, want)
				}
			}
		})
	}
}

func TestPinAndFree(t *testing.T) {
	p := mustPos(t, board(map[int]string{1: "w15", 4: "b1", 24: "b14"}, "", "w", "3-1"))
	play(t, p, "1/4")
	if got := strings.Split(p.String(), ",")[3]; got != "w1/b" {
		t.Fatalf("point 4 is %q after the pin, want w1/b", got)
	}
	play(t, p, "4/5") // the pinner leaves: the checker is free
	if got := strings.Split(p.String(), ",")[3:5]; got[0] != "b1" || got[1] != "w1" {
		t.Fatalf("points 4-5 are %v, want [b1 w1]", got)
	}
	if p.Turn() != ai.Chance || p.st.side != black {
		t.Fatalf("after both dice: turn %v side %v, want Black's roll", p.Turn(), p.st.side)
	}
}

func TestDoublesPlayedFourTimes(t *testing.T) {
	p := mustPos(t, board(map[int]string{1: "w15", 24: "b15"}, "", "w", "6-6"))
	for i := range 4 {
		if p.Turn() != ai.First {
			t.Fatalf("after %d plies the turn is %v", i, p.Turn())
		}
		play(t, p, "1/7")
	}
	if p.Turn() != ai.Chance || !strings.HasPrefix(p.String(), "w11,.,.,.,.,.,w4,") {
		t.Fatalf("after 6-6: %s, turn %v", p, p.Turn())
	}
}

func TestWinsAndMars(t *testing.T) {
	for _, tc := range []struct {
		off    string
		points int
		reason string
	}{{"14 0", 2, "mars"}, {"14 1", 1, "borne-off"}} {
		black := "b15"
		if tc.off == "14 1" {
			black = "b14"
		}
		p := mustPos(t, board(map[int]string{24: "w1", 1: black}, tc.off, "w", "2-1"))
		play(t, p, "24/off")
		st := p.Status()
		if !st.Over || st.Winner != ai.First || st.Points != tc.points || st.Reason != tc.reason {
			t.Errorf("off %s: status %+v, want a White win worth %d (%s)", tc.off, st, tc.points, tc.reason)
		}
		if len(p.Moves(nil)) != 0 {
			t.Errorf("moves after the end")
		}
		if _, err := p.ParseMove("1/2"); err == nil {
			t.Errorf("a move accepted after the end")
		}
	}
}

func TestLostRollAndPrompts(t *testing.T) {
	p := mustPos(t, board(map[int]string{24: "w14", 20: "b1/w", 1: "b14"}, "", "w", "6-5"))
	if k, kv, _ := p.Prompt(); k != "pass" || !slices.Contains(kv, "6-5") {
		t.Fatalf("prompt %s %v, want pass with the roll", k, kv)
	}
	play(t, p, "pass")
	if p.Turn() != ai.Chance || p.st.side != black {
		t.Fatalf("after the lost roll: turn %v side %v", p.Turn(), p.st.side)
	}
	p.Make(rollMove(3, 1))
	if k, kv, _ := p.Prompt(); k != "lost" || kv[1] != "6-5" || kv[3] != "3-1" {
		t.Fatalf("prompt %s %v, want lost 6-5 then the roll 3-1", k, kv)
	}
	play(t, p, "5/8") // Black's pinner leaves: White's checker is free
	if k, kv, _ := p.Prompt(); k != "die" || kv[1] != "1" {
		t.Fatalf("prompt %s %v, want the die 1 left", k, kv)
	}
	// Only one die can be played: the prompt says which.
	q := mustPos(t, board(map[int]string{10: "w1", 24: "w14", 21: "b2", 1: "b13"}, "", "w", "6-5"))
	if k, kv, _ := q.Prompt(); k != "one-die" || kv[len(kv)-1] != "6" {
		t.Fatalf("prompt %s %v, want one-die 6", k, kv)
	}
}

func TestOpeningAndHistoryForm(t *testing.T) {
	p := Game{}.Start().(*Pos)
	if p.Turn() != ai.Chance || len(p.Chances(nil)) != 30 {
		t.Fatalf("start: turn %v, %d chances", p.Turn(), len(p.Chances(nil)))
	}
	m, err := p.ParseMove("3-5:")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.FormatMove(m); got != "3-5:" {
		t.Fatalf("opening written %q", got)
	}
	p.Make(m) // Black's 5 beats White's 3: Black starts with 5-3
	if p.Turn() != ai.Second || p.diceText() != "5-3" {
		t.Fatalf("after the opening: turn %v dice %s", p.Turn(), p.diceText())
	}
	play(t, p, "1/6", "1/4")
	if p.Turn() != ai.Chance || len(p.Chances(nil)) != 21 {
		t.Fatalf("after Black's turn: %v, %d chances", p.Turn(), len(p.Chances(nil)))
	}
	r := rollMove(1, 3)
	if got := p.FormatMove(r); got != "31:" {
		t.Fatalf("roll written %q, want 31:", got)
	}
	if back, err := p.ParseMove("31:"); err != nil || back != r {
		t.Fatalf("31: read as %v, %v", back, err)
	}
	sum := 0.0
	for _, c := range p.Chances(nil) {
		sum += c.Prob
	}
	if sum < 0.999999 || sum > 1.000001 {
		t.Fatalf("chances sum to %v", sum)
	}
}

func TestSplitTurn(t *testing.T) {
	p := Game{}.Start().(*Pos)
	for in, want := range map[string][]string{
		"13/18 18/20": {"13/18", "18/20"},
		"13-18,18-20": {"13-18", "18-20"},
		"13/18/20":    {"13/18", "18/20"},
		"1/7(2)":      {"1/7", "1/7"},
		"20/off":      {"20/off"},
	} {
		if got := p.SplitTurn(in); !slices.Equal(got, want) {
			t.Errorf("SplitTurn(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestBoardText(t *testing.T) {
	p := mustPos(t, "w3,b2,.,b1,.,w1,w2/b,b1,.,b1,.,w2,.,b1,.,b1/w,w1,b1,.,w2,w1/b,w1,w1,b5 0 0 w 4-1")
	want := []string{
		".b.Wwb.wBwwb", // White's 13..24, hanging from the top: 16 is b1/w, 21 w1/b
		"...b...ww..b",
		"...........b",
		"...........b",
		"...........b",
		"............",
		"............",
		"............",
		".....w.....w",
		"w....w....bw",
		"w.b.bBw.b.bw", // White's 12..1 on the bottom edge: 7 is w2/b
	}
	if got := p.Board(); !slices.Equal(got, want) {
		t.Fatalf("board:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got := (Game{}).Start().Board(); got[4][11] != '+' || got[6][11] != '+' {
		t.Fatalf("fifteen on a point: %q", got)
	}
}
