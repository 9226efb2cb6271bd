package draughts

import (
	"fmt"
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
	ReasonRepetition  = "repetition"
	ReasonFortyMoves  = "forty-moves"
	fortyMovePlies    = 80
	repetitionToDraw  = 3
	maxPiecesPerColor = 12
)

// Position is a position of either game with its history (for Unmake and
// the repetition rule). Use it through a pointer; it is not safe for
// concurrent use.
type Position struct {
	v       *variant
	history // the state and the states before each Make: Ply, Unmake
	// numeric: the last move read was typed in numbers (22-18); moves
	// are written the same way until one is typed in squares again.
	numeric bool
	// style is the evaluation style (ai.Styler): "" or StyleSeed.
	style styleState
	w     *Weights
	// egLimit is SetEndgamePieces's limit plus one (0: the default).
	egLimit int
}

// history is the shared core of a position (games/internal/menboard).
type history = menboard.History[state]

// Parse reads "<8 ranks from rank 8, '/'-separated, w b W B .> <w|b>",
// e.g. the start (Game.StartText). Pieces stand on the variant's dark
// squares; anything else is an error naming the fault.
func (g Game) Parse(s string) (*Position, error) {
	v := g.v
	fields := strings.Fields(s)
	switch {
	case len(fields) == 0:
		return nil, v.posErr("empty", "empty position", "start", g.StartText())
	case len(fields) == 1:
		return nil, v.posErr("no-side", fmt.Sprintf("position %q has no side to move (w or b) after the board", s))
	case len(fields) > 2:
		return nil, v.posErr("extra", fmt.Sprintf("unexpected %q after the side to move", fields[2]), "text", games.Quote(fields[2]))
	}
	st := state{italian: v.italian}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 8 {
		return nil, v.posErr("ranks", fmt.Sprintf("board has %d ranks, want 8 separated by '/'", len(ranks)), "n", strconv.Itoa(len(ranks)))
	}
	for i, text := range ranks {
		rank := 7 - i
		row := []rune(text)
		if len(row) != 8 {
			return nil, v.posErr("rank", fmt.Sprintf("rank %d %q has %d squares, want 8", rank+1, text, len(row)),
				"rank", strconv.Itoa(rank+1), "text", games.Quote(text), "n", strconv.Itoa(len(row)))
		}
		for f := 0; f < 8; f++ {
			name := string([]byte{'a' + byte(f), '1' + byte(rank)})
			if row[f] == '.' {
				continue
			}
			sq := v.fromFileRank(f, rank)
			if sq < 0 {
				if strings.ContainsRune("wbWB", row[f]) {
					return nil, v.posErr("light", fmt.Sprintf("a piece on %s, a light square (play is on the dark squares)", name), "square", name)
				}
				return nil, v.posErr("char", fmt.Sprintf("bad character %q on %s (want . w b W B)", row[f], name), "text", games.Quote(string(row[f])), "square", name)
			}
			switch row[f] {
			case 'w':
				st.men[white] |= bit(sq)
			case 'b':
				st.men[black] |= bit(sq)
			case 'W':
				st.kings[white] |= bit(sq)
			case 'B':
				st.kings[black] |= bit(sq)
			default:
				return nil, v.posErr("char", fmt.Sprintf("bad character %q on %s (want . w b W B)", row[f], name), "text", games.Quote(string(row[f])), "square", name)
			}
		}
	}
	switch fields[1] {
	case "w", "W":
		st.side = white
	case "b", "B":
		st.side = black
	default:
		return nil, v.posErr("side", fmt.Sprintf("side to move %q, want w or b", fields[1]), "text", games.Quote(fields[1]))
	}
	if m := st.men[white] & promoRow[white]; m != 0 {
		return nil, v.posErr("white-man", fmt.Sprintf("white man on %s, the crowning rank (write W)", v.squareName(lowest(m))), "square", v.squareName(lowest(m)))
	}
	if m := st.men[black] & promoRow[black]; m != 0 {
		return nil, v.posErr("black-man", fmt.Sprintf("black man on %s, the crowning rank (write B)", v.squareName(lowest(m))), "square", v.squareName(lowest(m)))
	}
	for c, name := range [2]string{"white", "black"} {
		if n := popcount(st.pieces(c)); n > maxPiecesPerColor {
			return nil, v.posErr("pieces", fmt.Sprintf("%s has %d pieces, at most %d", name, n, maxPiecesPerColor),
				"color", "@side."+name, "n", strconv.Itoa(n), "max", strconv.Itoa(maxPiecesPerColor))
		}
	}
	st.hash = st.computeHash()
	return &Position{v: v, history: history{St: st}}, nil
}

