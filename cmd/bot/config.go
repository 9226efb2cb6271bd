package main

// config.go reads the bot's settings from the environment and from a .env
// file (the environment wins). .env.example lists every variable.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/delivery"
	"oyunbot/sessions"
	"oyunbot/store"
)

// config is the bot's settings.
type config struct {
	DB             string        // OYUNBOT_DB: SQLite file, or postgres:// URL
	Boards         string        // OYUNBOT_BOARDS: console's PNG folder
	Lang           chat.Lang     // OYUNBOT_LANG: default reply language
	Workers        int           // OYUNBOT_WORKERS: concurrent engine searches
	IdleForfeit    time.Duration // OYUNBOT_IDLE_FORFEIT: 0 disables (negative here)
	ThinkingNotice time.Duration // OYUNBOT_THINKING_NOTICE
	// ReplyStaleAfter (OYUNBOT_REPLY_STALE_AFTER): how long an undelivered
	// reply is retried before it is given up as stale.
	ReplyStaleAfter time.Duration
	BotName         string     // OYUNBOT_NAME
	LogLevel        slog.Level // OYUNBOT_LOG_LEVEL: debug, info, warn, error
	// Shared (OYUNBOT_SHARED: on, off; default on with a postgres:// DB):
	// other bot processes use the same database (sessions.Config.Shared).
	Shared bool
	// Memory (limits.go): GOMEMLIMIT as set ("" for the default), the
	// slow commands' workers (OYUNBOT_SLOW_WORKERS) and the bytes their
	// searches share (OYUNBOT_SEARCH_MEMORY).
	MemLimit     string
	SlowWorkers  int
	SearchMemory int64

	TelegramToken         string // TELEGRAM_TOKEN
	TelegramAPIEndpoint   string // TELEGRAM_API_ENDPOINT
	TelegramWebhookURL    string // TELEGRAM_WEBHOOK_URL
	TelegramListen        string // TELEGRAM_LISTEN
	TelegramWebhookSecret string // TELEGRAM_WEBHOOK_SECRET

	DiscordToken      string // DISCORD_TOKEN
	DiscordAPIBase    string // DISCORD_API_BASE
	DiscordPrefix     string // DISCORD_PREFIX
	DiscordShardID    int    // DISCORD_SHARD_ID
	DiscordShardCount int    // DISCORD_SHARD_COUNT

	WebAddr   string // OYUNBOT_WEB_ADDR: the web pages' listen address, off when empty
	PublicURL string // OYUNBOT_PUBLIC_URL: the base of the links posted in chat
	WebProxy  bool   // OYUNBOT_WEB_PROXY: on behind a reverse proxy (X-Forwarded-For)
}

// Defaults of the settings.
const (
	defaultDB          = "./oyunbot.db"
	defaultBoards      = "./boards"
	defaultIdleForfeit = 24 * time.Hour
	defaultWorkers     = 2
	defaultPrefix      = "!"
)

// lookupFunc finds a variable (os.LookupEnv).
type lookupFunc func(key string) (string, bool)

