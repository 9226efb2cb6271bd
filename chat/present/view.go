package present

import (
	"errors"
	"fmt"
	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/render"
	"oyunbot/sessions"
	"strings"
)

// FlipFor reports whether viewer sees game s from the second side's edge:
// the second player against the bot, in a game whose sides face each other
// (games.Host.Facing).
func (r *Presenter) FlipFor(s sessions.Snapshot, viewer string) bool {
	return viewer != "" && s.VsBot() && s.SideOf(viewer) == ai.Second && r.Host(s.Game).Facing
}

// textBoard is s's board as text, Turned round when flip: the game's own
// (games.TextBoarder) or its grid with coordinates.
func (r *Presenter) textBoard(lang chat.Lang, s sessions.Snapshot, flip bool) string {
	if tb := s.Can().TextBoarder; tb != nil {
		return tb.TextBoard(string(lang), flip)
	}
	board := s.Board
	if letters, ok := r.cat.Game(lang, s.Game, "text.letters"); ok {
		board = relabel(board, letters)
	}
	text := TextBoard(board)
	if flip {
		text = TextBoardFlipped(board)
	}
	if legend, ok := r.cat.Game(lang, s.Game, "text.legend"); ok {
		text += "\n" + legend
	}
	return text
}

// relabel writes board's pieces in the letters of the game's catalogue
// ("text.letters": from, to pairs, "wb bs" in Turkish draughts: b is
// beyaz, s siyah); a letter not named stays.
func relabel(board []string, letters string) []string {
	to := map[rune]rune{}
	for _, pair := range strings.Fields(letters) {
		if p := []rune(pair); len(p) == 2 {
			to[p[0]] = p[1]
		}
	}
	out := make([]string, len(board))
	for i, row := range board {
		out[i] = strings.Map(func(c rune) rune {
			if t, ok := to[c]; ok {
				return t
			}
			return c
		}, row)
	}
	return out
}

// TextBoardFlipped is TextBoard seen from the other side: the last rank at
// the top read right to left, the files from the last.
func TextBoardFlipped(board []string) string {
	var b strings.Builder
	n := len(board)
	w := len(fmt.Sprint(n))
	width := 0
	for i := n - 1; i >= 0; i-- {
		fmt.Fprintf(&b, "%*d ", w, n-i)
		row := []rune(board[i])
		for j := len(row) - 1; j >= 0; j-- {
			b.WriteRune(row[j])
			if j > 0 {
				b.WriteByte(' ')
			}
		}
		b.WriteByte('\n')
		width = max(width, len(row))
	}
	b.WriteString(strings.Repeat(" ", w+1))
	for j := width - 1; j >= 0; j-- {
		b.WriteByte(byte('a' + j%26))
		if j > 0 {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// matchScoreOf is the standing of the match game s belongs to, by s's
// sides, for its picture (zero for a game outside a match, or none read:
// Config.Recall, In).
func (r *Presenter) matchScoreOf(s sessions.Snapshot) render.MatchScore {
	if s.Match == 0 || r.cfg.Recall == nil || r.ctx == nil {
		return render.MatchScore{}
	}
	m, ok := r.cfg.Recall.Match(r.ctx, s.Match)
	if !ok {
		return render.MatchScore{}
	}
	return matchStanding(s, m)
}

// matchStanding is the standing of match m, which game s belongs to, by s's
// sides.
func matchStanding(s sessions.Snapshot, m sessions.MatchRecord) render.MatchScore {
	out := render.MatchScore{Target: m.Target}
	for side, p := range s.Players {
		for j, q := range m.Players {
			if p.ID == q.ID && p.Bot == q.Bot {
				out.Points[side] = m.Score[j]
			}
		}
	}
	return out
}

// GroupedLegal is s's legal moves as the game groups them (games.MoveGrouper:
// İşlem's hundreds of placements), a group a line after a line break; ""
// when the game lists them one by one.
func (r *Presenter) GroupedLegal(lang chat.Lang, s sessions.Snapshot) string {
	mg := s.Can().MoveGrouper
	if mg == nil {
		return ""
	}
	var b strings.Builder
	for _, g := range mg.GroupMoves(string(lang)) {
		b.WriteString("\n" + g.Label + " " + strings.Join(g.Moves, " "))
	}
	return b.String()
}

// LocalError is a game's error in lang: its own words when it can say
// it (games.Localized: a position's fault, an unsolvable puzzle), else
// its text (a game command's errors are in the request's language).
func LocalError(lang chat.Lang, err error) string {
	var loc interface {
		error
		games.Localized
	}
	if errors.As(err, &loc) {
		return loc.Message(string(lang))
	}
	return err.Error()
}
