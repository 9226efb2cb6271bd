//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package filelock

import (
	"errors"
	"os"
)

// lock is not implemented here: flock(2) is the systems' above.
func lock(*os.File) error { return errors.ErrUnsupported }
