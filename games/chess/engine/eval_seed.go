package engine

// eval_seed.go is the evaluation of seed document 002 (the thesis's Java
// chess program), in centipawns: each piece's static value (Çizelge 2.3:
// pawn 1, knight 3, bishop 3, rook 4.5, queen 9, no value for the king)
// plus its "dynamic" value from a table by square, White's pieces counted
// for White and Black's against, on Black's tables, White's mirrored.
//
// The thesis prints only White's rook table (Çizelge 2.1) and White's pawn
// table (Çizelge 2.2); they are copied here exactly. Its worked example
// (Çizelge 2.4) shows a few entries of the others on their home squares:
// knight b1/g1 -0.3, bishop c1/f1 -0.2, queen d1 +0.1, king e1 0.0. The
// knight, bishop, queen and king tables below are INVENTED, in the
// thesis's spirit (pieces gain towards the centre, lose at the edges, the
// king stays home in the corners it castles to), to agree with those
// entries.

// seedValue is the thesis's static value of each kind, in centipawns.
var seedValue = [7]int{0, 100, 300, 300, 450, 900, 0}

// seedTables are White's dynamic values in centipawns, rank 8 first as the
// thesis prints them (index 0 is a8, index 63 is h1).
var seedTables = [7][64]int{
	Pawn: { // Çizelge 2.2, exactly
		0, 0, 0, 0, 0, 0, 0, 0,
		5, 10, 15, 20, 20, 10, 10, 5,
		4, 8, 12, 16, 16, 8, 8, 4,
		3, 6, 9, 12, 12, 6, 6, 3,
		2, 4, 6, 8, 8, 4, 4, 2,
		1, 2, 3, -10, -10, 2, 2, 1,
		0, 0, 0, -4, -4, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0,
	},
	Knight: { // invented; b1 and g1 are the thesis's -0.3
		-50, -40, -30, -30, -30, -30, -40, -50,
		-40, -20, 0, 0, 0, 0, -20, -40,
		-30, 0, 10, 15, 15, 10, 0, -30,
		-30, 5, 15, 20, 20, 15, 5, -30,
		-30, 0, 15, 20, 20, 15, 0, -30,
		-30, 5, 10, 15, 15, 10, 5, -30,
		-40, -20, 0, 5, 5, 0, -20, -40,
		-50, -30, -30, -30, -30, -30, -30, -50,
	},
	Bishop: { // invented; c1 and f1 are the thesis's -0.2
		-20, -10, -10, -10, -10, -10, -10, -20,
		-10, 0, 0, 0, 0, 0, 0, -10,
		-10, 0, 5, 10, 10, 5, 0, -10,
		-10, 5, 5, 10, 10, 5, 5, -10,
		-10, 0, 10, 10, 10, 10, 0, -10,
		-10, 10, 10, 10, 10, 10, 10, -10,
		-10, 5, 0, 0, 0, 0, 5, -10,
		-20, -10, -20, -10, -10, -20, -10, -20,
	},
	Rook: { // Çizelge 2.1, exactly
		30, 30, 30, 30, 30, 30, 30, 30,
		30, 30, 30, 30, 30, 30, 30, 30,
		15, 15, 15, 20, 20, 15, 15, 15,
		15, 15, 15, 20, 20, 15, 15, 15,
		15, 15, 15, 20, 20, 15, 15, 15,
		15, 15, 15, 20, 20, 15, 15, 15,
		15, 15, 15, 20, 20, 15, 15, 15,
		10, 15, 15, 20, 20, 15, 15, 10,
	},
	Queen: { // invented; d1 is the thesis's +0.1
		-20, -10, -10, -5, -5, -10, -10, -20,
		-10, 0, 0, 0, 0, 0, 0, -10,
		-10, 0, 5, 5, 5, 5, 0, -10,
		-5, 0, 5, 5, 5, 5, 0, -5,
		-5, 0, 5, 5, 5, 5, 0, -5,
		-10, 5, 5, 5, 5, 5, 0, -10,
		-10, 0, 5, 0, 0, 0, 0, -10,
		-20, -10, -10, 10, -5, -10, -10, -20,
	},
	King: { // invented; e1 is the thesis's 0.0
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-20, -30, -30, -40, -40, -30, -30, -20,
		-10, -20, -20, -20, -20, -20, -20, -10,
		10, 10, 0, 0, 0, 0, 10, 10,
		10, 20, 10, 0, 0, 5, 20, 10,
	},
}

// seedPST[c][k][sq] is static plus dynamic value of a piece of colour c on
// square sq (a1 = 0), positive for both colours.
var seedPST [2][7][64]int

func init() {
	for k := Pawn; k <= King; k++ {
		for sq := 0; sq < 64; sq++ {
			// The printed row r is rank 8-r: White's entry for sq is at
			// (7-rank)*8+file; Black's is White's for the mirrored square.
			white := seedTables[k][(7-rankOf(sq))*8+fileOf(sq)]
			black := seedTables[k][rankOf(sq)*8+fileOf(sq)]
			seedPST[White][k][sq] = seedValue[k] + white
			seedPST[Black][k][sq] = seedValue[k] + black
		}
	}
}

// seedEvaluate is the thesis's evaluation from the side to move's point of
// view: a scan of the board summing each piece's static and dynamic value,
// the side to move's counted positive.
func (p *Position) seedEvaluate() int {
	s := p.State()
	v := 0
	for sq := 0; sq < 64; sq++ {
		pc := s.Squares[sq]
		if pc == 0 {
			continue
		}
		c, k := Color(pc>>3), Kind(pc&7)
		if c == White {
			v += seedPST[White][k][sq]
		} else {
			v -= seedPST[Black][k][sq]
		}
	}
	if s.Side == Black {
		return -v
	}
	return v
}