// loadConfig reads the settings: env first, then the .env file at dotenv
// (missing is fine), then the defaults.
func loadConfig(env lookupFunc, dotenv string) (config, error) {
	file := map[string]string{}
	if dotenv != "" {
		f, err := os.Open(dotenv)
		switch {
		case err == nil:
			file, err = parseDotEnv(f)
			f.Close()
			if err != nil {
				return config{}, fmt.Errorf("%s: %w", dotenv, err)
			}
		case !errors.Is(err, os.ErrNotExist):
			return config{}, err
		}
	}
	get := func(key, def string) string {
		if v, ok := env(key); ok {
			return strings.TrimSpace(v)
		}
		if v, ok := file[key]; ok {
			return v
		}
		return def
	}
	var errs []error
	intVar := func(key string, def int) int {
		s := get(key, "")
		if s == "" {
			return def
		}
		n, err := strconv.Atoi(s)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s=%q: not a number", key, s))
			return def
		}
		return n
	}
	durVar := func(key string, def time.Duration) time.Duration {
		s := get(key, "")
		if s == "" {
			return def
		}
		if s == "0" {
			return 0
		}
		d, err := time.ParseDuration(s)
		if err != nil || d < 0 {
			errs = append(errs, fmt.Errorf("%s=%q: want a duration like 24h or 90m", key, s))
			return def
		}
		return d
	}
	c := config{
		DB:                    get("OYUNBOT_DB", defaultDB),
		Boards:                get("OYUNBOT_BOARDS", defaultBoards),
		Workers:               intVar("OYUNBOT_WORKERS", defaultWorkers),
		IdleForfeit:           durVar("OYUNBOT_IDLE_FORFEIT", defaultIdleForfeit),
		ThinkingNotice:        durVar("OYUNBOT_THINKING_NOTICE", 0),
		ReplyStaleAfter:       durVar("OYUNBOT_REPLY_STALE_AFTER", delivery.DefaultStaleAfter),
		BotName:               get("OYUNBOT_NAME", "oyunbot"),
		TelegramToken:         get("TELEGRAM_TOKEN", ""),
		TelegramAPIEndpoint:   get("TELEGRAM_API_ENDPOINT", ""),
		TelegramWebhookURL:    get("TELEGRAM_WEBHOOK_URL", ""),
		TelegramListen:        get("TELEGRAM_LISTEN", ""),
		TelegramWebhookSecret: get("TELEGRAM_WEBHOOK_SECRET", ""),
		DiscordToken:          get("DISCORD_TOKEN", ""),
		DiscordAPIBase:        get("DISCORD_API_BASE", ""),
		DiscordPrefix:         get("DISCORD_PREFIX", defaultPrefix),
		DiscordShardID:        intVar("DISCORD_SHARD_ID", 0),
		DiscordShardCount:     intVar("DISCORD_SHARD_COUNT", 1),
		WebAddr:               get("OYUNBOT_WEB_ADDR", ""),
		PublicURL:             get("OYUNBOT_PUBLIC_URL", ""),
	}
	switch v := strings.ToLower(get("OYUNBOT_SHARED", "")); v {
	case "":
		c.Shared = store.IsPostgresURL(c.DB)
	case "on", "true", "1", "yes":
		c.Shared = true
	case "off", "false", "0", "no":
	default:
		errs = append(errs, fmt.Errorf("OYUNBOT_SHARED=%q: want on or off", v))
	}
	switch v := strings.ToLower(get("OYUNBOT_WEB_PROXY", "")); v {
	case "", "off":
	case "on":
		c.WebProxy = true
	default:
		errs = append(errs, fmt.Errorf("OYUNBOT_WEB_PROXY=%q: want on or off", v))
	}
	if c.Shared && c.TelegramWebhookURL != "" && c.TelegramWebhookSecret == "" {
		// Each process would register a random secret of its own, and the
		// last to start would lock the others out.
		errs = append(errs, errors.New("TELEGRAM_WEBHOOK_SECRET: set one secret for every process when several serve the webhook (OYUNBOT_SHARED)"))
	}
	if c.IdleForfeit == 0 {
		c.IdleForfeit = -1 // sessions: negative disables
	}
	c.MemLimit = get("GOMEMLIMIT", "")
	if _, _, err := memLimitFor(c.MemLimit, func(string) ([]byte, error) { return nil, os.ErrNotExist }); err != nil {
		errs = append(errs, err)
	}
	if c.SlowWorkers = intVar("OYUNBOT_SLOW_WORKERS", sessions.DefaultSlowWorkers); c.SlowWorkers < 1 {
		errs = append(errs, fmt.Errorf("OYUNBOT_SLOW_WORKERS=%d: want at least 1", c.SlowWorkers))
	}
	if s := get("OYUNBOT_SEARCH_MEMORY", ""); s != "" {
		n, err := parseBytes(s)
		if err != nil || n < 1<<20 {
			errs = append(errs, fmt.Errorf("OYUNBOT_SEARCH_MEMORY=%q: want a size of at least 1MiB, like 128MiB", s))
		}
		c.SearchMemory = n
	}
	if c.Workers < 1 {
		errs = append(errs, fmt.Errorf("OYUNBOT_WORKERS=%d: want at least 1", c.Workers))
	}
	if c.DiscordShardCount < 1 || c.DiscordShardID < 0 || c.DiscordShardID >= c.DiscordShardCount {
		errs = append(errs, fmt.Errorf("DISCORD_SHARD_ID=%d DISCORD_SHARD_COUNT=%d: want 0 <= id < count", c.DiscordShardID, c.DiscordShardCount))
	}
	lang, ok := chat.ParseLang(get("OYUNBOT_LANG", "tr"))
	if !ok {
		errs = append(errs, fmt.Errorf("OYUNBOT_LANG=%q: want tr or en", get("OYUNBOT_LANG", "")))
	}
	c.Lang = lang
	if err := c.LogLevel.UnmarshalText([]byte(get("OYUNBOT_LOG_LEVEL", "info"))); err != nil {
		errs = append(errs, fmt.Errorf("OYUNBOT_LOG_LEVEL: %w", err))
	}
	return c, errors.Join(errs...)
}

// parseDotEnv reads KEY=VALUE lines. Blank lines and lines starting with #
// are skipped; "export " before a key is allowed; a value may be quoted with
// ' or " (inside "…", \n \" \\ are escapes); an unquoted value ends at " #".
func parseDotEnv(r io.Reader) (map[string]string, error) {
	out := map[string]string{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		line = strings.TrimPrefix(line, "export ")
		key, val, ok := strings.Cut(line, "=")
		key = strings.TrimSpace(key)
		if !ok || !validKey(key) {
			return nil, fmt.Errorf("line %d: want KEY=VALUE", n)
		}
		val = strings.TrimSpace(val)
		switch {
		case len(val) >= 2 && val[0] == '"' && strings.HasSuffix(val, `"`):
			s, err := strconv.Unquote(val)
			if err != nil {
				return nil, fmt.Errorf("line %d: bad quoted value", n)
			}
			val = s
		case len(val) >= 2 && val[0] == '\'' && strings.HasSuffix(val, "'"):
			val = val[1 : len(val)-1]
		case strings.HasPrefix(val, `"`) || strings.HasPrefix(val, "'"):
			return nil, fmt.Errorf("line %d: unterminated quote", n)
		default:
			if i := strings.Index(val, " #"); i >= 0 {
				val = strings.TrimSpace(val[:i])
			}
		}
		out[key] = val
	}
	return out, sc.Err()
}

func validKey(k string) bool {
	if k == "" {
		return false
	}
	for i, r := range k {
		if r != '_' && !(r >= 'A' && r <= 'Z') && !(r >= 'a' && r <= 'z') && !(i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
