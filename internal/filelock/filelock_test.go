package filelock_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"oyunbot/internal/filelock"
)

// TestTryLock: a second lock on the file is refused, naming the file and
// the holder's process id (ours: flock's locks belong to open file
// descriptions, so two in one process conflict as two processes' do);
// once the first is released the file can be locked again.
func TestTryLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.db.lock")
	first, err := filelock.TryLock(path)
	if errors.Is(err, errors.ErrUnsupported) {
		t.Skip("no flock here")
	}
	if err != nil {
		t.Fatal(err)
	}
	second, err := filelock.TryLock(path)
	var held *filelock.HeldError
	if !errors.As(err, &held) || !errors.Is(err, filelock.ErrHeld) || held.Path != path || held.PID != os.Getpid() {
		second.Unlock()
		t.Fatalf("second lock: %v (%#v), want held by %d", err, held, os.Getpid())
	}
	if err := first.Unlock(); err != nil {
		t.Fatal(err)
	}
	if err := first.Unlock(); err != nil {
		t.Fatalf("a second Unlock: %v", err)
	}
	third, err := filelock.TryLock(path)
	if err != nil {
		t.Fatalf("after the release: %v", err)
	}
	third.Unlock()
	if _, err := os.Stat(path); err != nil {
		t.Errorf("the lock file is gone: %v", err)
	}
}

// TestTryLockNoFolder: a lock beside a file in a missing folder fails
// with the path, not a panic.
func TestTryLockNoFolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "missing", "bot.db.lock")
	if l, err := filelock.TryLock(path); err == nil || errors.Is(err, filelock.ErrHeld) {
		l.Unlock()
		t.Fatalf("TryLock in a missing folder: %v", err)
	}
}
