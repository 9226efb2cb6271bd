// endgame.go is the endgame database: every position of up to five
// pieces (both sides still on the board, either to move, captures pending
// or not), solved by retrograde analysis under the variant's rules
// (Italian: a man never takes a king, the precedence among captures;
// English: free choice among captures), with the distance to the end in
// plies. The evaluation returns its exact result there, so the engine
// wins the won endings instead of shuffling and knows the drawn ones.
// The forty-move rule and repetitions are left out: the values are the
// rules' without them.
//
// Layout. A slice is a material (white men, white kings, black men, black
// kings). Within it a position's index is (white men, black men, white
// kings, black kings, side to move): the men as combinations of the 28
// squares each colour's men may stand on (a few index pairs overlap and
// are no position), the kings as combinations of the squares the men
// leave free (white's), then of those white's kings leave too (black's).
// So the positions that differ only in where the kings stand, a men
// configuration, are one block of the table.
//
// Solving. Slices go by pieces, then by men (a crowning leaves the same
// pieces with one man fewer): a capture or a crowning leads to a slice
// already solved. Within a slice the men configurations go from the most
// advanced (the sum of every man's ranks forward) to the least: a man's
// step advances it, so it leads to a configuration already solved. What
// is left within one configuration is the kings' steps, which can go back
// and forth: that block is solved by retrograde analysis from the values
// of the moves that leave it, by distance (a bucket queue), so that a win
// is the shortest and a loss the longest.
//
// The table is a byte a position: 0 a draw, else the plies to the end
// plus one, odd for a loss (the side to move loses in v-1 plies) and even
// for a win. Five pieces make 290 M positions a game (about 300 MB); the
// bot builds them at first use in the background, or `bot egdb` does, and
// keeps them in the cache folder (games.CacheDir). Until they are there
// the evaluation uses the positions of up to three pieces, solved in a
// fraction of a second.
package draughts

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
)

// Piece counts of the tables: the quick one solved in memory at first
// use, and the most the database holds.
const (
	quickPieces = 3
	egdbMax     = 5
)

// endgameWin scores a won table position, less the plies to the win:
// above any evaluation, below the engine's scores for finished games.
const endgameWin = 60_000

// egSlice is one material's part of the table.
type egSlice struct {
	wm, wk, bm, bk int
	off            int64 // the index of its first position
	nBM, nWK, nBK  int64 // combinations of black men, white kings, black kings
	size           int64 // entries (positions × 2 sides)
}

func (sl *egSlice) pieces() int { return sl.wm + sl.wk + sl.bm + sl.bk }

// egLayout is where every slice of up to max pieces is, in solving order.
type egLayout struct {
	max    int
	order  []*egSlice
	slices [egdbMax + 1][egdbMax + 1][egdbMax + 1][egdbMax + 1]*egSlice
	total  int64
	// ends[n] is the entries of the slices of up to n pieces (a prefix).
	ends [egdbMax + 1]int64
}

var layouts [egdbMax + 1]*egLayout

func init() {
	for n := 2; n <= egdbMax; n++ {
		layouts[n] = newLayout(n)
	}
}

func newLayout(max int) *egLayout {
	l := &egLayout{max: max}
	for n := 2; n <= max; n++ {
		for men := 0; men <= n; men++ {
			for wm := 0; wm <= men; wm++ {
				bm := men - wm
				for wk := 0; wk <= n-men; wk++ {
					bk := n - men - wk
					if wm+wk == 0 || bm+bk == 0 {
						continue
					}
					sl := &egSlice{wm: wm, wk: wk, bm: bm, bk: bk, off: l.total,
						nBM: int64(choose(28, bm)), nWK: int64(choose(32-men, wk)), nBK: int64(choose(32-men-wk, bk))}
					sl.size = 2 * int64(choose(28, wm)) * sl.nBM * sl.nWK * sl.nBK
					l.total += sl.size
					l.order = append(l.order, sl)
					l.slices[wm][wk][bm][bk] = sl
				}
			}
		}
		l.ends[n] = l.total
	}
	return l
}

// binom[n][k] is n choose k.
var binom = func() (b [33][33]int) {
	for n := range b {
		b[n][0] = 1
		for k := 1; k <= n; k++ {
			b[n][k] = b[n-1][k-1] + b[n-1][k]
		}
	}
	return b
}()

func choose(n, k int) int {
	if k < 0 || n < 0 || k > n {
		return 0
	}
	return binom[n][k]
}

