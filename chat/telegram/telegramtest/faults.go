package telegramtest

// ClearFaults forgets every queued fault: the server answers normally again
// (the end of an outage).
func (s *Server) ClearFaults() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.faults)
}
