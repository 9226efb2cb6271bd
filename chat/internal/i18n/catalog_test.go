package i18n

import (
	"regexp"
	"slices"
	"testing"

	"oyunbot/chat"
)

// placeholderRE finds the placeholders of a message, plural forms by the
// placeholder they follow ("{n|move|moves}" is n's).
var placeholderRE = regexp.MustCompile(`\{([a-z]+)(\|[^{}|]*\|[^{}|]*)?\}`)

func placeholders(s string) []string {
	var out []string
	for _, m := range placeholderRE.FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestDataFilesAgree: the two data files have the same keys, no empty
// message, and the same placeholders per key, plural forms included.
func TestDataFilesAgree(t *testing.T) {
	tr, err := load(trData)
	if err != nil {
		t.Fatal(err)
	}
	en, err := load(enData)
	if err != nil {
		t.Fatal(err)
	}
	for k, a := range tr {
		b, ok := en[k]
		switch {
		case !ok:
			t.Errorf("%q is in Turkish only", k)
		case a == "" || b == "":
			t.Errorf("%q is empty", k)
		case !slices.Equal(placeholders(a), placeholders(b)):
			t.Errorf("%q: placeholders %v in Turkish, %v in English", k, placeholders(a), placeholders(b))
		}
	}
	for k := range en {
		if _, ok := tr[k]; !ok {
			t.Errorf("%q is in English only", k)
		}
	}
}

// TestNewWithoutGames: the catalogue opens on its data alone, a plural
// form and a placeholder filled, and the reader's second-person variant
// chosen where one exists.
func TestNewWithoutGames(t *testing.T) {
	c, err := New("you")
	if err != nil {
		t.Fatal(err)
	}
	if got := c.N(chat.English, "solo.solved", 1); got != "Solved in 1 move." {
		t.Errorf("N one: %q", got)
	}
	if got := c.T(chat.English, "gif.caption", "game", "Dama", "moves", "1"); got != "Dama, 1 move: the whole game" {
		t.Errorf("plural form: %q", got)
	}
	if got := c.T(chat.English, "game.resigned", "player", "you"); got != "You resigned." {
		t.Errorf("second person: %q", got)
	}
	if got := c.T(chat.English, "game.resigned", "player", "Ali"); got != "Ali resigned." {
		t.Errorf("third person: %q", got)
	}
	// Whose turn, under the board and on its picture: the console's
	// reader is not "you" by name in Turkish.
	for _, c2 := range []struct {
		lang     chat.Lang
		id, want string
	}{
		{chat.Turkish, "game.turn", "Sıra sende (beyaz)"}, {chat.English, "game.turn", "Your move (white)"},
		{chat.Turkish, "footer.turn", "Sıra sende"}, {chat.English, "footer.turn", "Your move"},
	} {
		if got := c.T(c2.lang, c2.id, "player", "you", "side", map[chat.Lang]string{chat.Turkish: "beyaz", chat.English: "white"}[c2.lang]); got != c2.want {
			t.Errorf("%s %s: %q, want %q", c2.lang, c2.id, got, c2.want)
		}
	}
}
