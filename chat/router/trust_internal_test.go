package router

import (
	"oyunbot/chat/present"
	"strings"
	"testing"
	"time"

	"oyunbot/sessions"
)

// FuzzReadTimeControl: a word is a time in range, or refused, or not a
// time at all; a word meant as a time (a digit of any script first, maybe
// after a sign) is never taken as "no time".
func FuzzReadTimeControl(f *testing.F) {
	for _, s := range []string{"5m+3s", "10dk", "1g/hamle", "-5m", "٥dk", "５dk", "+3s", "0", "31d", "dama", "x", "1h30m", "5+3", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, w string) {
		tc, err := readTimeControl(w)
		if err != nil {
			if !tc.IsZero() {
				t.Fatalf("%q: refused with %+v", w, tc)
			}
			return
		}
		if tc.IsZero() {
			if meantAsTime(w) {
				t.Fatalf("%q: meant as a time, silently dropped", w)
			}
			return
		}
		in := func(d time.Duration) bool { return d >= sessions.MinClock && d <= sessions.MaxClock }
		if (tc.PerMove > 0 && !in(tc.PerMove)) || (tc.PerMove == 0 && !in(tc.Base)) || tc.Increment < 0 || tc.Increment > sessions.MaxIncr {
			t.Fatalf("%q: out of range %+v", w, tc)
		}
	})
}

// FuzzChallengeID: a challenge's id reads back as itself; whatever else
// reads as one has an id and a time that write back to it.
func FuzzChallengeID(f *testing.F) {
	for _, s := range []string{"@112233445566778899:lz3k9abc", "@ali", "@a:b:c", "@:x", "@1:", "@1:-5", "@1:+5", "#g1", "@1:zzzzzzzzzzzzzz"} {
		f.Add(s, int64(1_700_000_000_000))
	}
	f.Fuzz(func(t *testing.T, s string, ms int64) {
		if id, created, ok := present.ParseChallengeID(s); ok {
			if created < 0 || id == "" || present.ChallengeID(sessions.Challenge{From: sessions.Player{ID: id}, Created: time.UnixMilli(created)}) != s {
				t.Fatalf("%q reads as %q, %d", s, id, created)
			}
		}
		if ms < 0 || strings.ContainsAny(s, " \t\n") {
			return
		}
		c := sessions.Challenge{From: sessions.Player{ID: s}, Created: time.UnixMilli(ms)}
		id, created, ok := present.ParseChallengeID(present.ChallengeID(c))
		if s != "" && (!ok || id != s || created != ms) {
			t.Fatalf("%q, %d: read back %q, %d, %v", s, ms, id, created, ok)
		}
	})
}
