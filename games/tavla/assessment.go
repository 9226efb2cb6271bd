package tavla

// assessment.go tells the post-game analysis how tavla is judged, and
// which phase a position is in.

import (
	"oyunbot/ai"
	"oyunbot/games"
)

var (
	_ games.Assessor = Game{}
	_ games.Phaser   = (*Pos)(nil)
)

// Assessment implements games.Assessor: the engine's evaluation searched
// a whole turn deep (the rest of the turn, then the 21 rolls after it).
func (Game) Assessment() games.Assessment {
	a := games.DefaultAssessment()
	a.Limits = ai.Limits{Depth: 1, Turns: true}
	return a
}

// GamePhase implements games.Phaser as GNU Backgammon classes positions:
// "contact" while checkers can still meet, then "race", and "bearoff"
// once a side has all its checkers home.
func (p *Pos) GamePhase() string {
	if p.contact() {
		return "contact"
	}
	st := &p.st
	home := [2]bool{true, true}
	for i, v := range st.occ {
		if v > 0 && i < points-6 {
			home[0] = false
		}
		if v < 0 && i >= 6 {
			home[1] = false
		}
	}
	if home[0] || home[1] {
		return "bearoff"
	}
	return "race"
}
