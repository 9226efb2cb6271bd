package router

// tournament.go: the tournament commands ("tournament create dama swiss 5
// 10m", "turnuva katıl", the bare "join", "sıralama"...) and the replies
// for tournaments: registration, pairings and standings as text and PNG.

import (
	"errors"
	"oyunbot/chat/present"
	"strconv"
	"strings"

	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/games"
	"oyunbot/sessions"
	"oyunbot/sessions/tournaments"
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
			q.say(q.t("tournament.usage", "games", q.r.show.GameNames(q.lang, present.Duel)))
			return
		}
		q.tournamentSub(sub, args[1:])
		return
	}
	// A bare "join", "iptal"... in a group without any tournament is chat.
	if !q.cmd.Prefixed && !q.m.Private {
		if _, ok := q.r.tour.Get(q.ctx, q.m.Platform, q.m.ChannelID); !ok {
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
		if q.m.Private && len(args) == 1 {
			if _, ok := q.r.tour.Get(q.ctx, q.m.Platform, args[0]); ok {
				q.joinElsewhere(args[0])
				return
			}
		}
		v, err := q.r.tour.Join(q.ctx, q.m.Platform, q.m.ChannelID, q.user())
		if err != nil {
			q.tournamentError(err)
			return
		}
		q.say(q.t("tournament.joined", "player", q.user().Name, "n", strconv.Itoa(len(v.T.Players)),
			"players", q.r.show.Entrants(q.lang, v)))
	case subLeave:
		q.tournamentLeave(args)
	case subStart:
		if _, err := q.r.tour.Start(q.ctx, q.m.Platform, q.m.ChannelID, q.user(), q.m.Admin, q.m.Ref); err != nil {
			q.tournamentError(err)
		}
		// The first round's announcement follows (EventRoundStarted).
	case subCancel:
		v, err := q.r.tour.Cancel(q.ctx, q.m.Platform, q.m.ChannelID, q.user(), q.m.Admin)
		if err != nil {
			q.tournamentError(err)
			return
		}
		q.say(q.t("tournament.cancelled", "game", q.r.show.GameName(q.lang, v.Game)))
	case subAddBot:
		level := sessions.DefaultLevel
		if len(args) > 0 {
			lvl, ok := q.r.words.levelWord(nil, chat.Fold(args[0]))
			if !ok {
				q.say(q.t("error.unknown-level", "levels", q.r.show.LevelNames(q.lang, nil)))
				return
			}
			level = lvl.Name
		}
		v, err := q.r.tour.AddBot(q.ctx, q.m.Platform, q.m.ChannelID, q.user(), q.m.Admin, level)
		if errors.Is(err, tournament.ErrAlreadyJoined) {
			// It is the bot at that level that is in, not the sender.
			q.say(q.t("tournament.bot-already", "bot", q.r.cfg.BotName, "level", q.r.show.LevelName(q.lang, level)))
			return
		}
		if err != nil {
			q.tournamentError(err)
			return
		}
		q.say(q.t("tournament.joined", "player", q.r.cfg.BotName+" ("+q.r.show.LevelName(q.lang, level)+")",
			"n", strconv.Itoa(len(v.T.Players)), "players", q.r.show.Entrants(q.lang, v)))
	case subStandings:
		v, ok := q.r.tour.Get(q.ctx, q.m.Platform, q.m.ChannelID)
		// "sıralama satranç" asks for the game's ranking, its leaderboard,
		// unless the channel's tournament of that game is registering or
		// running: a finished or cancelled tournament is history, asked for
		// by a bare "sıralama".
		history := !ok || v.T.State == tournament.Finished || v.T.State == tournament.Cancelled
		for _, a := range q.r.words.classify(args, ratingArgs) {
			if a.kind == argGame && (history || a.game.Name() != v.Game.Name()) {
				q.leaderboard()
				return
			}
		}
		if !ok {
			q.say(q.t("tournament.none"))
			return
		}
		if len(v.T.Rounds) == 0 { // nothing played: a table of zeros says nothing
			q.sayReply(q.r.withTournamentLink(q.ctx, q.lang, v, chat.Reply{Text: q.r.show.TournamentInfo(q.lang, v)}))
			return
		}
		q.sayReply(q.r.withTournamentLink(q.ctx, q.lang, v, q.r.show.StandingsReply(q.lang, v, v.T.State == tournament.Finished)))
	case subPairings:
		v, ok := q.r.tour.Get(q.ctx, q.m.Platform, q.m.ChannelID)
		if !ok {
			q.say(q.t("tournament.none"))
			return
		}
		round := len(v.T.Rounds)
		if len(args) > 0 {
			n, err := strconv.Atoi(args[0])
			switch {
			case err != nil || n < 1:
				q.say(q.t("tournament.bad-round", "word", present.Shorten(args[0], 20), "rounds", strconv.Itoa(len(v.T.Rounds))))
				return
			case n > len(v.T.Rounds):
				q.say(q.t("tournament.no-round-yet", "round", strconv.Itoa(n), "rounds", strconv.Itoa(len(v.T.Rounds))))
				return
			}
			round = n
		}
		if round == 0 {
			q.sayReply(q.r.withTournamentLink(q.ctx, q.lang, v, chat.Reply{Text: q.r.show.TournamentInfo(q.lang, v)}))
			return
		}
		q.sayReply(q.r.withTournamentLink(q.ctx, q.lang, v, q.r.show.PairingsReply(q.lang, v, round, "")))
	default: // subInfo
		v, ok := q.r.tour.Get(q.ctx, q.m.Platform, q.m.ChannelID)
		if !ok {
			q.say(q.t("tournament.none"))
			return
		}
		q.sayReply(q.r.withTournamentLink(q.ctx, q.lang, v, chat.Reply{Text: q.r.show.TournamentInfo(q.lang, v)}))
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
	for _, a := range q.r.words.classify(args, tournamentArgs) {
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
			q.say(q.t("tournament.create-unknown", "word", present.Shorten(a.word, 30), "games", q.r.show.GameNames(q.lang, present.Duel),
				"game", q.r.show.ExampleName(q.lang)))
			return
		}
	}
	if game == nil {
		q.say(q.t("tournament.usage", "games", q.r.show.GameNames(q.lang, present.Duel)))
		return
	}
	// A round robin's length follows from the field: a number of rounds is
	// not refused (the tournament is what was asked for) but said to be
	// ignored, so that nobody waits for a fifth round that never comes.
	ignored := ""
	switch {
	case sys != tournament.Swiss && typed != "":
		ignored = q.t("tournament.rounds-ignored", "system", q.t("system."+string(sys)), "n", present.Shorten(typed, 10))
		rounds = 0
	case typed != "" && (rounds < 1 || rounds > tournament.MaxRounds):
		q.say(q.t("tournament.err.bad_rounds", "max", strconv.Itoa(tournament.MaxRounds)))
		return
	}
	v, err := q.r.tour.Create(q.ctx, tournaments.Request{
		Platform: q.m.Platform, ChannelID: q.m.ChannelID, Organiser: q.user(), Game: game,
		System: sys, Rounds: rounds, TimeControl: tc, Lang: string(q.lang),
	})
	if err != nil {
		q.tournamentError(err)
		return
	}
	text := q.t("tournament.created", "organiser", q.user().Name, "game", q.r.show.GameName(q.lang, game),
		"format", q.r.show.FormatName(q.lang, v))
	if ignored != "" {
		text += "\n" + ignored
	}
	if l, ok := q.r.sender(q.m.Platform).(chat.StartLinker); ok && !q.m.Private {
		if link, ok := l.StartLink(command.Join + " " + q.m.ChannelID); ok {
			text += "\n" + q.t("tournament.link", "link", link)
		}
	}
	q.say(text)
}

