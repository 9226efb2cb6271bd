package router

import "strings"

// SuggestMoves lists up to n legal moves of the user's most relevant game
// in a channel (the one where it is their turn) that start with prefix,
// ignoring case: a platform's autocomplete of a typed move.
func (r *Router) SuggestMoves(platform, channelID, userID, prefix string, n int) []string {
	found := r.games.Find(platform, channelID, userID)
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
			if len(out) == n {
				break
			}
		}
	}
	return out
}
