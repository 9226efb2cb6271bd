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

// MaxChoices is the most choices an option, or an autocomplete answer,
// may have.
const MaxChoices = 25

// maxRounds is the most rounds of a Swiss the bot plays (tournament's
// MaxRounds; a test checks they agree).
const maxRounds = 64

// Discord's limits on application commands.
const (
	maxChoices     = MaxChoices
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

// optSpec is one option of a slash command, or one of its sub-commands
// (typ SubCommand, with opts of its own). Option names are public interface
// (users type "game:" and "level:") and are not localized; sub-command
// names are words of the router and are, like command names.
type optSpec struct {
	name         string
	tr           string // Turkish name of a sub-command
	typ          discordgo.ApplicationCommandOptionType
	desc         text
	required     bool
	autocomplete bool
	choices      []choice
	opts         []optSpec // a sub-command's options
	// lead is written before the value in the text command ("bot" for
	// "tournament leave bot easy").
	lead string
	// minValue and maxValue bound an integer option (when maxValue > 0);
	// maxLength bounds a string option (when > 0).
	minValue, maxValue, maxLength int
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
	// bare: the text command starts with the first option's value, not
	// the slash name (/game-command command:pgn is "pgn").
	bare bool
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

func levelChoices() []choice {
	var cs []choice
	for _, l := range levels() {
		cs = append(cs, choice{l, levelName(l)})
	}
	return cs
}

// levelOffers are the level choices offered: the program's (the levels of
// every game, such as a seed document's engine), else the standard four.
func (o offers) levelOffers() []choice {
	if len(o.levels) > 0 {
		return o.levels
	}
	return levelChoices()
}

// Choice is a value a slash-command option offers, with the names clients
// see: a game (its name, its display names) or a side (the word that
// chooses it, its display names). The program builds them from its games
// (Config.Games, Config.Sides).
type Choice struct {
	Value  string // what the router reads
	Name   string // shown to clients in English (and any other language)
	NameTR string // shown to Turkish clients; Name when empty
}

func choices(cs []Choice) []choice {
	var out []choice
	for _, c := range cs {
		name := c.Name
		if name == "" {
			name = c.Value
		}
		out = append(out, choice{c.Value, text{name, c.NameTR}})
	}
	return out
}

// maxTimeControl bounds a time option: "5m+3s", "1d/move" and the like are
// short.
const maxTimeControl = 20

// offers are the choices of the options that name a game or a side.
type offers struct {
	// games are all the games (for /play); duel are those two people play
	// against each other (for /challenge, /tournament, /rating and
	// /leaderboard).
	games, duel []choice
	sides       []choice // /play's side
	// gameCommands are the words of the games' own commands (chess's pgn),
	// offered by /game-command; none: no such slash command.
	gameCommands []choice
	// levels are the bot's levels offered (the standard four when none).
	levels []choice
}

// specs lists the slash commands, in the order Discord shows them.
func specs(o offers) []cmdSpec {
	gameOpt := optSpec{name: "game", typ: discordgo.ApplicationCommandOptionString, required: true,
		desc: text{"The game", "Oyun"}, choices: o.games}
	duelOpt := gameOpt
	duelOpt.choices = o.duel
	levelOpt := optSpec{name: "level", typ: discordgo.ApplicationCommandOptionString,
		desc: text{"How strong the bot plays", "Botun gücü"}, choices: o.levelOffers()}
	timeOpt := optSpec{name: "time", typ: discordgo.ApplicationCommandOptionString, maxLength: maxTimeControl,
		desc: text{"Clock: 10m, 5m+3s (3 s added per move) or 1d/move", "Süre: 10dk, 5dk+3sn (hamle başına 3 sn eklenir) ya da 1g/hamle"}}
	sub := func(name, tr string, desc text, opts ...optSpec) optSpec {
		return optSpec{name: name, tr: tr, typ: discordgo.ApplicationCommandOptionSubCommand, desc: desc, opts: opts}
	}
	out := []cmdSpec{
		{name: "play", tr: "oyna", desc: text{"Start a game against the bot", "Bota karşı bir oyun başlat"},
			opts: []optSpec{gameOpt, levelOpt,
				{name: "side", typ: discordgo.ApplicationCommandOptionString,
					desc:    text{"Your side (you move first unless you choose the second side)", "Tarafın (ikinci tarafı seçmezsen ilk sen oynarsın)"},
					choices: o.sides}}},
		{name: "move", tr: "hamle", desc: text{"Make a move", "Hamle yap"},
			opts: []optSpec{{name: "move", typ: discordgo.ApplicationCommandOptionString, required: true,
				autocomplete: true, desc: text{"The move, as you would type it (suggestions come as you type)", "Hamle, yazacağın gibi (yazarken öneriler çıkar)"}}}},
		{name: "board", tr: "tahta", desc: text{"Show the board", "Tahtayı göster"}},
		{name: "hint", tr: "ipucu", desc: text{"Suggest a move", "Hamle öner"}},
		{name: "resign", tr: "pes", desc: text{"Resign the game", "Oyundan çekil"}},
		{name: "draw", tr: "berabere", desc: text{"Offer or accept a draw", "Beraberlik öner ya da kabul et"}},
		{name: "undo", tr: "geri", desc: text{"Take back your last move (against the bot)", "Son hamleni geri al (bota karşı)"}},
		{name: "challenge", tr: "meydan", desc: text{"Challenge someone to a game", "Birine oyun teklif et"},
			opts: []optSpec{
				duelOpt,
				{name: "user", typ: discordgo.ApplicationCommandOptionUser,
					desc: text{"Who to play (nobody: open to anyone in the channel)", "Kiminle oynanacak (kimse: kanaldaki herkese açık)"}},
				timeOpt}},
		{name: "rematch", tr: "rövanş", desc: text{"Play your finished game again, colours swapped", "Biten oyununu renkler değişik yeniden oyna"}},
		{name: "analyse", tr: "analiz", desc: text{"Your finished game judged move by move, with a graph", "Biten oyunun hamle hamle incelenir, grafiğiyle"}},
		{name: "accept", tr: "kabul", desc: text{"Accept a challenge", "Teklifi kabul et"}},
		{name: "decline", tr: "ret", desc: text{"Decline a challenge", "Teklifi reddet"}},
		{name: "history", tr: "hamleler", desc: text{"The moves so far", "Şimdiye kadarki hamleler"}},
		{name: "level", tr: "seviye", desc: text{"Change the bot's level", "Botun seviyesini değiştir"},
			opts: []optSpec{{name: "level", typ: discordgo.ApplicationCommandOptionString, required: true,
				desc: text{"How strong the bot plays", "Botun gücü"}, choices: o.levelOffers()}}},
		{name: "games", tr: "oyunlar", desc: text{"The games I play", "Oynayabildiğim oyunlar"}},
		{name: "tournament", tr: "turnuva", desc: text{"The channel's tournament", "Kanalın turnuvası"},
			opts: []optSpec{
				sub("create", "oluştur", text{"Open a tournament in this channel", "Bu kanalda turnuva aç"},
					duelOpt,
					optSpec{name: "system", typ: discordgo.ApplicationCommandOptionString,
						desc: text{"Pairing system (Swiss unless chosen)", "Eşleştirme sistemi (seçilmezse İsviçre)"},
						choices: []choice{
							{"swiss", text{"Swiss", "İsviçre"}},
							{"roundrobin", text{"Round robin (everyone meets everyone)", "Lig (herkes herkesle)"}},
							{"double", text{"Double round robin", "Çift devreli lig"}},
						}},
					optSpec{name: "rounds", typ: discordgo.ApplicationCommandOptionInteger, minValue: 1, maxValue: maxRounds,
						desc: text{"Rounds of a Swiss (a round robin's follow from the players)", "İsviçre'de tur sayısı (ligde oyuncu sayısından çıkar)"}},
					timeOpt),
				sub("join", "katıl", text{"Join the tournament", "Turnuvaya katıl"}),
				sub("leave", "ayrıl", text{"Leave the tournament (once started, your games are lost)", "Turnuvadan ayrıl (başladıysa oyunların kaybedilir)"},
					optSpec{name: "bot", typ: discordgo.ApplicationCommandOptionString, lead: "bot", choices: o.levelOffers(),
						desc: text{"Take the bot at this level out instead (organiser)", "Bunun yerine bu seviyedeki botu çıkar (düzenleyen)"}}),
				sub("addbot", "bot-ekle", text{"Enter the bot as a player (organiser)", "Botu oyuncu olarak ekle (düzenleyen)"}, levelOpt),
				sub("start", "başlat", text{"Start the tournament (organiser or admin)", "Turnuvayı başlat (düzenleyen ya da yönetici)"}),
				sub("standings", "sıralama", text{"The standings, as text and a picture", "Puan durumu, yazı ve resim"}),
				sub("pairings", "eşleşmeler", text{"A round's pairings and results", "Bir turun eşleşmeleri ve sonuçları"},
					optSpec{name: "round", typ: discordgo.ApplicationCommandOptionInteger, minValue: 1, maxValue: maxRounds,
						desc: text{"The round (the latest unless given)", "Tur (verilmezse son tur)"}}),
				sub("cancel", "iptal", text{"Cancel the tournament (organiser or admin)", "Turnuvayı iptal et (düzenleyen ya da yönetici)"}),
				sub("info", "bilgi", text{"The tournament's game, format, state and players", "Turnuvanın oyunu, biçimi, durumu ve oyuncuları"}),
			}},
		{name: "rating", tr: "puan", desc: text{"Glicko-2 ratings", "Glicko-2 puanları"},
			opts: []optSpec{
				{name: "game", typ: discordgo.ApplicationCommandOptionString, choices: o.duel,
					desc: text{"One game (all unless chosen)", "Tek oyun (seçilmezse hepsi)"}},
				{name: "user", typ: discordgo.ApplicationCommandOptionUser,
					desc: text{"Whose ratings (yours unless chosen)", "Kimin puanı (seçilmezse seninki)"}}}},
		{name: "leaderboard", tr: "liderler", desc: text{"The best ratings in a game", "Bir oyunda en yüksek puanlar"},
			opts: []optSpec{duelOpt}},
		{name: "lang", tr: "dil", desc: text{"Reply language", "Yanıt dili"},
			opts: []optSpec{{name: "language", typ: discordgo.ApplicationCommandOptionString,
				desc:    text{"Language", "Dil"},
				choices: []choice{{"tr", text{"Türkçe", "Türkçe"}}, {"en", text{"English", "English"}}}}}},
		{name: "help", tr: "yardım", desc: text{"How to play", "Nasıl oynanır"},
			opts: []optSpec{{name: "command", typ: discordgo.ApplicationCommandOptionString,
				desc: text{"A command or a game to explain", "Açıklanacak komut ya da oyun"}}}},
	}
	if len(o.gameCommands) > 0 {
		out = append(out, cmdSpec{name: "game-command", tr: "oyun-komutu", bare: true,
			desc: text{"A command of your game (chess: pgn; puzzles: solve, compare…)", "Oyununun bir komutu (satranç: pgn; bulmacalar: çöz, karşılaştır…)"},
			opts: []optSpec{
				{name: "command", typ: discordgo.ApplicationCommandOptionString, required: true, choices: o.gameCommands,
					desc: text{"The command", "Komut"}},
				{name: "args", typ: discordgo.ApplicationCommandOptionString, maxLength: maxOptionValue,
					desc: text{"What goes after it, if anything", "Ardından gelen, varsa"}}}})
	}
	return out
}

// commands builds the application commands for bulk overwrite.
func commands(specs []cmdSpec) []*discordgo.ApplicationCommand {
	var out []*discordgo.ApplicationCommand
	for _, c := range specs {
		// Every command is offered through both installs of the app, in
		// every context: installed in a guild (the bot is a member there)
		// or by a user, who can then play in any DM or group DM and in
		// guilds the bot is not in, where it answers through interactions
		// alone.
		integrationTypes := []discordgo.ApplicationIntegrationType{
			discordgo.ApplicationIntegrationGuildInstall, discordgo.ApplicationIntegrationUserInstall}
		contexts := []discordgo.InteractionContextType{
			discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM, discordgo.InteractionContextPrivateChannel}
		trName := map[discordgo.Locale]string{discordgo.Turkish: c.tr}
		trDesc := c.desc.locs()
		ac := &discordgo.ApplicationCommand{
			Type:                     discordgo.ChatApplicationCommand,
			Name:                     c.name,
			NameLocalizations:        &trName,
			Description:              c.desc.en,
			DescriptionLocalizations: &trDesc,
			Options:                  []*discordgo.ApplicationCommandOption{},
			IntegrationTypes:         &integrationTypes,
			Contexts:                 &contexts,
		}
		for _, o := range c.opts {
			ac.Options = append(ac.Options, option(o))
		}
		out = append(out, ac)
	}
	return out
}

// option builds one option or sub-command.
func option(o optSpec) *discordgo.ApplicationCommandOption {
	ao := &discordgo.ApplicationCommandOption{
		Type:                     o.typ,
		Name:                     o.name,
		Description:              o.desc.en,
		DescriptionLocalizations: o.desc.locs(),
		Required:                 o.required,
		Autocomplete:             o.autocomplete,
		MaxLength:                o.maxLength,
	}
	if o.tr != "" {
		ao.NameLocalizations = map[discordgo.Locale]string{discordgo.Turkish: o.tr}
	}
	if o.maxValue > 0 {
		lo := float64(o.minValue)
		ao.MinValue, ao.MaxValue = &lo, float64(o.maxValue)
	}
	for _, ch := range o.choices {
		ao.Choices = append(ao.Choices, &discordgo.ApplicationCommandOptionChoice{
			Name: ch.name.en, NameLocalizations: ch.name.locs(), Value: ch.value,
		})
	}
	for _, sub := range o.opts {
		ao.Options = append(ao.Options, option(sub))
	}
	return ao
}

// commandText turns an invoked slash command into the equivalent text
// command: its name, then any sub-command's name, then the option values in
// the declared order ("play dama master", "challenge <@123> dama 5m+3s",
// "tournament create dama swiss 3 10m"), with user options in Discord's
// mention form and the mentioned users returned. Unknown commands and
// options pass through (the router explains what it does not know); bad
// values are cleaned, never a panic.
func commandText(d discordgo.ApplicationCommandInteractionData, byName map[string]cmdSpec) (string, []chat.User) {
	parts := []string{cleanValue(d.Name)}
	if byName[d.Name].bare {
		parts = parts[:0]
	}
	var mentions []chat.User
	var add func(opts []*discordgo.ApplicationCommandInteractionDataOption, spec []optSpec, depth int)
	add = func(opts []*discordgo.ApplicationCommandInteractionDataOption, spec []optSpec, depth int) {
		for _, o := range ordered(opts, spec) {
			if o == nil {
				continue
			}
			var s optSpec
			for _, x := range spec {
				if x.name == o.Name {
					s = x
				}
			}
			switch o.Type {
			case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
				// Discord nests at most a group and a command; deeper
				// nesting is forged and goes no further.
				if depth < 2 {
					parts = append(parts, cleanValue(o.Name))
					add(o.Options, s.opts, depth+1)
				}
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
			if s.lead != "" {
				parts = append(parts, s.lead)
			}
			parts = append(parts, v)
		}
	}
	add(d.Options, byName[d.Name].opts, 0)
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
