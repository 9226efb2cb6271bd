package tavla

// bearoff.go is the one-sided bear-off database of standard tavla and
// backgammon: for every position of up to 15 checkers on one side's six
// home points (C(21,6) = 54,264 of them), the probability distribution of
// the number of rolls that side needs to bear them all off, playing each
// roll to need the fewest rolls on average; and, for the positions of all
// 15 checkers, the distribution of the rolls it needs to bear off its
// first one (saving the mars), playing for that. Two sides' distributions
// give the exact cubeless chances of a race where both have all their
// checkers home (the only interaction is who finishes first):
//
//	P(the roller wins)        = Σn a(n)·P(B ≥ n)          (the roller finishes at its n-th roll, B has had n-1)
//	P(the roller wins a mars) = Σn a(n)·P(B's first off ≥ n)   (B has none off)
//	P(the roller loses a mars) = Σn b(n)·P(A's first off > n)  (A has none off)
//
// up to the one approximation GNU Backgammon's one-sided databases make
// too: each side plays for its own fewest rolls, whatever the other
// needs. Built at first use in about a second and cached like the
// 15-puzzle's pattern databases (games.CacheDir, checked by size and
// CRC-32 on loading, rebuilt when damaged); until it is ready the
// evaluation uses the network (readyBearoff).

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
)

const (
	// boPositions is the number of positions of up to 15 checkers on six
	// points: C(21, 6).
	boPositions = 54264
	// boRolls bounds the rolls a bear-off needs (15 checkers on the 6
	// point take at most 30 rolls of 2-1, three pips a roll).
	boRolls = 32
	// boFirst bounds the rolls to bear off a first checker.
	boFirst = 8
)

// Bearoff is the one-sided bear-off database. Read-only once built: safe
// to share between searches and goroutines.
type Bearoff struct {
	// dist[i*boRolls+n] is P(position i needs exactly n rolls).
	dist []float32
	// first[i*boFirst+n] is P(position i, of 15 checkers, needs exactly n
	// rolls to bear off a checker); for positions of fewer checkers
	// first[i*boFirst] is 1.
	first []float32
	// BuildTook is how long building took; Path the cache file ("" when
	// not saved), Loaded whether it came from there, Rebuilt whether the
	// file was there but damaged.
	BuildTook       time.Duration
	Path            string
	Loaded, Rebuilt bool
}

// boBinom[n][k] is C(n, k) for the ranking.
var boBinom = func() (b [22][8]int) {
	for n := range b {
		b[n][0] = 1
		for k := 1; k < 8 && k <= n; k++ {
			b[n][k] = b[n-1][k-1]
			if k < n {
				b[n][k] += b[n-1][k]
			}
		}
	}
	return b
}()

// boIndex is the rank of a home board (c[d-1] checkers on the point d
// away from off) among all those of up to 15 checkers: in the
// lexicographic order of (c[0], ..., c[5]), the number of boards before
// it. The sequences of k counts summing to at most m are C(m+k, k).
func boIndex(c *[6]int8) int {
	idx, m := 0, 15
	for i := range 6 {
		k := 5 - i // counts after this one
		for v := 0; v < int(c[i]); v++ {
			idx += boBinom[m-v+k][k]
		}
		m -= int(c[i])
	}
	return idx
}

// boBoards lists every board in index order.
func boBoards() [][6]int8 {
	out := make([][6]int8, 0, boPositions)
	var c [6]int8
	var rec func(i, left int)
	rec = func(i, left int) {
		if i == 6 {
			out = append(out, c)
			return
		}
		for v := 0; v <= left; v++ {
			c[i] = int8(v)
			rec(i+1, left-v)
		}
	}
	rec(0, 15)
	return out
}

// boPlays appends to out the index of every board a roll (dice a, b)
// leaves from c, each die played in turn (a double four times): a die d
// moves a checker from point p to p-d, or off from p = d, or off from a
// lower point when no checker stands higher. Every die is playable while
// a checker is left. (The database's own rules, checked against the
// game's turn generator by a test; BuildBearoff reads them through
// boStep.)
func boPlays(c [6]int8, a, b int, out []int) []int {
	dice := []int{a, b}
	if a == b {
		dice = []int{a, a, a, a}
	}
	var rec func(c [6]int8, k int)
	rec = func(c [6]int8, k int) {
		if k == len(dice) || c == [6]int8{} {
			if idx := boIndex(&c); !slices.Contains(out, idx) {
				out = append(out, idx)
			}
			return
		}
		for _, n := range boStep(c, dice[k], nil) {
			rec(n, k+1)
		}
	}
	rec(c, 0)
	if a != b {
		dice[0], dice[1] = b, a
		rec(c, 0)
	}
	return out
}

