package menboard

import (
	"slices"
	"strings"

	"oyunbot/ai"
)

// TypedMove finds the legal move of a typed path sqs (squares in the
// game's numbering; path gives a move's, start and every landing): the
// move whose path is sqs, else, when sqs is a start and an end only (the
// short `c3xe5`), the captures from the one to the other by any path:
// the first of them when they all leave the same board (after), else
// none, with them all written (format) in ambiguous, comma-separated. ok
// is false when no move fits.
func TypedMove[B comparable](legal []ai.Move, sqs []int, path func(ai.Move) []int, after func(ai.Move) B, format func(ai.Move) string) (m ai.Move, ambiguous string, ok bool) {
	for _, m := range legal {
		if slices.Equal(path(m), sqs) {
			return m, "", true
		}
	}
	if len(sqs) != 2 {
		return ai.NoMove, "", false
	}
	// A step or a single jump from sqs[0] to sqs[1] matched above: what
	// fits now lands more than once.
	var found []ai.Move
	for _, m := range legal {
		if p := path(m); p[0] == sqs[0] && p[len(p)-1] == sqs[1] {
			found = append(found, m)
		}
	}
	if len(found) == 0 {
		return ai.NoMove, "", false
	}
	want := after(found[0])
	for _, m := range found[1:] {
		if after(m) != want {
			paths := make([]string, len(found))
			for i, m := range found {
				paths[i] = format(m)
			}
			return ai.NoMove, strings.Join(paths, ", "), false
		}
	}
	return found[0], "", true
}
