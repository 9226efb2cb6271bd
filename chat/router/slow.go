package router

// slow.go: commands whose work takes long (an animated GIF of a long game,
// a puzzle's solution or comparison of searches: a game's own commands)
// leave the chat's queue. The adapters handle a chat's messages one after
// the other; such work, done there, would hold up every message of the
// chat behind it (a move in a group waiting for a member's twenty
// comparisons). The command finds its game in the queue, in order with the
// messages before it, and hands the work to the slow queue
// (sessions.Jobs): a few workers for the whole bot, fair between people, a
// few jobs per person, their searches within one memory budget for all
// (ai.MemoryBudget). Its answer comes when the work is done; the chat's
// next message is handled at once.

import (
	"context"
	"errors"
	"fmt"
	"oyunbot/chat/present"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/sessions"
)

// DefaultSearchMemory is the memory the slow commands' searches (a
// puzzle's solutions and comparisons) may hold together, whoever asked for
// them: 128 MiB, a million states of a breadth-first search (ai.Solve's
// stateBytes). A search that finds it spent stops and says so.
const DefaultSearchMemory = 128 << 20

// slowQueue is the Router's slow commands: the queue they wait in and the
// memory their searches share.
type slowQueue struct {
	jobs *sessions.Jobs
	mem  *ai.MemoryBudget
}

// newSlow makes the Router's slow queue from its configuration.
func newSlow(ctx context.Context, cfg Config) *slowQueue {
	mem := cfg.SearchMemory
	if mem <= 0 {
		mem = DefaultSearchMemory
	}
	return &slowQueue{
		jobs: sessions.NewJobs(ctx, sessions.JobsConfig{Workers: cfg.SlowWorkers, PerOwner: cfg.SlowPerUser,
			Logger: cfg.Logger, KeepMemory: cfg.SlowKeepMemory}),
		mem: ai.NewMemoryBudget(mem),
	}
}

// Wait blocks until no slow command is queued or running, or ctx is done.
func (s *slowQueue) Wait(ctx context.Context) error { return s.jobs.Wait(ctx) }

// Close cancels the running slow commands and drops the queued ones.
func (s *slowQueue) Close() { s.jobs.Close() }

// laterKey marks a context whose replies answer slow work (a slow command,
// an analysis): in its chat's outbox such a reply waits behind the chat's
// other replies (outbox.pushLocked). Twenty members' solutions, done at
// once, take a group's pace a minute to send; a move made meanwhile is
// answered first.
type laterKey struct{}

// answerLater marks ctx's replies as answers of slow work.
func answerLater(ctx context.Context) context.Context {
	return context.WithValue(ctx, laterKey{}, true)
}

// isLater reports whether ctx's replies answer slow work.
func isLater(ctx context.Context) bool { return ctx.Value(laterKey{}) != nil }

// offQueue runs work, the slow part of the request's command, on the slow
// queue, with a copy of the request whose context is the queue's. A person
// with too many slow requests still being worked on is told to wait for
// their answers; one whose request waits for a free worker is told it is
// queued (a notice: it says nothing once the answer is there).
func (q *request) offQueue(work func(q *request)) {
	job := *q
	told := make(chan struct{}) // the queued notice is out: the answer never comes before it
	queued, err := q.r.slow.jobs.Submit(q.m.Platform+"/"+q.m.UserID, func(ctx context.Context) {
		<-told
		job.ctx = answerLater(ai.WithMemoryBudget(ctx, q.r.slow.mem))
		defer func() {
			if p := recover(); p != nil {
				job.r.log.Error("panic in a slow command", "panic", fmt.Sprint(p), "text", present.Shorten(job.m.Text, 80))
				job.say(job.t("error.internal"))
			}
		}()
		work(&job)
	})
	switch {
	case errors.Is(err, sessions.ErrBusy):
		q.say(q.t("slow.busy"))
	case err != nil:
		q.r.log.Warn("slow command dropped", "err", err) // shutting down
	case queued:
		// Off the chat's queue too: a notice waits for the chat's pace.
		note := *q
		go func() {
			defer close(told)
			note.sayReply(chat.Reply{Text: note.t("slow.queued"), Notice: true})
		}()
		return
	}
	close(told)
}

// SlowJobs is the slow queue, which the web pages' pictures and animations
// share (chat/web's Config.Slow): the chat's slow work and the pages' run
// on the same few workers, fairly between all who asked.
func (r *Router) SlowJobs() *sessions.Jobs { return r.slow.jobs }
