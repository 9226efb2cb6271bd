package chess

// eval.go: the standard evaluation (stub until the real one lands).

// Evaluate scores the position from the side to move's point of view.
func (p *Position) Evaluate() int { return 0 }

// SetStyle switches the evaluation style (ai.Styler) and returns the previous
// one; an unknown name selects the standard style.
func (p *Position) SetStyle(name string) string { return "" }
