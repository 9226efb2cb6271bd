package router

// notation.go reads and shows moves in a person's letters, for games whose
// notation differs by language (games.LocalNotation: chess's Turkish piece
// letters A, F, K, V, Ş), and numbers a history from its start's move
// number (games.MoveNumberer).

import (
	"sync"

	"oyunbot/chat"
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

// showMove writes canonical move text of game s as its replies in lang
// show it: in lang's letters when the game's player typed them, else so
// that it reads back in lang as the same move (chess's king as Ş in
// Turkish, where K is the rook): a move copied from a reply plays that
// move, as does a button carrying it.
func (r *Router) showMove(lang chat.Lang, s sessions.Snapshot, move string) string {
	if ln, ok := s.Position.(games.LocalNotation); ok {
		return ln.WriteMove(move, string(lang), r.letters.of(s.ID) == string(lang))
	}
	return move
}

// showMoves is showMove of every move of s's history.
func (r *Router) showMoves(lang chat.Lang, s sessions.Snapshot) []string {
	return r.showAll(lang, s, s.Moves)
}

// showLegal is showMove of every legal move of s.
func (r *Router) showLegal(lang chat.Lang, s sessions.Snapshot) []string {
	return r.showAll(lang, s, s.Legal)
}

func (r *Router) showAll(lang chat.Lang, s sessions.Snapshot, moves []string) []string {
	if _, ok := s.Position.(games.LocalNotation); !ok {
		return moves
	}
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = r.showMove(lang, s, m)
	}
	return out
}

// firstMoveNumber is the number history gives s's first move: its custom
// start's (games.MoveNumberer: a FEN's move number), else 1.
func firstMoveNumber(s sessions.Snapshot) int {
	if mn, ok := s.Game.(games.MoveNumberer); ok && s.Start != "" {
		return max(mn.FirstMoveNumber(s.Start), 1)
	}
	return 1
}
