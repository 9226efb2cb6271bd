package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func runPairingsArgs(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = runPairings(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// TestPairingsGolden pins the exact output for fixed seeds: the format is
// part of the command's contract and the preview is deterministic.
func TestPairingsGolden(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{
			[]string{"-system", "swiss", "-players", "8", "-seed", "42"},
			`round 1: 1-5 6-2 3-7 8-4
round 2: 2-4 5-3 7-1 8-6
round 3: 3-2 4-1 6-5 7-8
1 2 3 4 1
2 3 2 5 2
2 5 2 5 2
4 1 2 3 1
5 4 1 6 2
5 6 1 6 2
7 8 1 2 1
8 7 0 5 2
`,
		},
		{
			[]string{"-system", "swiss", "-players", "7", "-seed", "3"},
			`round 1: 1-4 5-2 3-6 bye 7
round 2: 2-3 7-1 4-5 bye 6
round 3: 2-7 3-4 6-1 bye 5
1 2 2.5 5.5 2
2 7 2.5 3 0
3 3 2 6 2
4 6 2 2.5 0
5 4 1.5 3.5 1
6 5 1 4 0
7 1 0.5 6 2
`,
		},
		{
			[]string{"-system", "roundrobin", "-players", "5"},
			`round 1: 2-5 3-4 bye 1
round 2: 5-3 1-2 bye 4
round 3: 3-1 4-5 bye 2
round 4: 1-4 2-3 bye 5
round 5: 4-2 5-1 bye 3
1 3 3 5.5
2 2 3 4
3 5 1.5 3.75
4 4 1.5 1.75
5 1 1 1.5
`,
		},
		{
			[]string{"-system", "roundrobin", "-players", "4", "-seed", "7"},
			`round 1: 1-4 2-3
round 2: 4-3 1-2
round 3: 2-4 3-1
1 2 2 2.5
1 3 2 2.5
3 1 1 1.5
3 4 1 1.5
`,
		},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errs := runPairingsArgs(tt.args...)
			if code != 0 || errs != "" {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			if out != tt.want {
				t.Errorf("got\n%s\nwant\n%s", out, tt.want)
			}
		})
	}
}

var (
	roundLine = regexp.MustCompile(`^round (\d+):((?: \d+-\d+)*)(?: bye (\d+))?$`)
	standLine = regexp.MustCompile(`^(\d+) (\d+) (\d+(?:\.5)?)((?: \d+(?:\.\d+)?)+)$`)
)

// TestPairingsShape checks the format for many sizes and seeds: the round
// and standings lines parse, the number of rounds is right, each player is
// in every round once, points add up, and Swiss never repeats a pairing
// within ceil(log2 N) rounds. A double round robin is asked for by rounds.
func TestPairingsShape(t *testing.T) {
	for n := 2; n <= 12; n++ {
		for _, c := range []struct {
			system     string
			rounds     int
			wantRounds int
			tieBreaks  int
		}{
			{"swiss", 0, swissRoundsFor(n), 2},
			{"swiss", n + 1, n + 1, 2},
			{"roundrobin", 0, rrRounds(n), 1},
			{"roundrobin", 2 * rrRounds(n), 2 * rrRounds(n), 1},
		} {
			for seed := 1; seed <= 3; seed++ {
				args := []string{"-system", c.system, "-players", strconv.Itoa(n), "-seed", strconv.Itoa(seed)}
				if c.rounds > 0 {
					args = append(args, "-rounds", strconv.Itoa(c.rounds))
				}
				name := strings.Join(args, " ")
				code, out, errs := runPairingsArgs(args...)
				if code != 0 {
					t.Fatalf("%s: exit %d: %s", name, code, errs)
				}
				lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
				if len(lines) != c.wantRounds+n {
					t.Fatalf("%s: %d lines, want %d rounds + %d players:\n%s", name, len(lines), c.wantRounds, n, out)
				}
				met := map[string]bool{}
				games := 0
				byes := 0
				for k, line := range lines[:c.wantRounds] {
					m := roundLine.FindStringSubmatch(line)
					if m == nil || m[1] != strconv.Itoa(k+1) {
						t.Fatalf("%s: bad round line %q", name, line)
					}
					seen := map[string]int{}
					for _, g := range strings.Fields(m[2]) {
						ab := strings.Split(g, "-")
						seen[ab[0]]++
						seen[ab[1]]++
						key := fmt.Sprint(min(atoi(ab[0]), atoi(ab[1])), "-", max(atoi(ab[0]), atoi(ab[1])))
						if c.system == "swiss" && c.rounds == 0 && met[key] {
							t.Errorf("%s: %s repeated", name, key)
						}
						met[key] = true
						games++
					}
					if m[3] != "" {
						seen[m[3]]++
						byes++
					}
					for p := 1; p <= n; p++ {
						if seen[strconv.Itoa(p)] != 1 {
							t.Fatalf("%s: player %d in %q %d times", name, p, line, seen[strconv.Itoa(p)])
						}
					}
				}
				total := 0.0
				for _, line := range lines[c.wantRounds:] {
					m := standLine.FindStringSubmatch(line)
					if m == nil || len(strings.Fields(m[4])) != c.tieBreaks {
						t.Fatalf("%s: bad standings line %q", name, line)
					}
					pts, _ := strconv.ParseFloat(m[3], 64)
					total += pts
				}
				want := float64(games)
				if c.system == "swiss" {
					want += float64(byes)
				}
				if total != want {
					t.Errorf("%s: standings total %v, want %v", name, total, want)
				}
			}
		}
	}
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

func swissRoundsFor(n int) int {
	r := 0
	for (1 << r) < n {
		r++
	}
	return r
}

func rrRounds(n int) int {
	if n%2 == 1 {
		return n
	}
	return n - 1
}

func TestPairingsBadFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{nil, "-system is required"},
		{[]string{"-players", "4"}, "-system is required"},
		{[]string{"-system", "knockout", "-players", "4"}, `unknown system "knockout"`},
		{[]string{"-system", "swiss"}, "-players must be between 2 and"},
		{[]string{"-system", "swiss", "-players", "1"}, "-players must be between 2 and"},
		{[]string{"-system", "swiss", "-players", "100000"}, "-players must be between 2 and"},
		{[]string{"-system", "swiss", "-players", "4", "-rounds", "-2"}, "-rounds must be between"},
		{[]string{"-system", "swiss", "-players", "4", "-rounds", "1000"}, "-rounds must be between"},
		{[]string{"-system", "roundrobin", "-players", "4", "-rounds", "4"}, "has 3 rounds (or 6"},
		{[]string{"-system", "swiss", "-players", "x"}, "invalid value"},
		{[]string{"-system", "swiss", "-players", "4", "-seed", "-1"}, "invalid value"},
		{[]string{"-bogus"}, "flag provided but not defined"},
		{[]string{"-system", "swiss", "-players", "4", "extra"}, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		code, out, errs := runPairingsArgs(tt.args...)
		if code != 2 || out != "" || !strings.Contains(errs, tt.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", tt.args, code, out, errs, tt.want)
		}
	}
	if code, _, errs := runPairingsArgs("-h"); code != 0 || !strings.Contains(errs, "usage: bot pairings") {
		t.Errorf("-h: exit %d, %q", code, errs)
	}
}
