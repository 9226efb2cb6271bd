package tavla

import (
	"context"
	"math"
	"testing"
)

func TestGamePhase(t *testing.T) {
	for pos, want := range map[string]string{
		"w15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,b15 0 0 - -": "contact",
		".,.,.,.,.,.,.,.,.,.,.,.,b15,w15,.,.,.,.,.,.,.,.,.,. 0 0 - -": "race",
		"b15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,w15,.,.,.,. 0 0 - -": "bearoff",
	} {
		p, err := Game{}.ParsePosition(pos)
		if err != nil {
			t.Fatalf("%s: %v", pos, err)
		}
		if got := p.(*Pos).GamePhase(); got != want {
			t.Errorf("%s: %s, want %s", pos, got, want)
		}
	}
}

// TestOpeningLuck: the first turn's value with the dice in hand, as the
// luck counts it, averages zero over the 30 opening rolls (winning the
// opening roll is not the mover's luck), while later rolls' values are
// the best turn's own.
func TestOpeningLuck(t *testing.T) {
	r := newReferee(1)
	p := Game{}.Start().(*Pos)
	mean := 0.0
	for _, o := range p.Chances(nil) {
		q := p.Clone().(*Pos)
		q.Make(o.Move)
		turns, err := r.luck.Turns(q)
		if err != nil {
			t.Fatal(err)
		}
		tr, err := r.Rate(context.Background(), q, turns[0].Moves)
		if err != nil {
			t.Fatal(err)
		}
		if tr.Played != tr.Best || math.Abs(tr.Rolled-(tr.Best-r.openingMean())) > 1e-9 {
			t.Errorf("%s: %+v", q, tr)
		}
		mean += o.Prob * tr.Rolled
	}
	if r.openingMean() <= 0 || math.Abs(mean) > 1e-9 {
		t.Errorf("opening mean %v; the first turns' values average %v", r.openingMean(), mean)
	}
	// A later roll: its value is its best turn's.
	q := p.Clone().(*Pos)
	q.Make(p.Chances(nil)[0].Move)
	turns, _ := r.luck.Turns(q)
	for _, m := range turns[0].Moves {
		q.Make(m)
	}
	q.Make(q.Chances(nil)[0].Move)
	tr, err := r.Rate(context.Background(), q, nil)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Rolled != tr.Best {
		t.Errorf("a later roll's value %v, its best turn %v", tr.Rolled, tr.Best)
	}
}
