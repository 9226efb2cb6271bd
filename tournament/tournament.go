// Package tournament runs group tournaments for two-player games: round robin
// (Berger tables, single or double) and Swiss pairing, standings with
// tie-breaks, and Glicko-2 ratings. It is pure logic: no I/O, no clocks, no
// chat. A Tournament is a plain, JSON-serialisable value driven by events
// (Join, Leave, Start, RecordResult, Cancel); callers serialise access to it
// and persist it after every event (Validate checks what comes back).
//
// Scoring: win 1, draw ½, loss 0; a forfeit scores as a win or a loss. A
// Swiss bye scores a win; a round-robin bye (odd fields) scores nothing. In
// tie-breaks a bye is points without an opponent: it adds nothing to
// Buchholz or Sonneborn-Berger (see ComputeStandings).
package tournament

import (
	"slices"
	"sort"
)

// Limits on tournament size.
const (
	MaxPlayers = 256 // keeps Swiss matching weights inside int64
	MaxRounds  = 64  // Swiss rounds
)

// System is a pairing system.
type System string

// Pairing systems.
const (
	RoundRobin       System = "roundrobin"        // everyone meets everyone once
	DoubleRoundRobin System = "double_roundrobin" // twice, colours reversed
	Swiss            System = "swiss"
)

// ParseSystem accepts a system name as users type it.
func ParseSystem(s string) (System, error) {
	switch s {
	case "roundrobin", "round-robin", "round_robin", "rr":
		return RoundRobin, nil
	case "double_roundrobin", "doubleroundrobin", "double-roundrobin", "double", "drr":
		return DoubleRoundRobin, nil
	case "swiss":
		return Swiss, nil
	}
	return "", ErrBadSystem
}

// Valid reports whether s is a known system.
func (s System) Valid() bool {
	return s == RoundRobin || s == DoubleRoundRobin || s == Swiss
}

// ByePoints is what a bye scores: a win in Swiss; nothing in round robin,
// where every player of an odd field sits out once alike.
func (s System) ByePoints() float64 {
	if s == Swiss {
		return 1
	}
	return 0
}

// TieBreaks returns the keys of the tie-breaks the system ranks by, in order.
func (s System) TieBreaks() []string {
	if s == Swiss {
		return []string{TieBuchholz, TieMedianBuchholz}
	}
	return []string{TieSonnebornBerger}
}

func (s System) cycles() int {
	if s == DoubleRoundRobin {
		return 2
	}
	return 1
}

// State is a tournament's stage.
type State string

// Tournament states.
const (
	Registering State = "registering"
	Running     State = "running"
	Finished    State = "finished"
	Cancelled   State = "cancelled"
)

// Player is an entrant. Once the tournament starts, players are numbered
// 1..N by their position in Tournament.Players (the seed).
type Player struct {
	ID        string  `json:"id"` // platform user id, or BotID(level)
	Name      string  `json:"name"`
	Bot       bool    `json:"bot,omitempty"`
	Level     string  `json:"level,omitempty"`     // the bot's level
	Rating    float64 `json:"rating,omitempty"`    // seeds the field at Start, best first
	Withdrawn bool    `json:"withdrawn,omitempty"` // left after the start
}

// BotID returns the player id of the bot entered at a level, so the bot can
// play once per level.
func BotID(level string) string { return "bot:" + level }

// Tournament is the whole state of one tournament. The zero value is not
// usable; create one with New. Its methods are not safe for concurrent use.
type Tournament struct {
	ID          string   `json:"id,omitempty"`
	Game        string   `json:"game"`
	System      System   `json:"system"`
	NumRounds   int      `json:"num_rounds"` // planned; 0 before Start means the system's default
	TimeControl string   `json:"time_control,omitempty"`
	Organiser   string   `json:"organiser"`
	Players     []Player `json:"players"`
	State       State    `json:"state"`
	Rounds      []Round  `json:"rounds,omitempty"` // paired so far; the last is in play while running
}

// Update reports what an event changed.
type Update struct {
	// RoundComplete is set when the event completed the round in play.
	RoundComplete bool `json:"round_complete,omitempty"`
	// Paired holds copies of the rounds paired by the event, in order. Rounds
	// decided entirely by forfeits are paired and completed at once, so the
	// last one is the round now in play (unless Finished).
	Paired []Round `json:"paired,omitempty"`
	// Finished is set when the event ended the tournament.
	Finished bool `json:"finished,omitempty"`
}

