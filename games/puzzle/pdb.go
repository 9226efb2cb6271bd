package puzzle

// pdb.go is the 15-puzzle's additive pattern databases (Korf and Felner's
// disjoint 6-6-3 partition): for each group of tiles, the fewest moves of
// that group's tiles that bring them home, whatever the other tiles do
// (they are free to move, and the blank to be anywhere). Moves of one
// group's tiles are not counted by another's, so the sum of the three is
// admissible, and it is at least the Manhattan distance.
//
// A table is filled by breadth-first search backwards from the goal over
// the placements of its group, indexed by their rank (k tiles on 16 cells:
// 16·15·…·(16-k+1) entries, a byte each: 5,765,760 for six tiles, 11.5 MB
// for the three). Building takes seconds; the tables are cached on disk
// (CacheDir) and checked on loading (size and CRC-32), rebuilt when the file
// is missing or damaged.

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math/bits"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"oyunbot/games"
)

// Partition663 is the 15-puzzle's tile groups: two of six tiles and one of
// three, the left and right halves of the board and the top row's rest.
var Partition663 = [][]int{{1, 5, 6, 9, 10, 13}, {7, 8, 11, 12, 14, 15}, {2, 3, 4}}

// PDB is a set of additive pattern databases of the 15-puzzle. Read-only
// once built: safe to share between positions and goroutines.
type PDB struct {
	groups [][]int
	tables [][]uint8
	// Built is how long building took (zero when loaded from the cache,
	// then BuildTook is the time recorded when the file was made).
	Built     time.Duration
	BuildTook time.Duration
	// Path is the cache file ("" when not saved); Loaded says the tables
	// came from it; Rebuilt that it existed but was damaged.
	Path            string
	Loaded, Rebuilt bool
}

// Groups are the tile groups, one table each.
func (db *PDB) Groups() [][]int { return db.groups }

// value is the sum of the tables' entries for the tiles' cells, or the sum
// for the board mirrored in its main diagonal when that is more (Korf and
// Felner's reflection: the mirrored board is as far from the goal, and the
// same tables read on it are the sums of another partition, the groups'
// mirror images, just as admissible).
func (db *PDB) value(where *[16]int8) int {
	var mirror [16]int8
	for t := 1; t < 16; t++ {
		mirror[mirrorTile[t]] = mirrorCell[where[t]]
	}
	return max(db.sum(where), db.sum(&mirror))
}

func (db *PDB) sum(where *[16]int8) int {
	h := 0
	for i, g := range db.groups {
		h += int(db.tables[i][rank(g, where)])
	}
	return h
}

// mirrorCell maps cell (row r, column c) to (c, r); mirrorTile maps tile t
// (whose goal is cell t-1) to the tile whose goal is that cell's mirror.
var mirrorCell, mirrorTile = func() (cell, tile [16]int8) {
	for c := range 16 {
		cell[c] = int8(c%4*4 + c/4)
	}
	for t := 1; t < 16; t++ {
		tile[t] = cell[t-1] + 1
	}
	return cell, tile
}()

// rank numbers the placement of group g's tiles (cells where[t]) from 0 to
// 16·15·…·(16-len(g)+1)-1: each tile's cell counted among the cells the
// tiles before it left free.
func rank(g []int, where *[16]int8) int {
	var used uint32
	r := 0
	for i, t := range g {
		c := uint32(where[t])
		r = r*(16-i) + int(c) - bits.OnesCount32(used&(1<<c-1))
		used |= 1 << c
	}
	return r
}

func tableSize(k int) int {
	s := 1
	for i := range k {
		s *= 16 - i
	}
	return s
}

// BuildPDB fills the tables of the given groups (disjoint sets of tiles
// 1..15, at most seven each) by breadth-first search from the goal.
func BuildPDB(groups [][]int) (*PDB, error) {
	seen := 0
	for _, g := range groups {
		if len(g) == 0 || len(g) > 7 {
			return nil, fmt.Errorf("puzzle: a pattern group has %d tiles, want 1 to 7", len(g))
		}
		for _, t := range g {
			if t < 1 || t > 15 || seen&(1<<t) != 0 {
				return nil, fmt.Errorf("puzzle: tile %d in no or two pattern groups", t)
			}
			seen |= 1 << t
		}
	}
	start := time.Now()
	db := &PDB{groups: groups}
	for _, g := range groups {
		db.tables = append(db.tables, buildTable(g))
	}
	db.Built = time.Since(start)
	db.BuildTook = db.Built
	return db, nil
}

