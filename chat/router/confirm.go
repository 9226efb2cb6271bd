package router

// confirm.go: a question the bot asks one person ("are you sure you want
// to resign?", a draw offered to the opponent) is answered by that person
// alone. Its buttons carry whom it asked (askedMark); a press by anyone
// else is refused, and the mark never reaches a command's words.

import (
	"net/url"
	"oyunbot/chat"
	"strconv"
	"strings"
)

// askedPrefix starts the word that names the person a button's question is
// for: "for=<user id>", the id path-escaped (a console name may hold
// spaces).
const askedPrefix = "for="

// askedMark is the word a button's data ends with when its question is
// for userID alone.
func askedMark(userID string) string { return askedPrefix + url.PathEscape(userID) }

// parseAskedMark reads an askedMark.
func parseAskedMark(w string) (userID string, ok bool) {
	rest, ok := strings.CutPrefix(w, askedPrefix)
	if !ok || rest == "" {
		return "", false
	}
	id, err := url.PathUnescape(rest)
	return id, err == nil
}

// withAsked returns button data that answers a question asked of userID:
// data and the mark, or "" when that would not fit a platform's limit (cut,
// it would act for anyone; the typed answer still works).
func withAsked(data, userID string) string {
	d := data + " " + askedMark(userID)
	if len(d) > chat.MaxButtonData {
		return ""
	}
	return d
}

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
			if id, ok := parseAskedMark(a); ok {
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
			q.say(head + q.t("confirm.not-yours"))
			return
		}
		q.cmd.Args = args
		q.cmd.Text = strings.Join(append([]string{q.cmd.Word}, args...), " ")
		next(q)
	}
}
