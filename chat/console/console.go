// Package console is the terminal adapter: each line of input is a message
// from the current user (default "you") in the channel "console"; replies are
// printed as text, with a text board, and every board PNG is written to a
// folder and its path printed.
package console

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"oyunbot/chat"
)

// Platform is the console's platform name in messages and replies.
const Platform = "console"

// Defaults for zero Config fields.
const (
	DefaultUser    = "you"
	DefaultChannel = "console"
)

// maxLine bounds one input line.
const maxLine = 64 * 1024

// Config configures a Console.
type Config struct {
	In  io.Reader
	Out io.Writer
	// Boards is the folder for board PNGs ("" writes none).
	Boards string
	// User and Channel name the speaker and the channel (defaults above).
	User, Channel string
	// Locale is the messages' locale ("" lets the bot use its default).
	Locale string
	// Interactive: input is a terminal. Lines are handled as they come; the
	// bot's replies print when ready. Otherwise (a pipe, a file) each line
	// waits for the bot's pending moves, so piped games are deterministic.
	Interactive bool
}

// Console reads messages from In and prints replies to Out. Send is safe for
// concurrent use.
type Console struct {
	cfg Config

	mu   sync.Mutex // guards Out and n
	n    int
	user string
}

// New returns a console adapter.
func New(cfg Config) *Console {
	if cfg.User == "" {
		cfg.User = DefaultUser
	}
	if cfg.Channel == "" {
		cfg.Channel = DefaultChannel
	}
	return &Console{cfg: cfg, user: cfg.User}
}

// Run feeds every input line to h until end of input, "/quit" or ctx is
// done. wait (the Router's Wait) is called after each line when not
// interactive, and at the end, so that the bot's last moves are printed.
// "/as NAME" switches the speaking user.
func (c *Console) Run(ctx context.Context, h chat.Handler, wait func(context.Context) error) error {
	if c.cfg.Interactive {
		c.printf("oyunbot console — help / yardım for the commands, /as NAME to speak as someone else, Ctrl-D to quit.\n")
	}
	lines := make(chan string)
	errc := make(chan error, 1)
	go func() { // a blocked read must not keep Run from seeing ctx end
		defer close(lines)
		errc <- readLines(c.cfg.In, maxLine, func(line string) bool {
			select {
			case lines <- line:
				return true
			case <-ctx.Done():
				return false
			}
		})
	}()
	ref := 0
	for {
		var line string
		var ok bool
		select {
		case <-ctx.Done():
			return ctx.Err()
		case line, ok = <-lines:
		}
		if !ok {
			break
		}
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#!") {
			continue
		}
		if line == "/as" || strings.HasPrefix(line, "/as ") {
			if name := strings.TrimSpace(line[len("/as"):]); name != "" {
				c.mu.Lock()
				c.user = name
				c.mu.Unlock()
				c.printf("(%s)\n", name)
			} else {
				c.printf("(/as NAME)\n")
			}
			continue
		}
		if line == "/quit" || line == "/exit" {
			break
		}
		ref++
		c.mu.Lock()
		user := c.user
		c.mu.Unlock()
		h.Handle(ctx, chat.Message{
			Platform:  Platform,
			ChannelID: c.cfg.Channel,
			UserID:    user,
			UserName:  user,
			Text:      line,
			Locale:    c.cfg.Locale,
			Ref:       strconv.Itoa(ref),
			Mentions:  mentions(line),
			Private:   true,
			Shared:    true, // "/as" lets others answer: open challenges
		})
		if !c.cfg.Interactive && wait != nil {
			if err := wait(ctx); err != nil {
				return err
			}
		}
	}
	if wait != nil {
		if err := wait(ctx); err != nil {
			return err
		}
	}
	select {
	case err := <-errc:
		return err
	default:
		return nil
	}
}

// readLines calls emit with every line of r (without its line ending), cut
// to max bytes: a line too long for the bot is still one message, never the
// end of the session. It stops when emit returns false, at the end of input
// (nil) or at a read error.
func readLines(r io.Reader, max int, emit func(string) bool) error {
	br := bufio.NewReader(r)
	var line []byte
	for {
		frag, more, err := br.ReadLine()
		if room := max - len(line); room > 0 {
			line = append(line, frag[:min(len(frag), room)]...)
		}
		if err != nil {
			if len(line) > 0 {
				emit(string(line))
			}
			if err == io.EOF {
				return nil
			}
			return err
		}
		if !more {
			if !emit(string(line)) {
				return nil
			}
			line = line[:0]
		}
	}
}

