package engine

// see.go gives the engine what its selective search needs from chess:
// static exchange evaluation to order captures and prune losing ones in
// quiescence (ai.MoveScorer), and when a null move is safe (ai.NullMover).

import (
	"fmt"

	"oyunbot/ai"
	"oyunbot/games/chess"
)

// The engine's optional interfaces chess implements.
var (
	_ ai.MoveScorer = (*Position)(nil)
	_ ai.NullMover  = (*Position)(nil)
	_ ai.Checker    = (*Position)(nil)
	_ ai.Booker     = (*Position)(nil)
)

// seeValue is a piece's worth in exchanges; the king's is more than all
// the others together, so that capturing into a defended square with it
// always loses.
var seeValue = [7]int{0, 100, 320, 330, 500, 950, 20000}

// MoveScore is a noisy move's expected gain (ai.MoveScorer): a capture of
// a piece worth at least the capturer is ranked most-valuable-victim,
// least-valuable-attacker without further work; any other capture by its
// static exchange evaluation, which is negative when it loses material.
func (p *Position) MoveScore(am ai.Move) int {
	m := MoveOf(am)
	victim, attacker := seeValue[m.Captured()], seeValue[m.Moving()]
	promo := 0
	if k := m.Promotion(); k != NoKind {
		promo = seeValue[k] - seeValue[Pawn]
	}
	if victim >= attacker || (promo > 0 && victim > 0) {
		return victim + promo - attacker/32
	}
	return p.SEE(m)
}

// SEE is the static exchange evaluation of capture (or promotion) m: the
// material the side to move wins on m's square if both sides go on
// capturing there with their least valuable piece while it pays (pins are
// not considered).
func (p *Position) SEE(m Move) int {
	s := p.State()
	from, to := m.From(), m.To()
	var gain [32]int
	d := 0
	gain[0] = seeValue[m.Captured()]
	piece := m.Moving()
	if k := m.Promotion(); k != NoKind {
		gain[0] += seeValue[k] - seeValue[Pawn]
		piece = k
	}
	occ := s.Occ()
	if m.IsEnPassant() {
		occ ^= bit(to ^ 8)
	}
	diag := s.Kinds[Bishop] | s.Kinds[Queen]
	straight := s.Kinds[Rook] | s.Kinds[Queen]
	attackers := s.AttackersTo(to, occ)
	fromSet := bit(from)
	side := s.Side
	for {
		d++
		gain[d] = seeValue[piece] - gain[d-1] // if the piece is taken in turn
		if max(-gain[d-1], gain[d]) < 0 || d == len(gain)-1 {
			break // whoever is to capture stands worse either way
		}
		occ ^= fromSet
		attackers = (attackers | chess.BishopAttacks(to, occ)&diag | chess.RookAttacks(to, occ)&straight) & occ
		side ^= 1
		fromSet, piece = leastValuable(s, attackers&s.Colors[side])
		if fromSet == 0 {
			break
		}
	}
	for d--; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}

// leastValuable is the cheapest piece in set, as a one-bit set and its kind.
func leastValuable(s *chess.State, set uint64) (uint64, Kind) {
	for k := Pawn; k <= King; k++ {
		if b := set & s.Kinds[k]; b != 0 {
			return b & -b, k
		}
	}
	return 0, NoKind
}

// NullOK reports whether the side to move may pass in the search
// (ai.NullMover): not in check, and with a piece other than pawns, since
// in pawn endings zugzwang is common and passing would lie about them.
func (p *Position) NullOK() bool {
	s := p.State()
	own := s.Colors[s.Side]
	return own&(s.Kinds[Knight]|s.Kinds[Bishop]|s.Kinds[Rook]|s.Kinds[Queen]) != 0 && !s.InCheck()
}

// The modern search's hooks (ai.Tuner, ai.Exchanger, ai.MoveKeyer).
var (
	_ ai.Tuner     = (*Position)(nil)
	_ ai.Exchanger = (*Position)(nil)
	_ ai.MoveKeyer = (*Position)(nil)
)

// searchTuning is the modern search's parameters for chess's evaluation
// (a pawn is about 100). Each was accepted by SPRT (BENCHMARKS.md).
var searchTuning = ai.Tuning{
	AspirationWindow: 20, AspirationDepth: 5,
	RFPDepth: 8, RFPMargin: 75,
	FutilityDepth: 8, FutilityBase: 90, FutilityMargin: 80,
	LMPDepth: 8, LMPBase: 4,
	SEEDepth: 8, SEEQuietMargin: 60, SEECaptureMargin: 20,
	NullDepth: 2, NullBase: 3, NullDivisor: 4, NullEvalDivisor: 200, NullVerifyDepth: 12,
	SingularDepth: 8, SingularMargin: 16,
	LMRBase: 75, LMRDivisor: 225, LMRHistory: 6000,
	IIRDepth: 4,
	QSDelta:  200,
	MoveKeys: moveKeys,
	// The capture history is off until an SPRT accepts it (BENCHMARKS.md):
	// UCI "setoption name Tune value CaptureKeys=6144" switches it on.
	CaptureKeys: 0, CaptureHistDiv: 32,
	// The correction history by pawn structure (StructureKey): +20.5 Elo
	// by SPRT; and by each side's other pieces (SideKeys): +43.2 more
	// (BENCHMARKS.md).
	CorrectionSize: 16384,
	SideCorrection: 1,
}

