package sessions

// challenges.go: invitations to games between two people, kept in memory
// and written through to the store, so a restart keeps them.

import (
	"context"
	"fmt"
	"slices"

	"oyunbot/ai"
	"oyunbot/games"
)

// Challenge invites c.To to a game; it replaces an earlier challenge between
// the same two people in the channel. A challenge to Anyone (To.ID) is
// open: anyone in the channel but its sender may accept it, and the first
// who does plays; it replaces its sender's earlier open challenge.
func (m *Manager) Challenge(ctx context.Context, c Challenge) error {
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
	if l := m.pairGame(key, c.From, c.To, c.Game); l != nil && !c.Open() {
		l.mu.Lock()
		defer l.mu.Unlock()
		return &PlayingError{Game: l.snapshot()}
	}
	if c.Side != ai.Second {
		c.Side = ai.First
	}
	c.Created = storedTime(m.cfg.Now())
	if err := m.cfg.Store.SaveChallenge(ctx, challengeRecord(c)); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	list := m.liveChallengesLocked(key)
	list = slices.DeleteFunc(list, func(o Challenge) bool {
		return (o.From.ID == c.From.ID && o.To.ID == c.To.ID) || (o.From.ID == c.To.ID && o.To.ID == c.From.ID)
	})
	m.challenges[key] = append(list, c)
	return nil
}

func challengeRecord(c Challenge) ChallengeRecord {
	return ChallengeRecord{Platform: c.Platform, ChannelID: c.ChannelID, From: c.From, To: c.To, Game: c.Game.Name(),
		Side: c.Side, TimeControl: c.TimeControl, Lang: c.Lang, Target: c.Target, Created: c.Created}
}

// restoreChallenges loads the stored challenges that have not expired.
// Rows that cannot be read are skipped and kept, even expired ones: a
// human may want to see what went wrong.
func (m *Manager) restoreChallenges() error {
	recs, err := m.cfg.Store.Challenges(m.ctx)
	skipped, err := skippedOf(err)
	if err != nil {
		return fmt.Errorf("sessions: restore challenges: %w", err)
	}
	m.skipped = append(m.skipped, skipped...)
	now := m.cfg.Now()
	for _, r := range recs {
		g, ok := m.cfg.Games.Lookup(r.Game)
		if !ok || now.Sub(r.Created) > m.cfg.ChallengeTTL {
			m.forgetChallenge(r.Platform, r.ChannelID, r.From.ID, r.To.ID)
			continue
		}
		key := chanKey{r.Platform, r.ChannelID}
		m.challenges[key] = append(m.challenges[key], challengeOf(r, g))
	}
	return nil
}

// forgetChallenge deletes a stored challenge; a failure is logged (the
// challenge then comes back after a restart until it expires).
func (m *Manager) forgetChallenge(platform, channelID, fromID, toID string) {
	if err := m.cfg.Store.DeleteChallenge(m.ctx, platform, channelID, fromID, toID); err != nil {
		m.log.Error("deleting a challenge", "err", err)
	}
}

// liveChallengesLocked drops expired challenges; m.mu must be held.
func (m *Manager) liveChallengesLocked(key chanKey) []Challenge {
	now := m.cfg.Now()
	var expired []Challenge
	list := slices.DeleteFunc(m.challenges[key], func(c Challenge) bool {
		if now.Sub(c.Created) > m.cfg.ChallengeTTL {
			expired = append(expired, c)
			return true
		}
		return false
	})
	for _, c := range expired {
		m.forgetChallenge(c.Platform, c.ChannelID, c.From.ID, c.To.ID)
	}
	if len(list) == 0 {
		delete(m.challenges, key)
		return nil
	}
	m.challenges[key] = list
	return list
}

// Open reports whether c is an open challenge (to Anyone).
func (c Challenge) Open() bool { return c.To.ID == Anyone }

