package router

// tournament.go: the tournament commands ("tournament create dama swiss 5
// 10m", "turnuva katıl", the bare "join", "sıralama"...) and the replies
// for tournaments: registration, pairings and standings as text and PNG.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/games"
	"oyunbot/render"
	"oyunbot/sessions"
	"oyunbot/tournament"
)

// Tournament sub-commands.
const (
	subCreate    = "create"
	subJoin      = command.Join
	subLeave     = command.Leave
	subStart     = "start"
	subStandings = command.Standings
	subPairings  = command.Pairings
	subCancel    = command.Cancel
	subAddBot    = "addbot"
	subInfo      = "info"
)

// lookupTournamentSub reads a folded sub-command word.
func lookupTournamentSub(w string) (string, bool) {
	for _, s := range []struct {
		name  string
		words []string
	}{
		{subCreate, []string{"create", "new", "olustur", "kur", "yeni", "ac"}},
		{subJoin, []string{"join", "katil"}},
		{subLeave, []string{"leave", "withdraw", "ayril", "cekil"}},
		{subStart, []string{"start", "baslat", "basla"}},
		{subStandings, []string{"standings", "siralama", "table", "tablo"}},
		{subPairings, []string{"pairings", "eslesmeler", "round", "tur"}},
		{subCancel, []string{"cancel", "iptal"}},
		{subAddBot, []string{"addbot", "bot", "botekle"}},
		{subInfo, []string{"info", "status", "bilgi", "durum"}},
	} {
		for _, x := range s.words {
			if x == w {
				return s.name, true
			}
		}
	}
	return "", false
}

// tournament handles "tournament ..." and the bare sub-commands (name is
// the command's canonical name).
func (q *request) tournament() {
	args := q.cmd.Args
	if q.cmd.Name == command.Tournament {
		if len(args) == 0 {
			q.tournamentSub(subInfo, nil)
			return
		}
		sub, ok := lookupTournamentSub(chat.Fold(args[0]))
		if !ok {
			q.say(q.t("tournament.usage", "games", q.r.gameNames(q.lang, duel)))
			return
		}
		q.tournamentSub(sub, args[1:])
		return
	}
	// A bare "join", "iptal"... in a group without any tournament is chat.
	if !q.cmd.Prefixed && !q.m.Private {
		if _, ok := q.r.mgr.Tournament(q.ctx, q.m.Platform, q.m.ChannelID); !ok {
			return
		}
	}
	q.tournamentSub(q.cmd.Name, args)
}

