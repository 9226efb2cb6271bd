//go:build unix

package draughts

import (
	"os"
	"syscall"
)

// mapFile maps the file at path into memory read-only: the pages are the
// system's file cache, read as the table is probed and given back under
// memory pressure, outside the Go heap (GOMEMLIMIT does not count them).
func mapFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.Size() == 0 {
		return nil, nil
	}
	return syscall.Mmap(int(f.Fd()), 0, int(fi.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
}

// unmapFile gives back what mapFile mapped.
func unmapFile(data []byte) {
	if len(data) > 0 {
		syscall.Munmap(data) //nolint:errcheck // nothing to do about it
	}
}
