package present

import (
	"fmt"
	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/sessions"
	"strings"
	"time"
	"unicode/utf8"
)

// MaxListedMoves is how many legal moves an error lists.
const MaxListedMoves = 10

// Sample lists up to n moves, with the number of the others.
func Sample(moves []string, n int) string {
	if len(moves) <= n {
		return strings.Join(moves, ", ")
	}
	return fmt.Sprintf("%s … (+%d)", strings.Join(moves[:n], ", "), len(moves)-n)
}

// FormatHistory numbers moves as "1. c3-c4 f6-f5 2. c4-c5": a new number
// starts when the first player moves (after the other side: a turn of
// several plies is one move); a game the second player opens starts with
// "1. …". In a one-player game (solo) every move has its number. Counts of
// moves shown to Players (MoveCount) are these numbers.
func FormatHistory(moves []string, sides []ai.Side, solo bool) string {
	return FormatHistoryFrom(moves, sides, solo, 1)
}

// FormatHistoryFrom is FormatHistory numbered from first (a custom
// start's move number).
func FormatHistoryFrom(moves []string, sides []ai.Side, solo bool, first int) string {
	var b strings.Builder
	n := first - 1
	prev := ai.NoSide
	for i, mv := range moves {
		side := ai.First
		if i < len(sides) {
			side = sides[i]
		}
		switch {
		case i == 0 && side != ai.First:
			n++
			fmt.Fprintf(&b, "%d. … ", n)
		case newMove(side, prev, solo):
			n++
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%d. ", n)
		default:
			b.WriteByte(' ')
		}
		b.WriteString(mv)
		prev = side
	}
	return b.String()
}

// newMove reports whether a ply of side after one of prev starts a new
// number in FormatHistory.
func newMove(side, prev ai.Side, solo bool) bool {
	return side == ai.First && (prev != ai.First || solo)
}

// MoveCount is the number of moves of s as its history numbers them: "1.
// c3-c4 f6-f5 2. c4-c5" is 2 moves.
func MoveCount(s sessions.Snapshot) int {
	n := 0
	prev := ai.NoSide
	for i := range s.Moves {
		side := ai.First
		if i < len(s.Sides) {
			side = s.Sides[i]
		}
		if i == 0 || newMove(side, prev, s.Solo()) {
			n++
		}
		prev = side
	}
	return n
}

// TruncData keeps button data within Telegram's limit, never cutting a
// character in two.
func TruncData(s string) string {
	if len(s) <= chat.MaxButtonData {
		return s
	}
	n := chat.MaxButtonData
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// FormatDuration writes a time left in words, rounded to its largest unit
// ("2 sa", "1 dk", "43 sn").
func (r *Presenter) FormatDuration(lang chat.Lang, d time.Duration) string {
	switch {
	case d >= 24*time.Hour && d.Round(time.Hour)%(24*time.Hour) == 0:
		d = d.Round(time.Hour)
	case d >= time.Hour:
		d = d.Round(time.Hour)
	case d >= time.Minute:
		d = d.Round(time.Minute)
	default:
		d = max(d.Round(time.Second), time.Second)
	}
	return r.DurationText(lang, d)
}
