package present

import (
	"fmt"
	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/render"
	"oyunbot/sessions"
	"oyunbot/tournament"
	"strconv"
	"strings"
)

// FormatName is "Swiss, 5 rounds, 10 min" in lang.
func (r *Presenter) FormatName(lang chat.Lang, v sessions.TournamentView) string {
	parts := []string{r.cat.T(lang, "system."+string(v.T.System))}
	if v.T.NumRounds > 0 {
		parts = append(parts, r.cat.N(lang, "tournament.rounds", v.T.NumRounds))
	}
	if !v.TimeControl.IsZero() {
		parts = append(parts, r.TimeControlText(lang, v.TimeControl))
	}
	return strings.Join(parts, ", ")
}

// tournamentPlayerName names an entrant: the bot with its level.
func (r *Presenter) tournamentPlayerName(lang chat.Lang, p tournament.Player) string {
	if p.Bot {
		return r.cfg.BotName + " (" + r.LevelName(lang, p.Level) + ")"
	}
	return r.DisplayName(sessions.Player{ID: p.ID, Name: p.Name})
}

func (r *Presenter) numberName(lang chat.Lang, v sessions.TournamentView, num int) string {
	p, ok := v.T.Player(num)
	if !ok {
		return "?"
	}
	return r.tournamentPlayerName(lang, p)
}

// Entrants lists the registered Players.
func (r *Presenter) Entrants(lang chat.Lang, v sessions.TournamentView) string {
	var names []string
	for _, p := range v.T.Players {
		name := r.tournamentPlayerName(lang, p)
		if p.Withdrawn {
			name += " " + r.cat.T(lang, "tournament.withdrawn-mark")
		}
		names = append(names, name)
	}
	if len(names) == 0 {
		return "—"
	}
	return strings.Join(names, ", ")
}

// TournamentInfo describes a tournament: game, format, state, Players.
func (r *Presenter) TournamentInfo(lang chat.Lang, v sessions.TournamentView) string {
	t := func(id string, kv ...string) string { return r.cat.T(lang, id, kv...) }
	var b strings.Builder
	b.WriteString(t("tournament.info", "game", r.GameName(lang, v.Game), "format", r.FormatName(lang, v),
		"state", t("tstate."+string(v.T.State), "round", strconv.Itoa(len(v.T.Rounds)), "rounds", strconv.Itoa(v.T.NumRounds))))
	b.WriteString("\n" + t("tournament.players", "n", strconv.Itoa(len(v.T.Players)), "players", r.Entrants(lang, v)))
	if v.T.State == tournament.Registering {
		b.WriteString("\n" + t("tournament.how-to-join"))
	}
	return b.String()
}

// resultText writes a pairing's result ("1-0", "½-½", "+:-", "…").
func resultText(res tournament.Result) string {
	switch res {
	case tournament.NoResult:
		return "…"
	case tournament.Draw:
		return "½-½"
	}
	return res.String()
}

// PairingsReply shows a round's pairings as text and as a PNG table; head
// (if any) opens the text.
func (r *Presenter) PairingsReply(lang chat.Lang, v sessions.TournamentView, round int, head string) chat.Reply {
	title, header, rows, _, text := r.PairingsTable(lang, v, round)
	if head != "" {
		text = head + "\n" + text
	}
	rep := chat.Reply{Text: text}
	if png, err := render.Table(title, header, rows, TableWidth); err != nil {
		r.log.Error("drawing pairings", "err", err)
	} else {
		rep.Image, rep.ImageName, rep.Caption = png, fmt.Sprintf("t%d-round%d.png", v.ID, round), title
	}
	return rep
}