// New returns a tournament open for registration. rounds is the number of
// Swiss rounds (0: ceil(log2 N) at Start); round robin takes 0, its length
// following from the field.
func New(game string, sys System, rounds int, timeControl, organiser string) (*Tournament, error) {
	if !sys.Valid() {
		return nil, ErrBadSystem
	}
	if rounds < 0 || rounds > MaxRounds || (sys != Swiss && rounds != 0) {
		return nil, ErrBadRounds
	}
	return &Tournament{
		Game:        game,
		System:      sys,
		NumRounds:   rounds,
		TimeControl: timeControl,
		Organiser:   organiser,
		State:       Registering,
	}, nil
}

// CanManage reports whether a user may start or cancel the tournament: its
// organiser or a channel admin.
func (t *Tournament) CanManage(userID string, admin bool) bool {
	return admin || (userID != "" && userID == t.Organiser)
}

// Number returns the player number (1..N) of the player with the id.
func (t *Tournament) Number(id string) (int, bool) {
	for i, p := range t.Players {
		if p.ID == id {
			return i + 1, true
		}
	}
	return 0, false
}

// Player returns the player with the number (1..N).
func (t *Tournament) Player(num int) (Player, bool) {
	if num < 1 || num > len(t.Players) {
		return Player{}, false
	}
	return t.Players[num-1], true
}

// Join registers a player.
func (t *Tournament) Join(p Player) error {
	if t.State != Registering {
		return ErrNotRegistering
	}
	if p.ID == "" {
		return ErrBadPlayer
	}
	if _, ok := t.Number(p.ID); ok {
		return ErrAlreadyJoined
	}
	if len(t.Players) >= MaxPlayers {
		return ErrTooManyPlayers
	}
	t.Players = append(t.Players, p)
	return nil
}

// Leave removes a player before the start. After the start the player
// withdraws: an unfinished game of the round in play and every later game
// are lost by forfeit, and Swiss no longer pairs the player. Leaving can
// complete the round and so pair the next one.
func (t *Tournament) Leave(id string) (Update, error) {
	num, ok := t.Number(id)
	if !ok {
		return Update{}, ErrNotJoined
	}
	switch t.State {
	case Registering:
		t.Players = slices.Delete(t.Players, num-1, num)
		return Update{}, nil
	case Running:
	default:
		return Update{}, ErrNotRunning
	}
	if t.Players[num-1].Withdrawn {
		return Update{}, ErrAlreadyWithdrawn
	}
	t.Players[num-1].Withdrawn = true
	if len(t.Rounds) == 0 {
		return Update{}, nil
	}
	cur := &t.Rounds[len(t.Rounds)-1]
	t.forfeitWithdrawn(cur)
	var u Update
	if cur.Complete() {
		u.RoundComplete = true
		t.advance(&u)
	}
	return u, nil
}

// Start closes registration, seeds the players by rating (stable, so equal
// ratings keep joining order), fixes the number of rounds and pairs round 1.
func (t *Tournament) Start() (Update, error) {
	if t.State != Registering {
		return Update{}, ErrNotRegistering
	}
	n := len(t.Players)
	if n < 2 {
		return Update{}, ErrTooFewPlayers
	}
	sort.SliceStable(t.Players, func(i, j int) bool { return t.Players[i].Rating > t.Players[j].Rating })
	switch t.System {
	case Swiss:
		if t.NumRounds == 0 {
			t.NumRounds = SwissRounds(n)
		}
	default:
		t.NumRounds = RoundRobinRounds(n) * t.System.cycles()
	}
	t.State = Running
	var u Update
	t.advance(&u)
	return u, nil
}

// Cancel stops a tournament that is registering or running.
func (t *Tournament) Cancel() error {
	if t.State != Registering && t.State != Running {
		return ErrNotActive
	}
	t.State = Cancelled
	return nil
}

// Current returns the number of the round in play (or last played), 0
// before the start.
func (t *Tournament) Current() int { return len(t.Rounds) }

// GameOf finds the unfinished game of a player in the round in play; round
// and board are 1-based.
func (t *Tournament) GameOf(id string) (round, board int, ok bool) {
	num, found := t.Number(id)
	if !found || t.State != Running || len(t.Rounds) == 0 {
		return 0, 0, false
	}
	cur := t.Rounds[len(t.Rounds)-1]
	for i, p := range cur.Pairings {
		if (p.White == num || p.Black == num) && !p.Result.Done() {
			return cur.Number, i + 1, true
		}
	}
	return 0, 0, false
}

