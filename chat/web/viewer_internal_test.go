package web

import (
	"context"
	"errors"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"testing"

	"oyunbot/sessions"
	"oyunbot/store"
)

// oneGame is Games holding game 7, between Ayşe (telegram/42) and Bora
// (telegram/43).
type oneGame struct{}

func (oneGame) Get(id int64) (sessions.Snapshot, error) {
	if id != 7 {
		return sessions.Snapshot{}, errors.New("no such game")
	}
	s := sessions.Snapshot{ID: 7, Platform: "telegram"}
	s.Players[0], s.Players[1] = sessions.Player{ID: "42", Name: "Ayşe"}, sessions.Player{ID: "43", Name: "Bora"}
	return s, nil
}

func (oneGame) Finished(context.Context, int64) (sessions.Snapshot, bool) {
	return sessions.Snapshot{}, false
}

// TestStreamViewerProof: an event stream is a player's, and gets their
// private answers (a hint, an analysis), only with the proof made from
// their own login token; a forged, missing, borrowed or logged-out proof,
// or a person not in the game, makes it a spectator's.
func TestStreamViewerProof(t *testing.T) {
	ctx := context.Background()
	st, err := store.OpenSQLite(ctx, filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s := &Server{cfg: Config{Store: st, Games: oneGame{}}}
	proof := func(ref string) string {
		tok, err := st.WebToken(ctx, sessions.LinkLogin, ref)
		if err != nil {
			t.Fatal(err)
		}
		return streamProof(tok)
	}
	ayse, bora, cem := proof("telegram/42"), proof("telegram/43"), proof("telegram/44")
	viewer := func(me string) string {
		return s.viewer(httptest.NewRequest("GET", "/g/7/events?me="+url.QueryEscape(me), nil), 7)
	}
	if got := viewer("telegram/42~" + ayse); got != "telegram/42" {
		t.Errorf("Ayşe with her proof: %q, want her", got)
	}
	for what, me := range map[string]string{
		"a forged proof":            "telegram/42~" + ayse[:len(ayse)-1] + "0",
		"Bora's proof, Ayşe's name": "telegram/42~" + bora,
		"no proof":                  "telegram/42~",
		"no proof at all":           "telegram/42",
		"another platform":          "discord/42~" + ayse,
		"someone not playing":       "telegram/44~" + cem,
		"the proof in the name":     "telegram/42~" + ayse + "~",
	} {
		if got := viewer(me); got != "" {
			t.Errorf("%s (me=%s): %q, want a spectator", what, me, got)
		}
	}
	// web logout renews the login token: the old proof names no one.
	if _, err := st.RenewWebToken(ctx, sessions.LinkLogin, "telegram/42"); err != nil {
		t.Fatal(err)
	}
	if got := viewer("telegram/42~" + ayse); got != "" {
		t.Errorf("Ayşe's proof after her logout: %q, want a spectator", got)
	}
	if got := viewer("telegram/42~" + proof("telegram/42")); got != "telegram/42" {
		t.Errorf("Ayşe with her new proof: %q, want her", got)
	}
}