// colex is the rank of the set bb in the colexicographic order of the
// sets of its size (whatever the universe).
func colex(bb uint32) int64 {
	r := 0
	for k := 1; bb != 0; k++ {
		r += binom[lowest(bb)][k]
		bb &= bb - 1
	}
	return int64(r)
}

// uncolex[k][r] is the set of k elements of rank r (k up to 4: a side has
// at most four kings in the table, and the men are never unranked).
var uncolex = func() (t [5][]uint32) {
	for k := 0; k <= 4; k++ {
		t[k] = make([]uint32, choose(32, k))
	}
	// Every set of up to four of 32 elements, by recursion.
	var rec func(k int, from int, set uint32)
	rec = func(k, from int, set uint32) {
		t[k][colex(set)] = set
		if k == 4 {
			return
		}
		for e := from; e < 32; e++ {
			rec(k+1, e+1, set|1<<e)
		}
	}
	rec(0, 0, 0)
	return t
}()

// compress maps the squares of set (disjoint from occ) to their ranks
// among the squares occ leaves free.
func compress(set, occ uint32) uint32 {
	var out uint32
	for ; set != 0; set &= set - 1 {
		sq := lowest(set)
		out |= 1 << (sq - bits.OnesCount32(occ&(1<<sq-1)))
	}
	return out
}

// expand is compress's inverse: the free squares of the ranks in set.
func expand(set, occ uint32) uint32 {
	var out uint32
	free := ^occ
	rank := 0
	for ; set != 0; set &= set - 1 {
		r := lowest(set)
		for ; rank < r; rank++ {
			free &= free - 1
		}
		out |= free & -free
	}
	return out
}

// index is s's entry in l, or false when l has no slice for its material.
func (l *egLayout) index(s *state) (int64, bool) {
	wm, wk, bm, bk := popcount(s.men[white]), popcount(s.kings[white]), popcount(s.men[black]), popcount(s.kings[black])
	if wm+wk+bm+bk > l.max {
		return 0, false
	}
	sl := l.slices[wm][wk][bm][bk]
	if sl == nil {
		return 0, false
	}
	men := s.men[white] | s.men[black]
	i := (colex(s.men[white]>>4)*sl.nBM+colex(s.men[black]&0x0fffffff))*sl.nWK + colex(compress(s.kings[white], men))
	i = i*sl.nBK + colex(compress(s.kings[black], men|s.kings[white]))
	return sl.off + 2*i + int64(s.side), true
}

// EndgameDB is a solved endgame database: vals[i] for the positions of
// layout. Read-only once made: safe to share.
type EndgameDB struct {
	layout  *egLayout
	italian bool
	vals    []uint8
	// Built is how long solving took (when loaded, the time recorded in
	// the file); Path is the cache file, Loaded that it came from there.
	Built           time.Duration
	Path            string
	Loaded, Rebuilt bool
}

// Pieces is the most pieces the table covers.
func (t *EndgameDB) Pieces() int { return t.layout.max }

// value is the entry of s, or false when s is not in the table.
func (t *EndgameDB) value(s *state) (uint8, bool) {
	if s.pieces(white) == 0 || s.pieces(black) == 0 {
		return 0, false
	}
	i, ok := t.layout.index(s)
	if !ok {
		return 0, false
	}
	return t.vals[i], true
}

// probe returns the table's score of s for the side to move, or false
// when s is not in the table.
func (t *EndgameDB) probe(s *state) (int, bool) {
	v, ok := t.value(s)
	if !ok {
		return 0, false
	}
	return scoreOf(v), true
}

func scoreOf(v uint8) int {
	switch {
	case v == 0:
		return 0
	case v&1 == 0:
		return endgameWin - int(v-1)
	}
	return -(endgameWin - int(v-1))
}

// EndgameResult reports the table's verdict on the position, if it has one: the
// winner (ai.NoSide for a draw) and the plies to the end.
func (p *Position) EndgameResult() (winner ai.Side, plies int, ok bool) {
	v, ok := p.v.endgame().value(&p.St)
	switch {
	case !ok || popcount(p.St.occ()) > p.endgameLimit():
		return ai.NoSide, 0, false
	case v == 0:
		return ai.NoSide, 0, true
	case v&1 == 0:
		return p.Turn(), int(v - 1), true
	}
	return p.Turn().Opponent(), int(v - 1), true
}

// SetEndgamePieces makes the evaluation use the endgame table for
// positions of at most n pieces only (0: not at all; a negative n: all
// the table has, the default), for matches of the engine with and
// without it. Clone keeps it.
func (p *Position) SetEndgamePieces(n int) {
	if n < 0 {
		p.egLimit = 0
		return
	}
	p.egLimit = n + 1
}

