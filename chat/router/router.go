// Package router is the bot's side of the chat: it reads each chat.Message
// as a command (chat/internal/command), runs it on the live games
// (sessions), and answers with chat.Replies in the person's language,
// through a durable outbox to the platforms' Senders.
package router

// router.go turns Messages into session operations and session results into
// Replies in the channel's language.

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"oyunbot/chat/present"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/chat/internal/i18n"
	"oyunbot/games"
	"oyunbot/render"
	"oyunbot/sessions"
	"oyunbot/tournament"
)

// Config configures a Router. Zero values get sensible defaults; Games,
// NewSessions and Store are required.
type Config struct {
	Games *games.Registry
	// NewSessions makes the live games once the Router exists, with the
	// function their events go to (the Router's): the program's creates a
	// sessions.Manager with Config.Notify set to notify. The Router closes
	// what it returns.
	NewSessions func(notify func(sessions.Event)) (Sessions, error)
	// RateLimit bounds each user's messages (ratelimit.go); the zero value
	// sets no limit (tests), DefaultRateLimit is the bot's.
	RateLimit RateLimit
	// Store keeps the replies until their platform has them, and knows the
	// games whose last change no reply has shown. The Router does not
	// close it.
	Store sessions.Outbox
	// Drawers maps a game name to its board renderer; a game without one
	// gets text boards only.
	Drawers map[string]render.Drawer
	// GIFDrawers are smaller renderers for "gif" animations, by game name
	// (Drawers when a game has none here).
	GIFDrawers map[string]render.Drawer
	// Chart draws the bar charts of games' commands (games.Chart) as PNG;
	// nil: the chart's table goes as text only.
	Chart func(games.Chart) ([]byte, error)
	// BotName is the bot's name in games and in Telegram's /cmd@name form
	// (default "oyunbot").
	BotName string
	// You is the display name that is the person it addresses ("you", the
	// console's user): sentences about them are in the second person
	// ("You resigned", "Pes ettin"), not "you resigned"/"you wins". ""
	// for none.
	You    string
	Logger *slog.Logger

	// Lang is the language of channels with no setting and messages with no
	// locale (default Turkish).
	Lang chat.Lang
	// Now is the time of clocks shown and of replies kept (default
	// time.Now; tests give the sessions the same).
	Now func() time.Time
	// ReplyStaleAfter: a reply the platform could not take for this long is
	// given up (default DefaultReplyStaleAfter).
	ReplyStaleAfter time.Duration
	// ReplyRetry is the first wait before a failed reply is sent again; it
	// doubles up to 32 times itself, at most 30 s (default 1 s).
	ReplyRetry time.Duration
	// Shared: other processes deliver replies from the same Store. Each
	// reply is then claimed by the process that delivers it (Instance),
	// and taken over by another once its claim ran out (outbox_claims.go).
	Shared bool
	// Instance names this process as the owner of its replies in the
	// shared mode (default: random).
	Instance string
	// ReplyClaimTTL: in the shared mode, a process's claim on its replies
	// lasts this long unrenewed (default DefaultReplyClaimTTL).
	ReplyClaimTTL time.Duration
	// SlowWorkers bounds the slow commands (animations, a game's own
	// commands) worked on at once, SlowPerUser those one person may have
	// waiting or worked on (slow.go; defaults sessions.DefaultSlowWorkers,
	// DefaultSlowPerOwner). SlowKeepMemory: see sessions.JobsConfig.
	SlowWorkers, SlowPerUser int
	SlowKeepMemory           bool
	// SearchMemory is the bytes the slow commands' searches may hold
	// together (default DefaultSearchMemory).
	SearchMemory int64
}

// noticeTimeout bounds the delivery of a notice ("thinking…"), which is
// sent once, outside the outbox.
const noticeTimeout = 10 * time.Second

// Router is the bot's brain between the adapters and the sessions: it
// implements Handler. Safe for concurrent use.
type Router struct {
	// Presenter shows the games (chat/present): the replies' texts,
	// pictures and buttons.
	*present.Presenter
	cfg Config
	cat *i18n.Catalog
	// gameWords are the words of the games' own commands (folded).
	gameWords map[string][]games.Game
	// gameWordLangs are the languages game command words are written in
	// (folded; gameCommandLangs).
	gameWordLangs map[string]chat.Lang
	handle        handler           // the middlewares and the command table
	entries       map[string]*entry // the handlers, by command name
	mgr           Sessions
	out           *outbox
	slow          *slowQueue // slow commands, off the chats' queues (slow.go)
	log           *slog.Logger

	mu      sync.RWMutex
	senders map[string]chat.Sender
	// locales is the language of the last message with a locale in each
	// channel, for replies no message asked for when neither the channel
	// nor the game has a language.
	locales map[chanRef]chat.Lang
	// wrote is the language each person last wrote a command word in, per
	// channel: the language of their messages with no word of their own
	// (a bare move, a button).
	wrote map[userRef]chat.Lang
	// openings are the announcements of games just started in which the
	// bot moves first, by game id: they head the reply with its first move
	// (one reply, not an empty board and then the move).
	openings map[int64]string
	// follows marks games whose next bot reply answers a bare move sent
	// there from among several games (noteFollowed).
	follows map[int64]bool
	// letters are the letters each game's moves are shown in (notation.go).
	letters letterNotes
}

type (
	chanRef struct{ platform, channel string }
	userRef struct{ platform, channel, user string }
)

// New returns a Router playing the sessions cfg.NewSessions makes (which
// restores the stored games). Bot moves pending in restored games start
// when a Sender for their platform is added.
func New(cfg Config) (*Router, error) {
	switch {
	case cfg.Games == nil:
		return nil, errors.New("chat: Config.Games is required")
	case cfg.NewSessions == nil:
		return nil, errors.New("chat: Config.NewSessions is required")
	case cfg.Store == nil:
		return nil, errors.New("chat: Config.Store is required")
	}
	if cfg.BotName == "" {
		cfg.BotName = "oyunbot"
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Lang == "" {
		cfg.Lang = chat.Turkish
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	cat, err := i18n.New(cfg.You, cfg.Games.Games()...)
	if err != nil {
		return nil, err
	}
	r := &Router{cfg: cfg, cat: cat, gameWords: present.GameCommandWords(cfg.Games),
		gameWordLangs: present.GameCommandLangs(cfg.Games), log: cfg.Logger, senders: map[string]chat.Sender{}, locales: map[chanRef]chat.Lang{},
		wrote: map[userRef]chat.Lang{}, openings: map[int64]string{}, follows: map[int64]bool{}}
	r.Presenter = present.New(present.Config{Games: cfg.Games, Drawers: cfg.Drawers, GIFDrawers: cfg.GIFDrawers,
		Chart: cfg.Chart, BotName: cfg.BotName, Now: cfg.Now, Logger: cfg.Logger,
		Letters: r.letters.of, Match: r.matchScore}, cat)
	r.entries = entryByName()
	r.handle = r.chain()
	r.slow = newSlow(cfg)
	// The outbox before the sessions: restoring games may already have
	// events to say.
	r.out = newOutbox(cfg.Store, cfg.Logger, cfg.Now, cfg.ReplyStaleAfter, cfg.ReplyRetry, r.sender, r.staleNote,
		claimOf(cfg))
	mgr, err := cfg.NewSessions(r.onEvent)
	if err != nil {
		r.slow.Close()
		r.out.close()
		return nil, err
	}
	r.mgr = mgr
	return r, nil
}

// matchScore is the standing of the match game s belongs to, for its
// picture.
func (r *Router) matchScore(s sessions.Snapshot) render.MatchScore {
	m, ok := r.mgr.Match(context.Background(), s.Match)
	if !ok {
		return render.MatchScore{}
	}
	return present.MatchStanding(s, m)
}

// sender returns the platform's Sender (nil before AddSender).
func (r *Router) sender(platform string) chat.Sender {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.senders[platform]
}

// staleNote tells a chat that n replies were given up as stale.
func (r *Router) staleNote(platform, channel string, n int) string {
	return r.cat.N(r.eventLang(context.Background(), platform, channel, ""), "outbox.stale", n)
}

// AddSender routes the replies for platform to s and resumes the bot's
// pending moves in that platform's restored games.
func (r *Router) AddSender(platform string, s chat.Sender) {
	r.mu.Lock()
	r.senders[platform] = s
	r.mu.Unlock()
	ctx := context.Background()
	r.out.load(ctx, platform)
	r.announceUnannounced(ctx, platform)
	r.mgr.Resume(platform)
}

// announceUnannounced shows the platform's games whose last change was saved
// but whose reply never reached the outbox (the process stopped between
// the two): their players get the board as it is now.
func (r *Router) announceUnannounced(ctx context.Context, platform string) {
	recs, err := r.cfg.Store.UnannouncedGames(ctx)
	var skipped *sessions.UnreadableRowsError
	if errors.As(err, &skipped) {
		r.log.Warn("unannounced games left out: unreadable", "err", err)
	} else if err != nil {
		r.log.Error("loading unannounced games", "err", err)
		return
	}
	for _, rec := range recs {
		if rec.Platform != platform || (rec.Players[0].Bot && rec.Players[1].Bot && !rec.Result.Over) {
			continue // a game between bots is shown when it ends
		}
		s, err := r.mgr.Get(rec.ID)
		if err != nil {
			var ok bool
			if s, ok = r.mgr.Finished(ctx, rec.ID); !ok {
				continue
			}
		}
		lang := r.eventLang(ctx, s.Platform, s.ChannelID, s.Lang)
		rep := r.GameReply(lang, s, r.cat.T(lang, "game.restored"), "")
		rep.Platform, rep.ChannelID = s.Platform, s.ChannelID
		r.send(ctx, rep)
	}
}

// Outage gives the players of the platform's games back the time d during
// which the platform could not reach the bot (a lost gateway, failing
// polls), with a notice in the games with clocks.
func (r *Router) Outage(platform string, d time.Duration) {
	r.log.Info("platform was out of reach, clocks credited", "platform", platform, "for", d.Round(time.Millisecond))
	r.mgr.CreditOutage(platform, d)
}

// Wait blocks until no slow command, bot move (or hint) is queued or running
// and its replies have been handed to the senders, or ctx is done.
func (r *Router) Wait(ctx context.Context) error {
	if err := r.slow.Wait(ctx); err != nil {
		return err
	}
	if err := r.mgr.Wait(ctx); err != nil {
		return err
	}
	return r.out.wait(ctx)
}

// Close stops the slow commands and the engine workers (a running search is
// cut short and not played) and the delivery of replies; undelivered ones
// stay in the store.
func (r *Router) Close() error {
	r.slow.Close()
	err := r.mgr.Close()
	r.out.close()
	return err
}

// send delivers a reply on its platform: through the durable outbox, or,
// for a notice, at once and best effort (a stale "thinking…" is noise).
func (r *Router) send(ctx context.Context, rep chat.Reply) {
	if !rep.Notice {
		r.out.put(ctx, rep)
		return
	}
	s := r.sender(rep.Platform)
	if s == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), noticeTimeout)
	defer cancel()
	if err := s.Send(ctx, rep); err != nil {
		r.log.Warn("notice not delivered", "platform", rep.Platform, "channel", rep.ChannelID, "err", err)
	}
}