// RecordResult records the result of a game of the round in play (round and
// board are 1-based). When it is the round's last game, the next round is
// paired, or the tournament finishes.
func (t *Tournament) RecordResult(round, board int, r Result) (Update, error) {
	if t.State != Running {
		return Update{}, ErrNotRunning
	}
	if round < 1 || round != len(t.Rounds) {
		return Update{}, ErrBadRound
	}
	cur := &t.Rounds[round-1]
	if board < 1 || board > len(cur.Pairings) {
		return Update{}, ErrBadBoard
	}
	if !r.Done() {
		return Update{}, ErrBadResult
	}
	p := &cur.Pairings[board-1]
	if p.Result.Done() {
		return Update{}, ErrResultRecorded
	}
	p.Result = r
	var u Update
	if cur.Complete() {
		u.RoundComplete = true
		t.advance(&u)
	}
	return u, nil
}

// Standings ranks the players on the results so far.
func (t *Tournament) Standings() []Standing {
	return ComputeStandings(t.System, len(t.Players), t.Rounds)
}

// active lists the numbers of players who have not withdrawn.
func (t *Tournament) active() []int {
	var a []int
	for i, p := range t.Players {
		if !p.Withdrawn {
			a = append(a, i+1)
		}
	}
	return a
}

// advance pairs rounds while the last one is complete, or finishes.
func (t *Tournament) advance(u *Update) {
	for len(t.Rounds) == 0 || t.Rounds[len(t.Rounds)-1].Complete() {
		active := t.active()
		if len(t.Rounds) >= t.NumRounds || (t.System == Swiss && len(active) < 2) {
			t.State = Finished
			u.Finished = true
			return
		}
		var r Round
		if t.System == Swiss {
			r = PairSwissBots(active, t.Rounds, func(num int) bool {
				p, _ := t.Player(num)
				return p.Bot
			})
		} else {
			r = RoundRobinRound(len(t.Players), t.System.cycles(), len(t.Rounds)+1)
		}
		t.forfeitWithdrawn(&r)
		t.Rounds = append(t.Rounds, r)
		u.Paired = append(u.Paired, cloneRound(r))
	}
}

// Validate checks a tournament loaded from storage: known system and state,
// player numbers in range, rounds numbered in order, no player twice in a
// round, and only the round in play of a running tournament unfinished.
// Methods may misbehave on a tournament that fails it.
func (t *Tournament) Validate() error {
	if !t.System.Valid() {
		return ErrCorrupt
	}
	switch t.State {
	case Registering:
		if len(t.Rounds) != 0 {
			return ErrCorrupt
		}
	case Running:
		// The round in play is unfinished: a complete one is paired on.
		if len(t.Rounds) == 0 || t.Rounds[len(t.Rounds)-1].Complete() {
			return ErrCorrupt
		}
	case Finished, Cancelled:
	default:
		return ErrCorrupt
	}
	n := len(t.Players)
	if n > MaxPlayers || t.NumRounds < 0 || len(t.Rounds) > max(t.NumRounds, 0) && t.State != Registering {
		return ErrCorrupt
	}
	if len(t.Rounds) > 0 || t.State == Running || t.State == Finished {
		switch {
		case t.System == Swiss && (t.NumRounds < 1 || t.NumRounds > MaxRounds):
			return ErrCorrupt
		case t.System != Swiss && t.NumRounds != RoundRobinRounds(n)*t.System.cycles():
			return ErrCorrupt
		}
	}
	ids := make(map[string]bool, n)
	for _, p := range t.Players {
		if p.ID == "" || ids[p.ID] {
			return ErrCorrupt
		}
		ids[p.ID] = true
	}
	for i, r := range t.Rounds {
		if r.Number != i+1 {
			return ErrCorrupt
		}
		seen := make(map[int]bool)
		for _, num := range append([]int{r.Bye}, flatten(r.Pairings)...) {
			if num == 0 && !seen[0] {
				seen[0] = true // no bye
				continue
			}
			if num < 1 || num > n || seen[num] {
				return ErrCorrupt
			}
			seen[num] = true
		}
		for _, p := range r.Pairings {
			if p.Result < NoResult || p.Result >= resultCount {
				return ErrCorrupt
			}
		}
		last := i == len(t.Rounds)-1
		if !r.Complete() && !(last && t.State != Finished) {
			return ErrCorrupt
		}
	}
	return nil
}

func flatten(ps []Pairing) []int {
	out := make([]int, 0, 2*len(ps))
	for _, p := range ps {
		out = append(out, p.White, p.Black)
	}
	return out
}

// forfeitWithdrawn decides the unfinished games of withdrawn players.
func (t *Tournament) forfeitWithdrawn(r *Round) {
	for i := range r.Pairings {
		p := &r.Pairings[i]
		if p.Result.Done() {
			continue
		}
		p.Result = ForfeitAgainst(t.Players[p.White-1].Withdrawn, t.Players[p.Black-1].Withdrawn)
	}
}

func cloneRound(r Round) Round {
	r.Pairings = slices.Clone(r.Pairings)
	return r
}
