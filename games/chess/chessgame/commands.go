package chessgame

// commands.go adds chess's own commands to the bot's (games.Commander):
// "pgn", the game so far or a finished game as a PGN file.

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/internal/record"
)

// Commands implements games.Commander.
func (Game) Commands() []games.Command {
	return []games.Command{{Key: "pgn", Words: []string{"pgn"}, Run: runPGN}}
}

// pgnCatalog is the commands' texts, merged into the game's catalogue by
// host.go: "cmd.pgn" is the help line, the others runPGN's answers.
func pgnCatalog() map[string]map[string]string {
	return map[string]map[string]string{
		"en": {
			"cmd.pgn":     "pgn: the game so far, or your last finished one, as a PGN file (tags, moves in SAN, result) for any chess program",
			"pgn.done":    "Game #g%d as PGN, to move %d: %s.",
			"pgn.ongoing": "Game #g%d so far as PGN, to move %d, still in play.",
			"pgn.empty":   "Game #g%d as PGN: no moves yet.",
		},
		"tr": {
			"cmd.pgn":     "pgn: oyunu PGN dosyası olarak verir (sürüyorsa şimdiye kadarki hamleler, bittiyse sonucuyla); her satranç programı açar",
			"pgn.done":    "#g%d oyununun PGN kaydı, %d. hamleye kadar: %s.",
			"pgn.ongoing": "#g%d oyununun şimdiye kadarki PGN kaydı, %d. hamleye kadar; oyun sürüyor.",
			"pgn.empty":   "#g%d oyununun PGN kaydı: henüz hamle yok.",
		},
	}
}

// pgnText is key's text in lang, English when lang has none.
func pgnText(lang, key string) string {
	cat := pgnCatalog()
	if t, ok := cat[lang][key]; ok {
		return t
	}
	return cat["en"][key]
}

// RecordOf is the PGN record of a command's game: Event "oyunbot" (or the
// tournament, with its round), Site the platform and channel, the players'
// names, and the result.
func RecordOf(req games.CommandRequest) *PGNRecord {
	return &PGNRecord{
		Header: record.HeaderOf(req),
		Start:  req.Start, Moves: req.Moves,
		Over: req.Over, Winner: req.Winner, Reason: req.Reason,
		Levels: levelsOf(req), Ratings: req.Ratings, TimeControl: timeControl(req.Clock),
	}
}

// levelsOf are the bot's levels by side ("" for a person).
func levelsOf(req games.CommandRequest) [2]string {
	var out [2]string
	for i, bot := range req.Bot {
		if bot {
			out[i] = req.Level
		}
	}
	return out
}

// timeControl writes a clock as PGN's TimeControl tag: "300+3" (seconds
// for the game plus the increment), "1/86400" for a limit per move (one
// move a period), "-" for none.
func timeControl(c games.Clock) string {
	secs := func(d time.Duration) string { return strconv.FormatInt(int64(d/time.Second), 10) }
	switch {
	case c.PerMove > 0:
		return "1/" + secs(c.PerMove)
	case c.Base > 0 && c.Increment > 0:
		return secs(c.Base) + "+" + secs(c.Increment)
	case c.Base > 0:
		return secs(c.Base)
	}
	return "-"
}

// runPGN answers "pgn" with the game's PGN file and a line saying what it holds.
func runPGN(_ context.Context, req games.CommandRequest) (games.CommandAnswer, error) {
	r := RecordOf(req)
	text, err := r.PGN()
	if err != nil {
		return games.CommandAnswer{}, err
	}
	number, _ := fenMoveNumber(r.Start.String())
	return record.Answer(req, func(key string) string { return pgnText(req.Lang, "pgn."+key) },
		record.LastNumber(number, len(req.Moves), r.Start.Turn() != ai.Second), r.Result(),
		games.File{Name: fmt.Sprintf("oyunbot-g%d.pgn", req.ID), MIME: "application/x-chess-pgn", Data: []byte(text)}), nil
}
