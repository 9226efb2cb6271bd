package chat_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/games/puzzle"
	"oyunbot/sessions"
)

// TestSlowSearchesShareOneBudget: a puzzle's "solve bfs" runs within the
// memory every slow command's searches share (Config.SearchMemory), not
// within its own limit of a million states alone: in a budget of 1 MiB,
// breadth-first search stops at its memory limit having expanded a few
// thousand nodes (issue 21).
func TestSlowSearchesShareOneBudget(t *testing.T) {
	reg, err := games.NewRegistry(puzzle.Fifteen)
	if err != nil {
		t.Fatal(err)
	}
	b := newBot(t, func(c *chat.Config, _ *sessions.Config) {
		c.Games, c.SearchMemory, c.SlowKeepMemory = reg, 1<<20, true
	})
	b.say("lang en")
	// 40 moves from the goal: breadth-first search holds millions of states.
	b.expect(b.say("play puzzle15 from 14,15,8,12,10,11,9,13,2,6,5,1,3,7,4,0"), "#g1")
	rs := b.say("solve bfs")
	m := regexp.MustCompile(`BFS found no solution: memory limit \(([0-9,]+) nodes`).FindStringSubmatch(texts(rs))
	if m == nil {
		t.Fatalf("solve bfs in 1 MiB: %q", texts(rs))
	}
	if n, err := strconv.Atoi(strings.ReplaceAll(m[1], ",", "")); err != nil || n > 20_000 {
		t.Errorf("bfs expanded %s nodes in 1 MiB: %q", m[1], texts(rs))
	}
}
