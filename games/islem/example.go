package islem

// example.go is the help's example: the thesis's worked example, realised
// on a board (its figures are lost), and the "example" command.

import (
	"context"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
)

// Worked examples of the thesis, realised: stones by square, then the
// stone placed last. Black placing 12 on d6 completes (6×2=12), (12=5+7),
// (3×4=12) and (8+9=12+5): five chains. Red placing 9 on d3 completes
// (3×3=9), (2+4+9=5+10) and (9=2+7): four chains.
var (
	example12 = exampleBoard{
		side:   ai.First,
		stones: "d8:6 b7:7 c7:5 e7:2 e6:5 d5:4 f5:9 g5:8 e4:3",
		others: "a1:1 h1:11 a8:0 h8:13 b2:6 g2:10",
		value:  12, to: "d6",
	}
	example9 = exampleBoard{
		side:   ai.Second,
		stones: "c5:3 d4:3 e4:5 e5:10 b3:2 c3:4 e2:2 f2:7",
		others: "a8:1 h8:11 h1:13 g7:6 b7:8",
		value:  9, to: "d3",
	}
)

// exampleBoard describes a position just before its last placement.
type exampleBoard struct {
	side           ai.Side
	stones, others string // "sq:value" words: the side's and the opponent's
	value          int
	to             string
}

// before builds the position, the side to move in phase 2.
func (e exampleBoard) before() *Position {
	p := newStart()
	p.turns = 40
	put := func(s ai.Side, list string) {
		for _, w := range strings.Fields(list) {
			sqText, vText, _ := strings.Cut(w, ":")
			sq, _ := ParseSquare(sqText)
			v, _ := strconv.Atoi(vText)
			p.board[sq] = stone(s, v)
		}
	}
	put(e.side, e.stones)
	put(e.side.Opponent(), e.others)
	for s := 0; s < 2; s++ {
		p.hand[s] = [2]uint16{0, fullSet}
	}
	p.turn = e.side
	p.hash = p.computeHash()
	return p
}

// after is the position once the last stone is placed (captures owed).
func (e exampleBoard) after() *Position {
	p := e.before()
	sq, _ := ParseSquare(e.to)
	p.Make(placeMove(e.value, sq))
	return p
}

// Commands implements games.Commander.
func (Game) Commands() []games.Command {
	return []games.Command{{
		Key:   "example",
		Words: []string{"example", "örnek", "ornek"},
		Run:   runExample,
	}}
}

// runExample answers "example": the 12 example's picture, its operations'
// stones highlighted, and the equations explained.
func runExample(_ context.Context, req games.CommandRequest) (games.CommandAnswer, error) {
	p := example12.after()
	sq, ops, n := p.LastOperations()
	lang := req.Lang
	if _, ok := catalog()[lang]; !ok {
		lang = "en"
	}
	// games.Fill, not a plain replacement: the caption has a plural form.
	text := games.Fill(catalog()[lang]["example.caption"],
		"stone", strconv.Itoa(example12.value)+" "+SquareName(sq),
		"n", strconv.Itoa(n),
		"ops", Equations(ops))
	return games.CommandAnswer{Text: text, Picture: p, Highlight: opSquares(ops)}, nil
}

// opSquares lists the squares of the operations' stones, each once.
func opSquares(ops []Op) []string {
	seen := map[int]bool{}
	var out []string
	for _, o := range ops {
		for _, sq := range append(append([]int(nil), o.A.Squares...), o.B.Squares...) {
			if !seen[sq] {
				seen[sq] = true
				out = append(out, SquareName(sq))
			}
		}
	}
	return out
}

// ExamplePosition is the thesis's worked example just after black placed
// 12 on d6 (five chains, captures owed): for pictures and help.
func ExamplePosition() *Position { return example12.after() }