// takeChallenge removes and returns the latest challenge to userID (from
// fromID if not empty); open: an open challenge of someone else's counts.
func (m *Manager) takeChallenge(key chanKey, userID, fromID string, open bool) (Challenge, bool) {
	m.syncChallenges(key)
	m.mu.Lock()
	defer m.mu.Unlock()
	list := m.liveChallengesLocked(key)
	for i := len(list) - 1; i >= 0; i-- {
		c := list[i]
		to := c.To.ID == userID || (open && c.Open() && c.From.ID != userID)
		if to && (fromID == "" || c.From.ID == fromID) {
			m.challenges[key] = slices.Delete(list, i, i+1)
			if m.cfg.Shared {
				// Of two processes answering it, the one that takes it
				// from the store starts the game.
				ok, err := m.cfg.Store.TakeChallenge(m.ctx, c.Platform, c.ChannelID, c.From.ID, c.To.ID, c.Created)
				if err != nil {
					m.log.Error("taking a challenge", "err", err)
				}
				return c, ok
			}
			m.forgetChallenge(c.Platform, c.ChannelID, c.From.ID, c.To.ID)
			return c, true
		}
	}
	return Challenge{}, false
}

// syncChallenges replaces the channel's challenges held by the stored ones
// in the shared mode (made, answered or withdrawn through any process).
func (m *Manager) syncChallenges(key chanKey) {
	if !m.cfg.Shared {
		return
	}
	recs, err := m.cfg.Store.Challenges(m.ctx)
	if _, err = skippedOf(err); err != nil {
		m.log.Warn("loading the challenges", "err", err)
		return
	}
	var list []Challenge
	for _, r := range recs {
		g, ok := m.cfg.Games.Lookup(r.Game)
		if !ok || r.Platform != key.platform || r.ChannelID != key.channel {
			continue
		}
		list = append(list, challengeOf(r, g))
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(list) == 0 {
		delete(m.challenges, key)
		return
	}
	m.challenges[key] = list
}

// challengeOf is a stored challenge of game g.
func challengeOf(r ChallengeRecord, g games.Game) Challenge {
	return Challenge{Platform: r.Platform, ChannelID: r.ChannelID, From: r.From, To: r.To, Game: g, Side: r.Side,
		TimeControl: r.TimeControl, Lang: r.Lang, Target: r.Target, Created: r.Created}
}

// Challenges lists the open challenges to or from userID in a channel.
func (m *Manager) Challenges(platform, channelID, userID string) []Challenge {
	m.syncChallenges(chanKey{platform, channelID})
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Challenge
	for _, c := range m.liveChallengesLocked(chanKey{platform, channelID}) {
		if c.To.ID == userID || c.From.ID == userID || c.Open() {
			out = append(out, c)
		}
	}
	return out
}

// Accept accepts the latest challenge to by (from fromID, if not empty) and
// starts the game, rated, with the challenge's time control; a challenge to
// a match starts the match and its first game.
func (m *Manager) Accept(ctx context.Context, platform, channelID string, by Player, fromID string) (Snapshot, Challenge, error) {
	key := chanKey{platform, channelID}
	c, ok := m.takeChallenge(key, by.ID, fromID, true)
	if !ok {
		return Snapshot{}, Challenge{}, ErrNoChallenge
	}
	if c.Open() {
		c.To = by // the first to accept plays
	} else if by.Name != "" {
		c.To.Name = by.Name
	}
	if l := m.pairGame(key, c.From, c.To, c.Game); l != nil {
		l.mu.Lock()
		defer l.mu.Unlock()
		return Snapshot{}, c, &PlayingError{Game: l.snapshot()}
	}
	var players [2]Player
	players[c.Side] = c.From
	players[c.Side.Opponent()] = c.To
	if c.Target > 0 {
		snap, _, err := m.StartMatch(ctx, MatchGame{Platform: platform, ChannelID: channelID, Players: players,
			Game: c.Game, Target: c.Target, TimeControl: c.TimeControl, Lang: c.Lang})
		return snap, c, err
	}
	snap, err := m.create(ctx, GameRecord{Platform: platform, ChannelID: channelID, Players: players,
		TimeControl: c.TimeControl, Lang: c.Lang, Rated: true}, c.Game, "")
	return snap, c, err
}

// Decline declines the latest challenge to userID (from fromID, if not empty).
func (m *Manager) Decline(ctx context.Context, platform, channelID, userID, fromID string) (Challenge, error) {
	c, ok := m.takeChallenge(chanKey{platform, channelID}, userID, fromID, false)
	if !ok {
		return Challenge{}, ErrNoChallenge
	}
	return c, nil
}