func (p *Position) endgameLimit() int {
	if p.egLimit == 0 {
		return egdbMax
	}
	return p.egLimit - 1
}

// EGDBPieces is the most pieces the bot's endgame databases hold:
// $OYUNBOT_DRAUGHTS_EGDB (3 to 5; 3 is the quick table alone), by default
// 5, but 3 in a test binary (a test that wants more builds it). A test
// binary is told by its name (go test's pkg.test), not by
// testing.Testing, which would link package testing into the bot.
func EGDBPieces() int {
	if n, err := strconv.Atoi(os.Getenv("OYUNBOT_DRAUGHTS_EGDB")); err == nil {
		return min(max(n, quickPieces), egdbMax)
	}
	if strings.HasSuffix(os.Args[0], ".test") || strings.HasSuffix(os.Args[0], ".test.exe") {
		return quickPieces
	}
	return egdbMax
}

// endgame returns v's table as far as it is ready: at first use the quick
// one (up to three pieces) is solved at once, and the database of
// EGDBPieces loaded from the cache or built in the background (the
// table grows by a piece at a time while it is built).
func (v *variant) endgame() *EndgameDB {
	if t := v.eg.Load(); t != nil {
		return t
	}
	v.egOnce.Do(func() {
		v.eg.Store(solveEndgames(v.italian, quickPieces, nil))
		if EGDBPieces() <= quickPieces {
			v.closeReady()
			return
		}
		go func() {
			defer v.closeReady()
			t, err := LoadEGDB(Game{v: v}, games.CacheDir(), EGDBPieces(), func(t *EndgameDB) {
				if t.Pieces() > v.eg.Load().Pieces() {
					v.eg.Store(t)
				}
			})
			if t != nil {
				v.eg.Store(t)
			}
			_ = err // a failure to save leaves a usable table; `bot egdb` says why
		}()
	})
	return v.eg.Load()
}

func (v *variant) closeReady() {
	v.readyOnce.Do(func() { v.ready = make(chan struct{}) })
	v.readyClose.Do(func() { close(v.ready) })
}

// Ready implements games.Readier: closed once the endgame database is
// loaded or built. The bot calls it at start, so the work is done in the
// background then, not during the first game that reaches it.
func (g Game) Ready() <-chan struct{} {
	g.v.readyOnce.Do(func() { g.v.ready = make(chan struct{}) })
	g.v.endgame()
	return g.v.ready
}

// EGDBStats describes a table: its pieces, entries and what they hold.
type EGDBStats struct {
	Pieces              int
	Entries             int64 // positions × sides, the table's bytes
	Wins, Losses, Draws int64 // positions (the overlapping men's indices left out)
	LongestWin          int   // plies
	LongestKingsWin     int   // plies, of the positions without men
	ByPieces            [egdbMax + 1][3]int64
	Built               time.Duration
	Path                string
	Loaded              bool
}

// Stats counts the table's results.
func (t *EndgameDB) Stats() EGDBStats {
	st := EGDBStats{Pieces: t.Pieces(), Entries: int64(len(t.vals)), Built: t.Built, Path: t.Path, Loaded: t.Loaded}
	t.each(func(sl *egSlice, s *state, i int64) {
		v := t.vals[i]
		n := sl.pieces()
		switch {
		case v == 0:
			st.Draws++
			st.ByPieces[n][2]++
		case v&1 == 0:
			st.Wins++
			st.ByPieces[n][0]++
			st.LongestWin = max(st.LongestWin, int(v-1))
			if sl.wm+sl.bm == 0 {
				st.LongestKingsWin = max(st.LongestKingsWin, int(v-1))
			}
		default:
			st.Losses++
			st.ByPieces[n][1]++
		}
	})
	return st
}

// each calls f for every position of the table (its state with the side
// to move set, and its index), slice by slice.
func (t *EndgameDB) each(f func(sl *egSlice, s *state, i int64)) {
	for _, sl := range t.layout.order {
		eachConfig(sl, false, func(wmS, bmS uint32, base int64) {
			men := wmS | bmS
			for kw := int64(0); kw < sl.nWK; kw++ {
				wkS := expand(uncolex[sl.wk][kw], men)
				for kb := int64(0); kb < sl.nBK; kb++ {
					bkS := expand(uncolex[sl.bk][kb], men|wkS)
					i := base + 2*(kw*sl.nBK+kb)
					for side := 0; side < 2; side++ {
						s := state{men: [2]uint32{wmS, bmS}, kings: [2]uint32{wkS, bkS}, side: uint8(side), italian: t.italian}
						f(sl, &s, i+int64(side))
					}
				}
			}
		})
	}
}