// buildTable is one group's breadth-first search. A state is the cells of
// the group's tiles and the region of free cells the blank can reach
// without moving any of them (moves of the other tiles cost nothing); a
// move slides a tile of the group into a cell of that region next to it,
// and costs 1. The table keeps, for each placement, the least cost over
// its regions (the search reaches it first at that cost). A queue entry is
// the tiles' cells, a nibble each, and a cell of the region in the top
// nibble.
func buildTable(g []int) []uint8 {
	k := len(g)
	size := tableSize(k)
	table := make([]uint8, size)
	for i := range table {
		table[i] = 0xff
	}
	// pushed and done are bits by placement rank × blank cell: a state
	// queued, and a region expanded.
	pushed := make([]uint64, size*16/64+1)
	done := make([]uint64, size*16/64+1)
	bit := func(set []uint64, i int) bool { return set[i>>6]&(1<<(i&63)) != 0 }
	mark := func(set []uint64, i int) { set[i>>6] |= 1 << (i & 63) }

	var where [16]int8
	var goal uint32
	for i, t := range g {
		goal |= uint32(t-1) << (4 * i)
	}
	unpack := func(s uint32) {
		for i, t := range g {
			where[t] = int8(s >> (4 * i) & 15)
		}
	}
	queue := []uint32{goal | 15<<28}
	for depth, head, end := 0, 0, 1; head < len(queue); depth++ {
		for ; head < end; head++ {
			s := queue[head]
			blank := int(s >> 28)
			unpack(s)
			r := rank(g, &where)
			if bit(done, r*16+blank) {
				continue
			}
			var occ uint32
			for _, t := range g {
				occ |= 1 << where[t]
			}
			region := flood(occ, blank)
			for c := range 16 {
				if region&(1<<c) != 0 {
					mark(done, r*16+c)
					mark(pushed, r*16+c)
				}
			}
			if table[r] == 0xff {
				table[r] = uint8(depth)
			}
			for i, t := range g {
				c := int(where[t])
				for _, nb := range neighbours[c] {
					if nb < 0 || region&(1<<nb) == 0 {
						continue
					}
					where[t] = int8(nb)
					if r2 := rank(g, &where); !bit(pushed, r2*16+c) {
						mark(pushed, r2*16+c)
						next := s&^(15<<(4*i)|15<<28) | uint32(nb)<<(4*i) | uint32(c)<<28
						queue = append(queue, next)
					}
					where[t] = int8(c)
				}
			}
		}
		end = len(queue)
	}
	return table
}

// flood is the region of cells free of occ reachable from cell from.
func flood(occ uint32, from int) uint32 {
	region := uint32(1) << from
	for {
		grown := region
		for c := range 16 {
			if region&(1<<c) != 0 {
				for _, nb := range neighbours[c] {
					if nb >= 0 && occ&(1<<nb) == 0 {
						grown |= 1 << nb
					}
				}
			}
		}
		if grown == region {
			return region
		}
		region = grown
	}
}

// neighbours are each 4×4 cell's neighbours (-1 off the board).
var neighbours = func() (nb [16][4]int) {
	for c := range 16 {
		r, col := c/4, c%4
		nb[c] = [4]int{-1, -1, -1, -1}
		if r > 0 {
			nb[c][0] = c - 4
		}
		if r < 3 {
			nb[c][1] = c + 4
		}
		if col > 0 {
			nb[c][2] = c - 1
		}
		if col < 3 {
			nb[c][3] = c + 1
		}
	}
	return nb
}()

// CacheDir is where the pattern databases are kept: games.CacheDir
// ($OYUNBOT_CACHE_DIR, or the user's cache folder's "oyunbot").
func CacheDir() string { return games.CacheDir() }

// cacheName is the file of a partition: its groups in the name, so that
// another partition never reads it.
func cacheName(groups [][]int) string {
	var parts []string
	for _, g := range groups {
		var ts []string
		for _, t := range g {
			ts = append(ts, strconv.Itoa(t))
		}
		parts = append(parts, strings.Join(ts, "."))
	}
	return "puzzle15-pdb2-" + strings.Join(parts, "_") + ".bin"
}

// File format: magic, build time in nanoseconds, the tables one after the
// other (their sizes follow from the groups in the name), CRC-32 (IEEE) of
// everything before it.
var pdbMagic = []byte("OYUNBOT-PDB-2\n")

// ErrCorrupt is wrapped by the errors of a cache file that is not what it
// should be.
var ErrCorrupt = errors.New("puzzle: pattern database file damaged")

func encodePDB(db *PDB) []byte {
	n := len(pdbMagic) + 8 + 4
	for _, t := range db.tables {
		n += len(t)
	}
	out := make([]byte, 0, n)
	out = append(out, pdbMagic...)
	out = binary.LittleEndian.AppendUint64(out, uint64(db.BuildTook))
	for _, t := range db.tables {
		out = append(out, t...)
	}
	return binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(out))
}

