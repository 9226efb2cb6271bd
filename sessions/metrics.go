package sessions

// metrics.go: figures of the Manager for the operations' endpoints
// (chat/web's /metrics).

// EngineJobs is the engine's work: the jobs waiting for a worker and those
// running (the bot's moves, hints).
func (m *Manager) EngineJobs() (queued, running int) {
	return m.bots.pool.Load()
}
