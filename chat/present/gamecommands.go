package present

import (
	"oyunbot/chat"
	"oyunbot/games"
	"slices"
	"strings"
)

// GameCommandWords maps each folded word of a registered game's commands
// to the games that have it.
func GameCommandWords(reg *games.Registry) map[string][]games.Game {
	out := map[string][]games.Game{}
	for _, g := range reg.Games() {
		for _, c := range games.CommandsOf(g) {
			for _, w := range c.Words {
				k := chat.Fold(w)
				if !slices.Contains(out[k], g) {
					out[k] = append(out[k], g)
				}
			}
		}
	}
	return out
}

// GameCommandLangs maps the folded words of the games' commands to the
// language they are written in, read from each command's help line
// ("cmd.<Key>"), which begins with the word in its language ("çöz — …",
// "solve — …"): a word that begins the line of one language alone is that
// language's ("pgn", the same in both, tells none).
func GameCommandLangs(reg *games.Registry) map[string]chat.Lang {
	out := map[string]chat.Lang{}
	both := map[string]bool{}
	for _, g := range reg.Games() {
		cat := games.HostOf(g).Catalog
		for _, c := range games.CommandsOf(g) {
			first := map[chat.Lang]string{}
			for _, l := range []chat.Lang{chat.Turkish, chat.English} {
				line := strings.TrimSpace(cat[string(l)]["cmd."+c.Key])
				if i := strings.IndexFunc(line, func(r rune) bool { return r == ' ' || r == ':' }); i > 0 {
					line = line[:i]
				}
				first[l] = chat.Fold(line)
			}
			for _, w := range c.Words {
				k := chat.Fold(w)
				for _, l := range []chat.Lang{chat.Turkish, chat.English} {
					other := chat.English
					if l == chat.English {
						other = chat.Turkish
					}
					if k == first[l] && k != first[other] {
						if cur, ok := out[k]; ok && cur != l {
							both[k] = true
						}
						out[k] = l
					}
				}
			}
		}
	}
	for k := range both {
		delete(out, k) // two games disagree: no language
	}
	return out
}

// GameCommandOf returns g's command that word (folded) names.
func GameCommandOf(g games.Game, word string) (games.Command, bool) {
	for _, c := range games.CommandsOf(g) {
		for _, w := range c.Words {
			if chat.Fold(w) == word {
				return c, true
			}
		}
	}
	return games.Command{}, false
}
