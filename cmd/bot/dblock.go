package main

// dblock.go: one process per SQLite file. Two bots on one file would both
// restore its games and both send their replies (a reminder, a clock's
// notice twice); only PostgreSQL's shared mode runs several processes.

import (
	"errors"
	"fmt"
	"log/slog"

	"oyunbot/internal/filelock"
	"oyunbot/store"
)

// lockSuffix names the lock file beside a SQLite database.
const lockSuffix = ".lock"

// lockDB locks the SQLite file db for this process's life, before the
// store opens it (and migrates it): the lock file is db+".lock", and the
// system releases it when the process exits, a killed one too. A private
// database needs none: in memory, or "" (SQLite's temporary file). Where the system has no file locks it
// logs a warning and goes on unlocked. The error, when another process
// holds the file, says so and what to do.
func lockDB(db string, log *slog.Logger) (unlock func(), err error) {
	if db == store.MemoryDB || db == "" {
		return func() {}, nil
	}
	path := db + lockSuffix
	l, err := filelock.TryLock(path)
	var held *filelock.HeldError
	switch {
	case err == nil:
		return func() { l.Unlock() }, nil
	case errors.As(err, &held):
		who := "another oyunbot process"
		if held.PID > 0 {
			who = fmt.Sprintf("another oyunbot process (pid %d)", held.PID)
		}
		return nil, fmt.Errorf("%s is using the database %s (it holds %s): only one process may use a SQLite file; "+
			"stop the other one first, or run several processes on PostgreSQL (OYUNBOT_DB=postgres://..., the shared mode)",
			who, db, path)
	case errors.Is(err, errors.ErrUnsupported):
		log.Warn("this system has no file locks: make sure that one bot process alone uses the database", "path", db)
		return func() {}, nil
	}
	return nil, fmt.Errorf("locking the database %s: %w (the bot needs to create %s beside it)", db, err, path)
}
