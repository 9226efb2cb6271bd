package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/games/chess"
	"oyunbot/games/chess/chessgame"
	"oyunbot/tools/internal/sprtstat"
)

// The test binary doubles as a small UCI engine (the common engine on
// chess at a fixed depth) when SPRT_TEST_ENGINE names its behaviour: the
// harness then talks to real processes through real pipes.
func TestMain(m *testing.M) {
	if mode := os.Getenv("SPRT_TEST_ENGINE"); mode != "" {
		testEngine(mode)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// testEngine speaks enough UCI for the harness. Modes: "depthN" searches
// N plies; "crash" exits at its third move; "illegal" answers a1a1.
func testEngine(mode string) {
	depth := 1
	fmt.Sscanf(mode, "depth%d", &depth)
	e := ai.NewEngine(ai.DefaultOptions())
	var pos *chessgame.Position
	moves := 0
	out := bufio.NewWriter(os.Stdout)
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			fmt.Fprintf(out, "id name test-%s\nuciok\n", mode)
		case "isready":
			fmt.Fprintln(out, "readyok")
		case "position":
			i := 2
			fen := chess.StartFEN
			if f[1] == "fen" {
				for i < len(f) && f[i] != "moves" {
					i++
				}
				fen = strings.Join(f[2:i], " ")
			}
			pos, _ = chessgame.ParseFEN(fen)
			if i < len(f) && f[i] == "moves" {
				for _, s := range f[i+1:] {
					m, _ := pos.ParseMove(s)
					pos.Make(m)
				}
			}
		case "go":
			moves++
			switch {
			case mode == "crash" && moves == 3:
				os.Exit(3)
			case mode == "illegal":
				fmt.Fprintln(out, "bestmove a1a1")
			default:
				r := e.Search(context.Background(), pos, ai.Limits{Depth: depth}, nil)
				fmt.Fprintf(out, "info depth %d score cp %d nodes %d\n", r.Depth, r.Score, r.Nodes)
				fmt.Fprintf(out, "bestmove %s\n", pos.UCI(r.Best))
			}
		case "quit":
			out.Flush()
			return
		}
		out.Flush()
	}
}

func testSpec(t *testing.T, name, mode string) engineSpec {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("SPRT_TEST_ENGINE", "") // the harness itself is not an engine
	return engineSpec{name: name, cmd: "/usr/bin/env", args: []string{"SPRT_TEST_ENGINE=" + mode, exe}, tc: timeControl{nodes: 1}, options: map[string]string{}}
}

var summaryLine = regexp.MustCompile(`games (\d+) W-D-L (\d+)-(\d+)-(\d+) score [0-9.]+ pairs \[(\d+ ){4}\d+\] elo [-+]\d`)

