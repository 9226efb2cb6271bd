package router_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/dama"
	"oyunbot/games/islem"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
)

// tapFields splits a tap button's data: "tap", the tag, the guard, squares.
func tapFields(data string) []string {
	f := strings.Fields(data)
	if len(f) < 3 || f[0] != command.Tap {
		return nil
	}
	return f
}

// firstPiece is the first square button of grid that selects a piece.
func firstPiece(t *testing.T, grid [][]chat.Button) chat.Button {
	t.Helper()
	for _, row := range grid {
		for _, bt := range row {
			if len(tapFields(bt.Data)) == 4 {
				return bt
			}
		}
	}
	t.Fatalf("no piece to tap on %+v", grid)
	return chat.Button{}
}

// firstTarget is the first button of grid that plays (or offers) a move.
func firstTarget(grid [][]chat.Button) (chat.Button, bool) {
	for _, row := range grid {
		for _, bt := range row {
			if len(tapFields(bt.Data)) >= 5 {
				return bt, true
			}
		}
	}
	return chat.Button{}, false
}

// boardOf is the last reply with a tap board or, when the game is over,
// the last board; over reports the end.
func boardOf(t *testing.T, rs []chat.Reply) (rep chat.Reply, over bool) {
	t.Helper()
	g := lastGame(t, rs)
	if g.Board == nil {
		return g, true
	}
	return g, false
}

// TestTapWholeDamaGame plays dama against the bot by pressing the board's
// square buttons only (a piece, then its target), in both languages: each
// selection edits the board pressed (Edit, the piece marked, its targets
// playable), each target plays the move.
func TestTapWholeDamaGame(t *testing.T) {
	for _, tc := range []struct{ lang, play, selected, over string }{
		{"tr", "oyna dama kolay", "seçildi: gideceği kareye dokun", "Oyun bitti"},
		{"en", "play dama easy", "selected: tap its target square", "Game over"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			b := newBot(t, nil)
			b.say("lang " + tc.lang)
			g, over := boardOf(t, b.say(tc.play))
			if over || len(g.Board) != 8 || len(g.Board[0]) != 8 {
				t.Fatalf("no 8×8 tap board: %+v", g.Board)
			}
			plies := 0
			for ; !over && plies < 400; plies++ {
				piece := firstPiece(t, g.Board)
				rs := b.say(piece.Data)
				if len(rs) != 1 || !rs[0].Edit || !strings.Contains(rs[0].Text, tc.selected) {
					t.Fatalf("selecting %q: %+v", piece.Data, rs)
				}
				sq := tapFields(piece.Data)[3]
				marked := false
				for _, row := range rs[0].Board {
					for _, bt := range row {
						marked = marked || bt.Label == "["+piece.Label+"]"
					}
				}
				target, ok := firstTarget(rs[0].Board)
				if !marked || !ok || tapFields(target.Data)[3] != sq {
					t.Fatalf("board after selecting %s: %+v", sq, rs[0].Board)
				}
				rs = b.say(target.Data)
				if len(rs) == 1 && rs[0].Edit { // several moves between the squares
					choice, ok := firstTarget(rs[0].Board[8:])
					if !ok {
						t.Fatalf("choices %+v", rs[0].Board)
					}
					rs = b.say(choice.Data)
				}
				g, over = boardOf(t, rs)
			}
			if !over || !strings.Contains(g.Text, tc.over) {
				t.Fatalf("after %d taps: %q", plies, g.Text)
			}
			t.Logf("%d moves tapped: %s", plies, g.Text)
		})
	}
}

// TestMenusWholeDamaGame plays dama against the bot by choosing from the
// menus only: a move, or a piece and then one of its moves.
func TestMenusWholeDamaGame(t *testing.T) {
	for _, tc := range []struct{ lang, play, over string }{
		{"tr", "oyna dama kolay", "Oyun bitti"},
		{"en", "play dama easy", "Game over"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			b := newBot(t, nil)
			b.say("lang " + tc.lang)
			g, over := boardOf(t, b.say(tc.play))
			plies := 0
			for ; !over && plies < 400; plies++ {
				menus := g.Menus
				for range 3 {
					if len(menus) == 0 || len(menus) > chat.MaxMenus {
						t.Fatalf("menus %+v", menus)
					}
					opt := menus[0].Options[plies%len(menus[0].Options)]
					if len(menus[0].Options) > chat.MaxMenuOptions || len(opt.Data) > chat.MaxButtonData {
						t.Fatalf("menu %+v", menus[0])
					}
					rs := b.say(opt.Data)
					if len(rs) == 1 && rs[0].Edit {
						menus = rs[0].Menus // a piece chosen: its moves
						continue
					}
					g, over = boardOf(t, rs)
					break
				}
			}
			if !over || !strings.Contains(g.Text, tc.over) {
				t.Fatalf("after %d choices: %q", plies, g.Text)
			}
			t.Logf("%d moves chosen: %s", plies, g.Text)
		})
	}
}

