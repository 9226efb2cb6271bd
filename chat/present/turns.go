package present

import (
	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/sessions"
	"slices"
	"strconv"
	"strings"
)

// TurnsText writes the history of s from entry from on, turn by turn:
// "Ayşe: roll 2-3 a2 b3 · oyunbot: roll 1-1 a1 b1 · Ayşe: roll 3-3". A
// roll belongs to the turn it opens: to the player who moves next. The
// rolls that open the turn still to play are left to the prompt, which
// shows them with their names ("your roll: 2-1 (dü-yek)"), rather than
// told twice, once as a turn with no move ("Ayşe: 21:").
func (r *Presenter) TurnsText(lang chat.Lang, s sessions.Snapshot, from int) string {
	var (
		groups []string
		cur    []string
		owner  = ai.NoSide
		end    = len(s.Moves)
	)
	if s.Prompt != "" && !s.Result.Over {
		for end > 0 && s.Sides[end-1] == ai.Chance {
			end--
		}
	}
	flush := func() {
		if len(cur) > 0 {
			groups = append(groups, r.cat.T(lang, "game.moved", "player", r.turnOwner(s, owner), "move", strings.Join(cur, " ")))
		}
		cur = nil
	}
	for i := max(from, 0); i < end; i++ {
		side := s.Sides[i]
		if side == ai.Chance {
			side = nextMover(s, i)
		}
		if side != owner {
			flush()
			owner = side
		}
		cur = append(cur, r.ShowMove(lang, s, s.Moves[i]))
	}
	flush()
	return strings.Join(groups, " · ")
}

// nextMover is the side that moves after history entry i (a roll's owner).
func nextMover(s sessions.Snapshot, i int) ai.Side {
	for j := i + 1; j < len(s.Sides); j++ {
		if s.Sides[j] != ai.Chance {
			return s.Sides[j]
		}
	}
	return s.Turn
}

func (r *Presenter) turnOwner(s sessions.Snapshot, side ai.Side) string {
	if side != ai.First && side != ai.Second {
		return "?"
	}
	return r.PlayerName(s, side)
}

// PersonTurnBefore is where the history of s is to be told from for a
// reply to the bot's plies starting at entry i: the dice that opened them
// and, when a person moved just before, that person's plies (sent with no
// reply of their own, as the bot was to answer).
func PersonTurnBefore(s sessions.Snapshot, i int) int {
	i = min(max(i, 0), len(s.Sides))
	for i > 0 && s.Sides[i-1] == ai.Chance {
		i--
	}
	if i == 0 {
		return 0
	}
	sd := s.Sides[i-1]
	if (sd != ai.First && sd != ai.Second) || s.Players[sd].Bot {
		return i
	}
	for i > 0 && s.Sides[i-1] == sd {
		i--
	}
	return i
}

// LastTurnStart is where the turn that ended the history's last run of
// side's plies begins (rolls before it included), counting back over the
// trailing rolls and, if not NoSide, over skip's plies first.
func LastTurnStart(s sessions.Snapshot, skipPlies int, side ai.Side) int {
	i := len(s.Sides)
	for i > 0 && s.Sides[i-1] == ai.Chance { // the next turn's dice
		i--
	}
	i -= skipPlies // the bot's plies
	for i > 0 && s.Sides[i-1] == ai.Chance {
		i--
	}
	if side != ai.NoSide {
		for i > 0 && s.Sides[i-1] == side {
			i--
		}
	}
	return max(i, 0)
}

// Prompt is what the player still owes in a turn begun ("play your other
// die: 3"), in the game's words, or "".
func (r *Presenter) Prompt(lang chat.Lang, s sessions.Snapshot) string {
	if s.Prompt == "" || s.Result.Over {
		return ""
	}
	if r.others {
		// Said of the player to move, for readers who are not them.
		opp := ai.Second
		if s.Turn == ai.Second {
			opp = ai.First
		}
		args := append(slices.Clone(s.PromptArgs), "player", r.PlayerName(s, s.Turn), "opponent", r.PlayerName(s, opp))
		if msg, ok := r.cat.Game(lang, s.Game, "prompt."+s.Prompt+".others", args...); ok {
			return msg
		}
	}
	msg, _ := r.cat.Game(lang, s.Game, "prompt."+s.Prompt, s.PromptArgs...)
	return msg
}

// soloLine is a puzzle's end: solved in n moves, and the shortest solution
// when known.
func (r *Presenter) soloLine(lang chat.Lang, s sessions.Snapshot) string {
	n := 0
	for _, side := range s.Sides {
		if side != ai.Chance {
			n++
		}
	}
	line := r.cat.N(lang, "solo.solved", n)
	if s.Optimal >= 0 && s.Optimal != n {
		line += " " + r.cat.N(lang, "solo.optimal", s.Optimal)
	} else if s.Optimal == n {
		line += " " + r.cat.T(lang, "solo.optimal-reached")
	}
	return line
}

// MatchScoreText writes a match's standing score: "Ayşe 2 – 1 Bora".
func (r *Presenter) MatchScoreText(m *sessions.MatchRecord) string {
	return r.DisplayName(m.Players[0]) + " " + strconv.Itoa(m.Score[0]) + " – " + strconv.Itoa(m.Score[1]) + " " +
		r.DisplayName(m.Players[1])
}

// Explanations says what each turn completed since move from did
// (games.Explainer: İşlem's equations and captures), one line each in the
// game's words, or "".
func (r *Presenter) Explanations(lang chat.Lang, s sessions.Snapshot, from int) string {
	if s.Can().Explainer == nil || from < 0 || from >= len(s.Moves) || len(s.Sides) != len(s.Moves) {
		return ""
	}
	pos := s.Position.Clone()
	for i := len(s.Moves); i > from; i-- {
		pos.Unmake()
	}
	explainer := games.CanOf(nil, pos).Explainer // pos is made and unmade in place
	var lines []string
	for i := from; i < len(s.Moves); i++ {
		mv, err := pos.ParseMove(s.Moves[i])
		if err != nil {
			break
		}
		pos.Make(mv)
		side, next := s.Sides[i], pos.Turn()
		if i+1 < len(s.Sides) {
			next = s.Sides[i+1]
		}
		if side == ai.Chance || next == side {
			continue // the turn goes on
		}
		if key, kv, ok := explainer.Explain(); ok {
			if msg, ok := r.cat.Game(lang, s.Game, "explain."+key, kv...); ok {
				lines = append(lines, msg)
			}
		}
	}
	return strings.Join(lines, "\n")
}
