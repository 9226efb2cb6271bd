package web

// initdata.go verifies a Telegram Mini App's initData (issue 37): the page
// opened from a game's web_app button inside Telegram sends what Telegram
// gave it, and the server checks that Telegram signed it for this bot, as
// Telegram specifies: the data-check string is every field but hash,
// "key=value" sorted by key and joined by "\n"; the secret key is
// HMAC-SHA256 of the bot's token keyed with "WebAppData"; hash is the hex
// HMAC-SHA256 of the data-check string under that key. auth_date must be
// fresh, so that a copied initData does not sign in for ever.

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// DefaultInitDataMaxAge is how old a Mini App's initData may be.
const DefaultInitDataMaxAge = 24 * time.Hour

// Errors of VerifyInitData.
var (
	ErrInitDataForged = errors.New("web: initData not signed by Telegram for this bot")
	ErrInitDataStale  = errors.New("web: initData too old")
	ErrInitDataBad    = errors.New("web: initData malformed")
)

// WebAppUser is the Telegram user a Mini App's initData names.
type WebAppUser struct {
	ID           int64  `json:"id"`
	FirstName    string `json:"first_name"`
	LastName     string `json:"last_name,omitempty"`
	Username     string `json:"username,omitempty"`
	LanguageCode string `json:"language_code,omitempty"`
}

// Name is how the user is shown: first and last name, else the username.
func (u WebAppUser) Name() string {
	if n := strings.TrimSpace(u.FirstName + " " + u.LastName); n != "" {
		return n
	}
	return u.Username
}

// VerifyInitData checks initData (the query string Telegram.WebApp.initData)
// against the bot's token and returns its user: an error wrapping
// ErrInitDataForged when the hash does not match (another bot's, altered),
// ErrInitDataStale when auth_date is older than maxAge at now (or in the
// future beyond a minute's clock skew), ErrInitDataBad when it cannot be read.
func VerifyInitData(initData, botToken string, now time.Time, maxAge time.Duration) (WebAppUser, error) {
	vals, err := url.ParseQuery(initData)
	if err != nil || botToken == "" {
		return WebAppUser{}, fmt.Errorf("%w: %v", ErrInitDataBad, err)
	}
	got := vals.Get("hash")
	if got == "" || len(vals["hash"]) != 1 {
		return WebAppUser{}, fmt.Errorf("%w: no hash", ErrInitDataBad)
	}
	keys := make([]string, 0, len(vals))
	for k, v := range vals {
		if len(v) != 1 {
			return WebAppUser{}, fmt.Errorf("%w: %s given twice", ErrInitDataBad, k)
		}
		if k != "hash" {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	lines := make([]string, len(keys))
	for i, k := range keys {
		lines[i] = k + "=" + vals.Get(k)
	}
	want := initDataHash(strings.Join(lines, "\n"), botToken)
	gotRaw, err := hex.DecodeString(got)
	if err != nil || !hmac.Equal(gotRaw, want) {
		return WebAppUser{}, ErrInitDataForged
	}
	sec, err := strconv.ParseInt(vals.Get("auth_date"), 10, 64)
	if err != nil {
		return WebAppUser{}, fmt.Errorf("%w: auth_date", ErrInitDataBad)
	}
	if at := time.Unix(sec, 0); now.Sub(at) > maxAge || at.Sub(now) > time.Minute {
		return WebAppUser{}, fmt.Errorf("%w: signed %s", ErrInitDataStale, at.UTC().Format(time.RFC3339))
	}
	var u WebAppUser
	if err := json.Unmarshal([]byte(vals.Get("user")), &u); err != nil || u.ID == 0 {
		return WebAppUser{}, fmt.Errorf("%w: user", ErrInitDataBad)
	}
	return u, nil
}

// initDataHash is the signature of a data-check string for botToken.
func initDataHash(dataCheck, botToken string) []byte {
	secret := hmac.New(sha256.New, []byte("WebAppData"))
	secret.Write([]byte(botToken))
	mac := hmac.New(sha256.New, secret.Sum(nil))
	mac.Write([]byte(dataCheck))
	return mac.Sum(nil)
}
