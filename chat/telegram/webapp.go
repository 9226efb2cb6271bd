package telegram

// webapp.go: a game's 👁 button as a Telegram Mini App (issue 37). A link
// to a game's page (chat.Button.App) to an https address becomes, in a
// private chat, a web_app button: Telegram opens the page inside itself
// and gives it the signed initData that names the player (chat/web's
// VerifyInitData). Telegram takes web_app buttons in private chats only
// and to https addresses only; elsewhere the link stays a URL button. The
// client library (v5.5.1) does not know web_app buttons: the keyboards
// sent are this file's markup, as Telegram's API spells it.

import (
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"oyunbot/chat"
)

// markup is an InlineKeyboardMarkup with the web_app buttons.
type markup struct {
	InlineKeyboard [][]markupButton `json:"inline_keyboard"`
}

// markupButton is an InlineKeyboardButton; app is the address of a link
// that may open as a Mini App (apps turns it into WebApp).
type markupButton struct {
	tgbotapi.InlineKeyboardButton
	WebApp *webAppInfo `json:"web_app,omitempty"`
	app    string
}

// webAppInfo is Telegram's WebAppInfo: the Mini App's address.
type webAppInfo struct {
	URL string `json:"url"`
}

// miniAppURL reports whether a link button may open as a Mini App: a
// game's page at an https address of a public host.
func miniAppURL(b chat.Button) bool {
	return b.App && b.Data == "" && strings.HasPrefix(b.URL, "https://") && chat.PublicURL(b.URL)
}

// apps is m with its Mini App links as web_app buttons, for a private chat
// (m itself is left as it is; nil stays nil).
func (m *markup) apps() *markup {
	if m == nil {
		return nil
	}
	out := &markup{InlineKeyboard: make([][]markupButton, len(m.InlineKeyboard))}
	for i, row := range m.InlineKeyboard {
		out.InlineKeyboard[i] = make([]markupButton, len(row))
		for j, b := range row {
			if b.app != "" {
				b = markupButton{InlineKeyboardButton: tgbotapi.InlineKeyboardButton{Text: b.Text}, WebApp: &webAppInfo{URL: b.app}}
			}
			out.InlineKeyboard[i][j] = b
		}
	}
	return out
}

// lib is m as the client library's markup (inline messages, which are of
// no private chat: no web_app buttons).
func (m *markup) lib() *tgbotapi.InlineKeyboardMarkup {
	if m == nil {
		return nil
	}
	out := &tgbotapi.InlineKeyboardMarkup{InlineKeyboard: make([][]tgbotapi.InlineKeyboardButton, len(m.InlineKeyboard))}
	for i, row := range m.InlineKeyboard {
		out.InlineKeyboard[i] = make([]tgbotapi.InlineKeyboardButton, len(row))
		for j, b := range row {
			out.InlineKeyboard[i][j] = b.InlineKeyboardButton
		}
	}
	return out
}

// privateChat reports whether a chat id is a private chat's (a user's id:
// positive; groups' and channels' are negative).
func privateChat(chatID int64) bool { return chatID > 0 }

// withApps makes the links of ops' keyboards Mini App buttons when the
// chat is private.
func withApps(chatID int64, ops []op) {
	if !privateChat(chatID) {
		return
	}
	for i := range ops {
		ops[i].keyboard = ops[i].keyboard.apps()
	}
}
