// Package gamestest holds small games that exist to test the bot's hosting
// of every kind of game the rule files describe, before those games arrive:
// Race, a dice game with chance events, multi-move turns, prompts between
// plies and wins worth two points; and Steps, a one-player puzzle started
// from a custom position, with a known shortest solution. Each is registered
// in a test by one line, like a real game in cmd/bot.
package gamestest

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
)

// Race: each side has two tokens, a and b, on a track from 0 to Goal. A turn
// begins with a roll of two three-sided dice (a chance event, played by
// whoever hosts the game); the player then moves one token per die ("a3":
// token a by 3), in one message ("a3 b1") or die by die. A token reaching
// Goal is home (overshooting is fine). The first side with both tokens home
// wins: two points if the loser has no token home, else one. Before the
// first turn the first player's dice are rolled.
//
// Position text: "a b / a b : side dice", e.g. "0 0 / 0 0 : w 31" (white's
// tokens, black's tokens, side to move w|b, the dice left to play, "-" for
// none: then the next event is a roll).
type Race struct{}

// Goal is where a token is home.
const Goal = 8

// Name implements games.Game.
func (Race) Name() string { return "race" }

// Aliases implements games.Game.
func (Race) Aliases() []string { return []string{"yaris"} }

// Players implements games.Game.
func (Race) Players() int { return 2 }

// SideNames implements games.Game.
func (Race) SideNames() []string { return []string{"white", "black"} }

// Start implements games.Game: nobody has moved and white's dice are to be
// rolled.
func (Race) Start() games.Position { return &RacePos{} }

// Host implements games.Hosted.
func (Race) Host() games.Host {
	return games.Host{
		Sides: []games.SideInfo{
			{Key: "white", Words: []string{"white", "w", "beyaz"}},
			{Key: "black", Words: []string{"black", "b", "siyah"}},
		},
		Policy: games.Policy{NoUndo: true}, // a take-back would roll again
		// The standard levels and a named engine variant, as a seed
		// document's engine would be: one turn deep (both dice), no reply.
		Levels: append(ai.Levels(), ai.Level{Name: "seed", Limits: ai.Limits{Depth: 1, Turns: true}}),
		Catalog: map[string]map[string]string{
			"en": {
				"name":           "Race",
				"help":           "Roll two dice, move a token per die: a3 b1 (token a by 3, b by 1). Both tokens home first wins; a shutout is worth 2.",
				"notation":       "e.g. a3 b1",
				"side.white":     "white",
				"side.black":     "black",
				"moveerr.no-die": "you have no such die",
				"moveerr.home":   "that token is home",
				"prompt.die":     "play your other die: {die}",
				"reason.home":    "both tokens home",
				"reason.home-2":  "both tokens home, a shutout",
			},
			"tr": {
				"name":           "Yarış",
				"help":           "İki zar at, her zarla bir taş ilerlet: a3 b1 (a taşı 3, b taşı 1). İki taşını önce eve getiren kazanır; rakip hiç taş getiremediyse 2 sayı.",
				"notation":       "örnek: a3 b1",
				"side.white":     "beyaz",
				"side.black":     "siyah",
				"moveerr.no-die": "öyle bir zarın yok",
				"moveerr.home":   "o taş evde",
				"prompt.die":     "öbür zarını oyna: {die}",
				"reason.home":    "iki taş da evde",
				"reason.home-2":  "iki taş da evde, rakip hiç getiremedi",
			},
		},
	}
}

// ParsePosition implements games.Game.
func (Race) ParsePosition(s string) (games.Position, error) {
	var p RacePos
	fields := strings.Fields(strings.ReplaceAll(strings.ReplaceAll(s, "/", " / "), ":", " : "))
	if len(fields) != 8 || fields[2] != "/" || fields[5] != ":" {
		return nil, fmt.Errorf("race: want \"a b / a b : side dice\", got %q", s)
	}
	for i, f := range []string{fields[0], fields[1], fields[3], fields[4]} {
		v, err := strconv.Atoi(f)
		if err != nil || v < 0 || v > Goal {
			return nil, fmt.Errorf("race: token %q not in 0..%d", f, Goal)
		}
		p.tok[i/2][i%2] = v
	}
	switch fields[6] {
	case "w":
		p.side = ai.First
	case "b":
		p.side = ai.Second
	default:
		return nil, fmt.Errorf("race: side %q is not w or b", fields[6])
	}
	if d := fields[7]; d != "-" {
		for _, c := range d {
			if c < '1' || c > '3' || len(p.dice) == 2 {
				return nil, fmt.Errorf("race: dice %q", d)
			}
			p.dice = append(p.dice, int(c-'0'))
		}
	}
	return &p, nil
}

