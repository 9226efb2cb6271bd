package present

import (
	"slices"
	"strings"
	"testing"

	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/dama"
	"oyunbot/games/islem"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
)

// tapSnapshot is a game #g7 of g from the position text pos ("" for the
// start) with a person to move.
func tapSnapshot(t *testing.T, g games.Game, pos string) sessions.Snapshot {
	t.Helper()
	p := g.Start()
	if pos != "" {
		var err error
		if p, err = g.ParsePosition(pos); err != nil {
			t.Fatal(err)
		}
	}
	return sessions.Snapshot{ID: 7, Game: g, Board: p.Board(), Turn: p.Turn(), Position: p}
}

var testMenuTexts = MenuTexts{moves: "moves", pieces: "pieces", of: func(sq string) string { return "of " + sq }, choose: "choose"}

// menuMoves checks Discord's limits on menus and returns the moves they
// offer ("c3 d3"), each once.
func menuMoves(t *testing.T, tb *TapBoard, menus []chat.Menu) []string {
	t.Helper()
	if len(menus) == 0 || len(menus) > chat.MaxMenus {
		t.Fatalf("%d menus", len(menus))
	}
	var out []string
	for _, m := range menus {
		if len(m.Options) == 0 || len(m.Options) > chat.MaxMenuOptions || m.Placeholder == "" {
			t.Fatalf("menu %+v", m)
		}
		for _, o := range m.Options {
			f := strings.Fields(o.Data)
			if len(o.Data) > chat.MaxButtonData || f[0] != command.Tap || f[1] != tb.tag || f[2] != tb.guard {
				t.Fatalf("option %+v", o)
			}
			if len(f) >= 5 {
				if slices.Contains(out, o.Data) {
					t.Fatalf("%q twice", o.Data)
				}
				out = append(out, o.Data)
			}
		}
	}
	return out
}

// TestTapBoardLayouts: which games get tap boards, and the menus of
// positions with few moves (one menu), many (grouped by piece), a piece
// with more than a menu holds (a menu of pieces, then its moves split),
// and a promotion (four moves between two squares, offered as a choice).
func TestTapBoardLayouts(t *testing.T) {
	if _, ok := NewTapBoard(tapSnapshot(t, tictactoe.Game{}, "")); ok {
		t.Error("tic-tac-toe lays out its own move buttons")
	}
	over := tapSnapshot(t, dama.Game{}, "")
	over.Result.Over = true
	if _, ok := NewTapBoard(over); ok {
		t.Error("a finished game has a tap board")
	}

	tb, ok := NewTapBoard(tapSnapshot(t, dama.Game{}, ""))
	if !ok || len(tb.grid("")) != 8 || len(tb.grid("")[7]) != 8 {
		t.Fatal("no 8×8 tap board for dama")
	}
	if got := menuMoves(t, tb, tb.menus(testMenuTexts, "")); len(got) != len(tb.moves) {
		t.Errorf("dama's start: %d of %d moves offered", len(got), len(tb.moves))
	}

	// The Italian game: 33 moves for white, in two menus of whole pieces.
	tb, _ = NewTapBoard(tapSnapshot(t, chessgame.Game{}, "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"))
	menus := tb.menus(testMenuTexts, "")
	if got := menuMoves(t, tb, menus); len(tb.moves) <= chat.MaxMenuOptions || len(got) != len(tb.moves) || len(menus) < 2 {
		t.Errorf("%d moves in %d menus, %d offered", len(tb.moves), len(menus), len(got))
	}
	grid := tb.grid("e1")
	if grid[7][4].Label != "[♔]" || grid[7][6].Label != tapTarget || grid[7][6].Data != tb.data("e1", "g1") {
		t.Errorf("castling: %+v %+v", grid[7][4], grid[7][6])
	}

	// A queen in the middle of an empty board has 27 moves.
	tb, _ = NewTapBoard(tapSnapshot(t, chessgame.Game{}, "k7/8/8/8/3Q4/8/8/7K w - - 0 1"))
	menus = tb.menus(testMenuTexts, "")
	if len(menus) != 1 || menus[0].Placeholder != "pieces" || len(menus[0].Options) != 2 {
		t.Fatalf("pieces menu %+v", menus)
	}
	menus = tb.menus(testMenuTexts, "d4")
	if got := menuMoves(t, tb, menus); len(got) != 27 || len(menus) != 3 || menus[2].Placeholder != "pieces" {
		t.Errorf("the queen's moves: %d in %+v", len(got), menus)
	}

	// Promotion: a7-a8 is four moves, each its own button; the square
	// a8 answers with the choice.
	tb, _ = NewTapBoard(tapSnapshot(t, chessgame.Game{}, "7k/P7/8/8/8/8/8/K7 w - - 0 1"))
	same := tb.Between("a7", "a8")
	if len(same) != 4 {
		t.Fatalf("promotions %+v", same)
	}
	var labels []string
	for _, row := range tb.choices(same) {
		for _, b := range row {
			labels = append(labels, b.Label)
			if f := strings.Fields(b.Data); len(f) != 6 {
				t.Errorf("choice data %q", b.Data)
			}
		}
	}
	if !slices.Contains(labels, "a8=Q+") || !slices.Contains(labels, "a8=N") {
		t.Errorf("choices %v", labels)
	}
	if tb.grid("a7")[0][0].Data != tb.data("a7", "a8") {
		t.Errorf("a8 under a7: %+v", tb.grid("a7")[0][0])
	}
}

// TestTapGuard: the guard changes with the position, not with a move
// taken back, and fits button data with the longest squares.
func TestTapGuard(t *testing.T) {
	p := dama.Game{}.Start()
	a := tapGuard(p)
	ms := p.Moves(nil)
	p.Make(ms[0])
	if tapGuard(p) == a {
		t.Error("the guard ignores the move")
	}
	p.Unmake()
	if tapGuard(p) != a {
		t.Error("the guard depends on more than the position")
	}
	tb, _ := NewTapBoard(tapSnapshot(t, dama.Game{}, ""))
	if d := tb.data("h8", "h8", "12"); len(d) > chat.MaxButtonData {
		t.Errorf("%q is %d bytes", d, len(d))
	}
}

// BenchmarkTapBoard measures what a board reply spends on its tap board:
// reading the legal moves, the 64 square buttons and the menus.
func BenchmarkTapBoard(b *testing.B) {
	for _, bc := range []struct {
		name string
		g    games.Game
		pos  string
	}{
		{"dama-start", dama.Game{}, ""},
		{"chess-italian", chessgame.Game{}, "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"},
		{"islem-start", islem.Game{}, ""},
	} {
		b.Run(bc.name, func(b *testing.B) {
			p := bc.g.Start()
			if bc.pos != "" {
				p, _ = bc.g.ParsePosition(bc.pos)
			}
			s := sessions.Snapshot{ID: 7, Game: bc.g, Board: p.Board(), Turn: p.Turn(), Position: p}
			b.ReportAllocs()
			for b.Loop() {
				t, ok := NewTapBoard(s)
				if !ok || len(t.grid("")) != 8 || len(t.menus(testMenuTexts, "")) == 0 {
					b.Fatal("no tap board")
				}
			}
		})
	}
}
