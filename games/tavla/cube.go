package tavla

// cube.go is backgammon's doubling cube (BACKGAMMON.md): the rules of
// offering, taking and dropping a double, as moves of the position. A
// side whose turn begins and who may double (the cube centred or its own,
// not the Crawford game, the cube below 64) first chooses: "roll" (no
// double) or "double"; after a double its opponent chooses "take" (it
// owns the cube at twice the value, and the doubler rolls) or "drop" (the
// game ends: the doubler wins the cube's value before the double). These
// choices are moves of the side that makes them, so the game's history,
// replay, take-back within the turn and the engine's search see them as
// they see a ply; a position waiting for one has Turn that side and no
// dice (st.nd == 0) like a position waiting for a roll.

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
)

// cubeState is the doubling cube of a backgammon position (on false: a
// game without one, tavla and hapis).
type cubeState struct {
	on bool
	// log is the cube's value as a power of two (0: 1, 6: 64).
	log int8
	// owner may double next; ai.NoSide: the cube is centred (either may).
	owner ai.Side
	// phase is what the position waits for: cubeNone (a roll, or the
	// dice to play), cubeDecide (st.side: roll or double), cubeAnswer
	// (st.side's opponent: take or drop).
	phase int8
	// dropped: st.side's double was dropped; st.side won 1<<log.
	dropped bool
	// crawford: this is a match's Crawford game (no doubling at all).
	crawford bool
	// away is the points each side still needs to win the match (by
	// side); both 0 in a money game.
	away [2]int8
}

// Cube phases.
const (
	cubeNone int8 = iota
	cubeDecide
	cubeAnswer
)

// maxCubeLog bounds the cube at 64 (as GNU Backgammon and the servers
// do): beyond it nobody may double.
const maxCubeLog = 6

// Cube moves: kindCube | the action. Bit 22 lies outside kindMask, so a
// cube move is neither a ply, a roll nor the opening.
const (
	kindCube   = 1 << 22
	actRoll    = 1 // no double: the dice are rolled
	actDouble  = 2
	actTake    = 3
	actDrop    = 4
	cubeAction = 0xf
)

func cubeMove(act int) ai.Move { return ai.Move{Lo: kindCube | uint64(act)} }

func isCube(m ai.Move) bool { return m.Lo&kindCube != 0 }

// cubeWords are what people type for each cube action, in either language
// (folded: without the Turkish letters too). The bot's own command words
// are not among them: "kabul"/"accept" (the bot takes a double with it
// when nothing else waits), "pes" (resign: at a double, it costs what a
// drop does), "ret"/"reddet" (decline: never a drop, which ends the game).
var cubeWords = map[string]int{
	"roll": actRoll, "zar": actRoll, "at": actRoll, "zarat": actRoll, "zar-at": actRoll, "no-double": actRoll, "nodouble": actRoll,
	"double": actDouble, "katla": actDouble, "dbl": actDouble, "d": actDouble,
	"take": actTake, "al": actTake, "tut": actTake, "t": actTake,
	"drop": actDrop, "pass-cube": actDrop, "bırak": actDrop, "birak": actDrop, "pas": actDrop,
}

// cubeNames are the canonical (FormatMove) texts of the actions.
var cubeNames = [...]string{actRoll: "roll", actDouble: "double", actTake: "take", actDrop: "drop"}

// CubeView is the cube as the picture shows it: its value and owner
// (ai.NoSide: centred), the side a double (to twice the value) awaits the
// answer of (ai.NoSide: none), whether this is the Crawford game, and
// whether the game has a cube at all.
func (p *Pos) CubeView() (value int, owner, offeredTo ai.Side, crawford, on bool) {
	c := &p.st.cube
	offeredTo = ai.NoSide
	if c.phase == cubeAnswer {
		offeredTo = p.st.side.Opponent()
	}
	return 1 << c.log, c.owner, offeredTo, c.crawford, c.on
}

// Stake implements games.Staker: a backgammon game lost by a resignation
// or on time costs the cube's value (a double awaiting its answer is not
// yet accepted: as if dropped); 1 in tavla and hapis.
func (p *Pos) Stake() int {
	if !p.st.cube.on {
		return 1
	}
	return 1 << p.st.cube.log
}

// mayDouble reports whether side s may double now, before its roll.
func (st *state) mayDouble(s ai.Side) bool {
	c := &st.cube
	if !c.on || c.crawford || c.log >= maxCubeLog || st.opening {
		return false
	}
	if c.owner != ai.NoSide && c.owner != s {
		return false
	}
	return st.off[0] < checkers && st.off[1] < checkers && !st.dead
}