// eachConfig calls f for every men configuration of sl (white's and
// black's men, no square twice) with the index of its block, from the
// most advanced to the least when sorted is true.
func eachConfig(sl *egSlice, sorted bool, f func(wm, bm uint32, base int64)) {
	type config struct {
		wm, bm uint32
		base   int64
		adv    int
	}
	var cs []config
	block := 2 * sl.nWK * sl.nBK
	nWM := int64(choose(28, sl.wm))
	for iw := int64(0); iw < nWM; iw++ {
		wm := menSet(sl.wm, iw) << 4
		for ib := int64(0); ib < sl.nBM; ib++ {
			bm := menSet(sl.bm, ib)
			if wm&bm != 0 {
				continue
			}
			adv := 0
			for b := wm; b != 0; b &= b - 1 {
				adv += int(tab.rank[lowest(b)])
			}
			for b := bm; b != 0; b &= b - 1 {
				adv += 7 - int(tab.rank[lowest(b)])
			}
			cs = append(cs, config{wm, bm, sl.off + (iw*sl.nBM+ib)*block, adv})
		}
	}
	if sorted {
		slices.SortStableFunc(cs, func(a, b config) int { return b.adv - a.adv })
	}
	for _, c := range cs {
		f(c.wm, c.bm, c.base)
	}
}

// menSet is the set of k elements of colex rank r (k up to 4).
func menSet(k int, r int64) uint32 { return uncolex[k][r] }

// solveEndgames solves every position of up to max pieces. progress, if
// not nil, is given the table after each piece count is done (the same
// values, a smaller layout), so that it can be used while the rest is
// built.
func solveEndgames(italian bool, max int, progress func(*EndgameDB)) *EndgameDB {
	start := time.Now()
	l := layouts[max]
	t := &EndgameDB{layout: l, italian: italian, vals: make([]uint8, l.total)}
	sv := newSolver(t, italian)
	done := 1
	for _, sl := range l.order {
		if sl.pieces() > done && sl.pieces() > 2 {
			if progress != nil {
				progress(&EndgameDB{layout: layouts[done], italian: italian, vals: t.vals[:l.ends[done]:l.ends[done]]})
			}
		}
		done = sl.pieces()
		sv.solveSlice(sl)
	}
	t.Built = time.Since(start)
	return t
}

// solver holds the work arrays of one men configuration's block.
type solver struct {
	t       *EndgameDB
	italian bool
	// Per entry of the block: the moves within it not yet resolved, the
	// shortest win a move out of it or a resolved one gives (0: none),
	// the longest win of the opponent's among the moves resolved, flags.
	left, win, oppWin, flags []uint8
	buckets                  [256][]int32
	buf                      [ai.MaxMoves]ai.Move
}

const (
	flagFinal   = 1 << iota
	flagCapture // the side to move must capture: no move stays in the block
	flagDraw    // a move leads to a draw
)

func newSolver(t *EndgameDB, italian bool) *solver {
	n := 0
	for _, sl := range t.layout.order {
		n = max(n, int(2*sl.nWK*sl.nBK))
	}
	return &solver{t: t, italian: italian,
		left: make([]uint8, n), win: make([]uint8, n), oppWin: make([]uint8, n), flags: make([]uint8, n)}
}

func (sv *solver) solveSlice(sl *egSlice) {
	eachConfig(sl, true, func(wm, bm uint32, base int64) { sv.solveBlock(sl, wm, bm, base) })
}

