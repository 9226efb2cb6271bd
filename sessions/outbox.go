package sessions

import (
	"context"
	"time"
)

// Outbox keeps the replies that are owed to chats until they are delivered:
// a reply is stored before anyone tries to send it, removed once its
// platform has it, and survives restarts, rate limits and outages. Payloads
// are opaque here (package chat encodes its replies); sessions only ties a
// reply to the game version it announces. Processes sharing a store claim
// the replies they deliver, so that no reply is sent by two of them and a
// dead one's are taken over.
type Outbox interface {
	// EnqueueReplies stores replies in one transaction, in order, and for
	// each reply about a game marks that game's version as announced.
	// It sets the items' ID and returns them; each keeps the claim it was
	// given (Owner, ClaimUntil).
	EnqueueReplies(ctx context.Context, items []OutboxItem) ([]OutboxItem, error)
	// PendingReplies loads a platform's undelivered replies, oldest first,
	// whoever claims them.
	PendingReplies(ctx context.Context, platform string) ([]OutboxItem, error)
	// ClaimReplies gives owner, until the time until, the platform's
	// undelivered replies that are free at now (never claimed, or their
	// claim ended at or before now, whoever held it), atomically: of two
	// processes claiming at once, each reply goes to one. It returns them,
	// claimed, oldest first.
	ClaimReplies(ctx context.Context, platform, owner string, now, until time.Time) ([]OutboxItem, error)
	// RenewReplies moves the claim of every undelivered reply owner holds
	// to until (a past time frees them for others) and returns their ids,
	// in any order. A reply another owner claimed meanwhile is not
	// owner's any more and is not in the list.
	RenewReplies(ctx context.Context, owner string, until time.Time) ([]int64, error)
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
	// Owner is the process delivering the reply and ClaimUntil the end of
	// its claim, which it renews while it lives: several processes on one
	// store each send their own replies and take over those of a process
	// that died (ClaimReplies). A single process leaves them empty.
	Owner      string
	ClaimUntil time.Time
}
