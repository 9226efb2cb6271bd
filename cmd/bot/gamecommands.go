package main

import (
	"oyunbot/ai"
	"oyunbot/chat/discord"
	"oyunbot/games"
	"oyunbot/internal/registry"
	"oyunbot/render"
)

// gifSize is the side of an animation's pictures: smaller than a board's,
// so that a whole game stays a small file.
const gifSize = 320

// chartSize is the width of a game command's bar chart.
const chartSize = 640

// chartPNG draws a game command's bar chart.
func chartPNG(c games.Chart) ([]byte, error) { return render.Chart(c, chartSize) }

// discordGameCommands are the games' own commands as /game-command's
// choices: each word once, named with the games that have it (Discord
// allows 25 choices; the rest are still typed as text).
func discordGameCommands() []discord.Choice {
	var out []discord.Choice
	index := map[string]int{}
	for _, g := range registry.Games() {
		en, tr := catalogText(g, "name")
		for _, c := range games.CommandsOf(g) {
			if len(c.Words) == 0 {
				continue
			}
			word := c.Words[0]
			trWord := word
			if len(c.Words) > 1 {
				trWord = c.Words[1]
			}
			if i, ok := index[word]; ok {
				out[i].Name += ", " + en
				out[i].NameTR += ", " + tr
				continue
			}
			if len(out) == 25 {
				return out
			}
			index[word] = len(out)
			out = append(out, discord.Choice{Value: word, Name: word + " — " + en, NameTR: trWord + " — " + tr})
		}
	}
	return out
}

// warmGames lets the games that have work to do before their first game
// (games.Readier: a puzzle's pattern databases) start it in the
// background.
func warmGames() {
	for _, g := range registry.Games() {
		if r := games.CanOf(g, nil).Readier; r != nil {
			r.Ready()
		}
	}
}

// discordLevels are the bot's levels of every game as slash-command
// choices, each once, the standard ones first (named in both languages by
// the adapter when no game names them).
func discordLevels() []discord.Choice {
	var out []discord.Choice
	seen := map[string]bool{}
	add := func(name, en, tr string) {
		if !seen[name] {
			seen[name] = true
			out = append(out, discord.Choice{Value: name, Name: en, NameTR: tr})
		}
	}
	for _, l := range ai.Levels() {
		add(l.Name, l.Name, map[string]string{"easy": "kolay", "medium": "orta", "hard": "zor", "master": "usta"}[l.Name])
	}
	for _, g := range registry.Games() {
		for _, l := range games.HostOf(g).LevelList() {
			en, tr := catalogText(g, "level."+l.Name)
			if en == "" {
				en, tr = l.Name, l.Name
			}
			add(l.Name, en, tr)
		}
	}
	return out
}
