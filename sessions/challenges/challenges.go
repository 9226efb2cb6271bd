// Package challenges keeps the invitations to games between two people: a
// challenge is issued, listed, accepted (which starts the game, or the
// match, through the Manager's Lobby and Matches) or declined. They are
// kept in memory and written through to the store, so a restart keeps
// them; in the shared mode a channel's are brought up to the store before
// they are read, since any process may make or answer one.
//
// A Book is handed to sessions.New as Config.Challenges: the Manager
// restores it once at its start (sessions.ChallengeKeeper), and the chat
// router answers the commands through it. The Challenge itself and its
// stored record stay in package sessions, with the store that keeps them.
package challenges

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/sessions"
)

// Book keeps the open challenges, written through to the store. Its lock
// guards them; no other lock is taken under it (the store is called under
// it: the in-memory list and the stored one change together). It is a
// leaf in sessions' lock order.
type Book struct {
	// Set once by Restore, before the Manager starts.
	ctx     context.Context // the Manager's lifetime: the store's calls of its own
	cfg     sessions.Config
	log     *slog.Logger
	lobby   *sessions.Lobby
	matches sessions.MatchRunner

	mu        sync.Mutex
	byChannel map[chanKey][]sessions.Challenge
}

type chanKey struct{ platform, channel string }

// New returns an empty Book, to hand to sessions.New as Config.Challenges.
func New() *Book { return &Book{byChannel: map[chanKey][]sessions.Challenge{}} }

// Restore gives the Book the Manager whose games it starts and loads the
// stored challenges that have not expired. Rows that cannot be read are
// skipped, returned and kept, even expired ones: a human may want to see
// what went wrong. sessions.New calls it once, before the Manager starts.
func (ch *Book) Restore(m *sessions.Manager) ([]sessions.SkippedRow, error) {
	ch.ctx, ch.cfg, ch.lobby, ch.matches = m.Lifetime(), m.Config(), m.Lobby(), m.Config().Matches
	ch.log = ch.cfg.Logger
	recs, err := ch.cfg.Store.Challenges(ch.ctx)
	skipped, err := skippedOf(err)
	if err != nil {
		return nil, fmt.Errorf("sessions: restore challenges: %w", err)
	}
	now := ch.cfg.Now()
	for _, r := range recs {
		g, ok := ch.cfg.Games.Lookup(r.Game)
		if !ok || now.Sub(r.Created) > ch.cfg.ChallengeTTL {
			ch.forget(r.Platform, r.ChannelID, r.From.ID, r.To.ID)
			continue
		}
		key := chanKey{r.Platform, r.ChannelID}
		ch.byChannel[key] = append(ch.byChannel[key], challengeOf(r, g))
	}
	return skipped, nil
}

// skippedOf splits the rows a store's read could not read from its error.
func skippedOf(err error) ([]sessions.SkippedRow, error) {
	var ue *sessions.UnreadableRowsError
	if errors.As(err, &ue) {
		return ue.Rows, nil
	}
	return nil, err
}

// Issue invites c.To to a game; it replaces an earlier challenge between
// the same two people in the channel. A challenge to Anyone (To.ID) is
// open: anyone in the channel but its sender may accept it, and the first
// who does plays; it replaces its sender's earlier open challenge.
func (ch *Book) Issue(ctx context.Context, c sessions.Challenge) error {
	if c.From.ID == c.To.ID || c.From.ID == sessions.Anyone {
		return sessions.ErrSelfChallenge
	}
	if c.Game.Players() < 2 {
		return sessions.ErrOnePlayerGame
	}
	if c.Target < 0 || c.Target > sessions.MaxMatchTarget {
		return sessions.ErrMatchTarget
	}
	key := chanKey{c.Platform, c.ChannelID}
	if err := ch.lobby.Playing(c.Platform, c.ChannelID, c.From, c.To, c.Game); err != nil && !c.Open() {
		return err
	}
	if c.Side != ai.Second {
		c.Side = ai.First
	}
	c.Created = storedTime(ch.cfg.Now())
	if err := ch.cfg.Store.SaveChallenge(ctx, challengeRecord(c)); err != nil {
		return err
	}
	ch.mu.Lock()
	defer ch.mu.Unlock()
	list := ch.liveLocked(key)
	list = slices.DeleteFunc(list, func(o sessions.Challenge) bool {
		return (o.From.ID == c.From.ID && o.To.ID == c.To.ID) || (o.From.ID == c.To.ID && o.To.ID == c.From.ID)
	})
	ch.byChannel[key] = append(list, c)
	return nil
}