// beginTurn is the start of st.side's turn in a game with a cube: a
// decision first when it may double.
func (st *state) beginTurn() {
	if st.cube.on && st.mayDouble(st.side) {
		st.cube.phase = cubeDecide
	} else {
		st.cube.phase = cubeNone
	}
}

// cubeMoves appends the cube actions of the position's phase.
func (p *Pos) cubeMoves(buf []ai.Move) []ai.Move {
	switch p.st.cube.phase {
	case cubeDecide:
		return append(buf, cubeMove(actRoll), cubeMove(actDouble))
	case cubeAnswer:
		return append(buf, cubeMove(actTake), cubeMove(actDrop))
	}
	return buf
}

// makeCube plays a cube action (Make has saved the state).
func (p *Pos) makeCube(m ai.Move) {
	c := &p.st.cube
	switch int(m.Lo & cubeAction) {
	case actRoll:
		c.phase = cubeNone
	case actDouble:
		c.phase = cubeAnswer
	case actTake:
		c.log++
		c.owner = p.st.side.Opponent()
		c.phase = cubeNone
	case actDrop:
		c.dropped = true
		c.phase = cubeNone
	}
}

// parseCube reads a cube action typed at a cube decision.
func (p *Pos) parseCube(s, in string) (ai.Move, error) {
	act, ok := cubeWords[strings.Join(strings.Fields(in), "-")]
	if !ok {
		if p.st.cube.phase == cubeDecide {
			return ai.NoMove, &games.MoveError{Kind: games.Malformed, Input: s, Reason: "cube-decide", Detail: "roll or double first"}
		}
		return ai.NoMove, &games.MoveError{Kind: games.Malformed, Input: s, Reason: "cube-answer", Detail: "take or drop the double"}
	}
	for _, m := range p.cubeMoves(nil) {
		if int(m.Lo&cubeAction) == act {
			return m, nil
		}
	}
	if p.st.cube.phase == cubeDecide {
		return ai.NoMove, &games.MoveError{Kind: games.Illegal, Input: s, Reason: "cube-decide", Detail: "roll or double first"}
	}
	return ai.NoMove, &games.MoveError{Kind: games.Illegal, Input: s, Reason: "cube-answer", Detail: "take or drop the double"}
}

// cubeWordAt is the cube action a word would be (0: none), whatever the
// position waits for: a double typed mid-turn, or when the cube is not
// the player's, is told why it is refused.
func cubeWordAt(in string) int { return cubeWords[strings.Join(strings.Fields(in), "-")] }

// cubeRefusal explains a cube action typed when it is not due.
func (p *Pos) cubeRefusal(s string, act int) error {
	st := &p.st
	c := &st.cube
	reason, detail := "cube-not-now", "a cube action is not due now"
	switch {
	case act != actDouble:
	case c.crawford:
		reason, detail = "crawford", "no doubling in the Crawford game"
	case c.owner != ai.NoSide && c.owner != st.side:
		reason, detail = "cube-theirs", "the opponent owns the cube"
	case c.log >= maxCubeLog:
		reason, detail = "cube-max", "the cube is at 64"
	case st.nd > 0:
		reason, detail = "double-before-roll", "a double is offered before rolling"
	}
	return &games.MoveError{Kind: games.Illegal, Input: s, Reason: reason, Detail: detail}
}

// cubeResult is a finished backgammon game's points and how it ended.
func (p *Pos) cubeStatus() ai.Status {
	st := &p.st
	cube := 1 << st.cube.log
	if st.cube.dropped {
		return ai.Status{Over: true, Winner: st.side, Reason: "drop", Points: cube}
	}
	for s := white; s <= black; s++ {
		if st.off[s] != checkers {
			continue
		}
		o := s.Opponent()
		switch {
		case st.off[o] > 0:
			return ai.Status{Over: true, Winner: s, Reason: "borne-off", Points: cube}
		case st.bar[o] > 0 || st.homeCheckers(s, o):
			return ai.Status{Over: true, Winner: s, Reason: "backgammon", Points: 3 * cube}
		}
		return ai.Status{Over: true, Winner: s, Reason: "mars", Points: 2 * cube}
	}
	if st.dead {
		return ai.Status{Over: true, Winner: ai.NoSide, Reason: "deadlock"}
	}
	return ai.Status{}
}

