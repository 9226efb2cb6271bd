package present

import (
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/sessions"
)

// RollLine is the turn line of a game waiting for a player's roll by hand,
// or "".
func (r *Presenter) RollLine(lang chat.Lang, s sessions.Snapshot) string {
	side, ok := s.Roller()
	if !ok || s.Players[side].Bot {
		return ""
	}
	return r.cat.T(lang, "game.roll-turn", "player", r.DisplayName(s.Players[side]), "cmd", command.Word(lang, command.Roll))
}