// langOf returns the language of the answer to a message: the channel's
// setting; else the language of the command word the sender wrote (one of
// the English names that buttons and command menus send in every language,
// wordLang's menu words, only when the message has no locale); else the
// message's locale; else, for a message with no word of its own (a bare
// move), the language of the last word the sender wrote in the channel;
// else the default.
func (r *Router) langOf(ctx context.Context, m chat.Message, cmd command.Command) chat.Lang {
	key := userRef{m.Platform, m.ChannelID, m.UserID}
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
		r.noteWrote(key, word)
	}
	switch l, ok := chat.ParseLang(r.mgr.Channel(ctx, m.Platform, m.ChannelID).Lang); {
	case ok:
		return l
	case byWord:
		return word
	case hasLocale:
		return locale
	}
	r.mu.RLock()
	l, ok := r.wrote[key]
	r.mu.RUnlock()
	if ok {
		return l
	}
	return r.cfg.Lang
}

// noteWrote remembers the language a person wrote a command word in.
func (r *Router) noteWrote(key userRef, l chat.Lang) {
	r.mu.RLock()
	cur, seen := r.wrote[key]
	r.mu.RUnlock()
	if !seen || cur != l {
		r.mu.Lock()
		r.wrote[key] = l
		r.mu.Unlock()
	}
}

// eventLang is the language of a reply no message asked for (a bot move, a
// reminder, a round): the channel's setting, else the language the game or
// tournament was started in, else that of the channel's last message with
// a locale, else the default.
func (r *Router) eventLang(ctx context.Context, platform, channelID, started string) chat.Lang {
	if l, ok := chat.ParseLang(r.mgr.Channel(ctx, platform, channelID).Lang); ok {
		return l
	}
	if l, ok := chat.ParseLang(started); ok {
		return l
	}
	r.mu.RLock()
	l, ok := r.locales[chanRef{platform, channelID}]
	r.mu.RUnlock()
	if ok {
		return l
	}
	return r.cfg.Lang
}

// noteLocale remembers the language of a message's locale for its channel.
func (r *Router) noteLocale(m chat.Message) {
	l, ok := chat.LangFromLocale(m.Locale)
	if !ok {
		return
	}
	key := chanRef{m.Platform, m.ChannelID}
	r.mu.RLock()
	cur, seen := r.locales[key]
	r.mu.RUnlock()
	if !seen || cur != l {
		r.mu.Lock()
		r.locales[key] = l
		r.mu.Unlock()
	}
}

// request is one message being handled.
type request struct {
	r    *Router
	ctx  context.Context
	m    chat.Message
	cmd  command.Command
	lang chat.Lang
	// entry is the command's entry in the table (nil for text that is no
	// command: a bare move, chat); set by route.
	entry *entry
	// canonical: the move is the game's own text (a tapped move), read as
	// it is, not in the person's letters (notation.go).
	canonical bool
}

// Handle processes one message; replies go to the platform's Sender. It
// never panics: a bug is logged and answered with an apology.
func (r *Router) Handle(ctx context.Context, m chat.Message) {
	// The first change the message makes records its update: a re-sent
	// one changes nothing (sessions.ErrDuplicate, answered with silence).
	ctx = sessions.WithUpdate(ctx, sessions.UpdateKey{Platform: m.Platform, ID: m.Update})
	r.handle(&request{r: r, ctx: ctx, m: m, cmd: command.Parse(m.Text)})
}

// strayWords are the arguments an action does not take: anything but a
// game tag, a mention, or the bot of "leave bot <level>".
func (q *request) strayWords() []string {
	args := q.cmd.Args
	if q.cmd.Name == command.Leave && len(args) > 0 && (chat.Fold(args[0]) == "bot" || strings.EqualFold(args[0], q.r.cfg.BotName)) {
		return nil
	}
	var out []string
	for _, a := range args {
		if _, ok := command.GameTag(a); ok || strings.HasPrefix(a, "@") || strings.HasPrefix(a, "<@") || isConfirmWord(chat.Fold(a)) {
			continue
		}
		out = append(out, a)
	}
	return out
}

// startsTournament reports whether a bare "start" / "başlat" means the
// channel's tournament: one is open for registration.
func (q *request) startsTournament() bool {
	w := chat.Fold(q.cmd.Word)
	if (q.cmd.Name != command.Play && q.cmd.Name != command.Help) || len(q.cmd.Args) > 0 || (w != "start" && w != "baslat") {
		return false
	}
	v, ok := q.r.mgr.Tournament(q.ctx, q.m.Platform, q.m.ChannelID)
	return ok && v.T.State == tournament.Registering
}

func (q *request) t(id string, kv ...string) string { return q.r.cat.T(q.lang, id, kv...) }

// say answers the message with text.
func (q *request) say(text string) { q.sayReply(chat.Reply{Text: text}) }

// sayReply answers the message.
func (q *request) sayReply(rep chat.Reply) {
	if rep.GameID != 0 {
		q.r.opening(rep.GameID) // shown now (resigned before the bot's first move)
	}
	rep.Platform, rep.ChannelID, rep.Ref = q.m.Platform, q.m.ChannelID, q.m.Ref
	q.r.send(q.ctx, rep)
}

func (q *request) user() sessions.Player {
	name := q.m.UserName
	if name == "" {
		name = present.CleanName(q.m.UserID)
	}
	return sessions.Player{ID: q.m.UserID, Name: name}
}

// argsWithoutTag returns the arguments without a "#g7" game tag.
func (q *request) argsWithoutTag() []string {
	var out []string
	for _, a := range q.cmd.Args {
		if _, ok := command.GameTag(a); !ok {
			out = append(out, a)
		}
	}
	return out
}

