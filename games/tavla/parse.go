package tavla

// parse.go reads a typed ply ("13/18", "13-18", "20/off") or a roll, and
// says why one is refused; Prompt says what the side to move owes.

import (
	"fmt"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
)

// offWords are what people type for "off the board".
var offWords = map[string]bool{"off": true, "o": true, "25": true, "out": true, "cik": true, "çık": true, "dis": true, "dış": true, "disari": true, "dışarı": true}

// passWords hand over a roll that cannot be played.
var passWords = map[string]bool{"pass": true, "pas": true, "geç": true, "gec": true, "-": true}

// ParseMove implements games.Position: a ply in the mover's numbering at a
// player's turn; a roll as FormatMove writes it at a chance turn (replay).
func (p *Pos) ParseMove(s string) (ai.Move, error) {
	in := strings.ToLower(strings.TrimSpace(s))
	st := &p.st
	if p.over() {
		return ai.NoMove, &games.MoveError{Kind: games.GameOver, Input: s}
	}
	if st.cube.phase != cubeNone {
		return p.parseCube(s, in)
	}
	if st.cube.on {
		if act := cubeWordAt(in); act != 0 && !(act == actDrop && passWords[in]) {
			return ai.NoMove, p.cubeRefusal(s, act)
		}
	}
	if st.nd == 0 {
		return p.parseRoll(s, in)
	}
	if passWords[in] {
		if p.maxUse(0) > 0 {
			return ai.NoMove, &games.MoveError{Kind: games.Illegal, Input: s, Reason: "can-move", Detail: "a die can be played: you may not pass"}
		}
		return passMove(st.side), nil
	}
	if p.maxUse(0) == 0 {
		return ai.NoMove, &games.MoveError{Kind: games.Illegal, Input: s, Reason: "must-pass", Detail: "no die can be played: pass"}
	}
	malformed := &games.MoveError{Kind: games.Malformed, Input: s, Detail: "a move is a point and where it goes: 13/18, 13-18 or 20/off"}
	in = strings.TrimRight(in, "*")
	a, b, ok := strings.Cut(in, "/")
	if !ok {
		a, b, ok = strings.Cut(in, "-")
	}
	if !ok {
		return ai.NoMove, malformed
	}
	b = strings.TrimSpace(b)
	offDie := 0
	if w, d, ok := strings.Cut(b, "="); ok && offWords[w] {
		var err error
		if offDie, err = strconv.Atoi(d); err != nil || offDie < 1 || offDie > 6 {
			return ai.NoMove, malformed
		}
		b = w
	}
	q, to, ok := p.readPly(a, b)
	if !ok {
		return ai.NoMove, malformed
	}
	s0 := st.side
	legal := p.Moves(make([]ai.Move, 0, 32))
	fromIdx := bar
	if q > 0 {
		fromIdx = index(s0, q)
	}
	if to <= points {
		d := to - q
		for _, m := range legal {
			if ms, from, die := decodePly(m); ms == s0 && from == fromIdx && die == d {
				return m, nil
			}
		}
		return ai.NoMove, p.whyNot(s, q, d, false)
	}
	// Bearing off: the exact die, else the smallest larger die that may.
	var found ai.Move
	for _, m := range legal {
		if _, from, die := decodePly(m); from == fromIdx && q+die > points && (offDie == 0 || die == offDie) {
			if found.IsNone() || die < int(found.Lo>>8&0xf) {
				found = m
			}
		}
	}
	if !found.IsNone() {
		return found, nil
	}
	return ai.NoMove, p.whyNot(s, q, points+1-q, true)
}

