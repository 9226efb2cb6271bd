// Package chat is the contract between the bot and its platforms: the
// Message a person's action arrives as, the Reply the bot sends, and the
// small interfaces an adapter implements (Sender) or calls (Handler). The
// adapters (chat/console, chat/telegram, chat/discord) import this and
// chat/internal/..., nothing of the games' sessions; chat/router turns
// messages into the sessions' operations and their results into replies.
// Platform types stay inside the adapters.
package chat

import (
	"context"
	"time"
)

// Message is one thing a person did on a platform: a text message, a slash
// command or a button press (which arrives as the text it stands for, e.g.
// "move b2").
type Message struct {
	Platform  string // "console", "telegram", "discord"
	ChannelID string // chat / channel id, unique within the platform
	UserID    string
	UserName  string // display name
	Text      string
	Locale    string // platform's locale of the user ("tr", "en-US"...); may be empty
	// Ref identifies the incoming event for the adapter (message id,
	// interaction token); replies to this message carry it back.
	Ref string
	// Update identifies the platform's event for good (Telegram's update
	// id, Discord's message or interaction id), "" where the platform has
	// none: a change it made is recorded with it, so that an event the
	// platform sends again (a webhook not answered in time, a restart)
	// is applied at most once, by any process.
	Update string
	// Privately answers a button press to the person who pressed it alone
	// (Telegram: the callback answer's text; Discord: an ephemeral
	// follow-up), for a refusal that is no business of the rest of a group
	// (not your turn, not your question, a stale button). It reports
	// whether the answer went privately; nil for a typed message, and on
	// platforms that cannot.
	Privately func(text string) bool
	// Answer, when set, takes the replies to this message instead of its
	// chat, but for a game's board (Reply.Live), which goes to the chat as
	// for any move: a web page's request (issue 37), whose person reads
	// the answer on the page while the chat sees the game go on.
	Answer func(Reply)
	// Mentions are the users mentioned in the text, resolved by the adapter
	// (for "challenge @user"): the text keeps the platform's mention form.
	Mentions []User
	// Admin is true when the platform says the user administers the channel.
	Admin bool
	// Private is true in a one-to-one chat with the bot.
	Private bool
	// Shared is true in a Private chat that several people speak in, each
	// under their own name (the console, whose "/as NAME" changes the
	// speaker): someone else may answer there what the sender says, so
	// it hosts challenges open to anyone, as a group does.
	Shared bool
}

// User is a person on a platform.
type User struct {
	ID   string
	Name string
}

// Reply is what the bot says: text, optionally a PNG board and buttons.
type Reply struct {
	Platform  string
	ChannelID string
	Ref       string // the Message.Ref this answers, or "" when unsolicited
	Text      string
	// Image is a PNG (a board); Caption is the short text that goes with it
	// on platforms that caption photos (move and whose turn).
	Image     []byte
	ImageName string
	Caption   string
	// File is an attachment (a game's PGN) named FileName, of MIME type
	// FileType; adapters send it as a document, or as text where the
	// platform takes no files. Text goes with it.
	File     []byte
	FileName string
	FileType string
	// Buttons are rows of buttons; pressing one sends its Data as a message.
	Buttons [][]Button
	// TextBoard is the board as fixed-width text with coordinates, for
	// adapters that show text (the console). When Image is nil, Text already
	// contains it.
	TextBoard string
	// Notice marks transient status text ("thinking…") that an adapter may
	// show as a typing indicator or an ephemeral message instead. Notices
	// are sent at once, best effort; every other reply goes through the
	// durable outbox.
	Notice bool
	// GameID and GameVersion name the game state the reply shows (0 for a
	// reply about no game): the outbox marks that version announced.
	GameID, GameVersion int64
	// Board is a board people tap, for adapters that lay buttons out as a
	// grid (Telegram's inline keyboard): rows of squares, top row first,
	// shown above Buttons. Adapters that cannot show it leave it out.
	Board [][]Button
	// Menus are lists of choices for adapters that have drop-down menus
	// (Discord's select menus), shown above Buttons; choosing an option
	// sends its Data as a message, as a button press does. Others leave
	// them out: Board or typed moves do the same.
	Menus []Menu
	// Edit asks the adapter to replace the buttons (Board, Menus, Buttons;
	// none removes them) of the message Ref was pressed on, sending
	// nothing new: a tap board's selection. An adapter that cannot edit
	// that message sends the reply as a new one (Text says what changed).
	Edit bool
	// Live marks a game's board (GameID set) that stands for the game in
	// its chat: the Router's outbox shows it by editing the message of the
	// game's previous board in place while that message is still in sight
	// (BoardSender), and sends it as a new message otherwise. Adapters
	// without BoardSender send it as any reply.
	Live bool
	// Fresh, with Live, asks for the board as a new message at the bottom
	// of the chat even when the previous one is in sight (the board
	// command, a game's start and end).
	Fresh bool
}

