package draughts

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/internal/record"
)

// readPDN is a second reader of PDN, written from the format's
// description and the rule file's numbering, not from pdn.go: it returns
// the tags and the moves as paths of square names.
func readPDN(t *testing.T, text string, g Game) (tags map[string]string, paths [][]string) {
	t.Helper()
	tags = map[string]string{}
	tagRE := regexp.MustCompile(`^\[(\w+) "((?:[^"\\]|\\.)*)"\]$`)
	lines := strings.Split(text, "\n")
	i := 0
	for ; i < len(lines) && strings.HasPrefix(lines[i], "["); i++ {
		m := tagRE.FindStringSubmatch(lines[i])
		if m == nil {
			t.Fatalf("bad tag line %q", lines[i])
		}
		tags[m[1]] = strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(m[2])
	}
	body := strings.Join(lines[i:], " ")
	body = regexp.MustCompile(`\{[^}]*\}`).ReplaceAllString(body, " ")
	// Square n: row (n-1)/4 from rank 8, the (n-1)%4-th dark square of it
	// from the left as White sees the board.
	name := func(n int) string {
		row, k := (n-1)/4, (n-1)%4
		rank := 8 - row
		file := 2 * k
		dark0 := (g == Italian) == (row%2 == 0) // Italian's rank 8 starts dark on a8
		if !dark0 {
			file++
		}
		return fmt.Sprintf("%c%d", 'a'+file, rank)
	}
	moveRE := regexp.MustCompile(`^\d+([-x]\d+)+$`)
	for _, tok := range strings.Fields(body) {
		switch {
		case tok == tags["Result"]:
			continue
		case regexp.MustCompile(`^\d+\.(\.\.)?$`).MatchString(tok):
			continue
		case !moveRE.MatchString(tok):
			t.Fatalf("unexpected token %q", tok)
		}
		var path []string
		for _, f := range strings.FieldsFunc(tok, func(r rune) bool { return r == '-' || r == 'x' }) {
			n, _ := strconv.Atoi(f)
			path = append(path, name(n))
		}
		paths = append(paths, path)
	}
	return tags, paths
}

// TestPDNReadsBack: finished games of both variants (the bot against
// itself from a few random moves) exported and read back by readPDN give
// the same moves, the same end and the tags the record says.
func TestPDNReadsBack(t *testing.T) {
	e := ai.NewEngine(ai.DefaultOptions())
	lvl := ai.Level{Name: "test", Limits: ai.Limits{Depth: 3}}
	for i, g := range []Game{Italian, Checkers} {
		r := rand.New(rand.NewPCG(uint64(i), 1))
		start := g.NewStart()
		p := start.clone()
		var moves []ai.Move
		for len(moves) < 300 && !p.Status().Over {
			var m ai.Move
			if len(moves) < 6 {
				ms := p.Moves(nil)
				m = ms[r.IntN(len(ms))]
			} else {
				m = e.Choose(context.Background(), p, lvl, nil).Best
			}
			moves = append(moves, m)
			p.Make(m)
		}
		st := p.Status()
		rec := &PDNRecord{Header: record.Header{Event: "oyunbot", Site: "console", White: `Ayşe "A"`, Black: "oyunbot",
			Date: time.Date(2025, 3, 4, 0, 0, 0, 0, time.UTC)}, Start: start, Moves: moves,
			Over: st.Over, Winner: st.Winner, Reason: st.Reason}
		text, err := rec.PDN()
		if err != nil {
			t.Fatal(err)
		}
		tags, paths := readPDN(t, text, g)
		want := map[string]string{"Event": "oyunbot", "Site": "console", "Date": "2025.03.04", "Round": "-",
			"White": `Ayşe "A"`, "Black": "oyunbot", "Result": rec.Result(), "GameType": strconv.Itoa(g.v.gameType)}
		for k, v := range want {
			if tags[k] != v {
				t.Errorf("%s: tag %s = %q, want %q", g.Name(), k, tags[k], v)
			}
		}
		if len(paths) != len(moves) {
			t.Fatalf("%s: %d moves read back, %d played\n%s", g.Name(), len(paths), len(moves), text)
		}
		q := start.clone()
		for j, path := range paths {
			want, _ := q.MoveSquares(moves[j])
			if strings.Join(path, "x") != strings.Join(want, "x") {
				t.Fatalf("%s: move %d read as %v, played %v", g.Name(), j+1, path, want)
			}
			q.Make(moves[j])
		}
		if st.Over && rec.Result() == "*" {
			t.Errorf("%s: finished game without a result", g.Name())
		}
		t.Logf("%s: %d moves, %s (%s)", g.Name(), len(moves), rec.Result(), st.Reason)
	}
}

// TestPDNCommand: the "pdn" command of a game from a custom start, with
// Black to move first and a resignation.
func TestPDNCommand(t *testing.T) {
	start, err := Italian.Parse("......../......../..b...../......../......../...w..../......../.W...... b")
	if err != nil {
		t.Fatal(err)
	}
	p := start.clone()
	var moves []ai.Move
	for _, s := range []string{"c6-d5", "d3-e4"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		p.Make(m)
	}
	ans, err := Italian.Commands()[0].Run(context.Background(), games.CommandRequest{Game: Italian, Lang: "en", ID: 7, Start: start,
		Moves: moves, Position: p, Players: [2]string{"Ayşe", "oyunbot"}, Over: true, Winner: ai.First, Reason: "resigned"})
	if err != nil {
		t.Fatal(err)
	}
	text := string(ans.File.Data)
	for _, want := range []string{`[SetUp "1"]`, `[FEN "B:W22,K29:B10"]`, `[GameType "22"]`, "1... 10-14 2. 22-19", "{Black resigns.} 1-0"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	if ans.Text != "Game #g7 as PDN, to move 2: 1-0." || ans.File.Name != "oyunbot-g7.pdn" {
		t.Errorf("answer %q %q", ans.Text, ans.File.Name)
	}
}
