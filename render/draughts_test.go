package render_test

import (
	"bytes"
	"errors"
	"image"
	"image/gif"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/draughts"
	"oyunbot/render"
)

// draughtsCases are the two games with their drawers and which corner is dark.
var draughtsCases = []struct {
	game   draughts.Game
	draw   func(int) render.Drawer
	darkA1 bool
}{
	{draughts.Italian, render.NewItalianDraughts, false},
	{draughts.Checkers, render.NewCheckers, true},
}

// TestDraughtsRealGames draws every position of random games of both
// games with its last move and the pieces that must capture: frames the
// games make are always accepted, and one with only the Position gives the
// same picture as one with its Board.
func TestDraughtsRealGames(t *testing.T) {
	for _, tc := range draughtsCases {
		d := tc.draw(256)
		rng := rand.New(rand.NewPCG(5, 6))
		captures, forced := 0, 0
		for g := 0; g < 3; g++ {
			p := tc.game.Start()
			var buf []ai.Move
			for ply := 0; ply < 150 && !p.Status().Over; ply++ {
				buf = p.Moves(buf[:0])
				m := buf[rng.IntN(len(buf))]
				path, captured := p.(games.Highlighter).MoveSquares(m)
				captures += len(captured)
				p.Make(m)
				f := render.Frame{Board: p.Board(), Path: path, Captured: captured, Forced: p.(games.Forcer).ForcedPieces(),
					ToMove: int(p.Turn()), Players: [2]string{"A", "B"}, Title: tc.game.Name(), Flip: ply%2 == 1}
				forced += len(f.Forced)
				b, err := d.Draw(f)
				if err != nil {
					t.Fatalf("%s ply %d: %v", tc.game.Name(), ply, err)
				}
				if _, err := png.Decode(bytes.NewReader(b)); err != nil {
					t.Fatal(err)
				}
				if ply%9 == 0 {
					f.Board, f.Position = nil, p.Clone()
					if again, err := d.Draw(f); err != nil || !bytes.Equal(again, b) {
						t.Fatalf("%s ply %d: the frame with only the position gives another picture (%v)", tc.game.Name(), ply, err)
					}
				}
			}
		}
		if captures == 0 || forced == 0 {
			t.Errorf("%s: %d captures, %d forced pieces drawn: the test shows little", tc.game.Name(), captures, forced)
		}
	}
}

// TestDraughtsOrientation: the dark squares are where each game has them,
// seen from White, and turned round for Black; a piece on a light square
// is refused.
func TestDraughtsOrientation(t *testing.T) {
	empty := []string{"........", "........", "........", "........", "........", "........", "........", "........"}
	board, _ := render.BoardArea(512, 1)
	sq := board.Dx() / 8
	for _, tc := range draughtsCases {
		d := tc.draw(512)
		for _, flip := range []bool{false, true} {
			b, err := d.Draw(render.Frame{Board: empty, Flip: flip})
			if err != nil {
				t.Fatal(err)
			}
			im, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			// The bottom-left square on screen is a1, or h8 when flipped:
			// dark on the checkers board, light on the Italian one.
			bl := brightness(im, board.Min.X+sq/2, board.Max.Y-sq/2)
			br := brightness(im, board.Max.X-sq/2, board.Max.Y-sq/2)
			if (bl < br) != tc.darkA1 {
				t.Errorf("%s flip %v: bottom-left %d, bottom-right %d", tc.game.Name(), flip, bl, br)
			}
		}
		light := "w......."
		if tc.darkA1 {
			light = ".w......"
		}
		_, err := d.Draw(render.Frame{Board: append(append([]string{}, empty[:7]...), light)})
		if !errors.Is(err, render.ErrBadFrame) {
			t.Errorf("%s: a piece on a light square: %v", tc.game.Name(), err)
		}
	}
}

// mirrorBoard mirrors a position text left to right.
func mirrorBoard(s string) string {
	b := []byte(s)
	for i := 0; i+8 <= len(b) && b[i] != ' '; i += 9 {
		for j := 0; j < 4; j++ {
			b[i+j], b[i+7-j] = b[i+7-j], b[i+j]
		}
	}
	return string(b)
}

func brightness(im image.Image, x, y int) int {
	r, g, b, _ := im.At(x, y).RGBA()
	return int(r+g+b) >> 8
}

// TestDraughtsPreview writes a picture of each game to $RENDER_PREVIEW.
func TestDraughtsPreview(t *testing.T) {
	dir := os.Getenv("RENDER_PREVIEW")
	if dir == "" {
		t.Skip("set RENDER_PREVIEW=dir to write sample pictures")
	}
	for _, tc := range draughtsCases {
		// Black's quiet move, the white king's capture of three, and the
		// man that must now capture (and is crowned by it), drawn on
		// Italian's board and mirrored for the checkers board.
		pos := "......../.......b/..b...../......../....b.../.b....../..w.b.../...W.... b"
		moves := []string{"h7-g6", "d1xf3xd5xb7"}
		if tc.darkA1 {
			pos, moves = mirrorBoard(pos), []string{"a7-b6", "e1xc3xe5xg7"}
		}
		p, err := tc.game.ParsePosition(pos)
		if err != nil {
			t.Fatal(err)
		}
		var before, path, captured []string
		for _, s := range moves {
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatalf("%s %s: %v", tc.game.Name(), s, err)
			}
			before = path
			path, captured = p.(games.Highlighter).MoveSquares(m)
			p.Make(m)
		}
		for _, flip := range []bool{false, true} {
			b, err := tc.draw(512).Draw(render.Frame{Position: p, Path: path, Captured: captured, Before: before,
				Forced: p.(games.Forcer).ForcedPieces(), ToMove: int(p.Turn()), Flip: flip,
				Players: [2]string{"Ayşe", "oyunbot (zor)"}, Title: "#g7 · " + tc.game.Name(), Footer: "hamle 12"})
			if err != nil {
				t.Fatal(err)
			}
			name := tc.game.Name() + ".png"
			if flip {
				name = tc.game.Name() + "_flip.png"
			}
			if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestDraughtsAnimation: a game of each as the gif command makes it: a GIF
// of every position, frames that differ only where the pieces moved.
func TestDraughtsAnimation(t *testing.T) {
	for _, tc := range draughtsCases {
		frames := randomGameFrames(tc.game, 80)
		out, err := render.Animate(tc.draw(320), frames, 800*time.Millisecond, 4*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		g, err := gif.DecodeAll(bytes.NewReader(out))
		if err != nil || len(g.Image) != len(frames) {
			t.Fatalf("%s: %v, %d frames of %d", tc.game.Name(), err, len(g.Image), len(frames))
		}
		t.Logf("%s: %d frames, %d bytes", tc.game.Name(), len(frames), len(out))
	}
}
