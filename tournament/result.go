package tournament

import "fmt"

// Result is the outcome of one paired game, from White's point of view.
// The zero value means the game has not ended yet.
type Result int8

// Results. A forfeit scores like a win or loss (1 or 0) but records that the
// game was not played to its end (no-show, withdrawal).
const (
	NoResult         Result = iota // game not finished
	WhiteWins                      // 1-0
	BlackWins                      // 0-1
	Draw                           // ½-½
	WhiteWinsForfeit               // +:- Black forfeited
	BlackWinsForfeit               // -:+ White forfeited
	DoubleForfeit                  // -:- neither played; both score 0
	resultCount
)

// String returns the canonical notation: "*", "1-0", "0-1", "1/2-1/2",
// "+:-", "-:+" or "-:-".
func (r Result) String() string {
	// The notation keys the JSON form, so it must never change.
	switch r {
	case NoResult:
		return "*"
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	case WhiteWinsForfeit:
		return "+:-"
	case BlackWinsForfeit:
		return "-:+"
	case DoubleForfeit:
		return "-:-"
	}
	return fmt.Sprintf("Result(%d)", int8(r))
}

// ParseResult parses the canonical notation written by String; it also
// accepts "1/2", "½-½" and "=" for a draw.
func ParseResult(s string) (Result, error) {
	switch s {
	case "1/2", "½-½", "=":
		return Draw, nil
	case "", "*":
		return NoResult, nil
	}
	for r := WhiteWins; r < resultCount; r++ {
		if r.String() == s {
			return r, nil
		}
	}
	return NoResult, ErrBadResult
}

// MarshalText implements encoding.TextMarshaler, so results are stored as
// their notation.
func (r Result) MarshalText() ([]byte, error) {
	if r < 0 || r >= resultCount {
		return nil, ErrBadResult
	}
	return []byte(r.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (r *Result) UnmarshalText(b []byte) error {
	v, err := ParseResult(string(b))
	if err != nil {
		return err
	}
	*r = v
	return nil
}

// Done reports whether the game has a result.
func (r Result) Done() bool { return r > NoResult && r < resultCount }

// Forfeit reports whether the result was decided without a game.
func (r Result) Forfeit() bool {
	return r == WhiteWinsForfeit || r == BlackWinsForfeit || r == DoubleForfeit
}

// halfPoints returns the scores of White and Black in half-points.
func (r Result) halfPoints() (white, black int) {
	switch r {
	case WhiteWins, WhiteWinsForfeit:
		return 2, 0
	case BlackWins, BlackWinsForfeit:
		return 0, 2
	case Draw:
		return 1, 1
	}
	return 0, 0
}

// Points returns the points of White and Black: 1 for a win (forfeit or
// not), ½ for a draw, 0 for a loss.
func (r Result) Points() (white, black float64) {
	w, b := r.halfPoints()
	return float64(w) / 2, float64(b) / 2
}

// ForfeitAgainst returns the result of a game whose player on the given side
// did not play: the opponent wins by forfeit.
func ForfeitAgainst(whiteAbsent, blackAbsent bool) Result {
	switch {
	case whiteAbsent && blackAbsent:
		return DoubleForfeit
	case whiteAbsent:
		return BlackWinsForfeit
	case blackAbsent:
		return WhiteWinsForfeit
	}
	return NoResult
}
