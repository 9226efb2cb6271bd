package store

import "testing"

func TestParseChange(t *testing.T) {
	for _, c := range []struct {
		payload string
		id      int64
		ok      bool
	}{
		{"public/g/7/12", 7, true},
		{"public/t/3", -3, true},
		{"other/g/7/12", 0, false},
		{"public/x/7", 0, false},
		{"public/g/-7/1", 0, false},
		{"public/g/x/1", 0, false},
		{"public", 0, false},
		{"", 0, false},
	} {
		if id, ok := parseChange(c.payload, "public"); id != c.id || ok != c.ok {
			t.Errorf("parseChange(%q) = %d, %v; want %d, %v", c.payload, id, ok, c.id, c.ok)
		}
	}
}
