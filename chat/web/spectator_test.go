package web_test

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// newConsoleEnv is newEnv with the console's reader: the display name
// "you" is the person the chat speaks to.
func newConsoleEnv(t *testing.T) *env {
	t.Helper()
	e := &env{t: t, path: filepath.Join(t.TempDir(), "bot.db"), rec: &recorder{}, you: "you"}
	e.start(nil)
	return e
}

// TestPagesSpeakOfThePlayers: a game's page is read by others than its
// players: it speaks of them in the third person ("To move: Console player",
// "Console player's roll: 6-1"), not "Your move", "your roll", even where
// the chat calls its player "you"; a roll waiting for its plies is listed
// as a roll ("Roll: 6-1"), not a move with a dangling colon; a finished
// game's page is marked over, so that it does not say it is live (issue 35
// item 15).
func TestPagesSpeakOfThePlayers(t *testing.T) {
	e := newConsoleEnv(t)
	url := watchURL(t, e.msg("console", "you", "you", "play hapis", true))
	dangling := regexp.MustCompile(`>[^<]*:</button>`)
	for _, tc := range []struct {
		lang      string
		want, not []string
	}{
		{"en", []string{"To move: Console player (white)", "Console player&#39;s roll: ", ">Roll: "}, []string{"Your move", "your roll", ">you<"}},
		{"tr", []string{"Sıra: Konsol oyuncusu (beyaz)", "zar (Konsol oyuncusu): ", ">Zar: "}, []string{"Sıra sende", "zarın", ">you<"}},
	} {
		_, body := get(t, url+"?lang="+tc.lang)
		for _, w := range tc.want {
			if !strings.Contains(body, w) {
				t.Errorf("%s: the page has no %q:\n%s", tc.lang, w, body)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(body, w) {
				t.Errorf("%s: the page says %q to its readers:\n%s", tc.lang, w, body)
			}
		}
		if m := dangling.FindString(body); m != "" {
			t.Errorf("%s: a move ends in a colon: %s", tc.lang, m)
		}
		if strings.Contains(body, `data-over="1"`) {
			t.Errorf("%s: a game in play is marked over", tc.lang)
		}
	}
	// The chat still speaks to its player.
	if rs := e.msg("console", "you", "you", "board", true); !strings.Contains(rs[0].Text, "your roll") && !strings.Contains(rs[0].Text, "Your move") {
		t.Errorf("the chat's board: %q", rs[0].Text)
	}
	e.msg("console", "you", "you", "resign yes", true)
	if _, body := get(t, url+"?lang=en"); !strings.Contains(body, `data-over="1"`) {
		t.Errorf("a finished game's page is not marked over:\n%s", body)
	}
}

// TestTournamentPageNamesTheConsolePlayer: a tournament's page names the
// console's player as a player, not "you" (issue 35 item 15).
func TestTournamentPageNamesTheConsolePlayer(t *testing.T) {
	e := newConsoleEnv(t)
	e.msg("tour", "ayse", "Ayşe", "tournament create ttt roundrobin", false)
	e.msg("tour", "you", "you", "tournament join", false)
	e.msg("tour", "ayse", "Ayşe", "tournament join", false)
	e.msg("tour", "ayse", "Ayşe", "tournament start", false)
	rs := e.msg("tour", "ayse", "Ayşe", "tournament pairings", false)
	if !strings.Contains(rs[0].Text, "you") {
		t.Errorf("the chat's pairings do not name «you»: %q", rs[0].Text)
	}
	_, body := get(t, linkOf(t, rs, "/t/")+"?lang=en")
	if !strings.Contains(body, "Console player") || regexp.MustCompile(`\byou\b`).MatchString(body) {
		t.Errorf("the tournament's page:\n%s", body)
	}
}
