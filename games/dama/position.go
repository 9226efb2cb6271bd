// Package dama implements Turkish draughts (dama) as the bot plays it: the
// project's rules (shared/rules/dama.md) on bitboards, with maximum-capture
// path generation, notation, adjudication (no moves, lone pieces,
// repetition, fifty moves), an evaluation for the ai engine, and perft.
package dama

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/internal/menboard"
)

// Status reasons (stable keys for the chat layer).
const (
	ReasonNoMoves     = "no-moves"
	ReasonNoPieces    = "no-pieces" // no move because every piece was captured
	ReasonLonePieces  = "lone-pieces"
	ReasonRepetition  = "repetition"
	ReasonFiftyMoves  = "fifty-moves"
	fiftyMovePlies    = 100
	repetitionToDraw  = 3
	maxPiecesPerColor = 16
)

// The interfaces the bot, the engine and the tools look for.
var (
	_ games.Game           = Game{}
	_ games.Position       = (*Position)(nil)
	_ games.Highlighter    = (*Position)(nil)
	_ games.Perfter        = (*Position)(nil)
	_ ai.MaterialEvaluator = (*Position)(nil)
	_ ai.Repeater          = (*Position)(nil)
)

// Game is Turkish draughts for the games registry.
type Game struct{}

// Name is "dama".
func (Game) Name() string { return "dama" }

// Aliases are other names people type.
func (Game) Aliases() []string { return []string{"turkishdraughts", "draughts", "turkdama"} }

// Players is 2.
func (Game) Players() int { return 2 }

// SideNames are white (moves first) and black.
func (Game) SideNames() []string { return []string{"white", "black"} }

// Start returns the start position.
func (Game) Start() games.Position { return NewStart() }