// RacePos is a Race position.
type RacePos struct {
	tok  [2][2]int // [side][token]
	side ai.Side   // whose turn (the roll's owner when dice is empty)
	dice []int     // dice left to play this turn; none: a roll is next
	hist []raceUndo
}

type raceUndo struct {
	tok  [2][2]int
	side ai.Side
	dice []int
}

// Moves of Race: a player's move is {Lo: 1 + token, Hi: die}; a roll is
// {Lo: 10 + d1*4 + d2} with d1 <= d2.
func rollMove(d1, d2 int) ai.Move {
	if d1 > d2 {
		d1, d2 = d2, d1
	}
	return ai.Move{Lo: uint64(10 + d1*4 + d2)}
}

func (p *RacePos) over() (bool, ai.Side) {
	for s := range 2 {
		if p.tok[s][0] >= Goal && p.tok[s][1] >= Goal {
			return true, ai.Side(s)
		}
	}
	return false, ai.NoSide
}

// Turn implements ai.Position.
func (p *RacePos) Turn() ai.Side {
	if len(p.dice) == 0 {
		return ai.Chance
	}
	return p.side
}

// Moves implements ai.Position.
func (p *RacePos) Moves(buf []ai.Move) []ai.Move {
	if o, _ := p.over(); o {
		return buf
	}
	if len(p.dice) == 0 {
		for d1 := 1; d1 <= 3; d1++ {
			for d2 := d1; d2 <= 3; d2++ {
				buf = append(buf, rollMove(d1, d2))
			}
		}
		return buf
	}
	seen := map[int]bool{}
	for _, d := range p.dice {
		if seen[d] {
			continue
		}
		seen[d] = true
		for t := range 2 {
			if p.tok[p.side][t] < Goal {
				buf = append(buf, ai.Move{Lo: uint64(1 + t), Hi: uint64(d)})
			}
		}
	}
	return buf
}

// Chances implements ai.Stochastic: two three-sided dice, unordered.
func (p *RacePos) Chances(buf []ai.ChanceOutcome) []ai.ChanceOutcome {
	for d1 := 1; d1 <= 3; d1++ {
		for d2 := d1; d2 <= 3; d2++ {
			prob := 2.0 / 9
			if d1 == d2 {
				prob = 1.0 / 9
			}
			buf = append(buf, ai.ChanceOutcome{Move: rollMove(d1, d2), Prob: prob})
		}
	}
	return buf
}

// Make implements ai.Position.
func (p *RacePos) Make(m ai.Move) {
	p.hist = append(p.hist, raceUndo{p.tok, p.side, append([]int(nil), p.dice...)})
	if m.Lo >= 10 {
		v := int(m.Lo - 10)
		p.dice = []int{v / 4, v % 4}
		return
	}
	t, d := int(m.Lo-1), int(m.Hi)
	p.tok[p.side][t] = min(p.tok[p.side][t]+d, Goal)
	for i, x := range p.dice {
		if x == d {
			p.dice = append(append([]int(nil), p.dice[:i]...), p.dice[i+1:]...)
			break
		}
	}
	if o, _ := p.over(); o {
		return
	}
	// The turn ends when the dice are played or no token can move.
	if len(p.dice) == 0 || (p.tok[p.side][0] >= Goal && p.tok[p.side][1] >= Goal) {
		p.dice = nil
		p.side = p.side.Opponent()
	}
}

// Unmake implements ai.Position.
func (p *RacePos) Unmake() {
	u := p.hist[len(p.hist)-1]
	p.hist = p.hist[:len(p.hist)-1]
	p.tok, p.side, p.dice = u.tok, u.side, u.dice
}

// Hash implements ai.Position.
func (p *RacePos) Hash() uint64 {
	h := fnv.New64a()
	fmt.Fprint(h, p.String())
	return h.Sum64()
}

// Status implements ai.Position.
func (p *RacePos) Status() ai.Status {
	o, w := p.over()
	if !o {
		return ai.Status{}
	}
	l := w.Opponent()
	if p.tok[l][0] < Goal && p.tok[l][1] < Goal {
		return ai.Status{Over: true, Winner: w, Reason: "home-2", Points: 2}
	}
	return ai.Status{Over: true, Winner: w, Reason: "home", Points: 1}
}

