// commands.go defines the slash commands (names, options, choices, Turkish
// localizations) and turns an invoked command back into the text command
// the router understands ("play dama master", "move c3-c4").

package discord

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/bwmarrin/discordgo"

	"oyunbot/chat"
)

// Discord's limits on application commands.
const (
	maxChoices     = 25  // choices per option, autocomplete results
	maxChoiceLen   = 100 // choice name and string value length
	maxOptionValue = 200 // longest option value passed on (runes); moves are short
)

// text in English and Turkish. Discord shows the Turkish one to clients set
// to Turkish (locale "tr"); these strings live here rather than in the chat
// catalogue because Discord needs every language at registration time.
type text struct{ en, tr string }

func (t text) locs() map[discordgo.Locale]string {
	if t.tr == "" {
		return nil
	}
	return map[discordgo.Locale]string{discordgo.Turkish: t.tr}
}

// optSpec is one option of a slash command. Option names are public
// interface (users type "game:" and "level:") and are not localized.
type optSpec struct {
	name         string
	typ          discordgo.ApplicationCommandOptionType
	desc         text
	required     bool
	autocomplete bool
	choices      []choice
}

type choice struct {
	value string
	name  text
}

// cmdSpec is one slash command.
type cmdSpec struct {
	name string // the router's English command word, also the slash name
	tr   string // Turkish name (the router's Turkish command word)
	desc text
	opts []optSpec
}

// levels are the bot levels, weakest first; their names are the router's.
func levels() []string { return []string{"easy", "medium", "hard", "master"} }

func levelName(l string) text {
	switch l {
	case "easy":
		return text{"easy", "kolay"}
	case "medium":
		return text{"medium", "orta"}
	case "hard":
		return text{"hard", "zor"}
	case "master":
		return text{"master", "usta"}
	}
	return text{l, l}
}

// gameName is the display name of a game we know of; another game shows
// its canonical name.
func gameName(g string) text {
	switch g {
	case "tictactoe":
		return text{"Tic-tac-toe", "XOX"}
	case "dama":
		return text{"Dama (Turkish draughts)", "Dama"}
	case "chess":
		return text{"Chess", "Satranç"}
	case "tavla":
		return text{"Tavla (backgammon)", "Tavla"}
	case "islem":
		return text{"İşlem", "İşlem"}
	case "puzzle8":
		return text{"8-puzzle", "8 bulmaca"}
	}
	return text{g, g}
}

func levelChoices() []choice {
	var cs []choice
	for _, l := range levels() {
		cs = append(cs, choice{l, levelName(l)})
	}
	return cs
}

func gameChoices(games []string) []choice {
	var cs []choice
	for _, g := range games {
		cs = append(cs, choice{g, gameName(g)})
	}
	return cs
}

