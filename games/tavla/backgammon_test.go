package tavla

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/games"
)

func mustBG(t *testing.T, s string) *Pos {
	t.Helper()
	p, err := Backgammon{}.ParsePosition(s)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return p.(*Pos)
}

// cube plays a cube action as typed.
func cubeAct(t *testing.T, p *Pos, word string) {
	t.Helper()
	m, err := p.ParseMove(word)
	if err != nil {
		t.Fatalf("%q in %s: %v", word, p, err)
	}
	if !isCube(m) {
		t.Fatalf("%q in %s read as %s, not a cube action", word, p, p.FormatMove(m))
	}
	p.Make(m)
}

func refused(t *testing.T, p *Pos, word, reason string) {
	t.Helper()
	_, err := p.ParseMove(word)
	var me *games.MoveError
	if !errors.As(err, &me) || me.Reason != reason {
		t.Fatalf("%q in %s: %v, want the reason %q", word, p, err, reason)
	}
}

// TestCubeOwnership: the opening roll's winner plays at once (no double
// before it); the other side then may double (the cube centred), the
// taker owns the cube at 2 and alone may double next, the doubler's turns
// go straight to the roll, and a redouble taken gives the cube back at 4.
func TestCubeOwnership(t *testing.T) {
	p := Backgammon{}.Start().(*Pos)
	if p.Turn() != ai.Chance {
		t.Fatalf("the start waits for %v, want the opening roll", p.Turn())
	}
	roll(t, p, "6-1:")
	if p.Turn() != white || p.st.nd != 2 {
		t.Fatalf("after the opening roll: %s", p)
	}
	playTurn(t, p, "13/7 8/7")
	// Black's turn begins with its choice: roll or double.
	if p.Turn() != black || p.st.cube.phase != cubeDecide {
		t.Fatalf("Black's turn: turn %v, phase %d in %s", p.Turn(), p.st.cube.phase, p)
	}
	if got := movesText(p); got != "roll double" {
		t.Fatalf("Black's choices %q", got)
	}
	cubeAct(t, p, "katla")
	if p.Turn() != white || p.st.cube.phase != cubeAnswer {
		t.Fatalf("after the double: turn %v phase %d", p.Turn(), p.st.cube.phase)
	}
	if got := movesText(p); got != "take drop" {
		t.Fatalf("White's answers %q", got)
	}
	cubeAct(t, p, "al")
	if v, owner, _, _, _ := p.CubeView(); v != 2 || owner != white {
		t.Fatalf("after the take: cube %d owned by %v", v, owner)
	}
	if p.Turn() != ai.Chance || p.st.side != black {
		t.Fatalf("after the take the doubler rolls: turn %v side %v", p.Turn(), p.st.side)
	}
	roll(t, p, "21:")
	playTurn(t, p, "13/11 6/5")
	// White owns the cube: its turn begins with the choice.
	if p.Turn() != white || p.st.cube.phase != cubeDecide {
		t.Fatalf("the owner's turn: turn %v phase %d", p.Turn(), p.st.cube.phase)
	}
	cubeAct(t, p, "roll")
	roll(t, p, "31:")
	playTurn(t, p, "8/5 6/5")
	// Black does not own the cube: its turn goes straight to the roll,
	// and a double typed is refused as the opponent's cube.
	if p.Turn() != ai.Chance {
		t.Fatalf("Black without the cube: turn %v, want the roll", p.Turn())
	}
	roll(t, p, "42:")
	refused(t, p, "double", "cube-theirs")
	playTurn(t, p, "8/4 6/4")
	cubeAct(t, p, "double")
	cubeAct(t, p, "take")
	if v, owner, _, _, _ := p.CubeView(); v != 4 || owner != black {
		t.Fatalf("after the redouble: cube %d owned by %v", v, owner)
	}
	// White no longer owns the cube.
	roll(t, p, "55:")
	refused(t, p, "double", "cube-theirs")
	if p.Status().Over {
		t.Fatal("over")
	}
}

// movesText is the position's legal moves as written, in order.
func movesText(p *Pos) string {
	var out []string
	for _, m := range p.Moves(nil) {
		out = append(out, p.FormatMove(m))
	}
	return strings.Join(out, " ")
}

// TestDropScoring: a dropped double ends the game; the doubler wins the
// cube's value before the double (1, then 2 after a take and a redouble).
func TestDropScoring(t *testing.T) {
	p := mustBG(t, "w2,.,.,.,.,b5,.,b3,.,.,.,w5,b5,.,.,.,w3,.,w5,.,.,.,.,b2 0 0 0 0 w - 1 d money")
	cubeAct(t, p, "double")
	cubeAct(t, p, "drop")
	st := p.Status()
	if !st.Over || st.Winner != white || st.Reason != "drop" || st.WinPoints() != 1 {
		t.Fatalf("drop of a first double: %+v", st)
	}
	if len(p.Moves(nil)) != 0 {
		t.Fatal("moves after the drop")
	}
	p = mustBG(t, "w2,.,.,.,.,b5,.,b3,.,.,.,w5,b5,.,.,.,w3,.,w5,.,.,.,.,b2 0 0 0 0 b - 2b d money")
	cubeAct(t, p, "katla")
	cubeAct(t, p, "bırak")
	if st := p.Status(); st.Winner != black || st.WinPoints() != 2 {
		t.Fatalf("drop of a redouble: %+v", st)
	}
	if got := p.String(); !strings.HasSuffix(got, " 2b x money") {
		t.Fatalf("a dropped game writes %q", got)
	}
	if q := mustBG(t, p.String()); !q.Status().Over || q.Status().WinPoints() != 2 {
		t.Fatalf("a dropped game read back: %+v", q.Status())
	}
}

