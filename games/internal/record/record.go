// Package record holds what PGN (chess) and PDN (the draughts games)
// files have in common: the archival tags, the result, escaped tag
// values, numbered movetext wrapped at 79 columns, and the closing
// comment for the bot's own endings (resignation, time, a forfeit). Each
// format writes its own moves, its own extra tags and its game's endings.
package record

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"

	"oyunbot/ai"
	"oyunbot/games"
)

// LineMax is the longest movetext line: both formats keep lines under 80
// characters.
const LineMax = 79

// Header is the Seven Tag Roster but the result; empty values are written
// as "?".
type Header struct {
	Event, Site, White, Black string
	Date                      time.Time // zero: unknown ("????.??.??")
	Round                     string    // "" is written "-" (not part of a round)
}

// HeaderOf is the tags of a command's game: Event "oyunbot" (or the
// tournament, with its round), Site the platform and channel, the
// players' names and the date the game started.
func HeaderOf(req games.CommandRequest) Header {
	site := strings.TrimSpace(strings.TrimSpace(req.Platform) + " " + strings.TrimSpace(req.Channel))
	event, round := "oyunbot", ""
	if req.Tournament != 0 {
		event = fmt.Sprintf("oyunbot tournament #t%d", req.Tournament)
		if req.Round > 0 {
			round = strconv.Itoa(req.Round)
		}
	}
	return Header{Event: event, Site: site, Date: req.Started, Round: round, White: req.Players[0], Black: req.Players[1]}
}

// Write writes the seven tags, result included, to b.
func (h Header) Write(b *strings.Builder, result string) {
	date := "????.??.??"
	if !h.Date.IsZero() {
		date = h.Date.UTC().Format("2006.01.02")
	}
	round := h.Round
	if round == "" {
		round = "-"
	}
	Tag(b, "Event", orUnknown(h.Event))
	Tag(b, "Site", orUnknown(h.Site))
	Tag(b, "Date", date)
	Tag(b, "Round", round)
	Tag(b, "White", orUnknown(h.White))
	Tag(b, "Black", orUnknown(h.Black))
	Tag(b, "Result", result)
}

// Tag writes one tag pair, its value escaped.
func Tag(b *strings.Builder, name, value string) {
	fmt.Fprintf(b, "[%s \"%s\"]\n", name, Escape(value))
}

// Escape makes s a tag value: backslashes and quotes escaped, and line
// breaks and other control characters (which would end the tag) replaced
// by spaces.
func Escape(s string) string {
	var b strings.Builder
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		switch {
		case r == '\\' || r == '"':
			b.WriteByte('\\')
			b.WriteRune(r)
		case unicode.IsControl(r):
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func orUnknown(s string) string {
	if strings.TrimSpace(s) == "" {
		return "?"
	}
	return s
}

// noResult are the bot's reasons of games that end without a result:
// abandoned before a move, a draw agreed before both sides moved, a
// cancelled tournament. Their result is "*", as for a game in play.
var noResult = map[string]bool{"abandoned": true, "early-draw": true, "aborted": true}

// Result is a game's result tag: "1-0", "0-1", "1/2-1/2" or "*". winner
// is ai.First (White), ai.Second, or ai.NoSide for a draw; reason is how
// the game ended.
func Result(over bool, winner ai.Side, reason string) string {
	switch {
	case !over || noResult[reason]:
		return "*"
	case winner == ai.First:
		return "1-0"
	case winner == ai.Second:
		return "0-1"
	}
	return "1/2-1/2"
}

// Numbered puts move numbers before moves: number is the first move's,
// and firstMover is true when the first of moves is the first mover's (a
// move number is the first mover's ply and the answer; "N..." opens a
// game the other side began).
func Numbered(moves []string, number int, firstMover bool) []string {
	tokens := make([]string, 0, len(moves)*3/2+1)
	for i, m := range moves {
		switch {
		case firstMover:
			tokens = append(tokens, fmt.Sprintf("%d.", number))
		case i == 0:
			tokens = append(tokens, fmt.Sprintf("%d...", number))
		}
		tokens = append(tokens, m)
		if !firstMover {
			number++
		}
		firstMover = !firstMover
	}
	return tokens
}

// LastNumber is the number of the last of plies moves numbered from
// number, the first of them the first mover's or not.
func LastNumber(number, plies int, firstMover bool) int {
	if !firstMover && plies > 0 {
		return number + plies/2
	}
	return number - 1 + (plies+1)/2
}

// Answer is a record command's answer ("pgn", "pdn"): the file and a line
// saying what it holds. text gives the command's lines by key: "empty"
// (%d the game), "done" (the game, the last move's number, the result)
// and "ongoing" (the game, the last move's number).
func Answer(req games.CommandRequest, text func(key string) string, last int, result string, file games.File) games.CommandAnswer {
	var line string
	switch {
	case len(req.Moves) == 0:
		line = fmt.Sprintf(text("empty"), req.ID)
	case req.Over:
		line = fmt.Sprintf(text("done"), req.ID, last, result)
	default:
		line = fmt.Sprintf(text("ongoing"), req.ID, last)
	}
	return games.CommandAnswer{Text: line, File: &file}
}

// Movetext writes the tokens, then the comment (if any) and the result,
// in lines of at most LineMax characters, and a closing newline.
func Movetext(b *strings.Builder, tokens []string, comment, result string) {
	if comment != "" {
		tokens = append(tokens, strings.Fields("{"+comment+"}")...)
	}
	tokens = append(tokens, result)
	line := 0
	for _, t := range tokens {
		switch {
		case line == 0:
		case line+1+len(t) > LineMax:
			b.WriteByte('\n')
			line = 0
		default:
			b.WriteByte(' ')
			line++
		}
		b.WriteString(t)
		line += len(t)
	}
	b.WriteByte('\n')
}

// Ending is the closing comment, in English as these files are read
// everywhere, for the bot's own ways a game ends; names are the sides'
// (White and Black when empty). ok is false for a reason of the game's
// own rules, which the format names itself.
func Ending(winner ai.Side, reason string, names [2]string) (comment string, ok bool) {
	if names[0] == "" {
		names = [2]string{"White", "Black"}
	}
	w, l := names[0], names[1]
	if winner == ai.Second {
		w, l = l, w
	}
	switch reason {
	case "":
		return "", true
	case "resign", "resigned":
		return l + " resigns.", true
	case "time":
		return w + " wins on time.", true
	case "idle":
		return l + " forfeits: no move for too long.", true
	case "withdrew":
		return l + " withdrew from the tournament.", true
	case "agreement":
		return "Draw by agreement.", true
	case "abandoned":
		return "Abandoned before a move was made: no result.", true
	case "early-draw":
		return "Draw agreed before both sides had moved: no result.", true
	case "aborted":
		return "The tournament was cancelled: no result.", true
	}
	return "", false
}

// Unknown is the comment of a reason no one names: said as it is, with
// the characters that would end the comment or the line dropped.
func Unknown(reason string) string {
	return "Ended: " + strings.Map(func(r rune) rune {
		if r == '{' || r == '}' || !unicode.IsPrint(r) {
			return -1
		}
		return r
	}, reason) + "."
}