// ParsePosition reads the text format (see ParsePosition).
func (Game) ParsePosition(s string) (games.Position, error) {
	p, err := ParsePosition(s)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// StartFEN is the start position in the text format.
const StartFEN = "......../bbbbbbbb/bbbbbbbb/......../......../wwwwwwww/wwwwwwww/........ w"

// Position is a dama position with its history (for Unmake and the
// repetition rule). Use it through a pointer; it is not safe for concurrent
// use.
type Position struct {
	history // the state and the states before each Make: Ply, Unmake
	w       *EvalWeights
}

// history is the shared core of a position (games/internal/menboard).
type history = menboard.History[state]

// NewStart returns the start position.
func NewStart() *Position {
	p, err := ParsePosition(StartFEN)
	if err != nil {
		panic(err) // StartFEN is a constant
	}
	return p
}

// posErr is a position text's fault: key of the catalogue's "poserr."
// messages with its placeholder values, and the English detail for logs.
func posErr(key, detail string, kv ...string) error {
	return &games.PositionError{Key: key, Args: kv, Detail: "dama: " + detail, Catalog: catalog()}
}

// ParsePosition reads "<8 ranks from rank 8, '/'-separated, chars w b W B .>
// <w|b>", e.g. StartFEN. Anything else (extra fields included) is an error
// naming the fault.
func ParsePosition(s string) (*Position, error) {
	fields := strings.Fields(s)
	switch {
	case len(fields) == 0:
		return nil, posErr("empty", "empty position", "start", StartFEN)
	case len(fields) == 1:
		return nil, posErr("no-side", fmt.Sprintf("position %q has no side to move (w or b) after the board", s))
	case len(fields) > 2:
		return nil, posErr("extra", fmt.Sprintf("unexpected %q after the side to move", fields[2]), "text", games.Quote(fields[2]))
	}
	var st state
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 8 {
		return nil, posErr("ranks", fmt.Sprintf("board has %d ranks, want 8 separated by '/'", len(ranks)), "n", strconv.Itoa(len(ranks)))
	}
	for i, text := range ranks {
		rank := 7 - i
		row := []rune(text)
		if len(row) != 8 {
			return nil, posErr("rank", fmt.Sprintf("rank %d %q has %d squares, want 8", rank+1, text, len(row)),
				"rank", strconv.Itoa(rank+1), "text", games.Quote(text), "n", strconv.Itoa(len(row)))
		}
		for f := 0; f < 8; f++ {
			sq := rank*8 + f
			switch row[f] {
			case '.':
			case 'w':
				st.men[white] |= bit(sq)
			case 'b':
				st.men[black] |= bit(sq)
			case 'W':
				st.kings[white] |= bit(sq)
			case 'B':
				st.kings[black] |= bit(sq)
			default:
				return nil, posErr("char", fmt.Sprintf("bad character %q on %s (want . w b W B)", row[f], squareName(sq)),
					"text", games.Quote(string(row[f])), "square", squareName(sq))
			}
		}
	}
	switch fields[1] {
	case "w":
		st.side = white
	case "b":
		st.side = black
	default:
		return nil, posErr("side", fmt.Sprintf("side to move %q, want w or b", fields[1]), "text", games.Quote(fields[1]))
	}
	if m := st.men[white] & rank8; m != 0 {
		return nil, posErr("white-man", fmt.Sprintf("white man on %s, the promotion rank (write W)", squareName(bits.TrailingZeros64(m))),
			"square", squareName(bits.TrailingZeros64(m)))
	}
	if m := st.men[black] & rank1; m != 0 {
		return nil, posErr("black-man", fmt.Sprintf("black man on %s, the promotion rank (write B)", squareName(bits.TrailingZeros64(m))),
			"square", squareName(bits.TrailingZeros64(m)))
	}
	for c, name := range [2]string{"white", "black"} {
		if n := bits.OnesCount64(st.pieces(c)); n > maxPiecesPerColor {
			return nil, posErr("pieces", fmt.Sprintf("%s has %d pieces, at most %d", name, n, maxPiecesPerColor),
				"color", "@side."+name, "n", strconv.Itoa(n), "max", strconv.Itoa(maxPiecesPerColor))
		}
	}
	st.hash = st.computeHash()
	return &Position{history: history{St: st}}, nil
}

// String is the text format ParsePosition reads.
func (p *Position) String() string {
	return strings.Join(p.Board(), "/") + " " + [2]string{"w", "b"}[p.St.side]
}

// Board returns the ranks from rank 8 down as strings of `.wbWB`.
func (p *Position) Board() []string {
	return menboard.Rows(func(f, rank int) byte { return menboard.Letter(p.St.men, p.St.kings, bit(rank*8+f)) })
}

// Turn is the side to move: ai.First for white, ai.Second for black.
func (p *Position) Turn() ai.Side { return ai.Side(p.St.side) }

// Hash is the Zobrist hash of the board and the side to move.
func (p *Position) Hash() uint64 { return p.St.hash }

// Moves appends the legal moves (every maximum-capture path, or every simple
// move) to buf. A position whose Status is Over has none.
func (p *Position) Moves(buf []ai.Move) []ai.Move {
	if p.adjudicated() != "" {
		return buf
	}
	return p.St.genMoves(buf)
}

// NoisyMoves appends the noisy moves (ai.NoisyGenerator) without generating
// the quiet ones: every capture when a capture is compulsory (then they are
// all the legal moves), else the promoting steps of men one rank short.
func (p *Position) NoisyMoves(buf []ai.Move) ([]ai.Move, bool) {
	if p.adjudicated() != "" {
		return buf, true
	}
	s := &p.St
	if s.canCapture() {
		return s.genMoves(buf), true
	}
	us := s.side
	delta := dirDelta[forward[us]]
	start := len(buf)
	for t := shift(s.men[us], forward[us]) & promoRank[us] &^ s.occ(); t != 0; t &= t - 1 {
		to := bits.TrailingZeros64(t)
		buf = append(buf, simpleMove(to-delta, to, true))
	}
	return buf, uint64(len(buf)-start) == s.countMoves()
}

// Make plays legal move m.
func (p *Position) Make(m ai.Move) {
	p.Push()
	p.St.apply(m)
}

// Clone returns an independent copy, history included.
func (p *Position) Clone() games.Position { return p.clone() }

func (p *Position) clone() *Position {
	c := *p
	c.history = p.Copy()
	return &c
}

// Noisy reports captures and promotions, the moves quiescence follows.
func (p *Position) Noisy(m ai.Move) bool { return moveCaptures(m) > 0 || movePromotes(m) }

// Status reports the end of the game: the side to move without a legal
// move loses (ReasonNoPieces when it has no piece left, else
// ReasonNoMoves); one piece each, a third repetition, or 50 moves by each
// side without a capture or a man move are draws.
func (p *Position) Status() ai.Status {
	if !p.St.hasMoves() {
		reason := ReasonNoMoves
		if p.St.pieces(p.St.side) == 0 {
			reason = ReasonNoPieces
		}
		return ai.Status{Over: true, Winner: ai.Side(p.St.side ^ 1), Reason: reason}
	}
	if r := p.adjudicated(); r != "" {
		return ai.Status{Over: true, Winner: ai.NoSide, Reason: r}
	}
	return ai.Status{Winner: ai.NoSide}
}

// Decided implements games.Decider: a custom start where the side not to
// move has no pieces is won by the side to move (its first move ends the
// game, ReasonNoPieces), though no game reaches it.
func (p *Position) Decided() ai.Status {
	if p.St.pieces(p.St.side^1) == 0 && !p.Status().Over {
		return ai.Status{Over: true, Winner: ai.Side(p.St.side), Reason: ReasonNoPieces}
	}
	return ai.Status{Winner: ai.NoSide}
}

// adjudicated returns the reason of a draw by rule, or "".
func (p *Position) adjudicated() string {
	s := &p.St
	if bits.OnesCount64(s.pieces(white)) == 1 && bits.OnesCount64(s.pieces(black)) == 1 {
		return ReasonLonePieces
	}
	if s.quiet >= fiftyMovePlies {
		return ReasonFiftyMoves
	}
	if p.earlier(repetitionToDraw-1) >= repetitionToDraw-1 {
		return ReasonRepetition
	}
	return ""
}

// Repeated reports whether the position, with the same side to move,
// occurred earlier in the game since the last capture or forward man move
// (ai.Repeater: the engine scores going back to it as a draw).
func (p *Position) Repeated() bool { return p.earlier(1) >= 1 }

// earlier counts, up to limit, the earlier occurrences of the position with
// the same side to move: same parity of ply, within the window of moves that
// can be undone (no capture, no forward man move).
func (p *Position) earlier(limit int) int {
	s := &p.St
	return p.Earlier(int(s.rev), limit, func(h *state) bool {
		return h.hash == s.hash && h.men == s.men && h.kings == s.kings
	})
}

// ForcedPieces implements games.Forcer: when a capture is compulsory, the
// squares of the pieces that can take (only they may move; of several
// captures the longest must be played); nil otherwise.
func (p *Position) ForcedPieces() []string {
	if p.adjudicated() != "" || !p.St.canCapture() {
		return nil
	}
	var out []string
	for _, m := range p.St.genMoves(nil) {
		path, _ := p.MoveSquares(m)
		if len(path) > 0 && !slices.Contains(out, path[0]) {
			out = append(out, path[0])
		}
	}
	slices.Sort(out)
	return out
}
