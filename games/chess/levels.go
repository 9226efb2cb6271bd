package chess

import (
	"time"

	"oyunbot/ai"
)

// levels returns chess's playing levels, weakest first. seed is the
// thesis's program: its evaluation (eval_seed.go) searched one ply, plain,
// as it did. The others search with the common engine and every technique
// it has for chess (quiescence ordered by SEE, check extension, null move,
// late-move reductions, futility pruning, killers and history) on the
// tapered evaluation, and open from the book (book.go); easy and medium are kept weaker by depth
// and by deliberate, humane mistakes. Times stay within what a chat reply
// may take: at most 1 s for hard and 2 s for master.
func levels() []ai.Level {
	return []ai.Level{
		{Name: "seed", Limits: ai.Limits{Depth: 1}, Style: StyleSeed, Plain: true},
		{Name: "easy", Limits: ai.Limits{Depth: 2, Time: 300 * time.Millisecond}, BlunderProb: 0.35, Margin: 150},
		{Name: "medium", Limits: ai.Limits{Depth: 4, Time: 500 * time.Millisecond}, BlunderProb: 0.1, Margin: 40},
		{Name: "hard", Limits: ai.Limits{Time: time.Second}},
		{Name: "master", Limits: ai.Limits{Time: 2 * time.Second}},
	}
}
