package chat

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
)

// TestTruncDataKeepsCharacters: button data is cut to Telegram's 64 bytes
// at a character boundary, never inside a multi-byte letter.
func TestTruncDataKeepsCharacters(t *testing.T) {
	for _, s := range []string{
		"", "move #g1 b2", strings.Repeat("a", 64), strings.Repeat("a", 65),
		strings.Repeat("a", 63) + "ş", // the 2-byte ş straddles byte 64
		strings.Repeat("ğ", 40), strings.Repeat("€", 30), strings.Repeat("🏳", 20),
		"move #g123 " + strings.Repeat("İ", 40),
	} {
		checkTrunc(t, s)
	}
}

func checkTrunc(t *testing.T, s string) {
	t.Helper()
	got := truncData(s)
	if len(got) > MaxButtonData || !strings.HasPrefix(s, got) {
		t.Fatalf("truncData(%q) = %q", s, got)
	}
	if utf8.ValidString(s) && !utf8.ValidString(got) {
		t.Fatalf("truncData(%q) = %q cuts a character", s, got)
	}
	if len(s) <= MaxButtonData && got != s {
		t.Fatalf("truncData(%q) = %q shortened a short string", s, got)
	}
	if len(s) > MaxButtonData && utf8.ValidString(s) && len(got) < MaxButtonData-utf8.UTFMax+1 {
		t.Fatalf("truncData(%q) = %q cut more than one character", s, got)
	}
}

func FuzzTruncData(f *testing.F) {
	f.Add("move #g1 " + strings.Repeat("ş", 40))
	f.Add(strings.Repeat("a", 63) + "€")
	f.Fuzz(checkTrunc)
}

// TestClockFooter: the picture's footer shows the time left for a move
// under a limit per move; game clocks are drawn by the names.
func TestClockFooter(t *testing.T) {
	reg, err := games.NewRegistry(tictactoe.Game{})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1_700_000_000, 0)
	r := testRouter(t, reg, func() time.Time { return now })
	g, _ := reg.Lookup("tictactoe")
	s := sessions.Snapshot{
		Game: g, Players: [2]sessions.Player{{ID: "a", Name: "Ayşe"}, {ID: "b", Name: "Bora"}},
		Turn: ai.Second, TimeControl: sessions.TimeControl{Base: 5 * time.Minute, Increment: 3 * time.Second},
		Left: [2]time.Duration{4 * time.Minute, 3 * time.Minute}, LastMove: now.Add(-70 * time.Second),
	}
	if got, want := r.footer(English, s), "Bora to move"; got != want {
		t.Errorf("footer %q, want %q", got, want)
	}
	s.TimeControl = sessions.TimeControl{PerMove: 24 * time.Hour}
	if got, want := r.footer(Turkish, s), "Sıra: Bora · 23:58:50"; got != want {
		t.Errorf("footer %q, want %q", got, want)
	}
	s.TimeControl = sessions.TimeControl{}
	if got, want := r.footer(English, s), "Bora to move"; got != want {
		t.Errorf("footer %q, want %q", got, want)
	}
	for d, want := range map[time.Duration]string{0: "0:00", 59 * time.Second: "0:59", 61 * time.Minute: "1:01:00", -time.Second: "0:00"} {
		if got := FormatClock(d); got != want {
			t.Errorf("FormatClock(%v) = %q, want %q", d, got, want)
		}
	}
	for d, want := range map[time.Duration]string{43 * time.Second: "43 sn", 73 * time.Second: "1 dk", 11 * time.Hour: "11 sa", 48 * time.Hour: "2 gün"} {
		if got := r.formatDuration(Turkish, d); got != want {
			t.Errorf("formatDuration(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestJoinTimeWords(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"xox 10 dk", "xox 10dk"},
		{"dama isviçre 3 tur 10 dakika", "dama isviçre 3 tur 10dakika"},
		{"5 dk + 3 sn", "5dk+3sn"},
		{"5dk + 3sn", "5dk+3sn"},
		{"5dk+ 3sn", "5dk+3sn"},
		{"5dk +3sn", "5dk+3sn"},
		{"1 g/hamle", "1g/hamle"},
		{"1 gün/hamle", "1gün/hamle"},
		{"@ali dama 5 m", "@ali dama 5m"},
		{"dama 5 tur", "dama 5 tur"},
		{"dama 5 beyaz", "dama 5 beyaz"},
		{"+ 3", "+ 3"},
		{"", ""},
	} {
		if got := strings.Join(joinTimeWords(strings.Fields(tc.in)), " "); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.in, got, tc.want)
		}
	}
}
