// Package outbox is what the bot's replies leave in the store: the
// replies owed to chats until their platform has them (Item, Store) and
// the message showing each game's board in each chat (LiveBoard,
// BoardStore). Package chat/delivery sends and edits them; package store
// keeps them; the live games (package sessions) never read them. It sits
// under sessions, not chat, because the store may know the live games'
// packages but no chat's.
package outbox

import (
	"context"
	"time"
)

// Store keeps the replies that are owed to chats until they are delivered:
// a reply is stored before anyone tries to send it, removed once its
// platform has it, and survives restarts, rate limits and outages. Payloads
// are opaque here (package chat encodes its replies); the store only ties a
// reply to the game version it announces. Processes sharing a store claim
// the replies they deliver, so that no reply is sent by two of them and a
// dead one's are taken over.
type Store interface {
	// EnqueueReplies stores replies in one transaction, in order, and for
	// each reply about a game marks that game's version as announced.
	// It sets the items' ID and returns them; each keeps the claim it was
	// given (Owner, ClaimUntil).
	EnqueueReplies(ctx context.Context, items []Item) ([]Item, error)
	// PendingReplies loads a platform's undelivered replies, oldest first,
	// whoever claims them.
	PendingReplies(ctx context.Context, platform string) ([]Item, error)
	// ClaimReplies gives owner, until the time until, the platform's
	// undelivered replies that are free at now (never claimed, or their
	// claim ended at or before now, whoever held it), atomically: of two
	// processes claiming at once, each reply goes to one. It returns them,
	// claimed, oldest first.
	ClaimReplies(ctx context.Context, platform, owner string, now, until time.Time) ([]Item, error)
	// RenewReplies moves the claim of every undelivered reply owner holds
	// to until (a past time frees them for others) and returns their ids,
	// in any order. A reply another owner claimed meanwhile is not
	// owner's any more and is not in the list.
	RenewReplies(ctx context.Context, owner string, until time.Time) ([]int64, error)
	// DeliveredReply forgets a delivered reply.
	DeliveredReply(ctx context.Context, id int64) error
	// AbandonReply keeps a reply that will not be sent (state Stale or
	// Failed, with a note saying why) for the record.
	AbandonReply(ctx context.Context, id int64, state, note string) error
}

// States of an abandoned reply (Store.AbandonReply).
const (
	// Stale: the reply waited longer than its sender's limit.
	Stale = "stale"
	// Failed: the platform refused the reply for good (a chat that no
	// longer exists, a bot that was blocked).
	Failed = "failed"
)

// Item is one stored reply.
type Item struct {
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

// LiveBoard is the message showing a game's board in a chat, edited in
// place after each turn while it is in sight (issue 36).
type LiveBoard struct {
	Platform, ChannelID string
	Game                int64
	// Ref is the platform's reference of the message (what the adapter's
	// chat.BoardSender returned).
	Ref string
	// Posted is when the message was sent, Shown when it last changed.
	Posted, Shown time.Time
	// Version is the game's version the message shows: a board of an
	// older one, sent late (taken over from a process that stopped), is
	// not shown over it.
	Version int64
}

// BoardStore remembers the message showing each game's board in each chat,
// so that a restart goes on editing it.
type BoardStore interface {
	// LiveBoard loads the board message of game in a chat; ErrNotFound if
	// none was saved.
	LiveBoard(ctx context.Context, platform, channelID string, game int64) (LiveBoard, error)
	// SaveLiveBoard stores b, replacing the game's earlier board message
	// in that chat.
	SaveLiveBoard(ctx context.Context, b LiveBoard) error
	// GameBoards loads the board messages of game in every chat of a
	// platform (its own and those it is shown in), by chat.
	GameBoards(ctx context.Context, platform string, game int64) ([]LiveBoard, error)
	// ForgetLiveBoards drops the board messages last shown before t (their
	// games, idle that long, post a new board when they move again) and
	// returns how many.
	ForgetLiveBoards(ctx context.Context, before time.Time) (int64, error)
}
