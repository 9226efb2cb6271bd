package tournament

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

func newWith(t *testing.T, sys System, rounds int, ids ...string) *Tournament {
	t.Helper()
	tr, err := New("dama", sys, rounds, "10+5", "org")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		if err := tr.Join(Player{ID: id, Name: "name-" + id}); err != nil {
			t.Fatal(err)
		}
	}
	return tr
}

// playRound records results for every unfinished game of the round in play.
func playRound(t *testing.T, tr *Tournament, pick func(Pairing) Result) Update {
	t.Helper()
	var last Update
	cur := tr.Rounds[len(tr.Rounds)-1]
	for i, p := range cur.Pairings {
		if p.Result.Done() {
			continue
		}
		u, err := tr.RecordResult(cur.Number, i+1, pick(p))
		if err != nil {
			t.Fatalf("round %d board %d: %v", cur.Number, i+1, err)
		}
		last = u
	}
	return last
}

func TestNewValidation(t *testing.T) {
	tests := []struct {
		sys    System
		rounds int
		err    error
	}{
		{Swiss, 0, nil},
		{Swiss, 5, nil},
		{Swiss, -1, ErrBadRounds},
		{Swiss, MaxRounds + 1, ErrBadRounds},
		{RoundRobin, 0, nil},
		{RoundRobin, 3, ErrBadRounds},
		{DoubleRoundRobin, 0, nil},
		{"knockout", 0, ErrBadSystem},
	}
	for _, tt := range tests {
		_, err := New("dama", tt.sys, tt.rounds, "", "org")
		if err != tt.err {
			t.Errorf("New(%q, %d): err %v, want %v", tt.sys, tt.rounds, err, tt.err)
		}
	}
}