// TestMatchPlaysPairs plays two pairs between a depth-2 and a depth-1
// engine from the shipped book and checks what the report and the PGN
// say: every game finished by the rules or the ply limit, the colours
// swapped within a pair, and the PGN's moves legal from its FEN.
func TestMatchPlaysPairs(t *testing.T) {
	if _, err := os.Stat("/usr/bin/env"); err != nil {
		t.Skip("no /usr/bin/env")
	}
	f, err := os.Open("testdata/openings.epd")
	if err != nil {
		t.Fatal(err)
	}
	openings, err := readOpenings(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	var out, errs, pgn bytes.Buffer
	cfg := config{
		engines:     [2]engineSpec{testSpec(t, "deep", "depth2"), testSpec(t, "shallow", "depth1")},
		openings:    openings[:2],
		games:       4,
		concurrency: 2,
		adj:         adjudication{maxPlies: 60},
		timeMargin:  time.Second,
		pgn:         &pgn,
		event:       "test",
		test:        &sprtstat.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05},
	}
	if code := playMatch(context.Background(), cfg, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	text := out.String()
	if !strings.Contains(text, "final: deep vs shallow: games 4 ") || !strings.Contains(text, "LLR ") {
		t.Errorf("no final summary of 4 games with the LLR:\n%s", text)
	}
	// How far each searched, from its info lines.
	for _, want := range []string{"search of deep: ", "search of shallow: "} {
		i := strings.Index(text, want)
		if i < 0 {
			t.Errorf("no %q line:\n%s", want, text)
			continue
		}
		d := map[string]string{"search of deep: ": "depth 2 ", "search of shallow: ": "depth 1 "}[want]
		if line, _, _ := strings.Cut(text[i:], "\n"); !strings.Contains(line, " nodes, "+d) {
			t.Errorf("%q: want the median %s", line, d)
		}
	}
	if n := len(summaryLine.FindAllString(text, -1)); n != 3 { // after each pair, and the final line
		t.Errorf("%d summary lines, want 3:\n%s", n, text)
	}
	games := strings.Split(strings.TrimSpace(pgn.String()), "\n\n[")
	if len(games) != 4 {
		t.Fatalf("%d PGN games, want 4:\n%s", len(games), pgn.String())
	}
	whites := map[string]int{}
	for _, g := range games {
		tags := map[string]string{}
		for _, m := range regexp.MustCompile(`\[?(\w+) "([^"]*)"\]`).FindAllStringSubmatch(g, -1) {
			tags[m[1]] = m[2]
		}
		whites[tags["White"]]++
		if r := tags["Termination"]; r == "" || strings.Contains(r, "illegal") {
			t.Errorf("game ended by %q", r)
		}
		p, err := chessgame.ParseFEN(tags["FEN"])
		if err != nil {
			t.Fatalf("PGN FEN: %v", err)
		}
		body := g[strings.LastIndex(g, "]")+1:]
		for _, tok := range strings.Fields(body) {
			if strings.HasSuffix(tok, ".") || tok == tags["Result"] {
				continue
			}
			m, err := p.ParseMove(tok)
			if err != nil {
				t.Fatalf("PGN move %q: %v", tok, err)
			}
			p.Make(m)
		}
		if st := p.Status(); st.Over && st.Reason != tags["Termination"] {
			t.Errorf("the PGN's game ends by %s, its tag says %s", st.Reason, tags["Termination"])
		}
	}
	if whites["deep"] != 2 || whites["shallow"] != 2 {
		t.Errorf("white in %v, want each engine twice", whites)
	}
}

// TestFailingEnginesLose: a crashing engine and one that plays an illegal
// move lose their games, are counted as failures, and the match goes on
// (the crashed engine restarted).
func TestFailingEnginesLose(t *testing.T) {
	f, err := os.Open("testdata/openings.epd")
	if err != nil {
		t.Fatal(err)
	}
	openings, err := readOpenings(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"crash", "illegal"} {
		var out, errs bytes.Buffer
		cfg := config{
			engines:     [2]engineSpec{testSpec(t, "good", "depth1"), testSpec(t, mode, mode)},
			openings:    openings[:1],
			games:       2,
			concurrency: 1,
			adj:         adjudication{maxPlies: 40},
			timeMargin:  time.Second,
		}
		if code := playMatch(context.Background(), cfg, &out, &errs); code != 0 {
			t.Fatalf("%s: exit %d: %s", mode, code, errs.String())
		}
		text := out.String()
		if !strings.Contains(text, "W-D-L 2-0-0") || !strings.Contains(text, "2 games ended by an engine failure") {
			t.Errorf("%s: want two wins for the good engine and two failures:\n%s", mode, text)
		}
	}
}

func TestReadOpenings(t *testing.T) {
	in := "# a comment\n\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - ce 20; c0 \"e2e4\";\n" +
		"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n"
	got, err := readOpenings(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -", "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("readOpenings = %q, want %q", got, want)
	}
	for _, bad := range []string{"", "# only a comment\n", "rnbqkbnr/pppppppp w\n", "8/8/8/8/8/8/8/8 w - -\n"} {
		if _, err := readOpenings(strings.NewReader(bad)); err == nil {
			t.Errorf("readOpenings(%q) accepted", bad)
		}
	}
}

// TestShippedBook: the book parses, is large, and has no position twice.
func TestShippedBook(t *testing.T) {
	f, err := os.Open("testdata/openings.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ops, err := readOpenings(f)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, o := range ops {
		if seen[o] {
			t.Errorf("%s twice", o)
		}
		seen[o] = true
	}
	if len(ops) < 500 {
		t.Errorf("%d openings, want at least 500", len(ops))
	}
}

func TestParseEngineSpec(t *testing.T) {
	base, err := parseEngineSpec("nodes=5000,option.Hash=32", engineSpec{})
	if err != nil {
		t.Fatal(err)
	}
	e, err := parseEngineSpec("name=sf,cmd=/usr/games/stockfish,option.UCI_Elo=2400,arg=x,arg=y,nice=5", base)
	if err != nil {
		t.Fatal(err)
	}
	if e.name != "sf" || e.cmd != "/usr/games/stockfish" || e.tc.nodes != 5000 || e.options["Hash"] != "32" ||
		e.options["UCI_Elo"] != "2400" || strings.Join(e.args, " ") != "x y" || e.nice != 5 {
		t.Errorf("spec = %+v", e)
	}
	if _, ok := base.options["UCI_Elo"]; ok {
		t.Error("an engine's option leaked into the shared settings")
	}
	for in, want := range map[string]timeControl{
		"tc=10+0.1":     {base: 10 * time.Second, inc: 100 * time.Millisecond},
		"tc=40/1m+0":    {base: time.Minute, movesToGo: 40},
		"movetime=1s":   {movetime: time.Second},
		"movetime=0.25": {movetime: 250 * time.Millisecond},
		"depth=7":       {depth: 7},
	} {
		e, err := parseEngineSpec(in, engineSpec{})
		if err != nil || e.tc != want {
			t.Errorf("%s: %+v, %v; want %+v", in, e.tc, err, want)
		}
	}
	for _, bad := range []string{"nodes=0", "movetime=x", "tc=+1", "depth=0", "colour=red", "option", "nice=40"} {
		if _, err := parseEngineSpec(bad, engineSpec{}); err == nil {
			t.Errorf("parseEngineSpec(%q) accepted", bad)
		}
	}
}

// TestClockForfeit: an engine on a clock it cannot keep loses on time.
func TestClockForfeit(t *testing.T) {
	slow := testSpec(t, "slow", "depth6")
	slow.tc = timeControl{base: time.Millisecond}
	fast := testSpec(t, "fast", "depth1")
	fast.tc = timeControl{base: time.Minute}
	var engines [2]*engine
	for i, s := range []engineSpec{slow, fast} {
		e, err := startEngine(s)
		if err != nil {
			t.Fatal(err)
		}
		defer e.close()
		engines[i] = e
	}
	rec := playGame(context.Background(), chess.StartFEN, engines[0], engines[1], adjudication{maxPlies: 20}, 0)
	if rec.reason != "time forfeit" || rec.whiteScore != 0 {
		t.Errorf("game ended %s, %s; want a time forfeit of White", rec.resultText(), rec.reason)
	}
}
