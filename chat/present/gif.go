package present

import (
	"iter"
	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/render"
	"oyunbot/sessions"
	"strconv"
	"time"
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

// GameFrames are the pictures of s's positions from the start, made one
// at a time as the animation asks for them (render.AnimateTo: the memory of
// one position, whatever the game's length), seen from the second side
// when flip. Each after the first marks the move that led to it and says
// it with its number ("12. Nf3", "12… Nf6"); the last has the result. A
// long game shows its last maxGIFFrames positions.
func (r *Presenter) GameFrames(lang chat.Lang, s sessions.Snapshot, flip bool) (iter.Seq[render.Frame], error) {
	start, moves, err := s.Replay()
	if err != nil {
		return nil, err
	}
	Players := [2]string{r.playerLabel(lang, s, ai.First), r.playerLabel(lang, s, ai.Second)}
	title := "#" + s.Tag() + " · " + r.GameName(lang, s.Game)
	first := len(moves) + 1 - maxGIFFrames // the first position shown
	match := r.matchScoreOf(s)
	return func(yield func(render.Frame) bool) {
		pos := start.Clone()
		number, prev := FirstMoveNumber(s)-1, ai.NoSide
		for i := 0; i <= len(moves); i++ {
			var path []string
			caption := ""
			if i > 0 {
				mv := moves[i-1]
				side := s.Sides[i-1]
				if i == 1 && side != ai.First || newMove(side, prev, s.Solo()) {
					number++
				}
				prev = side
				caption = strconv.Itoa(number) + ". " + r.ShowMove(lang, s, pos.FormatMove(mv))
				if side == ai.Second && !s.Solo() {
					caption = strconv.Itoa(number) + "… " + r.ShowMove(lang, s, pos.FormatMove(mv))
				}
				if h, ok := pos.(games.Highlighter); ok {
					path, _ = h.MoveSquares(mv)
				}
				pos.Make(mv)
			}
			if i < first {
				continue
			}
			toMove := 0
			if pos.Turn() == ai.Second {
				toMove = 1
			}
			// The same title and no name highlighted (Finished) in every
			// frame: only the moved squares and the caption change, and
			// each frame after the first is small. The drawer reads pos
			// before the next move is made.
			f := render.Frame{Position: pos, Board: pos.Board(), Path: path, ToMove: toMove, Finished: true,
				Players: Players, Title: title, Footer: caption, Flip: flip, Lang: string(lang), Match: match}
			if i == len(moves) {
				f.Finished = s.Result.Over
				f.Footer = r.footer(lang, s)
				if caption != "" {
					f.Footer = caption + " · " + f.Footer
				}
				if wl, ok := s.Position.(games.WinningLiner); ok && s.Result.Over {
					f.Line = wl.WinningLine()
				}
			}
			if !yield(f) {
				return
			}
		}
	}, nil
}
