package chess

// fen.go: the position text format, Forsyth-Edwards Notation, read with
// checks that explain what is wrong, and written back.

import (
	"fmt"
	"strconv"
	"strings"
)

// StartFEN is the start position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// ParseFEN reads a FEN: board, side to move, castling rights, en passant
// square, and optionally the halfmove clock and the move number (0 and 1
// when missing). It refuses positions that cannot arise in a game: not one
// king each, the side not to move in check, pawns on the first or last
// rank, castling rights without the king and rook at home, an impossible
// en passant square.
func ParseFEN(s string) (*Position, error) {
	f := strings.Fields(s)
	switch {
	case len(f) == 0:
		return nil, posErr("empty", fmt.Sprintf("empty position (want a FEN such as %q)", StartFEN), "fen", StartFEN)
	case len(f) < 4:
		return nil, posErr("fields", fmt.Sprintf("a FEN has at least 4 fields (board, side, castling, en passant), got %d", len(f)), "n", strconv.Itoa(len(f)))
	case len(f) > 6:
		return nil, posErr("extra", fmt.Sprintf("unexpected %q after the FEN's 6 fields", f[6]), "text", quote(f[6]))
	}
	var st State
	if err := st.parseBoard(f[0]); err != nil {
		return nil, err
	}
	switch f[1] {
	case "w", "W":
		st.Side = White
	case "b", "B":
		st.Side = Black
	default:
		return nil, posErr("side", fmt.Sprintf("side to move %q, want w or b", f[1]), "text", quote(f[1]))
	}
	if err := st.parseCastling(f[2]); err != nil {
		return nil, err
	}
	st.ep, st.skipped = noSquare, noSquare
	if err := st.parseEnPassant(f[3]); err != nil {
		return nil, err
	}
	st.fullmove = 1
	if len(f) > 4 {
		n, err := strconv.ParseUint(f[4], 10, 16)
		if err != nil || n > 10000 {
			return nil, posErr("halfmove", fmt.Sprintf("halfmove clock %q is not a number of plies", f[4]), "text", quote(f[4]))
		}
		st.halfmove = uint16(n)
	}
	if len(f) > 5 {
		n, err := strconv.ParseUint(f[5], 10, 16)
		if err != nil || n == 0 || n > 10000 {
			return nil, posErr("fullmove", fmt.Sprintf("move number %q is not a positive number", f[5]), "text", quote(f[5]))
		}
		st.fullmove = uint16(n)
	}
	if st.attacked(st.KingSq(st.Side^1), st.Side, st.Occ()) {
		return nil, posErr("check", fmt.Sprintf("the %s king is in check but %s is to move", colorNames[st.Side^1], colorNames[st.Side]),
			"color", "@side."+colorNames[st.Side^1], "other", "@side."+colorNames[st.Side])
	}
	st.Hash, st.PawnKey = st.computeHash(), st.computePawnKey()
	return &Position{st: st}, nil
}

var colorNames = [2]string{"white", "black"}

// FENError is a FEN's fault: Key names it (the bot's catalogue says it as
// "poserr.<Key>"), Args are its placeholder values as key, value pairs
// ("@side.white": a side's name in the reader's language), and Detail is
// English for logs.
type FENError struct {
	Key    string
	Args   []string
	Detail string
}

func (e *FENError) Error() string { return e.Detail }

func posErr(key, detail string, kv ...string) error {
	return &FENError{Key: key, Args: kv, Detail: "chess: " + detail}
}

// quote quotes a piece of a FEN for a message, shortened past 20 letters
// (as games.Quote does for every game's texts).
func quote(s string) string {
	if r := []rune(s); len(r) > 20 {
		s = string(r[:20]) + "…"
	}
	return "«" + s + "»"
}

