package router

import (
	"strings"
	"testing"

	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
	"oyunbot/tournament"
)

// TestStandingsCountAByeAsAWin: in Swiss a bye scores a point and counts as
// a win in W-D-L, alike in the picture's rows and in the text, which says
// so; a round-robin bye scores nothing and counts for nothing.
func TestStandingsCountAByeAsAWin(t *testing.T) {
	reg, err := games.NewRegistry(tictactoe.Game{})
	if err != nil {
		t.Fatal(err)
	}
	r := testRouter(t, reg, nil)
	// Ali beats Bora, Cem has the bye; then Ali beats Cem, Bora has the bye.
	rounds := []tournament.Round{
		{Number: 1, Pairings: []tournament.Pairing{{White: 1, Black: 2, Result: tournament.WhiteWins}}, Bye: 3},
		{Number: 2, Pairings: []tournament.Pairing{{White: 3, Black: 1, Result: tournament.BlackWins}}, Bye: 2},
	}
	view := func(sys tournament.System) sessions.TournamentView {
		return sessions.TournamentView{Game: tictactoe.Game{}, T: tournament.Tournament{
			Game: "tictactoe", System: sys, NumRounds: 2, State: tournament.Finished, Rounds: rounds,
			Players: []tournament.Player{{ID: "a", Name: "Ali"}, {ID: "b", Name: "Bora"}, {ID: "c", Name: "Cem"}},
		}}
	}
	for _, tc := range []struct {
		sys    tournament.System
		lang   chat.Lang
		wdl    map[string]string // player → W-D-L
		points map[string]string
		note   string // "" for none
	}{
		{tournament.Swiss, chat.English, map[string]string{"Ali": "2-0-0", "Bora": "1-0-1", "Cem": "1-0-1"},
			map[string]string{"Ali": "2", "Bora": "1", "Cem": "1"}, "W-D-L counts a bye (1 point) as a win."},
		{tournament.Swiss, chat.Turkish, map[string]string{"Ali": "2-0-0", "Bora": "1-0-1", "Cem": "1-0-1"},
			map[string]string{"Ali": "2", "Bora": "1", "Cem": "1"}, "G-B-M'de bay geçilen tur (1 puan) galibiyet sayılır."},
		{tournament.RoundRobin, chat.English, map[string]string{"Ali": "2-0-0", "Bora": "0-0-1", "Cem": "0-0-1"},
			map[string]string{"Ali": "2", "Bora": "0", "Cem": "0"}, ""},
	} {
		_, header, rows, text := r.show.StandingsTable(tc.lang, view(tc.sys), true)
		if header[len(header)-1] != r.cat.T(tc.lang, "col.wdl") {
			t.Fatalf("%s: header %v", tc.sys, header)
		}
		if len(rows) != 3 {
			t.Fatalf("%s: %d rows", tc.sys, len(rows))
		}
		for _, row := range rows {
			name, pts, wdl := row[1], row[2], row[len(row)-1]
			if wdl != tc.wdl[name] || pts != tc.points[name] {
				t.Errorf("%s %s: picture row %v, want %s points, %s", tc.sys, tc.lang, row, tc.points[name], tc.wdl[name])
			}
			line := name + " — " + pts + " ("
			i := strings.Index(text, line)
			if i < 0 {
				t.Fatalf("%s: no line %q in %q", tc.sys, line, text)
			}
			rest := text[i:]
			if j := strings.IndexByte(rest, '\n'); j >= 0 {
				rest = rest[:j]
			}
			if !strings.HasSuffix(rest, r.cat.T(tc.lang, "col.wdl")+" "+wdl+")") {
				t.Errorf("%s %s: text line %q does not end with the picture's W-D-L %s", tc.sys, tc.lang, rest, wdl)
			}
		}
		if got := strings.Contains(text, r.cat.T(tc.lang, "tournament.bye-counts")); got != (tc.note != "") ||
			(tc.note != "" && !strings.HasSuffix(text, "\n"+tc.note)) {
			t.Errorf("%s %s: note %v in %q, want %q", tc.sys, tc.lang, got, text, tc.note)
		}
	}
}
