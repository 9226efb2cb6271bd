package main

// draughts_console_test.go plays Italian draughts and checkers end to end
// through the built binary's console, in English and Turkish: whole games
// against the seed level (deterministic, so the person's moves can be
// chosen beforehand by replaying the level in the test), refused moves
// explained, the pdn command; and `bot perft` on the shared perft files.

import (
	"context"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/games/draughts"
)

// seedGame plays g from its start: the person's side takes the first of
// its legal moves in sorted order (typed as the person would, in squares
// or numbers), the bot's side the seed level's move. It returns the
// person's moves and the final position.
func seedGame(t *testing.T, g draughts.Game, person ai.Side, numeric bool) ([]string, *draughts.Position) {
	t.Helper()
	p := g.NewStart()
	e := ai.NewEngine(ai.DefaultOptions())
	lvl := draughts.Levels()[0]
	var typed []string
	for !p.Status().Over && p.Ply() < 1000 {
		if p.Turn() == person {
			var legal []string
			for _, m := range p.Moves(nil) {
				if numeric {
					legal = append(legal, p.FormatNumeric(m))
				} else {
					legal = append(legal, p.FormatAlgebraic(m))
				}
			}
			slices.Sort(legal)
			m, err := p.ParseMove(legal[0])
			if err != nil {
				t.Fatal(err)
			}
			typed = append(typed, legal[0])
			p.Make(m)
			continue
		}
		p.Make(e.Choose(context.Background(), p, lvl, nil).Best)
	}
	if !p.Status().Over {
		t.Fatalf("%s: no end in 1000 plies", g.Name())
	}
	return typed, p
}