// joinElsewhere joins the sender, in their private chat, to the tournament
// of the group channelID (its link, chat.StartLinker, opened there): the
// group is told as if they had joined there.
func (q *request) joinElsewhere(channelID string) {
	v, err := q.r.tour.Join(q.ctx, q.m.Platform, channelID, q.user())
	if err != nil {
		q.tournamentError(err)
		return
	}
	lang := q.r.eventLang(q.ctx, q.m.Platform, channelID, v.Lang)
	q.r.send(q.ctx, chat.Reply{Platform: q.m.Platform, ChannelID: channelID,
		Text: q.r.cat.T(lang, "tournament.joined", "player", q.user().Name, "n", strconv.Itoa(len(v.T.Players)),
			"players", q.r.show.Entrants(lang, v))})
	q.say(q.t("tournament.joined-elsewhere", "game", q.r.show.GameName(q.lang, v.Game), "n", strconv.Itoa(len(v.T.Players))))
}

// tournamentLeave: leave, or "leave bot <level>" (organiser) for the bot.
func (q *request) tournamentLeave(args []string) {
	id := q.m.UserID
	name := q.user().Name
	if len(args) > 0 && (chat.Fold(args[0]) == "bot" || strings.EqualFold(args[0], q.r.cfg.BotName)) {
		level := sessions.DefaultLevel
		if len(args) > 1 {
			if lvl, ok := q.r.words.levelWord(nil, chat.Fold(args[1])); ok {
				level = lvl.Name
			}
		}
		id, name = tournament.BotID(level), q.r.cfg.BotName+" ("+q.r.show.LevelName(q.lang, level)+")"
	} else if q.namesSomeoneElse(args) {
		// "leave @Org" must not withdraw the sender, and there is no
		// command to take another person out.
		q.say(q.t("tournament.leave-self-only"))
		return
	}
	v, err := q.r.tour.Leave(q.ctx, q.m.Platform, q.m.ChannelID, q.user(), q.m.Admin, id)
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
	case errors.Is(err, tournaments.ErrNoTournament):
		q.say(q.t("tournament.none"))
	case errors.Is(err, tournaments.ErrExists):
		q.say(q.t("tournament.exists"))
	case errors.Is(err, tournaments.ErrNotOrganiser):
		q.say(q.t("tournament.not-organiser"))
	case errors.As(err, &te) && q.r.cat.Has(q.lang, "tournament.err."+te.Key()):
		q.say(q.t("tournament.err."+te.Key(), "max", strconv.Itoa(tournament.MaxRounds)))
	default:
		q.sayError(err)
	}
}
