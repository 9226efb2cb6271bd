package discord

import (
	"image/color"
	"testing"

	"github.com/bwmarrin/discordgo"

	"oyunbot/chat"
)

// BenchmarkCommandText measures turning a slash command into text.
func BenchmarkCommandText(b *testing.B) {
	byName := map[string]cmdSpec{}
	for _, c := range specs(testOffers()) {
		byName[c.name] = c
	}
	d := discordgo.ApplicationCommandInteractionData{Name: "play", Options: []*discordgo.ApplicationCommandInteractionDataOption{
		{Name: "side", Type: discordgo.ApplicationCommandOptionString, Value: "black"},
		{Name: "game", Type: discordgo.ApplicationCommandOptionString, Value: "dama"},
		{Name: "level", Type: discordgo.ApplicationCommandOptionString, Value: "master"},
	}}
	b.ReportAllocs()
	for b.Loop() {
		if text, _ := commandText(d, byName); text != "play dama master black" {
			b.Fatal(text)
		}
	}
}

// BenchmarkCommandTextSub measures a sub-command with its options out of
// order ("/tournament create").
func BenchmarkCommandTextSub(b *testing.B) {
	byName := map[string]cmdSpec{}
	for _, c := range specs(testOffers()) {
		byName[c.name] = c
	}
	S := discordgo.ApplicationCommandOptionString
	d := discordgo.ApplicationCommandInteractionData{Name: "tournament", Options: []*discordgo.ApplicationCommandInteractionDataOption{
		{Name: "create", Type: discordgo.ApplicationCommandOptionSubCommand, Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: "time", Type: S, Value: "5m+3s"},
			{Name: "rounds", Type: discordgo.ApplicationCommandOptionInteger, Value: float64(3)},
			{Name: "game", Type: S, Value: "dama"},
			{Name: "system", Type: S, Value: "swiss"},
		}},
	}}
	b.ReportAllocs()
	for b.Loop() {
		if text, _ := commandText(d, byName); text != "tournament create dama swiss 3 5m+3s" {
			b.Fatal(text)
		}
	}
}

// BenchmarkRenderReply measures laying out a tic-tac-toe board reply
// (attachment, four rows of buttons) as Discord messages.
func BenchmarkRenderReply(b *testing.B) {
	bot := quietBot(b)
	r := chat.Reply{ChannelID: "1", Text: "#g1 Ayşe: b2 · oyunbot: c3\nTo move: Ayşe (X)", Image: testPNG(b, color.White)}
	for _, row := range []string{"3", "2", "1"} {
		var bs []chat.Button
		for _, f := range []string{"a", "b", "c"} {
			bs = append(bs, chat.Button{Label: f + row, Data: "move #g1 " + f + row})
		}
		r.Buttons = append(r.Buttons, bs)
	}
	r.Buttons = append(r.Buttons, []chat.Button{{Label: "Hint", Data: "hint"}, {Label: "Board", Data: "board"}, {Label: "Resign", Data: "resign"}})
	b.ReportAllocs()
	for b.Loop() {
		if parts := bot.render(r); len(parts) != 1 || len(parts[0].components) != 4 {
			b.Fatal(len(parts))
		}
	}
}