// solveBlock solves the positions of sl with the men wm and bm, whose
// entries start at base.
func (sv *solver) solveBlock(sl *egSlice, wm, bm uint32, base int64) {
	n := int(2 * sl.nWK * sl.nBK)
	vals := sv.t.vals[base : base+int64(n)]
	left, win, oppWin, flags := sv.left[:n], sv.win[:n], sv.oppWin[:n], sv.flags[:n]
	clear(left)
	clear(win)
	clear(oppWin)
	clear(flags)
	for d := range sv.buckets {
		sv.buckets[d] = sv.buckets[d][:0]
	}
	men := wm | bm
	push := func(d int, i int32) {
		if d > 255 {
			panic(fmt.Sprintf("draughts: an endgame longer than 254 plies (%d)", d-1))
		}
		sv.buckets[d] = append(sv.buckets[d], i)
	}
	// The moves of every position: out of the block, their values; in
	// it, counted.
	for kw := int64(0); kw < sl.nWK; kw++ {
		wk := expand(uncolex[sl.wk][kw], men)
		for kb := int64(0); kb < sl.nBK; kb++ {
			bk := expand(uncolex[sl.bk][kb], men|wk)
			for side := 0; side < 2; side++ {
				i := int32(2*(kw*sl.nBK+kb)) + int32(side)
				s := state{men: [2]uint32{wm, bm}, kings: [2]uint32{wk, bk}, side: uint8(side), italian: sv.italian}
				moves := s.genMoves(sv.buf[:0])
				if len(moves) == 0 {
					push(0, i) // lost: no move
					continue
				}
				capture := moveTaken(moves[0]) != 0
				if capture {
					flags[i] |= flagCapture
				}
				us := side
				for _, m := range moves {
					if !capture && s.kings[us]&bit(moveFrom(m)) != 0 {
						left[i]++
						continue
					}
					c := s
					c.apply(m)
					var cv uint8
					if c.pieces(int(c.side)) != 0 {
						var ok bool
						cv, ok = sv.t.value(&c)
						if !ok {
							panic("draughts: an endgame move out of the solved slices")
						}
					} else {
						cv = 1 // the opponent has no piece: lost in 0
					}
					switch {
					case cv == 0:
						flags[i] |= flagDraw
					case cv&1 == 1: // a loss for the opponent: a win in cv plies
						if win[i] == 0 || cv < win[i] {
							win[i] = cv
						}
					default:
						oppWin[i] = max(oppWin[i], cv-1)
					}
				}
				switch {
				case win[i] != 0:
					push(int(win[i]), i)
				case left[i] == 0 && flags[i]&flagDraw == 0:
					push(int(oppWin[i])+1, i)
				}
			}
		}
	}
	// By distance: a position taken from bucket d is final at d plies.
	for d := 0; d < len(sv.buckets); d++ {
		for j := 0; j < len(sv.buckets[d]); j++ {
			i := sv.buckets[d][j]
			if flags[i]&flagFinal != 0 {
				continue
			}
			flags[i] |= flagFinal
			vals[i] = uint8(d + 1)
			// The positions with a king's step to this one: the other
			// side's kings a step back.
			side := int(i & 1)
			k := int64(i >> 1)
			wk := expand(uncolex[sl.wk][k/sl.nBK], men)
			bk := expand(uncolex[sl.bk][k%sl.nBK], men|wk)
			kings := [2]uint32{wk, bk}
			mover := side ^ 1
			empty := ^(men | wk | bk)
			for kk := kings[mover]; kk != 0; kk &= kk - 1 {
				sq := lowest(kk)
				for dir := 0; dir < 4; dir++ {
					f := tab.next[dir][sq]
					if f < 0 || empty&bit(int(f)) == 0 {
						continue
					}
					pk := kings
					pk[mover] ^= bit(sq) | bit(int(f))
					pi := int32(2*(colex(compress(pk[white], men))*sl.nBK+colex(compress(pk[black], men|pk[white])))) + int32(mover)
					if flags[pi]&(flagFinal|flagCapture) != 0 {
						continue
					}
					if d&1 == 0 { // this one is lost: a win for the one before
						if win[pi] == 0 || uint8(d+1) < win[pi] {
							win[pi] = uint8(d + 1)
							push(d+1, pi)
						}
						continue
					}
					oppWin[pi] = max(oppWin[pi], uint8(d))
					if left[pi]--; left[pi] == 0 && win[pi] == 0 && flags[pi]&flagDraw == 0 {
						push(int(oppWin[pi])+1, pi)
					}
				}
			}
		}
	}
}

// Cache files: magic, the pieces, build time in nanoseconds, the table,
// CRC-32 (IEEE) of everything before it.
var egdbMagic = []byte("OYUNBOT-EGDB-1\n")

// ErrEGDBCorrupt is wrapped by the errors of a cache file that is not
// what it should be.
var ErrEGDBCorrupt = errors.New("draughts: endgame database file damaged")

// EGDBFile is the cache file's name of g's database of n pieces.
func EGDBFile(g Game, n int) string {
	return fmt.Sprintf("draughts-%s-egdb%d-v1.bin", g.Name(), n)
}

