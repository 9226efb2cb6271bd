package sessions

import (
	"context"
	"time"
)

// Outbox keeps the replies that are owed to chats until they are delivered:
// a reply is stored before anyone tries to send it, removed once its
// platform has it, and survives restarts, rate limits and outages. Payloads
// are opaque here (package chat encodes its replies); sessions only ties a
// reply to the game version it announces.
type Outbox interface {
	// EnqueueReplies stores replies in one transaction, in order, and for
	// each reply about a game marks that game's version as announced.
	// It sets the items' ID and returns them.
	EnqueueReplies(ctx context.Context, items []OutboxItem) ([]OutboxItem, error)
	// PendingReplies loads a platform's undelivered replies, oldest first.
	PendingReplies(ctx context.Context, platform string) ([]OutboxItem, error)
	// DeliveredReply forgets a delivered reply.
	DeliveredReply(ctx context.Context, id int64) error
	// AbandonReply keeps a reply that will not be sent (state ReplyStale or
	// ReplyFailed, with a note saying why) for the record.
	AbandonReply(ctx context.Context, id int64, state, note string) error
	// UnannouncedGames loads the games (finished or not) whose latest saved
	// change has no reply in the outbox: the process stopped between the
	// two. Oldest first; unreadable rows are left out and reported in an
	// *UnreadableRowsError beside the others.
	UnannouncedGames(ctx context.Context) ([]GameRecord, error)
}

// States of an abandoned outbox reply.
const (
	// ReplyStale: the reply waited longer than its sender's limit.
	ReplyStale = "stale"
	// ReplyFailed: the platform refused the reply for good (a chat that no
	// longer exists, a bot that was blocked).
	ReplyFailed = "failed"
)

// OutboxItem is one stored reply.
type OutboxItem struct {
	ID        int64
	Platform  string
	ChannelID string
	// Game and Version: the game state this reply announces (0 for replies
	// about no game).
	Game, Version int64
	Data          []byte
	Created       time.Time
}