// mentions resolves "@name" words: on the console a user's id is its name.
func mentions(line string) []chat.User {
	var out []chat.User
	for _, w := range strings.Fields(line) {
		if name, ok := strings.CutPrefix(w, "@"); ok && name != "" {
			out = append(out, chat.User{ID: name, Name: name})
		}
	}
	return out
}

func (c *Console) printf(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	fmt.Fprintf(c.cfg.Out, format, args...)
}

// Send prints a reply: its text, the text board, the path of the board PNG
// and the buttons.
func (c *Console) Send(ctx context.Context, r chat.Reply) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	var b strings.Builder
	text := strings.TrimRight(r.Text, "\n")
	if text == "" {
		text = r.Caption
	}
	if r.Notice {
		b.WriteString("… ")
	}
	b.WriteString(text)
	b.WriteByte('\n')
	if r.TextBoard != "" && !strings.Contains(r.Text, r.TextBoard) {
		b.WriteString(r.TextBoard)
		b.WriteByte('\n')
	}
	if len(r.Image) > 0 && c.cfg.Boards != "" {
		c.n++
		path, err := c.writeImage(r)
		if err != nil {
			fmt.Fprintf(&b, "(board not saved: %v)\n", err)
		} else {
			fmt.Fprintf(&b, "board: %s\n", path)
		}
	}
	if len(r.File) > 0 {
		// A file (a PGN) is text to read here, and saved beside the
		// boards when there is a folder for them.
		name := safeFileName(r.FileName)
		if name == "" {
			name = "oyunbot.txt"
		}
		if utf8.Valid(r.File) {
			fmt.Fprintf(&b, "--- %s ---\n%s\n--- end of %s ---\n", name, strings.TrimRight(string(r.File), "\n"), name)
		}
		if c.cfg.Boards != "" {
			path := filepath.Join(c.cfg.Boards, name)
			if err := os.MkdirAll(c.cfg.Boards, 0o755); err != nil {
				fmt.Fprintf(&b, "(file not saved: %v)\n", err)
			} else if err := os.WriteFile(path, r.File, 0o644); err != nil {
				fmt.Fprintf(&b, "(file not saved: %v)\n", err)
			} else {
				fmt.Fprintf(&b, "file: %s\n", path)
			}
		}
	}
	for _, row := range r.Buttons {
		for i, btn := range row {
			if i > 0 {
				b.WriteByte(' ')
			}
			if btn.URL != "" {
				fmt.Fprintf(&b, "[%s: %s]", btn.Label, btn.URL) // a link: its address, to open
				continue
			}
			fmt.Fprintf(&b, "[%s]", btn.Label)
		}
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	_, err := io.WriteString(c.cfg.Out, b.String())
	return err
}

// writeImage saves the PNG under Boards; c.mu is held.
func (c *Console) writeImage(r chat.Reply) (string, error) {
	if err := os.MkdirAll(c.cfg.Boards, 0o755); err != nil {
		return "", err
	}
	name := safeName(r.ImageName)
	if name == "" {
		name = fmt.Sprintf("board-%04d.png", c.n)
	}
	path := filepath.Join(c.cfg.Boards, name)
	if err := os.WriteFile(path, r.Image, 0o644); err != nil {
		return "", err
	}
	return path, nil
}

// safeName keeps a picture's file name to letters, digits, '-', '_' and
// '.', with no directory part, ending in .png.
func safeName(s string) string {
	out := safeFileName(s)
	if out != "" && !strings.HasSuffix(strings.ToLower(out), ".png") {
		out += ".png"
	}
	return out
}

// safeFileName keeps a file name to letters, digits, '-', '_' and '.',
// with no directory part.
func safeFileName(s string) string {
	s = filepath.Base(s)
	var b strings.Builder
	for _, r := range s {
		if r < 128 && (r == '-' || r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			b.WriteRune(r)
		}
	}
	return strings.TrimLeft(b.String(), ".")
}