// PairingsTable builds a round's pairings: the picture's title, header and
// rows, the game of each row (0 for none: a bye, a game not started), and
// the text, which say the same.
func (r *Presenter) PairingsTable(lang chat.Lang, v sessions.TournamentView, round int) (title string, header []string, rows [][]string, ids []int64, text string) {
	t := func(id string, kv ...string) string { return r.cat.T(lang, id, kv...) }
	rd := v.T.Rounds[round-1]
	title = t("tournament.round-title", "game", r.GameName(lang, v.Game), "round", strconv.Itoa(round),
		"rounds", strconv.Itoa(v.T.NumRounds))
	var b strings.Builder
	b.WriteString(title)
	for i, p := range rd.Pairings {
		tag := ""
		id := v.GameID(round, i+1)
		if id != 0 {
			tag = "#g" + strconv.FormatInt(id, 10)
		}
		white, black := r.numberName(lang, v, p.White), r.numberName(lang, v, p.Black)
		fmt.Fprintf(&b, "\n%d. %s – %s  %s", i+1, white, black, resultText(p.Result))
		if tag != "" {
			b.WriteString("  " + tag)
		}
		rows = append(rows, []string{strconv.Itoa(i + 1), white, black, resultText(p.Result), tag})
		ids = append(ids, id)
	}
	if rd.Bye != 0 {
		bye := r.numberName(lang, v, rd.Bye)
		b.WriteString("\n" + t("tournament.bye", "player", bye))
		rows = append(rows, []string{"", bye, t("tournament.bye-cell"), "", ""})
		ids = append(ids, 0)
	}
	header = []string{t("col.board"), r.sideHeader(lang, v.Game, ai.First), r.sideHeader(lang, v.Game, ai.Second),
		t("col.result"), t("col.game")}
	return title, header, rows, ids, b.String()
}

