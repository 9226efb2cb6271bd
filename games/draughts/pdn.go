package draughts

// pdn.go writes games as PDN (Portable Draughts Notation): the seven
// archival tags, GameType (22 Italian, 21 English), SetUp and FEN for a
// game from another start, numeric movetext with every landing square of
// a capture, a closing comment when the moves alone do not say how the
// game ended, and the result; and it adds the "pdn" command.

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"oyunbot/ai"
	"oyunbot/games"
)

// pdnLineMax is the longest movetext line.
const pdnLineMax = 79

// PDNRecord is a game for PDN (its PDN method writes it).
type PDNRecord struct {
	// The archival tags; empty values are written as "?".
	Event, Site, White, Black string
	Date                      time.Time // zero: unknown ("????.??.??")
	Round                     string    // "" is written "-"
	// Start is the game's first position and Moves the moves from it.
	Start *Position
	Moves []ai.Move
	// Over marks a finished game: Winner is ai.First (White), ai.Second or
	// ai.NoSide for a draw. An unfinished game's result is "*".
	Over   bool
	Winner ai.Side
	// Reason is how a finished game ended (the rules' Status reason or the
	// bot's session keys: "resigned", "time", "idle", "agreement",
	// "withdrew", and "abandoned", "early-draw", "aborted" for games
	// without a result).
	Reason string
}

// noResult are the bot's reasons of games that end without a result.
var noResult = map[string]bool{"abandoned": true, "early-draw": true, "aborted": true}

