package chess

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// walk is the plainest sliding attack: step along each direction until
// the edge or the first occupied square (the reference for the tables).
func walk(sq int, occ uint64, dirs [4][2]int) uint64 {
	var att uint64
	for _, d := range dirs {
		for r, f := rankOf(sq)+d[0], fileOf(sq)+d[1]; r >= 0 && r < 8 && f >= 0 && f < 8; r, f = r+d[0], f+d[1] {
			att |= bit(r*8 + f)
			if occ&bit(r*8+f) != 0 {
				break
			}
		}
	}
	return att
}

func rookWalk(sq int, occ uint64) uint64 {
	return walk(sq, occ, [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}})
}
func bishopWalk(sq int, occ uint64) uint64 {
	return walk(sq, occ, [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}})
}

// TestSlidingAttacks compares the magic lookups with ray walking on random
// occupancies, and on every occupancy of the relevant squares of a few
// squares (corners, edges, centre).
func TestSlidingAttacks(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 50000 {
		sq := r.IntN(64)
		occ := r.Uint64() & r.Uint64()
		if got, want := RookAttacks(sq, occ), rookWalk(sq, occ); got != want {
			t.Fatalf("rook %s occ %#x: %#x, want %#x", SquareName(sq), occ, got, want)
		}
		if got, want := BishopAttacks(sq, occ), bishopWalk(sq, occ); got != want {
			t.Fatalf("bishop %s occ %#x: %#x, want %#x", SquareName(sq), occ, got, want)
		}
	}
	for sq := range 64 {
		for _, c := range []struct {
			mask uint64
			fast func(int, uint64) uint64
			slow func(int, uint64) uint64
			name string
		}{{rookMask(sq), RookAttacks, rookWalk, "rook"}, {bishopMask(sq), BishopAttacks, bishopWalk, "bishop"}} {
			for sub := uint64(0); ; {
				if got, want := c.fast(sq, sub), c.slow(sq, sub); got != want {
					t.Fatalf("%s %s occ %#x: %#x, want %#x", c.name, SquareName(sq), sub, got, want)
				}
				if sub = (sub - c.mask) & c.mask; sub == 0 {
					break
				}
			}
		}
	}
}

// TestFindMagics runs the search that produced magic_numbers.go on a few
// squares (the whole board takes about 0.3 s; -v prints every number).
func TestFindMagics(t *testing.T) {
	rng := uint64(0x9e3779b97f4a7c15)
	squares := []int{0, 27, 63}
	if testing.Verbose() {
		squares = nil
		for sq := range 64 {
			squares = append(squares, sq)
		}
	}
	for _, k := range []struct {
		name   string
		mask   func(int) uint64
		attack func(int, uint64) uint64
	}{{"rook", rookMask, rookWalk}, {"bishop", bishopMask, bishopWalk}} {
		var out []string
		for _, sq := range squares {
			mg := findMagic(sq, k.mask(sq), k.attack, &rng)
			// What it finds must be a magic: every blocker subset of the
			// mask lands on a slot that holds its attacks alone.
			if bad := magicCollision(sq, k.mask(sq), mg, k.attack); bad >= 0 {
				t.Errorf("%s %d: %#016x maps blockers %#x onto another set's slot", k.name, sq, mg, bad)
			}
			out = append(out, fmt.Sprintf("%#016x", mg))
		}
		t.Logf("%s: %v", k.name, out)
	}
}

// magicCollision checks magic mg for the square: the first blocker subset
// of mask whose index holds different attacks, or -1 when there is none.
func magicCollision(sq int, mask, mg uint64, attacks func(int, uint64) uint64) int64 {
	shift := 64 - popcount(mask)
	slots := map[uint64]uint64{}
	for sub := uint64(0); ; {
		idx, att := (sub*mg)>>shift, attacks(sq, sub)
		if prev, ok := slots[idx]; ok && prev != att {
			return int64(sub)
		}
		slots[idx] = att
		if sub = (sub - mask) & mask; sub == 0 {
			return -1
		}
	}
}

// TestMagicCollisionFindsABadMultiplier: the check above can fail: a
// multiplier of 1 maps a rook's blockers onto each other's slots.
func TestMagicCollisionFindsABadMultiplier(t *testing.T) {
	if magicCollision(0, rookMask(0), 1, rookWalk) < 0 {
		t.Fatal("a multiplier of 1 passed as a magic")
	}
	if magicCollision(0, rookMask(0), rookMagicNumbers[0], rookWalk) >= 0 {
		t.Fatal("the shipped magic of a1 failed the check")
	}
}

// findMagic searches a multiplier that maps every subset of mask to a slot
// holding its attacks without a harmful collision.
func findMagic(sq int, mask uint64, attacks func(int, uint64) uint64, rng *uint64) uint64 {
	next := func() uint64 { // xorshift64*
		*rng ^= *rng >> 12
		*rng ^= *rng << 25
		*rng ^= *rng >> 27
		return *rng * 2685821657736338717
	}
	var occs, atts []uint64
	for sub := uint64(0); ; {
		occs, atts = append(occs, sub), append(atts, attacks(sq, sub))
		if sub = (sub - mask) & mask; sub == 0 {
			break
		}
	}
	shift := 64 - popcount(mask)
	used := make([]uint64, 1<<popcount(mask))
	seen := make([]bool, len(used))
	for {
		mg := next() & next() & next()
		if popcount((mask*mg)>>56) < 6 {
			continue
		}
		clear(seen)
		ok := true
		for i, o := range occs {
			idx := (o * mg) >> shift
			if !seen[idx] {
				seen[idx], used[idx] = true, atts[i]
			} else if used[idx] != atts[i] {
				ok = false
				break
			}
		}
		if ok {
			return mg
		}
	}
}

func BenchmarkInitMagics(b *testing.B) {
	for b.Loop() {
		initMagics()
	}
}
