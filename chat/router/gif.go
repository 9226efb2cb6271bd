package router

// gif.go is "gif": a game's every position as an animated GIF to share.

import (
	"bytes"
	"fmt"
	"oyunbot/chat/present"
	"strconv"
	"time"

	"oyunbot/chat"
	"oyunbot/render"
	"oyunbot/sessions"
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
	frames, err := q.show().GameFrames(q.lang, s, q.r.show.FlipFor(s, q.m.UserID))
	if err == nil {
		err = render.AnimateTo(&buf, d, frames, present.GifDelay, present.GifHold)
	}
	if err != nil {
		q.r.log.Error("gif: drawing a game", "id", s.ID, "err", err)
		q.say(q.t("error.internal"))
		return
	}
	b := buf.Bytes()
	q.r.log.Debug("gif drawn", "id", s.ID, "moves", len(s.Moves), "bytes", len(b), "took", time.Since(start))
	q.sayReply(chat.Reply{
		Text:     "#" + s.Tag() + " " + q.t("gif.caption", "game", q.r.show.GameName(q.lang, s.Game), "moves", strconv.Itoa(present.MoveCount(s))),
		File:     b,
		FileName: fmt.Sprintf("oyunbot-%s.gif", s.Tag()),
		FileType: "image/gif",
	})
}
