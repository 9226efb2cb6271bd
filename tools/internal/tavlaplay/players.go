// Package tavlaplay plays tavla matches between players of every kind
// (the bot's levels through the common engine, searches on the network or
// the hand-written evaluation, the flat Monte-Carlo player) with seeded
// dice, for tools/tavlamatch and tools/tavlatrain.
package tavlaplay

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/tavla"
)

// Player plays one side of a game.
type Player interface {
	// Move returns the ply to play in p, whose side to move holds dice.
	Move(p *tavla.Pos) ai.Move
}

// Spec names a kind of player and makes them (one per game and side, so
// that a player's choices depend on its seed only).
type Spec struct {
	Name string
	New  func(seed uint64) Player
}

// SpecHelp describes the player specs ParseSpec reads.
const SpecHelp = `a player: a level (seed, easy, medium, hard, master) played through the
common engine as the bot plays it, optionally LEVEL+hand (the level's search on
the hand-written evaluation), LEVEL+classic (the common engine's search on the
hand-written evaluation, as the levels played before), LEVEL+nobearoff (the level
without the bear-off database, as before it: standard tavla) or LEVEL/DUR
(another time budget per move);
mcN (flat Monte-Carlo, N greedy playouts of each legal turn);
plyN[+hand][,OPTION=VALUE...][@FILE] (the N-ply search, 1 to 3, on the network
in FILE, default the embedded one, or on the hand-written evaluation; options:
keep, within, deepkeep, deepwithin, finalists, rollouts, horizon, rwithin, as
tavla.SearchOptions, and nobearoff=1)`

// ParseSpec reads a player spec (SpecHelp).
func ParseSpec(s string) (Spec, error) {
	s = strings.TrimSpace(s)
	switch {
	case strings.HasPrefix(s, "mc"):
		n, err := strconv.Atoi(s[2:])
		if err != nil || n < 1 || n > 100000 {
			return Spec{}, fmt.Errorf("%q: mcN needs N from 1 to 100000", s)
		}
		return Spec{Name: s, New: func(seed uint64) Player {
			mc := tavla.NewMonteCarlo(n, seed)
			return &turnPlayer{choose: func(p *tavla.Pos) []ai.Move { t := mc.Choose(p); return t.Moves() }}
		}}, nil
	case strings.HasPrefix(s, "ply"):
		rest := s[3:]
		var file string
		if i := strings.IndexByte(rest, '@'); i >= 0 {
			rest, file = rest[:i], rest[i+1:]
		}
		rest, extra, _ := strings.Cut(rest, ",")
		hand := false
		if r, ok := strings.CutSuffix(rest, "+hand"); ok {
			rest, hand = r, true
		}
		n, err := strconv.Atoi(rest)
		if err != nil || n < 1 || n > 3 {
			return Spec{}, fmt.Errorf("%q: plyN needs N from 1 to 3", s)
		}
		opts := tavla.SearchOptions{Plies: n, Hand: hand}
		if extra != "" {
			if err := searchOptions(&opts, extra); err != nil {
				return Spec{}, fmt.Errorf("%q: %w", s, err)
			}
		}
		if file != "" {
			f, err := os.Open(file)
			if err != nil {
				return Spec{}, err
			}
			net, err := tavla.ReadNet(f)
			f.Close()
			if err != nil {
				return Spec{}, fmt.Errorf("%s: %w", file, err)
			}
			opts.Net = net
		}
		return Spec{Name: s, New: func(seed uint64) Player {
			sr := tavla.NewSearcher(opts)
			return &turnPlayer{choose: func(p *tavla.Pos) []ai.Move {
				c := sr.Choose(context.Background(), p, time.Time{}, nil)
				return c.Turn.Moves()
			}}
		}}, nil
	}
	name, budget, timed := strings.Cut(s, "/")
	var d time.Duration
	if timed {
		var err error
		if d, err = time.ParseDuration(budget); err != nil || d <= 0 {
			return Spec{}, fmt.Errorf("%q: LEVEL/DUR needs a positive duration", s)
		}
	}
	name, hand := strings.CutSuffix(name, "+hand")
	name, classic := strings.CutSuffix(name, "+classic")
	name, threePly := strings.CutSuffix(name, "+3ply")
	name, noBearoff := strings.CutSuffix(name, "+nobearoff")
	lvl, ok := games.HostOf(tavla.Game{}).Level(name)
	if !ok {
		return Spec{}, fmt.Errorf("unknown player %q: %s", s, SpecHelp)
	}
	if hand {
		if lvl.Style != "" {
			return Spec{}, fmt.Errorf("%q: the %s level has its own evaluation", s, lvl.Name)
		}
		lvl.Style = "hand"
	}
	if threePly {
		if lvl.Name != "master" || lvl.Style != "" || hand || classic {
			return Spec{}, fmt.Errorf("%q: +3ply is of the master level alone", s)
		}
		lvl.Style = "3ply"
	}
	if noBearoff {
		if lvl.Style != "" {
			return Spec{}, fmt.Errorf("%q: the %s level has its own evaluation", s, lvl.Name)
		}
		lvl.Style = "nobearoff"
	}
	if classic {
		if lvl.Style != "" {
			return Spec{}, fmt.Errorf("%q: the %s level has its own evaluation", s, lvl.Name)
		}
		// As the level searched before the learned evaluation: the common
		// engine, the hand-written evaluation, depth in turns (hard 1,
		// master 2).
		lvl.Style = "classic"
		lvl.Limits.Depth = max(lvl.Limits.Depth-1, 1)
	}
	if timed {
		lvl.Limits.Time = d
	}
	return Spec{Name: s, New: func(seed uint64) Player {
		return &levelPlayer{lvl: lvl, e: ai.NewEngine(ai.DefaultOptions()), seed: seed}
	}}, nil
}

