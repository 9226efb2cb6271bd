package present

import (
	"slices"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/sessions"
)

// PlayerActions are the buttons of a game between people that its player
// viewer has on the game's page besides the board's (Buttons): Accept and
// Decline of the opponent's draw offer or take-back request, then an offer
// of a draw and a request to take back their last turn, where the game
// allows them. The chat answers an offer by its own message's buttons and
// offers by typed commands; a page has no such message. None for a
// finished game, a game against the bot, a puzzle or someone else.
func (r *Presenter) PlayerActions(lang chat.Lang, s sessions.Snapshot, viewer string) [][]chat.Button {
	side := s.SideOf(viewer)
	if s.Result.Over || s.VsBot() || s.Solo() || side == ai.NoSide {
		return nil
	}
	tag := "#" + s.Tag()
	var rows [][]chat.Button
	if opp := side.Opponent(); s.DrawOffer == opp || s.TakebackOffer == opp {
		rows = append(rows, r.AnswerButtons(lang, tag, viewer)...)
	}
	policy := r.Host(s.Game).Policy
	var row []chat.Button
	if !policy.NoDraws && s.DrawOffer == ai.NoSide {
		row = append(row, chat.Button{Label: r.cat.T(lang, "button.draw"), Data: command.Draw + " " + tag})
	}
	if !policy.NoUndo && s.TakebackOffer == ai.NoSide && slices.Contains(s.Sides, side) && !midTurn(s) {
		row = append(row, chat.Button{Label: r.cat.T(lang, "button.takeback"), Data: command.Undo + " " + tag})
	}
	if len(row) > 0 {
		rows = append(rows, row)
	}
	return rows
}