// current finds the game a command is about: the one tagged "#g7" in the
// arguments, else the sender's most relevant game in the channel. It answers
// the message itself when there is none, and when the tagged game is over
// (a button under an old board: it says so rather than act elsewhere).
func (q *request) current() (sessions.Snapshot, bool) {
	if id, ok := q.tag(); ok {
		s, err := q.r.mgr.Get(id)
		if err == nil && s.Platform == q.m.Platform && s.ChannelID == q.m.ChannelID {
			return s, true
		}
		if f, ok := q.r.mgr.Finished(q.ctx, id); ok && f.Platform == q.m.Platform && f.ChannelID == q.m.ChannelID {
			q.say("#" + f.Tag() + " " + q.t("error.game-ended", "result", q.r.ResultLine(q.lang, f)))
			return f, false
		}
		q.say(q.t("error.no-such-game", "game", "#g"+strconv.FormatInt(id, 10)))
		return sessions.Snapshot{}, false
	}
	mine := q.r.mgr.Find(q.m.Platform, q.m.ChannelID, q.m.UserID)
	if len(mine) == 0 {
		q.say(q.t("error.no-game", "games", q.r.GameNames(q.lang, nil)))
		return sessions.Snapshot{}, false
	}
	return mine[0], true
}

// currentOrLast is current, falling back to the sender's last finished game
// (to look at its board or moves after the end).
func (q *request) currentOrLast() (sessions.Snapshot, bool) {
	if !q.hasTag() && len(q.r.mgr.Find(q.m.Platform, q.m.ChannelID, q.m.UserID)) == 0 {
		if s, ok := q.r.mgr.LastFinished(q.ctx, q.m.Platform, q.m.ChannelID, q.m.UserID); ok {
			return s, true
		}
	}
	return q.current()
}

// viewed finds the game "board" and "history" show: currentOrLast, and
// for a "#g7" tag naming a finished game, that game (kept in the store)
// when the sender played it or it was played in this channel.
func (q *request) viewed() (sessions.Snapshot, bool) {
	for _, a := range q.cmd.Args {
		id, ok := command.GameTag(a)
		if !ok {
			continue
		}
		if _, err := q.r.mgr.Get(id); err != nil {
			s, ok := q.r.mgr.Finished(q.ctx, id)
			if ok && s.Platform == q.m.Platform && (s.ChannelID == q.m.ChannelID || s.SideOf(q.m.UserID) != ai.NoSide) {
				return s, true
			}
		}
		break
	}
	return q.currentOrLast()
}

// play: play <game> [level] [side] [match N].
func (q *request) play() {
	var (
		game   games.Game
		level  string
		side   = ai.NoSide
		target = -2 // no match asked for
	)
	args, start := startPosition(q.cmd.Args)
	for _, a := range q.r.classify(args, playArgs) {
		switch {
		case a.kind == argGame && game == nil:
			game = a.game
		case a.kind == argLevel && level == "":
			level = a.level
		case a.kind == argSide && a.side != ai.NoSide && side == ai.NoSide:
			side = a.side
		case a.kind == argMention || len(q.m.Mentions) > 0:
			q.challenge() // "play @ali dama" is a challenge
			return
		case a.kind == argSide && a.side == ai.NoSide:
			q.sayBadSide(game, a.word)
			return
		case a.kind == argMatch && a.err != nil:
			q.sayBadMatch(a.word)
			return
		case a.kind == argMatch && target == -2:
			target = a.n
		default:
			q.say(q.t("error.play-unknown-word", "word", present.Shorten(a.word, 30), "games", q.r.GameNames(q.lang, nil),
				"example", q.r.PlayExample(q.lang)))
			return
		}
	}
	if game == nil {
		q.say(q.t("error.play-which-game", "games", q.r.GameNames(q.lang, nil), "game", q.r.ExampleName(q.lang)))
		return
	}
	q.startGame(game, level, side, target, start)
}

// startGame starts game against the bot (a match to target points unless
// target is -2; side is the person's, NoSide for the default) or, for a
// one-player game, a puzzle, from start ("" for the game's own), and
// announces it.
func (q *request) startGame(game games.Game, level string, side ai.Side, target int, start string) {
	var (
		snap sessions.Snapshot
		err  error
	)
	if target != -2 {
		q.playMatch(game, level, side, target, start)
		return
	}
	if game.Players() == 1 {
		snap, err = q.r.mgr.StartSolo(q.ctx, sessions.SoloGame{
			Platform: q.m.Platform, ChannelID: q.m.ChannelID, Player: q.user(),
			Game: game, Start: start, Level: level, Lang: string(q.lang),
		})
	} else {
		snap, err = q.r.mgr.StartVsBot(q.ctx, sessions.BotGame{
			Platform: q.m.Platform, ChannelID: q.m.ChannelID, Player: q.user(),
			Game: game, Level: level, Side: side, Ref: q.m.Ref, Lang: string(q.lang), Start: start,
		})
	}
	if err != nil {
		q.sayError(err)
		return
	}
	head := q.t("game.started", "game", q.r.GameName(q.lang, snap.Game), "players", q.r.Players(q.lang, snap))
	if snap.Solo() {
		head = q.t("game.started-solo", "game", q.r.GameName(q.lang, snap.Game), "player", q.r.DisplayName(snap.Players[0]))
	}
	startLine := ""
	if start != "" {
		startLine = "\n" + q.t("game.custom-start", "start", present.Shorten(start, 80))
	}
	if p, ok := snap.ToMove(); ok && p.Bot && !snap.Result.Over {
		// The bot opens: the reply with its first move (or with what kept
		// it from moving) announces the game; it answers this message.
		q.r.mu.Lock()
		q.r.openings[snap.ID] = head + startLine
		q.r.mu.Unlock()
		return
	}
	if t := q.r.TurnsText(q.lang, snap, 0); t != "" {
		head += "\n" + t // the opening roll
	}
	if p := q.r.Prompt(q.lang, snap); p != "" {
		head += "\n" + p // what the roll asks of the first player
	}
	q.sayReply(q.r.GameReply(q.lang, snap, head+startLine, q.m.UserID))
}

// opening takes the announcement of game id if the game was just started
// with the bot to move first and its first reply is still to come ("").
func (r *Router) opening(id int64) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	head, ok := r.openings[id]
	if ok {
		delete(r.openings, id)
	}
	return head
}

// move plays text in the sender's game. explicit is false for a bare move,
// which is ignored in a group when it is plainly not a move.
func (q *request) move(text string, explicit bool) {
	text = strings.TrimSpace(moveDashes.Replace(text))
	if text == "" {
		q.say(q.t("error.move-what"))
		return
	}
	var target []sessions.Snapshot
	tagged := false
	for _, a := range q.cmd.Args {
		if _, ok := command.GameTag(a); ok && (explicit || q.tagFirst()) {
			s, ok := q.current()
			if !ok {
				return
			}
			target, tagged = []sessions.Snapshot{s}, true
			break
		}
	}
	if !tagged {
		target = q.r.mgr.Find(q.m.Platform, q.m.ChannelID, q.m.UserID)
	}
	if len(target) == 0 {
		if explicit || q.m.Private {
			q.say(q.t("error.no-game", "games", q.r.GameNames(q.lang, nil)))
		}
		return
	}
	// With several games, play in the one where the move is legal; else
	// explain it in the first game whose notation it is ("c3-c4" is no
	// tic-tac-toe move, but an illegal one in the dama beside it).
	chosen := target[0]
	followed := false // legal in several games: the one last played in
	if !tagged && len(target) > 1 {
		var legal []sessions.Snapshot
		notation := -1
		for i, s := range target {
			move, _ := q.readMove(s, text)
			err := q.r.mgr.CheckMove(s.ID, q.m.UserID, move)
			if err == nil {
				legal = append(legal, s)
				continue
			}
			var me *games.MoveError
			if notation < 0 && (!errors.As(err, &me) || me.Kind != games.Malformed) {
				notation = i
			}
		}
		switch {
		case len(legal) == 1:
			chosen = legal[0]
		case len(legal) > 1:
			// Legal in several games: the one last played in (the bot's or
			// the opponent's answer came last there) if it is one of them,
			// else the player chooses.
			recent := slices.MaxFunc(target, func(a, b sessions.Snapshot) int { return a.LastMove.Compare(b.LastMove) })
			i := slices.IndexFunc(legal, func(s sessions.Snapshot) bool { return s.ID == recent.ID })
			if i < 0 {
				q.askWhichGame(text, legal)
				return
			}
			chosen, followed = legal[i], true
		case notation >= 0:
			chosen = target[notation]
		}
	}
	move, letters := q.readMove(chosen, text)
	res, err := q.r.mgr.Move(q.ctx, chosen.ID, q.m.UserID, move, q.m.Ref)
	if err == nil {
		q.r.letters.note(chosen.ID, letters)
	}
	if err != nil {
		var me *games.MoveError
		if !explicit && !q.m.Private && errors.As(err, &me) && me.Kind == games.Malformed {
			return // chat in a group, not a move
		}
		if !explicit && !q.m.Private && errors.Is(err, sessions.ErrNotYourTurn) && !looksLikeMove(chosen, text) {
			return
		}
		if !explicit && !q.m.Private && errors.Is(err, sessions.ErrNotPlayer) {
			return // "#g1 nice" in a group: talk about someone else's game
		}
		q.sayMoveError(chosen, text, err)
		return
	}
	if res.Flagged {
		head := q.t("game.flag", "player", q.r.PlayerName(res.Game, res.Game.SideOf(q.m.UserID)))
		if res.Game.Result.Void() {
			head = q.t("game.never-moved", "player", q.r.PlayerName(res.Game, res.Game.SideOf(q.m.UserID)))
		}
		q.sayReply(q.r.GameReply(q.lang, res.Game, head, q.m.UserID))
		return
	}
	if res.BotToMove {
		if followed {
			q.r.noteFollowed(chosen.ID) // the bot's reply says which game
		}
		return // the bot's reply shows both turns
	}
	// The plies of this message and what followed them (the dice, a pass
	// the rules made for the next player).
	from := res.From
	head := q.r.TurnsText(q.lang, res.Game, from)
	if followed {
		head = q.r.GameName(q.lang, res.Game.Game) + " · " + head
	}
	if e := q.r.Explanations(q.lang, res.Game, from); e != "" {
		head += "\n" + e
	}
	if p := q.r.Prompt(q.lang, res.Game); p != "" {
		head += "\n" + p
	}
	q.sayReply(q.r.GameReply(q.lang, res.Game, head, q.m.UserID))
}