// Game is the game the position is of.
func (p *Position) Game() Game { return Game{v: p.v} }

// String is the text format Parse reads.
func (p *Position) String() string {
	return strings.Join(p.Board(), "/") + " " + [2]string{"w", "b"}[p.St.side]
}

// Board returns the ranks from rank 8 down as strings of `.wbWB`.
func (p *Position) Board() []string {
	return menboard.Rows(func(f, rank int) byte {
		if sq := p.v.fromFileRank(f, rank); sq >= 0 {
			return menboard.Letter(p.St.men, p.St.kings, bit(sq))
		}
		return '.'
	})
}

// Turn is the side to move: ai.First for White, ai.Second for Black (who
// moves first from checkers' start).
func (p *Position) Turn() ai.Side { return ai.Side(p.St.side) }

// Hash is the Zobrist hash of the board and the side to move.
func (p *Position) Hash() uint64 { return p.St.hash }

// Moves appends the legal moves to buf: every capture the rules allow
// when there is one (compulsory), else every step. A position whose
// Status is Over has none.
func (p *Position) Moves(buf []ai.Move) []ai.Move {
	if p.adjudicated() != "" {
		return buf
	}
	return p.St.genMoves(buf)
}

// NoisyMoves implements ai.NoisyGenerator: every capture when there is
// one (then they are all the legal moves), else the crowning steps.
func (p *Position) NoisyMoves(buf []ai.Move) ([]ai.Move, bool) {
	if p.adjudicated() != "" {
		return buf, true
	}
	s := &p.St
	if s.canCapture() {
		return s.genCaptures(buf), true
	}
	us := s.side
	empty := ^s.occ()
	start := len(buf)
	for _, d := range forwardDirs[us] {
		for t := step(s.men[us], d) & empty & promoRow[us]; t != 0; t &= t - 1 {
			to := lowest(t)
			buf = append(buf, stepMove(int(tab.next[3-d][to]), to, true))
		}
	}
	return buf, uint64(len(buf)-start) == s.countMoves()
}

// Make plays legal move m.
func (p *Position) Make(m ai.Move) {
	if p.style.seed {
		p.trackRoot(m)
	}
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

// Noisy reports captures and crowning steps, the moves quiescence follows.
func (p *Position) Noisy(m ai.Move) bool { return moveCount(m) > 0 || moveCrowns(m) }

// Status reports the end of the game: the side to move without a legal
// move loses (ReasonNoPieces when it has no piece left, else
// ReasonNoMoves); a third repetition, or 40 moves by each side without a
// capture or a man's move, is a draw.
func (p *Position) Status() ai.Status {
	if !p.St.hasMoves() {
		reason := ReasonNoMoves
		if p.St.pieces(int(p.St.side)) == 0 {
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
	if p.St.pieces(int(p.St.side^1)) == 0 && !p.Status().Over {
		return ai.Status{Over: true, Winner: ai.Side(p.St.side), Reason: ReasonNoPieces}
	}
	return ai.Status{Winner: ai.NoSide}
}

// adjudicated returns the reason of a draw by rule, or "".
func (p *Position) adjudicated() string {
	if p.St.quiet >= fortyMovePlies {
		return ReasonFortyMoves
	}
	if p.earlier(repetitionToDraw-1) >= repetitionToDraw-1 {
		return ReasonRepetition
	}
	return ""
}

// Repeated reports whether the position, with the same side to move,
// occurred earlier in the game since the last capture or man move
// (ai.Repeater: the engine scores going back to it as a draw). The seed
// style's search, like the LISP, knows no repetition.
func (p *Position) Repeated() bool {
	if p.style.seed {
		return false
	}
	return p.earlier(1) >= 1
}

// earlier counts, up to limit, the earlier occurrences of the position
// with the same side to move within the moves that can be undone (no
// capture, no man move: kings' moves only).
func (p *Position) earlier(limit int) int {
	s := &p.St
	return p.Earlier(int(s.quiet), limit, func(h *state) bool {
		return h.hash == s.hash && h.men == s.men && h.kings == s.kings
	})
}

// ForcedPieces implements games.Forcer: when a capture is compulsory,
// the squares of the pieces that may take (in Italian, those whose
// captures the precedence allows); nil otherwise.
func (p *Position) ForcedPieces() []string {
	if p.adjudicated() != "" || !p.St.canCapture() {
		return nil
	}
	var out []string
	for _, m := range p.St.genCaptures(nil) {
		if sq := p.v.squareName(moveFrom(m)); !slices.Contains(out, sq) {
			out = append(out, sq)
		}
	}
	slices.Sort(out)
	return out
}