// writeEGDB saves t at path: written beside it and renamed, so that a
// reader never sees half a file (and a table mapped from the old file
// keeps it), without a second copy of the table in memory.
func writeEGDB(path string, t *EndgameDB) error {
	return games.WriteAtomic(path, func(w io.Writer) error {
		head := append([]byte(nil), egdbMagic...)
		head = append(head, byte(t.Pieces()))
		head = binary.LittleEndian.AppendUint64(head, uint64(t.Built))
		crc := crc32.Update(crc32.ChecksumIEEE(head), crc32.IEEETable, t.vals)
		for _, b := range [][]byte{head, t.vals, binary.LittleEndian.AppendUint32(nil, crc)} {
			if _, err := w.Write(b); err != nil {
				return err
			}
		}
		return nil
	})
}

func decodeEGDB(italian bool, n int, data []byte) (*EndgameDB, error) {
	l := layouts[n]
	head := len(egdbMagic) + 9
	switch {
	case int64(len(data)) != int64(head)+l.total+4:
		return nil, fmt.Errorf("%w: %d bytes, want %d", ErrEGDBCorrupt, len(data), int64(head)+l.total+4)
	case !bytes.HasPrefix(data, egdbMagic) || int(data[len(egdbMagic)]) != n:
		return nil, fmt.Errorf("%w: not a %d-piece endgame database", ErrEGDBCorrupt, n)
	case crc32.ChecksumIEEE(data[:len(data)-4]) != binary.LittleEndian.Uint32(data[len(data)-4:]):
		return nil, fmt.Errorf("%w: checksum mismatch", ErrEGDBCorrupt)
	}
	t := &EndgameDB{layout: l, italian: italian, vals: data[head : len(data)-4 : len(data)-4],
		Built: time.Duration(binary.LittleEndian.Uint64(data[len(egdbMagic)+1:]))}
	return t, nil
}

var egdbMu sync.Mutex // one build at a time in a process (memory)

// LoadEGDB loads g's database of n pieces from dir, or builds it when the
// file is missing or damaged and saves it there (a failure to save is
// returned with the built table, which is usable). progress, if not nil,
// is given the table as far as it is built, a piece count at a time.
func LoadEGDB(g Game, dir string, n int, progress func(*EndgameDB)) (*EndgameDB, error) {
	path := filepath.Join(dir, EGDBFile(g, n))
	rebuilt := false
	if data, err := mapFile(path); err == nil {
		t, err := decodeEGDB(g.v.italian, n, data)
		if err == nil {
			t.Path, t.Loaded = path, true
			return t, nil
		}
		unmapFile(data)
		rebuilt = true
	}
	egdbMu.Lock()
	t := solveEndgames(g.v.italian, n, progress)
	egdbMu.Unlock()
	t.Rebuilt = rebuilt
	if err := writeEGDB(path, t); err != nil {
		return t, fmt.Errorf("draughts: saving the endgame database: %w", err)
	}
	t.Path = path
	// The saved file, mapped, rather than the table built on the heap.
	if data, err := mapFile(path); err == nil {
		if m, err := decodeEGDB(g.v.italian, n, data); err == nil {
			m.Path, m.Built, m.Rebuilt = path, t.Built, t.Rebuilt
			return m, nil
		}
		unmapFile(data)
	}
	return t, nil
}

// EGDB is g's endgame database as the bot uses it (built or loaded at
// first use; nil until a table of more than three pieces is ready).
func (g Game) EGDB() *EndgameDB { return g.v.endgame() }

// Verify checks every entry against the entries of its moves (the
// retrograde consistency check): a position is won in the fewest plies
// one of its moves leaves the opponent lost in, plus one; lost when every
// move leaves the opponent a win (or it has none), in the most plies plus
// one; else drawn. With the distances this proves the table right by the
// rules: a win stored as a draw or a loss, or the other way round, makes
// the shortest such error disagree with its moves. It returns the
// positions checked and the first disagreement.
func (t *EndgameDB) Verify() (int64, error) {
	var checked int64
	var bad error
	var buf [ai.MaxMoves]ai.Move
	t.each(func(sl *egSlice, s *state, i int64) {
		if bad != nil {
			return
		}
		checked++
		var want, best, worst uint8
		moves := s.genMoves(buf[:0])
		draw := false
		for _, m := range moves {
			c := *s
			c.apply(m)
			cv := uint8(1)
			if c.pieces(int(c.side)) != 0 {
				var ok bool
				if cv, ok = t.value(&c); !ok {
					bad = fmt.Errorf("draughts: %s: a move to %s, not in the table", t.text(s), t.text(&c))
					return
				}
			}
			switch {
			case cv == 0:
				draw = true
			case cv&1 == 1:
				if best == 0 || cv < best {
					best = cv
				}
			default:
				worst = max(worst, cv)
			}
		}
		switch {
		case best != 0:
			want = best + 1
		case len(moves) == 0:
			want = 1
		case !draw:
			want = worst + 1
		}
		if t.vals[i] != want {
			bad = fmt.Errorf("draughts: %s: stored %s, its moves say %s", t.text(s), valText(t.vals[i]), valText(want))
		}
	})
	return checked, bad
}

