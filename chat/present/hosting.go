package present

import (
	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/games"
	"oyunbot/sessions"
	"slices"
	"strings"
	"unicode"
)

// hostGames reads the hosting of every registered game once: a Host may
// be built anew at each call.
func hostGames(reg *games.Registry) map[string]games.Host {
	out := map[string]games.Host{}
	for _, g := range reg.Games() {
		out[g.Name()] = games.HostOf(g)
	}
	return out
}

// Host is g's hosting (a game the registry does not know gets its own
// Host, or games.DefaultHost).
func (r *Presenter) Host(g games.Game) games.Host {
	if h, ok := r.hosts[g.Name()]; ok {
		return h
	}
	return games.HostOf(g)
}

// Duel reports whether g is played by two people (or a person and the bot).
func Duel(g games.Game) bool { return g.Players() == 2 }

// GameNames lists the names people type of the registered games that keep
// (all when keep is nil), as "dama, tictactoe".
func (r *Presenter) GameNames(lang chat.Lang, keep func(games.Game) bool) string {
	var names []string
	for _, g := range r.cfg.Games.Games() {
		if keep == nil || keep(g) {
			names = append(names, r.TypedName(lang, g))
		}
	}
	return strings.Join(names, ", ")
}

// TypedName is the word people type for g in lang: in Turkish its Turkish
// name where that is one of its names ("satranç", "xox", "işlem"), else
// its canonical name, which is English ("chess", "puzzle8").
func (r *Presenter) TypedName(lang chat.Lang, g games.Game) string {
	if lang != chat.Turkish {
		return g.Name()
	}
	name, ok := r.cat.Game(lang, g, "name")
	if !ok {
		return g.Name()
	}
	// The whole name in one word ("satranç", "8taş"), else its first word
	// where that names the game ("İtalyan daması": "italyan").
	lower := strings.ToLowerSpecial(unicode.TurkishCase, name)
	for _, w := range []string{strings.ReplaceAll(lower, " ", ""), strings.Fields(lower + " ")[0]} {
		if found, ok := r.cfg.Games.Lookup(chat.Fold(w)); ok && found.Name() == g.Name() {
			return w
		}
	}
	return g.Name()
}

// Rated reports whether g's games can be Rated: two Players, and the game
// does not say otherwise.
func (r *Presenter) Rated(g games.Game) bool { return Duel(g) && !r.Host(g).Policy.Unrated }

// titles lists the registered games' display names in lang: "Dama ve XOX".
func (r *Presenter) titles(lang chat.Lang) string {
	var names []string
	for _, g := range r.cfg.Games.Games() {
		names = append(names, r.GameName(lang, g))
	}
	return r.joinList(lang, "list.and", names)
}

// joinList writes items as "a, b ve c" (key list.and) or "a, b ya da c"
// (list.or).
func (r *Presenter) joinList(lang chat.Lang, key string, items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	n := len(items) - 1
	return r.cat.T(lang, key, "list", strings.Join(items[:n], ", "), "last", items[n])
}

// sideWordOf is the word that chooses side of g, as help shows it: its
// display name in lower case when people may type that, else its first
// word.
func (r *Presenter) sideWordOf(lang chat.Lang, g games.Game, side ai.Side) string {
	h := r.Host(g)
	name := strings.ToLower(r.SideName(lang, g, side))
	if s, ok := SideOf(h, name); ok && s == side {
		return name
	}
	if int(side) < len(h.Sides) && len(h.Sides[side].Words) > 0 {
		return h.Sides[side].Words[0]
	}
	return name
}

