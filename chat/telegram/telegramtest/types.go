package telegramtest

// The Bot API objects the fake server reads and writes, with the field names
// of https://core.telegram.org/bots/api. They are defined here rather than
// borrowed from the client library so that the fake checks the library
// instead of agreeing with it by construction.

// User is a Telegram user or bot.
type User struct {
	ID           int64  `json:"id"`
	IsBot        bool   `json:"is_bot"`
	FirstName    string `json:"first_name"`
	LastName     string `json:"last_name,omitempty"`
	UserName     string `json:"username,omitempty"`
	LanguageCode string `json:"language_code,omitempty"`
}

// Chat is a private chat, group, supergroup or channel.
type Chat struct {
	ID        int64  `json:"id"`
	Type      string `json:"type"`
	Title     string `json:"title,omitempty"`
	UserName  string `json:"username,omitempty"`
	FirstName string `json:"first_name,omitempty"`
	IsForum   bool   `json:"is_forum,omitempty"`
}

// Private is the one-to-one chat of u with the bot (its id is the user's).
func Private(u User) Chat {
	return Chat{ID: u.ID, Type: "private", FirstName: u.FirstName, UserName: u.UserName}
}

// Group is a supergroup; Telegram's group ids are negative.
func Group(id int64, title string) Chat {
	if id > 0 {
		id = -id
	}
	return Chat{ID: id, Type: "supergroup", Title: title}
}

// Forum is a supergroup with topics (OpenTopic opens one).
func Forum(id int64, title string) Chat {
	c := Group(id, title)
	c.IsForum = true
	return c
}

// Entity is a MessageEntity; Offset and Length count UTF-16 code units.
type Entity struct {
	Type   string `json:"type"`
	Offset int    `json:"offset"`
	Length int    `json:"length"`
	User   *User  `json:"user,omitempty"`
}

// PhotoSize is one size of a sent photo.
type PhotoSize struct {
	FileID       string `json:"file_id"`
	FileUniqueID string `json:"file_unique_id"`
	Width        int    `json:"width"`
	Height       int    `json:"height"`
	FileSize     int    `json:"file_size,omitempty"`
}

// Document is a sent file.
type Document struct {
	FileID       string `json:"file_id"`
	FileUniqueID string `json:"file_unique_id"`
	FileName     string `json:"file_name,omitempty"`
	FileSize     int    `json:"file_size,omitempty"`
}

// Button is an inline keyboard button: a callback's, a link's, or a Mini
// App's (web_app: private chats only, an https address).
type Button struct {
	Text         string      `json:"text"`
	CallbackData *string     `json:"callback_data,omitempty"`
	URL          *string     `json:"url,omitempty"`
	WebApp       *WebAppInfo `json:"web_app,omitempty"`
}

// WebAppInfo is the Mini App a web_app button opens.
type WebAppInfo struct {
	URL string `json:"url"`
}

// Keyboard is an InlineKeyboardMarkup.
type Keyboard struct {
	InlineKeyboard [][]Button `json:"inline_keyboard"`
}

// Message is a Telegram message.
type Message struct {
	MessageID         int         `json:"message_id"`
	MessageThreadID   int         `json:"message_thread_id,omitempty"`
	IsTopicMessage    bool        `json:"is_topic_message,omitempty"`
	From              *User       `json:"from,omitempty"`
	SenderChat        *Chat       `json:"sender_chat,omitempty"`
	Date              int64       `json:"date"`
	Chat              Chat        `json:"chat"`
	ForwardFrom       *User       `json:"forward_from,omitempty"`
	ForwardSenderName string      `json:"forward_sender_name,omitempty"`
	ForwardDate       int64       `json:"forward_date,omitempty"`
	ReplyToMessage    *Message    `json:"reply_to_message,omitempty"`
	EditDate          int64       `json:"edit_date,omitempty"`
	Text              string      `json:"text,omitempty"`
	Entities          []Entity    `json:"entities,omitempty"`
	Caption           string      `json:"caption,omitempty"`
	Photo             []PhotoSize `json:"photo,omitempty"`
	Document          *Document   `json:"document,omitempty"`
	ReplyMarkup       *Keyboard   `json:"reply_markup,omitempty"`
	ForumTopicCreated *TopicInfo  `json:"forum_topic_created,omitempty"`
}

// TopicInfo is the service message's content of a forum topic created.
type TopicInfo struct {
	Name      string `json:"name"`
	IconColor int    `json:"icon_color"`
}

// CallbackQuery is a press of an inline keyboard button.
type CallbackQuery struct {
	ID           string   `json:"id"`
	From         User     `json:"from"`
	Message      *Message `json:"message,omitempty"`
	ChatInstance string   `json:"chat_instance"`
	Data         string   `json:"data,omitempty"`
	// InlineMessageID: the press was on a message sent in inline mode
	// (Message is then absent).
	InlineMessageID string `json:"inline_message_id,omitempty"`
}

// Update is one incoming update.
type Update struct {
	UpdateID      int            `json:"update_id"`
	Message       *Message       `json:"message,omitempty"`
	EditedMessage *Message       `json:"edited_message,omitempty"`
	CallbackQuery *CallbackQuery `json:"callback_query,omitempty"`
	// Inline mode (inline.go).
	InlineQuery        *InlineQuery        `json:"inline_query,omitempty"`
	ChosenInlineResult *ChosenInlineResult `json:"chosen_inline_result,omitempty"`
}

// kind is the update type as named in allowed_updates.
func (u Update) kind() string {
	switch {
	case u.Message != nil:
		return "message"
	case u.EditedMessage != nil:
		return "edited_message"
	case u.CallbackQuery != nil:
		return "callback_query"
	case u.InlineQuery != nil:
		return "inline_query"
	case u.ChosenInlineResult != nil:
		return "chosen_inline_result"
	}
	return ""
}

// BotCommand is an entry of a command menu.
type BotCommand struct {
	Command     string `json:"command"`
	Description string `json:"description"`
}

// response is the envelope of every Bot API answer.
type response struct {
	OK          bool        `json:"ok"`
	Result      any         `json:"result,omitempty"`
	ErrorCode   int         `json:"error_code,omitempty"`
	Description string      `json:"description,omitempty"`
	Parameters  *parameters `json:"parameters,omitempty"`
}

type parameters struct {
	RetryAfter      int   `json:"retry_after,omitempty"`
	MigrateToChatID int64 `json:"migrate_to_chat_id,omitempty"`
}
