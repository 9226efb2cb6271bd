package render

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPreview writes sample pictures to $RENDER_PREVIEW (a directory) for a
// person to look at; it does nothing when the variable is unset.
func TestPreview(t *testing.T) {
	dir := os.Getenv("RENDER_PREVIEW")
	if dir == "" {
		t.Skip("set RENDER_PREVIEW=dir to write sample pictures")
	}
	write := func(name string, b []byte, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d := NewDama(512)
	b, err := d.Draw(Frame{
		// White's c3 took c4 and d5, landing on e5; a white king waits on h1.
		Board: []string{
			"........",
			"bbbbbb.b",
			"bb.b.bbb",
			"....w...",
			"........",
			"ww..wwww",
			"wwwwww.w",
			"...B...W",
		},
		Path:     []string{"c3", "c5", "e5"},
		Captured: []string{"c4", "d5"},
		ToMove:   1,
		Players:  [2]string{"Ayşe Yılmaz", "oyunbot (zor)"},
		Title:    "#g7 · dama",
		Footer:   "Siyah oynar · hamle 12",
		Clocks:   [2]string{"4:32", "9:58"},
	})
	write("dama.png", b, err)
	b, err = NewDama(MinSize).Draw(Frame{Board: []string{"........", "bbbbbbbb", "bbbbbbbb", "........", "........", "wwwwwwww", "wwwwwwww", "......W."},
		Path: []string{"e3", "e4"}, Players: [2]string{"Ayşe", "Bot"}, Title: "#g9 · dama", Footer: "Beyaz oynar"})
	write("dama_small.png", b, err)
	b, err = d.Draw(Frame{
		Board:   []string{"........", "bbbbbbbb", "bbbbbbbb", "........", "........", "wwwwwwww", "wwwwwwww", "........"},
		Players: [2]string{"Mehmet", "Zeynep"},
		Title:   "#g8 · dama",
		Footer:  "Beyaz oynar",
		Flip:    true,
	})
	write("dama_flip.png", b, err)
	tt := NewTicTacToe(512)
	b, err = tt.Draw(Frame{
		Board:   []string{"x.o", ".x.", "o.."},
		Path:    []string{"b2"},
		ToMove:  1,
		Players: [2]string{"Ali", "oyunbot"},
		Title:   "#g3 · xox",
		Footer:  "O oynar",
	})
	write("ttt.png", b, err)
	b, err = Table("Turnuva #t3 · dama · 4. tur", []string{"#", "Oyuncu", "Puan", "G-B-M", "Reyting"}, [][]string{
		{"1", "Ayşe Yılmaz", "3.5", "3-1-0", "1612"},
		{"2", "oyunbot (zor)", "3", "3-0-1", "1580"},
		{"3", "Mehmet Çelik", "2", "2-0-2", "1502"},
		{"4", "Zeynep Öztürk uzun bir isim ile", "1.5", "1-1-2", "1475"},
		{"5", "Ali", "0", "0-0-4", "1390"},
	}, 640)
	write("table.png", b, err)
}
