package tavla

// picture.go is what the board picture reads (render's tavla view): the
// stacks, the last turns' plies and the picture's words, in plain types,
// so that render names no game.

import "oyunbot/ai"

// Stack returns point i's stack (i a board index in White's numbering, 0
// being White's point 1): its side (ai.NoSide: empty), its checkers, and
// whether one checker of the other side lies pinned under it.
func (p *Pos) Stack(i int) (side ai.Side, count int, pinned bool) {
	if i < 0 || i >= points {
		return ai.NoSide, 0, false
	}
	return p.st.owner(i), p.st.count(i), p.st.pinned(i)
}

// LastTurnPlies is LastTurns with each ply as {from, to} (to is Off for a
// checker borne off).
func (p *Pos) LastTurnPlies() (latest ai.Side, plies [2][][2]int) {
	latest, turns := p.LastTurns()
	for s, t := range turns {
		for _, pl := range t {
			plies[s] = append(plies[s], [2]int{pl.From, pl.To})
		}
	}
	return latest, plies
}

// PictureText is the picture's word key in lang: the catalogue's
// "picture.<key>" message with its placeholders filled.
func (p *Pos) PictureText(lang, key string, kv ...string) string {
	return p.text(lang, "picture."+key, kv...)
}
