package sessions

// channels.go keeps the channels' settings (language, default level, dice).

import (
	"context"
	"errors"
	"sync"
)

// Channels (Manager.Channels) caches the channels' settings, written
// through to the store. Its lock guards the cache alone (a leaf: no other
// lock is taken under it, and the store is never called under it).
type Channels struct {
	*env

	mu sync.Mutex
	m  map[chanKey]ChannelSettings
}

func newChannels(e *env) *Channels { return &Channels{env: e, m: map[chanKey]ChannelSettings{}} }

// Get returns a channel's settings (zero values when none were saved).
func (c *Channels) Get(ctx context.Context, platform, channelID string) ChannelSettings {
	key := chanKey{platform, channelID}
	if cs, ok := c.cached(key); ok {
		return cs
	}
	cs, err := c.cfg.Store.Channel(ctx, platform, channelID)
	if err != nil && !errors.Is(err, ErrNotFound) {
		c.log.Error("loading channel settings", "platform", platform, "channel", channelID, "err", err)
	}
	cs.Platform, cs.ChannelID = platform, channelID
	c.remember(cs)
	return cs
}

// Set stores a channel's settings.
func (c *Channels) Set(ctx context.Context, cs ChannelSettings) error {
	if err := c.cfg.Store.SaveChannel(ctx, cs); err != nil {
		return err
	}
	c.remember(cs)
	return nil
}

func (c *Channels) cached(key chanKey) (ChannelSettings, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	cs, ok := c.m[key]
	return cs, ok
}

func (c *Channels) remember(cs ChannelSettings) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[chanKey{cs.Platform, cs.ChannelID}] = cs
}
