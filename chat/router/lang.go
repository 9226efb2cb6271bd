package router

import (
	"context"
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
)

// lang.go decides the language of a reply: the channel's setting, the
// words people write, their platform's locale.

// langOf returns the language of the answer to a message: the channel's
// setting; else the language of the command word the sender wrote (one of
// the English names that buttons and command menus send in every language,
// wordLang's menu words, only when the message has no locale); else the
// message's locale; else, for a message with no word of its own (a bare
// move), the language of the last word the sender wrote in the channel;
// else the default.
func (r *Router) langOf(ctx context.Context, m chat.Message, cmd command.Command) chat.Lang {
	key := langKey{m.Platform, m.ChannelID, m.UserID}
	locale, hasLocale := chat.LangFromLocale(m.Locale)
	word, byWord := chat.Lang(""), false
	if cmd.Name != "" {
		var menu bool
		word, menu, byWord = command.WordLang(chat.Fold(cmd.Word))
		byWord = byWord && !(menu && hasLocale)
	} else if cmd.Word != "" {
		// A game's own command ("örnek", "çöz", "compare") tells it too.
		word, byWord = r.gameWordLangs[chat.Fold(cmd.Word)]
	}
	if byWord {
		r.langs.set(ctx, key, word)
	}
	switch l, ok := chat.ParseLang(r.chans.Get(ctx, m.Platform, m.ChannelID).Lang); {
	case ok:
		return l
	case byWord:
		return word
	case hasLocale:
		return locale
	}
	if l, ok := r.langs.get(ctx, key); ok {
		return l
	}
	return r.cfg.Lang
}

// eventLang is the language of a reply no message asked for (a bot move, a
// reminder, a round): the channel's setting, else the language the game or
// tournament was started in, else that of the channel's last message with
// a locale, else the default.
func (r *Router) eventLang(ctx context.Context, platform, channelID, started string) chat.Lang {
	if l, ok := chat.ParseLang(r.chans.Get(ctx, platform, channelID).Lang); ok {
		return l
	}
	if l, ok := chat.ParseLang(started); ok {
		return l
	}
	if l, ok := r.langs.get(ctx, langKey{platform, channelID, ""}); ok {
		return l
	}
	return r.cfg.Lang
}

// noteLocale remembers the language of a message's locale for its channel.
func (r *Router) noteLocale(ctx context.Context, m chat.Message) {
	if l, ok := chat.LangFromLocale(m.Locale); ok {
		r.langs.set(ctx, langKey{m.Platform, m.ChannelID, ""}, l)
	}
}
