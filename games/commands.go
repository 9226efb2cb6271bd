package games

// commands.go lets a game add commands of its own to the bot's (chess's
// "pgn", a puzzle's "solve" and "compare"), so that a new game never needs
// a change in chat.

import (
	"context"
	"time"

	"oyunbot/ai"
)

// Command is a command a game adds. The bot runs it on the game of the
// person who types it (in play, or their last game in the channel when it
// has just finished) from copies: a command never changes a game.
//
// A game's command word takes precedence over the bot's general command
// of the same word for that game's players ("hint" in a puzzle is the
// puzzle's own).
type Command struct {
	// Key is the command's stable name; the game's catalogue has its help
	// line as "cmd.<Key>" in every language.
	Key string
	// Words are what people type for it, lower case, in any language
	// ("solve", "çöz", "coz"). The bot also matches them without Turkish
	// letters.
	Words []string
	// Run answers the command. Errors are shown to the person: make them
	// say what was wrong and what is accepted, in req.Lang.
	Run func(ctx context.Context, req CommandRequest) (CommandAnswer, error)
}

// Commander is implemented by games that add commands.
type Commander interface {
	Commands() []Command
}

// CommandRequest is what a game command runs on.
type CommandRequest struct {
	Game Game
	// Lang is the language of the answer ("tr" or "en").
	Lang string
	// Args are the words after the command word.
	Args []string
	// ID is the game's id (shown as #g<ID>).
	ID int64
	// Start is the game's start position and Moves the moves played from
	// it (chance outcomes included), so Start replays to Position. Both
	// positions are copies owned by the command.
	Start    Position
	Moves    []ai.Move
	Position Position
	// Players are the display names by side (a puzzle has one); Bot marks
	// the sides the bot plays.
	Players [2]string
	Bot     [2]bool
	// Over is true for a finished game; Winner is ai.NoSide for a draw, and
	// Reason the stable key of how it ended (the rules' Status.Reason or
	// the bot's (sessions.Reason*: "resigned", "agreement", "time", "idle",
	// "withdrew", "aborted", "abandoned").
	Over   bool
	Winner ai.Side
	Reason string
	// Started is when the game began; Platform and Channel where it is
	// played ("telegram", a chat id).
	Started           time.Time
	Platform, Channel string
	// Tournament is the tournament's id of a tournament game (0 for none)
	// and Round the round it was paired in.
	Tournament int64
	Round      int
	// Level is the bot's level in a game against it ("" for none).
	Level string
	// Ratings are the players' ratings by side, rounded (0: unknown or
	// unrated): a rated game's at its start, the bot's fixed one at its
	// level.
	Ratings [2]int
	// Clock is the game's time control: each side's time for the game,
	// the increment, or a limit per move (all zero: no clock).
	Clock Clock
}

// Clock is a time control as a game record states it.
type Clock struct {
	Base, Increment, PerMove time.Duration
}

// CommandAnswer is a game command's answer; at least one field is set.
type CommandAnswer struct {
	// Text is shown as it is (already in the request's language).
	Text string
	// Mono marks Text as a table to show in a fixed-width font.
	Mono bool
	// File is an attachment (a .pgn), sent as a file where the platform
	// takes files and as text otherwise.
	File *File
	// Chart is a bar chart the bot draws as a PNG picture.
	Chart *Chart
	// Picture is a position the bot draws with the game's own drawer (an
	// example for a lesson), Highlight the squares to mark on it (as
	// Highlighter names them).
	Picture   Position
	Highlight []string
}

// File is an attachment.
type File struct {
	Name string // "oyunbot-g12.pgn"
	MIME string // "application/x-chess-pgn"
	Data []byte
}

// Chart is a bar chart: one group of bars per label, one bar per series.
type Chart struct {
	Title  string
	Labels []string // one per group ("A*", "BFS")
	Series []Series
	// Log draws the value axis on a log scale (values must be > 0; zero
	// or less is drawn as an empty bar).
	Log bool
	// Lang is the language the numbers are written in ("tr": 1,5M).
	Lang string
}

// Series is one kind of bar in a Chart ("nodes expanded").
type Series struct {
	Name   string
	Values []float64 // one per label
}

// CommandsOf returns g's commands (none when it adds none).
func CommandsOf(g Game) []Command {
	if c := CanOf(g, nil).Commander; c != nil {
		return c.Commands()
	}
	return nil
}
