package telegram

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// Command is one entry of the menu Telegram shows when the user types "/":
// the command name (lowercase letters, digits, underscores; at most 32) and
// its description in English and Turkish (3-256 characters).
type Command struct {
	Name string
	EN   string
	TR   string
}

// maxDescription is Telegram's limit on a command's description.
const maxDescription = 256

// DefaultCommands returns the bot's command menu; the /play entry names
// games, the names people type (the program's registry). The descriptions
// live here until the chat catalogue exports them.
func DefaultCommands(games ...string) []Command {
	play := Command{"play", "Start a game against the bot: /play <game>", "Bota karşı oyun başlat: /play <oyun>"}
	if len(games) > 0 {
		var ex []string
		for _, g := range games {
			ex = append(ex, "/play "+g)
		}
		en := "Start a game against the bot: " + strings.Join(ex, " or ")
		tr := "Bota karşı oyun başlat: " + strings.Join(ex, " veya ")
		if utf8.RuneCountInString(en) <= maxDescription && utf8.RuneCountInString(tr) <= maxDescription {
			play.EN, play.TR = en, tr
		}
	}
	return []Command{
		play,
		{"move", "Make a move: /move <move>", "Hamle yap: /move <hamle>"},
		{"board", "Show the board of the current game", "Oyunun tahtasını göster"},
		{"hint", "Suggest a move", "Hamle öner"},
		{"resign", "Resign the current game", "Oyundan çekil"},
		{"draw", "Offer or accept a draw", "Beraberlik teklif et ya da kabul et"},
		{"undo", "Take back the last move", "Son hamleyi geri al"},
		{"challenge", "Challenge someone (or anyone): /challenge [@user] game [time: 10m, 5m+3s, 1d/move]", "Birine (ya da herkese) meydan oku: /challenge [@kullanıcı] oyun [süre: 10dk, 5dk+3sn, 1g/hamle]"},
		{"accept", "Accept a challenge", "Meydan okumayı kabul et"},
		{"decline", "Decline a challenge", "Meydan okumayı reddet"},
		{"rematch", "Play your finished game again, colours swapped", "Biten oyununu renkler değişik yeniden oyna"},
		{"history", "Moves of the current game", "Oyunun hamle listesi"},
		{"level", "Set the bot's strength", "Botun seviyesini ayarla"},
		{"games", "List the games", "Oyunları listele"},
		{"tournament", "Tournament: create <game> [swiss|roundrobin|double] [rounds] [time], join, leave, addbot <level>, start, standings, pairings [round], cancel",
			"Turnuva: oluştur <oyun> [isviçre|lig|çift] [tur] [süre], katıl, ayrıl, bot <seviye>, başlat, sıralama, eşleşmeler [tur], iptal"},
		{"rating", "Ratings: /rating [game] [@user]", "Puan: /rating [oyun] [@kullanıcı]"},
		{"leaderboard", "Best ratings in a game: /leaderboard game", "Bir oyunda en yüksek puanlar: /leaderboard oyun"},
		{"lang", "Choose the language: /lang en or /lang tr", "Dil seç: /lang tr veya /lang en"},
		{"help", "How to play", "Nasıl oynanır"},
	}
}

// commandMenus is what setMyCommands receives: the default (English) menu
// and the Turkish one for users whose client language is Turkish.
func commandMenus(cmds []Command) []tgbotapi.SetMyCommandsConfig {
	en := make([]tgbotapi.BotCommand, len(cmds))
	tr := make([]tgbotapi.BotCommand, len(cmds))
	for i, c := range cmds {
		en[i] = tgbotapi.BotCommand{Command: c.Name, Description: c.EN}
		tr[i] = tgbotapi.BotCommand{Command: c.Name, Description: c.TR}
	}
	return []tgbotapi.SetMyCommandsConfig{
		{Commands: en},
		{Commands: tr, LanguageCode: "tr"},
	}
}

// setCommands publishes the command menus, retrying transient failures.
func (b *Bot) setCommands(ctx context.Context) error {
	for _, menu := range commandMenus(b.cfg.Commands) {
		if err := b.call(ctx, "setMyCommands", func() error {
			_, err := b.api.Request(menu)
			return err
		}); err != nil {
			return fmt.Errorf("telegram: setMyCommands %q: %w", menu.LanguageCode, err)
		}
	}
	return nil
}
