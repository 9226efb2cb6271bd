package present

import (
	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/sessions"
)

// ShowMove writes canonical move text of game s as its replies in lang
// show it: in lang's letters when the game's player typed them, else so
// that it reads back in lang as the same move (chess's king as Ş in
// Turkish, where K is the rook): a move copied from a reply plays that
// move, as does a button carrying it.
func (r *Presenter) ShowMove(lang chat.Lang, s sessions.Snapshot, move string) string {
	if ln, ok := s.Position.(games.LocalNotation); ok {
		return ln.WriteMove(move, string(lang), r.letters(s) == string(lang))
	}
	return move
}

// ShowMoves is ShowMove of every move of s's history.
func (r *Presenter) ShowMoves(lang chat.Lang, s sessions.Snapshot) []string {
	return r.showAll(lang, s, s.Moves)
}

// ShowLegal is ShowMove of every legal move of s.
func (r *Presenter) ShowLegal(lang chat.Lang, s sessions.Snapshot) []string {
	return r.showAll(lang, s, s.Legal)
}

func (r *Presenter) showAll(lang chat.Lang, s sessions.Snapshot, moves []string) []string {
	if _, ok := s.Position.(games.LocalNotation); !ok {
		return moves
	}
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = r.ShowMove(lang, s, m)
	}
	return out
}

// FirstMoveNumber is the number history gives s's first move: its custom
// start's (games.MoveNumberer: a FEN's move number), else 1.
func FirstMoveNumber(s sessions.Snapshot) int {
	if mn, ok := s.Game.(games.MoveNumberer); ok && s.Start != "" {
		return max(mn.FirstMoveNumber(s.Start), 1)
	}
	return 1
}
