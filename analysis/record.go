package analysis

// record.go reads and writes a game record as text, for the command line
// and the test sets: the start (when it is not the game's) and the moves,
// chance outcomes included, as the game writes them.

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
)

// ParseRecord reads a record of game g:
//
//	# a comment (from a # that begins a word to the end of the line)
//	start <position text>      optional: the game's start by default
//	e4                         then the moves in order, one a line, or
//	e5 Nf3 Nc6                 several on a line where each is one word
//
// A line is first read as one move (İşlem's "7 b6"); when it is not one,
// as moves separated by spaces, PGN's move numbers ("12.", "12...") and
// result ("1-0", "*") left out. Errors name the line and the move.
func ParseRecord(g games.Game, r io.Reader) (start games.Position, moves []ai.Move, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	var p games.Position
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(stripComment(sc.Text()))
		if text == "" {
			continue
		}
		if rest, ok := cutWord(text, "start"); ok && p == nil {
			if start, err = g.ParsePosition(rest); err != nil {
				return nil, nil, fmt.Errorf("%w: line %d: the start: %v", ErrBadRecord, line, err)
			}
			p = start.Clone()
			continue
		}
		if p == nil {
			start = g.Start()
			p = start.Clone()
		}
		if m, err := p.ParseMove(text); err == nil {
			moves = append(moves, m)
			p.Make(m)
			continue
		}
		for _, w := range strings.Fields(text) {
			if moveNumber.MatchString(w) || results[w] {
				continue
			}
			m, err := p.ParseMove(w)
			if err != nil {
				return nil, nil, fmt.Errorf("%w: line %d: move %d: %v", ErrBadRecord, line, len(moves)+1, err)
			}
			moves = append(moves, m)
			p.Make(m)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, nil, fmt.Errorf("analysis: reading the record: %w", err)
	}
	if start == nil {
		start = g.Start()
	}
	return start, moves, nil
}

var (
	moveNumber = regexp.MustCompile(`^[0-9]+\.+$`)
	results    = map[string]bool{"1-0": true, "0-1": true, "1/2-1/2": true, "½-½": true, "*": true}
)

// stripComment cuts s at a # that begins a word (chess's mate, "Qf7#",
// is no comment).
func stripComment(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '#' && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t') {
			return s[:i]
		}
	}
	return s
}

// cutWord returns what follows word (and a space) at the start of s.
func cutWord(s, word string) (string, bool) {
	rest, ok := strings.CutPrefix(s, word)
	if !ok || rest == "" || (rest[0] != ' ' && rest[0] != '\t') {
		return "", false
	}
	return strings.TrimSpace(rest), true
}

// FormatRecord writes a record ParseRecord reads back: the start when it is
// not g's, then a move a line.
func FormatRecord(g games.Game, start games.Position, moves []ai.Move) string {
	var b strings.Builder
	if s := start.String(); s != g.Start().String() {
		fmt.Fprintf(&b, "start %s\n", s)
	}
	p := start.Clone()
	for _, m := range moves {
		b.WriteString(p.FormatMove(m))
		b.WriteByte('\n')
		p.Make(m)
	}
	return b.String()
}