func decodePDB(groups [][]int, data []byte) (*PDB, error) {
	want := len(pdbMagic) + 8 + 4
	for _, g := range groups {
		want += tableSize(len(g))
	}
	switch {
	case len(data) != want:
		return nil, fmt.Errorf("%w: %d bytes, want %d", ErrCorrupt, len(data), want)
	case !bytes.HasPrefix(data, pdbMagic):
		return nil, fmt.Errorf("%w: not a pattern database", ErrCorrupt)
	case crc32.ChecksumIEEE(data[:len(data)-4]) != binary.LittleEndian.Uint32(data[len(data)-4:]):
		return nil, fmt.Errorf("%w: checksum mismatch", ErrCorrupt)
	}
	db := &PDB{groups: groups, BuildTook: time.Duration(binary.LittleEndian.Uint64(data[len(pdbMagic):]))}
	off := len(pdbMagic) + 8
	for _, g := range groups {
		n := tableSize(len(g))
		db.tables = append(db.tables, data[off:off+n:off+n])
		off += n
	}
	return db, nil
}

// LoadPDBFrom loads the databases of groups from dir, or builds them when
// the file is missing or damaged and saves them there (a failure to save is
// returned with the built databases, which are usable).
func LoadPDBFrom(dir string, groups [][]int) (*PDB, error) {
	path := filepath.Join(dir, cacheName(groups))
	db, err := readPDB(path, groups)
	if err == nil {
		return db, nil
	}
	rebuilt := !errors.Is(err, os.ErrNotExist)
	db, err = BuildPDB(groups)
	if err != nil {
		return nil, err
	}
	db.Rebuilt = rebuilt
	if err := games.WriteFileAtomic(path, encodePDB(db)); err != nil {
		return db, fmt.Errorf("puzzle: saving the pattern databases: %w", err)
	}
	db.Path = path
	return db, nil
}

// readPDB loads and checks a cache file.
func readPDB(path string, groups [][]int) (*PDB, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	db, err := decodePDB(groups, data)
	if err != nil {
		return nil, err
	}
	db.Path, db.Loaded = path, true
	return db, nil
}

var (
	pdbMu     sync.Mutex
	pdbGlobal atomic.Pointer[PDB]
	// pdbReady is closed once pdbGlobal is set (setPDB).
	pdbReady     = make(chan struct{})
	pdbReadyOnce sync.Once
)

// setPDB makes db the process's databases and says they are ready.
func setPDB(db *PDB) {
	pdbGlobal.Store(db)
	pdbReadyOnce.Do(func() { close(pdbReady) })
}

// PDBReady returns a channel closed once the process's databases are
// loaded or built (at once when they are), and starts loading or building
// them in the background if nobody has: what a caller that had to refuse
// a search for want of them (ErrPDBNotReady) waits on before it answers.
func PDBReady() <-chan struct{} {
	if loadedPDB() == nil {
		WarmPDB()
	}
	return pdbReady
}

// LoadPDB returns the process's 6-6-3 databases: loaded from CacheDir, or
// built (and saved) at first use. Later calls return the same databases.
// Building needs a few seconds; an error saving them is logged by the
// caller's choice: the databases returned are usable even then.
func LoadPDB() (*PDB, error) {
	if db := pdbGlobal.Load(); db != nil {
		return db, nil
	}
	pdbMu.Lock()
	defer pdbMu.Unlock()
	if db := pdbGlobal.Load(); db != nil {
		return db, nil
	}
	db, err := LoadPDBFrom(CacheDir(), Partition663)
	if db != nil {
		setPDB(db)
	}
	return db, err
}

// loadedPDB is the process's databases if they are loaded, else nil.
func loadedPDB() *PDB { return pdbGlobal.Load() }

var pdbWarm sync.Once

// WarmPDB starts loading (or building) the process's databases in the
// background and returns at once; a program may call it at start so that
// the first 15-puzzle does not wait. ReadyPDB calls it.
func WarmPDB() {
	pdbWarm.Do(func() { go LoadPDB() }) //nolint:errcheck // a failure to save leaves usable databases; LoadPDB is asked again where it matters
}

// ReadyPDB returns the process's databases if they are loaded or a good
// cache file loads at once (a fraction of a second), else nil after
// starting to build them in the background: what a player's command or a
// game's start uses, so that none waits for a build.
func ReadyPDB() *PDB {
	if db := loadedPDB(); db != nil {
		return db
	}
	if pdbMu.TryLock() { // else someone is loading or building them
		if loadedPDB() == nil {
			if db, err := readPDB(filepath.Join(CacheDir(), cacheName(Partition663)), Partition663); err == nil {
				setPDB(db)
			}
		}
		pdbMu.Unlock()
		if db := loadedPDB(); db != nil {
			return db
		}
	}
	WarmPDB()
	return loadedPDB()
}

// Ready implements games.Readier: closed once the 15-puzzle's pattern
// databases are ready (the 8-puzzle needs none: closed at once); the
// first call starts loading or building them in the background.
func (g Game) Ready() <-chan struct{} {
	if g.n() == 3 {
		return closedChan
	}
	return PDBReady()
}

var closedChan = func() chan struct{} {
	c := make(chan struct{})
	close(c)
	return c
}()