// sideWords lists, without repeats, the words choosing side in the games
// played against someone.
func (r *Presenter) sideWords(lang chat.Lang, side ai.Side) []string {
	var out []string
	for _, g := range r.cfg.Games.Games() {
		if w := r.sideWordOf(lang, g, side); Duel(g) && w != "" && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// exampleGame is the game examples name: the first (by name) played
// against someone, else the first. Nil only for an empty registry.
func (r *Presenter) exampleGame() games.Game {
	all := r.cfg.Games.Games()
	for _, g := range all {
		if Duel(g) {
			return g
		}
	}
	if len(all) > 0 {
		return all[0]
	}
	return nil
}

// ExampleName is exampleGame's name in lang ("" for none).
func (r *Presenter) ExampleName(lang chat.Lang) string {
	if g := r.exampleGame(); g != nil {
		return r.TypedName(lang, g)
	}
	return ""
}

// PlayExample is a full example of play's words: "dama orta siyah".
func (r *Presenter) PlayExample(lang chat.Lang) string {
	return r.PlayExampleOf(lang, r.exampleGame())
}

// PlayExampleOf is PlayExample for game g ("dama orta siyah"); "" for nil.
func (r *Presenter) PlayExampleOf(lang chat.Lang, g games.Game) string {
	if g == nil {
		return ""
	}
	parts := []string{r.TypedName(lang, g), r.LevelName(lang, sessions.DefaultLevel)}
	if Duel(g) {
		parts = append(parts, r.sideWordOf(lang, g, ai.Second))
	}
	return strings.Join(parts, " ")
}

// notations is how every game's moves are typed, a line each, after its
// name: "Dama: c3-c4, …\nXOX: a1…c3 …" (the short notation of games that
// have one: "help <game>" has the whole lesson).
func (r *Presenter) notations(lang chat.Lang) string {
	var parts []string
	for _, g := range r.cfg.Games.Games() {
		help, ok := r.cat.Game(lang, g, "notation")
		if !ok {
			help, ok = r.cat.Game(lang, g, "help")
		}
		if ok {
			parts = append(parts, r.GameName(lang, g)+": "+help)
		}
	}
	return strings.Join(parts, "\n")
}

// HelpArgs are the placeholder values of the help texts, from the registry.
func (r *Presenter) HelpArgs(lang chat.Lang) []string {
	first, second := r.sideWords(lang, ai.First), r.sideWords(lang, ai.Second)
	var sides []string
	for _, g := range r.cfg.Games.Games() {
		for side := ai.First; Duel(g) && side <= ai.Second; side++ {
			if w := r.sideWordOf(lang, g, side); w != "" && !slices.Contains(sides, w) {
				sides = append(sides, w)
			}
		}
	}
	return []string{
		"bot", r.cfg.BotName,
		"games", r.GameNames(lang, nil),
		"duels", r.GameNames(lang, Duel),
		"titles", r.titles(lang),
		"levels", r.LevelNames(lang, nil),
		"sides", strings.Join(sides, "|"),
		"first", strings.Join(first, " / "),
		"second", r.joinList(lang, "list.or", second),
		"notations", r.notations(lang),
		"game", r.ExampleName(lang),
	}
}

// moveButtons are the move Buttons of a position that lays its moves out
// (games.MoveButtoner), each naming its game ("move #g7 b2"), labelled in
// lang where the position says how (games.MoveLabeler).
func (r *Presenter) moveButtons(lang chat.Lang, s sessions.Snapshot) [][]chat.Button {
	can := s.Can()
	mb := can.MoveButtoner
	if mb == nil {
		return nil
	}
	ml, labels := can.MoveLabeler, can.MoveLabeler != nil
	var rows [][]chat.Button
	for _, texts := range mb.MoveButtons() {
		var row []chat.Button
		for _, mv := range texts {
			label := mv
			if labels {
				label = ml.MoveLabel(string(lang), mv)
			}
			row = append(row, chat.Button{Label: label, Data: TruncData(command.Move + " #" + s.Tag() + " " + mv)})
		}
		if len(row) > 0 {
			rows = append(rows, row)
		}
	}
	return rows
}

// GameHelp is "help <game>" (the game's rules and notation, its levels and
// its own commands) and "help <word>" for a word of a game's own command.
func (r *Presenter) GameHelp(lang chat.Lang, word string) (string, bool) {
	w := strings.TrimLeft(word, "/!")
	if g, ok := r.cfg.Games.Lookup(w); ok {
		var b strings.Builder
		b.WriteString(r.GameName(lang, g))
		if help, ok := r.cat.Game(lang, g, "help"); ok {
			b.WriteString(": " + help)
		} else if n, ok := r.cat.Game(lang, g, "notation"); ok {
			b.WriteString(": " + n)
		}
		if g.Players() == 2 {
			b.WriteString("\n" + r.cat.T(lang, "help.game-levels", "levels", r.LevelNames(lang, g)))
		}
		for _, c := range games.CommandsOf(g) {
			if line, ok := r.cat.Game(lang, g, "cmd."+c.Key); ok {
				b.WriteString("\n" + line)
			}
		}
		return b.String(), true
	}
	folded := chat.Fold(w)
	if _, general := command.Lookup(folded); general {
		return "", false
	}
	var lines []string
	for _, g := range r.gameWords[folded] {
		c, _ := GameCommandOf(g, folded)
		if line, ok := r.cat.Game(lang, g, "cmd."+c.Key); ok {
			lines = append(lines, r.GameName(lang, g)+": "+line)
		}
	}
	return strings.Join(lines, "\n"), len(lines) > 0
}

// SideOf is h.SideByWord, also for w written with Turkish letters as
// their ASCII base letters.
func SideOf(h games.Host, w string) (ai.Side, bool) {
	if s, ok := h.SideByWord(w); ok {
		return s, true
	}
	return h.SideByWord(chat.Fold(w))
}
