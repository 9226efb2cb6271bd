package sessions

// clock.go: time controls of games between people (and tournament games).
//
// A game has either no time control (only the idle forfeit applies), a game
// clock with an optional increment ("5m+3s": each player has 5 minutes for
// the whole game and gets 3 seconds back after each move), or a limit per
// move ("1d/move": every move within a day). Time is wall-clock time while
// the bot runs; the time it is down is never charged (heartbeat.go): the
// clocks stop at the last heartbeat and resume at the restart. The bot's
// own moves are charged to its clock but the bot never loses on time.

import (
	"errors"
	"strconv"
	"strings"
	"time"
)

// TimeControl is a game's clock rule. The zero value means no clock.
type TimeControl struct {
	Base      time.Duration // each player's time for the game (0: no game clock)
	Increment time.Duration // added to the mover's clock after each move
	PerMove   time.Duration // limit for every move (0: none); excludes Base
}

// Limits on time controls, so a typo cannot make a clock of centuries or of
// a blink.
const (
	MinClock = 10 * time.Second
	MaxClock = 30 * 24 * time.Hour
	MaxIncr  = time.Hour
)

// ErrBadTimeControl is returned for a time control that does not parse or is
// out of range.
var ErrBadTimeControl = errors.New("sessions: bad time control")

// IsZero reports whether the control sets no clock.
func (tc TimeControl) IsZero() bool { return tc == TimeControl{} }

// String is the canonical form ParseTimeControl reads back: "5m+3s",
// "10m", "1d/move", or "" for none.
func (tc TimeControl) String() string {
	switch {
	case tc.PerMove > 0:
		return formatUnits(tc.PerMove) + "/move"
	case tc.Base > 0 && tc.Increment > 0:
		return formatUnits(tc.Base) + "+" + formatUnits(tc.Increment)
	case tc.Base > 0:
		return formatUnits(tc.Base)
	}
	return ""
}

// formatUnits writes d in the largest units that divide it: 90s is "90s",
// 120s "2m", 36h "36h", 48h "2d".
func formatUnits(d time.Duration) string {
	for _, u := range []struct {
		d time.Duration
		s string
	}{{24 * time.Hour, "d"}, {time.Hour, "h"}, {time.Minute, "m"}, {time.Second, "s"}} {
		if d >= u.d && d%u.d == 0 {
			return strconv.FormatInt(int64(d/u.d), 10) + u.s
		}
	}
	return strconv.FormatInt(int64(d/time.Second), 10) + "s"
}

// ParseTimeControl reads a time control as people type it, in English or
// Turkish units: s/sec/sn/saniye, m/min/dk/dakika, h/hour/sa/saat,
// d/day/g/gün. Forms:
//
//	10m, 10dk              game clock, no increment
//	5m+3s, 5dk+3sn, 5+3    game clock plus increment (bare numbers: minutes+seconds)
//	1d/move, 1g/hamle      limit per move (also "/m", "/h" and "per move")
//
// A bare number without a unit means minutes. The empty string is the zero
// TimeControl.
func ParseTimeControl(s string) (TimeControl, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return TimeControl{}, nil
	}
	for _, suf := range []string{"/move", "/hamle", "/h", "/m", "permove", "/moves"} {
		if rest, ok := strings.CutSuffix(s, suf); ok && rest != "" {
			d, err := parseUnits(rest, time.Minute)
			if err != nil || d < MinClock || d > MaxClock {
				return TimeControl{}, ErrBadTimeControl
			}
			return TimeControl{PerMove: d}, nil
		}
	}
	base, inc, hasInc := strings.Cut(s, "+")
	b, err := parseUnits(base, time.Minute)
	if err != nil || b < MinClock || b > MaxClock {
		return TimeControl{}, ErrBadTimeControl
	}
	tc := TimeControl{Base: b}
	if hasInc {
		i, err := parseUnits(inc, time.Second)
		if err != nil || i <= 0 || i > MaxIncr {
			return TimeControl{}, ErrBadTimeControl
		}
		tc.Increment = i
	}
	return tc, nil
}

// parseUnits reads "<number><unit>" (the unit defaulting to def), or
// several in a row ("1h30m").
func parseUnits(s string, def time.Duration) (time.Duration, error) {
	if s == "" || len(s) > 24 {
		return 0, ErrBadTimeControl
	}
	var total time.Duration
	for part := 0; s != ""; part++ {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 || i > 6 {
			return 0, ErrBadTimeControl
		}
		n, _ := strconv.Atoi(s[:i])
		s = s[i:]
		j := 0
		for j < len(s) && (s[j] < '0' || s[j] > '9') {
			j++
		}
		unit := s[:j]
		s = s[j:]
		var u time.Duration
		switch unit {
		case "":
			if s != "" || part > 0 {
				return 0, ErrBadTimeControl // a bare number stands alone
			}
			u = def
		case "s", "sec", "secs", "second", "seconds", "sn", "saniye":
			u = time.Second
		case "m", "min", "mins", "minute", "minutes", "dk", "dakika":
			u = time.Minute
		case "h", "hr", "hour", "hours", "sa", "saat":
			u = time.Hour
		case "d", "day", "days", "g", "gun", "gün":
			u = 24 * time.Hour
		default:
			return 0, ErrBadTimeControl
		}
		total += time.Duration(n) * u
		if total > MaxClock {
			return 0, ErrBadTimeControl
		}
	}
	return total, nil
}

// clockStart returns the clocks of a new game under tc.
func (tc TimeControl) clockStart() [2]time.Duration {
	return [2]time.Duration{tc.Base, tc.Base}
}

// allowance is how long the side to move may still think at now, and
// whether a limit applies at all. left is the side's game clock at the
// start of the move; since is the start of the move.
func (tc TimeControl) allowance(left time.Duration, since, now time.Time) (time.Duration, bool) {
	elapsed := max(now.Sub(since), 0)
	switch {
	case tc.PerMove > 0:
		return tc.PerMove - elapsed, true
	case tc.Base > 0:
		return left - elapsed, true
	}
	return 0, false
}

// moveBudget is the time the mover had at the start of the move (what a
// reminder is a fraction of).
func (tc TimeControl) moveBudget(left time.Duration) time.Duration {
	if tc.PerMove > 0 {
		return tc.PerMove
	}
	return left
}

// reminderAt is when, in time left, the player to move is reminded: at a
// quarter of the time they had when the move began (at most six hours
// before the flag), and not at all for a move that began with less than
// the shortest clock (late in a fast game a reminder every move would be
// noise; the first move of a 10 s game is reminded).
func reminderAt(budget time.Duration) (time.Duration, bool) {
	if budget < MinClock {
		return 0, false
	}
	return min(budget/4, time.Hour*6), true
}
