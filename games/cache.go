package games

// cache.go is where games keep tables they build at first use and read
// back afterwards (the 15-puzzle's pattern databases, tavla's bear-off
// database, the draughts endgame databases): one folder, chosen by
// OYUNBOT_CACHE_DIR, and files written whole or not at all.

import (
	"errors"
	"io"
	"os"
	"path/filepath"
)

// CacheDir is where built tables are kept: $OYUNBOT_CACHE_DIR, or the
// user's cache folder's "oyunbot" (os.UserCacheDir), or the temporary
// folder's "oyunbot-cache" when there is none.
func CacheDir() string {
	if d := os.Getenv("OYUNBOT_CACHE_DIR"); d != "" {
		return d
	}
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "oyunbot")
	}
	return filepath.Join(os.TempDir(), "oyunbot-cache")
}

// WriteFileAtomic writes data to a temporary file beside path and renames
// it, so that a reader never sees half a file (the folder is made when
// missing).
func WriteFileAtomic(path string, data []byte) error {
	return WriteAtomic(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteAtomic is WriteFileAtomic for a file written by write, streaming
// (a table too large to copy into one slice first).
func WriteAtomic(path string, write func(io.Writer) error) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".cache-*")
	if err != nil {
		return err
	}
	werr := write(f)
	cerr := f.Close()
	if werr != nil || cerr != nil {
		os.Remove(f.Name())
		return errors.Join(werr, cerr)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}
