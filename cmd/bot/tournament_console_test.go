package main

// tournament_console_test.go runs whole tournaments the way people in a
// channel would, through piped console input with "/as NAME" switching the
// speaker, and restarts the bot (a new run on the same database) in the
// middle of a round. Every game ends by resignation: in each cycle every
// player says "resign yes" in turn, so the first of a pair to speak loses and a
// player without a game (a bye) is told so. The script needs no knowledge
// of the pairings, and the results are deterministic.

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// resignCycles is the console script of n cycles of everyone resigning.
func resignCycles(players []string, n int) string {
	var b strings.Builder
	for range n {
		for _, p := range players {
			fmt.Fprintf(&b, "/as %s\nresign yes\n", p)
		}
	}
	return b.String()
}

var standingsLine = regexp.MustCompile(`(?m)^(\d+)\. (\S+) — (\d+)(½?)`)

// finalStandings returns the players and points of the last final
// standings in out.
func finalStandings(t *testing.T, out string) map[string]float64 {
	t.Helper()
	i := strings.LastIndex(out, "tournament — final standings")
	if i < 0 {
		t.Fatalf("no final standings in:\n%s", out)
	}
	points := map[string]float64{}
	for _, m := range standingsLine.FindAllStringSubmatch(out[i:], -1) {
		if _, seen := points[m[2]]; seen {
			break // the standings picture's caption repeats the table
		}
		p, _ := strconv.Atoi(m[3])
		points[m[2]] = float64(p)
		if m[4] != "" {
			points[m[2]] += 0.5
		}
	}
	return points
}

func TestConsoleTournamentsAcrossRestart(t *testing.T) {
	for _, tc := range []struct {
		name          string
		create        string
		players       int
		rounds, games int // games: the number of games, each worth a point
		firstHalf     int // resignation cycles before the restart
	}{
		{"round robin of 5", "tournament create ttt roundrobin", 5, 5, 10, 2},
		{"swiss of 8", "tournament create ttt swiss 3", 8, 3, 12, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			botEnv(t)
			players := []string{"you"}
			for i := 2; i <= tc.players; i++ {
				players = append(players, "p"+strconv.Itoa(i))
			}
			var script strings.Builder
			script.WriteString("lang en\n" + tc.create + "\n")
			for _, p := range players {
				fmt.Fprintf(&script, "/as %s\njoin\n", p)
			}
			script.WriteString("/as you\nstart\n")
			script.WriteString(resignCycles(players, tc.firstHalf))
			first := runPiped(t, script.String())
			if !strings.Contains(first, "round 1 of "+strconv.Itoa(tc.rounds)) {
				t.Fatalf("the tournament did not start:\n%s", first)
			}
			if strings.Contains(first, "tournament is over") {
				t.Fatalf("the tournament ended before the restart:\n%s", first)
			}

			// A new bot on the same database: the tournament goes on.
			second := runPiped(t, "/as you\npairings\n"+resignCycles(players, tc.rounds+1)+"/as you\nstandings\n")
			if !strings.Contains(second, "The Tic-tac-toe tournament is over!") {
				t.Fatalf("no end after the restart:\n%s", second)
			}
			points := finalStandings(t, second)
			t.Logf("final standings: %v", points)
			total := 0.0
			for _, p := range players {
				v, ok := points[p]
				if !ok {
					t.Errorf("%s missing from the final standings %v", p, points)
				}
				total += v
			}
			// Every game gives out one point; a Swiss bye (none with 8) would add one.
			if total != float64(tc.games) {
				t.Errorf("points add up to %v over %d games: %v", total, tc.games, points)
			}
		})
	}
}
