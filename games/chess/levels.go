package chess

import "oyunbot/ai"

// levels returns chess's playing levels, weakest first (stub: the standard
// levels until the chess-specific ones land).
func levels() []ai.Level { return ai.Levels() }
