package present

import (
	"fmt"
	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/render"
	"oyunbot/sessions"
	"strings"
)

// AnswerReply turns a game command's answer into a reply: its text, led
// by the game's id ("#g7 Hint: …") unless the game has named it, its file,
// and its chart or picture drawn.
func (r *Presenter) AnswerReply(lang chat.Lang, s sessions.Snapshot, ans games.CommandAnswer) chat.Reply {
	rep := chat.Reply{Text: strings.TrimSpace(ans.Text)}
	tag := "#" + s.Tag()
	if ans.Mono {
		rep.TextBoard = rep.Text
		if rep.Text != "" && !strings.Contains(rep.Text, tag) {
			// A line of its own: the table's columns keep their places.
			rep.Text = tag + "\n" + rep.Text
		}
	} else if rep.Text != "" && !strings.Contains(rep.Text, tag) {
		rep.Text = tag + " " + rep.Text
	}
	if ans.File != nil && len(ans.File.Data) > 0 {
		rep.File, rep.FileName, rep.FileType = ans.File.Data, ans.File.Name, ans.File.MIME
	}
	switch {
	case ans.Chart != nil && r.cfg.Chart != nil:
		png, err := r.cfg.Chart(*ans.Chart)
		if err != nil {
			r.log.Error("drawing a chart", "game", s.Game.Name(), "err", err)
			break
		}
		rep.Image, rep.ImageName, rep.Caption = png, fmt.Sprintf("%s-chart.png", s.Tag()), ans.Chart.Title
	case ans.Picture != nil:
		if d := r.cfg.Drawers[s.Game.Name()]; d != nil {
			png, err := d.Draw(render.Frame{
				Position: ans.Picture,
				Board:    ans.Picture.Board(),
				Path:     ans.Highlight,
				ToMove:   int(max(ans.Picture.Turn(), 0) % 2),
				Finished: true,
				Title:    r.GameName(lang, s.Game),
			})
			if err != nil {
				r.log.Error("drawing a game command's picture", "game", s.Game.Name(), "err", err)
				break
			}
			rep.Image, rep.ImageName = png, s.Game.Name()+"-example.png"
		}
		if rep.Image == nil {
			rep.Text += "\n" + TextBoard(ans.Picture.Board())
		}
	}
	if rep.Text == "" && rep.Image == nil && rep.File == nil {
		rep.Text = tag
	}
	return rep
}
