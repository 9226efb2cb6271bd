package router

import (
	"context"
	"strings"
	"testing"

	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/tavla"
)

// TestBlackSeesTheBoardTurned: playing Black against the bot, the text
// board (the console's) and the animation's frames are turned round as the
// picture is; each frame after the first says its move with its number
// (issue 20).
func TestBlackSeesTheBoardTurned(t *testing.T) {
	reg, err := games.NewRegistry(chessgame.Game{})
	if err != nil {
		t.Fatal(err)
	}
	r := testRouter(t, reg, nil)
	say := func(text string) {
		r.Handle(context.Background(), chat.Message{Platform: "test", ChannelID: "dm", UserID: "ayse", UserName: "Ayşe", Text: text, Private: true})
		if err := r.Wait(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	say("lang en")
	say("play chess easy black")
	ss := r.games.Find("test", "dm", "ayse")
	if len(ss) != 1 || len(ss[0].Moves) != 1 {
		t.Fatalf("games %+v", ss)
	}
	say("e5")
	if ss = r.games.Find("test", "dm", "ayse"); len(ss[0].Moves) != 3 {
		t.Fatalf("moves %v", ss[0].Moves)
	}
	s := ss[0]
	rep := r.show.GameReply(chat.English, s, "", "ayse")
	lines := strings.Split(rep.TextBoard, "\n")
	if !strings.HasPrefix(lines[0], "1 R") || !strings.Contains(lines[0], "K Q") || !strings.HasPrefix(lines[7], "8 r") ||
		!strings.HasSuffix(lines[8], "h g f e d c b a") {
		t.Errorf("the text board is not seen from Black's side:\n%s", rep.TextBoard)
	}
	if white := r.show.GameReply(chat.English, s, "", "someone else"); !strings.HasPrefix(white.TextBoard, "8 r") {
		t.Errorf("a spectator's text board is turned:\n%s", white.TextBoard)
	}
	frames, err := r.show.GameFrames(chat.English, s, r.show.FlipFor(s, "ayse"))
	if err != nil {
		t.Fatal(err)
	}
	var footers []string
	for f := range frames {
		if !f.Flip {
			t.Errorf("frame %q not turned", f.Footer)
		}
		footers = append(footers, f.Footer)
	}
	want := []string{"", "1. " + s.Moves[0], "1… e5", "2. " + s.Moves[2] + " · "}
	if len(footers) != 4 || footers[0] != want[0] || footers[1] != want[1] || footers[2] != want[2] || !strings.HasPrefix(footers[3], want[3]) {
		t.Errorf("frame captions %q, want %q", footers, want)
	}
}

// TestGIFFramePerTurn: a tavla game's animation has a picture per turn,
// not per ply: its roll and its checkers' moves together, said with its
// number (issue 20: 1.48 MB for 57 moves).
func TestGIFFramePerTurn(t *testing.T) {
	reg, err := games.NewRegistry(tavla.Game{})
	if err != nil {
		t.Fatal(err)
	}
	r := testRouter(t, reg, nil)
	say := func(text string) {
		r.Handle(context.Background(), chat.Message{Platform: "test", ChannelID: "dm", UserID: "ayse", UserName: "Ayşe", Text: text, Private: true})
		if err := r.Wait(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	say("lang en")
	say("play hapis easy from w15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,b15 0 0 w 5-3")
	say("1/6 1/4")
	s := r.games.Find("test", "dm", "ayse")[0]
	frames, err := r.show.GameFrames(chat.English, s, false)
	if err != nil {
		t.Fatal(err)
	}
	var footers []string
	for f := range frames {
		footers = append(footers, f.Footer)
	}
	// The start, White's turn (two plies), the bot's (a roll and its
	// plies), and the roll waiting for White.
	if len(footers) != 4 || footers[1] != "1. 1/6 1/4" || !strings.HasPrefix(footers[2], "1… ") || strings.Count(footers[2], "/") < 2 {
		t.Errorf("frames %q (moves %q)", footers, s.Moves)
	}
}
