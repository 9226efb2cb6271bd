package sessions

// challenges.go: invitations to games between two people, kept in memory
// and written through to the store, so a restart keeps them.

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"oyunbot/ai"
	"oyunbot/games"
)

// Challenges (Manager.Challenges) keeps the open challenges, written
// through to the store. Its lock guards them; no other lock is taken under
// it (the store is called under it: the in-memory list and the stored one
// change together).
type Challenges struct {
	*env
	lobby   *Lobby
	matches MatchRunner

	mu        sync.Mutex
	byChannel map[chanKey][]Challenge
}

// Issue invites c.To to a game; it replaces an earlier challenge between
// the same two people in the channel. A challenge to Anyone (To.ID) is
// open: anyone in the channel but its sender may accept it, and the first
// who does plays; it replaces its sender's earlier open challenge.
func (ch *Challenges) Issue(ctx context.Context, c Challenge) error {
	if c.From.ID == c.To.ID || c.From.ID == Anyone {
		return ErrSelfChallenge
	}
	if c.Game.Players() < 2 {
		return ErrOnePlayerGame
	}
	if c.Target < 0 || c.Target > MaxMatchTarget {
		return ErrMatchTarget
	}
	key := chanKey{c.Platform, c.ChannelID}
	if err := ch.lobby.playing(key, c.From, c.To, c.Game); err != nil && !c.Open() {
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
	list = slices.DeleteFunc(list, func(o Challenge) bool {
		return (o.From.ID == c.From.ID && o.To.ID == c.To.ID) || (o.From.ID == c.To.ID && o.To.ID == c.From.ID)
	})
	ch.byChannel[key] = append(list, c)
	return nil
}

func challengeRecord(c Challenge) ChallengeRecord {
	return ChallengeRecord{Platform: c.Platform, ChannelID: c.ChannelID, From: c.From, To: c.To, Game: c.Game.Name(),
		Side: c.Side, TimeControl: c.TimeControl, Lang: c.Lang, Target: c.Target, Created: c.Created}
}

// restore loads the stored challenges that have not expired (at
// start-up). Rows that cannot be read are skipped, returned and kept, even
// expired ones: a human may want to see what went wrong.
func (ch *Challenges) restore() ([]SkippedRow, error) {
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

// forget deletes a stored challenge; a failure is logged (the
// challenge then comes back after a restart until it expires).
func (ch *Challenges) forget(platform, channelID, fromID, toID string) {
	if err := ch.cfg.Store.DeleteChallenge(ch.ctx, platform, channelID, fromID, toID); err != nil {
		ch.log.Error("deleting a challenge", "err", err)
	}
}

// liveLocked drops expired challenges; ch.mu must be held.
func (ch *Challenges) liveLocked(key chanKey) []Challenge {
	now := ch.cfg.Now()
	var expired []Challenge
	list := slices.DeleteFunc(ch.byChannel[key], func(c Challenge) bool {
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

// Open reports whether c is an open challenge (to Anyone).
func (c Challenge) Open() bool { return c.To.ID == Anyone }

// take removes and returns the latest challenge to userID (from
// fromID if not empty); open: an open challenge of someone else's counts.
func (ch *Challenges) take(key chanKey, userID, fromID string, open bool) (Challenge, bool) {
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
	return Challenge{}, false
}

// sync replaces the channel's challenges held by the stored ones
// in the shared mode (made, answered or withdrawn through any process).
func (ch *Challenges) sync(key chanKey) {
	if !ch.cfg.Shared {
		return
	}
	recs, err := ch.cfg.Store.Challenges(ch.ctx)
	if _, err = skippedOf(err); err != nil {
		ch.log.Warn("loading the challenges", "err", err)
		return
	}
	var list []Challenge
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
func challengeOf(r ChallengeRecord, g games.Game) Challenge {
	return Challenge{Platform: r.Platform, ChannelID: r.ChannelID, From: r.From, To: r.To, Game: g, Side: r.Side,
		TimeControl: r.TimeControl, Lang: r.Lang, Target: r.Target, Created: r.Created}
}

// Pending lists the open challenges to or from userID in a channel.
func (ch *Challenges) Pending(platform, channelID, userID string) []Challenge {
	ch.sync(chanKey{platform, channelID})
	ch.mu.Lock()
	defer ch.mu.Unlock()
	var out []Challenge
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
func (ch *Challenges) Named(platform, fromID string, created int64) (Challenge, bool) {
	if ch.cfg.Shared {
		recs, err := ch.cfg.Store.Challenges(ch.ctx)
		if _, err = skippedOf(err); err != nil {
			ch.log.Warn("loading the challenges", "err", err)
			return Challenge{}, false
		}
		for _, r := range recs {
			if r.Platform == platform && r.From.ID == fromID && r.Created.UnixMilli() == created &&
				ch.cfg.Now().Sub(r.Created) <= ch.cfg.ChallengeTTL {
				if g, ok := ch.cfg.Games.Lookup(r.Game); ok {
					return challengeOf(r, g), true
				}
			}
		}
		return Challenge{}, false
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
	return Challenge{}, false
}

// Accept accepts the latest challenge to by (from fromID, if not empty) and
// starts the game, rated, with the challenge's time control; a challenge to
// a match starts the match and its first game.
func (ch *Challenges) Accept(ctx context.Context, platform, channelID string, by Player, fromID string) (Snapshot, Challenge, error) {
	key := chanKey{platform, channelID}
	c, ok := ch.take(key, by.ID, fromID, true)
	if !ok {
		return Snapshot{}, Challenge{}, ErrNoChallenge
	}
	if c.Open() {
		c.To = by // the first to accept plays
	} else if by.Name != "" {
		c.To.Name = by.Name
	}
	if err := ch.lobby.playing(key, c.From, c.To, c.Game); err != nil {
		return Snapshot{}, c, err
	}
	var players [2]Player
	players[c.Side] = c.From
	players[c.Side.Opponent()] = c.To
	if c.Target > 0 {
		snap, _, err := ch.matches.Start(ctx, MatchGame{Platform: platform, ChannelID: channelID, Players: players,
			Game: c.Game, Target: c.Target, TimeControl: c.TimeControl, Lang: c.Lang})
		return snap, c, err
	}
	snap, err := ch.lobby.create(ctx, GameRecord{Platform: platform, ChannelID: channelID, Players: players,
		TimeControl: c.TimeControl, Lang: c.Lang, Rated: true}, c.Game, "")
	return snap, c, err
}

// Decline declines the latest challenge to userID (from fromID, if not empty).
func (ch *Challenges) Decline(ctx context.Context, platform, channelID, userID, fromID string) (Challenge, error) {
	c, ok := ch.take(chanKey{platform, channelID}, userID, fromID, false)
	if !ok {
		return Challenge{}, ErrNoChallenge
	}
	return c, nil
}
