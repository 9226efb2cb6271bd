package chat

// gif.go is "gif": a game's every position as an animated GIF to share.

import (
	"fmt"
	"strconv"
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
	// maxGIFFrames bounds the work of one animation (a long game shows its
	// last positions).
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
	frames, err := q.r.gameFrames(q.lang, s)
	if err != nil {
		q.r.log.Error("gif: replaying a game", "id", s.ID, "err", err)
		q.say(q.t("error.internal"))
		return
	}
	start := time.Now()
	b, err := render.Animate(d, frames, gifDelay, gifHold)
	if err != nil {
		q.r.log.Error("gif: drawing a game", "id", s.ID, "err", err)
		q.say(q.t("error.internal"))
		return
	}
	q.r.log.Debug("gif drawn", "id", s.ID, "frames", len(frames), "bytes", len(b), "took", time.Since(start))
	q.sayReply(Reply{
		Text:     "#" + s.Tag() + " " + q.t("gif.caption", "game", q.r.gameName(q.lang, s.Game), "moves", strconv.Itoa(moveCount(s))),
		File:     b,
		FileName: fmt.Sprintf("oyunbot-%s.gif", s.Tag()),
		FileType: "image/gif",
	})
}

// gameFrames are the pictures of s's positions from the start, each with
// the move that led to it marked, the last with the result.
func (r *Router) gameFrames(lang Lang, s sessions.Snapshot) ([]render.Frame, error) {
	start, moves, err := s.Replay()
	if err != nil {
		return nil, err
	}
	players := [2]string{r.playerLabel(lang, s, ai.First), r.playerLabel(lang, s, ai.Second)}
	title := "#" + s.Tag() + " · " + r.gameName(lang, s.Game)
	frame := func(p games.Position, path []string) render.Frame {
		toMove := 0
		if p.Turn() == ai.Second {
			toMove = 1
		}
		// The same title and no name highlighted (Finished) in every
		// frame: only the moved squares change, and each frame after the
		// first is small.
		return render.Frame{Position: p.Clone(), Board: p.Board(), Path: path, ToMove: toMove, Finished: true,
			Players: players, Title: title}
	}
	pos := start.Clone()
	frames := []render.Frame{frame(pos, nil)}
	for _, mv := range moves {
		var path []string
		if h, ok := pos.(games.Highlighter); ok {
			path, _ = h.MoveSquares(mv)
		}
		pos.Make(mv)
		frames = append(frames, frame(pos, path))
	}
	if len(frames) > maxGIFFrames {
		frames = frames[len(frames)-maxGIFFrames:]
	}
	last := &frames[len(frames)-1]
	last.Finished = s.Result.Over
	last.Footer = r.footer(lang, s)
	if wl, ok := s.Position.(games.WinningLiner); ok && s.Result.Over {
		last.Line = wl.WinningLine()
	}
	return frames, nil
}
