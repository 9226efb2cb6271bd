package tavlaplay

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// BearoffStart is pair's random pure bear-off (seeded by seed and pair):
// each side 4 to 15 checkers on its home points (all 15, none off, a time
// in four), White to roll; in backgammon the cube centred, White to
// decide, a money game.
func BearoffStart(seed uint64, pair int, backgammon bool) string {
	r := rand.New(rand.NewPCG(seed^0xbea2, uint64(pair)))
	cells := make([]string, 24)
	for i := range cells {
		cells[i] = "."
	}
	var off [2]int
	for side, letter := range []string{"w", "b"} {
		n := 4 + r.IntN(12)
		if r.IntN(4) == 0 {
			n = 15
		}
		var c [6]int
		for range n {
			c[r.IntN(6)]++
		}
		off[side] = 15 - n
		for d := 1; d <= 6; d++ {
			if c[d-1] == 0 {
				continue
			}
			i := 24 - d // White's point d away from off
			if side == 1 {
				i = d - 1
			}
			cells[i] = letter + strconv.Itoa(c[d-1])
		}
	}
	text := fmt.Sprintf("%s %d %d 0 0 w -", strings.Join(cells, ","), off[0], off[1])
	if backgammon {
		text += " 1 d money"
	}
	return text
}
