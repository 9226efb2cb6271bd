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

// noteFollowed marks game id's next bot reply as answering a bare move
// that was legal in several of the player's games and went to this one
// (the one last played in): the reply names the game.
func (r *Router) noteFollowed(id int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.follows[id] = true
}

// followed takes game id's mark from noteFollowed.
func (r *Router) followed(id int64) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	ok := r.follows[id]
	delete(r.follows, id)
	return ok
}

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
