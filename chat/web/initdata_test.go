package web_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"oyunbot/chat/web"
)

const miniAppToken = "123456:TEST-TOKEN"

// signInitData signs fields as Telegram does (core.telegram.org/bots/webapps,
// "Validating data received via the Mini App"), written out here apart from
// the code under test.
func signInitData(fields map[string]string, token string) string {
	var keys []string
	for k := range fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var check []string
	for _, k := range keys {
		check = append(check, k+"="+fields[k])
	}
	key := hmac.New(sha256.New, []byte("WebAppData"))
	key.Write([]byte(token))
	mac := hmac.New(sha256.New, key.Sum(nil))
	mac.Write([]byte(strings.Join(check, "\n")))
	v := url.Values{}
	for k, val := range fields {
		v.Set(k, val)
	}
	v.Set("hash", hex.EncodeToString(mac.Sum(nil)))
	return v.Encode()
}

func TestVerifyInitData(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	fields := func(at time.Time) map[string]string {
		return map[string]string{
			"query_id":  "AAHdF6IQAAAAAN0XohDhrOrc",
			"user":      `{"id":42,"first_name":"Ayşe","last_name":"Yılmaz","username":"ayse_y","language_code":"tr"}`,
			"auth_date": strconv.FormatInt(at.Unix(), 10),
		}
	}
	u, err := web.VerifyInitData(signInitData(fields(now.Add(-time.Hour)), miniAppToken), miniAppToken, now, web.DefaultInitDataMaxAge)
	if err != nil || u.ID != 42 || u.Name() != "Ayşe Yılmaz" || u.LanguageCode != "tr" {
		t.Fatalf("genuine initData: %+v, %v", u, err)
	}
	altered := fields(now.Add(-time.Hour))
	signed := signInitData(altered, miniAppToken)
	forgedUser := strings.Replace(signed, "42", "43", 1) // another user, the same hash
	for _, tc := range []struct {
		name, data string
		want       error
	}{
		{"another user", forgedUser, web.ErrInitDataForged},
		{"another bot's", signInitData(fields(now), "999:OTHER"), web.ErrInitDataForged},
		{"stale", signInitData(fields(now.Add(-25*time.Hour)), miniAppToken), web.ErrInitDataStale},
		{"from the future", signInitData(fields(now.Add(time.Hour)), miniAppToken), web.ErrInitDataStale},
		{"no hash", "auth_date=1&user=%7B%7D", web.ErrInitDataBad},
		{"hash twice", signed + "&hash=00", web.ErrInitDataBad},
		{"garbage", "%zz", web.ErrInitDataBad},
		{"no user", signInitData(map[string]string{"auth_date": strconv.FormatInt(now.Unix(), 10)}, miniAppToken), web.ErrInitDataBad},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := web.VerifyInitData(tc.data, miniAppToken, now, web.DefaultInitDataMaxAge); !errors.Is(err, tc.want) {
				t.Errorf("err %v, want %v", err, tc.want)
			}
		})
	}
}

// FuzzVerifyInitData: whatever comes, an error or a user, never a panic;
// and nothing but a signed initData names a user.
func FuzzVerifyInitData(f *testing.F) {
	now := time.Unix(1_800_000_000, 0)
	f.Add(signInitData(map[string]string{"user": `{"id":1}`, "auth_date": strconv.FormatInt(now.Unix(), 10)}, miniAppToken))
	f.Add("hash=abc&user=%7B%22id%22%3A1%7D&auth_date=1800000000")
	f.Add("")
	f.Fuzz(func(t *testing.T, data string) {
		u, err := web.VerifyInitData(data, miniAppToken, now, web.DefaultInitDataMaxAge)
		if err == nil && u.ID == 0 {
			t.Fatalf("accepted %q without a user", data)
		}
	})
}