// The bounds of MoveKey's and CaptureKey's keys: each side's six pieces
// by target square, and by the kind captured (eight values).
const (
	moveKeys    = 2 * 6 * 64
	captureKeys = moveKeys * 8
)

// CheckTuning refuses key bounds below chess's keys (ai.TuningChecker):
// MoveKeys and CaptureKeys are 0 (the table off) or at least 768 and
// 6144 (the engine's own requirements are ai.Tuning.Check's).
func (p *Position) CheckTuning(t *ai.Tuning) error {
	if t.MoveKeys != 0 && t.MoveKeys < moveKeys {
		return fmt.Errorf("MoveKeys is 0 (off) or at least %d, not %d", moveKeys, t.MoveKeys)
	}
	if t.CaptureKeys != 0 && t.CaptureKeys < captureKeys {
		return fmt.Errorf("CaptureKeys is 0 (off) or at least %d, not %d", captureKeys, t.CaptureKeys)
	}
	return nil
}

var (
	_ ai.StructureKeyer = (*Position)(nil)
	_ ai.SideKeyer      = (*Position)(nil)
)

// SideKeys are each colour's Zobrist hash of its pieces other than pawns
// (ai.SideKeyer), White's first: the correction histories by them learn
// how the evaluation errs with a side's pieces where they stand.
func (p *Position) SideKeys() [2]uint64 { return p.State().PieceKeys() }

// StructureKey is the Zobrist hash of the pawns (ai.StructureKeyer): an
// evaluation's error follows the pawn structure more than anything else.
func (p *Position) StructureKey() uint64 { return p.State().PawnKey }

// Tuning returns chess's parameters of the modern search (ai.Tuner).
func (p *Position) Tuning() *ai.Tuning { return &searchTuning }

// SEEAtLeast reports whether move m wins at least threshold in exchanges
// on its target square (ai.Exchanger); a quiet move wins nothing and may
// lose the piece that moves.
func (p *Position) SEEAtLeast(am ai.Move, threshold int) bool {
	m := MoveOf(am)
	gain := seeValue[m.Captured()]
	piece := m.Moving()
	if k := m.Promotion(); k != NoKind {
		gain += seeValue[k] - seeValue[Pawn]
		piece = k
	}
	switch {
	case gain < threshold:
		return false // not even a free capture reaches it
	case gain-seeValue[piece] >= threshold:
		return true // losing the piece for nothing still does
	}
	return p.SEE(m) >= threshold
}

// MoveKey is 64·piece + target square, the piece numbered 0..11 by colour
// and kind (ai.MoveKeyer).
func (p *Position) MoveKey(am ai.Move) int {
	m := MoveOf(am)
	return (int(p.State().Side)*6+int(m.Moving())-1)*64 + m.To()
}

var _ ai.CaptureKeyer = (*Position)(nil)

// CaptureKey is MoveKey·8 + the captured kind (NoKind for a promotion
// that captures nothing) (ai.CaptureKeyer).
func (p *Position) CaptureKey(am ai.Move) int {
	m := MoveOf(am)
	return ((int(p.State().Side)*6+int(m.Moving())-1)*64+m.To())*8 + int(m.Captured())
}

var _ ai.CheckGiver = (*Position)(nil)

// GivesCheck reports whether legal move m checks the opponent
// (ai.CheckGiver), without making it: the moved piece's own attack on the
// king, or a slider of ours uncovered behind it. Castling, en passant and
// promotions, which move or change more than one piece, are made and
// tested.
func (p *Position) GivesCheck(am ai.Move) bool {
	m := MoveOf(am)
	s := p.State()
	if m.Promotion() != NoKind || m.IsEnPassant() || m.IsCastle() {
		p.MakeMove(m)
		c := p.State().InCheck()
		p.Unmake()
		return c
	}
	us := s.Side
	from, to := m.From(), m.To()
	king := s.Kinds[King] & s.Colors[us^1]
	ksq := lsb(king)
	occ := s.Occ()&^bit(from) | bit(to)
	switch m.Moving() {
	case Pawn:
		if chess.PawnAttacks(us, to)&king != 0 {
			return true
		}
	case Knight:
		if chess.KnightAttacks(to)&king != 0 {
			return true
		}
	case Bishop:
		if chess.BishopAttacks(to, occ)&king != 0 {
			return true
		}
	case Rook:
		if chess.RookAttacks(to, occ)&king != 0 {
			return true
		}
	case Queen:
		if chess.QueenAttacks(to, occ)&king != 0 {
			return true
		}
	}
	// A discovered check comes only from a line through the from square.
	if chess.Line(ksq, from) == 0 {
		return false
	}
	own := s.Colors[us] &^ bit(from)
	return chess.BishopAttacks(ksq, occ)&(s.Kinds[Bishop]|s.Kinds[Queen])&own != 0 ||
		chess.RookAttacks(ksq, occ)&(s.Kinds[Rook]|s.Kinds[Queen])&own != 0
}
