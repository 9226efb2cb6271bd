package delivery

// liveboard.go shows each game as one message in its chat (issue 36): a
// game's board (chat.Reply.Live) edits the message of its previous board
// while that message is in sight, and is posted anew when it is not. What
// the bot can see decides "in sight":
//
//   - fewer than boardSightMessages messages came below the board in its
//     chat since it was posted: the bot's own (each reply that is not an
//     edit) and the people's it receives (typed messages; a button press
//     adds none). Telegram's privacy mode hides a group's plain chatter
//     from the bot, so there the count is of commands and replies to it;
//   - the board changed less than boardIdleAfter ago: an edit notifies no
//     one, so a game that waited that long (a player away, a
//     correspondence game) gets a new board at the bottom of the chat,
//     which notifies, rather than a silent edit far up.
//
// A game's start (no board yet), its end and the board command
// (chat.Reply.Fresh) post a new one too; so does an edit the platform
// refuses (the message deleted, too old): chat.ErrEditFailed. The message
// showing each game's board is kept in the store, so a restart goes on
// editing it (the count of messages below it starts again from nothing).
// A channel's "board new" setting keeps a new picture for every turn.
//
// Processes sharing a store edit a board under its lease (leaseBoard): the
// second to come sees the version the first showed, and leaves an older
// board out rather than landing it over a newer one.

import (
	"context"
	"errors"
	"log/slog"
	"oyunbot/sessions/outbox"
	"sync"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/internal/retry"
	"oyunbot/sessions"
)

const (
	// boardSightMessages: a board with this many messages below it is out
	// of sight (a phone shows a board and three short lines under it).
	boardSightMessages = 4
	// boardIdleAfter: a board unchanged this long is posted anew.
	boardIdleAfter = 10 * time.Minute
	// maxBoardMarks bounds the counts kept in memory (they start again
	// from nothing when cleared, as after a restart).
	maxBoardMarks = 100_000
)

// liveBoards decides, for the outbox, whether a game's board edits its
// previous message. Each chat's replies are delivered one at a time, so a
// chat's boards never race; people's messages are counted concurrently.
type liveBoards struct {
	store outbox.BoardStore
	now   func() time.Time
	log   *slog.Logger

	mu sync.Mutex
	// seen counts the messages of each chat; marks holds each board's
	// chat count when it was posted.
	seen  map[chanRef]int64
	marks map[boardRef]int64
}

// boardRef names a game's board in a chat.
type boardRef struct {
	chanRef
	game int64
}

func newLiveBoards(store outbox.BoardStore, now func() time.Time, log *slog.Logger) *liveBoards {
	return &liveBoards{store: store, now: now, log: log, seen: map[chanRef]int64{}, marks: map[boardRef]int64{}}
}

// message counts a message that came in a chat below its boards.
func (l *liveBoards) message(key chanRef) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.seen) >= maxBoardMarks {
		clear(l.seen)
		clear(l.marks)
	}
	l.seen[key]++
}

