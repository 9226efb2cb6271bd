package present

import (
	"strings"

	"oyunbot/chat"
	"oyunbot/sessions"
)

// ShowMove writes canonical move text of game s as its replies in lang
// show it: in lang's letters when the game's player typed them, else so
// that it reads back in lang as the same move (chess's king as Ş in
// Turkish, where K is the rook): a move copied from a reply plays that
// move, as does a button carrying it. A move that is a word (backgammon's
// cube actions: "double") is the game's catalogue's "move.<word>" in lang
// when it has one ("katla"), a word the game reads back as the same move.
func (r *Presenter) ShowMove(lang chat.Lang, s sessions.Snapshot, move string) string {
	if ln := s.Can().LocalNotation; ln != nil {
		return ln.WriteMove(move, string(lang), r.letters(s) == string(lang))
	}
	if word, ok := r.moveWord(lang, s, move); ok {
		return word
	}
	return move
}

// moveWord is move's word in lang from the game's catalogue ("move.<move>"),
// for moves that are words; ok is false for any other.
func (r *Presenter) moveWord(lang chat.Lang, s sessions.Snapshot, move string) (string, bool) {
	if move == "" || s.Game == nil || strings.ContainsAny(move, " ./{}") {
		return "", false
	}
	return r.cat.Game(lang, s.Game, "move."+move)
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
	if s.Can().LocalNotation == nil && !r.hasMoveWords(lang, s, moves) {
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
	if mn := s.Can().MoveNumberer; mn != nil && s.Start != "" {
		return max(mn.FirstMoveNumber(s.Start), 1)
	}
	return 1
}

// hasMoveWords reports whether any of moves has a word of its own in lang
// (moveWord).
func (r *Presenter) hasMoveWords(lang chat.Lang, s sessions.Snapshot, moves []string) bool {
	for _, m := range moves {
		if _, ok := r.moveWord(lang, s, m); ok {
			return true
		}
	}
	return false
}
