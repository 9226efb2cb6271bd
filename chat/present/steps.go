package present

// steps.go walks a game's history turn by turn, as its animation and its
// web page show it: a turn is all the plies of one side in a row with the
// roll before them (tavla's dice and checkers, İşlem's placement and
// captures), said with its number ("12. Nf3", "12… 63: 13/19 19/22").

import (
	"iter"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/sessions"
)

// Turn is one turn of a game's history as shown.
type Turn struct {
	// Number is the move number the turn is part of, Side who played it
	// (ai.NoSide for a roll alone, waiting for its turn's plies).
	Number int
	Side   ai.Side
	// Label is "12. " for the first side's turn (and every turn of a
	// one-player game), "12… " for the second's, "Roll: " for a roll alone
	// (Side ai.NoSide).
	Label string
	// Moves are the turn's moves as replies show them, rolls included.
	Moves []string
	// Path and Captured are the squares the turn's moves went through and
	// took (games.Highlighter; empty for games without it).
	Path, Captured []string
	// End is how many moves of the history have been played after it.
	End int
}

// Text is the turn as one caption: "12. Nf3", "12… 63: 13/19 19/22".
func (t Turn) Text() string { return t.Label + strings.Join(t.Moves, " ") }

// turns plays the history (moves, by sides) from start, and yields each
// turn with the position after it (the caller's until the next turn): a
// turn ends with the last move, or where the next move that is not a roll
// is another side's.
func (r *Presenter) turns(lang chat.Lang, s sessions.Snapshot, start games.Position, moves []ai.Move, sides []ai.Side) iter.Seq2[games.Position, Turn] {
	return func(yield func(games.Position, Turn) bool) {
		pos := start.Clone()
		hl := games.CanOf(nil, pos).Highlighter // pos is made in place
		number, prev := FirstMoveNumber(s)-1, ai.NoSide
		var cur Turn
		first := true // no move but rolls yet (tavla's opening roll comes first)
		for i, mv := range moves {
			side := sides[i]
			if side != ai.Chance {
				if first && side != ai.First || newMove(side, prev, s.Solo()) {
					number++
				}
				first, prev = false, side
				if len(cur.Moves) == 0 || cur.Label == "" {
					cur.Number, cur.Side = number, side
					cur.Label = strconv.Itoa(number) + ". "
					if side == ai.Second && !s.Solo() {
						cur.Label = strconv.Itoa(number) + "… "
					}
				}
			}
			if cur.Label == "" {
				cur.Side = ai.NoSide
			}
			cur.Moves = append(cur.Moves, r.ShowMove(lang, s, pos.FormatMove(mv)))
			if hl != nil {
				p, c := hl.MoveSquares(mv)
				cur.Path, cur.Captured = append(cur.Path, p...), append(cur.Captured, c...)
			}
			pos.Make(mv)
			if !turnEnds(sides, i) && i != len(moves)-1 {
				continue
			}
			cur.End = i + 1
			if cur.Label == "" {
				// A roll alone, its plies to come: "Roll: 3-1", not a
				// move "3-1:" with nothing after it.
				cur.Label = r.cat.T(lang, "turn.roll") + " "
				for k, m := range cur.Moves {
					cur.Moves[k] = strings.TrimSuffix(m, ":")
				}
			}
			if !yield(pos, cur) {
				return
			}
			cur = Turn{}
		}
	}
}

// Turns lists the turns of s's history.
func (r *Presenter) Turns(lang chat.Lang, s sessions.Snapshot) ([]Turn, error) {
	start, moves, err := s.Replay()
	if err != nil {
		return nil, err
	}
	var out []Turn
	for _, t := range r.turns(lang, s, start, moves, sidesOf(s, len(moves))) {
		out = append(out, t)
	}
	return out, nil
}

// sidesOf is s's sides of its n moves (First where it has none).
func sidesOf(s sessions.Snapshot, n int) []ai.Side {
	sides := make([]ai.Side, n)
	copy(sides, s.Sides)
	return sides
}
