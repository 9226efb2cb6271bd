package main

// serve.go runs the chat bot: configuration, store, router, adapters.

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/console"
	"oyunbot/chat/discord"
	chatrouter "oyunbot/chat/router"
	"oyunbot/chat/telegram"
	"oyunbot/internal/registry"
	"oyunbot/sessions"
	"oyunbot/sessions/challenges"
	"oyunbot/sessions/fleet"
	"oyunbot/sessions/matches"
	"oyunbot/sessions/ratings"
	"oyunbot/sessions/tournaments"
	"oyunbot/store"
)

// runBot runs the bot until its input ends (console) or it is interrupted.
// Console mode runs when no platform token is set, or with -console.
func runBot(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bot", flag.ContinueOnError)
	fs.SetOutput(stderr)
	forceConsole := fs.Bool("console", false, "run in the terminal even when platform tokens are set")
	envFile := fs.String("env", ".env", "file of KEY=VALUE settings (the environment wins)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "bot: unknown argument %q (try: bot help)\n", fs.Arg(0))
		return 2
	}
	cfg, err := loadConfig(os.LookupEnv, *envFile)
	if err != nil {
		fmt.Fprintln(stderr, "bot: configuration:", err)
		return 2
	}
	consoleMode := *forceConsole || (cfg.TelegramToken == "" && cfg.DiscordToken == "")
	level := cfg.LogLevel
	if consoleMode && !logLevelSet(os.LookupEnv, *envFile) {
		// The terminal is the game's: at the default level, no start-up
		// lines ("restored games") between the replies; warnings and
		// errors still show, and OYUNBOT_LOG_LEVEL=info or debug has all.
		level = max(level, slog.LevelWarn)
	}
	// Every log line, the libraries' included, goes through the redaction
	// of the configured secrets.
	handler := newRedactHandler(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}), cfg.secrets())
	defer captureLibraryLogs(handler)()
	log := slog.New(handler)
	log.Info("oyunbot", "version", readBuildInfo().String())
	if limit, from, err := setMemLimit(cfg.MemLimit); err == nil {
		log.Info("memory limit", "GOMEMLIMIT", memText(limit), "from", from)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	store, closeStore, code := openStore(ctx, cfg.DB, log)
	if store == nil {
		return code
	}
	defer closeStore()

	pages, gameStore, err := newWebPages(cfg, store, log)
	if err != nil {
		log.Error("the web pages", "err", err)
		return 1
	}

	// The live games, their fleet (the clocks' sweep, the heartbeat, the
	// downtime credited: made at once, before anything acts on the games),
	// then the router that plays them (and closes them), then their events
	// to the router, then the sweep; the store is ours.
	reg := registry.New()
	book := ratings.New()
	tours, chal := tournaments.New(book), challenges.New()
	mr := matches.New()
	mgr, err := sessions.New(ctx, sessions.Config{
		Games:          reg,
		Store:          gameStore,
		NewEngine:      pages.engine(),
		Workers:        cfg.Workers,
		ThinkingNotice: cfg.ThinkingNotice,
		IdleForfeit:    cfg.IdleForfeit,
		BotName:        cfg.BotName,
		Shared:         cfg.Shared,
		Logger:         log,
		Tournaments:    tours,
		Challenges:     chal,
		Matches:        mr,
		Ratings:        book,
	})
	if err != nil {
		log.Error("starting the live games", "err", err)
		return 1
	}
	fl := fleet.New(mgr, fleet.Config{})
	router, err := chatrouter.New(ctx, chatrouter.Config{
		Games:           reg,
		Sessions:        mgr,
		Tournaments:     tours,
		Challenges:      chal,
		Matches:         mr,
		Ratings:         book,
		Fleet:           fl,
		Store:           store,
		Drawers:         registry.Drawers(registry.BoardSize),
		GIFDrawers:      registry.Drawers(gifSize),
		Chart:           chartPNG,
		ReplyStaleAfter: cfg.ReplyStaleAfter,
		Shared:          cfg.Shared,
		RateLimit:       chatrouter.DefaultRateLimit,
		SlowWorkers:     cfg.SlowWorkers,
		SearchMemory:    cfg.SearchMemory,
		BotName:         cfg.BotName,
		Logger:          log,
		Lang:            cfg.Lang,
		You:             consoleYou(consoleMode),
		Links:           pages.linker(),
	})
	if err != nil {
		mgr.Close()
		log.Error("starting the router", "err", err)
		return 1
	}
	defer router.Close()
	if err := mgr.Listen(router.OnEvent); err != nil {
		log.Error("the live games' events", "err", err)
		return 1
	}
	if err := mgr.Go(fl.Run); err != nil {
		log.Error("the clocks' sweep", "err", err)
		return 1
	}
	webCtx, stopWeb := context.WithCancel(ctx)
	defer pages.wait()
	defer stopWeb()
	if err := pages.start(webCtx, cfg, router, mgr, log); err != nil {
		log.Error("starting the web pages", "err", err)
		return 1
	}

	// What games prepare (the 15-puzzle's databases: loaded, or built once
	// where they are missing) starts now in the background, in the console
	// too, so that no player's first hint waits for it.
	warmGames()
	if !consoleMode {
		return runPlatforms(ctx, router, store, cfg, log, pages.sender)
	}
	return runConsole(ctx, router, cfg, stdin, stdout, log, pages.sender)
}