// storedTime is t as the store keeps it (to the millisecond), so that the
// challenge in memory and the stored one are made at the same time.
func storedTime(t time.Time) time.Time { return time.UnixMilli(t.UnixMilli()) }

func challengeRecord(c sessions.Challenge) sessions.ChallengeRecord {
	return sessions.ChallengeRecord{Platform: c.Platform, ChannelID: c.ChannelID, From: c.From, To: c.To, Game: c.Game.Name(),
		Side: c.Side, TimeControl: c.TimeControl, Lang: c.Lang, Target: c.Target, Created: c.Created}
}

// forget deletes a stored challenge; a failure is logged (the
// challenge then comes back after a restart until it expires).
func (ch *Book) forget(platform, channelID, fromID, toID string) {
	if err := ch.cfg.Store.DeleteChallenge(ch.ctx, platform, channelID, fromID, toID); err != nil {
		ch.log.Error("deleting a challenge", "err", err)
	}
}

// liveLocked drops expired challenges; ch.mu must be held.
func (ch *Book) liveLocked(key chanKey) []sessions.Challenge {
	now := ch.cfg.Now()
	var expired []sessions.Challenge
	list := slices.DeleteFunc(ch.byChannel[key], func(c sessions.Challenge) bool {
		if now.Sub(c.Created) > ch.cfg.ChallengeTTL {
			expired = append(expired, c)
			return true
		}
		return false
	})
	for _, c := range expired {
		ch.forget(c.Platform, c.ChannelID, c.From.ID, c.To.ID)
	}
	if len(list) == 0 {
		delete(ch.byChannel, key)
		return nil
	}
	ch.byChannel[key] = list
	return list
}

// take removes and returns the latest challenge to userID (from
// fromID if not empty); open: an open challenge of someone else's counts.
func (ch *Book) take(key chanKey, userID, fromID string, open bool) (sessions.Challenge, bool) {
	ch.sync(key)
	ch.mu.Lock()
	defer ch.mu.Unlock()
	list := ch.liveLocked(key)
	for i := len(list) - 1; i >= 0; i-- {
		c := list[i]
		to := c.To.ID == userID || (open && c.Open() && c.From.ID != userID)
		if to && (fromID == "" || c.From.ID == fromID) {
			ch.byChannel[key] = slices.Delete(list, i, i+1)
			if ch.cfg.Shared {
				// Of two processes answering it, the one that takes it
				// from the store starts the game.
				ok, err := ch.cfg.Store.TakeChallenge(ch.ctx, c.Platform, c.ChannelID, c.From.ID, c.To.ID, c.Created)
				if err != nil {
					ch.log.Error("taking a challenge", "err", err)
				}
				return c, ok
			}
			ch.forget(c.Platform, c.ChannelID, c.From.ID, c.To.ID)
			return c, true
		}
	}
	return sessions.Challenge{}, false
}

// sync replaces the channel's challenges held by the stored ones
// in the shared mode (made, answered or withdrawn through any process).
func (ch *Book) sync(key chanKey) {
	if !ch.cfg.Shared {
		return
	}
	recs, err := ch.cfg.Store.Challenges(ch.ctx)
	if _, err = skippedOf(err); err != nil {
		ch.log.Warn("loading the challenges", "err", err)
		return
	}
	var list []sessions.Challenge
	for _, r := range recs {
		g, ok := ch.cfg.Games.Lookup(r.Game)
		if !ok || r.Platform != key.platform || r.ChannelID != key.channel {
			continue
		}
		list = append(list, challengeOf(r, g))
	}
	ch.mu.Lock()
	defer ch.mu.Unlock()
	if len(list) == 0 {
		delete(ch.byChannel, key)
		return
	}
	ch.byChannel[key] = list
}

