package islem

// legal.go lists the legal moves as people can read them: hundreds of
// placements grouped by the squares the stones may go to
// (games.MoveGrouper), and the text board (games.TextBoarder).

import (
	"slices"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
)

var (
	_ games.MoveGrouper = (*Position)(nil)
	_ games.TextBoarder = (*Position)(nil)
)

// GroupMoves implements games.MoveGrouper: placements as the stones in
// hand and the squares they may go to ("place 0 1 … 13 → a1–8 b1–8 …"),
// moves as the stones that may move and their targets, captures as the
// squares of the stones that may be taken; stones sharing their squares
// are one group.
func (p *Position) GroupMoves(lang string) []games.MoveGroup {
	var (
		place   = map[int]uint64{} // stone value → squares
		move    = map[int]uint64{} // from → squares
		capture uint64
		forfeit []int
		pass    bool
	)
	for _, m := range p.LegalMoves(nil) {
		switch kindOf(m) {
		case kindPlace:
			place[valueOf(m)] |= bit(toOf(m))
		case kindMove:
			move[fromOf(m)] |= bit(toOf(m))
		case kindCapture:
			capture |= bit(toOf(m))
		case kindForfeit:
			forfeit = append(forfeit, valueOf(m))
		case kindPass:
			pass = true
		}
	}
	var out []games.MoveGroup
	group := func(key string, by map[int]uint64, name func(int) string) {
		seen := map[uint64]bool{}
		keys := make([]int, 0, len(by))
		for k := range by {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			sqs := by[k]
			if seen[sqs] {
				continue
			}
			seen[sqs] = true
			var who []string
			for _, k2 := range keys {
				if by[k2] == sqs {
					who = append(who, name(k2))
				}
			}
			out = append(out, games.MoveGroup{Label: text(lang, key, "stones", strings.Join(who, " ")), Moves: squareRuns(sqs)})
		}
	}
	group("legal.place", place, strconv.Itoa)
	group("legal.move", move, SquareName)
	if capture != 0 {
		out = append(out, games.MoveGroup{Label: text(lang, "legal.capture"), Moves: squareRuns(capture)})
	}
	if len(forfeit) > 0 {
		var vs []string
		for _, v := range forfeit {
			vs = append(vs, strconv.Itoa(v))
		}
		out = append(out, games.MoveGroup{Label: text(lang, "legal.forfeit"), Moves: vs})
	}
	if pass {
		out = append(out, games.MoveGroup{Label: text(lang, "legal.pass"), Moves: []string{"pass"}})
	}
	return out
}

// squareRuns writes a set of squares file by file, runs of ranks joined:
// "a1–8", "c1–3", "c5", "d2–4".
func squareRuns(sqs uint64) []string {
	var out []string
	for f := 0; f < Size; f++ {
		for r := 0; r < Size; r++ {
			if sqs&bit(r*Size+f) == 0 {
				continue
			}
			end := r
			for end+1 < Size && sqs&bit((end+1)*Size+f) != 0 {
				end++
			}
			run := SquareName(r*Size + f)
			if end > r {
				run += "–" + strconv.Itoa(end+1)
			}
			out = append(out, run)
			r = end
		}
	}
	return out
}

// text is İşlem's catalogue message key in lang (English when lang has
// none) with its placeholders filled.
func text(lang, key string, kv ...string) string {
	return games.CatalogText(catalog(), lang, key, kv...)
}

// TextBoard implements games.TextBoarder: ranks from 8 down with their
// numbers, each square three characters wide: a stone is its side's
// letter and number ("s12" black's 12, "k7" red's 7 in Turkish; "b12",
// "r7" in English), with the letters' legend under the board. İşlem's
// board is never turned round (flip is ignored).
func (p *Position) TextBoard(lang string, flip bool) string {
	letters := [2]string{text(lang, "text.black"), text(lang, "text.red")}
	var b strings.Builder
	for r := Size - 1; r >= 0; r-- {
		b.WriteString(strconv.Itoa(r + 1))
		for f := 0; f < Size; f++ {
			cell := "."
			if s, v, ok := p.Stone(r*Size + f); ok {
				cell = letters[s] + strconv.Itoa(v)
			}
			b.WriteString(strings.Repeat(" ", 4-len([]rune(cell))) + cell)
		}
		b.WriteByte('\n')
	}
	b.WriteString(" ")
	for f := 0; f < Size; f++ {
		b.WriteString("   " + string(rune('a'+f)))
	}
	b.WriteString("\n" + text(lang, "text.legend", "black", letters[ai.First], "red", letters[ai.Second]))
	return b.String()
}
