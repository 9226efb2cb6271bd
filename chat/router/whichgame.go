package router

// whichgame.go tells a player with several games in a channel which one a
// bare move went to, and asks when it could go to more than one.

import (
	"oyunbot/chat/present"
	"strings"

	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/sessions"
)

// askWhichGame asks which of the player's games a bare move that is legal
// in several of them is for, with a button per game that plays it there.
func (q *request) askWhichGame(move string, in []sessions.Snapshot) {
	var names []string
	var row []chat.Button
	for _, s := range in {
		label := "#" + s.Tag() + " " + q.r.show.GameName(q.lang, s.Game)
		names = append(names, label)
		if data := command.Move + " #" + s.Tag() + " " + move; len(data) <= chat.MaxButtonData {
			row = append(row, chat.Button{Label: label, Data: data})
		}
	}
	rep := chat.Reply{Text: q.t("move.which-game", "move", present.Shorten(move, 30), "games", strings.Join(names, ", "),
		"example", q.word(command.Move)+" #"+in[0].Tag()+" "+present.Shorten(move, 30))}
	if len(row) > 0 {
		rep.Buttons = [][]chat.Button{row}
	}
	q.sayReply(rep)
}
