package telegram

import (
	"testing"

	"oyunbot/chat"
)

// TestPlanEdit: an edit of a pressed board is one editMessageReplyMarkup
// with the tap board above the actions (none removes the keyboard); an
// edit that names no message is sent as a new one.
func TestPlanEdit(t *testing.T) {
	grid := make([][]chat.Button, 8)
	for i := range grid {
		for range 8 {
			grid[i] = append(grid[i], chat.Button{Label: "·", Data: "tap #g1 x"})
		}
	}
	actions := [][]chat.Button{{{Label: "Board", Data: "board #g1"}, {Label: "Resign", Data: "resign #g1"}}}
	for _, tc := range []struct {
		name string
		r    chat.Reply
		kind opKind
		rows int
	}{
		{"selection", chat.Reply{Edit: true, Ref: "12", Text: "c3", Board: grid, Buttons: actions}, opEditMarkup, 9},
		{"removal", chat.Reply{Edit: true, Ref: "12", Text: "old"}, opEditMarkup, 0},
		{"no message", chat.Reply{Edit: true, Ref: "", Text: "c3", Board: grid, Buttons: actions}, opText, 9},
		{"new board", chat.Reply{Text: "c3", Board: grid, Buttons: actions}, opText, 9},
	} {
		ops, err := plan(tc.r, false)
		if err != nil || len(ops) != 1 || ops[0].kind != tc.kind {
			t.Fatalf("%s: %+v %v", tc.name, ops, err)
		}
		rows := 0
		if kb := ops[0].keyboard; kb != nil {
			rows = len(kb.InlineKeyboard)
		}
		if rows != tc.rows || (tc.kind == opEditMarkup && ops[0].replyTo != 12) {
			t.Errorf("%s: %d rows, message %d", tc.name, rows, ops[0].replyTo)
		}
	}
	big := append(append([][]chat.Button{}, grid...), grid...)
	if _, err := plan(chat.Reply{Text: "x", Board: big}, false); err == nil {
		t.Error("128 buttons accepted")
	}
}
