package tictactoe_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"oyunbot/ai"
	"oyunbot/games/tictactoe"
)

// solver is an exact tic-tac-toe solver written apart from the engine: the
// game value for the side to move (1 win, 0 draw, -1 loss), memoised.
type solver map[uint64]int

func (s solver) value(p *tictactoe.Position) int {
	if v, ok := s[p.Hash()]; ok {
		return v
	}
	v := -1
	if st := p.Status(); st.Over {
		switch st.Winner {
		case ai.NoSide:
			v = 0
		case p.Turn():
			v = 1
		}
	} else {
		for _, m := range p.Moves(nil) {
			p.Make(m)
			v = max(v, -s.value(p))
			p.Unmake()
		}
	}
	s[p.Hash()] = v
	return v
}

// moveValue is the game value of playing m in p, for p's side to move.
func (s solver) moveValue(p *tictactoe.Position, m ai.Move) int {
	p.Make(m)
	defer p.Unmake()
	return -s.value(p)
}

// level returns a level without its clock: the depth limits and the
// deliberate mistakes stay, but a loaded test machine cannot cut a search
// short and change the moves. (Unclocked, master searches until the game
// tree is exhausted, which takes milliseconds on tic-tac-toe, far inside its
// real budget.)
func level(t *testing.T, name string) ai.Level {
	l, ok := tictactoe.Game{}.Host().Level(name)
	if !ok {
		t.Fatalf("no level %q", name)
	}
	l.Limits.Time = 0
	return l
}

// TestMasterNeverErrs: from every reachable position that is not over, the
// master level's move keeps the game value (it never turns a win into a
// draw, nor a draw into a loss).
func TestMasterNeverErrs(t *testing.T) {
	s := solver{}
	e := ai.NewEngine(ai.DefaultOptions())
	master := level(t, "master")
	rng := rand.New(rand.NewPCG(7, 7))
	checked := 0
	for _, p := range allPositions(t) {
		if p.Status().Over {
			continue
		}
		res := e.Choose(context.Background(), p, master, rng)
		if got, want := s.moveValue(p, res.Best), s.value(p); got != want {
			t.Fatalf("%s: master played %s worth %d, the position is worth %d", p, p.FormatMove(res.Best), got, want)
		}
		checked++
	}
	if checked != 4520 {
		t.Errorf("checked %d positions, want 4520", checked)
	}
}

// TestLowerLevelsErrOnPurpose: easy and medium sometimes throw away value,
// easy more often than medium; but they never let a win in one slip (a
// slower sure win is fine) and stop a loss in one whenever they can (humane
// mistakes, not random play).
func TestLowerLevelsErrOnPurpose(t *testing.T) {
	s := solver{}
	ps := allPositions(t)
	errs := map[string]int{}
	for _, name := range []string{"easy", "medium"} {
		e := ai.NewEngine(ai.DefaultOptions())
		lvl := level(t, name)
		rng := rand.New(rand.NewPCG(1, 2))
		for _, p := range ps {
			if p.Status().Over {
				continue
			}
			res := e.Choose(context.Background(), p, lvl, rng)
			if s.moveValue(p, res.Best) < s.value(p) {
				errs[name]++
			}
			if winsNow(p) && s.moveValue(p, res.Best) < 1 {
				t.Fatalf("%s: %s: played %s, throwing away a win in one", name, p, p.FormatMove(res.Best))
			}
			if !losesNext(p, res.Best) {
				continue
			}
			for _, m := range p.Moves(nil) {
				if !losesNext(p, m) {
					t.Fatalf("%s: %s: played %s, allowing a win in one that %s stops", name, p, p.FormatMove(res.Best), p.FormatMove(m))
				}
			}
		}
	}
	t.Logf("moves that lose value over 4520 positions: %v", errs)
	if errs["medium"] == 0 || errs["easy"] <= errs["medium"] {
		t.Errorf("mistakes: easy %d, medium %d; want 0 < medium < easy", errs["easy"], errs["medium"])
	}
}

func winsAfter(p *tictactoe.Position, m ai.Move) bool {
	p.Make(m)
	defer p.Unmake()
	st := p.Status()
	return st.Over && st.Winner != ai.NoSide
}

func winsNow(p *tictactoe.Position) bool {
	for _, m := range p.Moves(nil) {
		if winsAfter(p, m) {
			return true
		}
	}
	return false
}

// losesNext reports whether after m the opponent can win at once.
func losesNext(p *tictactoe.Position, m ai.Move) bool {
	p.Make(m)
	defer p.Unmake()
	return winsNow(p)
}

// TestLevelsAgainstPerfectPlay: against master, which never loses, easy
// and medium lose some games and easy more than medium, hard fewer than
// medium; and the levels' fixed ratings are in that order (issue 20).
func TestLevelsAgainstPerfectPlay(t *testing.T) {
	const games = 200
	master := level(t, "master")
	losses := map[string]int{}
	for _, name := range []string{"easy", "medium", "hard"} {
		lvl := level(t, name)
		rng := rand.New(rand.NewPCG(3, 9))
		// An engine each: a table filled by master's whole-game searches
		// would lend the level master's sight.
		eLevel, eMaster := ai.NewEngine(ai.DefaultOptions()), ai.NewEngine(ai.DefaultOptions())
		for g := range games {
			p := tictactoe.Game{}.Start().(*tictactoe.Position)
			levelSide := ai.Side(g % 2) // each side half the games
			for !p.Status().Over {
				e, l := eMaster, master
				if p.Turn() == levelSide {
					e, l = eLevel, lvl
				}
				p.Make(e.Choose(context.Background(), p, l, rng).Best)
			}
			switch w := p.Status().Winner; w {
			case levelSide:
				t.Fatalf("%s beat master: %s", name, p)
			case levelSide.Opponent():
				losses[name]++
			}
		}
	}
	t.Logf("games lost to master of %d: %v", games, losses)
	if losses["medium"] == 0 || losses["easy"] <= losses["medium"] || losses["hard"] >= losses["medium"] {
		t.Errorf("losses to master %v: want 0 < medium, hard < medium < easy", losses)
	}
	r := tictactoe.Game{}.Host().LevelRatings
	if !(r["easy"] < r["medium"] && r["medium"] < r["hard"] && r["hard"] < r["master"]) {
		t.Errorf("ratings %v: want easy < medium < hard < master", r)
	}
}