// bgBoard writes 24 points from White's point 1 (board index 0) with the
// stacks given by index ("w1" White's one checker, "b14").
func bgBoard(stacks map[int]string) string {
	pts := make([]string, points)
	for i := range pts {
		pts[i] = "."
		if v, ok := stacks[i]; ok {
			pts[i] = v
		}
	}
	return strings.Join(pts, ",")
}

// TestCubeScoring: a single game, a gammon and a backgammon (a checker of
// the loser's on the bar or in the winner's home) score 1, 2 and 3 times
// the cube. White bears its last checker off its 6 point (index 18) with
// 6-1; Black's home is indices 0..5, White's 18..23.
func TestCubeScoring(t *testing.T) {
	for _, tc := range []struct {
		name, pos, reason string
		points            int
	}{
		{"single", bgBoard(map[int]string{0: "b14", 18: "w1"}) + " 14 1 0 0 w 6 4w - money", "borne-off", 4},
		{"gammon", bgBoard(map[int]string{0: "b15", 18: "w1"}) + " 14 0 0 0 w 6 2b - money", "mars", 4},
		{"backgammon-home", bgBoard(map[int]string{0: "b14", 20: "b1", 18: "w1"}) + " 14 0 0 0 w 6 2w - money", "backgammon", 6},
		{"backgammon-bar", bgBoard(map[int]string{0: "b14", 18: "w1"}) + " 14 0 0 1 w 6 1 - money", "backgammon", 3},
		{"backgammon-match", bgBoard(map[int]string{0: "b14", 18: "w1"}) + " 14 0 0 1 w 6 8b - 9-12", "backgammon", 24},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := mustBG(t, tc.pos)
			m, err := p.ParseMove("6/off")
			if err != nil {
				t.Fatal(err)
			}
			p.Make(m)
			st := p.Status()
			if !st.Over || st.Winner != white || st.Reason != tc.reason || st.WinPoints() != tc.points {
				t.Fatalf("%+v, want %s for %d", st, tc.reason, tc.points)
			}
		})
	}
}

// TestCrawford: in the Crawford game nobody may double; after it the
// trailer may.
func TestCrawford(t *testing.T) {
	const board = "w2,.,.,.,.,b5,.,b3,.,.,.,w5,b5,.,.,.,w3,.,w5,.,.,.,.,b2 0 0 0 0 b -"
	p := mustBG(t, board+" 1 - 3-1c")
	if p.Turn() != ai.Chance {
		t.Fatalf("the Crawford game waits for %v, want the roll", p.Turn())
	}
	refused(t, p, "double", "crawford")
	if _, err := (Backgammon{}).ParsePosition(board + " 1 d 3-1c"); err == nil {
		t.Fatal("a decision to double read in the Crawford game")
	}
	p = mustBG(t, board+" 1 d 3-1")
	cubeAct(t, p, "double")
	// The match's start positions.
	start := mustBG(t, Backgammon{}.MatchStart([2]int{1, 4}, true))
	if !start.st.cube.crawford || start.st.cube.away != [2]int8{1, 4} {
		t.Fatalf("a Crawford start: %s", start)
	}
	if s := (Backgammon{}).MatchStart([2]int{3, 4}, true); strings.HasSuffix(s, "c") {
		t.Fatalf("a Crawford game where nobody needs one point: %s", s)
	}
}

// TestCubeRefusals: cube words at the wrong time say why; checker moves
// at a cube decision are refused; "pas" is still the pass of a roll
// that cannot be played.
func TestCubeRefusals(t *testing.T) {
	p := mustBG(t, "w2,.,.,.,.,b5,.,b3,.,.,.,w5,b5,.,.,.,w3,.,w5,.,.,.,.,b2 0 0 0 0 w 6-3 1 - money")
	refused(t, p, "double", "double-before-roll")
	refused(t, p, "take", "cube-not-now")
	p = mustBG(t, "w2,.,.,.,.,b5,.,b3,.,.,.,w5,b5,.,.,.,w3,.,w5,.,.,.,.,b2 0 0 0 0 w - 1 d money")
	refused(t, p, "13/7", "cube-decide")
	refused(t, p, "take", "cube-decide")
	cubeAct(t, p, "d")
	refused(t, p, "roll", "cube-answer")
	refused(t, p, "13/7", "cube-answer")
	p = mustBG(t, "w2,.,.,.,.,b5,.,b3,.,.,.,w5,b5,.,.,.,w3,.,w5,.,.,.,.,b2 0 0 0 0 w - 64b - money")
	if p.Turn() != ai.Chance {
		t.Fatal("a cube at 64 offers a decision")
	}
}

