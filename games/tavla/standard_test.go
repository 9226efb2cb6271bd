package tavla

import (
	"errors"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/games"
)

func mustStd(t *testing.T, s string) *Pos {
	t.Helper()
	p, err := parsePositionOf(s, true)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return p
}

// playTurn plays a turn's plies as typed in one message, failing on a
// refusal.
func playTurn(t *testing.T, p *Pos, turn string) {
	t.Helper()
	play(t, p, p.SplitTurn(turn)...)
}

// roll plays a roll.
func roll(t *testing.T, p *Pos, r string) {
	t.Helper()
	m, err := p.ParseMove(r)
	if err != nil {
		t.Fatalf("%s in %s: %v", r, p, err)
	}
	p.Make(m)
}

// TestStandardStart: the standard start (2 on the 24, 5 on the 13, 3 on
// the 8, 5 on the 6, for both), 167 pips each, and the opening 6-1
// played "13/7 8/7" makes White's 7 point.
func TestStandardStart(t *testing.T) {
	p := Standard{}.Start().(*Pos)
	if got := p.Pips(); got != [2]int{167, 167} {
		t.Fatalf("pips %v", got)
	}
	roll(t, p, "6-1:")
	playTurn(t, p, "13/7 8/7")
	want := "w2,.,.,.,.,b5,.,b3,.,.,.,w4,b5,.,.,.,w2,w2,w5,.,.,.,.,b2 0 0 0 0 b -"
	if p.String() != want {
		t.Fatalf("after 13/7 8/7: %s, want %s", p, want)
	}
}

// TestStandardHitAndEnter: a hit sends the blot to the bar (written with
// a star), its side must enter before anything else, cannot enter on a
// closed point, and enters with bar/NN.
func TestStandardHitAndEnter(t *testing.T) {
	// White on roll with 6-3; Black's blot on White's 7 point (own 18).
	p := mustStd(t, "w2,.,.,.,.,b5,.,b3,.,.,.,w5,b4,.,.,.,w3,b1,w5,.,.,.,.,b2 0 0 0 0 w 6-3")
	var hit ai.Move
	for _, m := range p.Moves(nil) {
		if p.FormatMove(m) == "13/7*" {
			hit = m
		}
	}
	if hit.IsNone() {
		t.Fatalf("no 13/7* among %v", p.Moves(nil))
	}
	p.Make(hit)
	if p.Bar() != [2]int{0, 1} {
		t.Fatalf("bar %v after the hit", p.Bar())
	}
	playTurn(t, p, "24/21")
	// Black to enter with 6-6: White's... Black's entry points are its own
	// 1..6 (White's 24..19): White holds its 6 point (own 19), so a 6
	// cannot enter.
	roll(t, p, "66:")
	if ms := p.Moves(nil); len(ms) != 1 || !isPass(ms[0]) {
		t.Fatalf("black enters with 6-6 against a closed 6 point: %v", ms)
	}
	if _, err := p.ParseMove("bar/19"); reason(err) != "must-pass" {
		t.Fatalf("bar/19: %v", err)
	}
	p.Make(passMove(black))
	roll(t, p, "21:")
	playTurn(t, p, "8/6 6/5")
	roll(t, p, "31:")
	if _, err := p.ParseMove("13/10"); reason(err) != "bar-first" {
		t.Fatalf("13/10 with a checker on the bar: %v", err)
	}
	playTurn(t, p, "bar/22 6/5")
	if p.Bar() != [2]int{} {
		t.Fatalf("bar %v after entering", p.Bar())
	}
}

// TestStandardLargerDie: when only one die can be played, it is the
// larger.
func TestStandardLargerDie(t *testing.T) {
	// White's last checker outside home is on its 13; its others are on
	// its 1 point, Black holds White's 2 point: 13/7 or 13/8, but no way
	// on to 2 with the other die (nor straight, 11).
	p := mustStd(t, "b13,.,.,.,.,.,.,.,.,.,.,w1,.,.,.,.,.,.,.,.,.,.,b2,w14 0 0 0 0 w 6-5")
	var got []string
	for _, m := range p.Moves(nil) {
		got = append(got, p.FormatMove(m))
	}
	if strings.Join(got, " ") != "13/7" {
		t.Fatalf("moves %v, want only the 6", got)
	}
}

