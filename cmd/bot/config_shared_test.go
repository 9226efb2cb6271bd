package main

import "testing"

// TestSharedSetting: OYUNBOT_SHARED follows the database unless set; a
// value that is neither on nor off is an error, and so is a shared webhook
// without TELEGRAM_WEBHOOK_SECRET.
func TestSharedSetting(t *testing.T) {
	for _, tc := range []struct {
		db, shared string
		webhook    bool
		secret     string
		want       bool
		bad        bool
	}{
		{"./oyunbot.db", "", false, "", false, false},
		{"postgres://u:p@db:5432/oyunbot", "", false, "", true, false},
		{"PostgreSQL://u:p@db/oyunbot", "", false, "", true, false},
		{"postgres://u:p@db/oyunbot", "off", false, "", false, false},
		{"./oyunbot.db", "on", false, "", true, false},
		{"./oyunbot.db", "TRUE", false, "", true, false},
		{"./oyunbot.db", "maybe", false, "", false, true},
		// Several processes behind one webhook need one secret.
		{"postgres://u:p@db/oyunbot", "", true, "", false, true},
		{"postgres://u:p@db/oyunbot", "", true, "s3cret", true, false},
		{"./oyunbot.db", "", true, "", false, false},
	} {
		env := map[string]string{"OYUNBOT_DB": tc.db, "OYUNBOT_SHARED": tc.shared}
		if tc.webhook {
			env["TELEGRAM_WEBHOOK_URL"] = "https://bot.example/hook"
		}
		if tc.secret != "" {
			env["TELEGRAM_WEBHOOK_SECRET"] = tc.secret
		}
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