// TestBackgammonText: the position text reads back the same through a
// game with doubles, takes and a drop; the text board says where the
// cube is.
func TestBackgammonText(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for range 20 {
		p := Backgammon{}.Start().(*Pos)
		for i := 0; i < 400 && !p.Status().Over; i++ {
			ms := p.Moves(nil)
			m := ms[rng.IntN(len(ms))]
			if p.Turn() == ai.Chance {
				m = ms[rng.IntN(len(ms))]
			}
			p.Make(m)
			q := mustBG(t, p.String())
			if q.String() != p.String() || q.Turn() != p.Turn() {
				t.Fatalf("%s read back as %s (turn %v, %v)", p, q, q.Turn(), p.Turn())
			}
			if q.Hash() != p.Hash() {
				t.Fatalf("%s: hash %x read back %x", p, p.Hash(), q.Hash())
			}
		}
		st := p.Status()
		if st.Over && st.Winner != ai.NoSide && st.WinPoints()%(1<<p.st.cube.log) != 0 {
			t.Fatalf("%s: %+v not a multiple of the cube", p, st)
		}
	}
	p := mustBG(t, "w2,.,.,.,.,b5,.,b3,.,.,.,w5,b5,.,.,.,w3,.,w5,.,.,.,.,b2 0 0 0 0 b - 2b t 5-3")
	for lang, want := range map[string]string{"tr": "küp: 2 (siyah)", "en": "cube: 2 (black)"} {
		if tb := p.TextBoard(lang, false); !strings.Contains(tb, want) {
			t.Errorf("%s text board has no %q:\n%s", lang, want, tb)
		}
	}
}

// wonRace: White (9 off, 12 pips) on roll against Black (3 off, 42
// pips), the cube centred.
var wonRace = bgBoard(map[int]string{0: "b2", 1: "b2", 2: "b2", 3: "b2", 4: "b2", 5: "b2", 21: "w2", 22: "w2", 23: "w2"}) + " 9 3 0 0 w - 1 d money"

// TestCubeAdvice: the engine does not double at the start, doubles and
// is dropped when nearly won (too good only with gammons), doubles and is
// taken in a close race lead; the taker's take and the doubler's double
// agree with Janowski's points on made-up chances.
func TestCubeAdvice(t *testing.T) {
	start := mustBG(t, "w2,.,.,.,.,b5,.,b3,.,.,.,w5,b5,.,.,.,w3,.,w5,.,.,.,.,b2 0 0 0 0 w - 1 d money")
	won := mustBG(t, wonRace)
	for ahead := range 2 {
		if a, _ := start.CubeAdvice(nil, ahead); a.Double || a.Win < 0.4 || a.Win > 0.6 {
			t.Errorf("ahead %d: doubles at the start: %+v", ahead, a)
		}
		// A race White leads by far, with no gammon: double, and Black
		// drops.
		if a, _ := won.CubeAdvice(nil, ahead); !a.Double || a.Take || a.Win < 0.9 || a.GammonWin > 0.05 {
			t.Errorf("ahead %d: a won race: %+v", ahead, a)
		}
	}
	// Janowski's money points without gammons: the live take point 0.2,
	// at x = 0.68 between it and the dead cube's 0.25.
	for _, tc := range []struct {
		p            float64
		double, take bool
	}{
		{0.60, false, true}, {0.72, true, true}, {0.85, true, false},
	} {
		a := adviseCube(tc.p, 0, 0, 0, 0.68)
		if a.Double != tc.double || a.Take != tc.take {
			t.Errorf("p %.2f: %+v, want double %v take %v", tc.p, a, tc.double, tc.take)
		}
	}
	// Too good: gammonish and nearly sure, playing on beats cashing.
	if a := adviseCube(0.95, 0.7, 0, 0, 0.68); a.Double {
		t.Errorf("too good doubled: %+v", a)
	}
}

// TestBotCubeActions: the levels answer at a cube decision with a cube
// action through the engine's own search.
func TestBotCubeActions(t *testing.T) {
	won := mustBG(t, wonRace)
	for _, lvl := range levels()[:4] {
		var slot any
		res, ok := won.SearchOwn(t.Context(), lvl, rand.New(rand.NewPCG(1, 2)), nil, &slot)
		if !ok || !isCube(res.Best) {
			t.Fatalf("%s: %v %v", lvl.Name, res, ok)
		}
	}
	var slot any
	res, _ := won.SearchOwn(t.Context(), levels()[3], rand.New(rand.NewPCG(1, 2)), nil, &slot)
	if won.FormatMove(res.Best) != "double" {
		t.Fatalf("master at a won race: %s", won.FormatMove(res.Best))
	}
	won.Make(res.Best)
	res, _ = won.SearchOwn(t.Context(), levels()[3], rand.New(rand.NewPCG(1, 2)), nil, &slot)
	if won.FormatMove(res.Best) != "drop" {
		t.Fatalf("master facing a double in a lost race: %s", won.FormatMove(res.Best))
	}
}
