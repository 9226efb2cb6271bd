package chessgame

import "testing"

// play makes the moves (any notation ParseMove reads) or fails.
func play(t *testing.T, p *Position, moves ...string) {
	t.Helper()
	for _, text := range moves {
		m, err := p.ParseMove(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		p.Make(m)
	}
}

// mustFEN reads fen or fails.
func mustFEN(t *testing.T, fen string) *Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
