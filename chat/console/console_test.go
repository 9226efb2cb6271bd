package console

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"oyunbot/chat"
)

// echo is a Handler that answers every message through the console.
type echo struct {
	c    *Console
	mu   sync.Mutex
	msgs []chat.Message
}

func (e *echo) Handle(ctx context.Context, m chat.Message) {
	e.mu.Lock()
	e.msgs = append(e.msgs, m)
	e.mu.Unlock()
	e.c.Send(ctx, chat.Reply{Platform: Platform, ChannelID: m.ChannelID, Text: m.UserID + " said " + m.Text})
}

// TestRun: each line is a message from the current speaker ("/as NAME"
// changes it) in a private chat that several people share (Shared: they
// answer each other's open challenges).
func TestRun(t *testing.T) {
	var out bytes.Buffer
	in := "help\n\n#! a comment\n/as ali\nchallenge @you dama\n/as   \n/quit\nnever read\n"
	c := New(Config{In: strings.NewReader(in), Out: &out})
	h := &echo{c: c}
	waits := 0
	err := c.Run(context.Background(), h, func(context.Context) error { waits++; return nil })
	if err != nil {
		t.Fatal(err)
	}
	if len(h.msgs) != 2 {
		t.Fatalf("messages %+v", h.msgs)
	}
	m := h.msgs[1]
	if m.UserID != "ali" || m.UserName != "ali" || m.ChannelID != DefaultChannel || m.Platform != Platform ||
		len(m.Mentions) != 1 || m.Mentions[0].ID != "you" || m.Ref == h.msgs[0].Ref || !m.Private || !m.Shared {
		t.Fatalf("second message %+v", m)
	}
	if waits != 3 { // after each message, and at the end
		t.Fatalf("%d waits", waits)
	}
	for _, want := range []string{"you said help\n", "(ali)\n", "ali said challenge @you dama\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestSendWritesBoards(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "boards")
	var out bytes.Buffer
	c := New(Config{Out: &out, Boards: dir})
	img := []byte("\x89PNG fake")
	err := c.Send(context.Background(), chat.Reply{
		Text: "#g1 move", TextBoard: "1 x\n  a", Image: img, ImageName: "../../g1-001.png",
		Buttons: [][]chat.Button{{{Label: "a1", Data: "move a1"}, {Label: "Hint", Data: "hint"}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "g1-001.png")
	if got, err := os.ReadFile(path); err != nil || !bytes.Equal(got, img) {
		t.Fatalf("board file: %v", err)
	}
	want := "#g1 move\n1 x\n  a\nboard: " + path + "\n[a1] [Hint]\n\n"
	if out.String() != want {
		t.Fatalf("output %q, want %q", out.String(), want)
	}
	out.Reset()
	c.Send(context.Background(), chat.Reply{Text: "thinking", Notice: true})
	if out.String() != "… thinking\n\n" {
		t.Fatalf("notice %q", out.String())
	}
}

func TestSafeName(t *testing.T) {
	for in, want := range map[string]string{
		"g7-012.png": "g7-012.png", "../../etc/passwd": "passwd.png", "a b/c?d": "cd.png", "..": "", "": "",
	} {
		if got := safeName(in); got != want {
			t.Errorf("safeName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestLongLines: a line longer than the console reads is cut, not the end
// of the session (it stopped the console with "token too long", dropping
// every later line); lines end with \n or \r\n, the last one maybe with
// neither.
func TestLongLines(t *testing.T) {
	in := "help\r\n" + strings.Repeat("a", 3*maxLine) + "\n" + "x" + strings.Repeat("é", maxLine) + "\nplay ttt"
	var out bytes.Buffer
	c := New(Config{In: strings.NewReader(in), Out: &out})
	h := &echo{c: c}
	if err := c.Run(context.Background(), h, nil); err != nil {
		t.Fatal(err)
	}
	if len(h.msgs) != 4 {
		t.Fatalf("%d messages, want 4", len(h.msgs))
	}
	if h.msgs[0].Text != "help" || h.msgs[3].Text != "play ttt" {
		t.Fatalf("first %q, last %q", h.msgs[0].Text, h.msgs[3].Text)
	}
	for _, m := range h.msgs[1:3] {
		if len(m.Text) == 0 || len(m.Text) > maxLine {
			t.Fatalf("long line read as %d bytes, want 1..%d", len(m.Text), maxLine)
		}
	}
}

// TestSendFile: a text file is printed where it can be read, and saved
// beside the boards.
func TestSendFile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "boards")
	var out bytes.Buffer
	c := New(Config{Out: &out, Boards: dir})
	pgn := "[Event \"oyunbot\"]\n\n1. e4 e5 *\n"
	if err := c.Send(context.Background(), chat.Reply{Text: "PGN of #g3", File: []byte(pgn), FileName: "../g3.pgn"}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "g3.pgn")
	if got, err := os.ReadFile(path); err != nil || string(got) != pgn {
		t.Fatalf("file saved: %q %v; output %q", got, err, out.String())
	}
	want := "PGN of #g3\n--- g3.pgn ---\n[Event \"oyunbot\"]\n\n1. e4 e5 *\n--- end of g3.pgn ---\nfile: " + path + "\n\n"
	if out.String() != want {
		t.Fatalf("output %q, want %q", out.String(), want)
	}
}