// Result is the record's result: "1-0", "0-1", "1/2-1/2" or "*".
func (r *PDNRecord) Result() string {
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

// FEN is PDN's position tag of p: the side to move, then each colour's
// squares by number, kings marked K ("W:W21,22,K30:B1,5").
func (p *Position) FEN() string {
	side := [2]string{"W", "B"}[p.st.side]
	list := func(c int) string {
		var nums []int
		kings := map[int]bool{}
		for bb := p.st.pieces(c); bb != 0; bb &= bb - 1 {
			sq := lowest(bb)
			n := p.v.squareNumber(sq)
			nums = append(nums, n)
			kings[n] = p.st.kings[c]&bit(sq) != 0
		}
		slices.Sort(nums)
		parts := make([]string, len(nums))
		for i, n := range nums {
			parts[i] = strconv.Itoa(n)
			if kings[n] {
				parts[i] = "K" + parts[i]
			}
		}
		return strings.Join(parts, ",")
	}
	return side + ":W" + list(white) + ":B" + list(black)
}

// PDN writes the record. It replays the moves from Start (on a copy) and
// fails if one is not legal there.
func (r *PDNRecord) PDN() (string, error) {
	if r.Start == nil {
		return "", fmt.Errorf("draughts: PDN of a game without its start position")
	}
	v := r.Start.v
	var b strings.Builder
	tag := func(name, value string) {
		fmt.Fprintf(&b, "[%s \"%s\"]\n", name, pdnEscape(value))
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
	tag("GameType", strconv.Itoa(v.gameType))
	if r.Start.String() != v.start {
		tag("SetUp", "1")
		tag("FEN", r.Start.FEN())
	}
	b.WriteByte('\n')
	tokens, err := r.movetext()
	if err != nil {
		return "", err
	}
	line := 0
	for _, t := range tokens {
		switch {
		case line == 0:
		case line+1+len(t) > pdnLineMax:
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
	return b.String(), nil
}

// movetext returns the movetext's tokens: move numbers (a move is the
// first mover's ply and the answer), numeric moves, the closing comment's
// words and the result.
func (r *PDNRecord) movetext() ([]string, error) {
	p := r.Start.clone()
	first := uint8(r.Start.v.firstToMove)
	number := 1
	var tokens []string
	var buf []ai.Move
	for i, m := range r.Moves {
		buf = p.Moves(buf[:0])
		if !slices.Contains(buf, m) {
			return nil, fmt.Errorf("draughts: PDN: move %d is not legal in %s", i+1, p.String())
		}
		switch {
		case p.st.side == first:
			tokens = append(tokens, fmt.Sprintf("%d.", number))
		case i == 0:
			tokens = append(tokens, fmt.Sprintf("%d...", number))
		}
		tokens = append(tokens, p.FormatNumeric(m))
		if p.st.side != first {
			number++
		}
		p.Make(m)
	}
	if c := r.comment(); c != "" {
		tokens = append(tokens, strings.Fields("{"+c+"}")...)
	}
	return append(tokens, r.Result()), nil
}

// comment says how a finished game ended, in English as PDN files are
// read everywhere; "" when the moves say it (no move left) or the game is
// not over.
func (r *PDNRecord) comment() string {
	if !r.Over {
		return ""
	}
	winner, loser := "White", "Black"
	if r.Winner == ai.Second {
		winner, loser = loser, winner
	}
	switch r.Reason {
	case "", ReasonNoMoves, ReasonNoPieces:
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
	case ReasonRepetition:
		return "Draw by threefold repetition."
	case ReasonFortyMoves:
		return "Draw: 40 moves each without a capture or a man's move."
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

// pdnEscape makes s a tag value: backslashes and quotes escaped, control
// characters dropped.
func pdnEscape(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, s)
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s)
}

// Commands implements games.Commander: "pdn".
func (Game) Commands() []games.Command {
	return []games.Command{{Key: "pdn", Words: []string{"pdn"}, Run: runPDN}}
}

// pdnCatalog is the command's texts, merged into each game's catalogue.
func pdnCatalog() map[string]map[string]string {
	return map[string]map[string]string{
		"en": {
			"cmd.pdn":     "pdn: the game so far, or your last finished one, as a PDN file (tags, moves in numbers, result) for draughts programs",
			"pdn.done":    "Game #g%d as PDN, to move %d: %s.",
			"pdn.ongoing": "Game #g%d so far as PDN, to move %d, still in play.",
			"pdn.empty":   "Game #g%d as PDN: no moves yet.",
		},
		"tr": {
			"cmd.pdn":     "pdn: oyunu PDN dosyası olarak verir (sürüyorsa şimdiye kadarki hamleler, bittiyse sonucuyla; hamleler numarayla); dama programları açar",
			"pdn.done":    "#g%d oyununun PDN kaydı, %d. hamleye kadar: %s.",
			"pdn.ongoing": "#g%d oyununun şimdiye kadarki PDN kaydı, %d. hamleye kadar; oyun sürüyor.",
			"pdn.empty":   "#g%d oyununun PDN kaydı: henüz hamle yok.",
		},
	}
}

func pdnText(lang, key string) string {
	cat := pdnCatalog()
	if t, ok := cat[lang][key]; ok {
		return t
	}
	return cat["en"][key]
}

// RecordOf is the PDN record of a command's game: Event "oyunbot" (or the
// tournament), Site the platform and channel, the players and the result.
func RecordOf(req games.CommandRequest) (*PDNRecord, error) {
	start, ok := req.Start.(*Position)
	if !ok {
		return nil, fmt.Errorf("draughts: PDN of a %T", req.Start)
	}
	site := strings.TrimSpace(strings.TrimSpace(req.Platform) + " " + strings.TrimSpace(req.Channel))
	event, round := "oyunbot", ""
	if req.Tournament != 0 {
		event = fmt.Sprintf("oyunbot tournament #t%d", req.Tournament)
		if req.Round > 0 {
			round = strconv.Itoa(req.Round)
		}
	}
	return &PDNRecord{
		Event: event, Site: site, Date: req.Started, Round: round,
		White: req.Players[0], Black: req.Players[1],
		Start: start, Moves: req.Moves,
		Over: req.Over, Winner: req.Winner, Reason: req.Reason,
	}, nil
}

// runPDN answers "pdn" with the game's PDN file and a line saying what it holds.
func runPDN(_ context.Context, req games.CommandRequest) (games.CommandAnswer, error) {
	r, err := RecordOf(req)
	if err != nil {
		return games.CommandAnswer{}, err
	}
	text, err := r.PDN()
	if err != nil {
		return games.CommandAnswer{}, err
	}
	// The last move's number: a move is the first mover's ply and the answer.
	last := (len(req.Moves) + 1) / 2
	if r.Start.st.side != uint8(r.Start.v.firstToMove) {
		last = 1 + len(req.Moves)/2
	}
	var line string
	switch {
	case len(req.Moves) == 0:
		line = fmt.Sprintf(pdnText(req.Lang, "pdn.empty"), req.ID)
	case req.Over:
		line = fmt.Sprintf(pdnText(req.Lang, "pdn.done"), req.ID, last, r.Result())
	default:
		line = fmt.Sprintf(pdnText(req.Lang, "pdn.ongoing"), req.ID, last)
	}
	return games.CommandAnswer{
		Text: line,
		File: &games.File{Name: fmt.Sprintf("oyunbot-g%d.pdn", req.ID), MIME: "application/x-draughts-pdn", Data: []byte(text)},
	}, nil
}
