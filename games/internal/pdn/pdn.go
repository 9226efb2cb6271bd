// Package pdn writes PDN (Portable Draughts Notation) files, the part the
// draughts games share: the seven archival tags, GameType, SetUp and FEN
// for a game from another start, numbered movetext wrapped at 79
// columns, a closing comment when the moves alone do not say how the game
// ended, and the result; and the "pdn" command's answer and texts. Each
// game writes its own moves and FEN and names its own endings.
package pdn

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"

	"oyunbot/ai"
	"oyunbot/games"
)

// lineMax is the longest movetext line.
const lineMax = 79

// Record is a game as PDN writes it.
type Record struct {
	// The archival tags; empty values are written as "?".
	Event, Site, White, Black string
	Date                      time.Time // zero: unknown ("????.??.??")
	Round                     string    // "" is written "-"
	GameType                  int       // PDN's number of the game (20 international, 21 English, 22 Italian, 30 Turkish)
	// FEN is the start position's tag when it is not the game's standard
	// start ("" otherwise).
	FEN string
	// Moves are the moves as the game writes them; FirstMover is true when
	// the first of them is the first mover's (a move number is the first
	// mover's ply and the answer; "1..." opens a game the other side began).
	Moves      []string
	FirstMover bool
	// Over marks a finished game: Winner is ai.First (White), ai.Second or
	// ai.NoSide for a draw; Reason is how it ended, the game's own Status
	// reasons or the bot's ("resigned", "time", "idle", "agreement",
	// "withdrew", and "abandoned", "early-draw", "aborted" for games
	// without a result).
	Over   bool
	Winner ai.Side
	Reason string
	// Endings are the comments of the game's own reasons ("" for an ending
	// the moves show, such as no move left); a reason in neither list is
	// written as "Ended: <reason>.".
	Endings map[string]string
	// Names are the sides' names in comments: White and Black unless set
	// (English checkers' first mover is Black).
	Names [2]string
}

// noResult are the bot's reasons of games that end without a result.
var noResult = map[string]bool{"abandoned": true, "early-draw": true, "aborted": true}

// Result is the record's result: "1-0", "0-1", "1/2-1/2" or "*".
func (r *Record) Result() string {
	switch {
	case !r.Over || noResult[r.Reason]:
		return "*"
	case r.Winner == ai.First:
		return "1-0"
	case r.Winner == ai.Second:
		return "0-1"
	}
	return "1/2-1/2"
}

