package present

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/games/dama"
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
	got := TruncData(s)
	if len(got) > chat.MaxButtonData || !strings.HasPrefix(s, got) {
		t.Fatalf("TruncData(%q) = %q", s, got)
	}
	if utf8.ValidString(s) && !utf8.ValidString(got) {
		t.Fatalf("TruncData(%q) = %q cuts a character", s, got)
	}
	if len(s) <= chat.MaxButtonData && got != s {
		t.Fatalf("TruncData(%q) = %q shortened a short string", s, got)
	}
	if len(s) > chat.MaxButtonData && utf8.ValidString(s) && len(got) < chat.MaxButtonData-utf8.UTFMax+1 {
		t.Fatalf("TruncData(%q) = %q cut more than one character", s, got)
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
	r := testPresenter(t, reg, func() time.Time { return now })
	g, _ := reg.Lookup("tictactoe")
	s := sessions.Snapshot{
		Game: g, Players: [2]sessions.Player{{ID: "a", Name: "Ayşe"}, {ID: "b", Name: "Bora"}},
		Turn: ai.Second, TimeControl: sessions.TimeControl{Base: 5 * time.Minute, Increment: 3 * time.Second},
		Left: [2]time.Duration{4 * time.Minute, 3 * time.Minute}, LastMove: now.Add(-70 * time.Second),
		Moves: []string{"b2"}, Sides: []ai.Side{ai.First}, // begun: the clocks run from the first move (issue 20.13)
	}
	if got, want := r.footer(chat.English, s), "Bora to move"; got != want {
		t.Errorf("footer %q, want %q", got, want)
	}
	s.TimeControl = sessions.TimeControl{PerMove: 24 * time.Hour}
	if got, want := r.footer(chat.Turkish, s), "Sıra: Bora · 23:58:50"; got != want {
		t.Errorf("footer %q, want %q", got, want)
	}
	s.TimeControl = sessions.TimeControl{}
	if got, want := r.footer(chat.English, s), "Bora to move"; got != want {
		t.Errorf("footer %q, want %q", got, want)
	}
	for d, want := range map[time.Duration]string{0: "0:00", 59 * time.Second: "0:59", 61 * time.Minute: "1:01:00", -time.Second: "0:00"} {
		if got := FormatClock(d); got != want {
			t.Errorf("FormatClock(%v) = %q, want %q", d, got, want)
		}
	}
	for d, want := range map[time.Duration]string{43 * time.Second: "43 sn", 73 * time.Second: "1 dk", 11 * time.Hour: "11 sa", 48 * time.Hour: "2 gün"} {
		if got := r.FormatDuration(chat.Turkish, d); got != want {
			t.Errorf("formatDuration(%v) = %q, want %q", d, got, want)
		}
	}
}

// TestPictureMarks: a board picture's frame marks the move before the last
// (the player's, under the bot's), the winning line of a won tic-tac-toe,
// the pieces a compulsory capture obliges, and the move number.
func TestPictureMarks(t *testing.T) {
	reg, err := games.NewRegistry(dama.Game{}, tictactoe.Game{})
	if err != nil {
		t.Fatal(err)
	}
	r := testPresenter(t, reg, time.Now)
	play := func(g games.Game, start string, moves ...string) sessions.Snapshot {
		pos := g.Start()
		if start != "" {
			if pos, err = g.ParsePosition(start); err != nil {
				t.Fatal(err)
			}
		}
		s := sessions.Snapshot{Game: g, ID: 1}
		for _, m := range moves {
			mv, err := pos.ParseMove(m)
			if err != nil {
				t.Fatal(err)
			}
			s.Moves = append(s.Moves, pos.FormatMove(mv))
			s.Sides = append(s.Sides, pos.Turn())
			pos.Make(mv)
		}
		s.Position, s.Turn, s.Board = pos, pos.Turn(), pos.Board()
		if st := pos.Status(); st.Over {
			s.Result = sessions.Result{Over: true, Winner: st.Winner, Reason: st.Reason}
		}
		return s
	}
	s := play(dama.Game{}, "", "c3-c4", "f6-f5", "a3-a4")
	if got := strings.Join(previousPath(s), " "); got != "f6 f5" {
		t.Errorf("dama: the move before is %q, want f6 f5", got)
	}
	if got := r.boardTitle(chat.English, s); got != "#g1 · Dama · move 2" {
		t.Errorf("title %q", got)
	}
	if got := r.boardTitle(chat.Turkish, s); got != "#g1 · Dama · 2. hamle" {
		t.Errorf("title %q", got)
	}
	if f := forcedPieces(s); f != nil {
		t.Errorf("forced %v at a free choice", f)
	}
	capture := play(dama.Game{}, "......../......../......../...b.b../...w.w../......../.w....../........ w")
	if got := strings.Join(forcedPieces(capture), " "); got != "d4 f4" {
		t.Errorf("forced %q, want d4 f4", got)
	}
	for lang, want := range map[chat.Lang]string{chat.English: "a capture is compulsory (d4, f4)", chat.Turkish: "alma zorunlu (d4, f4)"} {
		if got := r.status(lang, capture); !strings.Contains(got, want) {
			t.Errorf("%s status %q, want %q", lang, got, want)
		}
	}
	won := play(tictactoe.Game{}, "", "a1", "b1", "b2", "c1", "c3")
	if wl := won.Position.(games.WinningLiner).WinningLine(); strings.Join(wl, " ") != "a1 b2 c3" {
		t.Errorf("winning line %v", wl)
	}
	if got := strings.Join(previousPath(won), " "); got != "c1" {
		t.Errorf("tic-tac-toe: the move before is %q, want c1", got)
	}
	if previousPath(play(tictactoe.Game{}, "", "a1")) != nil {
		t.Error("a move before the first")
	}
}
