package chat

// gif.go is "gif": a game's every position as an animated GIF to share.

import (
	"bytes"
	"fmt"
	"iter"
	"strconv"
	"strings"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/render"
	"oyunbot/sessions"
)

// The animation's pace: each move, and the last position with the result.
const (
	gifDelay = 800 * time.Millisecond
	gifHold  = 4 * time.Second
	// maxGIFFrames bounds the work and the size of one animation (a long
	// game shows its last positions); its memory is bounded whatever the
	// length (render.AnimateTo draws one frame at a time).
	maxGIFFrames = 400
)

// gif sends the sender's game (tagged, in play or last finished) as an
// animated GIF.
func (q *request) gif() {
	s, ok := q.viewed()
	if !ok {
		return
	}
	d := q.r.cfg.GIFDrawers[s.Game.Name()]
	if d == nil {
		d = q.r.cfg.Drawers[s.Game.Name()]
	}
	if d == nil {
		q.say("#" + s.Tag() + " " + q.t("gif.no-pictures"))
		return
	}
	// The game as it is now; drawn off the chat's queue (slow.go).
	q.offQueue(func(q *request) { q.sendGIF(s, d) })
}

// sendGIF draws game s as an animated GIF with d and sends it.
func (q *request) sendGIF(s sessions.Snapshot, d render.Drawer) {
	start := time.Now()
	var buf bytes.Buffer
	frames, err := q.r.gameFrames(q.lang, s, q.r.flipFor(s, q.m.UserID))
	if err == nil {
		err = render.AnimateTo(&buf, d, frames, gifDelay, gifHold)
	}
	if err != nil {
		q.r.log.Error("gif: drawing a game", "id", s.ID, "err", err)
		q.say(q.t("error.internal"))
		return
	}
	b := buf.Bytes()
	q.r.log.Debug("gif drawn", "id", s.ID, "moves", len(s.Moves), "bytes", len(b), "took", time.Since(start))
	q.sayReply(Reply{
		Text:     "#" + s.Tag() + " " + q.t("gif.caption", "game", q.r.gameName(q.lang, s.Game), "moves", strconv.Itoa(moveCount(s))),
		File:     b,
		FileName: fmt.Sprintf("oyunbot-%s.gif", s.Tag()),
		FileType: "image/gif",
	})
}

// gameFrames are the pictures of s's turns from the start, made one at a
// time as the animation asks for them (render.AnimateTo: the memory of one
// position, whatever the game's length), seen from the second side when
// flip: the start, then the position after each turn (a turn is all the
// plies of one side in a row with the roll before them: tavla's dice and
// checkers, İşlem's placement and captures) with its squares marked and
// its moves said with their number ("12. Nf3", "12… 63: 13/19 19/22"); the
// last has the result. A long game shows its last maxGIFFrames pictures.
func (r *Router) gameFrames(lang Lang, s sessions.Snapshot, flip bool) (iter.Seq[render.Frame], error) {
	start, moves, err := s.Replay()
	if err != nil {
		return nil, err
	}
	players := [2]string{r.playerLabel(lang, s, ai.First), r.playerLabel(lang, s, ai.Second)}
	title := "#" + s.Tag() + " · " + r.gameName(lang, s.Game)
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
		number, prev := firstMoveNumber(s)-1, ai.NoSide
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
			texts = append(texts, r.showMove(lang, s, pos.FormatMove(mv)))
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
