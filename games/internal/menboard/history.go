package menboard

// History is the core of a position that both families keep alike: the
// game's state and the states before each Make (for Unmake and the
// repetition rule). Each game's Position embeds it with its own state
// type, a value type so that the methods are compiled for it and inline
// (Make and Unmake run at every node of a search); Ply and Unmake are the
// Position's. The game's Make calls Push, then changes St.
//
// St and Hist are for the game's package only; other packages keep to
// the Position's methods.
type History[S any] struct {
	St   S   // the current state
	Hist []S // the states before each Make, oldest first
}

// Ply is the number of moves made since the position was created.
func (h *History[S]) Ply() int { return len(h.Hist) }

// Push keeps the current state for Unmake: the first step of Make.
func (h *History[S]) Push() { h.Hist = append(h.Hist, h.St) }

// Unmake takes back the last Make.
func (h *History[S]) Unmake() {
	n := len(h.Hist) - 1
	h.St = h.Hist[n]
	h.Hist = h.Hist[:n]
}

// Copy returns the same state with a history of its own, with room for
// 32 more moves: what a Position's Clone keeps.
func (h *History[S]) Copy() History[S] {
	return History[S]{St: h.St, Hist: append(make([]S, 0, len(h.Hist)+32), h.Hist...)}
}

// Earlier counts, up to limit, the earlier states with the same side to
// move (every second one back) among the last window ones that same
// reports equal to St: the repetitions within the moves that can be
// undone, window being the game's count of plies since the last
// irreversible move.
func (h *History[S]) Earlier(window, limit int, same func(earlier *S) bool) int {
	seen := 0
	n := len(h.Hist)
	for i := n - 2; i >= 0 && i >= n-window; i -= 2 {
		if same(&h.Hist[i]) {
			if seen++; seen >= limit {
				break
			}
		}
	}
	return seen
}
