package sessions

// challengekeeper.go: what the live games offer the challenges, which
// package sessions/challenges keeps: the hook New restores them through.

// Open reports whether c is an open challenge (to Anyone).
func (c Challenge) Open() bool { return c.To.ID == Anyone }

// ChallengeKeeper is the challenges as the Manager calls them
// (*challenges.Book of package sessions/challenges), handed in through
// Config.Challenges: they import sessions (accepting one starts a game
// through the Lobby) and sessions must not import them.
type ChallengeKeeper interface {
	// Restore gives the keeper the Manager and loads the stored
	// challenges, returning the rows it could not read (added to
	// Skipped). New calls it once, before the Manager starts.
	Restore(m *Manager) ([]SkippedRow, error)
}