// TestTapStaleAndOthers: a press on a board whose position is gone edits
// its buttons away and shows the current board; a spectator's or an
// opponent's press out of turn changes nothing; a bad square clears the
// selection; typed moves still work beside the board.
func TestTapStaleAndOthers(t *testing.T) {
	b := newBot(t, nil)
	b.say("lang en")
	g, _ := boardOf(t, b.say("play dama easy"))
	old := firstPiece(t, g.Board)
	g, over := boardOf(t, b.say("c3-c4"))
	if over {
		t.Fatal("over after one move")
	}
	rs := b.say(old.Data)
	if len(rs) != 2 || !rs[0].Edit || rs[0].Board != nil || rs[0].Buttons != nil || rs[0].Menus != nil {
		t.Fatalf("stale press: %+v", rs)
	}
	b.expect(rs, "#g1 That board is out of date; here is the current one.")
	if lastGame(t, rs).Board == nil {
		t.Fatal("no current board after a stale press")
	}
	piece := firstPiece(t, g.Board)
	b.expect(b.msg("dm", "bora", piece.Data, true), "#g1 ")
	f := tapFields(piece.Data)
	rs = b.say(strings.Join(append(f[:3], "z9"), " "))
	if len(rs) != 1 || !rs[0].Edit || strings.Contains(labels(rs[0].Board), "[") {
		t.Fatalf("bad square: %+v", rs)
	}
	rs = b.say("tap")
	b.expect(rs, "tap — what a board's buttons send")
	b.say("lang tr")
	b.expect(b.say("dokun"), "dokun — tahtanın düğmelerinin gönderdiği komut")
}

// TestTapBetweenPeople: in a game between two people, only the player to
// move selects; the other is told whose turn it is.
func TestTapBetweenPeople(t *testing.T) {
	b := newBot(t, nil)
	b.msg("g", "ayse", "lang en", false)
	b.msg("g", "ayse", "challenge @bora dama", false)
	g, _ := boardOf(t, b.msg("g", "bora", "accept", false))
	piece := firstPiece(t, g.Board)
	who := []string{"ayse", "bora"}
	mover := -1
	for i, u := range who {
		rs := b.msg("g", u, piece.Data, false)
		if len(rs) == 1 && rs[0].Edit {
			mover = i
		} else {
			b.expect(rs, "It is not your turn")
		}
	}
	if mover < 0 {
		t.Fatal("nobody could select")
	}
	b.expect(b.msg("g", "cem", piece.Data, false), "#g1 ")
}

func labels(grid [][]chat.Button) string {
	var b strings.Builder
	for _, row := range grid {
		for _, bt := range row {
			b.WriteString(bt.Label)
		}
	}
	return b.String()
}

// FuzzTap presses made-up tap buttons on a live dama game (a leading "G"
// stands for the current board's guard): nothing panics (the apology is
// refused), and every reply's buttons and menus stay within the limits.
func FuzzTap(f *testing.F) {
	for _, s := range []string{"G", "G c3", "G c3 c4", "G c3 c4 2", "G z9 c4", "G a01", "G h8 h8 999", "x c3", "G c3 c4 1 1", "G ç3 c4"} {
		f.Add(s)
	}
	b := newBot(f, nil)
	f.Fuzz(func(t *testing.T, rest string) {
		b.t = t
		rs := b.say("board")
		if !slices.ContainsFunc(rs, func(r chat.Reply) bool { return r.Board != nil }) {
			rs = b.say("play dama easy") // none yet, or over
		}
		g, _ := boardOf(t, rs)
		f := tapFields(g.Board[0][0].Data)
		if after, ok := strings.CutPrefix(rest, "G"); ok {
			rest = f[2] + after
		}
		for _, r := range b.say("tap " + f[1] + " " + rest) {
			if strings.Contains(r.Text, "Bir şeyler ters gitti") || strings.Contains(r.Text, "Something went wrong") {
				t.Fatalf("%q: %q", rest, r.Text)
			}
			for _, rows := range [][][]chat.Button{r.Board, r.Buttons} {
				for _, row := range rows {
					for _, bt := range row {
						if bt.Data == "" || len(bt.Data) > chat.MaxButtonData {
							t.Fatalf("%q: button %+v", rest, bt)
						}
					}
				}
			}
			if len(r.Menus) > chat.MaxMenus {
				t.Fatalf("%q: %d menus", rest, len(r.Menus))
			}
		}
	})
}