// moveDashes writes the dashes and times signs that phones and word
// processors put in place of '-' and 'x' ("c3–c4", "c3×c5") as typed.
var moveDashes = strings.NewReplacer("–", "-", "—", "-", "−", "-", "‐", "-", "‑", "-", "×", "x")

// looksLikeMove reports whether text parses in the game's notation at all
// (out of turn, a group's "ok" is chat, "c3-c4" is a move).
func looksLikeMove(s sessions.Snapshot, text string) bool {
	for _, l := range s.Legal {
		if strings.EqualFold(l, text) {
			return true
		}
	}
	pos := s.Game.Start()
	_, err := pos.ParseMove(text)
	var me *games.MoveError
	return err == nil || !errors.As(err, &me) || me.Kind != games.Malformed
}

// sayMoveError explains a refused move in one line, with the legal moves.
func (q *request) sayMoveError(s sessions.Snapshot, text string, err error) {
	tag := "#" + s.Tag()
	var me *games.MoveError
	switch {
	case errors.Is(err, sessions.ErrNotYourTurn):
		if line := q.r.RollLine(q.lang, s); line != "" {
			q.say(tag + " " + line) // a roll by hand comes first
			return
		}
		p, _ := s.ToMove()
		q.say(tag + " " + q.t("error.not-your-turn", "player", q.r.DisplayName(p)))
	case errors.As(err, &me):
		reason := q.r.MoveReason(q.lang, s.Game, me)
		line := tag + " " + q.t("error.bad-move", "move", present.Shorten(text, 30), "reason", reason)
		if len(s.Legal) > 0 && me.Kind != games.GameOver {
			line += " " + q.t("error.legal-moves", "moves", present.Sample(q.r.ShowLegal(q.lang, s), present.MaxListedMoves))
			if len(s.Legal) > present.MaxListedMoves {
				line += " " + q.t("error.legal-all", "cmd", q.word(command.Legal)+" #"+s.Tag())
			}
		}
		q.say(line)
	default:
		q.sayError(err)
	}
}

// sayError answers a sessions error; about a game named by its tag, the
// answer starts with the tag (a stale button's press says which game it
// was about).
func (q *request) sayError(err error) {
	if id, ok := q.tag(); ok {
		q.sayTagged("#g"+strconv.FormatInt(id, 10)+" ", err)
		return
	}
	q.sayTagged("", err)
}

func (q *request) sayTagged(tag string, err error) {
	say := func(text string) { q.say(tag + text) }
	var pe *sessions.PlayingError
	switch {
	case errors.As(err, &pe):
		say(q.t("error.already-playing", "tag", "#"+pe.Game.Tag(), "game", q.r.GameName(q.lang, pe.Game.Game)))
	case errors.Is(err, sessions.ErrNoGame):
		say(q.t("error.no-game", "games", q.r.GameNames(q.lang, nil)))
	case errors.Is(err, sessions.ErrNotPlayer):
		say(q.t("error.not-player"))
	case errors.Is(err, sessions.ErrNotYourTurn):
		say(q.t("error.wait-turn"))
	case errors.Is(err, sessions.ErrGameOver):
		say(q.t("error.game-over"))
	case errors.Is(err, sessions.ErrNoChallenge):
		say(q.t("error.no-challenge"))
	case errors.Is(err, sessions.ErrSelfChallenge):
		say(q.t("error.self-challenge"))
	case errors.Is(err, sessions.ErrNotVsBot):
		say(q.t("error.not-vs-bot"))
	case errors.Is(err, sessions.ErrNothingToUndo):
		say(q.t("error.nothing-to-undo"))
	case errors.Is(err, sessions.ErrDuplicate):
		// A re-sent update applied before: its answer was given then.
		q.r.log.Info("update applied before, ignored", "platform", q.m.Platform, "channel", q.m.ChannelID)
	case errors.Is(err, sessions.ErrNoTakebackOffer):
		say(q.t("takeback.gone"))
	case errors.Is(err, sessions.ErrNoDrawOffer):
		say(q.t("error.no-draw-offer"))
	case errors.Is(err, sessions.ErrUnknownLevel):
		say(q.t("error.unknown-level", "levels", q.r.LevelNames(q.lang, nil)))
	case errors.Is(err, sessions.ErrOnePlayerGame):
		say(q.t("error.one-player"))
	case errors.Is(err, sessions.ErrRatedGame):
		say(q.t("error.no-hint-rated"))
	case errors.Is(err, sessions.ErrTournamentGame):
		say(q.t("error.tournament-game"))
	case errors.As(err, new(*sessions.OverAtStartError)):
		// Over before it begins: how, in the game's words.
		var over *sessions.OverAtStartError
		errors.As(err, &over)
		q.say(q.t("error.start-over", "reason", q.r.Reason(q.lang, over.Game, over.Status.Reason)))
	case errors.Is(err, sessions.ErrBadStart):
		// The reason without the sentinel's own words, which the
		// sentence already says; in the person's language when the game
		// can say it (games.Localized).
		reason := strings.TrimPrefix(err.Error(), sessions.ErrBadStart.Error()+": ")
		var loc interface {
			error
			games.Localized
		}
		if errors.As(err, &loc) {
			reason = loc.Message(string(q.lang))
		}
		q.say(q.t("error.bad-start", "reason", present.Shorten(reason, 600)))
	case errors.Is(err, sessions.ErrNotAllowed):
		q.say(q.t("error.not-allowed"))
	case errors.Is(err, sessions.ErrMatchTarget):
		q.say(q.t("error.match-target", "max", fmt.Sprint(sessions.MaxMatchTarget)))
	case errors.Is(err, sessions.ErrNotSaved):
		q.r.log.Error("command not saved", "cmd", q.cmd.Name, "err", err)
		say(q.t("error.not-saved"))
	default:
		q.r.log.Error("command failed", "cmd", q.cmd.Name, "err", err)
		say(q.t("error.internal"))
	}
}

func (q *request) board() {
	if len(q.r.mgr.Find(q.m.Platform, q.m.ChannelID, q.m.UserID)) == 0 && !q.hasTag() {
		// A spectator: show the channel's only game, or list them.
		all := q.r.mgr.ChannelGames(q.m.Platform, q.m.ChannelID)
		switch len(all) {
		case 0:
			if s, ok := q.r.mgr.LastFinished(q.ctx, q.m.Platform, q.m.ChannelID, q.m.UserID); ok {
				q.sayReply(q.r.GameReply(q.lang, s, q.r.GameTitle(q.lang, s), q.m.UserID))
				return
			}
			q.say(q.t("error.no-game", "games", q.r.GameNames(q.lang, nil)))
		case 1:
			q.sayReply(q.r.GameReply(q.lang, all[0], q.r.GameTitle(q.lang, all[0]), ""))
		default:
			q.say(q.r.ChannelGames(q.lang, all))
		}
		return
	}
	s, ok := q.viewed()
	if !ok {
		return
	}
	q.sayReply(q.r.GameReply(q.lang, s, q.r.GameTitle(q.lang, s), q.m.UserID))
}

func (q *request) hasTag() bool {
	_, ok := q.tag()
	return ok
}

// tag is the game named by the first "#g7" among the arguments.
func (q *request) tag() (int64, bool) {
	for _, a := range q.cmd.Args {
		if id, ok := command.GameTag(a); ok {
			return id, true
		}
	}
	return 0, false
}

