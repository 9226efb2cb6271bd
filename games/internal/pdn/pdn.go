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

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/internal/record"
)

// Record is a game as PDN writes it.
type Record struct {
	record.Header     // the archival tags
	GameType      int // PDN's number of the game (20 international, 21 English, 22 Italian, 30 Turkish)
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

// Result is the record's result: "1-0", "0-1", "1/2-1/2" or "*".
func (r *Record) Result() string {
	return record.Result(r.Over, r.Winner, r.Reason)
}

// String writes the record as a PDN file.
func (r *Record) String() string {
	var b strings.Builder
	r.Header.Write(&b, r.Result())
	record.Tag(&b, "GameType", strconv.Itoa(r.GameType))
	if r.FEN != "" {
		record.Tag(&b, "SetUp", "1")
		record.Tag(&b, "FEN", r.FEN)
	}
	b.WriteByte('\n')
	record.Movetext(&b, record.Numbered(r.Moves, 1, r.FirstMover), r.Comment(), r.Result())
	return b.String()
}

// Comment says how a finished game ended, in English as PDN files are
// read everywhere; "" when the moves say it or the game is not over.
func (r *Record) Comment() string {
	if !r.Over {
		return ""
	}
	if c, ok := r.Endings[r.Reason]; ok {
		return c
	}
	if c, ok := record.Ending(r.Winner, r.Reason, r.Names); ok {
		return c
	}
	return record.Unknown(r.Reason)
}

// Tags fills the archival tags of a command's game: Event "oyunbot" (or
// the tournament), Site the platform and channel, the players, the date
// and the result.
func Tags(req games.CommandRequest) Record {
	return Record{
		Header: record.HeaderOf(req),
		Over:   req.Over, Winner: req.Winner, Reason: req.Reason,
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
	return record.Answer(req, func(key string) string { return text(req.Lang, "pdn."+key) },
		record.LastNumber(1, len(r.Moves), r.FirstMover), r.Result(),
		games.File{Name: fmt.Sprintf("oyunbot-g%d.pdn", req.ID), MIME: "application/x-draughts-pdn", Data: []byte(r.String())})
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
