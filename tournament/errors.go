package tournament

import "strings"

// Error is a tournament error with a stable key, e.g. "not_registering".
// The chat layer translates errors by key; compare with errors.Is or ==.
type Error string

// Errors returned by this package.
const (
	ErrNotRegistering   Error = "not_registering"   // joining or starting after registration closed
	ErrNotRunning       Error = "not_running"       // results or withdrawals outside a running tournament
	ErrNotActive        Error = "not_active"        // cancelling a finished or cancelled tournament
	ErrAlreadyJoined    Error = "already_joined"    // the player is already registered
	ErrNotJoined        Error = "not_joined"        // the player is not registered
	ErrAlreadyWithdrawn Error = "already_withdrawn" // the player has already withdrawn
	ErrTooFewPlayers    Error = "too_few_players"   // fewer than two players at start
	ErrTooManyPlayers   Error = "too_many_players"  // more than MaxPlayers
	ErrBadSystem        Error = "bad_system"        // unknown pairing system
	ErrBadRounds        Error = "bad_rounds"        // round count out of range for the system
	ErrBadRound         Error = "bad_round"         // no such round, or not the current one
	ErrBadBoard         Error = "bad_board"         // no such board in the round
	ErrBadResult        Error = "bad_result"        // unknown result notation or value
	ErrResultRecorded   Error = "result_recorded"   // the game already has a result
	ErrBadPlayer        Error = "bad_player"        // empty player id
	ErrCorrupt          Error = "corrupt_state"     // a stored tournament fails Validate
	ErrRatingInput      Error = "bad_rating_input"  // invalid Glicko-2 input (non-positive RD, score out of range)
)

// Error implements error.
func (e Error) Error() string {
	return "tournament: " + strings.ReplaceAll(string(e), "_", " ")
}

// Key returns the stable key used to translate the error.
func (e Error) Key() string { return string(e) }
