package chess

// explain.go: why a well-formed move is not legal, as a stable reason.

// explain builds the error of a move pattern that matched no legal move.
func (p *Position) explain(in string, pt pattern) error {
	s := &p.st
	us := s.Side
	inCheck := s.InCheck()
	if pt.castle != 0 {
		c := &castlePath[2*int(us)+pt.castle-1]
		switch {
		case s.castle&c.right == 0:
			return moveErr(in, ReasonNoCastlingRight, "the king or that rook has already moved")
		case inCheck:
			return moveErr(in, ReasonInCheck, "you may not castle out of check")
		case s.Occ()&c.empty != 0:
			return moveErr(in, ReasonCastlingBlocked, "there are pieces between the king and the rook")
		}
		return moveErr(in, ReasonCastlingThrough, "the king would cross or land on an attacked square")
	}
	if pt.fromFile >= 0 && pt.fromRank >= 0 {
		from := pt.fromRank*8 + pt.fromFile
		c, k, ok := p.PieceAt(from)
		switch {
		case !ok:
			return moveErr(in, ReasonNoPiece, "there is no piece on "+SquareName(from))
		case c != us:
			return moveErr(in, ReasonNotYourPiece, "the piece on "+SquareName(from)+" is not yours")
		case pt.kind != NoKind && k != pt.kind:
			return moveErr(in, ReasonNoSuchPiece, "the piece on "+SquareName(from)+" is not a "+kindNames[pt.kind])
		}
	}
	var candidates uint64
	kinds := []Kind{pt.kind}
	if pt.kind == NoKind {
		kinds = []Kind{Pawn, Knight, Bishop, Rook, Queen, King}
	}
	for _, k := range kinds {
		for b := s.Kinds[k] & s.Colors[us]; b != 0; b &= b - 1 {
			from := lsb(b)
			if (pt.fromFile < 0 || fileOf(from) == pt.fromFile) && (pt.fromRank < 0 || rankOf(from) == pt.fromRank) {
				candidates |= bit(from)
			}
		}
	}
	if candidates == 0 {
		return moveErr(in, ReasonNoSuchPiece, "you have no such piece")
	}
	if s.Colors[us]&bit(pt.to) != 0 {
		return moveErr(in, ReasonOwnPiece, SquareName(pt.to)+" holds one of your pieces")
	}
	reaches := false
	for b := candidates; b != 0; b &= b - 1 {
		if from := lsb(b); s.reaches(from, pt.to) || s.pinnedPassant(from, pt.to) {
			if pt.promo != NoKind && !(s.kindAt(from) == Pawn && bit(pt.to)&(rank1|rank8) != 0) {
				return moveErr(in, ReasonNotPromotion, "only a pawn reaching the last rank promotes")
			}
			reaches = true
		}
	}
	switch {
	case !reaches:
		return moveErr(in, ReasonIllegal, "no such piece can go to "+SquareName(pt.to))
	case inCheck:
		return moveErr(in, ReasonInCheck, "you are in check: the move must answer it")
	}
	return moveErr(in, ReasonKingInCheck, "the move would leave your king in check")
}

var kindNames = [7]string{"", "pawn", "knight", "bishop", "rook", "queen", "king"}

// reaches reports whether the side to move's piece on from could move to
// to if its own king's safety did not matter.
func (s *State) reaches(from, to int) bool {
	occ := s.Occ()
	t := bit(to)
	if s.Colors[s.Side]&t != 0 {
		return false
	}
	switch s.kindAt(from) {
	case Pawn:
		fwd := 8
		if s.Side == Black {
			fwd = -8
		}
		if pawnAtt[s.Side][from]&t != 0 {
			return s.Colors[s.Side^1]&t != 0 || to == int(s.ep)
		}
		one := from + fwd
		if one == to {
			return occ&t == 0
		}
		startRank := 1
		if s.Side == Black {
			startRank = 6
		}
		return rankOf(from) == startRank && one+fwd == to && occ&(bit(one)|t) == 0
	case Knight:
		return knightAtt[from]&t != 0
	case Bishop:
		return BishopAttacks(from, occ)&t != 0
	case Rook:
		return RookAttacks(from, occ)&t != 0
	case Queen:
		return QueenAttacks(from, occ)&t != 0
	case King:
		return kingAtt[from]&t != 0
	}
	return false
}

// pinnedPassant reports whether from to is an en passant capture the
// rules would allow but for the king's safety: the enemy pawn has just
// stepped over to, and our pawn on from attacks it. (The position keeps
// en passant rights only when the capture is legal, so reaches misses it.)
func (s *State) pinnedPassant(from, to int) bool {
	return s.skipped != noSquare && to == int(s.skipped) && s.kindAt(from) == Pawn && pawnAtt[s.Side][from]&bit(to) != 0
}
