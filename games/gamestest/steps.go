package gamestest

import (
	"fmt"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
)

// Steps is a one-player puzzle: bring a number down to 0, one step at a
// time: "dec" takes one away, "half" halves an even number, "third" divides
// a multiple of three (words: "/2" would read as a command). It is solved
// at 0. The start is any number up to MaxSteps (a custom start: "play
// steps from 37"); the default is 10.
//
// Position text: the number.
type Steps struct{}

// MaxSteps bounds a start (the shortest solution is computed at once).
const MaxSteps = 1_000_000

// Name implements games.Game.
func (Steps) Name() string { return "steps" }

// Aliases implements games.Game.
func (Steps) Aliases() []string { return []string{"adim"} }

// Players implements games.Game.
func (Steps) Players() int { return 1 }

// SideNames implements games.Game.
func (Steps) SideNames() []string { return []string{"player"} }

// Start implements games.Game.
func (Steps) Start() games.Position { return &StepsPos{n: 10} }

// ParsePosition implements games.Game.
func (Steps) ParsePosition(s string) (games.Position, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 0 || n > MaxSteps {
		return nil, fmt.Errorf("steps: want a number from 0 to %d, got %q", MaxSteps, s)
	}
	return &StepsPos{n: n}, nil
}

// Host implements games.Hosted.
func (Steps) Host() games.Host {
	return games.Host{
		Sides:  []games.SideInfo{{Key: "player", Words: []string{"player", "oyuncu"}}},
		Policy: games.Policy{NoDraws: true, NoHints: true, Unrated: true},
		Catalog: map[string]map[string]string{
			"en": {
				"name":             "Steps",
				"help":             "Bring the number down to 0: dec takes one away, half halves an even number, third divides a multiple of 3.",
				"notation":         "dec, half or third",
				"side.player":      "player",
				"moveerr.not-even": "the number is odd",
				"moveerr.not-3":    "the number is not a multiple of 3",
				"reason.solved":    "solved",
				"cmd.hint":         "hint: the first step of a shortest way down",
				"cmd.record":       "record: the game as a file, and a chart of the moves played",
				"cmd.boom":         "boom: a command with a bug (tests)",
			},
			"tr": {
				"name":             "Adımlar",
				"help":             "Sayıyı 0'a indir: dec bir eksiltir, half çift sayıyı yarıya, third üçün katını üçe böler.",
				"notation":         "dec, half ya da third",
				"side.player":      "oyuncu",
				"moveerr.not-even": "sayı tek",
				"moveerr.not-3":    "sayı üçün katı değil",
				"reason.solved":    "çözüldü",
				"cmd.hint":         "ipucu: en kısa yolun ilk adımı",
				"cmd.record":       "kayıt: oyun bir dosya olarak, oynanan hamlelerin grafiğiyle",
				"cmd.boom":         "boom: hatalı bir komut (testler için)",
			},
		},
	}
}

// StepsPos is a Steps position.
type StepsPos struct {
	n    int
	hist []int
}

var stepsMoves = [...]string{"dec", "half", "third"}

// Turn implements ai.Position.
func (p *StepsPos) Turn() ai.Side { return ai.First }

// Moves implements ai.Position.
func (p *StepsPos) Moves(buf []ai.Move) []ai.Move {
	if p.n == 0 {
		return buf
	}
	buf = append(buf, ai.Move{Lo: 1})
	if p.n%2 == 0 {
		buf = append(buf, ai.Move{Lo: 2})
	}
	if p.n%3 == 0 {
		buf = append(buf, ai.Move{Lo: 3})
	}
	return buf
}

// Make implements ai.Position.
func (p *StepsPos) Make(m ai.Move) {
	p.hist = append(p.hist, p.n)
	switch m.Lo {
	case 1:
		p.n--
	case 2:
		p.n /= 2
	case 3:
		p.n /= 3
	}
}

// Unmake implements ai.Position.
func (p *StepsPos) Unmake() { p.n, p.hist = p.hist[len(p.hist)-1], p.hist[:len(p.hist)-1] }

// Hash implements ai.Position.
func (p *StepsPos) Hash() uint64 { return uint64(p.n)*0x9e3779b97f4a7c15 + 1 }

// Status implements ai.Position.
func (p *StepsPos) Status() ai.Status {
	if p.n == 0 {
		return ai.Status{Over: true, Winner: ai.First, Reason: "solved"}
	}
	return ai.Status{}
}

// Evaluate implements ai.Position.
func (p *StepsPos) Evaluate() int { return -p.n }

// Noisy implements ai.Position.
func (p *StepsPos) Noisy(ai.Move) bool { return false }

// Clone implements games.Position.
func (p *StepsPos) Clone() games.Position {
	c := *p
	c.hist = append([]int(nil), p.hist...)
	return &c
}

// String implements games.Position.
func (p *StepsPos) String() string { return strconv.Itoa(p.n) }

// ParseMove implements games.Position.
func (p *StepsPos) ParseMove(s string) (ai.Move, error) {
	in := strings.ToLower(strings.TrimSpace(s))
	if p.n == 0 {
		return ai.NoMove, &games.MoveError{Kind: games.GameOver, Input: s}
	}
	switch in {
	case "dec":
		return ai.Move{Lo: 1}, nil
	case "half":
		if p.n%2 != 0 {
			return ai.NoMove, &games.MoveError{Kind: games.Illegal, Input: s, Reason: "not-even", Detail: "odd"}
		}
		return ai.Move{Lo: 2}, nil
	case "third":
		if p.n%3 != 0 {
			return ai.NoMove, &games.MoveError{Kind: games.Illegal, Input: s, Reason: "not-3", Detail: "not a multiple of 3"}
		}
		return ai.Move{Lo: 3}, nil
	}
	return ai.NoMove, &games.MoveError{Kind: games.Malformed, Input: s, Detail: "a step is dec, half or third"}
}

// FormatMove implements games.Position.
func (p *StepsPos) FormatMove(m ai.Move) string { return stepsMoves[m.Lo-1] }

// Board implements games.Position.
func (p *StepsPos) Board() []string { return []string{strconv.Itoa(p.n)} }

// OptimalLength implements games.Solver: the fewest steps to 0.
func (p *StepsPos) OptimalLength() (int, bool) {
	best := make([]int32, p.n+1)
	for i := 1; i <= p.n; i++ {
		b := best[i-1] + 1
		if i%2 == 0 {
			b = min(b, best[i/2]+1)
		}
		if i%3 == 0 {
			b = min(b, best[i/3]+1)
		}
		best[i] = b
	}
	return int(best[p.n]), true
}
