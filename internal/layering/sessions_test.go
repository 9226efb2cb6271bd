package layering

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sessionsMaxLines is the most non-test Go package sessions (the live
// games, without its subpackages) may hold. Issue 38 wants it under 5,000;
// the SQL store's move to package store took it from 8,937 to 7,142 lines,
// the fair worker pool's to internal/fairpool to 6,795 (6,833 with the
// sweep's clean-up of idle games' board messages and Manager.Listen),
// the post-game analyses' to sessions/analyses to 6,383 (6,390 with the
// capabilities asked once through games.CanOf and Snapshot.Can: the one
// time it rose, by the seven lines that took the assertions out of it),
// the tournaments' to sessions/tournaments to 5,932 (TournamentView, which
// the Events carry, and the tournaments' games stay), the fleet's (the
// sweep, its lease, the heartbeat, the downtime credited) to sessions/fleet
// to 5,675, the challenges' to sessions/challenges to 5,438 (Challenge,
// its stored record and the store's interface stay, and the Lobby's
// Playing and StartBetween start the accepted ones), the matches' to
// sessions/matches to 5,305 (MatchRecord, which the store keeps and the
// Events carry, and the matches' games stay), the ratings' to
// sessions/ratings to 5,051 (the records they read and write stay, with the
// Rater the settler calls), the outbox's records and interfaces (the
// replies owed to chats, the board messages) to sessions/outbox to 4,955.
// It is a ratchet: lower it as parts move out
// (docs/architecture.md says which could), never raise it.
const sessionsMaxLines = 4955

// TestSessionsSize: package sessions stays under sessionsMaxLines lines
// of non-test Go, so that what moved out (the SQL store) does not grow back.
func TestSessionsSize(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "sessions", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files in sessions (%v): the test reads the wrong folder", err)
	}
	lines := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines += strings.Count(string(data), "\n")
	}
	if lines > sessionsMaxLines {
		t.Errorf("sessions holds %d lines of non-test Go, more than %d: does the new code belong to the live games, or to store, chat or a part of its own?", lines, sessionsMaxLines)
	}
	t.Logf("sessions: %d lines of non-test Go (issue 38's goal: under 5,000)", lines)
}
