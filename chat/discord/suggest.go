// suggest.go offers /move autocomplete from the live games of sessions.

package discord

import (
	"context"
	"strings"

	"oyunbot/chat"
	"oyunbot/sessions"
)

// GameFinder finds a user's unfinished games in a channel, the most
// relevant first; *sessions.Manager implements it.
type GameFinder interface {
	Find(platform, channelID, userID string) []sessions.Snapshot
}

// WithMoveSuggestions returns h with autocomplete for /move: the legal
// moves of the user's most relevant game in the channel (the one where it
// is their turn) that start with what they typed, ignoring case. Wire it as
//
//	discord.New(cfg, discord.WithMoveSuggestions(router, manager))
func WithMoveSuggestions(h chat.Handler, f GameFinder) chat.Handler {
	return suggesting{Handler: h, f: f}
}

type suggesting struct {
	chat.Handler
	f GameFinder
}

// SuggestMoves implements MoveSuggester.
func (s suggesting) SuggestMoves(_ context.Context, channelID, userID, prefix string) []string {
	found := s.f.Find(Platform, channelID, userID)
	if len(found) == 0 {
		return nil
	}
	g := found[0]
	if p, ok := g.ToMove(); !ok || p.ID != userID || p.Bot {
		return nil
	}
	prefix = strings.ToLower(strings.TrimSpace(prefix))
	var out []string
	for _, mv := range g.Legal {
		if strings.HasPrefix(strings.ToLower(mv), prefix) {
			out = append(out, mv)
			if len(out) == maxChoices {
				break
			}
		}
	}
	return out
}