func (q *request) history() {
	s, ok := q.viewed()
	if !ok {
		return
	}
	text := "#" + s.Tag() + " " + q.t("history.empty")
	if len(s.Moves) > 0 {
		text = "#" + s.Tag() + " " + present.FormatHistoryFrom(q.r.ShowMoves(q.lang, s), s.Sides, s.Solo(), present.FirstMoveNumber(s))
	}
	if s.Result.Over { // a finished game's history ends with its result
		text += "\n" + q.r.ResultLine(q.lang, s)
	}
	q.say(text)
}

// refused answers an action s's game does not allow (games.Policy), with
// message id, when no is true.
func (q *request) refused(s sessions.Snapshot, no bool, id string) bool {
	if no {
		q.say("#" + s.Tag() + " " + q.t(id, "game", q.r.GameName(q.lang, s.Game)))
	}
	return no
}

func (q *request) hint() {
	s, ok := q.current()
	if !ok || q.refused(s, q.r.Host(s.Game).Policy.NoHints, "error.no-hints") {
		return
	}
	if s.Rated && s.VsBot() && s.Tournament == 0 && !s.Result.Over && !q.confirmed() {
		// The engine's help makes the game unrated: asked first.
		q.askConfirm(s, "hint.confirm", command.Hint)
		return
	}
	if err := q.r.mgr.Hint(q.ctx, s.ID, q.m.UserID, q.m.Ref); err != nil {
		q.sayError(err)
	}
}

func (q *request) undo() {
	s, ok := q.current()
	if !ok {
		return
	}
	if side := s.SideOf(q.m.UserID); side != ai.NoSide && s.Turn == side && len(s.Sides) > 0 && s.Sides[len(s.Sides)-1] == side {
		// A ply of a turn not complete (a die of two): taken back freely,
		// in every game, as nothing was answered yet.
		q.takeBackPly()
		return
	}
	if q.refused(s, q.r.Host(s.Game).Policy.NoUndo, "error.no-undo") {
		return
	}
	if !s.VsBot() && !s.Solo() {
		q.offerTakeback(s) // between people: the opponent agrees first
		return
	}
	if s.Rated && s.VsBot() && s.Tournament == 0 && !s.Result.Over && hasMoved(s, s.SideOf(q.m.UserID)) && !q.confirmed() {
		// A take-back makes the game unrated: asked first, as a hint is.
		q.askConfirm(s, "undo.confirm", command.Undo)
		return
	}
	after, err := q.r.mgr.Undo(q.ctx, s.ID, q.m.UserID)
	if err != nil {
		q.sayError(err)
		return
	}
	head := q.t("game.undone")
	if s.Rated && !after.Rated {
		head += " " + q.t("game.unrated")
	}
	q.sayReply(q.r.GameReply(q.lang, after, head, q.m.UserID))
}

// takeBackPly takes back the sender's last ply of the turn they are in.
func (q *request) takeBackPly() {
	s, _ := q.current()
	after, ply, err := q.r.mgr.TakeBackPly(q.ctx, s.ID, q.m.UserID)
	if err != nil {
		q.sayError(err)
		return
	}
	head := q.t("game.ply-undone", "move", ply)
	if p := q.r.Prompt(q.lang, after); p != "" {
		head += "\n" + p
	}
	q.sayReply(q.r.GameReply(q.lang, after, head, q.m.UserID))
}

func (q *request) draw() {
	s, ok := q.current()
	if !ok || q.refused(s, q.r.Host(s.Game).Policy.NoDraws, "error.no-draws") {
		return
	}
	out, after, err := q.r.mgr.OfferDraw(q.ctx, s.ID, q.m.UserID)
	if err != nil {
		q.sayError(err)
		return
	}
	me := q.r.PlayerName(after, after.SideOf(q.m.UserID))
	switch out {
	case sessions.DrawAgreed:
		head := q.t("draw.agreed")
		if s.Rated && !after.Rated && !after.Result.Void() { // a tournament's draw at move 0
			head += " " + q.t("draw.early-unrated")
		}
		q.sayReply(q.r.GameReply(q.lang, after, head, q.m.UserID))
	case sessions.DrawDeclined:
		q.say("#" + after.Tag() + " " + q.t("draw.bot-declines", "bot", q.r.cfg.BotName))
	default:
		opp := q.r.PlayerName(after, after.SideOf(q.m.UserID).Opponent())
		q.sayReply(chat.Reply{
			Text:    "#" + after.Tag() + " " + q.t("draw.offered", "player", me, "opponent", opp),
			Buttons: q.r.AnswerButtons(q.lang, "#"+after.Tag(), after.Players[after.SideOf(q.m.UserID).Opponent()].ID),
		})
	}
}

func (q *request) resign() {
	s, ok := q.current()
	if !ok {
		return
	}
	if side := s.SideOf(q.m.UserID); s.Rated && !s.Result.Over && (hasMoved(s, side) || s.Tournament != 0) && !q.confirmed() {
		// A rated resignation costs rating (a casual game resigned before
		// one's first move just ends): a second tap (or "resign yes")
		// makes sure it was meant.
		q.askConfirm(s, "resign.confirm", command.Resign)
		return
	}
	after, err := q.r.mgr.Resign(q.ctx, s.ID, q.m.UserID)
	if err != nil {
		q.sayError(err)
		return
	}
	head := q.t("game.resigned", "player", q.r.PlayerName(after, after.SideOf(q.m.UserID)))
	q.sayReply(q.r.GameReply(q.lang, after, head, q.m.UserID))
}

// level shows or sets the bot's level: in the game tagged ("seviye zor
// #g1", its players only), else in the sender's casual game against the
// bot, else the channel's default for new games (its admins only, or
// anyone in a private chat).
func (q *request) level() {
	args := q.argsWithoutTag()
	var game *sessions.Snapshot
	if q.hasTag() {
		s, ok := q.current()
		if !ok {
			return
		}
		if len(args) > 0 && s.SideOf(q.m.UserID) == ai.NoSide {
			q.sayError(sessions.ErrNotPlayer)
			return
		}
		game = &s
	} else {
		mine := q.r.mgr.Find(q.m.Platform, q.m.ChannelID, q.m.UserID)
		for i := range mine {
			if mine[i].VsBot() && mine[i].Tournament == 0 {
				game = &mine[i]
				break
			}
		}
	}
	if len(args) == 0 {
		cur := q.r.mgr.Channel(q.ctx, q.m.Platform, q.m.ChannelID).Level
		if game != nil {
			cur = game.Level
		}
		if cur == "" {
			cur = sessions.DefaultLevel
		}
		q.say(q.t("level.show", "level", q.r.LevelName(q.lang, cur), "levels", q.r.LevelNames(q.lang, nil)))
		return
	}
	var g games.Game
	if game != nil {
		g = game.Game
	}
	lvl, ok := q.r.levelWord(g, chat.Fold(args[0]))
	if !ok {
		q.say(q.t("error.unknown-level", "levels", q.r.LevelNames(q.lang, g)))
		return
	}
	if game != nil {
		s, err := q.r.mgr.SetLevel(q.ctx, game.ID, q.m.UserID, lvl.Name)
		if err != nil {
			q.sayError(err)
			return
		}
		text := "#" + s.Tag() + " " + q.t("level.set-game", "level", q.r.LevelName(q.lang, lvl.Name))
		if game.Rated && !s.Rated {
			text += " " + q.t("game.unrated")
		}
		q.say(text)
		return
	}
	if !q.mayConfigure() {
		q.say(q.t("level.admin-only"))
		return
	}
	cs := q.r.mgr.Channel(q.ctx, q.m.Platform, q.m.ChannelID)
	cs.Level = lvl.Name
	if err := q.r.mgr.SetChannel(q.ctx, cs); err != nil {
		q.sayError(err)
		return
	}
	q.say(q.t("level.set-channel", "level", q.r.LevelName(q.lang, lvl.Name)))
}

