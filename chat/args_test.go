package chat

import (
	"fmt"
	"strings"
	"testing"

	"oyunbot/ai"
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
	r := &Router{cfg: Config{Games: reg}, hosts: hostGames(reg)}
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
	} {
		var got []string
		for _, a := range r.classify(strings.Fields(tc.words), tc.take) {
			got = append(got, a.describe())
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%q: %q, want %q", tc.words, strings.Join(got, " "), tc.want)
		}
	}
}
