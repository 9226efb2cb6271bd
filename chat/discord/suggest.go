// suggest.go offers /move autocomplete from the user's live game.

package discord

import (
	"context"

	"oyunbot/chat"
)

// WithMoveSuggestions returns h with autocomplete for /move: suggest lists
// the legal moves of the user's most relevant game in the channel that
// start with what they typed (chat/router's Router.SuggestMoves does, for
// Discord's games). Wire it as
//
//	discord.New(cfg, discord.WithMoveSuggestions(router, func(ch, user, prefix string) []string {
//		return router.SuggestMoves(discord.Platform, ch, user, prefix, discord.MaxChoices)
//	}))
func WithMoveSuggestions(h chat.Handler, suggest func(channelID, userID, prefix string) []string) chat.Handler {
	return suggesting{Handler: h, suggest: suggest}
}

type suggesting struct {
	chat.Handler
	suggest func(channelID, userID, prefix string) []string
}

// SuggestMoves implements MoveSuggester.
func (s suggesting) SuggestMoves(_ context.Context, channelID, userID, prefix string) []string {
	return s.suggest(channelID, userID, prefix)
}