func (q *request) tournamentSub(sub string, args []string) {
	switch sub {
	case subCreate:
		q.tournamentCreate(args)
	case subJoin:
		v, err := q.r.mgr.JoinTournament(q.ctx, q.m.Platform, q.m.ChannelID, q.user())
		if err != nil {
			q.tournamentError(err)
			return
		}
		q.say(q.t("tournament.joined", "player", q.user().Name, "n", strconv.Itoa(len(v.T.Players)),
			"players", q.r.entrants(q.lang, v)))
	case subLeave:
		q.tournamentLeave(args)
	case subStart:
		if _, err := q.r.mgr.StartTournament(q.ctx, q.m.Platform, q.m.ChannelID, q.user(), q.m.Admin, q.m.Ref); err != nil {
			q.tournamentError(err)
		}
		// The first round's announcement follows (EventRoundStarted).
	case subCancel:
		v, err := q.r.mgr.CancelTournament(q.ctx, q.m.Platform, q.m.ChannelID, q.user(), q.m.Admin)
		if err != nil {
			q.tournamentError(err)
			return
		}
		q.say(q.t("tournament.cancelled", "game", q.r.gameName(q.lang, v.Game)))
	case subAddBot:
		level := sessions.DefaultLevel
		if len(args) > 0 {
			lvl, ok := q.r.levelWord(nil, chat.Fold(args[0]))
			if !ok {
				q.say(q.t("error.unknown-level", "levels", q.r.levelNames(q.lang, nil)))
				return
			}
			level = lvl.Name
		}
		v, err := q.r.mgr.AddBotToTournament(q.ctx, q.m.Platform, q.m.ChannelID, q.user(), q.m.Admin, level)
		if errors.Is(err, tournament.ErrAlreadyJoined) {
			// It is the bot at that level that is in, not the sender.
			q.say(q.t("tournament.bot-already", "bot", q.r.cfg.BotName, "level", q.r.levelName(q.lang, level)))
			return
		}
		if err != nil {
			q.tournamentError(err)
			return
		}
		q.say(q.t("tournament.joined", "player", q.r.cfg.BotName+" ("+q.r.levelName(q.lang, level)+")",
			"n", strconv.Itoa(len(v.T.Players)), "players", q.r.entrants(q.lang, v)))
	case subStandings:
		v, ok := q.r.mgr.Tournament(q.ctx, q.m.Platform, q.m.ChannelID)
		if !ok {
			q.say(q.t("tournament.none"))
			return
		}
		if len(v.T.Rounds) == 0 { // nothing played: a table of zeros says nothing
			q.say(q.r.tournamentInfo(q.lang, v))
			return
		}
		q.sayReply(q.r.standingsReply(q.lang, v, v.T.State == tournament.Finished))
	case subPairings:
		v, ok := q.r.mgr.Tournament(q.ctx, q.m.Platform, q.m.ChannelID)
		if !ok {
			q.say(q.t("tournament.none"))
			return
		}
		round := len(v.T.Rounds)
		if len(args) > 0 {
			n, err := strconv.Atoi(args[0])
			switch {
			case err != nil || n < 1:
				q.say(q.t("tournament.bad-round", "word", shorten(args[0], 20), "rounds", strconv.Itoa(len(v.T.Rounds))))
				return
			case n > len(v.T.Rounds):
				q.say(q.t("tournament.no-round-yet", "round", strconv.Itoa(n), "rounds", strconv.Itoa(len(v.T.Rounds))))
				return
			}
			round = n
		}
		if round == 0 {
			q.say(q.r.tournamentInfo(q.lang, v))
			return
		}
		q.sayReply(q.r.pairingsReply(q.lang, v, round, ""))
	default: // subInfo
		v, ok := q.r.mgr.Tournament(q.ctx, q.m.Platform, q.m.ChannelID)
		if !ok {
			q.say(q.t("tournament.none"))
			return
		}
		q.say(q.r.tournamentInfo(q.lang, v))
	}
}

// tournamentCreate: create <game> [roundrobin|swiss|double] [rounds] [time].
func (q *request) tournamentCreate(args []string) {
	var (
		game   games.Game
		sys    = tournament.Swiss
		rounds int
		typed  string // the number of rounds as typed
		tc     sessions.TimeControl
	)
	for _, a := range q.r.classify(args, tournamentArgs) {
		switch {
		case a.kind == argCountUnit: // "5 tur", "5 rounds"
		case a.kind == argGame && game == nil:
			game = a.game
		case a.kind == argSystem:
			sys = a.system
		case a.kind == argCount:
			rounds, typed = a.n, a.word
		case a.kind == argTime && a.err != nil:
			q.sayBadTime(a.word)
			return
		case a.kind == argTime:
			tc = a.tc
		default:
			q.say(q.t("tournament.create-unknown", "word", shorten(a.word, 30), "games", q.r.gameNames(q.lang, duel),
				"game", q.r.exampleName(q.lang)))
			return
		}
	}
	if game == nil {
		q.say(q.t("tournament.usage", "games", q.r.gameNames(q.lang, duel)))
		return
	}
	// A round robin's length follows from the field: a number of rounds is
	// not refused (the tournament is what was asked for) but said to be
	// ignored, so that nobody waits for a fifth round that never comes.
	ignored := ""
	switch {
	case sys != tournament.Swiss && typed != "":
		ignored = q.t("tournament.rounds-ignored", "system", q.t("system."+string(sys)), "n", shorten(typed, 10))
		rounds = 0
	case typed != "" && (rounds < 1 || rounds > tournament.MaxRounds):
		q.say(q.t("tournament.err.bad_rounds", "max", strconv.Itoa(tournament.MaxRounds)))
		return
	}
	v, err := q.r.mgr.CreateTournament(q.ctx, sessions.NewTournament{
		Platform: q.m.Platform, ChannelID: q.m.ChannelID, Organiser: q.user(), Game: game,
		System: sys, Rounds: rounds, TimeControl: tc, Lang: string(q.lang),
	})
	if err != nil {
		q.tournamentError(err)
		return
	}
	text := q.t("tournament.created", "organiser", q.user().Name, "game", q.r.gameName(q.lang, game),
		"format", q.r.formatName(q.lang, v))
	if ignored != "" {
		text += "\n" + ignored
	}
	q.say(text)
}