// valText reads an entry.
func valText(v uint8) string {
	switch {
	case v == 0:
		return "draw"
	case v&1 == 0:
		return fmt.Sprintf("win in %d", v-1)
	}
	return fmt.Sprintf("loss in %d", v-1)
}

// text is the position text of s in the table's game.
func (t *EndgameDB) text(s *state) string {
	g := Checkers
	if t.italian {
		g = Italian
	}
	p := &Position{v: g.v, history: history{St: *s}}
	return p.String()
}

// stateAt is the position of entry i, or false when i is no position
// (two men on one square).
func (t *EndgameDB) stateAt(i int64) (state, bool) {
	l := t.layout
	k := sortSearch(len(l.order), func(j int) bool { return l.order[j].off+l.order[j].size > i })
	sl := l.order[k]
	r := i - sl.off
	side := r & 1
	r >>= 1
	kb := r % sl.nBK
	r /= sl.nBK
	kw := r % sl.nWK
	r /= sl.nWK
	wm := menSet(sl.wm, r/sl.nBM) << 4
	bm := menSet(sl.bm, r%sl.nBM)
	if wm&bm != 0 {
		return state{}, false
	}
	wk := expand(uncolex[sl.wk][kw], wm|bm)
	bk := expand(uncolex[sl.bk][kb], wm|bm|wk)
	s := state{men: [2]uint32{wm, bm}, kings: [2]uint32{wk, bk}, side: uint8(side), italian: t.italian}
	s.hash = s.computeHash()
	return s, true
}

