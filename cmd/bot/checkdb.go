package main

// checkdb.go: "bot checkdb" lists the rows of the database that the bot
// cannot read and skips at start-up, for a human to repair. It changes no
// row (opening brings the schema up to date, as the bot would); on a SQLite
// file it takes the bot's lock (dblock.go), so it runs while no bot does.

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"

	"oyunbot/internal/registry"
	"oyunbot/sessions"
	"oyunbot/store"
)

// runCheckDB exits 0 when every row is readable, 1 when some are not (or
// the database cannot be opened), 2 for bad usage.
func runCheckDB(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("checkdb", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "", "database file or postgres:// URL (default: OYUNBOT_DB, as the bot)")
	envFile := fs.String("env", ".env", "file of KEY=VALUE settings (the environment wins)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	path := *db
	if path == "" {
		cfg, err := loadConfig(os.LookupEnv, *envFile)
		if err != nil {
			fmt.Fprintln(stderr, "checkdb: configuration:", err)
			return 2
		}
		path = cfg.DB
	}
	ctx := context.Background()
	var st sessions.Store
	if store.IsPostgresURL(path) {
		pg, err := store.OpenPostgres(ctx, path) // its errors hide the password
		if err != nil {
			fmt.Fprintln(stderr, "checkdb:", err)
			return 1
		}
		st, path = pg, store.RedactURL(path)
	} else {
		// Opening a missing file would create an empty database.
		if _, err := os.Stat(path); err != nil {
			fmt.Fprintln(stderr, "checkdb:", err)
			return 1
		}
		// Opening migrates the schema, a write: checkdb takes the file's
		// lock as the bot does, so that it never changes the schema under
		// a running bot (of another version, perhaps).
		unlock, err := lockDB(path, slog.New(slog.NewTextHandler(stderr, nil)))
		if err != nil {
			fmt.Fprintln(stderr, "checkdb:", err)
			fmt.Fprintln(stderr, "checkdb: stop the bot first, or check a copy of the file (sqlite3 FILE '.backup COPY')")
			return 1
		}
		defer unlock()
		lite, err := store.OpenSQLite(ctx, path)
		if err != nil {
			fmt.Fprintln(stderr, "checkdb:", err)
			return 1
		}
		st = lite
	}
	defer st.Close()
	rows, err := sessions.Unreadable(ctx, st, registry.New())
	if err != nil {
		fmt.Fprintln(stderr, "checkdb:", err)
		return 1
	}
	for _, r := range rows {
		fmt.Fprintln(stdout, r)
	}
	fmt.Fprintf(stdout, "%s: %d unreadable rows\n", path, len(rows))
	if len(rows) > 0 {
		return 1
	}
	return 0
}
