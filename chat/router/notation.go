package router

// notation.go reads and shows moves in a person's letters, for games whose
// notation differs by language (games.LocalNotation: chess's Turkish piece
// letters A, F, K, V, Ş), and numbers a history from its start's move
// number (games.MoveNumberer).

import (
	"sync"

	"oyunbot/games"
	"oyunbot/sessions"
)

// letterNotes remembers, by game id, the letters of the last typed move
// that told (games.LocalNotation's "tr" or "en"): replies in that language
// show the game's moves in them. Kept in memory: after a restart a game's
// moves are shown canonically until its player types letters again.
type letterNotes struct {
	mu    sync.Mutex
	games map[int64]string
}

func (n *letterNotes) note(id int64, letters string) {
	if letters == "" {
		return
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.games == nil {
		n.games = map[int64]string{}
	}
	n.games[id] = letters
}

func (n *letterNotes) of(id int64) string {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.games[id]
}

// readMove is text as game s reads it from a person writing lang, and the
// letters it was written in ("" when the game has one notation). A move
// the bot wrote itself (a tapped move, q.canonical) is read as it is.
func (q *request) readMove(s sessions.Snapshot, text string) (move, letters string) {
	ln, ok := s.Position.(games.LocalNotation)
	if !ok || q.canonical {
		return text, ""
	}
	return ln.ReadMove(text, string(q.lang))
}