func sortSearch(n int, f func(int) bool) int {
	lo, hi := 0, n
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if !f(m) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// SearchCheck is VerifySearch's tally.
type SearchCheck struct {
	Wins, Losses, Draws int // positions checked of each
}

// VerifySearch checks sampled positions of the table against a search of
// the rules alone to the end of the game (no table, no evaluation): a win
// in n plies is forced in n and not in fewer, a loss in n can be put off
// to n and not further, for positions whose result is at most maxPlies
// away; a draw has no forced result within drawPlies. It draws positions
// at random (seeded) until it has checked perKind of each kind or tried
// tries times, and returns the tally and the first disagreement.
func (t *EndgameDB) VerifySearch(seed uint64, perKind, tries, maxPlies, drawPlies int) (SearchCheck, error) {
	var c SearchCheck
	r := rand.New(rand.NewPCG(seed, uint64(t.Pieces())))
	pr := newProver()
	for try := 0; try < tries && (c.Wins < perKind || c.Losses < perKind || c.Draws < perKind); try++ {
		i := r.Int64N(int64(len(t.vals)))
		s, ok := t.stateAt(i)
		if !ok {
			continue
		}
		v := t.vals[i]
		d := int(v) - 1
		switch {
		case v == 0:
			if c.Draws >= perKind {
				continue
			}
			if pr.winIn(s, drawPlies) || pr.lossIn(s, drawPlies) {
				return c, fmt.Errorf("draughts: %s: the table says a draw, a search finds a result", t.text(&s))
			}
			c.Draws++
		case v&1 == 0 && d <= maxPlies:
			if c.Wins >= perKind {
				continue
			}
			if !pr.winIn(s, d) || pr.winIn(s, d-2) {
				return c, fmt.Errorf("draughts: %s: the table says a win in %d, the search disagrees", t.text(&s), d)
			}
			c.Wins++
		case v&1 == 1 && d <= maxPlies:
			if c.Losses >= perKind {
				continue
			}
			if !pr.lossIn(s, d) || (d > 0 && pr.lossIn(s, d-2)) {
				return c, fmt.Errorf("draughts: %s: the table says a loss in %d, the search disagrees", t.text(&s), d)
			}
			c.Losses++
		}
	}
	return c, nil
}

// prover searches by the rules alone whether a side can force a win
// within so many plies, remembering what it proved.
type prover struct {
	memo map[proverKey]bool
}

type proverKey struct {
	s     state
	plies int
	win   bool
}

func newProver() *prover { return &prover{memo: map[proverKey]bool{}} }

// winIn reports whether the side to move in s can force a win within d
// plies (the opponent left without a move or a piece).
func (pr *prover) winIn(s state, d int) bool {
	if d <= 0 {
		return false
	}
	s.quiet = 0
	k := proverKey{s, d, true}
	if v, ok := pr.memo[k]; ok {
		return v
	}
	var buf [ai.MaxMoves]ai.Move
	res := false
	for _, m := range s.genMoves(buf[:0]) {
		c := s
		c.apply(m)
		if pr.lossIn(c, d-1) {
			res = true
			break
		}
	}
	pr.memo[k] = res
	return res
}

// lossIn reports whether the side to move in s loses within d plies
// whatever it does.
func (pr *prover) lossIn(s state, d int) bool {
	s.quiet = 0
	k := proverKey{s, d, false}
	if v, ok := pr.memo[k]; ok {
		return v
	}
	var buf [ai.MaxMoves]ai.Move
	moves := s.genMoves(buf[:0])
	res := len(moves) == 0
	if !res && d > 0 {
		res = true
		for _, m := range moves {
			c := s
			c.apply(m)
			if !pr.winIn(c, d-1) {
				res = false
				break
			}
		}
	}
	if len(pr.memo) > 1<<22 {
		clear(pr.memo)
	}
	pr.memo[k] = res
	return res
}

// SearchOwn implements ai.OwnSearcher: a position the endgame database
// holds (within SetEndgamePieces' limit) is answered from it without a
// search: the shortest win, else a draw, else the longest loss; among
// moves of the same value the one the evaluation likes best for the mover
// (the database off), which in a draw leaves the opponent the most room
// to go wrong. The score is the engine's for a won or lost game (ai.Win
// less the plies, so the post-game analysis reads the position as
// decided) or 0 for a draw. A level that makes mistakes on purpose, a
// style (seed), a plain search and a position outside the database are
// left to the engine, and so is a win or loss that might not come before
// the forty-move rule's draw (the plies without a capture or a man's move
// so far and the plies to the end reach 80).
func (p *Position) SearchOwn(ctx context.Context, lvl ai.Level, rng *rand.Rand, progress func(ai.Info), slot *any) (ai.Result, bool) {
	if p.style.seed || lvl.Style != "" || lvl.Plain || (lvl.BlunderProb > 0 && rng != nil) ||
		popcount(p.St.occ()) > p.endgameLimit() || p.adjudicated() != "" {
		return ai.Result{}, false
	}
	t := p.v.endgame()
	rv, ok := t.value(&p.St)
	if !ok || (rv != 0 && int(p.St.quiet)+int(rv-1) >= fortyMovePlies) {
		// A result the forty-move rule might overtake (the table
		// knows nothing of it): the engine's search, which does.
		return ai.Result{}, false
	}
	start := time.Now()
	var buf [ai.MaxMoves]ai.Move
	moves := p.St.genMoves(buf[:0])
	if len(moves) == 0 {
		return ai.Result{}, false
	}
	// rank orders a move's child entry for the mover: higher is better.
	rank := func(cv uint8) int {
		switch {
		case cv == 0:
			return 0
		case cv&1 == 1: // the opponent loses: the sooner the better
			return 1000 - int(cv)
		}
		return -1000 + int(cv) // the opponent wins: the later the better
	}
	best, bestRank, bestEval := ai.NoMove, 0, 0
	var bestV uint8
	for _, m := range moves {
		c := p.St
		c.apply(m)
		cv := uint8(1) // the opponent has no piece left
		if c.pieces(int(c.side)) != 0 {
			v, ok := t.value(&c)
			if !ok {
				return ai.Result{}, false
			}
			cv = v
		}
		r := rank(cv)
		ev := 0
		if !best.IsNone() && r < bestRank {
			continue
		}
		if cv == 0 || cv&1 == 0 {
			q := &Position{v: p.v, history: history{St: c}, w: p.w, egLimit: 1} // the table off: the heuristic
			ev = -q.Evaluate()
		}
		if best.IsNone() || r > bestRank || ev > bestEval {
			best, bestRank, bestEval, bestV = m, r, ev, cv
		}
	}
	score := 0
	switch {
	case bestV == 0:
	case bestV&1 == 1:
		score = ai.Win - int(bestV) // the child's loss in bestV-1 plies, one more
	default:
		score = -(ai.Win - int(bestV))
	}
	res := ai.Result{Best: best, Score: score, Depth: 1, Nodes: int64(len(moves)), PV: []ai.Move{best}, Elapsed: time.Since(start)}
	if progress != nil {
		progress(ai.Info{Depth: 1, Score: score, Nodes: res.Nodes, PV: res.PV, Elapsed: res.Elapsed})
	}
	return res, true
}
