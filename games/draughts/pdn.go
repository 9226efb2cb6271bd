package draughts

// pdn.go writes games as PDN (Portable Draughts Notation): the seven
// archival tags, GameType (22 Italian, 21 English), SetUp and FEN for a
// game from another start, numeric movetext with every landing square of
// a capture, a closing comment when the moves alone do not say how the
// game ended, and the result; and it adds the "pdn" command.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/internal/pdn"
	"oyunbot/games/internal/record"
)

// PDNRecord is a game for PDN (its PDN method writes it).
type PDNRecord struct {
	record.Header // the archival tags; empty values are written as "?"
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

// Result is the record's result: "1-0", "0-1", "1/2-1/2" or "*".
func (r *PDNRecord) Result() string {
	rec := pdn.Record{Over: r.Over, Winner: r.Winner, Reason: r.Reason}
	return rec.Result()
}

// FEN is PDN's position tag of p: the side to move, then each colour's
// squares by number, kings marked K ("W:W21,22,K30:B1,5").
func (p *Position) FEN() string {
	side := [2]string{"W", "B"}[p.St.side]
	list := func(c int) string {
		var nums []int
		kings := map[int]bool{}
		for bb := p.St.pieces(c); bb != 0; bb &= bb - 1 {
			sq := lowest(bb)
			n := p.v.squareNumber(sq)
			nums = append(nums, n)
			kings[n] = p.St.kings[c]&bit(sq) != 0
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
	rec, err := r.record()
	if err != nil {
		return "", err
	}
	return rec.String(), nil
}

// record is r as the shared writer takes it: the moves in numbers, checked
// by replaying them.
func (r *PDNRecord) record() (*pdn.Record, error) {
	if r.Start == nil {
		return nil, fmt.Errorf("draughts: PDN of a game without its start position")
	}
	v := r.Start.v
	rec := &pdn.Record{
		Header:   r.Header,
		GameType: v.gameType, FirstMover: r.Start.St.side == uint8(v.firstToMove),
		Over: r.Over, Winner: r.Winner, Reason: r.Reason, Endings: endings,
	}
	if r.Start.String() != v.start {
		rec.FEN = r.Start.FEN()
	}
	p := r.Start.clone()
	var buf []ai.Move
	for i, m := range r.Moves {
		buf = p.Moves(buf[:0])
		if !slices.Contains(buf, m) {
			return nil, fmt.Errorf("draughts: PDN: move %d is not legal in %s", i+1, p.String())
		}
		rec.Moves = append(rec.Moves, p.FormatNumeric(m))
		p.Make(m)
	}
	return rec, nil
}

// endings are the comments of the rules' own endings ("" when the moves
// show it).
var endings = map[string]string{
	ReasonNoMoves:    "",
	ReasonNoPieces:   "",
	ReasonRepetition: "Draw by threefold repetition.",
	ReasonFortyMoves: "Draw: 40 moves each without a capture or a man's move.",
}

// Commands implements games.Commander: "pdn".
func (Game) Commands() []games.Command {
	return []games.Command{pdn.Command(func(req games.CommandRequest) (*pdn.Record, error) {
		r, err := RecordOf(req)
		if err != nil {
			return nil, err
		}
		return r.record()
	})}
}

// RecordOf is the PDN record of a command's game: Event "oyunbot" (or the
// tournament), Site the platform and channel, the players and the result.
func RecordOf(req games.CommandRequest) (*PDNRecord, error) {
	start, ok := req.Start.(*Position)
	if !ok {
		return nil, fmt.Errorf("draughts: PDN of a %T", req.Start)
	}
	t := pdn.Tags(req)
	return &PDNRecord{
		Header: t.Header,
		Start:  start, Moves: req.Moves, Over: t.Over, Winner: t.Winner, Reason: t.Reason,
	}, nil
}