// specs lists the slash commands, in the order Discord shows them.
func specs(games []string) []cmdSpec {
	gameOpt := optSpec{name: "game", typ: discordgo.ApplicationCommandOptionString, required: true,
		desc: text{"The game", "Oyun"}, choices: gameChoices(games)}
	levelOpt := optSpec{name: "level", typ: discordgo.ApplicationCommandOptionString,
		desc: text{"How strong the bot plays", "Botun gücü"}, choices: levelChoices()}
	return []cmdSpec{
		{name: "play", tr: "oyna", desc: text{"Start a game against the bot", "Bota karşı bir oyun başlat"},
			opts: []optSpec{gameOpt, levelOpt,
				{name: "side", typ: discordgo.ApplicationCommandOptionString,
					desc: text{"Your side (you move first unless you choose the second side)", "Tarafın (ikinci tarafı seçmezsen ilk sen oynarsın)"},
					choices: []choice{
						{"white", text{"white", "beyaz"}}, {"black", text{"black", "siyah"}},
						{"x", text{"x", "x"}}, {"o", text{"o", "o"}},
					}}}},
		{name: "move", tr: "hamle", desc: text{"Make a move", "Hamle yap"},
			opts: []optSpec{{name: "move", typ: discordgo.ApplicationCommandOptionString, required: true,
				autocomplete: true, desc: text{"The move, e.g. c3-c4 or b2", "Hamle, örneğin c3-c4 ya da b2"}}}},
		{name: "board", tr: "tahta", desc: text{"Show the board", "Tahtayı göster"}},
		{name: "hint", tr: "ipucu", desc: text{"Suggest a move", "Hamle öner"}},
		{name: "resign", tr: "pes", desc: text{"Resign the game", "Oyundan çekil"}},
		{name: "draw", tr: "berabere", desc: text{"Offer or accept a draw", "Beraberlik öner ya da kabul et"}},
		{name: "undo", tr: "geri", desc: text{"Take back your last move (against the bot)", "Son hamleni geri al (bota karşı)"}},
		{name: "challenge", tr: "meydan", desc: text{"Challenge someone to a game", "Birine oyun teklif et"},
			opts: []optSpec{
				{name: "user", typ: discordgo.ApplicationCommandOptionUser, required: true,
					desc: text{"Who to play", "Kiminle oynanacak"}},
				gameOpt}},
		{name: "accept", tr: "kabul", desc: text{"Accept a challenge", "Teklifi kabul et"}},
		{name: "decline", tr: "ret", desc: text{"Decline a challenge", "Teklifi reddet"}},
		{name: "history", tr: "hamleler", desc: text{"The moves so far", "Şimdiye kadarki hamleler"}},
		{name: "level", tr: "seviye", desc: text{"Change the bot's level", "Botun seviyesini değiştir"},
			opts: []optSpec{{name: "level", typ: discordgo.ApplicationCommandOptionString, required: true,
				desc: text{"How strong the bot plays", "Botun gücü"}, choices: levelChoices()}}},
		{name: "games", tr: "oyunlar", desc: text{"The games I play", "Oynayabildiğim oyunlar"}},
		{name: "lang", tr: "dil", desc: text{"Reply language", "Yanıt dili"},
			opts: []optSpec{{name: "language", typ: discordgo.ApplicationCommandOptionString,
				desc:    text{"Language", "Dil"},
				choices: []choice{{"tr", text{"Türkçe", "Türkçe"}}, {"en", text{"English", "English"}}}}}},
		{name: "help", tr: "yardım", desc: text{"How to play", "Nasıl oynanır"},
			opts: []optSpec{{name: "command", typ: discordgo.ApplicationCommandOptionString,
				desc: text{"A command to explain", "Açıklanacak komut"}}}},
	}
}

// commands builds the application commands for bulk overwrite.
func commands(games []string) []*discordgo.ApplicationCommand {
	var out []*discordgo.ApplicationCommand
	for _, c := range specs(games) {
		trName := map[discordgo.Locale]string{discordgo.Turkish: c.tr}
		trDesc := c.desc.locs()
		ac := &discordgo.ApplicationCommand{
			Type:                     discordgo.ChatApplicationCommand,
			Name:                     c.name,
			NameLocalizations:        &trName,
			Description:              c.desc.en,
			DescriptionLocalizations: &trDesc,
			Options:                  []*discordgo.ApplicationCommandOption{},
		}
		for _, o := range c.opts {
			ao := &discordgo.ApplicationCommandOption{
				Type:                     o.typ,
				Name:                     o.name,
				Description:              o.desc.en,
				DescriptionLocalizations: o.desc.locs(),
				Required:                 o.required,
				Autocomplete:             o.autocomplete,
			}
			for _, ch := range o.choices {
				ao.Choices = append(ao.Choices, &discordgo.ApplicationCommandOptionChoice{
					Name: ch.name.en, NameLocalizations: ch.name.locs(), Value: ch.value,
				})
			}
			ac.Options = append(ac.Options, ao)
		}
		out = append(out, ac)
	}
	return out
}