// TestStandardBearOffHigher: a die higher than the highest point bears
// off from the highest point; not while a checker is on the bar.
func TestStandardBearOffHigher(t *testing.T) {
	p := mustStd(t, ".,.,.,.,.,.,.,.,.,.,.,.,b5,b5,b5,.,.,.,.,.,.,w2,w1,w3 9 0 0 0 w 6-5")
	playTurn(t, p, "3/off 3/off")
	if p.Off() != [2]int{11, 0} {
		t.Fatalf("off %v", p.Off())
	}
	q := mustStd(t, ".,.,.,.,.,.,.,.,.,.,.,.,b5,b5,b5,.,.,.,.,.,.,w2,w1,w2 9 0 1 0 w 6-5")
	if _, err := q.ParseMove("3/off"); reason(err) != "bar-first" {
		t.Fatalf("bearing off with a checker on the bar: %v", err)
	}
}

// TestStandardMars: bearing off the last checker while the opponent has
// none off is a mars, two points; with one off, one point.
func TestStandardMars(t *testing.T) {
	for _, tc := range []struct {
		pos    string
		points int
		reason string
	}{
		{".,.,.,.,.,.,.,.,.,.,.,.,b5,b5,b5,.,.,.,.,.,.,.,.,w1 14 0 0 0 w 2-1", 2, "mars"},
		{".,.,.,.,.,.,.,.,.,.,.,.,b5,b5,b4,.,.,.,.,.,.,.,.,w1 14 1 0 0 w 2-1", 1, "borne-off"},
	} {
		p := mustStd(t, tc.pos)
		playTurn(t, p, "1/off")
		if st := p.Status(); !st.Over || st.Winner != white || st.Points != tc.points || st.Reason != tc.reason {
			t.Errorf("%s: %+v", tc.pos, st)
		}
	}
}

// TestStandardPositionErrors: standard positions' faults name the bar.
func TestStandardPositionErrors(t *testing.T) {
	for _, tc := range []struct{ pos, key string }{
		{"w2,.,.,.,.,.,.,.,.,.,.,w5,.,.,.,.,w3,.,w5,.,.,.,.,. 0 0 w 3-1", "fields"},
		{"w2,.,.,.,.,.,.,.,.,.,.,w5,.,.,.,.,w3,.,w5,.,.,.,.,. 0 0 x 15 w 3-1", "bar"},
		{"w2/b,.,.,.,.,.,.,.,.,.,.,w5,.,.,.,.,w3,.,w5,.,.,.,.,. 0 0 0 14 w 3-1", "point"},
	} {
		_, err := parsePositionOf(tc.pos, true)
		var pe *games.PositionError
		if !errors.As(err, &pe) || pe.Key != tc.key {
			t.Errorf("%s: %v, want %s", tc.pos, err, tc.key)
		}
	}
}

// TestStandardNetReadsTheBar: the network's inputs tell a checker on the
// bar from the same checker elsewhere: one, two and four on the bar light
// their own inputs, and count 25 pips each.
func TestStandardNetReadsTheBar(t *testing.T) {
	lit := func(s string) map[int16]float32 {
		var f features
		f.encode(&mustStd(t, s).st, white)
		out := map[int16]float32{}
		for i := range f.n {
			out[f.idx[i]] = f.val[i]
		}
		return out
	}
	const rest = ",.,.,.,.,.,.,.,.,.,.,w5,.,.,.,.,w3,.,w5,.,.,.,.,b15 0 0 "
	one, two, four := lit("w1"+rest+"1 0 w 3-1"), lit("."+rest+"2 0 w 3-1"), lit(".,.,.,.,.,.,.,.,.,.,.,w3,.,.,.,.,w3,.,w5,.,.,.,.,b15 0 0 4 0 w 3-1")
	if one[4] != 1 || one[inPip] != float32(1*24+5*13+3*8+5*6+25)/360 {
		t.Errorf("one on the bar: %v", one)
	}
	if two[perPoint+4] != 1 || two[4] != 0 {
		t.Errorf("two on the bar: %v", two)
	}
	if four[2*perPoint+4] != 1 || four[3*perPoint+4] != 0.25 {
		t.Errorf("four on the bar: %v", four)
	}
}

// TestStandardLevelsSearch: every standard level searches its own way
// (its own network) and plays a legal ply.
func TestStandardLevelsSearch(t *testing.T) {
	p := mustStd(t, "w1,.,b1,.,.,b5,.,b3,.,.,.,w5,b5,.,.,.,w3,.,w5,.,.,.,.,b1 0 0 1 0 w 4-4")
	legal := map[ai.Move]bool{}
	for _, m := range p.Moves(nil) {
		legal[m] = true
	}
	for _, lvl := range games.HostOf(Standard{}).Levels {
		if lvl.Name == "master" && testing.Short() {
			continue
		}
		var slot any
		res, ok := p.SearchOwn(t.Context(), lvl, nil, nil, &slot)
		if !ok || !legal[res.Best] {
			t.Errorf("%s: %v %v", lvl.Name, p.FormatMove(res.Best), ok)
		}
	}
}
