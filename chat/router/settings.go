package router

import (
	"fmt"
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/chat/present"
	"strings"
)

// settings.go is the channel's settings and what the bot tells about
// itself: games, language, help.

func (q *request) games() {
	var b strings.Builder
	b.WriteString(q.t("games.header"))
	for _, g := range q.r.cfg.Games.Games() {
		fmt.Fprintf(&b, "\n• %s — %s", g.Name(), q.r.show.GameName(q.lang, g))
		if len(g.Aliases()) > 0 {
			fmt.Fprintf(&b, " (%s)", strings.Join(g.Aliases(), ", "))
		}
	}
	b.WriteString("\n" + q.t("games.start-hint", q.r.show.HelpArgs(q.lang)...))
	if all := q.r.games.ChannelGames(q.m.Platform, q.m.ChannelID); len(all) > 0 {
		b.WriteString("\n\n" + q.r.show.ChannelGames(q.lang, all))
	}
	q.say(b.String())
}

func (q *request) setLang() {
	if len(q.cmd.Args) == 0 {
		q.say(q.t("lang.show", "lang", string(q.lang)))
		return
	}
	l, ok := chat.ParseLang(q.cmd.Args[0])
	if !ok {
		q.say(q.t("lang.unknown", "word", present.Shorten(q.cmd.Args[0], 20)))
		return
	}
	if !q.mayConfigure() {
		q.say(q.t("lang.admin-only"))
		return
	}
	cs := q.r.chans.Get(q.ctx, q.m.Platform, q.m.ChannelID)
	cs.Lang = string(l)
	if err := q.r.chans.Set(q.ctx, cs); err != nil {
		q.sayError(err)
		return
	}
	q.lang = l
	q.say(q.t("lang.set"))
}

// mayConfigure reports whether the sender may change the channel's
// settings (language, default level), which hold for everyone in it: its
// admins may, and anyone in a private chat with the bot.
func (q *request) mayConfigure() bool { return q.m.Private || q.m.Admin }

func (q *request) help() {
	if len(q.cmd.Args) > 0 {
		if text, ok := q.r.show.GameHelp(q.lang, q.cmd.Args[0]); ok {
			q.say(text)
			return
		}
		key, ok := helpKey(chat.Fold(strings.TrimLeft(q.cmd.Args[0], "/!")))
		if !ok {
			q.say(q.t("error.unknown-command", "word", present.Shorten(q.cmd.Args[0], 30)))
			return
		}
		q.say(q.t(key, q.r.show.HelpArgs(q.lang)...))
		return
	}
	q.say(q.t("help", q.r.show.HelpArgs(q.lang)...))
}

// helpKey returns the catalogue id of the help for a folded word: the
// command's, except that "start" / "başlat" (a new game, or the channel's
// tournament when one is open for registration) explain both, and the
// tournament's own sub-command words ("oluştur", "addbot") its help.
func helpKey(folded string) (string, bool) {
	switch folded {
	case "start", "baslat", "basla":
		return "help.start", true
	}
	if name, ok := command.Lookup(folded); ok {
		return "help." + name, true
	}
	if _, ok := lookupTournamentSub(folded); ok {
		return "help." + command.Tournament, true
	}
	return "", false
}