// TestTapPromotion: in chess, a pawn's step to the last rank is four
// moves between the same two squares; tapping the square offers them as
// buttons and menus, and one of them plays it.
func TestTapPromotion(t *testing.T) {
	b := newBot(t, func(c *router.Config, _ *sessions.Config) {
		reg, err := games.NewRegistry(dama.Game{}, tictactoe.Game{}, chessgame.Game{})
		if err != nil {
			t.Fatal(err)
		}
		c.Games = reg
	})
	b.say("lang en")
	g, over := boardOf(t, b.say("play chess easy from 7k/P7/8/8/8/8/8/K7 w - - 0 1"))
	if over {
		t.Fatalf("no tap board: %q", g.Text)
	}
	pawn := g.Board[1][0] // a7
	if f := tapFields(pawn.Data); len(f) != 4 || f[3] != "a7" {
		t.Fatalf("a7 is %+v", pawn)
	}
	rs := b.say(pawn.Data)
	promote := rs[0].Board[0][0] // a8
	rs = b.say(promote.Data)
	if len(rs) != 1 || !rs[0].Edit || len(rs[0].Board) != 9 || len(rs[0].Board[8]) != 4 || len(rs[0].Menus[0].Options) != 4 {
		t.Fatalf("promotion choice: %+v", rs)
	}
	b.expect(rs, "a7 → a8: several moves, which one?")
	var knight chat.Button
	for _, bt := range rs[0].Board[8] {
		if strings.HasPrefix(bt.Label, "a8=N") {
			knight = bt
		}
	}
	b.expect(b.say(knight.Data), "Ayse: a8=N")
}

// TestTapBoardTurnedForBlack: playing black against the bot, the square
// buttons are turned round as the picture is (black's men below), and a
// tap on one of them still selects the square it shows.
func TestTapBoardTurnedForBlack(t *testing.T) {
	b := newBot(t, nil)
	g, _ := boardOf(t, b.say("oyna dama siyah kolay"))
	below := labels(g.Board[5:7]) // the pieces as dama labels them: black men ⚫, white ⚪
	if strings.Count(below, "⚫") != 16 || strings.Count(labels(g.Board[1:3]), "⚪") < 15 {
		t.Fatalf("board not turned: %q above, %q below", labels(g.Board[1:3]), below)
	}
	piece := firstPiece(t, g.Board)
	rs := b.say(piece.Data)
	sq := tapFields(piece.Data)[3]
	for i, row := range rs[0].Board {
		for j, bt := range row {
			want := string(rune('h'-j)) + fmt.Sprint(i+1) // turned: h1 top left
			if strings.HasPrefix(bt.Label, "[") && want != sq {
				t.Errorf("%s marked at %s", sq, want)
			}
		}
	}
}

// TestTapPlacements: in İşlem stones are placed, not moved: a move is on
// one square alone. Tapping a square offers the stones that can go there
// (placements), one of them plays; a captured stone's square plays the
// capture. The menus stay within Discord's limits.
func TestTapPlacements(t *testing.T) {
	b := newBot(t, func(c *router.Config, _ *sessions.Config) {
		reg, err := games.NewRegistry(dama.Game{}, tictactoe.Game{}, islem.Game{})
		if err != nil {
			t.Fatal(err)
		}
		c.Games = reg
	})
	b.say("lang en")
	g, over := boardOf(t, b.say("play islem easy"))
	for turn := 0; turn < 8 && !over; turn++ {
		if len(g.Menus) == 0 || len(g.Menus) > chat.MaxMenus {
			t.Fatalf("menus %+v", g.Menus)
		}
		for _, m := range g.Menus {
			if len(m.Options) > chat.MaxMenuOptions {
				t.Fatalf("menu of %d options", len(m.Options))
			}
		}
		square, ok := firstTarget(g.Board)
		if !ok {
			t.Fatalf("nothing to tap: %+v", g.Board)
		}
		f := tapFields(square.Data)
		if f[3] != f[4] {
			t.Fatalf("not a square's own moves: %q", square.Data)
		}
		rs := b.say(square.Data)
		if len(rs) == 1 && rs[0].Edit {
			b.expect(rs, f[3]+": several moves, which one?")
			choice, ok := firstTarget(rs[0].Board[8:])
			if !ok {
				t.Fatalf("no choice: %+v", rs[0].Board)
			}
			rs = b.say(choice.Data)
		}
		g, over = boardOf(t, rs)
	}
}
