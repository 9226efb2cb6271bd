package router

// analyse.go is "analyse" / "analiz": a finished game judged move by move
// (package analysis) in the background, on the engine's fair queue
// (sessions/analyses), its result kept with the game.

import (
	"context"
	"errors"
	"strconv"

	"oyunbot/analysis"
	"oyunbot/chat"
	"oyunbot/chat/present"
	"oyunbot/sessions"
	"oyunbot/sessions/analyses"
)

// newAnalyses runs the analyses of mgr's games, kept in the store when it
// keeps them.
func newAnalyses(mgr *sessions.Manager, cfg Config) *analyses.Runner {
	as, _ := cfg.Store.(analyses.Store)
	return analyses.New(mgr, analyses.Config{Store: as, Now: cfg.Now, Logger: cfg.Logger})
}

// Analysis is game id's stored analysis, complete (the web pages show it).
func (r *Router) Analysis(ctx context.Context, id int64) (*analysis.Result, bool) {
	return r.analyses.Stored(ctx, id)
}

// analyse answers with the analysis of the sender's finished game (tagged,
// or the last one): at once when it is kept, else once it is done, with a
// line when it starts and one now and then while it runs.
func (q *request) analyse() {
	s, ok := q.viewed()
	if !ok {
		return
	}
	tag := "#" + s.Tag()
	// The answers come after this message's handling: a copy of the
	// request that outlives it.
	later := *q
	later.ctx = answerLater(context.WithoutCancel(q.ctx))
	res, started, err := q.r.analyses.Request(q.ctx, q.m.Platform+"/"+q.m.UserID, s, analyses.Listener{
		Progress: func(done, total int) { later.say(later.show().AnalysisProgress(later.lang, s, done, total)) },
		Done: func(res *analysis.Result, err error) {
			if err != nil {
				later.analysisFailed(s, err)
				return
			}
			later.sayReply(later.show().AnalysisReply(later.lang, s, res))
		},
	})
	var busy *analyses.BusyError
	switch {
	case errors.As(err, &busy) && busy.Own:
		q.say(q.t("analysis.busy", "tag", "#g"+strconv.FormatInt(busy.GameID, 10)))
	case errors.As(err, &busy):
		q.say(q.t("analysis.running", "tag", tag))
	case errors.Is(err, analyses.ErrNotOver):
		q.say(q.t("analysis.not-over", "tag", tag))
	case errors.Is(err, analyses.ErrNothingToAnalyse):
		q.say(q.t("analysis.no-moves", "tag", tag))
	case errors.Is(err, analysis.ErrNotJudged):
		q.say(q.t("analysis.unsupported", "game", q.r.show.GameName(q.lang, s.Game)))
	case errors.Is(err, sessions.ErrClosed):
		q.say(q.t("analysis.stopped", "tag", tag)) // asked as the bot stops
	case err != nil:
		q.analysisFailed(s, err)
	case started:
		q.say(q.r.cat.N(q.lang, "analysis.started", present.MoveCount(s), "tag", tag))
	default:
		q.sayReply(q.show().AnalysisReply(q.lang, s, res))
	}
}

// analysisFailed says that game s's analysis could not be made, or was
// stopped with the bot (the next request goes on from where it stopped).
func (q *request) analysisFailed(s sessions.Snapshot, err error) {
	switch {
	case errors.Is(err, analyses.ErrStopped):
		q.say(q.t("analysis.stopped", "tag", "#"+s.Tag()))
		return
	case errors.Is(err, context.Canceled):
		return // its game is gone
	}
	q.r.log.Error("analysis failed", "id", s.ID, "err", err)
	q.sayReply(chat.Reply{Text: q.t("analysis.failed", "tag", "#"+s.Tag())})
}
