package tavla

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestMain keeps the bear-off database the tests use in one folder under
// the temporary folder (unless OYUNBOT_CACHE_DIR says where), as the
// 15-puzzle's tests keep their tables, and has it ready before any test
// runs: a search's choices in a bear-off do not depend on when the
// background build ends.
func TestMain(m *testing.M) {
	if os.Getenv("OYUNBOT_CACHE_DIR") == "" {
		os.Setenv("OYUNBOT_CACHE_DIR", filepath.Join(os.TempDir(), "oyunbot-test-cache"))
	}
	if _, err := LoadBearoff(); err != nil {
		fmt.Fprintln(os.Stderr, "bear-off database:", err)
	}
	os.Exit(m.Run())
}