func TestConsoleItalianWholeGame(t *testing.T) {
	t.Parallel()
	botBinary(t) // skipped with -short before the seed game is replayed
	moves, end := seedGame(t, draughts.Italian, ai.First, false)
	out := runBinary(t, "en", "play italian seed\n"+strings.Join(moves, "\n")+"\npdn\n")
	st := end.Status()
	result := map[ai.Side]string{ai.First: "Game over: you (white) wins", ai.Second: "Game over: oyunbot (black) wins", ai.NoSide: "Game over: a draw"}[st.Winner]
	for _, want := range []string{"New game: Italian draughts — you (white) – oyunbot (black, seed)", result,
		"[GameType \"22\"]", "--- oyunbot-g1.pdn ---"} {
		if !strings.Contains(out, want) {
			t.Fatalf("no %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Illegal move") {
		t.Fatalf("a move refused:\n%s", out)
	}
	t.Logf("%d moves of the person's, %s (%s)", len(moves), result, st.Reason)
}

func TestConsoleCheckersWholeGameTurkish(t *testing.T) {
	t.Parallel()
	botBinary(t) // skipped with -short before the seed game is replayed
	moves, end := seedGame(t, draughts.Checkers, ai.Second, true)
	out := runBinary(t, "tr", "oyna checkers seed siyah\n"+strings.Join(moves, "\n")+"\n")
	st := end.Status()
	result := map[ai.Side]string{ai.First: "Oyun bitti: oyunbot (beyaz) kazandı", ai.Second: "Oyun bitti: you (siyah) kazandı", ai.NoSide: "Oyun bitti: berabere"}[st.Winner]
	for _, want := range []string{"Yeni oyun: İngiliz daması", "you: " + moves[0], result} {
		if !strings.Contains(out, want) {
			t.Fatalf("no %q in:\n%s", want, out)
		}
	}
	t.Logf("%d moves of the person's, %s (%s)", len(moves), result, st.Reason)
}

// TestConsoleDraughtsRefusals: wrong moves are explained in one line with
// the legal moves, in both languages, and the bot answers in the form the
// person typed.
func TestConsoleDraughtsRefusals(t *testing.T) {
	t.Parallel()
	out := runBinary(t, "en", strings.Join([]string{
		"play italian from ......../......../......../......../..B.b.../...w..../......../.......W w",
		"d3xb5", // a man never takes a king
		"h1-g2", // a capture is compulsory
		"22x15", // in numbers: the bot's answer follows
	}, "\n")+"\n")
	for _, want := range []string{
		"a man never captures a king. Legal moves: d3xf5",
		"capturing is compulsory: only the captures can be played. Legal moves: d3xf5",
		"you: 22x15",
	} {
		if !strings.Contains(out, want) {
			t.Fatalf("no %q in:\n%s", want, out)
		}
	}
	out = runBinary(t, "tr", strings.Join([]string{
		"oyna italian from ......../......../......../......../..b.b.../...W..../......../........ w",
		"d3xf5", // either capture: both take one man
		"yardım checkers",
	}, "\n")+"\n")
	for _, want := range []string{"you: d3xf5", "Türk damasından farkı", "almada seçim serbest"} {
		if !strings.Contains(out, want) {
			t.Fatalf("no %q in:\n%s", want, out)
		}
	}
}

// TestPerftDraughts runs `bot perft` on every line of the shared files'
// copies (to its last count, at most depth 6) and a divide of a rule line.
func TestPerftDraughts(t *testing.T) {
	for _, tc := range []struct{ game, file string }{
		{"italian", "../../games/draughts/testdata/italian.perft"},
		{"checkers", "../../games/draughts/testdata/checkers.perft"},
	} {
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		lines := 0
		for _, line := range strings.Split(string(data), "\n") {
			text := line
			if i := strings.IndexByte(text, '#'); i >= 0 {
				text = text[:i]
			}
			f := strings.Fields(text)
			if len(f) < 3 {
				continue
			}
			depth := min(len(f)-2, 6)
			var out, errOut strings.Builder
			if code := runPerft([]string{"-game", tc.game, "-depth", strconv.Itoa(depth)}, strings.NewReader(line+"\n"), &out, &errOut); code != 0 {
				t.Fatalf("%s: exit %d: %s", line, code, errOut.String())
			}
			if got := strings.TrimSpace(out.String()); got != f[1+depth] {
				t.Errorf("%s: perft %d = %s, want %s", line, depth, got, f[1+depth])
			}
			lines++
		}
		if lines < 9 {
			t.Errorf("%s: only %d lines", tc.file, lines)
		}
	}
	var out, errOut strings.Builder
	rule := "......../......../......../......../....b.../.....W../..b.b.../.....w.. w 1 # a king captures before a man | f3xd1xb3\n"
	if code := runPerft([]string{"-game", "italyan", "-depth", "1", "-divide"}, strings.NewReader(rule), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if out.String() != "f3xd1xb3 1\n1\n" {
		t.Errorf("divide: %q", out.String())
	}
}

// TestConsoleCheckersChallengeWithClock: between two people with a clock,
// Black (the one challenged) opens, White waits its turn.
func TestConsoleCheckersChallengeWithClock(t *testing.T) {
	t.Parallel()
	out := runBinary(t, "en", strings.Join([]string{
		"challenge @ali checkers 5m+3s", "/as ali", "accept",
		"/as you", "22-18", "/as ali", "11-15", "/as you", "23-19",
	}, "\n")+"\n")
	for _, want := range []string{
		"New game: Checkers — you (white) – ali (black)",
		"To move: ali (black)",
		"It is not your turn; ali is to move.",
		"ali: 11-15",
		"you: 23-19",
		"(5 min + 3 s)",
	} {
		if !strings.Contains(out, want) {
			t.Fatalf("no %q in:\n%s", want, out)
		}
	}
}

// TestConsoleCheckersBotOpens: a person who starts checkers without a side
// plays White, and the bot, Black, opens.
func TestConsoleCheckersBotOpens(t *testing.T) {
	t.Parallel()
	out := runBinary(t, "en", "play checkers easy\n")
	if !strings.Contains(out, "New game: Checkers — you (white) – oyunbot (black, easy)\noyunbot: ") ||
		!strings.Contains(out, "Your move (white)") {
		t.Fatalf("the bot did not open:\n%s", out)
	}
}

// TestConsoleDraughtsTournamentAndMatch: nothing in tournaments or matches
// is game-specific: an Italian round robin of three, every game ended by
// resignation, comes to its final standings (three games, three points),
// and a checkers match to three points against the bot, in Turkish, ends
// after three games the person resigns.
func TestConsoleDraughtsTournamentAndMatch(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs the bot")
	}
	players := []string{"you", "p2", "p3"}
	var script strings.Builder
	script.WriteString("tournament create italian roundrobin\n")
	for _, p := range players {
		script.WriteString("/as " + p + "\njoin\n")
	}
	script.WriteString("/as you\nstart\n" + resignCycles(players, 4))
	out := runBinary(t, "en", script.String())
	if !strings.Contains(out, "The Italian draughts tournament is over!") {
		t.Fatalf("no end of the tournament:\n%s", tail(out, 40))
	}
	points := finalStandings(t, out)
	total := 0.0
	for _, p := range players {
		total += points[p]
	}
	if len(points) != 3 || total != 3 {
		t.Fatalf("standings %v: want three players and three points", points)
	}

	// Each game: one move (White's opening reply or Black's first move,
	// whichever side the person has; the other is refused), then resign.
	out = runBinary(t, "tr", "oyna checkers seed maç 3\n"+strings.Repeat("22-18\n11-15\npes evet\n", 3))
	m := regexp.MustCompile(`Maç bitti: you (\d) – (\d) oyunbot`).FindStringSubmatch(out)
	if m == nil || m[1] != "0" || m[2] != "3" || !strings.Contains(out, "#g3 Maç: ") {
		t.Fatalf("the match did not end 0-3 after three games (%v):\n%s", m, tail(out, 40))
	}
}