// boStep appends to out the boards one die d leaves from c (none from the
// empty board).
func boStep(c [6]int8, d int, out [][6]int8) [][6]int8 {
	high := 0
	for p := 6; p >= 1; p-- {
		if c[p-1] > 0 {
			high = p
			break
		}
	}
	for p := 1; p <= 6; p++ {
		if c[p-1] == 0 {
			continue
		}
		switch {
		case p > d:
			n := c
			n[p-1]--
			n[p-d-1]++
			out = append(out, n)
		case p == d || p == high:
			n := c
			n[p-1]--
			out = append(out, n)
		}
	}
	return out
}

// BuildBearoff computes the database, each board from those its plays
// leave, which have fewer pips (so in the order of the pips). A roll's
// best play is found without listing its plays: best[k][d][i] is the
// board, among those k dice of d played from board i reach, that needs
// the fewest rolls on average (bestFirst the same for the first checker
// off), kept for k = 0 to 3 as each board is done.
func BuildBearoff() *Bearoff {
	start := time.Now()
	boards := boBoards()
	order := make([]int, len(boards))
	pips := make([]int, len(boards))
	for i, c := range boards {
		order[i] = i
		for p, n := range c {
			pips[i] += (p + 1) * int(n)
		}
	}
	slices.SortStableFunc(order, func(x, y int) int { return pips[x] - pips[y] })
	// next[i*6+d-1] are the boards one die d leaves from board i.
	next := make([][]int32, boPositions*6)
	var buf [][6]int8
	for i, c := range boards {
		for d := 1; d <= 6; d++ {
			buf = boStep(c, d, buf[:0])
			for _, n := range buf {
				next[i*6+d-1] = append(next[i*6+d-1], int32(boIndex(&n)))
			}
		}
	}
	db := &Bearoff{dist: make([]float32, boPositions*boRolls), first: make([]float32, boPositions*boFirst)}
	mean := make([]float64, boPositions)
	meanFirst := make([]float64, boPositions)
	var best, bestFirst [4][6][]int32
	for k := range best {
		for d := range best[k] {
			best[k][d] = make([]int32, boPositions)
			bestFirst[k][d] = make([]int32, boPositions)
		}
	}
	// after is the best of cur (-1: none) and the boards k dice of e
	// leave from each of those one die of d leaves from i.
	after := func(i, d, e, k int, tbl *[4][6][]int32, m []float64, cur int32) int32 {
		for _, j := range next[i*6+d-1] {
			if b := tbl[k][e-1][j]; cur < 0 || m[b] < m[cur] {
				cur = b
			}
		}
		return cur
	}
	dist := make([]float64, boRolls)
	first := make([]float64, boFirst)
	for _, i := range order {
		c := boards[i]
		left := 0
		for _, n := range c {
			left += int(n)
		}
		if left > 0 {
			clear(dist)
			clear(first)
			for _, r := range rolls {
				var b, bf int32
				if r.a == r.b {
					b = after(i, r.a, r.a, 3, &best, mean, -1)
					bf = after(i, r.a, r.a, 3, &bestFirst, meanFirst, -1)
				} else {
					b = after(i, r.b, r.a, 1, &best, mean, after(i, r.a, r.b, 1, &best, mean, -1))
					bf = after(i, r.b, r.a, 1, &bestFirst, meanFirst, after(i, r.a, r.b, 1, &bestFirst, meanFirst, -1))
				}
				w := r.w / 36
				for n := 0; n+1 < boRolls; n++ {
					dist[n+1] += w * float64(db.dist[int(b)*boRolls+n])
				}
				if left == checkers {
					for n := 0; n+1 < boFirst; n++ {
						first[n+1] += w * float64(db.first[int(bf)*boFirst+n])
					}
				}
			}
			for n, v := range dist {
				db.dist[i*boRolls+n] = float32(v)
				mean[i] += float64(n) * v
			}
			if left == checkers {
				for n, v := range first {
					db.first[i*boFirst+n] = float32(v)
					meanFirst[i] += float64(n) * v
				}
			}
		}
		if left < checkers {
			db.first[i*boFirst] = 1
		}
		if left == 0 {
			db.dist[i*boRolls] = 1
		}
		// The tables for the boards with more pips: k dice of d from i.
		for d := 1; d <= 6; d++ {
			best[0][d-1][i], bestFirst[0][d-1][i] = int32(i), int32(i)
			for k := 1; k < 4; k++ {
				if left == 0 {
					best[k][d-1][i], bestFirst[k][d-1][i] = int32(i), int32(i)
					continue
				}
				best[k][d-1][i] = after(i, d, d, k-1, &best, mean, -1)
				bestFirst[k][d-1][i] = after(i, d, d, k-1, &bestFirst, meanFirst, -1)
			}
		}
	}
	db.BuildTook = time.Since(start)
	return db
}

