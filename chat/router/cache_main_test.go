package router_test

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMain keeps the tables games build at first use (tavla's bear-off
// database, when a test plays backgammon) in one folder under the
// temporary folder, as the games' own tests do, unless OYUNBOT_CACHE_DIR
// says where: a test run never writes to the user's cache folder.
func TestMain(m *testing.M) {
	if os.Getenv("OYUNBOT_CACHE_DIR") == "" {
		os.Setenv("OYUNBOT_CACHE_DIR", filepath.Join(os.TempDir(), "oyunbot-test-cache"))
	}
	os.Exit(m.Run())
}