// StartLinker is a Sender whose platform has links that bring a person,
// from wherever they see one, to a private chat with the bot with a
// command already given (Telegram's deep links, t.me/<bot>?start=...).
// The Router puts one under a challenge, so that it can be answered from
// anywhere it is forwarded to.
type StartLinker interface {
	// StartLink is the link for the command text, ok false when no link
	// stands for that command.
	StartLink(command string) (link string, ok bool)
}

// BoardSender is a Sender that can show a game's board (a Live reply) by
// editing the message that showed its previous board. The Router's outbox
// remembers, for each game and chat, the reference SendBoard returned, and
// decides when a board is edited in place and when it is sent anew.
type BoardSender interface {
	Sender
	// SendBoard delivers the Live reply r. When at is not "" it edits the
	// message at (a reference an earlier SendBoard returned for r's chat)
	// to show r: picture, caption and buttons; text that does not fit
	// that message follows as new messages. When at is "" it sends r as
	// Send would. It returns the reference of the message that shows the
	// board now, "" when there is none to edit later.
	//
	// An edit that the platform refuses for good (the message was deleted,
	// is too old, or cannot be edited) returns an error wrapping
	// ErrEditFailed, having sent nothing: the outbox then sends the board
	// anew. An edit that changes nothing is a success. Other errors are
	// those of Send (retried, or ErrUndeliverable).
	SendBoard(ctx context.Context, r Reply, at string) (string, error)
}

// Menu is a drop-down list of choices: Placeholder shows until one is
// chosen, each option's Label is shown and its Data sent when chosen.
type Menu struct {
	Placeholder string
	Options     []Button
}

// Limits of menus: Discord's select menus take at most 25 options, and a
// message has five rows of components, one kept for the action buttons.
const (
	MaxMenuOptions = 25
	MaxMenus       = 4
)

// Button is a button whose press stands for the text Data (at most 64 bytes,
// Telegram's callback-data limit), or, with URL set (and no Data), a link
// the press opens (a game's web page: Telegram's URL button, Discord's
// link button; the console writes the address). App marks a link to a
// game's page, which a platform may open as an app of its own inside the
// chat (Telegram's Mini App: a web_app button, in a private chat, to an
// https address); elsewhere it is a link like any other.
type Button struct {
	Label string
	Data  string
	URL   string `json:",omitempty"`
	App   bool   `json:",omitempty"`
}

// MaxButtonData is the longest Button.Data (Telegram's callback_data limit).
const MaxButtonData = 64

// Sender delivers replies on one platform. Adapters implement it; it must be
// safe for concurrent use. Send returns once the platform has the reply (nil)
// or it could not be delivered (an error; wrapping ErrUndeliverable when no
// retry can help): the Router's outbox retries the others until they go
// through, and calls Send for one chat only after the previous reply to that
// chat was delivered.
type Sender interface {
	Send(ctx context.Context, r Reply) error
}

// OutageReporter is implemented by a Handler (the Router) that wants to know
// when an adapter lost its platform for a while: people could not reach the
// bot, so the time is not charged to their clocks.
type OutageReporter interface {
	// Outage reports that platform was out of reach for d, just ended.
	Outage(platform string, d time.Duration)
}

// MinOutage is the shortest loss of a platform adapters report by default:
// a moment's reconnection decides no game.
const MinOutage = 5 * time.Second

// Handler processes incoming messages. Handle returns once the message has
// been dealt with; replies (including a bot move computed later) go out
// through the Sender registered for the message's platform.
type Handler interface {
	Handle(ctx context.Context, m Message)
}

// BoardRetirer is a BoardSender whose earlier board of a game keeps its
// buttons unless told: when the outbox posts a game's board anew, it asks
// it to take them off the message ref (best effort: a press on a stale
// board is refused anyway). Telegram's adapter does it on its own.
type BoardRetirer interface {
	RetireBoard(ctx context.Context, channelID, ref string) error
}

// InlineQuery is what a person types after the bot's name in a chat the bot
// need not be in (Telegram's inline mode: "@oyunbot dama").
type InlineQuery struct {
	Platform, UserID, UserName string
	Locale                     string // the person's platform locale; may be empty
	Text                       string // what follows the bot's name
}

// InlineOffer is one thing an InlineQuery may start: chosen, it becomes a
// message "via" the bot in that chat, showing Text with Buttons, and the
// adapter hands the Handler Command as a Message from the chooser in the
// channel of that one message (InlineChannel): every reply there edits it.
type InlineOffer struct {
	Title, Description string
	Text               string
	Command            string // at most MaxButtonData bytes
	Buttons            [][]Button
}

// InlineOfferer is implemented by a Handler (the Router) that offers games
// to start in chats the bot is not in.
type InlineOfferer interface {
	InlineOffers(ctx context.Context, q InlineQuery) []InlineOffer
}

// InlineChannelPrefix begins the ChannelID of a message sent through an
// inline query: the channel is that one message, which the bot can edit
// but not answer below (it may not be in the chat).
const InlineChannelPrefix = "inline:"