// sideHeader is a column title for a side ("White", "X").
func (r *Presenter) sideHeader(lang chat.Lang, g games.Game, side ai.Side) string {
	if g == nil {
		return ""
	}
	s := r.SideName(lang, g, side)
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// TableWidth is the width of standings and leaderboard pictures.
const TableWidth = 640

// tieBreakName is a short column title for a tie-break.
func (r *Presenter) tieBreakName(lang chat.Lang, key string) string {
	return r.cat.T(lang, "tiebreak."+key)
}

// StandingsReply shows the standings as text and as a PNG table.
func (r *Presenter) StandingsReply(lang chat.Lang, v sessions.TournamentView, final bool) chat.Reply {
	title, header, rows, text := r.StandingsTable(lang, v, final)
	rep := chat.Reply{Text: text}
	if png, err := render.Table(title, header, rows, TableWidth); err != nil {
		r.log.Error("drawing standings", "err", err)
	} else {
		rep.Image, rep.ImageName, rep.Caption = png, fmt.Sprintf("t%d-standings.png", v.ID), title
	}
	return rep
}

// StandingsTable builds the standings: the picture's title, header and
// rows, and the text, which say the same (W-D-L included).
func (r *Presenter) StandingsTable(lang chat.Lang, v sessions.TournamentView, final bool) (title string, header []string, rows [][]string, text string) {
	t := func(id string, kv ...string) string { return r.cat.T(lang, id, kv...) }
	title = t("tournament.standings-title", "game", r.GameName(lang, v.Game), "round", strconv.Itoa(len(v.T.Rounds)),
		"rounds", strconv.Itoa(v.T.NumRounds))
	if final {
		title = t("tournament.final-title", "game", r.GameName(lang, v.Game))
	}
	keys := v.T.System.TieBreaks()
	header = []string{"#", t("col.player"), t("col.points")}
	for _, k := range keys {
		header = append(header, r.tieBreakName(lang, k))
	}
	header = append(header, t("col.wdl"))
	var b strings.Builder
	b.WriteString(title)
	byeCounted := false
	for _, s := range v.T.Standings() {
		name := r.numberName(lang, v, s.Player)
		if p, _ := v.T.Player(s.Player); p.Withdrawn {
			name += " " + t("tournament.withdrawn-mark")
		}
		row := []string{strconv.Itoa(s.Rank), name, formatPoints(lang, s.Points)}
		var cols []string
		for i, k := range keys {
			if i < len(s.TieBreaks) {
				row = append(row, formatPoints(lang, s.TieBreaks[i]))
				cols = append(cols, r.tieBreakName(lang, k)+" "+formatPoints(lang, s.TieBreaks[i]))
			}
		}
		w, d, l := winDrawLoss(v.T.System, s)
		wdl := fmt.Sprintf("%d-%d-%d", w, d, l)
		byeCounted = byeCounted || (s.Byes > 0 && v.T.System.ByePoints() == 1)
		row = append(row, wdl)
		cols = append(cols, t("col.wdl")+" "+wdl)
		rows = append(rows, row)
		fmt.Fprintf(&b, "\n%d. %s — %s (%s)", s.Rank, name, formatPoints(lang, s.Points), strings.Join(cols, ", "))
	}
	if byeCounted {
		b.WriteString("\n" + t("tournament.bye-counts"))
	}
	return title, header, rows, b.String()
}

// winDrawLoss is a standing's W-D-L column. A bye that scores (a Swiss
// bye's point) counts as the result it is worth: a win for a whole point,
// a draw for a half, so that the column adds up to the points (a row never
// reads "1 point, 0-0-2"). A round-robin bye scores nothing and counts for
// nothing.
func winDrawLoss(sys tournament.System, s tournament.Standing) (w, d, l int) {
	w, d, l = s.Wins, s.Draws, s.Losses
	switch sys.ByePoints() {
	case 1:
		w += s.Byes
	case 0.5:
		d += s.Byes
	}
	return w, d, l
}

// formatPoints writes 2.5 as "2½", 3 as "3", and the quarters that
// Sonneborn-Berger scores come in as "¼" and "1¾" (not "0.25" beside
// "½").
func formatPoints(lang chat.Lang, p float64) string {
	whole := int(p)
	frac, ok := map[float64]string{0.25: "¼", 0.5: "½", 0.75: "¾"}[p-float64(whole)]
	switch {
	case p == float64(whole):
		return strconv.Itoa(whole)
	case ok && whole == 0:
		return frac
	case ok:
		return strconv.Itoa(whole) + frac
	}
	return games.Number(string(lang), p, 2)
}

// RoundStarted announces a round: its pairings, and the final standings so
// far are one "standings" away.
func (r *Presenter) RoundStarted(lang chat.Lang, ev sessions.Event) chat.Reply {
	v := *ev.Tournament
	head := r.cat.T(lang, "tournament.round-started", "round", strconv.Itoa(ev.Round), "rounds", strconv.Itoa(v.T.NumRounds))
	if ev.Round == 1 {
		head = r.cat.T(lang, "tournament.started", "game", r.GameName(lang, v.Game), "format", r.FormatName(lang, v),
			"n", strconv.Itoa(len(v.T.Players))) + "\n" + head
	}
	rep := r.PairingsReply(lang, v, ev.Round, head)
	rep.Text += "\n" + r.cat.T(lang, "tournament.play-hint")
	return rep
}

// TournamentWinner names the winner of a finished tournament: whoever
// ranks first, or those sharing the first place when standings and
// tie-breaks cannot part them.
func (r *Presenter) TournamentWinner(lang chat.Lang, v sessions.TournamentView) string {
	var firsts []string
	points := ""
	for _, s := range v.T.Standings() {
		if s.Rank != 1 {
			break
		}
		firsts = append(firsts, r.numberName(lang, v, s.Player))
		points = formatPoints(lang, s.Points)
	}
	switch len(firsts) {
	case 0:
		return ""
	case 1:
		return r.cat.T(lang, "tournament.winner", "player", firsts[0], "points", points)
	}
	return r.cat.T(lang, "tournament.winners", "players", strings.Join(firsts, ", "), "points", points)
}