// Rolls is the distribution of the rolls board c (c[d-1] checkers on the
// point d away from off) needs to bear off all: P(exactly n rolls) at n.
func (db *Bearoff) Rolls(c [6]int8) []float32 {
	i := boIndex(&c)
	return db.dist[i*boRolls : (i+1)*boRolls]
}

// FirstOff is the distribution of the rolls a board of 15 checkers needs
// to bear off its first one (1 at 0 for fewer checkers).
func (db *Bearoff) FirstOff(c [6]int8) []float32 {
	i := boIndex(&c)
	return db.first[i*boFirst : (i+1)*boFirst]
}

// Mean is the expected number of rolls board c needs to bear off all.
func (db *Bearoff) Mean(c [6]int8) float64 {
	m := 0.0
	for n, p := range db.Rolls(c) {
		m += float64(n) * float64(p)
	}
	return m
}

// homeBoard is side s's checkers on its six home points (c[d-1] on the
// point d away from off), false when s has a checker elsewhere or on the
// bar.
func (st *state) homeBoard(s ai.Side) (c [6]int8, ok bool) {
	if st.bar[s] > 0 || st.pins != 0 {
		return c, false
	}
	sg := sign(s)
	n := int(st.off[s])
	for q := 1; q <= points; q++ {
		k := st.occ[index(s, q)] * sg
		if k <= 0 {
			continue
		}
		if q < 19 {
			return c, false
		}
		c[points-q] = k
		n += int(k)
	}
	return c, n == checkers
}

// probs is the roller's chances in st (to win, to win a mars, to lose a
// mars) when both sides have all their checkers home; ok is false
// otherwise.
func (db *Bearoff) probs(st *state, roller ai.Side) (out [numOutputs]float32, ok bool) {
	a, ok1 := st.homeBoard(roller)
	b, ok2 := st.homeBoard(roller.Opponent())
	if !ok1 || !ok2 || a == [6]int8{} || b == [6]int8{} {
		return out, false // not a bear-off, or over (finalValue's)
	}
	da, db2 := db.Rolls(a), db.Rolls(b)
	// tailB[n] = P(B needs >= n rolls).
	var tailB, tailFirstB, tailFirstA [boRolls + 1]float64
	for n := boRolls - 1; n >= 0; n-- {
		tailB[n] = tailB[n+1] + float64(db2[n])
	}
	firstA, firstB := []float32{1}, []float32{1}
	if st.off[roller] == 0 {
		firstA = db.FirstOff(a)
	}
	if st.off[roller.Opponent()] == 0 {
		firstB = db.FirstOff(b)
	}
	for n := boRolls - 1; n >= 0; n-- {
		if n < len(firstA) {
			tailFirstA[n] = tailFirstA[n+1] + float64(firstA[n])
		}
		if n < len(firstB) {
			tailFirstB[n] = tailFirstB[n+1] + float64(firstB[n])
		}
	}
	var win, gw, gl float64
	for n := 1; n < boRolls; n++ {
		win += float64(da[n]) * tailB[n]
		gw += float64(da[n]) * tailFirstB[n]
		gl += float64(db2[n]) * tailFirstA[n+1]
	}
	out[outWin] = float32(min(max(win, 0), 1))
	out[outMarsWin] = float32(min(max(gw, 0), float64(out[outWin])))
	out[outMarsLoss] = float32(min(max(gl, 0), 1-float64(out[outWin])))
	return out, true
}

// bearoffName is the cache file's name; bearoffMagic opens the file: the
// build time in nanoseconds, the two tables as little-endian float32, and
// CRC-32 (IEEE) of everything before it.
const bearoffName = "tavla-bearoff1.bin"

var bearoffMagic = []byte("OYUNBOT-BEAROFF-1\n")

// ErrBearoffCorrupt is wrapped by the errors of a cache file that is not
// what it should be.
var ErrBearoffCorrupt = errors.New("tavla: bear-off database file damaged")