// homeCheckers reports whether side o has a checker in side s's home (s's
// own points 19..24).
func (st *state) homeCheckers(s, o ai.Side) bool {
	for q := 19; q <= points; q++ {
		if int(st.occ[index(s, q)])*int(sign(o)) > 0 {
			return true
		}
	}
	return false
}

// zCube keys the cube's value, owner, phase and the Crawford flag; drawn
// from their own stream, so that the other keys stay what they were.
var (
	zCubeLog   [maxCubeLog + 1]uint64
	zCubeOwner [2]uint64
	zCubePhase [3]uint64
	zCrawford  uint64
)

func init() {
	r := rand.New(rand.NewPCG(0x6b7570, 2))
	for i := range zCubeLog {
		zCubeLog[i] = r.Uint64()
	}
	zCubeOwner[0], zCubeOwner[1] = r.Uint64(), r.Uint64()
	for i := range zCubePhase {
		zCubePhase[i] = r.Uint64()
	}
	zCrawford = r.Uint64()
}

// cubeHash is the cube's part of Hash (kept out of st.hash, which the
// checker search keys its boards by).
func (st *state) cubeHash() uint64 {
	c := &st.cube
	if !c.on {
		return 0
	}
	h := zCubeLog[c.log] ^ zCubePhase[c.phase]
	if c.owner == white || c.owner == black {
		h ^= zCubeOwner[c.owner]
	}
	if c.crawford {
		h ^= zCrawford
	}
	return h
}

// cubeText writes the position text's three cube fields: the cube ("1"
// centred, "2w", "4b" owned), the phase ("-", "d" a decision to double,
// "t" a double to take or drop, "x" dropped) and the match ("money", or
// each side's points still needed "3-1", "c" after it in the Crawford
// game).
func (st *state) cubeText() string {
	c := &st.cube
	owner := ""
	switch c.owner {
	case white:
		owner = "w"
	case black:
		owner = "b"
	}
	phase := [...]string{"-", "d", "t"}[c.phase]
	if c.dropped {
		phase = "x"
	}
	match := "money"
	if c.away != [2]int8{} {
		match = fmt.Sprintf("%d-%d", c.away[0], c.away[1])
		if c.crawford {
			match += "c"
		}
	}
	return fmt.Sprintf("%d%s %s %s", 1<<c.log, owner, phase, match)
}

// parseCubeText reads the three cube fields into p (whose board, side and
// dice are read).
func (p *Pos) parseCubeText(f []string) error {
	st := &p.st
	c := &st.cube
	c.on, c.owner = true, ai.NoSide
	bad := func(t, detail string) error {
		return &games.PositionError{Key: "cube", Args: []string{"text", games.Quote(t)}, Detail: "backgammon: " + detail, Catalog: bgCatalog()}
	}
	v := strings.TrimRight(f[0], "wb")
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > 1<<maxCubeLog || n&(n-1) != 0 {
		return bad(f[0], "the cube is 1, 2, 4 ... 64, w or b after it for its owner")
	}
	for n > 1 {
		c.log++
		n >>= 1
	}
	switch f[0][len(v):] {
	case "":
	case "w":
		c.owner = white
	case "b":
		c.owner = black
	default:
		return bad(f[0], "the cube is 1, 2, 4 ... 64, w or b after it for its owner")
	}
	switch m := f[2]; {
	case m == "money":
	default:
		crawford := strings.HasSuffix(m, "c")
		a, b, ok := strings.Cut(strings.TrimSuffix(m, "c"), "-")
		x, err1 := strconv.Atoi(a)
		y, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || x < 1 || y < 1 || x > 64 || y > 64 {
			return bad(m, "the match is money or each side's points still needed, 3-1 (c after it: the Crawford game)")
		}
		if crawford && x != 1 && y != 1 {
			return bad(m, "the Crawford game is played when a side needs 1 point")
		}
		c.away, c.crawford = [2]int8{int8(x), int8(y)}, crawford
	}
	switch f[1] {
	case "-":
	case "d", "t", "x":
		if st.nd > 0 || st.opening || p.over() {
			return bad(f[1], "a cube decision comes before the roll")
		}
		switch f[1] {
		case "d":
			if !st.mayDouble(st.side) {
				return bad(f[1], "the side to move may not double here")
			}
			c.phase = cubeDecide
		case "t":
			if !st.mayDouble(st.side) {
				return bad(f[1], "the side to move may not double here")
			}
			c.phase = cubeAnswer
		case "x":
			c.dropped = true
		}
	default:
		return bad(f[1], "the cube's phase is -, d (double or roll), t (take or drop) or x (dropped)")
	}
	return nil
}
