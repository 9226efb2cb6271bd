package ai_test

import (
	"context"
	"testing"

	"oyunbot/ai"
)

// styled is a tree whose leaves score the other way round in the "seed"
// style: a level with that style must pick the other move.
type styled struct {
	*tree
	style string
}

func (s *styled) SetStyle(name string) string {
	prev := s.style
	s.style = name
	return prev
}

func (s *styled) Evaluate() int {
	if s.style == "seed" {
		return -s.tree.Evaluate()
	}
	return s.tree.Evaluate()
}

func TestLevelStyleChoosesTheStylesEvaluationAndRestores(t *testing.T) {
	// Root (First to move) with two leaves; leaf scores are from Second's view.
	tr := &tree{nodes: []node{{turn: ai.First, kids: []int{1, 2}}, leaf(ai.Second, -50), leaf(ai.Second, 50)}}
	p := &styled{tree: tr}
	e := ai.NewEngine(ai.DefaultOptions())
	std := e.Choose(context.Background(), p, ai.Level{Name: "x", Limits: ai.Limits{Depth: 1}}, nil)
	if std.Best != (ai.Move{Lo: 1}) {
		t.Fatalf("standard style chose %v, want the first move", std.Best)
	}
	seed := e.Choose(context.Background(), p, ai.Level{Name: "seed", Limits: ai.Limits{Depth: 1}, Style: "seed"}, nil)
	if seed.Best != (ai.Move{Lo: 2}) {
		t.Fatalf("seed style chose %v, want the second move", seed.Best)
	}
	if p.style != "" {
		t.Fatalf("style left as %q after the search", p.style)
	}
	// The seed search stored nothing that misleads the standard one.
	again := e.Choose(context.Background(), p, ai.Level{Name: "x", Limits: ai.Limits{Depth: 1}}, nil)
	if again.Best != std.Best || again.Score != std.Score {
		t.Fatalf("standard search after a styled one: %v %d, want %v %d", again.Best, again.Score, std.Best, std.Score)
	}
}
