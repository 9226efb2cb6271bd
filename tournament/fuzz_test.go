package tournament

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"
)

// FuzzParseResult: parsing never panics, and whatever parses formats back to
// a notation that parses to the same result.
func FuzzParseResult(f *testing.F) {
	for _, s := range []string{"1-0", "0-1", "1/2-1/2", "1/2", "½-½", "=", "+:-", "-:+", "-:-", "*", "", "2-0", "1-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseResult(s)
		if err != nil {
			if !errors.Is(err, ErrBadResult) {
				t.Fatalf("ParseResult(%q): untyped error %v", s, err)
			}
			return
		}
		back, err := ParseResult(r.String())
		if err != nil || back != r {
			t.Fatalf("ParseResult(%q) = %v, which re-parses to %v, %v", s, r, back, err)
		}
		var j Result
		data, err := json.Marshal(r)
		if err != nil || json.Unmarshal(data, &j) != nil || j != r {
			t.Fatalf("JSON round trip of %v: %s, %v", r, data, j)
		}
	})
}

// FuzzTournamentEvents drives a tournament with an arbitrary event sequence
// (joins, leaves, start, results, cancel): no panic, only typed errors, the
// state stays valid and survives a JSON round trip, and a running
// tournament's round in play always has an unfinished game.
func FuzzTournamentEvents(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3})
	f.Add([]byte{1, 0, 0, 0, 0, 0, 2, 3, 1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3})
	f.Add([]byte{2, 0, 0, 0, 0, 0, 0, 2, 3, 4, 3, 3, 3, 5, 3, 3, 3, 3, 3, 3, 3})
	f.Add([]byte{0, 0, 1, 0, 0, 6, 2, 3, 3})
	f.Fuzz(func(t *testing.T, ops []byte) {
		if len(ops) == 0 {
			return
		}
		sys := []System{Swiss, RoundRobin, DoubleRoundRobin}[int(ops[0])%3]
		tr, err := New("dama", sys, 0, "", "org")
		if err != nil {
			t.Fatal(err)
		}
		joined := 0
		for i, op := range ops[1:] {
			arg := 0
			if i+2 < len(ops) {
				arg = int(ops[i+2])
			}
			switch op % 7 {
			case 0:
				err = tr.Join(Player{ID: fmt.Sprint("p", joined)})
				joined++
			case 1:
				_, err = tr.Leave(fmt.Sprint("p", arg%max(joined, 1)))
			case 2:
				_, err = tr.Start()
			case 3, 4, 5:
				// Record a result on the first unfinished board, or a bad one.
				round, board := tr.Current(), 1
				if tr.State == Running {
					for i, p := range tr.Rounds[round-1].Pairings {
						if !p.Result.Done() {
							board = i + 1
							break
						}
					}
				}
				if op%7 == 5 {
					board += arg % 3
				}
				_, err = tr.RecordResult(round, board, Result(arg%int(resultCount+1)))
			case 6:
				err = tr.Cancel()
			}
			var te Error
			if err != nil && !errors.As(err, &te) {
				t.Fatalf("untyped error %v", err)
			}
			if tr.State != Registering {
				if verr := tr.Validate(); verr != nil {
					t.Fatalf("invalid after op %d: %+v", op, tr)
				}
			}
			data, err := json.Marshal(tr)
			if err != nil {
				t.Fatal(err)
			}
			var back Tournament
			if err := json.Unmarshal(data, &back); err != nil || !reflect.DeepEqual(&back, tr) {
				t.Fatalf("JSON round trip: %v\n%s", err, data)
			}
		}
	})
}

// FuzzLoadTournament feeds arbitrary JSON as a stored tournament: whatever
// passes Validate can take every event without panicking.
func FuzzLoadTournament(f *testing.F) {
	tr, _ := New("dama", Swiss, 3, "5m", "org")
	for _, id := range []string{"a", "b", "c"} {
		_ = tr.Join(Player{ID: id})
	}
	_, _ = tr.Start()
	good, _ := json.Marshal(tr)
	f.Add(good)
	f.Add([]byte(`{"game":"x","system":"roundrobin","num_rounds":3,"state":"running","players":[{"id":"a"},{"id":"b"}],"rounds":[{"number":1,"pairings":[{"white":1,"black":2,"result":"*"}]}]}`))
	f.Add([]byte(`{"system":"swiss","state":"running","players":[{"id":"a"}],"rounds":[{"number":1,"pairings":[{"white":1,"black":9}]}]}`))
	f.Add([]byte(`{"system":"swiss","state":"finished","num_rounds":1,"players":[{"id":"a"},{"id":"b"}],"rounds":[{"number":1,"pairings":[{"white":1,"black":2,"result":"1-0"}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var tr Tournament
		if json.Unmarshal(data, &tr) != nil || tr.Validate() != nil {
			return
		}
		_ = tr.Standings()
		for _, p := range tr.Players {
			tr.GameOf(p.ID)
		}
		for range 4 * MaxRounds {
			if tr.State != Running {
				break
			}
			cur := tr.Rounds[len(tr.Rounds)-1]
			for i, p := range cur.Pairings {
				if !p.Result.Done() {
					if _, err := tr.RecordResult(cur.Number, i+1, Draw); err != nil {
						t.Fatalf("valid tournament refused a result: %v", err)
					}
					break
				}
			}
		}
		if len(tr.Players) > 0 {
			_, _ = tr.Leave(tr.Players[0].ID)
		}
		_ = tr.Cancel()
	})
}
