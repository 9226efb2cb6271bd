package chessgame

// pgn.go writes games in PGN's export format: the Seven Tag Roster, SetUp
// and FEN for a game from another start, SAN movetext with move numbers in
// lines of at most 79 characters, and the result, after a comment saying
// how the game ended when the moves alone do not (resignation, time).

import (
	"fmt"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/chess"
	"oyunbot/games/internal/record"
)

// PGNRecord is a game for PGN (its PGN method writes it).
type PGNRecord struct {
	record.Header // the Seven Tag Roster but the result
	// Start is the game's first position and Moves the moves from it.
	Start games.Position
	Moves []ai.Move
	// Over marks a finished game: Winner is ai.First (White), ai.Second or
	// ai.NoSide for a draw. An unfinished game's result is "*".
	Over   bool
	Winner ai.Side
	// Reason is how a finished game ended (the rules' Status reason or the
	// bot's session keys: "resigned", "time", "idle", "agreement",
	// "withdrew", and "abandoned", "early-draw", "aborted" for games
	// without a result); it becomes the closing comment.
	Reason string
	// Levels are the engine's levels by side ("" for a person): a side
	// with one is written WhiteType/BlackType "program" and
	// WhiteLevel/BlackLevel its level.
	Levels [2]string
	// Ratings by side become WhiteElo and BlackElo (0: not written).
	Ratings [2]int
	// TimeControl is PGN's TimeControl tag ("300+3", "1/86400", "-"); ""
	// is not written.
	TimeControl string
}

// Result is the record's result tag: "1-0", "0-1", "1/2-1/2" or "*".
func (r *PGNRecord) Result() string {
	return record.Result(r.Over, r.Winner, r.Reason)
}

// PGN writes the record. It replays the moves from Start (a copy is made)
// and fails if one is not legal there.
func (r *PGNRecord) PGN() (string, error) {
	if r.Start == nil {
		return "", fmt.Errorf("chess: PGN of a game without its start position")
	}
	var b strings.Builder
	tag := func(name, value string) { record.Tag(&b, name, value) }
	r.Header.Write(&b, r.Result())
	for i, color := range [2]string{"White", "Black"} {
		if r.Ratings[i] > 0 {
			tag(color+"Elo", strconv.Itoa(r.Ratings[i]))
		}
	}
	if r.TimeControl != "" {
		tag("TimeControl", r.TimeControl)
	}
	for i, color := range [2]string{"White", "Black"} {
		if r.Levels[i] != "" {
			tag(color+"Type", "program")
			tag(color+"Level", r.Levels[i])
		}
	}
	fen := r.Start.String()
	if !sameStart(fen, chess.StartFEN) {
		tag("SetUp", "1")
		tag("FEN", fen)
	}
	b.WriteByte('\n')

	tokens, err := r.movetext(fen)
	if err != nil {
		return "", err
	}
	record.Movetext(&b, tokens, r.comment(), r.Result())
	return b.String(), nil
}

// movetext returns the movetext's tokens: move numbers and SAN moves.
func (r *PGNRecord) movetext(fen string) ([]string, error) {
	number, black := fenMoveNumber(fen)
	p := r.Start.Clone()
	san := make([]string, 0, len(r.Moves))
	var buf []ai.Move
	for i, m := range r.Moves {
		buf = p.Moves(buf[:0])
		if !containsMove(buf, m) {
			return nil, fmt.Errorf("chess: PGN: move %d (%v) is not legal in %s", i+1, m, p.String())
		}
		san = append(san, p.FormatMove(m))
		p.Make(m)
	}
	return record.Numbered(san, number, !black), nil
}

// comment says how a finished game ended, in English as PGN files are
// read everywhere; "" when the moves and the result say it (a mate on the
// board) or the game is not over.
func (r *PGNRecord) comment() string {
	if !r.Over {
		return ""
	}
	switch r.Reason {
	case chess.ReasonCheckmate:
		return ""
	case "time":
		if r.Winner == ai.NoSide {
			// A flag fell against a side that cannot be mated.
			return "Draw: time forfeit against insufficient mating material."
		}
	case chess.ReasonStalemate:
		return "Draw by stalemate."
	case chess.ReasonRepetition:
		return "Draw by threefold repetition."
	case chess.ReasonFiftyMoves:
		return "Draw by the fifty-move rule."
	case chess.ReasonInsufficient:
		return "Draw: insufficient material."
	}
	if c, ok := record.Ending(r.Winner, r.Reason, [2]string{}); ok {
		return c
	}
	// A reason this file does not know yet: say it as it is, safely.
	return record.Unknown(r.Reason)
}

func containsMove(ms []ai.Move, m ai.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// sameStart reports whether two FENs are the same position, rights and
// en passant square included (the move counters aside).
func sameStart(a, b string) bool {
	fa, fb := strings.Fields(a), strings.Fields(b)
	if len(fa) < 4 || len(fb) < 4 {
		return a == b
	}
	return strings.Join(fa[:4], " ") == strings.Join(fb[:4], " ")
}

// FirstMoveNumber implements games.MoveNumberer: a FEN's move number.
func (Game) FirstMoveNumber(start string) int {
	n, _ := fenMoveNumber(start)
	return n
}

// fenMoveNumber is the number of the first move of a game from fen and
// whether Black makes it; 1 and White when the FEN does not say.
func fenMoveNumber(fen string) (number int, black bool) {
	f := strings.Fields(fen)
	number = 1
	if len(f) >= 2 {
		black = f[1] == "b"
	}
	if len(f) >= 6 {
		if n, err := strconv.Atoi(f[5]); err == nil && n >= 1 {
			number = n
		}
	}
	return number, black
}

var _ games.MoveNumberer = Game{}
