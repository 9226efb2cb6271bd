package router

// asked.go lets a person answer the bot's question ("are you sure you want
// to resign?", "Ali offers a draw: accept or decline") with a bare "yes" /
// "evet" as well as with its button or "resign yes" / "accept": the
// question asked last of each person in a channel is remembered until
// their next message, for a while, and a bare yes runs its command; a
// bare no runs its refusal (an offer declined) or drops it (a resignation
// not made).

import (
	"strconv"
	"sync"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/internal/command"
)

const (
	// questionTTL is how long a question waits for a bare answer.
	questionTTL = 10 * time.Minute
	// maxQuestions bounds the questions waiting (people who never answer).
	maxQuestions = 10_000
)

// asker is a person in a channel.
type asker struct{ platform, channel, user string }

// question is what a bare yes runs (yes, a command's text), and a bare no
// (no; "" drops the question with a word about game); choices are the
// commands other bare words run (folded word → command: a reading's
// "kale", readings.go).
type question struct {
	yes, no string
	choices map[string]string
	game    int64
	at      time.Time
}

// questions are the questions waiting for a bare answer.
type questions struct {
	mu sync.Mutex
	m  map[asker]question
}

// put remembers the question asked of a; the oldest go when too many wait.
func (qs *questions) put(a asker, q question) {
	qs.mu.Lock()
	defer qs.mu.Unlock()
	if qs.m == nil {
		qs.m = map[asker]question{}
	}
	if len(qs.m) >= maxQuestions {
		var oldest asker
		first := true
		for k, v := range qs.m {
			if first || v.at.Before(qs.m[oldest].at) {
				oldest, first = k, false
			}
		}
		delete(qs.m, oldest)
	}
	qs.m[a] = q
}

// take removes and returns the question waiting for a, if it is still fresh.
func (qs *questions) take(a asker, now time.Time) (question, bool) {
	qs.mu.Lock()
	defer qs.mu.Unlock()
	q, ok := qs.m[a]
	delete(qs.m, a)
	return q, ok && now.Sub(q.at) <= questionTTL
}

// isDeclineWord reports whether folded w says no to a question.
func isDeclineWord(w string) bool {
	switch w {
	case "no", "n", "nope", "cancel", "hayir", "h", "yok", "vazgec", "iptal":
		return true
	}
	return false
}

// answers turns a bare yes into the command of the question the person
// was asked last in this channel, and a bare no into its refusal; any
// other message drops the question (a "yes" later is not taken for it).
func (r *Router) answers(next handler) handler {
	return func(q *request) {
		a := asker{q.m.Platform, q.m.ChannelID, q.m.UserID}
		waiting, ok := r.asked.take(a, r.cfg.Now())
		if ok && q.cmd.Name == "" && len(q.cmd.Args) == 0 {
			switch w := chat.Fold(q.cmd.Word); {
			case waiting.choices[w] != "":
				q.cmd = command.Parse(waiting.choices[w])
			case isConfirmWord(w) && waiting.yes != "":
				q.cmd = command.Parse(waiting.yes)
			case isDeclineWord(w) && waiting.no != "":
				q.cmd = command.Parse(waiting.no)
			case isDeclineWord(w):
				q.say("#g" + strconv.FormatInt(waiting.game, 10) + " " + q.t("confirm.dropped"))
				return
			}
		}
		next(q)
	}
}

// askAnswer remembers that toID was offered something in this channel
// (id: a game's tag "#g5" or a challenge's id) that a bare yes accepts
// and a bare no declines.
func (q *request) askAnswer(toID, id string) {
	if toID == "" {
		return
	}
	q.r.asked.put(asker{q.m.Platform, q.m.ChannelID, toID},
		question{yes: command.Accept + " " + id, no: command.Decline + " " + id, at: q.r.cfg.Now()})
}
