package main

// registry.go gives the adapters the registered games (internal/registry)
// as their choices: Discord's slash-command options of games and sides.

import (
	"oyunbot/chat/discord"
	"oyunbot/games"
	"oyunbot/internal/registry"
)

// catalogText is key of a game's own catalogue in English and Turkish (the
// English for both when the game has no Turkish; "" when none).
func catalogText(g games.Game, key string) (en, tr string) {
	cat := games.HostOf(g).Catalog
	en, tr = cat["en"][key], cat["tr"][key]
	if tr == "" {
		tr = en
	}
	return en, tr
}

// discordGames are the registered games as slash-command choices, with
// their names in English and Turkish; keep filters them.
func discordGames(keep func(games.Game) bool) []discord.Choice {
	var out []discord.Choice
	for _, g := range registry.Games() {
		if keep == nil || keep(g) {
			en, tr := catalogText(g, "name")
			out = append(out, discord.Choice{Value: g.Name(), Name: en, NameTR: tr})
		}
	}
	return out
}

// discordSides are the sides of the games played against someone, as
// /play's side choices: the word that chooses each (its key when people
// may type it), named as its game names it; a side two games share (white
// in dama and chess) is offered once.
func discordSides() []discord.Choice {
	var out []discord.Choice
	seen := map[string]bool{}
	for _, g := range registry.Games() {
		h := games.HostOf(g)
		if g.Players() != 2 {
			continue
		}
		for i, s := range h.Sides {
			word := s.Key
			if side, ok := h.SideByWord(word); (!ok || int(side) != i) && len(s.Words) > 0 {
				word = s.Words[0]
			}
			if seen[word] {
				continue
			}
			seen[word] = true
			en, tr := catalogText(g, "side."+s.Key)
			out = append(out, discord.Choice{Value: word, Name: en, NameTR: tr})
		}
	}
	return out
}

func twoPlayers(g games.Game) bool { return g.Players() == 2 }