func (s *State) parseBoard(text string) error {
	ranks := strings.Split(text, "/")
	if len(ranks) != 8 {
		return posErr("ranks", fmt.Sprintf("the board has %d ranks, want 8 separated by '/'", len(ranks)), "n", strconv.Itoa(len(ranks)))
	}
	for i, row := range ranks {
		r := 7 - i
		file := 0
		for _, ch := range row {
			if ch >= '1' && ch <= '8' {
				file += int(ch - '0')
				if file > 8 {
					return posErr("rank-long", fmt.Sprintf("rank %d %q has more than 8 squares", r+1, row), "rank", strconv.Itoa(r+1), "text", quote(row))
				}
				continue
			}
			c, k, ok := pieceOfChar(ch)
			if !ok {
				return posErr("piece", fmt.Sprintf("%q on rank %d is not a piece (want PNBRQK, pnbrqk or a digit)", ch, r+1), "text", quote(string(ch)), "rank", strconv.Itoa(r+1))
			}
			if file >= 8 {
				return posErr("rank-long", fmt.Sprintf("rank %d %q has more than 8 squares", r+1, row), "rank", strconv.Itoa(r+1), "text", quote(row))
			}
			sq := r*8 + file
			if k == Pawn && (r == 0 || r == 7) {
				return posErr("pawn-rank", fmt.Sprintf("a pawn on %s: pawns never stand on the first or last rank", SquareName(sq)), "square", SquareName(sq))
			}
			s.put(c, k, sq)
			file++
		}
		if file != 8 {
			return posErr("rank-short", fmt.Sprintf("rank %d %q has %d squares, want 8", r+1, row, file), "rank", strconv.Itoa(r+1), "text", quote(row), "n", strconv.Itoa(file))
		}
	}
	for c := White; c <= Black; c++ {
		if n := popcount(s.Kinds[King] & s.Colors[c]); n != 1 {
			return posErr("kings", fmt.Sprintf("%s has %d kings, want exactly 1", colorNames[c], n), "color", "@side."+colorNames[c], "n", strconv.Itoa(n))
		}
		if n := popcount(s.Kinds[Pawn] & s.Colors[c]); n > 8 {
			return posErr("pawns", fmt.Sprintf("%s has %d pawns, at most 8", colorNames[c], n), "color", "@side."+colorNames[c], "n", strconv.Itoa(n))
		}
		if n := popcount(s.Colors[c]); n > 16 {
			return posErr("pieces", fmt.Sprintf("%s has %d pieces, at most 16", colorNames[c], n), "color", "@side."+colorNames[c], "n", strconv.Itoa(n))
		}
	}
	return nil
}

func pieceOfChar(ch rune) (Color, Kind, bool) {
	for c := range pieceChars {
		for k := Pawn; k <= King; k++ {
			if rune(pieceChars[c][k]) == ch {
				return Color(c), k, true
			}
		}
	}
	return 0, 0, false
}

func (s *State) parseCastling(text string) error {
	if text == "-" {
		return nil
	}
	need := map[rune]struct {
		right      uint8
		king, rook int
		c          Color
	}{
		'K': {castleWK, sqE1, sqH1, White}, 'Q': {castleWQ, sqE1, sqA1, White},
		'k': {castleBK, sqE8, sqH8, Black}, 'q': {castleBQ, sqE8, sqA8, Black},
	}
	for _, ch := range text {
		n, ok := need[ch]
		if !ok {
			return posErr("castle-char", fmt.Sprintf("castling rights %q: %q is not one of K Q k q (or - for none)", text, ch), "text", quote(text), "char", string(ch))
		}
		if s.castle&n.right != 0 {
			return posErr("castle-twice", fmt.Sprintf("castling rights %q name %q twice", text, ch), "text", quote(text), "char", string(ch))
		}
		if s.Squares[n.king] != uint8(King)|uint8(n.c)<<3 {
			return posErr("castle-king", fmt.Sprintf("castling right %q but the %s king is not on %s", ch, colorNames[n.c], SquareName(n.king)),
				"char", string(ch), "color", "@side."+colorNames[n.c], "square", SquareName(n.king))
		}
		if s.Squares[n.rook] != uint8(Rook)|uint8(n.c)<<3 {
			return posErr("castle-rook", fmt.Sprintf("castling right %q but no %s rook on %s", ch, colorNames[n.c], SquareName(n.rook)),
				"char", string(ch), "color", "@side."+colorNames[n.c], "square", SquareName(n.rook))
		}
		s.castle |= n.right
	}
	return nil
}

// parseEnPassant checks the square and keeps it only when a legal en
// passant capture exists (the position's right as FIDE defines it).
func (s *State) parseEnPassant(text string) error {
	if text == "-" {
		return nil
	}
	sq := parseSquare(text)
	if sq == noSquare {
		return posErr("ep-square", fmt.Sprintf("en passant square %q is not a square (e.g. e3, or - for none)", text), "text", quote(text))
	}
	wantRank, pawnSq, from := 5, sq-8, sq+8
	if s.Side == Black {
		wantRank, pawnSq, from = 2, sq+8, sq-8
	}
	them := s.Side ^ 1
	if rankOf(sq) != wantRank || s.Squares[pawnSq] != uint8(Pawn)|uint8(them)<<3 || s.Squares[sq] != 0 || s.Squares[from] != 0 {
		return posErr("ep-pawn", fmt.Sprintf("en passant square %s: no %s pawn can just have stepped two squares past it", text, colorNames[them]),
			"square", text, "color", "@side."+colorNames[them])
	}
	s.skipped = int8(sq)
	if s.epLegal(sq) {
		s.ep = int8(sq)
	}
	return nil
}

// FEN writes the position; the en passant square appears only when a legal
// capture exists there.
func (p *Position) FEN() string {
	s := &p.st
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := range 8 {
			pc := s.Squares[r*8+f]
			if pc == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pieceChars[pc>>3][pc&7])
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteString([2]string{" w ", " b "}[s.Side])
	if s.castle == 0 {
		b.WriteByte('-')
	}
	for i, ch := range "KQkq" {
		if s.castle&(1<<i) != 0 {
			b.WriteRune(ch)
		}
	}
	fmt.Fprintf(&b, " %s %d %d", SquareName(int(s.ep)), s.halfmove, s.fullmove)
	return b.String()
}
