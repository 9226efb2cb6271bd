package router

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/chat/present"
	"oyunbot/games"
	"oyunbot/games/dama"
	"oyunbot/games/tictactoe"
)

// describe writes a classified word for comparison.
func (a arg) describe() string {
	switch a.kind {
	case argMention:
		return "mention"
	case argGame:
		return "game:" + a.game.Name()
	case argLevel:
		return "level:" + a.level
	case argSide:
		if a.side == ai.NoSide {
			return "side:other"
		}
		return fmt.Sprint("side:", int(a.side))
	case argSystem:
		return "system:" + string(a.system)
	case argCount:
		return fmt.Sprint("count:", a.n)
	case argCountUnit:
		return "unit"
	case argTime:
		if a.err != nil {
			return "time:bad"
		}
		return "time:" + a.word
	case argMatch:
		if a.err != nil {
			return "match:bad"
		}
		return fmt.Sprint("match:", a.n)
	}
	return "?"
}

// TestClassify: each word is the first kind the command takes that it can
// be; side words are the named game's, wherever the game is named.
func TestClassify(t *testing.T) {
	reg, err := games.NewRegistry(dama.Game{}, tictactoe.Game{})
	if err != nil {
		t.Fatal(err)
	}
	v := vocabulary{games: reg, show: present.New(present.Config{Games: reg}, nil)}
	for _, tc := range []struct {
		take  argKinds
		words string
		want  string
	}{
		{playArgs, "dama zor siyah", "game:dama level:hard side:1"},
		{playArgs, "BEYAZ DAMA", "side:0 game:dama"},
		{playArgs, "xox ilk", "game:tictactoe side:0"},
		{playArgs, "xox siyah", "game:tictactoe side:other"},
		{playArgs, "dama o", "game:dama side:other"},
		{playArgs, "siyah", "side:1"}, // any game's while none is named
		{playArgs, "o", "side:1"},
		{playArgs, "3 @ali", "level:hard mention"},
		{playArgs, "dama 10dk isviçre", "game:dama ? ?"},
		{challengeArgs, "@ali dama 3", "mention game:dama time:3"},
		{challengeArgs, "<@5> xox o 5 dk + 3 sn", "mention game:tictactoe side:1 time:5dk+3sn"},
		{challengeArgs, "dama 3x zor", "game:dama time:bad ?"},
		{challengeArgs, "dama -5m", "game:dama time:bad"},
		{tournamentArgs, "xox isviçre 3 tur 10 dk", "game:tictactoe system:swiss count:3 unit time:10dk"},
		{tournamentArgs, "dama lig -2 0dk", "game:dama system:roundrobin count:-2 time:bad"},
		{tournamentArgs, "dama zor beyaz @ali", "game:dama ? ? ?"},
		{ratingArgs, "@ali xox 3", "mention game:tictactoe ?"},
		// The word after "match" is its length, or another kind the
		// command takes; anything else was meant as the length (issue 21).
		{challengeArgs, "@bob xox match ü", "mention game:tictactoe match:bad"},
		{challengeArgs, "@bob xox match 99999999999999999999", "mention game:tictactoe match:-1"},
		{challengeArgs, "@bob xox match 1e3", "mention game:tictactoe match:bad"},
		{challengeArgs, "@bob xox maç 5,5", "mention game:tictactoe match:bad"},
		{challengeArgs, "@bob xox maç 0", "mention game:tictactoe match:-1"},
		{challengeArgs, "@bob xox maç 3 5 dk", "mention game:tictactoe match:3 time:5dk"},
		{challengeArgs, "@bob xox maç 5 dk", "mention game:tictactoe match:0 time:5dk"},
		{challengeArgs, "@bob xox match o", "mention game:tictactoe match:0 side:1"},
		{challengeArgs, "@bob match", "mention match:0"},
		{playArgs, "dama match zor", "game:dama match:0 level:hard"},
		{playArgs, "dama maç hadi", "game:dama match:bad"},
	} {
		var got []string
		for _, a := range v.classify(strings.Fields(tc.words), tc.take) {
			got = append(got, a.describe())
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%q: %q, want %q", tc.words, strings.Join(got, " "), tc.want)
		}
	}
}

// FuzzClassify reads random words as each command does: it never panics,
// every word is read once (a match takes the word after it), a whole
// number after "match" is the match's length (never a clock nor a default
// match), and a length refused is said so (issue 21).
func FuzzClassify(f *testing.F) {
	for _, s := range []string{
		"@bob tavla match ü", "@bob xox match 99999999999999999999", "xox maç 1e3 5 dk + 3 sn",
		"dama zor siyah maç 3", "xox isviçre 3 tur 10 dk", "match", "maç -0", "match +7 match 2",
	} {
		f.Add(s)
	}
	reg, err := games.NewRegistry(dama.Game{}, tictactoe.Game{})
	if err != nil {
		f.Fatal(err)
	}
	v := vocabulary{games: reg, show: present.New(present.Config{Games: reg}, nil)}
	f.Fuzz(func(t *testing.T, line string) {
		words := strings.Fields(line)
		for _, take := range []argKinds{playArgs, challengeArgs, tournamentArgs, ratingArgs} {
			in := words
			if take.has(argTime) {
				in = joinTimeWords(words)
			}
			got := v.classify(words, take)
			read := 0
			for i, a := range got {
				if read >= len(in) || !strings.HasPrefix(a.word, in[read]) {
					t.Fatalf("%q: arg %d %q is not word %d of %q", line, i, a.word, read, in)
				}
				read++
				if a.kind != argMatch {
					continue
				}
				if !take.has(argMatch) {
					t.Fatalf("%q: a match in a command that takes none", line)
				}
				if a.word != in[read-1] {
					next := in[read]
					read++
					if a.word != in[read-2]+" "+next {
						t.Fatalf("%q: match %q took %q", line, a.word, next)
					}
					if isDigits(strings.TrimLeft(next, "+-")) && a.err == nil && a.n != -1 && (a.n < 1 || strconv.Itoa(a.n) != strings.TrimLeft(strings.TrimLeft(next, "+"), "0")) {
						t.Fatalf("%q: %q read as %d", line, a.word, a.n)
					}
				} else if read < len(in) && isDigits(strings.TrimLeft(in[read], "+-")) {
					t.Fatalf("%q: the number after %q was not its length", line, a.word)
				}
				if a.n < -1 || (a.err != nil && a.n != 0) {
					t.Fatalf("%q: match %+v", line, a)
				}
			}
			if read != len(in) {
				t.Fatalf("%q: read %d of %d words", line, read, len(in))
			}
		}
	})
}