// String writes the record as a PDN file.
func (r *Record) String() string {
	var b strings.Builder
	tag := func(name, value string) {
		fmt.Fprintf(&b, "[%s \"%s\"]\n", name, Escape(value))
	}
	date := "????.??.??"
	if !r.Date.IsZero() {
		date = r.Date.UTC().Format("2006.01.02")
	}
	round := r.Round
	if round == "" {
		round = "-"
	}
	tag("Event", orUnknown(r.Event))
	tag("Site", orUnknown(r.Site))
	tag("Date", date)
	tag("Round", round)
	tag("White", orUnknown(r.White))
	tag("Black", orUnknown(r.Black))
	tag("Result", r.Result())
	tag("GameType", strconv.Itoa(r.GameType))
	if r.FEN != "" {
		tag("SetUp", "1")
		tag("FEN", r.FEN)
	}
	b.WriteByte('\n')
	line := 0
	for _, t := range r.tokens() {
		switch {
		case line == 0:
		case line+1+len(t) > lineMax:
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
	return b.String()
}

// tokens are the movetext's: move numbers, moves, the closing comment's
// words and the result.
func (r *Record) tokens() []string {
	var tokens []string
	first := r.FirstMover
	number := 1
	for i, m := range r.Moves {
		switch {
		case first:
			tokens = append(tokens, fmt.Sprintf("%d.", number))
		case i == 0:
			tokens = append(tokens, fmt.Sprintf("%d...", number))
		}
		tokens = append(tokens, m)
		if !first {
			number++
		}
		first = !first
	}
	if c := r.Comment(); c != "" {
		tokens = append(tokens, strings.Fields("{"+c+"}")...)
	}
	return append(tokens, r.Result())
}

// Comment says how a finished game ended, in English as PDN files are
// read everywhere; "" when the moves say it or the game is not over.
func (r *Record) Comment() string {
	if !r.Over {
		return ""
	}
	names := r.Names
	if names[0] == "" {
		names = [2]string{"White", "Black"}
	}
	winner, loser := names[0], names[1]
	if r.Winner == ai.Second {
		winner, loser = loser, winner
	}
	if c, ok := r.Endings[r.Reason]; ok {
		return c
	}
	switch r.Reason {
	case "":
		return ""
	case "resign", "resigned":
		return loser + " resigns."
	case "time":
		return winner + " wins on time."
	case "idle":
		return loser + " forfeits: no move for too long."
	case "withdrew":
		return loser + " withdrew from the tournament."
	case "agreement":
		return "Draw by agreement."
	case "abandoned":
		return "Abandoned before a move was made: no result."
	case "early-draw":
		return "Draw agreed before both sides had moved: no result."
	case "aborted":
		return "The tournament was cancelled: no result."
	}
	return "Ended: " + strings.Map(func(r rune) rune {
		if r == '{' || r == '}' || !unicode.IsPrint(r) {
			return -1
		}
		return r
	}, r.Reason) + "."
}

func orUnknown(s string) string {
	if strings.TrimSpace(s) == "" {
		return "?"
	}
	return s
}

// Escape makes s a tag value: control characters dropped, backslashes and
// quotes escaped.
func Escape(s string) string {
	s = strings.Map(func(r rune) rune {
		if !unicode.IsPrint(r) {
			return -1
		}
		return r
	}, s)
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s)
}

// Tags fills the archival tags of a command's game: Event "oyunbot" (or
// the tournament), Site the platform and channel, the players, the date
// and the result.
func Tags(req games.CommandRequest) Record {
	site := strings.TrimSpace(strings.TrimSpace(req.Platform) + " " + strings.TrimSpace(req.Channel))
	event, round := "oyunbot", ""
	if req.Tournament != 0 {
		event = fmt.Sprintf("oyunbot tournament #t%d", req.Tournament)
		if req.Round > 0 {
			round = strconv.Itoa(req.Round)
		}
	}
	return Record{
		Event: event, Site: site, Date: req.Started, Round: round,
		White: req.Players[0], Black: req.Players[1],
		Over: req.Over, Winner: req.Winner, Reason: req.Reason,
	}
}

// Command is the "pdn" command of a game whose record write makes.
func Command(write func(games.CommandRequest) (*Record, error)) games.Command {
	return games.Command{Key: "pdn", Words: []string{"pdn"}, Run: func(_ context.Context, req games.CommandRequest) (games.CommandAnswer, error) {
		r, err := write(req)
		if err != nil {
			return games.CommandAnswer{}, err
		}
		return Answer(req, r), nil
	}}
}

// Answer is the "pdn" command's answer: the file and a line saying what it
// holds.
func Answer(req games.CommandRequest, r *Record) games.CommandAnswer {
	// The last move's number: a move is the first mover's ply and the answer.
	last := (len(r.Moves) + 1) / 2
	if !r.FirstMover {
		last = 1 + len(r.Moves)/2
	}
	var line string
	switch {
	case len(r.Moves) == 0:
		line = fmt.Sprintf(text(req.Lang, "pdn.empty"), req.ID)
	case r.Over:
		line = fmt.Sprintf(text(req.Lang, "pdn.done"), req.ID, last, r.Result())
	default:
		line = fmt.Sprintf(text(req.Lang, "pdn.ongoing"), req.ID, last)
	}
	return games.CommandAnswer{
		Text: line,
		File: &games.File{Name: fmt.Sprintf("oyunbot-g%d.pdn", req.ID), MIME: "application/x-draughts-pdn", Data: []byte(r.String())},
	}
}

// Catalog is the command's texts, for the games' catalogues.
func Catalog() map[string]map[string]string {
	return map[string]map[string]string{
		"en": {
			"cmd.pdn":     "pdn: the game so far, or your last finished one, as a PDN file (tags, moves, result) for draughts programs",
			"pdn.done":    "Game #g%d as PDN, to move %d: %s.",
			"pdn.ongoing": "Game #g%d so far as PDN, to move %d, still in play.",
			"pdn.empty":   "Game #g%d as PDN: no moves yet.",
		},
		"tr": {
			"cmd.pdn":     "pdn: oyunu PDN dosyası olarak verir (sürüyorsa şimdiye kadarki hamleler, bittiyse sonucuyla); dama programları açar",
			"pdn.done":    "#g%d oyununun PDN kaydı, %d. hamleye kadar: %s.",
			"pdn.ongoing": "#g%d oyununun şimdiye kadarki PDN kaydı, %d. hamleye kadar; oyun sürüyor.",
			"pdn.empty":   "#g%d oyununun PDN kaydı: henüz hamle yok.",
		},
	}
}

func text(lang, key string) string {
	cat := Catalog()
	if t, ok := cat[lang][key]; ok {
		return t
	}
	return cat["en"][key]
}