// searchOptions sets opts from name=value pairs (keep=12,deepkeep=3,...).
func searchOptions(opts *tavla.SearchOptions, list string) error {
	for _, kv := range strings.Split(list, ",") {
		k, v, ok := strings.Cut(kv, "=")
		x, err := strconv.ParseFloat(v, 64)
		if !ok || err != nil || x < 0 {
			return fmt.Errorf("%q: want name=value with a number not below 0", kv)
		}
		switch k {
		case "keep":
			opts.Keep = int(x)
		case "within":
			opts.Within = x
		case "deepkeep":
			opts.DeepKeep = int(x)
		case "deepwithin":
			opts.DeepWithin = x
		case "finalists":
			opts.Finalists = int(x)
		case "rollouts":
			opts.Rollouts = int(x)
		case "horizon":
			opts.Horizon = int(x)
		case "rwithin":
			opts.RolloutWithin = x
		case "nobearoff":
			opts.NoBearoff = x != 0
		default:
			return fmt.Errorf("unknown option %q (keep, within, deepkeep, deepwithin, finalists, rollouts, horizon, rwithin, nobearoff)", k)
		}
	}
	return nil
}

// levelPlayer plays a level through the common engine, ply by ply, as the
// bot does (sessions: a fresh rng for each ply's deliberate mistakes).
type levelPlayer struct {
	lvl  ai.Level
	e    *ai.Engine
	seed uint64
	n    uint64
}

func (l *levelPlayer) Move(p *tavla.Pos) ai.Move {
	l.n++
	return l.e.Choose(context.Background(), p, l.lvl, rand.New(rand.NewPCG(l.seed, l.n))).Best
}

// turnPlayer chooses whole turns and plays them a ply at a time.
type turnPlayer struct {
	choose func(p *tavla.Pos) []ai.Move
	plan   []ai.Move
	hashes []uint64
}

func (t *turnPlayer) Move(p *tavla.Pos) ai.Move {
	h := p.Hash()
	for k := 1; k < len(t.plan); k++ {
		if t.hashes[k] == h {
			return t.plan[k]
		}
	}
	t.plan = append(t.plan[:0], t.choose(p)...)
	t.hashes = t.hashes[:0]
	for _, m := range t.plan {
		t.hashes = append(t.hashes, p.Hash())
		p.Make(m)
	}
	for range t.plan {
		p.Unmake()
	}
	return t.plan[0]
}
