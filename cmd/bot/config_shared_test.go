package main

import "testing"

// TestSharedSetting: OYUNBOT_SHARED follows the database unless set; a
// value that is neither on nor off is an error.
func TestSharedSetting(t *testing.T) {
	for _, tc := range []struct {
		db, shared string
		want       bool
		bad        bool
	}{
		{"./oyunbot.db", "", false, false},
		{"postgres://u:p@db:5432/oyunbot", "", true, false},
		{"PostgreSQL://u:p@db/oyunbot", "", true, false},
		{"postgres://u:p@db/oyunbot", "off", false, false},
		{"./oyunbot.db", "on", true, false},
		{"./oyunbot.db", "TRUE", true, false},
		{"./oyunbot.db", "maybe", false, true},
	} {
		env := map[string]string{"OYUNBOT_DB": tc.db, "OYUNBOT_SHARED": tc.shared}
		c, err := loadConfig(func(k string) (string, bool) { v, ok := env[k]; return v, ok }, "")
		if (err != nil) != tc.bad {
			t.Errorf("DB %q, OYUNBOT_SHARED=%q: err = %v, want error %v", tc.db, tc.shared, err, tc.bad)
			continue
		}
		if !tc.bad && c.Shared != tc.want {
			t.Errorf("DB %q, OYUNBOT_SHARED=%q: Shared = %v, want %v", tc.db, tc.shared, c.Shared, tc.want)
		}
	}
}