// target returns the message that rep, a game's board for the chat key,
// is to edit: "" to post it anew; and the game's board there before it
// (prev.Ref "" for none). stale is true when that message shows a later
// version of the game than rep (rep was sent late: taken over from a
// process that stopped while sending it): rep is not to be shown.
func (l *liveBoards) target(ctx context.Context, key chanRef, rep chat.Reply) (at string, prev outbox.LiveBoard, stale bool) {
	if rep.GameID == 0 {
		return "", prev, false
	}
	b, err := l.store.LiveBoard(ctx, key.platform, key.channel, rep.GameID)
	if err != nil {
		if !errors.Is(err, sessions.ErrNotFound) {
			l.log.Warn("board message not loaded, posting a new one", "game", rep.GameID, "err", err)
		}
		return "", prev, false
	}
	if rep.GameVersion != 0 && rep.GameVersion < b.Version {
		return "", b, true
	}
	if rep.Fresh || b.Ref == "" || l.now().Sub(b.Shown) >= boardIdleAfter {
		return "", b, false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	ref := boardRef{key, rep.GameID}
	mark, ok := l.marks[ref]
	if !ok {
		// Posted before this process started: counting starts now.
		mark = l.seen[key]
		l.marks[ref] = mark
	}
	if l.seen[key]-mark >= boardSightMessages {
		return "", b, false
	}
	return b.Ref, b, false
}

// shown records that rep's board is now the message ref: edited in place
// when edited, else a new message (which is itself one more message below
// the chat's other boards). prev is the board before it, as target found
// it (a chat's boards are shown one at a time: it is still the stored one).
func (l *liveBoards) shown(ctx context.Context, key chanRef, rep chat.Reply, prev outbox.LiveBoard, ref string, edited bool) {
	now := l.now()
	b := outbox.LiveBoard{Platform: key.platform, ChannelID: key.channel, Game: rep.GameID, Ref: ref, Posted: now, Shown: now,
		Version: max(rep.GameVersion, prev.Version)}
	if edited {
		b.Posted = prev.Posted
	}
	if !edited {
		l.mu.Lock()
		if len(l.seen) >= maxBoardMarks {
			clear(l.seen)
			clear(l.marks)
		}
		l.seen[key]++
		l.marks[boardRef{key, rep.GameID}] = l.seen[key]
		l.mu.Unlock()
	}
	if err := l.store.SaveLiveBoard(ctx, b); err != nil {
		// The next board goes out as a new message: nothing is lost.
		l.log.Warn("board message not remembered", "game", rep.GameID, "err", err)
	}
}

// sendLive delivers a game's board through bs: as the edit of its previous
// message when that one is in sight, else (or when the edit is refused) as
// a new message.
func (o *Outbox) sendLive(ctx context.Context, key chanRef, bs chat.BoardSender, rep chat.Reply) error {
	if o.claim.owner != "" && rep.GameID != 0 {
		if err := o.leaseBoard(ctx, key, rep.GameID); err != nil {
			return err
		}
		defer o.releaseBoard(ctx, key, rep.GameID)
	}
	at, prev, stale := o.boards.target(ctx, key, rep)
	old := prev.Ref
	if stale {
		// A later board of the game is there already: this one, sent late,
		// is not shown over it.
		o.log.Info("late board not shown over a later one", "platform", key.platform, "channel", key.channel,
			"game", rep.GameID, "version", rep.GameVersion)
		o.count(func(m *deliveryMetrics) { m.superseded++ })
		return nil
	}
	ref, err := bs.SendBoard(ctx, rep, at)
	if at != "" && errors.Is(err, chat.ErrEditFailed) {
		o.log.Info("board message not edited, posting a new one", "platform", key.platform, "channel", key.channel,
			"game", rep.GameID, "err", err)
		o.count(func(m *deliveryMetrics) { m.editsFailed++ })
		at = ""
		ref, err = bs.SendBoard(ctx, rep, "")
	}
	if err != nil {
		return err
	}
	if at != "" {
		o.count(func(m *deliveryMetrics) { m.edited++ })
	}
	o.log.Debug("board shown", "platform", key.platform, "channel", key.channel, "game", rep.GameID,
		"version", rep.GameVersion, "message", ref, "edited", at != "")
	o.boards.shown(context.WithoutCancel(ctx), key, rep, prev, ref, at != "")
	if br, ok := bs.(chat.BoardRetirer); ok && at == "" && old != "" && old != ref {
		// The earlier board keeps its picture, not its buttons.
		if err := br.RetireBoard(ctx, key.channel, old); err != nil {
			o.log.Debug("earlier board's buttons not removed", "channel", key.channel, "game", rep.GameID, "err", err)
		}
	}
	return nil
}

// supersedeLocked drops the boards of q's game still waiting in cq (not
// the one being sent) when q is a newer board of it and the platform edits
// boards in place: an edit is never sent late over a newer one, and a
// queue held up by a platform's limits sends the game as it is. When a
// newer board of the game waits already (the events of two turns of the
// bot's can be put out of order), q itself is the one dropped: late is
// true and q is not to be queued. The dropped replies' ids are returned,
// for the store to forget; o.mu must be held.
func (o *Outbox) supersedeLocked(key chanRef, cq *chanQueue, q *queued) (dropped []int64, late bool) {
	if !q.rep.Live || q.rep.GameID == 0 {
		return nil, false
	}
	if _, ok := o.sender(key.platform).(chat.BoardSender); !ok {
		return nil, false // every board is a picture of its own there
	}
	from := 0
	if cq.running && len(cq.items) > 0 {
		// The head is being sent. A running queue may be empty for a
		// moment (its last reply sent, its goroutine not yet back for the
		// next): cq.items[:1] then panicked, or brought back a reply sent
		// before.
		from = 1
	}
	same := func(old *queued) bool {
		return old.rep.Live && old.rep.GameID == q.rep.GameID && !old.later
	}
	if v := q.rep.GameVersion; v != 0 {
		for _, old := range cq.items[from:] {
			if same(old) && old.rep.GameVersion > v {
				old.rep.Fresh = old.rep.Fresh || q.rep.Fresh
				if q.id != 0 {
					dropped = append(dropped, q.id)
				}
				o.m.superseded++
				return dropped, true
			}
		}
	}
	keep := cq.items[:from:from]
	for _, old := range cq.items[from:] {
		if same(old) {
			q.rep.Fresh = q.rep.Fresh || old.rep.Fresh // a new message was due: the newer board is it
			if old.id != 0 {
				dropped = append(dropped, old.id)
				delete(o.known, old.id)
			}
			o.m.superseded++
			continue
		}
		keep = append(keep, old)
	}
	cq.items = keep
	return dropped, false
}

// forget deletes superseded replies from the store.
func (o *Outbox) forget(ctx context.Context, ids []int64) {
	for _, id := range ids {
		if err := o.store.DeliveredReply(ctx, id); err != nil {
			// Loaded again after a restart, it is superseded again then.
			o.log.Error("superseded reply not removed from the outbox", "id", id, "err", err)
		}
	}
}

// boardLeaseWait bounds the wait between two tries at a board's lease held
// by another process (whose edit takes a round trip to the platform).
const boardLeaseWait = 500 * time.Millisecond

// leaseBoard waits for this process's lease on a game's board in a chat
// (the processes sharing a store show a board one at a time, so the later
// one sees the version shown and never edits an older one over it): the
// holder's edit ends, or its lease runs out (a process that died: at most
// a claim's TTL).
func (o *Outbox) leaseBoard(ctx context.Context, key chanRef, game int64) error {
	wait := retry.Policy{Base: 20 * time.Millisecond, Max: boardLeaseWait}
	for n := 1; ; n++ {
		now := o.now()
		ok, err := o.store.LeaseLiveBoard(ctx, key.platform, key.channel, game, o.claim.owner, now, now.Add(o.claim.ttl))
		if err != nil || ok {
			return err
		}
		if n == 1 {
			o.count(func(m *deliveryMetrics) { m.boardWaits++ })
		}
		if err := retry.Sleep(ctx, wait.Wait(n)); err != nil {
			return err
		}
	}
}

// releaseBoard frees this process's lease on a game's board in a chat
// (left held, it runs out).
func (o *Outbox) releaseBoard(ctx context.Context, key chanRef, game int64) {
	if err := o.store.ReleaseLiveBoard(context.WithoutCancel(ctx), key.platform, key.channel, game, o.claim.owner); err != nil {
		o.log.Warn("board lease not freed (it runs out)", "game", game, "err", err)
	}
}