// logLevelSet reports whether OYUNBOT_LOG_LEVEL is set, in the environment
// or in the dotenv file (loadConfig's sources), rather than defaulted.
func logLevelSet(env lookupFunc, dotenv string) bool {
	if _, ok := env("OYUNBOT_LOG_LEVEL"); ok {
		return true
	}
	f, err := os.Open(dotenv)
	if err != nil {
		return false
	}
	defer f.Close()
	file, err := parseDotEnv(f)
	_, ok := file["OYUNBOT_LOG_LEVEL"]
	return err == nil && ok
}

// runPlatforms starts every platform whose token is set (both may run in one
// process) and serves until ctx is done or one of them fails.
func runPlatforms(ctx context.Context, router *chatrouter.Router, users sessions.UserDirectory,
	cfg config, log *slog.Logger, count func(string, chat.Sender) chat.Sender) int {
	type platform interface {
		chat.Sender
		Run(ctx context.Context) error
	}
	var started []platform
	var names []string
	if cfg.TelegramToken != "" {
		tg, err := telegram.New(telegram.Config{
			Token:         cfg.TelegramToken,
			APIEndpoint:   cfg.TelegramAPIEndpoint,
			WebhookURL:    cfg.TelegramWebhookURL,
			Listen:        cfg.TelegramListen,
			WebhookSecret: cfg.TelegramWebhookSecret,
			Commands:      telegram.DefaultCommands(registry.Names()...),
			Logger:        log.With("platform", telegram.Platform),
			Users:         chatrouter.Users(users, telegram.Platform),
		}, router)
		if err != nil {
			log.Error("starting Telegram", "err", err)
			return 1
		}
		router.AddSender(ctx, telegram.Platform, count(telegram.Platform, tg))
		started, names = append(started, tg), append(names, telegram.Platform)
	}
	if cfg.DiscordToken != "" {
		dc, err := discord.New(discord.Config{
			Token:          cfg.DiscordToken,
			APIBase:        cfg.DiscordAPIBase,
			Prefix:         cfg.DiscordPrefix,
			ShardID:        cfg.DiscordShardID,
			ShardCount:     cfg.DiscordShardCount,
			Games:          discordGames(nil),
			TwoPlayerGames: discordGames(twoPlayers),
			Sides:          discordSides(),
			GameCommands:   discordGameCommands(),
			Levels:         discordLevels(),
			Logger:         log.With("platform", discord.Platform),
		}, discord.WithMoveSuggestions(router, func(ch, user, prefix string) []string {
			return router.SuggestMoves(discord.Platform, ch, user, prefix, discord.MaxChoices)
		}))
		if err != nil {
			log.Error("starting Discord", "err", err)
			return 1
		}
		router.AddSender(ctx, discord.Platform, count(discord.Platform, dc))
		started, names = append(started, dc), append(names, discord.Platform)
	}
	log.Info("serving", "platforms", names)

	// One platform failing stops the others: a half-running bot would keep
	// games whose players can no longer reach it.
	stopping, cancel := context.WithCancel(ctx)
	defer cancel()
	// The platforms stop after the router's graceful stop, so that what it
	// says then (an analysis cut short) is still delivered.
	running, stopPlatforms := context.WithCancel(context.WithoutCancel(ctx))
	defer stopPlatforms()
	go func() {
		<-stopping.Done()
		stopRouter(router, log)
		stopPlatforms()
	}()
	errs := make(chan error, len(started))
	for i, p := range started {
		go func() {
			err := p.Run(running)
			if err != nil {
				err = fmt.Errorf("%s: %w", names[i], err)
			}
			errs <- err
			cancel()
		}()
	}
	code := 0
	for range started {
		if err := <-errs; err != nil && !errors.Is(err, context.Canceled) {
			log.Error("platform stopped", "err", err)
			code = 1
		}
	}
	return code
}