// commandText turns an invoked slash command into the equivalent text
// command: its name, then the option values in the declared order ("play
// dama master", "challenge <@123> dama"), with user options in Discord's
// mention form and the mentioned users returned. Unknown commands and
// options pass through (the router explains what it does not know); bad
// values are cleaned, never a panic.
func commandText(d discordgo.ApplicationCommandInteractionData, byName map[string]cmdSpec) (string, []chat.User) {
	parts := []string{cleanValue(d.Name)}
	var mentions []chat.User
	opts := d.Options
	if spec, ok := byName[d.Name]; ok {
		opts = ordered(opts, spec.opts)
	}
	var add func(opts []*discordgo.ApplicationCommandInteractionDataOption)
	add = func(opts []*discordgo.ApplicationCommandInteractionDataOption) {
		for _, o := range opts {
			if o == nil {
				continue
			}
			switch o.Type {
			case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
				parts = append(parts, cleanValue(o.Name))
				add(o.Options)
				continue
			}
			v := optionValue(o)
			if v == "" {
				continue
			}
			if o.Type == discordgo.ApplicationCommandOptionUser || o.Type == discordgo.ApplicationCommandOptionMentionable {
				if isSnowflake(v) {
					mentions = append(mentions, resolvedUser(d.Resolved, v))
					v = "<@" + v + ">"
				}
			}
			parts = append(parts, v)
		}
	}
	add(opts)
	return strings.Join(parts, " "), mentions
}

// ordered returns opts in the order of spec, then any options spec does not
// name, in their given order.
func ordered(opts []*discordgo.ApplicationCommandInteractionDataOption, spec []optSpec) []*discordgo.ApplicationCommandInteractionDataOption {
	out := make([]*discordgo.ApplicationCommandInteractionDataOption, 0, len(opts))
	taken := make([]bool, len(opts))
	for _, s := range spec {
		for i, o := range opts {
			if !taken[i] && o != nil && o.Name == s.name {
				out = append(out, o)
				taken[i] = true
				break
			}
		}
	}
	for i, o := range opts {
		if !taken[i] {
			out = append(out, o)
		}
	}
	return out
}

// optionValue is an option's value as text, whatever JSON type it came as.
func optionValue(o *discordgo.ApplicationCommandInteractionDataOption) string {
	switch v := o.Value.(type) {
	case string:
		return cleanValue(v)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(v)
	}
	return ""
}

// cleanValue folds whitespace runs (newlines included) into single spaces,
// drops other control characters and bounds the length, so that one option
// stays one argument-ish piece of a one-line command.
func cleanValue(s string) string {
	var sb strings.Builder
	space, n := false, 0
	for _, r := range s {
		switch {
		case unicode.IsSpace(r):
			space = sb.Len() > 0
			continue
		case unicode.IsControl(r) || r == unicode.ReplacementChar:
			continue
		}
		if n >= maxOptionValue {
			break
		}
		if space {
			sb.WriteByte(' ')
			space = false
		}
		sb.WriteRune(r)
		n++
	}
	return sb.String()
}

// isSnowflake reports whether s is a Discord id (decimal digits).
func isSnowflake(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func resolvedUser(res *discordgo.ApplicationCommandInteractionDataResolved, id string) chat.User {
	u := chat.User{ID: id}
	if res == nil {
		return u
	}
	var m *discordgo.Member
	if res.Members != nil {
		m = res.Members[id]
	}
	var du *discordgo.User
	if res.Users != nil {
		du = res.Users[id]
	}
	u.Name = displayName(du, m)
	return u
}

// displayName is the name people see: guild nickname, global name, user name.
func displayName(u *discordgo.User, m *discordgo.Member) string {
	if m != nil && m.Nick != "" {
		return m.Nick
	}
	if u == nil && m != nil {
		u = m.User
	}
	if u == nil {
		return ""
	}
	if u.GlobalName != "" {
		return u.GlobalName
	}
	return u.Username
}