func TestParseSystem(t *testing.T) {
	for in, want := range map[string]System{"swiss": Swiss, "rr": RoundRobin, "roundrobin": RoundRobin, "double": DoubleRoundRobin} {
		if got, err := ParseSystem(in); err != nil || got != want {
			t.Errorf("ParseSystem(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := ParseSystem("elimination"); err != ErrBadSystem {
		t.Errorf("unknown system: %v", err)
	}
}

func TestRegistration(t *testing.T) {
	tr := newWith(t, Swiss, 0, "a", "b")
	if err := tr.Join(Player{ID: "a"}); err != ErrAlreadyJoined {
		t.Errorf("join twice: %v", err)
	}
	if err := tr.Join(Player{}); err != ErrBadPlayer {
		t.Errorf("join without id: %v", err)
	}
	if err := tr.Join(Player{ID: BotID("hard"), Name: "oyunbot", Bot: true, Level: "hard"}); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Leave("nobody"); err != ErrNotJoined {
		t.Errorf("leave unknown: %v", err)
	}
	if _, err := tr.Leave("a"); err != nil {
		t.Fatal(err)
	}
	if len(tr.Players) != 2 || tr.Players[0].ID != "b" {
		t.Fatalf("players after leave: %v", tr.Players)
	}
	if !tr.CanManage("org", false) || !tr.CanManage("x", true) || tr.CanManage("b", false) || (&Tournament{}).CanManage("", false) {
		t.Error("CanManage")
	}
	solo := newWith(t, Swiss, 0, "x")
	if _, err := solo.Start(); err != ErrTooFewPlayers {
		t.Errorf("start with one player: %v", err)
	}
	if _, err := tr.Start(); err != nil {
		t.Fatal(err)
	}
	if err := tr.Join(Player{ID: "late"}); err != ErrNotRegistering {
		t.Errorf("join after start: %v", err)
	}
	if _, err := tr.Start(); err != ErrNotRegistering {
		t.Errorf("start twice: %v", err)
	}
	full := newWith(t, Swiss, 0)
	for i := range MaxPlayers {
		if err := full.Join(Player{ID: fmt.Sprint(i)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := full.Join(Player{ID: "one more"}); err != ErrTooManyPlayers {
		t.Errorf("join a full tournament: %v", err)
	}
}

func TestStartSeedsByRating(t *testing.T) {
	tr := newWith(t, Swiss, 0)
	for _, p := range []Player{{ID: "low", Rating: 1200}, {ID: "none"}, {ID: "high", Rating: 1800}, {ID: "mid", Rating: 1500}} {
		if err := tr.Join(p); err != nil {
			t.Fatal(err)
		}
	}
	u, err := tr.Start()
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, p := range tr.Players {
		order = append(order, p.ID)
	}
	if !reflect.DeepEqual(order, []string{"high", "mid", "low", "none"}) {
		t.Errorf("seeding %v", order)
	}
	if tr.NumRounds != 2 || tr.State != Running || len(u.Paired) != 1 || u.Paired[0].Number != 1 {
		t.Errorf("after start: rounds %d state %s update %+v", tr.NumRounds, tr.State, u)
	}
	if got := roundString(tr.Rounds[0]); got != "1-3 4-2" {
		t.Errorf("round 1: %s", got)
	}
}

func TestRecordResultErrors(t *testing.T) {
	tr := newWith(t, RoundRobin, 0, "a", "b", "c", "d")
	if _, err := tr.RecordResult(1, 1, WhiteWins); err != ErrNotRunning {
		t.Errorf("before start: %v", err)
	}
	if _, err := tr.Start(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		round, board int
		r            Result
		err          error
	}{
		{2, 1, WhiteWins, ErrBadRound},
		{0, 1, WhiteWins, ErrBadRound},
		{1, 0, WhiteWins, ErrBadBoard},
		{1, 3, WhiteWins, ErrBadBoard},
		{1, 1, NoResult, ErrBadResult},
		{1, 1, Result(42), ErrBadResult},
	}
	for _, tt := range tests {
		if _, err := tr.RecordResult(tt.round, tt.board, tt.r); err != tt.err {
			t.Errorf("RecordResult(%d, %d, %v): %v, want %v", tt.round, tt.board, tt.r, err, tt.err)
		}
	}
	u, err := tr.RecordResult(1, 1, Draw)
	if err != nil || u.RoundComplete || len(u.Paired) != 0 {
		t.Fatalf("first result: %+v %v", u, err)
	}
	if _, err := tr.RecordResult(1, 1, WhiteWins); err != ErrResultRecorded {
		t.Errorf("second result for a board: %v", err)
	}
	u, err = tr.RecordResult(1, 2, BlackWins)
	if err != nil || !u.RoundComplete || len(u.Paired) != 1 || u.Paired[0].Number != 2 {
		t.Fatalf("last result of the round: %+v %v", u, err)
	}
	// The update holds a copy: changing it leaves the tournament alone.
	u.Paired[0].Pairings[0].Result = WhiteWins
	if tr.Rounds[1].Pairings[0].Result != NoResult {
		t.Error("Update.Paired aliases the tournament")
	}
	if _, err := tr.RecordResult(1, 1, WhiteWins); err != ErrBadRound {
		t.Errorf("result for a finished round: %v", err)
	}
}

// TestRoundRobinFlowWithWithdrawal runs a 5-player round robin where one
// player withdraws after round 2: the unfinished game and all later games of
// that player are forfeited, and the tournament still finishes.
func TestRoundRobinFlowWithWithdrawal(t *testing.T) {
	tr := newWith(t, RoundRobin, 0, "a", "b", "c", "d", "e")
	if _, err := tr.Start(); err != nil {
		t.Fatal(err)
	}
	if tr.NumRounds != 5 {
		t.Fatalf("5 players: %d rounds", tr.NumRounds)
	}
	playRound(t, tr, func(Pairing) Result { return WhiteWins })
	playRound(t, tr, func(Pairing) Result { return Draw })
	// Round 3 in play; "c" (number 3) withdraws before playing.
	r, b, ok := tr.GameOf("c")
	if !ok || r != 3 {
		t.Fatalf("GameOf(c) = %d %d %v", r, b, ok)
	}
	if _, err := tr.Leave("c"); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Leave("c"); err != ErrAlreadyWithdrawn {
		t.Errorf("withdraw twice: %v", err)
	}
	if res := tr.Rounds[2].Pairings[b-1].Result; !res.Forfeit() {
		t.Errorf("withdrawn player's game: %v", res)
	}
	if _, _, ok := tr.GameOf("c"); ok {
		t.Error("withdrawn player still has a game")
	}
	for tr.State == Running {
		playRound(t, tr, func(Pairing) Result { return BlackWins })
	}
	if tr.State != Finished || len(tr.Rounds) != 5 {
		t.Fatalf("state %s after %d rounds", tr.State, len(tr.Rounds))
	}
	for _, round := range tr.Rounds[2:] {
		for _, p := range round.Pairings {
			if (p.White == 3 || p.Black == 3) && !p.Result.Forfeit() {
				t.Errorf("round %d: %v not forfeited", round.Number, p)
			}
		}
	}
	st := tr.Standings()
	if len(st) != 5 {
		t.Fatalf("standings %v", st)
	}
	if _, err := tr.Leave("a"); err != ErrNotRunning {
		t.Errorf("leave after the end: %v", err)
	}
	if err := tr.Cancel(); err != ErrNotActive {
		t.Errorf("cancel a finished tournament: %v", err)
	}
}

// TestWithdrawalCompletesRound: when the last unfinished game of a round is
// the withdrawing player's, the next round is paired at once.
func TestWithdrawalCompletesRound(t *testing.T) {
	tr := newWith(t, Swiss, 3, "a", "b", "c", "d")
	if _, err := tr.Start(); err != nil {
		t.Fatal(err)
	}
	// Round 1: 1-3 4-2. Finish board 1, then 4 ("d") withdraws.
	if _, err := tr.RecordResult(1, 1, WhiteWins); err != nil {
		t.Fatal(err)
	}
	u, err := tr.Leave("d")
	if err != nil {
		t.Fatal(err)
	}
	if !u.RoundComplete || len(u.Paired) != 1 {
		t.Fatalf("update %+v", u)
	}
	r2 := tr.Rounds[1]
	checkRound(t, []int{1, 2, 3}, r2)
	if r2.Bye == 0 {
		t.Error("three players left, no bye")
	}
	if tr.Rounds[0].Pairings[1].Result != BlackWinsForfeit {
		t.Errorf("4-2 after 4 withdrew: %v", tr.Rounds[0].Pairings[1].Result)
	}
}

// TestSwissEndsWhenFieldEmpties: a Swiss with fewer than two players left
// finishes.
func TestSwissEndsWhenFieldEmpties(t *testing.T) {
	tr := newWith(t, Swiss, 5, "a", "b", "c")
	if _, err := tr.Start(); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Leave("a"); err != nil {
		t.Fatal(err)
	}
	u, err := tr.Leave("b")
	if err != nil {
		t.Fatal(err)
	}
	if tr.State != Finished || !u.Finished || len(tr.Rounds) != 2 {
		t.Errorf("state %s after %d rounds, update %+v", tr.State, len(tr.Rounds), u)
	}
}

func TestCancel(t *testing.T) {
	tr := newWith(t, Swiss, 0, "a", "b")
	if err := tr.Cancel(); err != nil {
		t.Fatal(err)
	}
	if err := tr.Cancel(); err != ErrNotActive {
		t.Errorf("cancel twice: %v", err)
	}
	if err := tr.Join(Player{ID: "c"}); err != ErrNotRegistering {
		t.Errorf("join cancelled: %v", err)
	}
	if _, err := tr.RecordResult(1, 1, Draw); err != ErrNotRunning {
		t.Errorf("result in cancelled: %v", err)
	}
}

// TestTournamentRestart runs random tournaments through a JSON round trip
// after every event: the restored value behaves exactly like the original
// (persistence across a restart in the middle of a round loses nothing).
func TestTournamentRestart(t *testing.T) {
	rng := rand.New(rand.NewPCG(77, 1))
	for iter := range 60 {
		sys := []System{Swiss, RoundRobin, DoubleRoundRobin}[iter%3]
		n := 2 + rng.IntN(9)
		tr, err := New("tictactoe", sys, 0, "", "org")
		if err != nil {
			t.Fatal(err)
		}
		for i := range n {
			if err := tr.Join(Player{ID: fmt.Sprint("p", i), Name: fmt.Sprint("P", i)}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := tr.Start(); err != nil {
			t.Fatal(err)
		}
		events := 0
		for tr.State == Running {
			round, board := -1, -1
			if rng.IntN(15) == 0 {
				id := tr.Players[rng.IntN(n)].ID
				if _, err := tr.Leave(id); err != nil && err != ErrAlreadyWithdrawn {
					t.Fatal(err)
				}
			} else {
				cur := tr.Rounds[len(tr.Rounds)-1]
				for i, p := range cur.Pairings {
					if !p.Result.Done() {
						round, board = cur.Number, i+1
						break
					}
				}
				if round < 0 {
					t.Fatalf("running, but round %d is complete", cur.Number)
				}
				if _, err := tr.RecordResult(round, board, randomResult(rng)); err != nil {
					t.Fatal(err)
				}
			}
			data, err := json.Marshal(tr)
			if err != nil {
				t.Fatal(err)
			}
			var back Tournament
			if err := json.Unmarshal(data, &back); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(&back, tr) {
				t.Fatalf("JSON round trip changed the tournament:\n%s", data)
			}
			tr = &back
			events++
			if events > 10000 {
				t.Fatal("tournament does not finish")
			}
		}
		if tr.State != Finished || len(tr.Rounds) > tr.NumRounds {
			t.Fatalf("%s: state %s, %d of %d rounds", sys, tr.State, len(tr.Rounds), tr.NumRounds)
		}
	}
}

func TestErrorKeys(t *testing.T) {
	var err error = ErrTooFewPlayers
	var te Error
	if !errors.As(err, &te) || te.Key() != "too_few_players" || err.Error() != "tournament: too few players" {
		t.Errorf("error %v key %q", err, te.Key())
	}
	if !errors.Is(fmt.Errorf("wrapped: %w", ErrNotRegistering), ErrNotRegistering) {
		t.Error("errors.Is through wrapping")
	}
}

// TestBotTakesNoByeFromPeople: the bot entered to fill an odd field, even
// seeded last, does not get the bye while a person may take it; with no
// bot the last seed gets it.
func TestBotTakesNoByeFromPeople(t *testing.T) {
	for _, withBot := range []bool{true, false} {
		tr, err := New("dama", Swiss, 3, "", "org")
		if err != nil {
			t.Fatal(err)
		}
		for i, id := range []string{"a", "b", "c", "d"} {
			if err := tr.Join(Player{ID: id, Name: id, Rating: float64(1900 - 100*i)}); err != nil {
				t.Fatal(err)
			}
		}
		last := "e"
		if withBot {
			last = BotID("easy")
		}
		if err := tr.Join(Player{ID: last, Name: last, Bot: withBot, Level: "easy", Rating: 1000}); err != nil {
			t.Fatal(err)
		}
		if _, err := tr.Start(); err != nil {
			t.Fatal(err)
		}
		bye, _ := tr.Player(tr.Rounds[0].Bye)
		if withBot && bye.Bot {
			t.Errorf("the bot got round 1's bye")
		}
		if !withBot && bye.ID != "e" {
			t.Errorf("without a bot the bye went to %q, want the last seed", bye.ID)
		}
	}
}
