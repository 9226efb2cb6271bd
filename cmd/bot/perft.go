package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/internal/registry"
)

// maxPerftDepth guards against a typo that would run for days.
const maxPerftDepth = 32

// divider is implemented by positions with a fast per-move perft split (dama).
type divider interface {
	Divide(depth int, visit func(m ai.Move, nodes uint64))
}

// runPerft is `bot perft -game G -depth N [-divide]`: for each position read
// from stdin (one a line, in the game's text format; trailing fields such as
// expected counts and `#` comments are ignored, as are blank lines) it prints
// the number of legal move paths to depth N; with -divide, first one line
// `<move> <count>` per legal move.
func runPerft(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gameName := fs.String("game", "", "game name, e.g. dama")
	depth := fs.Int("depth", -1, "depth in plies (0 or more)")
	divide := fs.Bool("divide", false, "print the count below every legal move first")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "perft: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	g, err := registry.Lookup(*gameName)
	if err != nil {
		fmt.Fprintln(stderr, "perft:", err)
		return 2
	}
	if *depth < 0 || *depth > maxPerftDepth {
		fmt.Fprintf(stderr, "perft: -depth must be between 0 and %d\n", maxPerftDepth)
		return 2
	}
	return eachPosition("perft", g, false, stdin, stdout, stderr, func(out io.Writer, p games.Position) {
		if *divide {
			total := perftDivide(p, *depth, func(move string, n uint64) {
				fmt.Fprintf(out, "%s %d\n", move, n)
			})
			fmt.Fprintln(out, total)
		} else {
			fmt.Fprintln(out, perftCount(p, *depth))
		}
	})
}

// eachPosition runs visit on every position of the engine tools' input: one
// per line in the game's position format, trailing fields and '#' comments
// ignored, blank lines skipped. It returns the tool's exit code: 1 at the
// first unreadable line (reported on stderr with its number), else 0.
//
// With whole (analyse: a line is a position and nothing else), the whole
// line is read first, so that a format's optional trailing fields (chess
// FEN's move counters) count; the leading position only when the whole
// line is not one.
func eachPosition(tool string, g games.Game, whole bool, stdin io.Reader, stdout, stderr io.Writer, visit func(out io.Writer, p games.Position)) int {
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		p, err := readPosition(g, text, whole)
		if err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "%s: line %d: %v\n", tool, line, err)
			return 1
		}
		visit(out, p)
	}
	if err := sc.Err(); err != nil {
		out.Flush()
		fmt.Fprintf(stderr, "%s: reading input: %v\n", tool, err)
		return 1
	}
	return 0
}

// readPosition reads a line's position: with whole, the whole line if it
// is one; else (or failing that) the leading position.
func readPosition(g games.Game, line string, whole bool) (games.Position, error) {
	if whole {
		if p, err := g.ParsePosition(strings.Join(strings.Fields(line), " ")); err == nil {
			return p, nil
		}
	}
	return parseLeadingPosition(g, line)
}

// parseLeadingPosition reads the position at the start of a line: the
// shortest prefix of whitespace fields that the game parses, so that counts
// after it are ignored whatever the number of fields of the game's format.
// When none parses, the error is the one for the line without its trailing
// numeric fields (the expected counts), which names the real fault.
func parseLeadingPosition(g games.Game, line string) (games.Position, error) {
	fields := strings.Fields(line)
	for k := 1; k <= len(fields); k++ {
		if p, err := g.ParsePosition(strings.Join(fields[:k], " ")); err == nil {
			return p, nil
		}
	}
	k := len(fields)
	for k > 1 && isCount(fields[k-1]) {
		k--
	}
	_, err := g.ParsePosition(strings.Join(fields[:k], " "))
	if err == nil {
		err = errors.New("unreadable position") // unreachable: every prefix failed above
	}
	return nil, err
}

func isCount(s string) bool {
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}

// perftCount uses the game's own perft when it has one.
func perftCount(p games.Position, depth int) uint64 {
	if pf := games.CanOf(nil, p).Perfter; pf != nil {
		return pf.Perft(depth)
	}
	return perftGeneric(p, depth)
}

func perftGeneric(p games.Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	moves := p.Moves(make([]ai.Move, 0, ai.MaxMoves))
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		p.Make(m)
		n += perftGeneric(p, depth-1)
		p.Unmake()
	}
	return n
}

// perftDivide reports every legal move with its count at depth-1 and
// returns the total.
func perftDivide(p games.Position, depth int, visit func(move string, n uint64)) uint64 {
	if depth == 0 {
		return 1
	}
	var total uint64
	if d, ok := p.(divider); ok {
		d.Divide(depth, func(m ai.Move, n uint64) {
			visit(p.FormatMove(m), n)
			total += n
		})
		return total
	}
	for _, m := range p.Moves(make([]ai.Move, 0, ai.MaxMoves)) {
		name := p.FormatMove(m)
		p.Make(m)
		n := perftCount(p, depth-1)
		p.Unmake()
		visit(name, n)
		total += n
	}
	return total
}