// readPly reads a ply's two points as typed into own points: q (0: the
// bar, in standard tavla) and to (points+1: off).
func (p *Pos) readPly(a, b string) (q, to int, ok bool) {
	if p.st.hit {
		q, ok1 := readStdPoint(a)
		to, ok2 := readStdPoint(b)
		return q, to, ok1 && ok2 && q <= points && to >= 1
	}
	q, err := strconv.Atoi(strings.TrimSpace(a))
	if err != nil || q < 1 || q > points {
		return 0, 0, false
	}
	if offWords[b] {
		return q, points + 1, true
	}
	if to, err = strconv.Atoi(b); err != nil || to < 1 || to > points {
		return 0, 0, false
	}
	return q, to, true
}

// whyNot explains why the ply from own point q by d (off: bearing off) is
// not legal.
func (p *Pos) whyNot(input string, q, d int, off bool) error {
	st := &p.st
	s := st.side
	e := func(reason, detail string) error {
		return &games.MoveError{Kind: games.Illegal, Input: input, Reason: reason, Detail: detail}
	}
	if st.hit && st.bar[s] > 0 && q != 0 {
		return e("bar-first", "a checker of yours is on the bar: enter it first")
	}
	if q == 0 {
		if st.bar[s] == 0 {
			return e("no-checker", "you have no checker on the bar")
		}
		if d <= 0 || d > 6 {
			return e("backward", "checkers move forward only")
		}
		if !p.hasDie(d) {
			return p.noDie(input, "no-die", d)
		}
		return e("door", "that point is closed")
	}
	from := index(s, q)
	switch {
	case st.occ[from]*sign(s) <= 0 && st.occ[from] != 0 && st.pinned(from):
		return e("pinned", "that checker is pinned")
	case st.occ[from]*sign(s) <= 0:
		return e("no-checker", "you have no checker there")
	case d <= 0:
		return e("backward", "checkers move forward only")
	}
	if off {
		if !st.canBearOff(s) {
			if p.ownPinned(s) {
				return e("bear-off-pinned", "a pinned checker of yours keeps you from bearing off")
			}
			return e("bear-off-home", "bear off only when all your checkers are home")
		}
		if !p.hasDie(d) && !p.hasLarger(d) {
			return p.noDie(input, "off-die", d)
		}
		if !p.hasDie(d) && q != st.farthest(s) {
			return e("bear-off-farther", "a checker stands farther: move inside first")
		}
	}
	if !p.hasDie(d) && !off {
		return p.noDie(input, "no-die", d)
	}
	if !off {
		to := index(s, q+d)
		if v := st.occ[to] * sign(s); v < -1 {
			return e("door", "that point is a door of the opponent")
		} else if v == -1 && st.pinned(to) {
			return e("pinned-point", "a checker of yours is pinned there")
		}
	}
	// The ply is possible alone, but not in a turn that uses the dice the
	// rules require.
	if st.nd == 2 && st.dice[0] != st.dice[1] && p.maxUse(0) == 1 {
		return e("larger-die", "only one die can be played: the larger one")
	}
	if !off && !p.hasDie(d) {
		return p.noDie(input, "no-die", d)
	}
	return e("max-dice", "play so that as many dice as possible are used")
}

// noDie is the error of a ply that needs die d (off-die: d or more) where
// the dice left have none: it names the dice left ("only a 5 is left"),
// reason "only-die" (or "only-die-off") when one die is left.
func (p *Pos) noDie(input, reason string, d int) error {
	left := p.diceWords()
	if p.st.nd == 1 {
		reason = map[string]string{"no-die": "only-die", "off-die": "only-die-off"}[reason]
	}
	return &games.MoveError{Kind: games.Illegal, Input: input, Reason: reason,
		Detail: fmt.Sprintf("the move needs a %d; dice left: %s", d, left),
		Args:   []string{"die", strconv.Itoa(d), "dice", left}}
}

func (p *Pos) hasDie(d int) bool {
	for _, x := range p.st.dice[:p.st.nd] {
		if int(x) == d {
			return true
		}
	}
	return false
}

func (p *Pos) hasLarger(d int) bool {
	for _, x := range p.st.dice[:p.st.nd] {
		if int(x) > d {
			return true
		}
	}
	return false
}