// stopGrace bounds the router's graceful stop: the replies it waits for
// (an analysis's askers told it stopped) that are not out by then stay in
// the outbox for the next start.
const stopGrace = 5 * time.Second

// stopRouter begins the router's graceful stop (Router.Stop) while its
// senders still send.
func stopRouter(router *chatrouter.Router, log *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.Background(), stopGrace)
	defer cancel()
	if err := router.Stop(ctx); err != nil {
		log.Warn("stopping: replies not delivered yet are kept for the next start", "err", err)
	}
}

// consoleYou is the name the console's own user goes by, whom replies
// address in the second person ("You resigned"); none off the console.
func consoleYou(consoleMode bool) string {
	if consoleMode {
		return console.DefaultUser
	}
	return ""
}

// runConsole talks to the bot in the terminal (or through a pipe).
func runConsole(ctx context.Context, router *chatrouter.Router, cfg config, stdin io.Reader, stdout io.Writer, log *slog.Logger,
	count func(string, chat.Sender) chat.Sender) int {
	con := console.New(console.Config{
		In:          stdin,
		Out:         stdout,
		Boards:      cfg.Boards,
		Interactive: isTerminal(stdin),
	})
	router.AddSender(ctx, console.Platform, count(console.Platform, con))
	err := con.Run(ctx, router, router.Wait)
	stopRouter(router, log) // the console still prints
	if err != nil && !errors.Is(err, context.Canceled) {
		log.Error("console", "err", err)
		return 1
	}
	return 0
}

// isTerminal reports whether r is a character device (a terminal) rather
// than a pipe or a file.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// openStore opens the store OYUNBOT_DB names: a PostgreSQL server for a
// postgres:// or postgresql:// URL, else a SQLite file (created, with its
// folder, if missing), locked for this process alone (lockDB). Other URLs
// are refused: a server's URL would be taken for a file path, and its
// password would become a folder's name. closeStore closes it (and
// releases the file). On failure it logs why and returns the exit code.
// The URL's password is never logged.
func openStore(ctx context.Context, db string, log *slog.Logger) (st *store.SQLStore, closeStore func(), code int) {
	if store.IsPostgresURL(db) {
		pg, err := store.OpenPostgres(ctx, db)
		if err != nil {
			// The URL as configured: the handler redacts its password (the
			// store's own errors show it as xxxxx).
			log.Error("opening the database (OYUNBOT_DB)", "db", db, "err", err)
			return nil, nil, 1
		}
		return pg, func() { pg.Close() }, 0
	}
	if strings.Contains(db, "://") {
		log.Error("OYUNBOT_DB: set the path of a SQLite file or a postgres:// URL; other database servers are not supported",
			"db", store.RedactURL(db))
		return nil, nil, 2
	}
	if dir := filepath.Dir(db); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			log.Error("creating the database folder", "err", err)
			return nil, nil, 1
		}
	}
	unlock, err := lockDB(db, log)
	if err != nil {
		log.Error("the database is in use", "err", err)
		return nil, nil, 1
	}
	lite, err := store.OpenSQLite(ctx, db)
	if err != nil {
		unlock()
		log.Error("opening the database", "path", db, "err", err)
		return nil, nil, 1
	}
	return lite, func() { lite.Close(); unlock() }, 0
}
