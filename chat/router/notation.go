package router

// notation.go reads and shows moves in a person's letters, for games whose
// notation differs by language (games.LocalNotation: chess's Turkish piece
// letters A, F, K, V, Ş), and numbers a history from its start's move
// number (games.MoveNumberer).

import (
	"context"

	"oyunbot/chat"
	"oyunbot/chat/present"
	"oyunbot/sessions"
)

// lettersKey is where the letters of game s's typed moves (those that
// told: games.LocalNotation's "tr" or "en") are remembered: with the
// languages people write in (langmemory.go), under the game's channel and
// its tag "#g5", which is no person's id. Stored, so that after a restart
// (or on another process) the game's moves, its bot's and its hints are
// still shown in them, and an ambiguous K still read in them (issue 35.6).
func lettersKey(s sessions.Snapshot) langKey {
	return langKey{s.Platform, s.ChannelID, "#" + s.Tag()}
}

// noteLetters remembers that game s's player wrote a move in letters ("":
// the move told nothing, and what was remembered stays).
func (r *Router) noteLetters(ctx context.Context, s sessions.Snapshot, letters string) {
	if l, ok := chat.ParseLang(letters); ok && letters != "" {
		r.langs.set(ctx, lettersKey(s), l)
	}
}

// recall is what the presentation shows of a game beyond its snapshot
// (present.Recall): the letters its moves are shown in, remembered here,
// and its match, kept by the live games.
type recall struct {
	langs   *langMemory
	matches matchBook
}

// Letters is the letters game s's moves are shown in: those its player
// last wrote a telling move in, "" for the canonical ones.
func (c recall) Letters(ctx context.Context, s sessions.Snapshot) string {
	l, _ := c.langs.get(ctx, lettersKey(s))
	return string(l)
}

// Match is the match with id, as stored.
func (c recall) Match(ctx context.Context, id int64) (sessions.MatchRecord, bool) {
	return c.matches.Get(ctx, id)
}

// show is the presentation answering q: what it reads of the games
// (present.Recall) is read under q's context.
func (q *request) show() *present.Presenter { return q.r.show.In(q.ctx) }

// readMove is text as game s reads it from a person writing lang, and the
// letters it was written in ("" when the game has one notation). A move
// the bot wrote itself (a tapped move, q.canonical) is read as it is.
func (q *request) readMove(s sessions.Snapshot, text string) (move, letters string) {
	ln := s.Can().LocalNotation
	if ln == nil || q.canonical {
		return text, ""
	}
	return ln.ReadMove(text, string(q.lang))
}
