package telegram

import "oyunbot/chat/internal/lanes"

// Pace is a token-bucket rate: one message every Every, with bursts of up to
// Burst messages. Every <= 0 means no pacing. It is lanes.Pace under this
// package's name, so that Config does not expose an internal package.
type Pace lanes.Pace

// newLanes makes a queue of jobs per chat (one goroutine per busy chat, so
// a slow or rate-limited chat never blocks another), at most maxQueue jobs
// waiting in a chat. With pace set, each chat's jobs share that chat's
// bucket.
func newLanes(maxQueue int, pace func(chatID int64) Pace) *lanes.Queue[int64] {
	cfg := lanes.Config[int64]{Backlog: maxQueue}
	if pace != nil {
		cfg.Pace = func(chatID int64) lanes.Pace { return lanes.Pace(pace(chatID)) }
	}
	return lanes.New(cfg)
}