// Evaluate implements ai.Position: progress, from the side to move's view.
func (p *RacePos) Evaluate() int {
	s := p.side
	me := p.tok[s][0] + p.tok[s][1]
	them := p.tok[s.Opponent()][0] + p.tok[s.Opponent()][1]
	return (me - them) * 100
}

// Noisy implements ai.Position.
func (p *RacePos) Noisy(ai.Move) bool { return false }

// Clone implements games.Position.
func (p *RacePos) Clone() games.Position {
	c := *p
	c.dice = append([]int(nil), p.dice...)
	c.hist = append([]raceUndo(nil), p.hist...)
	return &c
}

// String implements games.Position.
func (p *RacePos) String() string {
	side := "w"
	if p.side == ai.Second {
		side = "b"
	}
	d := "-"
	if len(p.dice) > 0 {
		d = ""
		for _, x := range p.dice {
			d += strconv.Itoa(x)
		}
	}
	return fmt.Sprintf("%d %d / %d %d : %s %s", p.tok[0][0], p.tok[0][1], p.tok[1][0], p.tok[1][1], side, d)
}

// ParseMove implements games.Position: "a3" at a player's turn; a roll as
// FormatMove writes it ("roll 1-3") at a chance turn (replay).
func (p *RacePos) ParseMove(s string) (ai.Move, error) {
	in := strings.ToLower(strings.TrimSpace(s))
	if o, _ := p.over(); o {
		return ai.NoMove, &games.MoveError{Kind: games.GameOver, Input: s}
	}
	if len(p.dice) == 0 {
		var d1, d2 int
		if _, err := fmt.Sscanf(in, "roll %d-%d", &d1, &d2); err != nil || d1 < 1 || d1 > 3 || d2 < 1 || d2 > 3 {
			return ai.NoMove, &games.MoveError{Kind: games.Malformed, Input: s, Detail: "a roll is written roll 1-3"}
		}
		return rollMove(d1, d2), nil
	}
	if len(in) != 2 || (in[0] != 'a' && in[0] != 'b') || in[1] < '1' || in[1] > '3' {
		return ai.NoMove, &games.MoveError{Kind: games.Malformed, Input: s, Detail: "a move is a token and a die: a3"}
	}
	t, d := int(in[0]-'a'), int(in[1]-'0')
	has := false
	for _, x := range p.dice {
		has = has || x == d
	}
	switch {
	case !has:
		return ai.NoMove, &games.MoveError{Kind: games.Illegal, Input: s, Reason: "no-die", Detail: "no such die"}
	case p.tok[p.side][t] >= Goal:
		return ai.NoMove, &games.MoveError{Kind: games.Illegal, Input: s, Reason: "home", Detail: "the token is home"}
	}
	return ai.Move{Lo: uint64(1 + t), Hi: uint64(d)}, nil
}

// FormatMove implements games.Position.
func (p *RacePos) FormatMove(m ai.Move) string {
	if m.Lo >= 10 {
		v := int(m.Lo - 10)
		return fmt.Sprintf("roll %d-%d", v/4, v%4)
	}
	return fmt.Sprintf("%c%d", 'a'+byte(m.Lo-1), m.Hi)
}

// Board implements games.Position: one row per side, the tokens' squares.
func (p *RacePos) Board() []string {
	var rows []string
	for s := range 2 {
		row := []byte(strings.Repeat(".", Goal+1))
		for t := range 2 {
			row[p.tok[s][t]] = "ab"[t]
		}
		if p.tok[s][0] == p.tok[s][1] {
			row[p.tok[s][0]] = '2'
		}
		rows = append(rows, string(row))
	}
	return rows
}

// SplitTurn implements games.TurnReader: moves separated by spaces or commas.
func (p *RacePos) SplitTurn(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
}

// Prompt implements games.Prompter: one die played, the other to go.
func (p *RacePos) Prompt() (string, []string, bool) {
	if len(p.dice) == 1 && len(p.hist) > 0 && p.hist[len(p.hist)-1].side == p.side && len(p.hist[len(p.hist)-1].dice) == 2 {
		return "die", []string{"die", strconv.Itoa(p.dice[0])}, true
	}
	return "", nil, false
}
