package router

// gif.go is "gif": a game's every position as an animated GIF to share.

import (
	"bytes"
	"fmt"
	"iter"
	"strconv"
	"time"

	"oyunbot/ai"
	"oyunbot/chat"
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
	q.sayReply(chat.Reply{
		Text:     "#" + s.Tag() + " " + q.t("gif.caption", "game", q.r.gameName(q.lang, s.Game), "moves", strconv.Itoa(moveCount(s))),
		File:     b,
		FileName: fmt.Sprintf("oyunbot-%s.gif", s.Tag()),
		FileType: "image/gif",
	})
}

// gameFrames are the pictures of s's positions from the start, made one
// at a time as the animation asks for them (render.AnimateTo: the memory of
// one position, whatever the game's length), seen from the second side
// when flip. Each after the first marks the move that led to it and says
// it with its number ("12. Nf3", "12… Nf6"); the last has the result. A
// long game shows its last maxGIFFrames positions.
func (r *Router) gameFrames(lang chat.Lang, s sessions.Snapshot, flip bool) (iter.Seq[render.Frame], error) {
	start, moves, err := s.Replay()
	if err != nil {
		return nil, err
	}
	players := [2]string{r.playerLabel(lang, s, ai.First), r.playerLabel(lang, s, ai.Second)}
	title := "#" + s.Tag() + " · " + r.gameName(lang, s.Game)
	first := len(moves) + 1 - maxGIFFrames // the first position shown
	match := r.matchScoreOf(s)
	return func(yield func(render.Frame) bool) {
		pos := start.Clone()
		number, prev := firstMoveNumber(s)-1, ai.NoSide
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
				caption = strconv.Itoa(number) + ". " + r.showMove(lang, s, pos.FormatMove(mv))
				if side == ai.Second && !s.Solo() {
					caption = strconv.Itoa(number) + "… " + r.showMove(lang, s, pos.FormatMove(mv))
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
				Players: players, Title: title, Footer: caption, Flip: flip, Lang: string(lang), Match: match}
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
