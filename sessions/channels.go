package sessions

// channels.go keeps the channels' settings (language, default level).

import (
	"context"
	"errors"
)

// Channel returns a channel's settings (zero values when none were saved).
func (m *Manager) Channel(ctx context.Context, platform, channelID string) ChannelSettings {
	key := chanKey{platform, channelID}
	m.mu.Lock()
	cs, ok := m.channels[key]
	m.mu.Unlock()
	if ok {
		return cs
	}
	cs, err := m.cfg.Store.Channel(ctx, platform, channelID)
	if err != nil && !errors.Is(err, ErrNotFound) {
		m.log.Error("loading channel settings", "platform", platform, "channel", channelID, "err", err)
	}
	cs.Platform, cs.ChannelID = platform, channelID
	m.mu.Lock()
	m.channels[key] = cs
	m.mu.Unlock()
	return cs
}

// SetChannel stores a channel's settings.
func (m *Manager) SetChannel(ctx context.Context, cs ChannelSettings) error {
	if err := m.cfg.Store.SaveChannel(ctx, cs); err != nil {
		return err
	}
	m.mu.Lock()
	m.channels[chanKey{cs.Platform, cs.ChannelID}] = cs
	m.mu.Unlock()
	return nil
}
