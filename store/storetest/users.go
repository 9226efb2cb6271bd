package storetest

import (
	"errors"
	"testing"

	"oyunbot/sessions"
)

var userTests = []test{
	{"RememberAndFind", testRememberUser},
}

// testRememberUser: a remembered user is found by platform and name, byte
// for byte; a name remembered again names its new holder; other platforms
// and names are apart.
func testRememberUser(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	find := func(what, platform, name string, want sessions.UserRecord, wantErr error) {
		t.Helper()
		got, err := s.UserByName(ctx, platform, name)
		if !errors.Is(err, wantErr) {
			t.Fatalf("%s: UserByName(%s, %s) error %v, want %v", what, platform, name, err, wantErr)
		}
		same(t, what, got, want)
	}
	remember := func(u sessions.UserRecord) {
		t.Helper()
		if err := s.RememberUser(ctx, u); err != nil {
			t.Fatalf("RememberUser(%+v): %v", u, err)
		}
	}
	find("an empty directory", "telegram", "ali", sessions.UserRecord{}, sessions.ErrNotFound)
	ali := sessions.UserRecord{Platform: "telegram", Name: "ali", ID: "42", Display: "Ali Yılmaz"}
	complete(t, &ali)
	remember(ali)
	find("remembered", "telegram", "ali", ali, nil)
	find("in other case", "telegram", "Ali", sessions.UserRecord{}, sessions.ErrNotFound)
	find("on another platform", "discord", "ali", sessions.UserRecord{}, sessions.ErrNotFound)
	other := sessions.UserRecord{Platform: "discord", Name: "ali", ID: "7", Display: "ali#7"}
	remember(other)
	renamed := sessions.UserRecord{Platform: "telegram", Name: "ali", ID: "43", Display: "Ali Kaya"}
	remember(renamed)
	find("the name's new holder", "telegram", "ali", renamed, nil)
	find("the other platform's", "discord", "ali", other, nil)
}

var languageTests = []test{
	{"RememberAndRead", testRememberLanguage},
}

// testRememberLanguage: a language remembered for a person in a channel,
// or for the channel (who ""), reads back; remembered again it is the new
// one; what was never remembered is ErrNotFound; keys are apart.
func testRememberLanguage(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	read := func(platform, channel, who, want string, wantErr error) {
		t.Helper()
		got, err := s.Language(ctx, platform, channel, who)
		if !errors.Is(err, wantErr) || got != want {
			t.Fatalf("Language(%s, %s, %q) = %q, %v; want %q, %v", platform, channel, who, got, err, want, wantErr)
		}
	}
	read("tg", "c", "u1", "", sessions.ErrNotFound)
	for _, k := range [][4]string{{"tg", "c", "u1", "tr"}, {"tg", "c", "", "en"}, {"dc", "c", "u1", "en"}, {"tg", "c2", "u1", "en"}} {
		if err := s.RememberLanguage(ctx, k[0], k[1], k[2], k[3]); err != nil {
			t.Fatal(err)
		}
	}
	read("tg", "c", "u1", "tr", nil)
	read("tg", "c", "", "en", nil)
	read("dc", "c", "u1", "en", nil)
	if err := s.RememberLanguage(ctx, "tg", "c", "u1", "en"); err != nil {
		t.Fatal(err)
	}
	read("tg", "c", "u1", "en", nil)
	read("tg", "c2", "u2", "", sessions.ErrNotFound)
}
