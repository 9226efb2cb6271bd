package chess

import (
	"oyunbot/ai"
	"oyunbot/games"
)

// UCI writes m in long algebraic notation ("e7e8q").
func (p *Position) UCI(m ai.Move) string { return MoveOf(m).UCI() }

// FormatMove writes m (temporary: UCI).
func (p *Position) FormatMove(m ai.Move) string { return MoveOf(m).UCI() }

// ParseMove reads a move (temporary: UCI).
func (p *Position) ParseMove(s string) (ai.Move, error) {
	for _, m := range p.Moves(nil) {
		if MoveOf(m).UCI() == s {
			return m, nil
		}
	}
	return ai.NoMove, &games.MoveError{Kind: games.Illegal, Input: s, Reason: "illegal"}
}
