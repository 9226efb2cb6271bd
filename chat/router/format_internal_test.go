package router

import (
	"strings"
	"testing"
)

func TestJoinTimeWords(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"xox 10 dk", "xox 10dk"},
		{"dama isviçre 3 tur 10 dakika", "dama isviçre 3 tur 10dakika"},
		{"5 dk + 3 sn", "5dk+3sn"},
		{"5dk + 3sn", "5dk+3sn"},
		{"5dk+ 3sn", "5dk+3sn"},
		{"5dk +3sn", "5dk+3sn"},
		{"1 g/hamle", "1g/hamle"},
		{"1 gün/hamle", "1gün/hamle"},
		{"@ali dama 5 m", "@ali dama 5m"},
		{"dama 5 tur", "dama 5 tur"},
		{"dama 5 beyaz", "dama 5 beyaz"},
		{"+ 3", "+ 3"},
		{"", ""},
	} {
		if got := strings.Join(joinTimeWords(strings.Fields(tc.in)), " "); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.in, got, tc.want)
		}
	}
}