// challengeOf is a stored challenge of game g.
func challengeOf(r sessions.ChallengeRecord, g games.Game) sessions.Challenge {
	return sessions.Challenge{Platform: r.Platform, ChannelID: r.ChannelID, From: r.From, To: r.To, Game: g, Side: r.Side,
		TimeControl: r.TimeControl, Lang: r.Lang, Target: r.Target, Created: r.Created}
}

// Pending lists the open challenges to or from userID in a channel.
func (ch *Book) Pending(platform, channelID, userID string) []sessions.Challenge {
	ch.sync(chanKey{platform, channelID})
	ch.mu.Lock()
	defer ch.mu.Unlock()
	var out []sessions.Challenge
	for _, c := range ch.liveLocked(chanKey{platform, channelID}) {
		if c.To.ID == userID || c.From.ID == userID || c.Open() {
			out = append(out, c)
		}
	}
	return out
}

// Named finds the one challenge from fromID made at created (its
// millisecond, as a button or a link names it) in any channel of platform:
// a deep link opened in a private chat names a challenge made in a group.
func (ch *Book) Named(platform, fromID string, created int64) (sessions.Challenge, bool) {
	if ch.cfg.Shared {
		recs, err := ch.cfg.Store.Challenges(ch.ctx)
		if _, err = skippedOf(err); err != nil {
			ch.log.Warn("loading the challenges", "err", err)
			return sessions.Challenge{}, false
		}
		for _, r := range recs {
			if r.Platform == platform && r.From.ID == fromID && r.Created.UnixMilli() == created &&
				ch.cfg.Now().Sub(r.Created) <= ch.cfg.ChallengeTTL {
				if g, ok := ch.cfg.Games.Lookup(r.Game); ok {
					return challengeOf(r, g), true
				}
			}
		}
		return sessions.Challenge{}, false
	}
	ch.mu.Lock()
	defer ch.mu.Unlock()
	for key := range ch.byChannel {
		if key.platform != platform {
			continue
		}
		for _, c := range ch.liveLocked(key) {
			if c.From.ID == fromID && c.Created.UnixMilli() == created {
				return c, true
			}
		}
	}
	return sessions.Challenge{}, false
}

// Accept accepts the latest challenge to by (from fromID, if not empty) and
// starts the game, rated, with the challenge's time control; a challenge to
// a match starts the match and its first game.
func (ch *Book) Accept(ctx context.Context, platform, channelID string, by sessions.Player, fromID string) (sessions.Snapshot, sessions.Challenge, error) {
	key := chanKey{platform, channelID}
	c, ok := ch.take(key, by.ID, fromID, true)
	if !ok {
		return sessions.Snapshot{}, sessions.Challenge{}, sessions.ErrNoChallenge
	}
	if c.Open() {
		c.To = by // the first to accept plays
	} else if by.Name != "" {
		c.To.Name = by.Name
	}
	if err := ch.lobby.Playing(platform, channelID, c.From, c.To, c.Game); err != nil {
		return sessions.Snapshot{}, c, err
	}
	var players [2]sessions.Player
	players[c.Side] = c.From
	players[c.Side.Opponent()] = c.To
	if c.Target > 0 {
		snap, _, err := ch.matches.Start(ctx, sessions.MatchGame{Platform: platform, ChannelID: channelID, Players: players,
			Game: c.Game, Target: c.Target, TimeControl: c.TimeControl, Lang: c.Lang})
		return snap, c, err
	}
	snap, err := ch.lobby.StartBetween(ctx, sessions.GameRecord{Platform: platform, ChannelID: channelID, Players: players,
		TimeControl: c.TimeControl, Lang: c.Lang, Rated: true}, c.Game)
	return snap, c, err
}

// Decline declines the latest challenge to userID (from fromID, if not empty).
func (ch *Book) Decline(ctx context.Context, platform, channelID, userID, fromID string) (sessions.Challenge, error) {
	c, ok := ch.take(chanKey{platform, channelID}, userID, fromID, false)
	if !ok {
		return sessions.Challenge{}, sessions.ErrNoChallenge
	}
	return c, nil
}
