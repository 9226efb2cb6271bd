package telegram

// deeplink.go: Telegram's deep links. t.me/<bot>?start=<payload> opens the
// person's private chat with the bot, which receives "/start <payload>";
// t.me/<bot>?startgroup=<payload> lets them add the bot to a group, which
// receives "/start@<bot> <payload>". A payload is at most 64 of A-Z a-z
// 0-9 _ -, so the router's command texts (which hold "@", ":" and "#")
// travel in a form of their own, turned back into the command here:
//
//	accept_<user>_<time>   accept @<user>:<time>   a challenge (present.ChallengeID)
//	game_<n>               board #g<n>             a game's board, to resume it
//	join_<chat>[_<topic>]  join <chat>[:<topic>]   the tournament of a group (or topic)
//	help                   help                    what the bot does (?startgroup=help: in the group it joins)
//
// Any other payload ("/start dama") is left as it is: the words of a
// "/start" command.

import (
	"net/url"
	"regexp"
	"strings"
)

// Deep-link payload prefixes.
const (
	linkAccept = "accept_"
	linkGame   = "game_"
	linkJoin   = "join_"
	linkHelp   = "help"
)

var (
	payloadPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)
	digits         = regexp.MustCompile(`^[1-9][0-9]*$`)
	base36         = regexp.MustCompile(`^(0|[1-9a-z][0-9a-z]*)$`)
)

// startCommand turns the text of a deep link's "/start <payload>" (the
// bot's @name already stripped) into the command the payload stands for;
// ok is false for any other text, which is routed as it is.
func startCommand(text string) (string, bool) {
	word, payload, found := strings.Cut(strings.TrimSpace(text), " ")
	if !found || word != "/start" || !payloadPattern.MatchString(payload) {
		return "", false
	}
	switch {
	case payload == linkHelp:
		return "help", true
	case strings.HasPrefix(payload, linkAccept):
		from, created, ok := strings.Cut(strings.TrimPrefix(payload, linkAccept), "_")
		if ok && digits.MatchString(from) && base36.MatchString(created) {
			return "accept @" + from + ":" + created, true
		}
	case strings.HasPrefix(payload, linkGame):
		if n := strings.TrimPrefix(payload, linkGame); digits.MatchString(n) {
			return "board #g" + n, true
		}
	case strings.HasPrefix(payload, linkJoin):
		ch, ok := parseChannel(strings.Replace(strings.TrimPrefix(payload, linkJoin), "_", ":", 1))
		// Only the canonical spelling: "join_-01" would read as -1 and
		// one chat would have two links.
		if ok && ch.chat < 0 && payload == linkJoin+strings.Replace(ch.String(), ":", "_", 1) {
			return "join " + ch.String(), true
		}
	}
	return "", false
}

// StartPayload is the deep-link payload that stands for a command text of
// the router: "accept @<user>:<time>" (a challenge), "board #g<n>" (a
// game), "join <channel>" (a group's tournament) or "help"; ok is false
// for any other text. StartLink makes the link.
func StartPayload(command string) (string, bool) {
	if command == "help" {
		return linkHelp, true
	}
	words := strings.Fields(command)
	if len(words) != 2 {
		return "", false
	}
	var payload string
	switch arg := words[1]; words[0] {
	case "accept":
		from, created, ok := strings.Cut(strings.TrimPrefix(arg, "@"), ":")
		if !ok || !strings.HasPrefix(arg, "@") {
			return "", false
		}
		payload = linkAccept + from + "_" + created
	case "board":
		n, ok := strings.CutPrefix(arg, "#g")
		if !ok {
			return "", false
		}
		payload = linkGame + n
	case "join":
		ch, ok := parseChannel(arg)
		if !ok {
			return "", false
		}
		payload = linkJoin + strings.Replace(ch.String(), ":", "_", 1)
	default:
		return "", false
	}
	if got, ok := startCommand("/start " + payload); !ok || got != command {
		return "", false // not in the canonical form the link reads back
	}
	return payload, true
}

// StartLink is the t.me link to bot (its @username, without the @) that
// opens its private chat with the command text (StartPayload's), or, with
// group, lets the person pick a group to add the bot to, which then
// receives the command. ok is false for a command no payload stands for.
func StartLink(bot, command string, group bool) (string, bool) {
	payload, ok := StartPayload(command)
	if !ok || bot == "" {
		return "", false
	}
	key := "start"
	if group {
		key = "startgroup"
	}
	return "https://t.me/" + url.PathEscape(bot) + "?" + key + "=" + payload, true
}

// StartLink is the deep link to the bot that gives command (chat.StartLinker).
func (b *Bot) StartLink(command string) (string, bool) {
	return StartLink(b.UserName(), command, false)
}
