package games

// cache.go is where games keep what they build once and reuse between
// runs (the 15-puzzle's pattern databases, the draughts endgame
// databases): one folder, chosen by OYUNBOT_CACHE_DIR.

import (
	"errors"
	"os"
	"path/filepath"
)

// CacheDir is the cache folder: $OYUNBOT_CACHE_DIR, or the user's cache
// folder's "oyunbot" (os.UserCacheDir), or the temporary folder's
// "oyunbot-cache" when there is none.
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
// it, so that a reader never sees half a file.
func WriteFileAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
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