// tournamentLeave: leave, or "leave bot <level>" (organiser) for the bot.
func (q *request) tournamentLeave(args []string) {
	id := q.m.UserID
	name := q.user().Name
	if len(args) > 0 && (chat.Fold(args[0]) == "bot" || strings.EqualFold(args[0], q.r.cfg.BotName)) {
		level := sessions.DefaultLevel
		if len(args) > 1 {
			if lvl, ok := q.r.levelWord(nil, chat.Fold(args[1])); ok {
				level = lvl.Name
			}
		}
		id, name = tournament.BotID(level), q.r.cfg.BotName+" ("+q.r.levelName(q.lang, level)+")"
	} else if q.namesSomeoneElse(args) {
		// "leave @Org" must not withdraw the sender, and there is no
		// command to take another person out.
		q.say(q.t("tournament.leave-self-only"))
		return
	}
	v, err := q.r.mgr.LeaveTournament(q.ctx, q.m.Platform, q.m.ChannelID, q.user(), q.m.Admin, id)
	if err != nil {
		q.tournamentError(err)
		return
	}
	if v.T.State == tournament.Registering {
		q.say(q.t("tournament.left", "player", name, "n", strconv.Itoa(len(v.T.Players))))
		return
	}
	q.say(q.t("tournament.withdrew", "player", name))
}

// namesSomeoneElse reports whether args mention anyone but the sender (an
// unresolved @name may be anyone).
func (q *request) namesSomeoneElse(args []string) bool {
	for _, u := range q.m.Mentions {
		if u.ID != q.m.UserID {
			return true
		}
	}
	if len(q.m.Mentions) > 0 {
		return false // the sender, by mention
	}
	for _, a := range args {
		if strings.HasPrefix(a, "@") || strings.HasPrefix(a, "<@") {
			return true
		}
	}
	return false
}

// tournamentError answers a tournament operation's error.
func (q *request) tournamentError(err error) {
	var te tournament.Error
	switch {
	case errors.Is(err, sessions.ErrNoTournament):
		q.say(q.t("tournament.none"))
	case errors.Is(err, sessions.ErrTournamentExists):
		q.say(q.t("tournament.exists"))
	case errors.Is(err, sessions.ErrNotOrganiser):
		q.say(q.t("tournament.not-organiser"))
	case errors.As(err, &te) && q.r.cat.Has(q.lang, "tournament.err."+te.Key()):
		q.say(q.t("tournament.err."+te.Key(), "max", strconv.Itoa(tournament.MaxRounds)))
	default:
		q.sayError(err)
	}
}

// formatName is "Swiss, 5 rounds, 10 min" in lang.
func (r *Router) formatName(lang chat.Lang, v sessions.TournamentView) string {
	parts := []string{r.cat.T(lang, "system."+string(v.T.System))}
	if v.T.NumRounds > 0 {
		parts = append(parts, r.cat.N(lang, "tournament.rounds", v.T.NumRounds))
	}
	if !v.TimeControl.IsZero() {
		parts = append(parts, r.timeControlText(lang, v.TimeControl))
	}
	return strings.Join(parts, ", ")
}

