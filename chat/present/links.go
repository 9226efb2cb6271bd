package present

// links.go: the web pages' addresses in replies (chat/web): a game's
// "Watch" button, a tournament's and a player's page.

import (
	"context"
	"oyunbot/chat"
	"oyunbot/sessions"
)

// Linker makes the addresses of the web pages that replies link to (the
// web's public address and a page's unguessable token); each returns ""
// when the page cannot be linked now (the store did not answer).
type Linker interface {
	GameURL(ctx context.Context, s sessions.Snapshot) string
	TournamentURL(ctx context.Context, v sessions.TournamentView) string
	PlayerURL(ctx context.Context, platform, playerID string) string
	ChannelURL(ctx context.Context, platform, channelID string) string
	LeaderboardURL(ctx context.Context, platform, game string) string
	// LoginURL is a personal link signing a browser in as the person, to
	// play their games on the pages; Logout makes every such link and
	// sign-in of theirs name nobody.
	LoginURL(ctx context.Context, platform, userID string) string
	Logout(ctx context.Context, platform, userID string) error
}

// Links is the Linker of the web pages, nil when the web is off.
func (r *Presenter) Links() Linker { return r.cfg.Links }

// addWatch adds game s's "Watch" link to rep's last row of buttons (the
// actions', which have room: Discord's five rows are the menus' too), or
// as a row of its own.
func (r *Presenter) addWatch(lang chat.Lang, s sessions.Snapshot, rep *chat.Reply) {
	if r.cfg.Links == nil || r.ctx == nil {
		return // not In a context: the link's token is not read
	}
	url := r.cfg.Links.GameURL(r.ctx, s)
	if url == "" {
		return
	}
	rep.Buttons = WithLink(rep.Buttons, chat.Button{Label: r.cat.T(lang, "button.watch"), URL: url, App: true})
}

// maxRowButtons is the buttons a row takes on every platform (Discord's
// five).
const maxRowButtons = 5

// WithLink adds link to the last row of rows when it has room, else as a
// row of its own.
func WithLink(rows [][]chat.Button, link chat.Button) [][]chat.Button {
	if n := len(rows); n > 0 && len(rows[n-1]) < maxRowButtons {
		last := append(append([]chat.Button{}, rows[n-1]...), link)
		return append(rows[:n-1:n-1], last)
	}
	return append(rows, []chat.Button{link})
}