// challenge: challenge @user <game> [side] [time control] [match N].
// Words it does not take are let be ("meydan @ali dama hadi").
func (q *request) challenge() {
	var (
		to         *chat.User
		game       games.Game
		side       = ai.NoSide
		tc         sessions.TimeControl
		unresolved string
		target     int
	)
	if len(q.m.Mentions) > 0 {
		u := q.m.Mentions[0]
		to = &u
	}
	for _, a := range q.r.classify(q.cmd.Args, challengeArgs) {
		switch a.kind {
		case argMention:
			// Only the adapter knows who a mention is: a name it could not
			// resolve is not a player id.
			if to == nil && unresolved == "" {
				unresolved = a.word
			}
		case argGame:
			if game == nil {
				game = a.game
			}
		case argSide:
			if a.side == ai.NoSide {
				q.sayBadSide(game, a.word)
				return
			}
			if side == ai.NoSide {
				side = a.side
			}
		case argTime:
			if a.err != nil {
				q.sayBadTime(a.word)
				return
			}
			tc = a.tc
		case argMatch:
			if a.err != nil {
				q.sayBadMatch(a.word)
				return
			}
			if target == 0 {
				target = a.n
				if target == 0 {
					target = sessions.DefaultMatchTarget
				}
			}
		}
	}
	if to == nil && unresolved != "" {
		// The example names the game asked for, else the first one.
		gname := q.r.ExampleName(q.lang)
		if game != nil {
			gname = q.r.TypedName(q.lang, game)
		}
		q.say(q.t("error.challenge-unresolved", "name", present.Shorten(unresolved, 30), "game", gname))
		return
	}
	if to == nil && game != nil && !q.m.Private {
		q.openChallenge(game, side, tc, target)
		return
	}
	if to == nil || game == nil {
		q.say(q.t("error.challenge-usage", "games", q.r.GameNames(q.lang, present.Duel)))
		return
	}
	if strings.EqualFold(strings.TrimPrefix(to.Name, "@"), q.r.cfg.BotName) || strings.EqualFold(to.ID, q.r.cfg.BotName) {
		q.say(q.t("error.challenge-bot", "game", q.r.TypedName(q.lang, game)))
		return
	}
	if to.Name == "" {
		to.Name = present.CleanName(to.ID)
	}
	err := q.r.mgr.Challenge(q.ctx, sessions.Challenge{
		Platform: q.m.Platform, ChannelID: q.m.ChannelID,
		From: q.user(), To: sessions.Player{ID: to.ID, Name: to.Name}, Game: game, Side: side,
		TimeControl: tc, Lang: string(q.lang), Target: target,
	})
	if err != nil {
		q.sayError(err)
		return
	}
	q.sayChallenge(q.t("challenge.sent", "from", q.user().Name, "to", to.Name, "game", q.r.GameName(q.lang, game)), to.ID, tc, target)
}

// sayBadSide refuses a side word of another game than g, with g's sides.
func (q *request) sayBadSide(g games.Game, word string) {
	var sides []string
	for side := range g.SideNames() {
		sides = append(sides, q.r.SideName(q.lang, g, ai.Side(side)))
	}
	q.say(q.t("error.bad-side", "word", present.Shorten(word, 20), "game", q.r.GameName(q.lang, g), "sides", strings.Join(sides, ", ")))
}

// sayBadTime refuses a word meant as a time control, with the accepted
// range: a time written well but below the minimum ("1s", "3sn") is said
// to be too short.
func (q *request) sayBadTime(word string) {
	key := "error.bad-time-control"
	if belowMinimum(chat.Fold(word)) {
		key = "error.time-too-short"
	}
	q.say(q.t(key, "word", present.Shorten(word, 20),
		"min", q.r.DurationText(q.lang, sessions.MinClock), "max", q.r.DurationText(q.lang, sessions.MaxClock),
		"incr", q.r.DurationText(q.lang, sessions.MaxIncr)))
}

// fromArg returns the challenger named in the arguments ("accept @ali"):
// the resolved mention, else the challenger to the sender whose display
// name is the @name typed ("" if none: the latest challenge).
func (q *request) fromArg() string {
	if len(q.m.Mentions) > 0 {
		return q.m.Mentions[0].ID
	}
	for _, a := range q.cmd.Args {
		if name, ok := strings.CutPrefix(a, "@"); ok {
			for _, c := range q.r.mgr.Challenges(q.m.Platform, q.m.ChannelID, q.m.UserID) {
				if c.To.ID == q.m.UserID && (strings.EqualFold(c.From.Name, name) || chat.Fold(c.From.Name) == chat.Fold(name)) {
					return c.From.ID
				}
			}
		}
	}
	return ""
}

// accept answers a challenge or a draw offer: the one its argument names
// (a button's "accept #g7" for the draw offer in game 7, "accept
// @<id>:<time>" for one challenge), else the latest challenge to the
// sender (from the @someone typed), else a draw offer to the sender.
func (q *request) accept() {
	if from, created, ok := q.challengeArg(); ok {
		q.answerChallenge(from, created, true)
		return
	}
	if q.hasTag() {
		if s, ok := q.current(); ok {
			q.answerOffer(s, true)
		}
		return
	}
	snap, c, err := q.r.mgr.Accept(q.ctx, q.m.Platform, q.m.ChannelID, q.user(), q.fromArg())
	if errors.Is(err, sessions.ErrNoChallenge) {
		if s, ok := q.offerTo(); ok { // "accept" answers a draw or take-back offer too
			q.answerOffer(s, true)
			return
		}
	}
	if err != nil {
		q.sayError(err)
		return
	}
	q.sayAccepted(snap, c)
}

// sayAccepted announces the game an accepted challenge started: a
// match's target, the opening roll of a dice game.
func (q *request) sayAccepted(snap sessions.Snapshot, c sessions.Challenge) {
	head := q.t("game.started", "game", q.r.GameName(q.lang, snap.Game), "players", q.r.Players(q.lang, snap))
	if c.Target > 0 {
		head += "\n" + q.t("match.started", "target", fmt.Sprint(c.Target))
	}
	if t := q.r.TurnsText(q.lang, snap, 0); t != "" {
		head += "\n" + t // the opening roll
	}
	if p := q.r.Prompt(q.lang, snap); p != "" {
		head += "\n" + p // what the roll asks of the first player
	}
	q.sayReply(q.r.GameReply(q.lang, snap, head, ""))
}

// decline is accept's counterpart.
func (q *request) decline() {
	if from, created, ok := q.challengeArg(); ok {
		q.answerChallenge(from, created, false)
		return
	}
	if q.hasTag() {
		if s, ok := q.current(); ok {
			q.answerOffer(s, false)
		}
		return
	}
	c, err := q.r.mgr.Decline(q.ctx, q.m.Platform, q.m.ChannelID, q.m.UserID, q.fromArg())
	if errors.Is(err, sessions.ErrNoChallenge) {
		if s, ok := q.offerTo(); ok {
			q.answerOffer(s, false)
			return
		}
	}
	if err != nil {
		q.sayError(err)
		return
	}
	q.say(q.t("challenge.declined", "player", q.user().Name, "from", present.CleanName(c.From.Name), "game", q.r.GameName(q.lang, c.Game)))
}

// challengeArg is the challenge named by a challengeID among the arguments.
func (q *request) challengeArg() (fromID string, createdMS int64, ok bool) {
	for _, a := range q.cmd.Args {
		if from, ms, ok := present.ParseChallengeID(a); ok {
			return from, ms, true
		}
	}
	return "", 0, false
}

// answerChallenge accepts or declines the one challenge from fromID made at
// createdMS (a button's): one that was answered, replaced or has expired,
// or that is someone else's to answer, is refused, never another taken
// in its place.
func (q *request) answerChallenge(fromID string, createdMS int64, accept bool) {
	var (
		c     sessions.Challenge
		found bool
	)
	for _, o := range q.r.mgr.Challenges(q.m.Platform, q.m.ChannelID, fromID) {
		if o.From.ID == fromID && o.Created.UnixMilli() == createdMS {
			c, found = o, true
		}
	}
	switch {
	case !found:
		q.say(q.t("challenge.gone"))
		return
	case c.From.ID == q.m.UserID && c.Open():
		q.say(q.t("challenge.open-own"))
		return
	case c.From.ID == q.m.UserID:
		q.say(q.t("challenge.own", "to", present.CleanName(c.To.Name)))
		return
	case c.Open() && !accept:
		q.say(q.t("challenge.open-own-decline"))
		return
	case c.To.ID != q.m.UserID && !c.Open():
		q.say(q.t("challenge.not-yours", "to", present.CleanName(c.To.Name)))
		return
	}
	if !accept {
		c, err := q.r.mgr.Decline(q.ctx, q.m.Platform, q.m.ChannelID, q.m.UserID, fromID)
		if errors.Is(err, sessions.ErrNoChallenge) {
			q.say(q.t("challenge.gone"))
			return
		}
		if err != nil {
			q.sayError(err)
			return
		}
		q.say(q.t("challenge.declined", "player", q.user().Name, "from", present.CleanName(c.From.Name), "game", q.r.GameName(q.lang, c.Game)))
		return
	}
	snap, acc, err := q.r.mgr.Accept(q.ctx, q.m.Platform, q.m.ChannelID, q.user(), fromID)
	if errors.Is(err, sessions.ErrNoChallenge) {
		q.say(q.t("challenge.gone"))
		return
	}
	if err != nil {
		q.sayError(err)
		return
	}
	q.sayAccepted(snap, acc)
}

