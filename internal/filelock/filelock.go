// Package filelock takes an exclusive lock on a file, one the operating
// system releases when its holder exits however it exits (a crash, a
// SIGKILL): a stopped process never leaves it held, so nothing has to be
// cleaned up before a restart.
//
// The lock is flock(2)'s, which belongs to an open file description: two
// locks taken in one process conflict as two processes' do.
package filelock

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// ErrHeld is the error (within a *HeldError) of a lock that another
// holder has.
var ErrHeld = errors.New("filelock: held by another holder")

// HeldError says which file is locked and, when it wrote it, the
// holder's process id.
type HeldError struct {
	Path string
	PID  int // 0 when unknown
}

func (e *HeldError) Error() string {
	if e.PID > 0 {
		return fmt.Sprintf("%s is locked by process %d", e.Path, e.PID)
	}
	return e.Path + " is locked by another process"
}

func (e *HeldError) Unwrap() error { return ErrHeld }

// Lock is a held lock.
type Lock struct{ f *os.File }

// TryLock creates the file at path if needed and locks it without
// waiting: a *HeldError when another holder has it. The holder's process
// id is written into the file, for the next one's error. Where the
// system has no such lock it returns errors.ErrUnsupported.
func TryLock(path string) (*Lock, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := lock(f); err != nil {
		f.Close()
		if errors.Is(err, ErrHeld) {
			return nil, &HeldError{Path: path, PID: holder(path)}
		}
		return nil, fmt.Errorf("filelock: %s: %w", path, err)
	}
	// Best effort: the lock, not the number, is what counts.
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0) //nolint:errcheck // informative only
	}
	return &Lock{f: f}, nil
}

// Unlock releases the lock. The file stays: removing it would let a
// process that opened it just before lock a file nobody else sees.
func (l *Lock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Close() // closing the descriptor releases the lock
	l.f = nil
	return err
}

// holder reads the process id a holder wrote into path (0 if none).
func holder(path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || pid <= 0 {
		return 0
	}
	return pid
}
