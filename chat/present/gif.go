package present

import (
	"iter"
	"time"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/render"
	"oyunbot/sessions"
)

// The animation's pace: each move, and the last position with the result.
const (
	GifDelay = 800 * time.Millisecond
	GifHold  = 4 * time.Second
	// maxGIFFrames bounds the work and the size of one animation (a long
	// game shows its last positions); its memory is bounded whatever the
	// length (render.AnimateTo draws one frame at a time).
	maxGIFFrames = 400
)

// GameFrames are the pictures of s's turns from the start, made one at a
// time as the animation asks for them (render.AnimateTo: the memory of one
// position, whatever the game's length), seen from the second side when
// flip: the start, then the position after each turn (a turn is all the
// plies of one side in a row with the roll before them: tavla's dice and
// checkers, İşlem's placement and captures) with its squares marked and
// its moves said with their number ("12. Nf3", "12… 63: 13/19 19/22"); the
// last has the result. A long game shows its last maxGIFFrames pictures.
func (r *Presenter) GameFrames(lang chat.Lang, s sessions.Snapshot, flip bool) (iter.Seq[render.Frame], error) {
	start, moves, err := s.Replay()
	if err != nil {
		return nil, err
	}
	players := [2]string{r.playerLabel(lang, s, ai.First), r.playerLabel(lang, s, ai.Second)}
	title := "#" + s.Tag() + " · " + r.GameName(lang, s.Game)
	sides := sidesOf(s, len(moves))
	// A picture after each turn (the last one may be a roll waiting for
	// its turn's plies).
	ends := 0
	for i := range moves {
		if turnEnds(sides, i) || i == len(moves)-1 {
			ends++
		}
	}
	first := ends + 1 - maxGIFFrames // the first picture shown
	match := r.matchScoreOf(s)
	return func(yield func(render.Frame) bool) {
		frame := func(n int, pos games.Position, t Turn, last bool) bool {
			if n < first {
				return true
			}
			toMove := 0
			if pos.Turn() == ai.Second {
				toMove = 1
			}
			caption := ""
			if len(t.Moves) > 0 {
				caption = t.Text()
			}
			// The same title and no name highlighted (Finished) in every
			// frame: only the moved squares and the caption change, and
			// each frame after the first is small. The drawer reads pos
			// before the next move is made.
			f := render.Frame{Position: pos, Board: pos.Board(), Path: t.Path, Captured: t.Captured, ToMove: toMove, Finished: true,
				Players: players, Title: title, Footer: caption, Flip: flip, Lang: string(lang), Match: match}
			if last {
				f.Finished = s.Result.Over
				f.Footer = r.footer(lang, s)
				if caption != "" {
					f.Footer = caption + " · " + f.Footer
				}
				if wl := s.Can().WinningLiner; wl != nil && s.Result.Over {
					f.Line = wl.WinningLine()
				}
			}
			return yield(f)
		}
		if !frame(0, start.Clone(), Turn{}, len(moves) == 0) {
			return
		}
		n := 0
		for pos, t := range r.turns(lang, s, start, moves, sides) {
			n++
			if !frame(n, pos, t, t.End == len(moves)) {
				return
			}
		}
	}, nil
}

// turnEnds reports whether move i of a game whose moves were played by
// sides ends a turn: it is the last, or the next move that is not a roll
// (ai.Chance) is another side's. A roll belongs to the turn it opens.
func turnEnds(sides []ai.Side, i int) bool {
	if sides[i] == ai.Chance {
		return false
	}
	for j := i + 1; j < len(sides); j++ {
		if sides[j] != ai.Chance {
			return sides[j] != sides[i]
		}
	}
	return true
}