// ownPinned reports whether a checker of s is pinned anywhere.
func (p *Pos) ownPinned(s ai.Side) bool {
	for i := range points {
		if p.st.pinned(i) && p.st.occ[i]*sign(s) < 0 {
			return true
		}
	}
	return false
}

func (p *Pos) parseRoll(s, in string) (ai.Move, error) {
	bad := &games.MoveError{Kind: games.Malformed, Input: s, Reason: "roll", Detail: "the dice are rolled for you"}
	in = strings.TrimSuffix(in, ":")
	digits := strings.ReplaceAll(in, "-", "")
	if len(digits) != 2 || digits[0] < '1' || digits[0] > '6' || digits[1] < '1' || digits[1] > '6' {
		return ai.NoMove, bad
	}
	a, b := int(digits[0]-'0'), int(digits[1]-'0')
	if p.st.opening {
		if a == b || !strings.Contains(in, "-") {
			return ai.NoMove, bad
		}
		return openMove(a, b), nil
	}
	return rollMove(a, b), nil
}

// dieNames and doubleNames are the Turkish names of the dice (yek, dü, se, cihar, penç,
// şeş) and of the doubles, for the log.
var (
	dieNames    = [7]string{"", "yek", "dü", "se", "cihar", "penç", "şeş"}
	doubleNames = [7]string{"", "hepyek", "dubara", "düse", "dörtcihar", "dübeş", "düşeş"}
)

// RollName is a roll's Turkish name: "şeş-beş", "düşeş".
func RollName(a, b int) string {
	if a < 1 || a > 6 || b < 1 || b > 6 {
		return ""
	}
	if a == b {
		return doubleNames[a]
	}
	return dieNames[max(a, b)] + "-" + dieNames[min(a, b)]
}

// Prompt implements games.Prompter: the roll to play and what the rules
// force ("only the 5 can be played"), the dice still owed in a turn begun,
// and, once, that the opponent's last roll could not be played.
func (p *Pos) Prompt() (string, []string, bool) {
	st := &p.st
	if !p.over() && st.cube.phase != cubeNone {
		v := strconv.Itoa(1 << st.cube.log)
		if st.cube.phase == cubeDecide {
			return "cube-decide", []string{"cube", v, "next", strconv.Itoa(2 << st.cube.log)}, true
		}
		return "cube-offer", []string{"cube", strconv.Itoa(2 << st.cube.log), "drop", v}, true
	}
	if p.over() || st.nd == 0 {
		return "", nil, false
	}
	full := st.nd == 4 || (st.nd == 2 && st.dice[0] != st.dice[1])
	dice := p.diceWords()
	if full {
		roll := rollText(int(st.dice[0]), int(st.dice[1]))
		name := RollName(int(st.dice[0]), int(st.dice[1]))
		if st.lostBy == st.side.Opponent() && st.lost[0] > 0 {
			lost := rollText(int(st.lost[0]), int(st.lost[1]))
			return "lost", []string{"lost", lost, "roll", roll, "name", name}, true
		}
		switch u := p.maxUse(0); {
		case u == 0:
			return "pass", []string{"roll", roll, "name", name}, true
		case u == 1 && st.nd == 2:
			m := p.Moves(make([]ai.Move, 0, 32))
			_, _, d := decodePly(m[0])
			return "one-die", []string{"roll", roll, "name", name, "die", strconv.Itoa(d)}, true
		case u < int(st.nd):
			return "some-dice", []string{"roll", roll, "name", name, "n", strconv.Itoa(u)}, true
		}
		return "roll", []string{"roll", roll, "name", name}, true
	}
	return "die", []string{"dice", dice}, true
}

func rollText(a, b int) string { return strconv.Itoa(a) + "-" + strconv.Itoa(b) }

// diceWords lists the dice left: "3", "6 6 6".
func (p *Pos) diceWords() string {
	var b strings.Builder
	for i, d := range p.st.dice[:p.st.nd] {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(int(d)))
	}
	return b.String()
}
