package router

// confirm.go: a question the bot asks one person ("are you sure you want
// to resign?", a draw offered to the opponent) is answered by that person
// alone. Its buttons carry whom it asked (askedMark); a press by anyone
// else is refused, and the mark never reaches a command's words.

import (
	"oyunbot/chat/present"
	"strconv"
	"strings"
)

// askedOnly refuses a button pressed by someone its question was not for
// ("this question was not for you"), and takes the mark out of the words
// of one pressed by the right person.
func (r *Router) askedOnly(next handler) handler {
	return func(q *request) {
		var (
			asked  string
			marked bool
			args   []string
		)
		for _, a := range q.cmd.Args {
			if id, ok := present.ParseAskedMark(a); ok {
				asked, marked = id, true
				continue
			}
			args = append(args, a)
		}
		if !marked {
			next(q)
			return
		}
		if asked != q.m.UserID {
			head := ""
			if id, ok := q.tag(); ok {
				head = "#g" + strconv.FormatInt(id, 10) + " "
			}
			q.refuse(head + q.t("confirm.not-yours"))
			return
		}
		q.cmd.Args = args
		q.cmd.Text = strings.Join(append([]string{q.cmd.Word}, args...), " ")
		next(q)
	}
}
