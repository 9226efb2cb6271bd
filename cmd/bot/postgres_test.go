package main

// postgres_test.go: OYUNBOT_DB as a PostgreSQL URL: the bot plays on it,
// and no failure to open it logs the password.

import (
	"bytes"
	"context"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"oyunbot/store/pgtest"
)

// TestDatabaseURLPasswordNeverLogged: opening a PostgreSQL URL that fails
// (nothing listening, an unparsable URL, a wrong password against a real
// server) or an unsupported scheme fails the start, and what the bot
// printed shows no password, as written or decoded.
func TestDatabaseURLPasswordNeverLogged(t *testing.T) {
	const secret = "pw-S3cret%2Fx"
	decoded, _ := url.PathUnescape(secret)
	cases := []struct {
		name, db string
		code     int
	}{
		{"nothing listening", "postgres://oyun:" + secret + "@127.0.0.1:1/oyunbot?connect_timeout=5", 1},
		{"postgresql scheme", "postgresql://oyun:" + secret + "@127.0.0.1:1/oyunbot?connect_timeout=5", 1},
		{"unparsable", "postgres://oyun:" + secret + "@127.0.0.1:port/oyunbot", 1},
		{"password parameter", "postgres://127.0.0.1:1/oyunbot?user=oyun&password=" + secret + "&connect_timeout=5", 1},
		{"unsupported scheme", "mysql://oyun:" + secret + "@127.0.0.1:1/oyunbot", 2},
	}
	if base := os.Getenv("OYUNBOT_TEST_POSTGRES"); base != "" {
		u, err := url.Parse(base)
		if err != nil {
			t.Fatal(err)
		}
		u.User = url.UserPassword(u.User.Username(), decoded)
		cases = append(cases, struct {
			name, db string
			code     int
		}{"wrong password", u.String(), 1})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			botEnv(t)
			t.Setenv("OYUNBOT_DB", tc.db)
			t.Setenv("OYUNBOT_LOG_LEVEL", "debug")
			var out, errOut bytes.Buffer
			code := run([]string{"-env", ""}, strings.NewReader("play ttt\n"), &out, &errOut)
			all := out.String() + errOut.String()
			if code != tc.code {
				t.Fatalf("exit %d, want %d:\n%s", code, tc.code, all)
			}
			for _, s := range []string{secret, decoded} {
				if strings.Contains(all, s) {
					t.Fatalf("the password %q is in the output:\n%s", s, all)
				}
			}
			if !strings.Contains(all, "database") {
				t.Fatalf("no word of the database in the output:\n%s", all)
			}
		})
	}
}

// TestPipedGameOnPostgres plays a game in the console with the store on
// PostgreSQL (OYUNBOT_TEST_POSTGRES, in a new schema), twice: the second
// run finds the first run's finished game.
func TestPipedGameOnPostgres(t *testing.T) {
	dbURL := pgtest.Schema(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dbURL) // its search_path: the test's schema
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)

	botEnv(t)
	t.Setenv("OYUNBOT_DB", dbURL)
	out := runPiped(t, "play ttt x\nb2\nresign yes\n") // a resignation asks to be confirmed
	if !strings.Contains(out, "#g1 ") {
		t.Fatalf("no game #g1:\n%s", out)
	}
	var n int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM games WHERE over = 1`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("finished games in the database: %d, %v; want 1", n, err)
	}
	out = runPiped(t, "play ttt x\n")
	if !strings.Contains(out, "#g2 ") {
		t.Fatalf("the second run did not go on from the first's ids:\n%s", out)
	}
}

// TestCheckDBOnPostgres: checkdb opens a PostgreSQL URL as the bot does,
// and neither its report nor its errors show the password.
func TestCheckDBOnPostgres(t *testing.T) {
	const secret = "ck-S3cret"
	var out, errOut bytes.Buffer
	code := runCheckDB([]string{"-env", "", "-db", "postgres://oyun:" + secret + "@127.0.0.1:1/oyunbot?connect_timeout=5"},
		nil, &out, &errOut)
	if code != 1 || strings.Contains(out.String()+errOut.String(), secret) {
		t.Fatalf("unreachable server: exit %d, want 1, and no password:\n%s%s", code, out.String(), errOut.String())
	}
	if !pgtest.Available() {
		return
	}
	dbURL := pgtest.Schema(t)
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	pw, _ := u.User.Password()
	out.Reset()
	errOut.Reset()
	if code := runCheckDB([]string{"-env", "", "-db", dbURL}, nil, &out, &errOut); code != 0 ||
		!strings.Contains(out.String(), ": 0 unreadable rows") || (pw != "" && strings.Contains(out.String()+errOut.String(), pw)) {
		t.Fatalf("checkdb of an empty schema: exit %d, want 0 and no password:\n%s%s", code, out.String(), errOut.String())
	}
}
