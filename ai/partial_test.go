package ai

import "testing"

// TestPartialBetter: a stopped iteration's move replaces the last complete
// one's only when it was searched after it and scored exactly above it;
// upper bounds (fail lows) never do, however high.
func TestPartialBetter(t *testing.T) {
	r := func(score int, exact bool) rootMove { return rootMove{score: score, exact: exact} }
	for _, c := range []struct {
		name                  string
		roots                 []rootMove
		best, searched, depth int
		want                  bool
	}{
		{"an exact score above the last best's", []rootMove{r(10, true), r(40, true)}, 1, 2, 8, true},
		{"fail lows: the higher upper bound", []rootMove{r(-50, false), r(-20, false)}, 1, 2, 8, false},
		{"an exact score not above", []rootMove{r(10, true), r(10, true)}, 1, 2, 8, false},
		{"the last best itself", []rootMove{r(10, true), r(40, true)}, 0, 2, 8, false},
		{"only the last best searched", []rootMove{r(10, true), r(40, true)}, 1, 1, 8, false},
		{"the first iteration, an exact score", []rootMove{r(-50, false), r(-70, true)}, 1, 2, 0, true},
		{"the first iteration, an upper bound", []rootMove{r(-50, false), r(-20, false)}, 1, 2, 0, false},
	} {
		if got := partialBetter(c.roots, c.best, c.searched, c.depth); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