func (db *Bearoff) encode() []byte {
	out := make([]byte, 0, len(bearoffMagic)+8+4*(len(db.dist)+len(db.first))+4)
	out = append(out, bearoffMagic...)
	out = binary.LittleEndian.AppendUint64(out, uint64(db.BuildTook))
	for _, t := range [][]float32{db.dist, db.first} {
		for _, v := range t {
			out = binary.LittleEndian.AppendUint32(out, math.Float32bits(v))
		}
	}
	return binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(out))
}

func decodeBearoff(data []byte) (*Bearoff, error) {
	want := len(bearoffMagic) + 8 + 4*boPositions*(boRolls+boFirst) + 4
	switch {
	case len(data) != want:
		return nil, fmt.Errorf("%w: %d bytes, want %d", ErrBearoffCorrupt, len(data), want)
	case !bytes.HasPrefix(data, bearoffMagic):
		return nil, fmt.Errorf("%w: not a bear-off database", ErrBearoffCorrupt)
	case crc32.ChecksumIEEE(data[:len(data)-4]) != binary.LittleEndian.Uint32(data[len(data)-4:]):
		return nil, fmt.Errorf("%w: checksum mismatch", ErrBearoffCorrupt)
	}
	db := &Bearoff{BuildTook: time.Duration(binary.LittleEndian.Uint64(data[len(bearoffMagic):])),
		dist: make([]float32, boPositions*boRolls), first: make([]float32, boPositions*boFirst)}
	off := len(bearoffMagic) + 8
	for _, t := range [][]float32{db.dist, db.first} {
		for i := range t {
			t[i] = math.Float32frombits(binary.LittleEndian.Uint32(data[off:]))
			off += 4
		}
	}
	return db, nil
}

// LoadBearoffFrom loads the database from dir, or builds it when the file
// is missing or damaged and saves it there (a failure to save is returned
// with the built database, which is usable).
func LoadBearoffFrom(dir string) (*Bearoff, error) {
	path := filepath.Join(dir, bearoffName)
	data, err := os.ReadFile(path)
	if err == nil {
		db, derr := decodeBearoff(data)
		if derr == nil {
			db.Path, db.Loaded = path, true
			return db, nil
		}
		err = derr
	}
	rebuilt := !errors.Is(err, os.ErrNotExist)
	db := BuildBearoff()
	db.Rebuilt = rebuilt
	if err := games.WriteFileAtomic(path, db.encode()); err != nil {
		return db, fmt.Errorf("tavla: saving the bear-off database: %w", err)
	}
	db.Path = path
	return db, nil
}

var (
	bearoffMu     sync.Mutex
	bearoffGlobal atomic.Pointer[Bearoff]
	bearoffWarm   sync.Once
	// bearoffDone is closed once bearoffGlobal is set.
	bearoffDone     = make(chan struct{})
	bearoffDoneOnce sync.Once
)

// LoadBearoff returns the process's bear-off database: loaded from
// games.CacheDir, or built (and saved) at first use; later calls return
// the same one. An error saving it leaves a usable database.
func LoadBearoff() (*Bearoff, error) {
	if db := bearoffGlobal.Load(); db != nil {
		return db, nil
	}
	bearoffMu.Lock()
	defer bearoffMu.Unlock()
	if db := bearoffGlobal.Load(); db != nil {
		return db, nil
	}
	db, err := LoadBearoffFrom(games.CacheDir())
	if db != nil {
		bearoffGlobal.Store(db)
		bearoffDoneOnce.Do(func() { close(bearoffDone) })
	}
	return db, err
}

// readyBearoff is the process's database if it is ready, else nil after
// starting to load or build it in the background: a search never waits
// for it, and rates bear-offs by the network until then.
func readyBearoff() *Bearoff {
	if db := bearoffGlobal.Load(); db != nil {
		return db
	}
	warmBearoff()
	return nil
}

// warmBearoff starts loading or building the database in the background
// (once) and returns at once.
func warmBearoff() {
	bearoffWarm.Do(func() { go LoadBearoff() }) //nolint:errcheck // a failure to save leaves a usable database
}

// bearoffReady returns a channel closed once the database is ready,
// starting to load or build it if nobody has.
func bearoffReady() <-chan struct{} {
	if bearoffGlobal.Load() == nil {
		warmBearoff()
	}
	return bearoffDone
}

// Ready implements games.Readier: closed once the bear-off database its
// levels read bear-offs by is ready (loaded from the cache, or built at
// the first call); they play by the network until then.
func (Standard) Ready() <-chan struct{} { return bearoffReady() }

// Ready implements games.Readier (Standard's).
func (Backgammon) Ready() <-chan struct{} { return bearoffReady() }
