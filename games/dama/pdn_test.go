package dama

import (
	"context"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
)

// readPDN is a second reader of PDN, written from the format's description,
// not from the writer: the tags, and the moves replayed by the rules from
// the start (the standard one, or the FEN's squares read here) through the
// parser players type into.
func readPDN(t *testing.T, text string) (map[string]string, *Position, []ai.Move) {
	t.Helper()
	tags := map[string]string{}
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
	for _, l := range lines[i:] {
		if len(l) > 79 {
			t.Errorf("a movetext line of %d characters: %q", len(l), l)
		}
	}
	start := NewStart()
	if fen := tags["FEN"]; fen != "" {
		// "W:Wa2,Kd4:Bh7": the side to move, then each colour's squares.
		parts := strings.Split(fen, ":")
		if len(parts) != 3 {
			t.Fatalf("FEN %q", fen)
		}
		rows := [8][]byte{}
		for r := range rows {
			rows[r] = []byte("........")
		}
		for _, part := range parts[1:] {
			for _, sq := range strings.Split(part[1:], ",") {
				c := strings.ToLower(part[:1])
				if strings.HasPrefix(sq, "K") {
					c, sq = strings.ToUpper(c), sq[1:]
				}
				rows[7-int(sq[1]-'1')][sq[0]-'a'] = c[0]
			}
		}
		var b []string
		for _, r := range rows {
			b = append(b, string(r))
		}
		p, err := ParsePosition(strings.Join(b, "/") + " " + strings.ToLower(parts[0]))
		if err != nil {
			t.Fatalf("FEN %q: %v", fen, err)
		}
		start = p
	}
	body := regexp.MustCompile(`\{[^}]*\}`).ReplaceAllString(strings.Join(lines[i:], " "), " ")
	p := start.clone()
	var moves []ai.Move
	for _, tok := range strings.Fields(body) {
		switch {
		case tok == tags["Result"], regexp.MustCompile(`^\d+\.(\.\.)?$`).MatchString(tok):
			continue
		}
		m, err := p.ParseMove(tok)
		if err != nil {
			t.Fatalf("move %q: %v", tok, err)
		}
		moves = append(moves, m)
		p.Make(m)
	}
	return tags, start, moves
}

// TestPDNReadBack: random games written as PDN read back by a second
// reader into the same moves, tags and result.
func TestPDNReadBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 1))
	for game := range 20 {
		start := NewStart()
		p := start.clone()
		var moves []ai.Move
		for len(moves) < 300 && !p.Status().Over {
			ms := p.Moves(nil)
			m := ms[rng.IntN(len(ms))]
			moves = append(moves, m)
			p.Make(m)
		}
		st := p.Status()
		req := games.CommandRequest{Game: Game{}, Lang: "en", ID: int64(game + 1), Start: start, Moves: moves, Position: p,
			Players: [2]string{`Ayşe "A"`, "oyunbot"}, Over: st.Over, Winner: st.Winner, Reason: st.Reason,
			Started: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC), Platform: "console"}
		ans, err := Game{}.Commands()[0].Run(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		tags, _, got := readPDN(t, string(ans.File.Data))
		want := map[string]string{"Event": "oyunbot", "Site": "console", "Date": "2026.11.26", "Round": "-",
			"White": `Ayşe "A"`, "Black": "oyunbot", "GameType": "30"}
		for k, v := range want {
			if tags[k] != v {
				t.Errorf("tag %s = %q, want %q", k, tags[k], v)
			}
		}
		if st.Over && tags["Result"] == "*" || !st.Over && tags["Result"] != "*" {
			t.Errorf("result %q of a game with status %+v", tags["Result"], st)
		}
		if len(got) != len(moves) {
			t.Fatalf("game %d: read %d moves, wrote %d", game, len(got), len(moves))
		}
		for i := range moves {
			if got[i] != moves[i] {
				t.Fatalf("game %d move %d: read %v, wrote %v", game, i+1, got[i], moves[i])
			}
		}
	}
}

// TestPDNFromAPosition: a game from another start carries SetUp and FEN,
// opens with "1..." when Black moves first, says how it ended, and the
// command's line says what the file holds, in both languages.
func TestPDNFromAPosition(t *testing.T) {
	start, err := ParsePosition("......../.....b../......../......../...W..../......../w......./........ b")
	if err != nil {
		t.Fatal(err)
	}
	p := start.clone()
	var moves []ai.Move
	for _, s := range []string{"f7-f6", "d4-d6"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		p.Make(m)
	}
	for _, tc := range []struct{ lang, line string }{
		{"en", "Game #g7 as PDN, to move 2: 1-0."},
		{"tr", "#g7 oyununun PDN kaydı, 2. hamleye kadar: 1-0."},
	} {
		req := games.CommandRequest{Game: Game{}, Lang: tc.lang, ID: 7, Start: start, Moves: moves, Position: p,
			Players: [2]string{"Ayşe", "oyunbot"}, Over: true, Winner: ai.First, Reason: "resigned"}
		ans, err := Game{}.Commands()[0].Run(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		text := string(ans.File.Data)
		for _, want := range []string{`[SetUp "1"]`, `[FEN "B:Wa2,Kd4:Bf7"]`, `[GameType "30"]`, "1... f7-f6 2. d4-d6", "{Black resigns.} 1-0"} {
			if !strings.Contains(text, want) {
				t.Errorf("no %q in\n%s", want, text)
			}
		}
		if ans.Text != tc.line || ans.File.Name != "oyunbot-g7.pdn" {
			t.Errorf("answer %q %q", ans.Text, ans.File.Name)
		}
		_, from, got := readPDN(t, text)
		if from.String() != start.String() || len(got) != 2 || got[0] != moves[0] || got[1] != moves[1] {
			t.Errorf("read back from %s: %v, want from %s: %v", from, got, start, moves)
		}
	}
	// A move that is not legal from the start is refused, not written.
	if _, err := PDN(games.CommandRequest{Start: NewStart(), Moves: moves}); err == nil {
		t.Error("a record of moves illegal from its start was written")
	}
}