// declineDraw declines the draw offer to the sender in the tagged game.
func (q *request) declineDraw() {
	s, ok := q.current()
	if !ok {
		return
	}
	after, err := q.r.mgr.DeclineDraw(q.ctx, s.ID, q.m.UserID)
	switch {
	case errors.Is(err, sessions.ErrNoDrawOffer):
		q.say("#" + s.Tag() + " " + q.t("draw.gone"))
	case err != nil:
		q.sayError(err)
	default:
		q.say("#" + after.Tag() + " " + q.t("draw.declined", "player", q.user().Name))
	}
}

func (q *request) games() {
	var b strings.Builder
	b.WriteString(q.t("games.header"))
	for _, g := range q.r.cfg.Games.Games() {
		fmt.Fprintf(&b, "\n• %s — %s", g.Name(), q.r.GameName(q.lang, g))
		if len(g.Aliases()) > 0 {
			fmt.Fprintf(&b, " (%s)", strings.Join(g.Aliases(), ", "))
		}
	}
	b.WriteString("\n" + q.t("games.start-hint", q.r.HelpArgs(q.lang)...))
	if all := q.r.mgr.ChannelGames(q.m.Platform, q.m.ChannelID); len(all) > 0 {
		b.WriteString("\n\n" + q.r.ChannelGames(q.lang, all))
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
	cs := q.r.mgr.Channel(q.ctx, q.m.Platform, q.m.ChannelID)
	cs.Lang = string(l)
	if err := q.r.mgr.SetChannel(q.ctx, cs); err != nil {
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
		if text, ok := q.r.GameHelp(q.lang, q.cmd.Args[0]); ok {
			q.say(text)
			return
		}
		key, ok := helpKey(chat.Fold(strings.TrimLeft(q.cmd.Args[0], "/!")))
		if !ok {
			q.say(q.t("error.unknown-command", "word", present.Shorten(q.cmd.Args[0], 30)))
			return
		}
		q.say(q.t(key, q.r.HelpArgs(q.lang)...))
		return
	}
	q.say(q.t("help", q.r.HelpArgs(q.lang)...))
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

// tagFirst reports whether the text is a game's tag followed by more
// words ("#g1 a1": the tag as every reply shows it, then a move).
func (q *request) tagFirst() bool {
	_, ok := command.GameTag(q.cmd.Word)
	return ok && q.cmd.Name == "" && len(q.cmd.Args) > 0
}

// other handles text that is not a command word: a bare move (perhaps
// after its game's tag), an unknown command, or chat (ignored in groups).
func (q *request) other() {
	if q.cmd.Text == "" {
		return
	}
	if q.tagFirst() && (q.m.Private || len(q.r.mgr.Find(q.m.Platform, q.m.ChannelID, q.m.UserID)) > 0) {
		// The move in the tagged game: its tag becomes an argument, as in
		// "move #g1 a1".
		move := strings.Join(q.cmd.Args, " ")
		q.cmd.Args = append([]string{q.cmd.Word}, q.cmd.Args...)
		q.move(move, false)
		return
	}
	if !q.cmd.Prefixed {
		if len(q.r.mgr.Find(q.m.Platform, q.m.ChannelID, q.m.UserID)) > 0 {
			q.move(q.cmd.Text, false)
			return
		}
		if !q.m.Private {
			return // chat between people
		}
		if q.looksLikeAnyMove(q.cmd.Text) {
			q.say(q.t("error.no-game", "games", q.r.GameNames(q.lang, nil)))
			return
		}
	}
	q.say(q.t("error.unknown-command", "word", present.Shorten(q.cmd.Word, 30)))
}

// looksLikeAnyMove reports whether text is in the notation of some game.
func (q *request) looksLikeAnyMove(text string) bool {
	for _, g := range q.r.cfg.Games.Games() {
		_, err := g.Start().ParseMove(text)
		var me *games.MoveError
		if err == nil || (errors.As(err, &me) && me.Kind != games.Malformed) {
			return true
		}
	}
	return false
}

// onEvent turns a sessions event into replies (called on worker goroutines,
// and after a message's own answer for the events it caused).
func (r *Router) onEvent(ev sessions.Event) {
	ctx := context.Background()
	s := ev.Game
	if ev.Tournament != nil {
		v := ev.Tournament
		lang := r.eventLang(ctx, v.Platform, v.ChannelID, v.Lang)
		var rep chat.Reply
		switch ev.Kind {
		case sessions.EventRoundStarted:
			rep = r.RoundStarted(lang, ev)
		case sessions.EventTournamentOver:
			rep = r.StandingsReply(lang, *v, true)
			rep.Text = r.cat.T(lang, "tournament.over", "game", r.GameName(lang, v.Game)) + "\n" + r.TournamentWinner(lang, *v) + "\n" + rep.Text
		default:
			return
		}
		rep.Platform, rep.ChannelID, rep.Ref = v.Platform, v.ChannelID, ev.Ref
		r.send(ctx, rep)
		return
	}
	lang := r.eventLang(ctx, s.Platform, s.ChannelID, s.Lang)
	if m := ev.Match; m != nil && s.Game == nil {
		// The end of a match names no game: its channel's language.
		lang = r.eventLang(ctx, m.Platform, m.ChannelID, m.Lang)
	}
	t := func(id string, kv ...string) string { return r.cat.T(lang, id, kv...) }
	rep := chat.Reply{Platform: s.Platform, ChannelID: s.ChannelID, Ref: ev.Ref}
	human := ""
	for _, p := range s.Players {
		if !p.Bot {
			human = p.ID
		}
	}
	botsOnly := s.Players[0].Bot && s.Players[1].Bot
	switch ev.Kind {
	case sessions.EventBotMoved:
		if botsOnly && !s.Result.Over {
			return // a game between two bots is shown when it ends
		}
		// The person's turn just before (if they moved), every turn the
		// bot's job played (with a pass the rules made between them), and
		// the dice rolled for the next.
		from := present.PersonTurnBefore(s, ev.From)
		head := r.TurnsText(lang, s, from)
		if r.followed(s.ID) {
			head = r.GameName(lang, s.Game) + " · " + head
		}
		if e := r.Explanations(lang, s, from); e != "" {
			head += "\n" + e
		}
		if o := r.opening(s.ID); o != "" {
			head = o + "\n" + head // the game the bot opens, with its first move
		}
		if p := r.Prompt(lang, s); p != "" {
			head += "\n" + p
		}
		game := r.GameReply(lang, s, head, human)
		game.Platform, game.ChannelID, game.Ref = rep.Platform, rep.ChannelID, rep.Ref
		rep = game
	case sessions.EventThinking:
		if botsOnly {
			return
		}
		if cur, err := r.mgr.Get(s.ID); err != nil || cur.Version != s.Version {
			return // the game changed (a resignation, its end) since the notice was due: stale
		}
		rep.Notice = true
		if ev.Queued {
			rep.Text = "#" + s.Tag() + " " + t("bot.queued", "bot", r.cfg.BotName)
		} else {
			rep.Text = "#" + s.Tag() + " " + t("bot.thinking", "bot", r.cfg.BotName)
		}
	case sessions.EventHint:
		shown := r.ShowMove(lang, s, ev.Move)
		rep.Text = "#" + s.Tag() + " " + t("hint", "move", shown)
		if ev.Unrated {
			rep.Text += "\n" + t("game.unrated") // a sentence of its own after the move
		}
		rep.Buttons = [][]chat.Button{{{Label: shown, Data: present.TruncData(command.Move + " #" + s.Tag() + " " + shown)}}}
	case sessions.EventForfeit:
		var head string
		switch {
		case s.Result.Void() && (s.Turn == ai.First || s.Turn == ai.Second):
			head = t("game.never-moved", "player", r.DisplayName(s.Players[s.Turn]))
		case s.Result.Winner != ai.First && s.Result.Winner != ai.Second:
			return // no loser to name (not an outcome CheckIdle gives)
		case s.Result.Reason == sessions.ReasonTime:
			head = t("game.flag", "player", r.DisplayName(s.Players[s.Result.Winner.Opponent()]))
		default:
			head = t("game.forfeit", "player", r.DisplayName(s.Players[s.Result.Winner.Opponent()]))
		}
		game := r.GameReply(lang, s, head, "")
		game.Platform, game.ChannelID = rep.Platform, rep.ChannelID
		rep = game
	case sessions.EventReminder:
		p, _ := s.ToMove()
		key := "game.reminder"
		if ev.Void {
			key = "game.reminder-void" // what the forfeit then does
		}
		rep.Text = "#" + s.Tag() + " " + t(key, "player", r.DisplayName(p), "left", r.FormatDuration(lang, ev.Left))
	case sessions.EventBotFailed:
		rep.Text = "#" + s.Tag() + " " + t("error.internal")
		if o := r.opening(s.ID); o != "" {
			rep = r.openingFailed(lang, s, o, t("error.internal"), ev.Ref)
		}
	case sessions.EventOptimal:
		rep.Text = "#" + s.Tag() + " " + r.cat.N(lang, "solo.optimal", s.Optimal)
	case sessions.EventEnded:
		head := t("game.ended-aborted")
		if s.Result.Reason == sessions.ReasonWithdrew && s.Result.Winner != ai.NoSide {
			head = t("game.ended-withdrew", "player", r.DisplayName(s.Players[s.Result.Winner.Opponent()]))
		}
		game := r.GameReply(lang, s, head, "")
		game.Platform, game.ChannelID = rep.Platform, rep.ChannelID
		rep = game
	case sessions.EventMatchGame:
		m := ev.Match
		head := t("match.next", "score", r.MatchScoreText(m), "target", fmt.Sprint(m.Target)) + "\n" +
			t("game.started", "game", r.GameName(lang, s.Game), "players", r.Players(lang, s))
		if tt := r.TurnsText(lang, s, 0); tt != "" {
			head += "\n" + tt
		}
		if p := r.Prompt(lang, s); p != "" {
			head += "\n" + p
		}
		game := r.GameReply(lang, s, head, human)
		game.Platform, game.ChannelID, game.Ref = rep.Platform, rep.ChannelID, rep.Ref
		rep = game
	case sessions.EventMatchOver:
		m := ev.Match
		rep.Platform, rep.ChannelID = m.Platform, m.ChannelID
		if m.Winner < 0 {
			rep.Text = t("match.over-void", "score", r.MatchScoreText(m))
		} else {
			rep.Text = t("match.over", "score", r.MatchScoreText(m), "player", r.DisplayName(m.Players[m.Winner]))
		}
	case sessions.EventNotSaved:
		rep.Text = "#" + s.Tag() + " " + t("bot.not-saved", "bot", r.cfg.BotName)
		if ev.Ref != "" {
			// The answer to a person's move, which was saved: it is shown
			// before the bot's failure, as the bot's move would have been.
			if i := present.LastTurnStart(s, 0, ai.NoSide); i > 0 {
				if sd := s.Sides[i-1]; (sd == ai.First || sd == ai.Second) && !s.Players[sd].Bot {
					if turn := r.TurnsText(lang, s, present.LastTurnStart(s, 0, sd)); turn != "" {
						rep.Text = "#" + s.Tag() + " " + turn + " · " + t("bot.not-saved", "bot", r.cfg.BotName)
					}
				}
			}
		}
		if o := r.opening(s.ID); o != "" {
			rep = r.openingFailed(lang, s, o, t("bot.not-saved", "bot", r.cfg.BotName), ev.Ref)
		}
	case sessions.EventClockResumed:
		// The stop in every unit ("1 dk 5 sn"): rounded to the minute as
		// in reminders, a short stop would be misstated.
		var parts []string
		d := max(ev.Down.Round(time.Second), time.Second)
		for _, u := range []struct {
			d   time.Duration
			key string
		}{{24 * time.Hour, "unit.day"}, {time.Hour, "unit.hour"}, {time.Minute, "unit.min"}, {time.Second, "unit.sec"}} {
			if n := d / u.d; n > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", n, t(u.key)))
				d -= n * u.d
			}
		}
		p, _ := s.ToMove()
		key := "clock.resumed"
		if ev.Outage {
			key = "clock.resumed-outage"
		}
		rep.Text = "#" + s.Tag() + " " + t(key, "down", strings.Join(parts, " "), "player", r.DisplayName(p))
		if c := r.ClockLine(lang, s); c != "" {
			rep.Text += "\n" + c
		}
	default:
		return
	}
	r.send(ctx, rep)
}

// openingFailed announces a game the bot opens whose first move failed
// (why), so that the game is shown all the same.
func (r *Router) openingFailed(lang chat.Lang, s sessions.Snapshot, head, why, ref string) chat.Reply {
	rep := r.GameReply(lang, s, head+"\n"+why, "")
	rep.Platform, rep.ChannelID, rep.Ref = s.Platform, s.ChannelID, ref
	return rep
}

// lastSide is the side that played the last move.
func lastSide(s sessions.Snapshot) ai.Side {
	if n := len(s.Sides); n > 0 {
		return s.Sides[n-1]
	}
	return ai.NoSide
}

// playMatch starts a match against the bot to target points (0: the
// default); start must be empty (a match's games start from the game's own
// position).
func (q *request) playMatch(game games.Game, level string, side ai.Side, target int, start string) {
	if game.Players() == 1 {
		q.sayError(sessions.ErrOnePlayerGame)
		return
	}
	if start != "" {
		q.say(q.t("error.match-start"))
		return
	}
	var players [2]sessions.Player
	if side == ai.Second {
		players[0], players[1] = sessions.Player{Bot: true}, q.user()
	} else {
		players[0], players[1] = q.user(), sessions.Player{Bot: true}
	}
	if target < 0 {
		target = 99 // refused by the range check, with the range
	}
	if level == "" {
		level = q.r.mgr.Channel(q.ctx, q.m.Platform, q.m.ChannelID).Level
	}
	snap, m, err := q.r.mgr.StartMatch(q.ctx, sessions.MatchGame{
		Platform: q.m.Platform, ChannelID: q.m.ChannelID, Players: players, Game: game,
		Target: target, Level: level, Lang: string(q.lang), Ref: q.m.Ref,
	})
	if err != nil {
		q.sayError(err)
		return
	}
	head := q.t("game.started", "game", q.r.GameName(q.lang, snap.Game), "players", q.r.Players(q.lang, snap)) +
		"\n" + q.t("match.started", "target", fmt.Sprint(m.Target))
	if p, ok := snap.ToMove(); ok && p.Bot && !snap.Result.Over {
		q.r.mu.Lock()
		q.r.openings[snap.ID] = head
		q.r.mu.Unlock()
		return
	}
	if t := q.r.TurnsText(q.lang, snap, 0); t != "" {
		head += "\n" + t
	}
	if p := q.r.Prompt(q.lang, snap); p != "" {
		head += "\n" + p
	}
	q.sayReply(q.r.GameReply(q.lang, snap, head, q.m.UserID))
}

// isConfirmWord reports whether folded w says yes to a question the bot
// asked ("resign yes", "pes evet").
func isConfirmWord(w string) bool {
	switch w {
	case "yes", "y", "confirm", "sure", "evet", "e", "onay", "onayla", "eminim":
		return true
	}
	return false
}

// confirmed reports whether the command says yes to its own question.
func (q *request) confirmed() bool {
	for _, a := range q.cmd.Args {
		if isConfirmWord(chat.Fold(a)) {
			return true
		}
	}
	return false
}

// askConfirm asks whether a costly action on game s was meant: the
// question (catalogue key) and a button that does it.
func (q *request) askConfirm(s sessions.Snapshot, key, cmd string) {
	rep := chat.Reply{Text: "#" + s.Tag() + " " + q.t(key, "yes", q.confirmWord(cmd))}
	if yes := present.WithAsked(cmd+" #"+s.Tag()+" yes", q.m.UserID); yes != "" {
		rep.Buttons = [][]chat.Button{{{Label: q.t("button.confirm-" + cmd), Data: yes}}}
	}
	q.sayReply(rep)
}

// confirmWord is how the person types the confirmed command in the
// request's language ("pes evet", "resign yes").
func (q *request) confirmWord(cmd string) string {
	if q.lang == chat.Turkish {
		return q.word(cmd) + " evet"
	}
	return q.word(cmd) + " yes"
}

// hasMoved reports whether side has made a move in game s.
func hasMoved(s sessions.Snapshot, side ai.Side) bool {
	return side != ai.NoSide && slices.Contains(s.Sides, side)
}

// maxLegalList bounds the legal moves "legal" lists (a dama king's capture
// paths can run to hundreds).
const maxLegalList = 400

// legal lists every legal move of the sender's game (an error lists ten).
func (q *request) legal() {
	s, ok := q.current()
	if !ok {
		return
	}
	if s.Result.Over || len(s.Legal) == 0 {
		q.say("#" + s.Tag() + " " + q.t("legal.none"))
		return
	}
	moves := q.r.GroupedLegal(q.lang, s)
	if moves == "" {
		moves = present.Sample(q.r.ShowLegal(q.lang, s), maxLegalList)
	}
	q.say("#" + s.Tag() + " " + q.t("legal.list", "n", fmt.Sprint(len(s.Legal)), "moves", moves))
}

// word is a command's first word in the request's language.
func (q *request) word(cmd string) string { return command.Word(q.lang, cmd) }
