package present

import (
	"iter"
	"strconv"
	"strings"
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
	sides := make([]ai.Side, len(moves))
	copy(sides, s.Sides)
	// A picture after each turn, and after the last move (a roll waiting
	// for its turn) when that ends none.
	shown := func(i int) bool { return turnEnds(sides, i) || i == len(moves)-1 }
	ends := 0
	for i := range moves {
		if shown(i) {
			ends++
		}
	}
	first := ends + 1 - maxGIFFrames // the first picture shown
	match := r.matchScoreOf(s)
	return func(yield func(render.Frame) bool) {
		pos := start.Clone()
		number, prev := FirstMoveNumber(s)-1, ai.NoSide
		var (
			path, captured, texts []string
			label                 string
		)
		frame := func(n int, last bool) bool {
			if n < first {
				return true
			}
			toMove := 0
			if pos.Turn() == ai.Second {
				toMove = 1
			}
			caption := ""
			if len(texts) > 0 {
				caption = label + strings.Join(texts, " ")
			}
			// The same title and no name highlighted (Finished) in every
			// frame: only the moved squares and the caption change, and
			// each frame after the first is small. The drawer reads pos
			// before the next move is made.
			f := render.Frame{Position: pos, Board: pos.Board(), Path: path, Captured: captured, ToMove: toMove, Finished: true,
				Players: players, Title: title, Footer: caption, Flip: flip, Lang: string(lang), Match: match}
			if last {
				f.Finished = s.Result.Over
				f.Footer = r.footer(lang, s)
				if caption != "" {
					f.Footer = caption + " · " + f.Footer
				}
				if wl, ok := s.Position.(games.WinningLiner); ok && s.Result.Over {
					f.Line = wl.WinningLine()
				}
			}
			return yield(f)
		}
		if !frame(0, len(moves) == 0) {
			return
		}
		n := 0
		for i, mv := range moves {
			side := sides[i]
			if side != ai.Chance {
				if i == 0 && side != ai.First || newMove(side, prev, s.Solo()) {
					number++
				}
				prev = side
				if len(texts) == 0 || label == "" {
					label = strconv.Itoa(number) + ". "
					if side == ai.Second && !s.Solo() {
						label = strconv.Itoa(number) + "… "
					}
				}
			}
			texts = append(texts, r.ShowMove(lang, s, pos.FormatMove(mv)))
			if h, ok := pos.(games.Highlighter); ok {
				p, c := h.MoveSquares(mv)
				path, captured = append(path, p...), append(captured, c...)
			}
			pos.Make(mv)
			if !shown(i) {
				continue
			}
			n++
			if !frame(n, i == len(moves)-1) {
				return
			}
			path, captured, texts, label = nil, nil, nil, ""
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