// tournamentPlayerName names an entrant: the bot with its level.
func (r *Router) tournamentPlayerName(lang chat.Lang, p tournament.Player) string {
	if p.Bot {
		return r.cfg.BotName + " (" + r.levelName(lang, p.Level) + ")"
	}
	if p.Name != "" {
		return cleanName(p.Name)
	}
	return cleanName(p.ID)
}

func (r *Router) numberName(lang chat.Lang, v sessions.TournamentView, num int) string {
	p, ok := v.T.Player(num)
	if !ok {
		return "?"
	}
	return r.tournamentPlayerName(lang, p)
}

// entrants lists the registered players.
func (r *Router) entrants(lang chat.Lang, v sessions.TournamentView) string {
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

// tournamentInfo describes a tournament: game, format, state, players.
func (r *Router) tournamentInfo(lang chat.Lang, v sessions.TournamentView) string {
	t := func(id string, kv ...string) string { return r.cat.T(lang, id, kv...) }
	var b strings.Builder
	b.WriteString(t("tournament.info", "game", r.gameName(lang, v.Game), "format", r.formatName(lang, v),
		"state", t("tstate."+string(v.T.State), "round", strconv.Itoa(len(v.T.Rounds)), "rounds", strconv.Itoa(v.T.NumRounds))))
	b.WriteString("\n" + t("tournament.players", "n", strconv.Itoa(len(v.T.Players)), "players", r.entrants(lang, v)))
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

// pairingsReply shows a round's pairings as text and as a PNG table; head
// (if any) opens the text.
func (r *Router) pairingsReply(lang chat.Lang, v sessions.TournamentView, round int, head string) chat.Reply {
	t := func(id string, kv ...string) string { return r.cat.T(lang, id, kv...) }
	rd := v.T.Rounds[round-1]
	title := t("tournament.round-title", "game", r.gameName(lang, v.Game), "round", strconv.Itoa(round),
		"rounds", strconv.Itoa(v.T.NumRounds))
	var b strings.Builder
	if head != "" {
		b.WriteString(head + "\n")
	}
	b.WriteString(title)
	var rows [][]string
	for i, p := range rd.Pairings {
		tag := ""
		if id := v.GameID(round, i+1); id != 0 {
			tag = "#g" + strconv.FormatInt(id, 10)
		}
		white, black := r.numberName(lang, v, p.White), r.numberName(lang, v, p.Black)
		fmt.Fprintf(&b, "\n%d. %s – %s  %s", i+1, white, black, resultText(p.Result))
		if tag != "" {
			b.WriteString("  " + tag)
		}
		rows = append(rows, []string{strconv.Itoa(i + 1), white, black, resultText(p.Result), tag})
	}
	if rd.Bye != 0 {
		bye := r.numberName(lang, v, rd.Bye)
		b.WriteString("\n" + t("tournament.bye", "player", bye))
		rows = append(rows, []string{"", bye, t("tournament.bye-cell"), "", ""})
	}
	rep := chat.Reply{Text: b.String()}
	header := []string{t("col.board"), r.sideHeader(lang, v.Game, ai.First), r.sideHeader(lang, v.Game, ai.Second),
		t("col.result"), t("col.game")}
	if png, err := render.Table(title, header, rows, tableWidth); err != nil {
		r.log.Error("drawing pairings", "err", err)
	} else {
		rep.Image, rep.ImageName, rep.Caption = png, fmt.Sprintf("t%d-round%d.png", v.ID, round), title
	}
	return rep
}

// sideHeader is a column title for a side ("White", "X").
func (r *Router) sideHeader(lang chat.Lang, g games.Game, side ai.Side) string {
	if g == nil {
		return ""
	}
	s := r.sideName(lang, g, side)
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// tableWidth is the width of standings and leaderboard pictures.
const tableWidth = 640

// tieBreakName is a short column title for a tie-break.
func (r *Router) tieBreakName(lang chat.Lang, key string) string {
	return r.cat.T(lang, "tiebreak."+key)
}

// standingsReply shows the standings as text and as a PNG table.
func (r *Router) standingsReply(lang chat.Lang, v sessions.TournamentView, final bool) chat.Reply {
	title, header, rows, text := r.standingsTable(lang, v, final)
	rep := chat.Reply{Text: text}
	if png, err := render.Table(title, header, rows, tableWidth); err != nil {
		r.log.Error("drawing standings", "err", err)
	} else {
		rep.Image, rep.ImageName, rep.Caption = png, fmt.Sprintf("t%d-standings.png", v.ID), title
	}
	return rep
}

// standingsTable builds the standings: the picture's title, header and
// rows, and the text, which say the same (W-D-L included).
func (r *Router) standingsTable(lang chat.Lang, v sessions.TournamentView, final bool) (title string, header []string, rows [][]string, text string) {
	t := func(id string, kv ...string) string { return r.cat.T(lang, id, kv...) }
	title = t("tournament.standings-title", "game", r.gameName(lang, v.Game), "round", strconv.Itoa(len(v.T.Rounds)),
		"rounds", strconv.Itoa(v.T.NumRounds))
	if final {
		title = t("tournament.final-title", "game", r.gameName(lang, v.Game))
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
		row := []string{strconv.Itoa(s.Rank), name, formatPoints(s.Points)}
		var cols []string
		for i, k := range keys {
			if i < len(s.TieBreaks) {
				row = append(row, formatPoints(s.TieBreaks[i]))
				cols = append(cols, r.tieBreakName(lang, k)+" "+formatPoints(s.TieBreaks[i]))
			}
		}
		w, d, l := winDrawLoss(v.T.System, s)
		wdl := fmt.Sprintf("%d-%d-%d", w, d, l)
		byeCounted = byeCounted || (s.Byes > 0 && v.T.System.ByePoints() == 1)
		row = append(row, wdl)
		cols = append(cols, t("col.wdl")+" "+wdl)
		rows = append(rows, row)
		fmt.Fprintf(&b, "\n%d. %s — %s (%s)", s.Rank, name, formatPoints(s.Points), strings.Join(cols, ", "))
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
func formatPoints(p float64) string {
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
	return strconv.FormatFloat(p, 'f', 2, 64)
}

// roundStarted announces a round: its pairings, and the final standings so
// far are one "standings" away.
func (r *Router) roundStarted(lang chat.Lang, ev sessions.Event) chat.Reply {
	v := *ev.Tournament
	head := r.cat.T(lang, "tournament.round-started", "round", strconv.Itoa(ev.Round), "rounds", strconv.Itoa(v.T.NumRounds))
	if ev.Round == 1 {
		head = r.cat.T(lang, "tournament.started", "game", r.gameName(lang, v.Game), "format", r.formatName(lang, v),
			"n", strconv.Itoa(len(v.T.Players))) + "\n" + head
	}
	rep := r.pairingsReply(lang, v, ev.Round, head)
	rep.Text += "\n" + r.cat.T(lang, "tournament.play-hint")
	return rep
}

// tournamentWinner names the winner of a finished tournament: whoever
// ranks first, or those sharing the first place when standings and
// tie-breaks cannot part them.
func (r *Router) tournamentWinner(lang chat.Lang, v sessions.TournamentView) string {
	var firsts []string
	points := ""
	for _, s := range v.T.Standings() {
		if s.Rank != 1 {
			break
		}
		firsts = append(firsts, r.numberName(lang, v, s.Player))
		points = formatPoints(s.Points)
	}
	switch len(firsts) {
	case 0:
		return ""
	case 1:
		return r.cat.T(lang, "tournament.winner", "player", firsts[0], "points", points)
	}
	return r.cat.T(lang, "tournament.winners", "players", strings.Join(firsts, ", "), "points", points)
}
