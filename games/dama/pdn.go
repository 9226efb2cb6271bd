package dama

// pdn.go writes games as PDN (Portable Draughts Notation) for Turkish
// draughts through the writer the draughts games share: GameType 30, the
// moves as people type them ("c3-c4", "c3xc5xe5"), a FEN of squares named
// as on the board for a game from another start ("W:Wa2,Kd4:Bh7"); and
// the "pdn" command (the web page's download too).

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/internal/pdn"
)

// pdnGameType is PDN's number of Turkish draughts.
const pdnGameType = 30

// FEN is PDN's position tag of p: the side to move, then each colour's
// squares, kings marked K ("W:Wa2,b2,Kd4:Bh7").
func (p *Position) FEN() string {
	list := func(c int) string {
		var parts []string
		for bb := p.St.pieces(c); bb != 0; bb &= bb - 1 {
			sq := bits.TrailingZeros64(bb)
			name := squareName(sq)
			if p.St.kings[c]&bit(sq) != 0 {
				name = "K" + name
			}
			parts = append(parts, name)
		}
		return strings.Join(parts, ",")
	}
	return [2]string{"W", "B"}[p.St.side] + ":W" + list(white) + ":B" + list(black)
}

// endings are the comments of the rules' own endings ("" when the moves
// show it).
var endings = map[string]string{
	ReasonNoMoves:    "",
	ReasonNoPieces:   "",
	ReasonRepetition: "Draw by threefold repetition.",
	ReasonFiftyMoves: "Draw: 50 moves each without a capture or a man's move.",
	ReasonLonePieces: "Draw: one piece each.",
}

// PDN is the PDN record of a command's game. It replays the moves from the
// start (on a copy) and fails if one is not legal there.
func PDN(req games.CommandRequest) (*pdn.Record, error) {
	start, ok := req.Start.(*Position)
	if !ok {
		return nil, fmt.Errorf("dama: PDN of a %T", req.Start)
	}
	rec := pdn.Tags(req)
	rec.GameType, rec.Endings, rec.FirstMover = pdnGameType, endings, start.St.side == white
	if start.String() != NewStart().String() {
		rec.FEN = start.FEN()
	}
	p := start.clone()
	var buf []ai.Move
	for i, m := range req.Moves {
		buf = p.Moves(buf[:0])
		if !slices.Contains(buf, m) {
			return nil, fmt.Errorf("dama: PDN: move %d is not legal in %s", i+1, p.String())
		}
		rec.Moves = append(rec.Moves, p.FormatMove(m))
		p.Make(m)
	}
	return &rec, nil
}

// Commands implements games.Commander: "pdn".
func (Game) Commands() []games.Command { return []games.Command{pdn.Command(PDN)} }
