package islem

// host.go describes the game to the bot: its name, sides, levels and
// everything it says about itself in Turkish and English.

import (
	"time"

	"oyunbot/ai"
	"oyunbot/games"
)

// Game is İşlem.
type Game struct{}

var (
	_ games.Game      = Game{}
	_ games.Hosted    = Game{}
	_ games.Commander = Game{}
)

// Name implements games.Game.
func (Game) Name() string { return "islem" }

// Aliases implements games.Game.
func (Game) Aliases() []string { return []string{"işlem", "islem-oyunu"} }

// Start implements games.Game.
func (Game) Start() games.Position { return newStart() }

// Players implements games.Game.
func (Game) Players() int { return 2 }

// SideNames implements games.Game: black moves first, red second (the
// thesis's colours).
func (Game) SideNames() []string { return []string{"black", "red"} }

// Levels are the bot's levels: the thesis's greedy player, then searches
// whose depth counts whole turns (a placement and its captures).
func Levels() []ai.Level {
	return []ai.Level{
		{Name: "seed", Limits: ai.Limits{Depth: 1, Turns: true}, Style: StyleSeed},
		{Name: "easy", Limits: ai.Limits{Depth: 1, Turns: true, Time: 200 * time.Millisecond}, BlunderProb: 0.3, Margin: 100},
		{Name: "medium", Limits: ai.Limits{Depth: 1, Turns: true, Time: 300 * time.Millisecond}},
		{Name: "hard", Limits: ai.Limits{Depth: 2, Turns: true, Time: time.Second}},
		{Name: "master", Limits: ai.Limits{Depth: 3, Turns: true, Time: 2 * time.Second}},
	}
}

// Host implements games.Hosted.
func (Game) Host() games.Host {
	return games.Host{
		Sides: []games.SideInfo{
			{Key: "black", Words: []string{"black", "siyah", "b", "first", "ilk"}},
			{Key: "red", Words: []string{"red", "kırmızı", "kirmizi", "r", "second", "ikinci"}},
		},
		Levels:  Levels(),
		Catalog: catalog(),
		// Self-play between neighbouring levels at their own budgets,
		// medium anchored at 1500 (BENCHMARKS.md, "Bot ladders").
		LevelRatings: map[string]int{"seed": 1250, "easy": 1240, "medium": 1500, "hard": 1760, "master": 1900},
	}
}
