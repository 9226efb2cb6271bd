package chessgame

import (
	"time"

	"oyunbot/ai"
	"oyunbot/games/chess/engine"
)

// levels returns chess's playing levels, weakest first. seed is the
// thesis's program: its evaluation (engine/eval_seed.go) searched one ply, plain,
// as it did. The others search with the common engine's modern search
// (ai/pvs.go, tuned for chess in engine/see.go) on the tuned evaluation, and
// open from the book (engine/book.go); easy and medium are kept weaker by depth
// and by deliberate, humane mistakes. Times stay within what a chat reply
// may take: a budget of 1 s for hard and 2 s for master (within, see
// budget).
func levels() []ai.Level {
	return []ai.Level{
		{Name: "seed", Limits: ai.Limits{Depth: 1}, Style: engine.StyleSeed, Plain: true},
		{Name: "easy", Limits: ai.Limits{Depth: 2, Time: Budget(300 * time.Millisecond)}, BlunderProb: 0.35, Margin: 150},
		{Name: "medium", Limits: ai.Limits{Depth: 4, Time: Budget(500 * time.Millisecond)}, BlunderProb: 0.1, Margin: 40},
		{Name: "hard", Limits: ai.Limits{Time: Budget(time.Second)}},
		{Name: "master", Limits: ai.Limits{Time: Budget(2 * time.Second)}},
	}
}

// Budget is the search's time limit for a reply due within d: 3% less,
// and at least 50 ms, so that stopping the search (the clock is read every
// few hundred nodes) and a loaded machine's scheduling still land the reply
// within d (chesstune budget beside two busy loops: p99 106% of the budget
// without the margin and 105% with 3% alone at load 16-20; with this, hard
// 100.4% and master 98.6% at load 7-13, BENCHMARKS.md).
func Budget(d time.Duration) time.Duration { return d - max(d*3/100, 50*time.Millisecond) }
