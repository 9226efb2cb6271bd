package discord

// live_e2e_test.go: a game's board as one message edited in place (issue
// 36), through the Router's outbox, the adapter's SendBoard and the fake.

import (
	"strconv"
	"strings"
	"testing"

	"oyunbot/chat/discord/fakediscord"
)

// moves is the number of moves game id has, failing t when it is gone.
func (e *e2e) moves(t *testing.T, id int64) int {
	t.Helper()
	s, err := e.mgr.Lobby().Get(id)
	if err != nil {
		t.Fatalf("game %d: %v", id, err)
	}
	return len(s.Moves)
}

// TestE2EDeletedBoardFallsBack: a game's board message deleted by someone
// (a moderator) cannot be edited (10008 Unknown Message): the next move's
// board comes as a new message, the move counted once and nothing lost;
// the game goes on editing that new message.
func TestE2EDeletedBoardFallsBack(t *testing.T) {
	t.Parallel()
	e := newE2E(t)
	e.srv.SlashCommand(general, ayse, "en-US", "play",
		fakediscord.Str("game", "tictactoe"), fakediscord.Str("level", "easy"), fakediscord.Str("side", "x"))
	board := e.waitBoard(t, general.ID, 1)
	e.srv.Press(general, ayse, "en-US", board.ID, cellIDs(board)[0])
	board = e.waitBoard(t, general.ID, 2)
	if n := len(boards(e.srv.Messages(general.ID))); n != 1 {
		t.Fatalf("after a move %d board messages, want the game's one edited", n)
	}
	if n := e.moves(t, 1); n != 2 {
		t.Fatalf("%d moves after Ayşe's and the bot's", n)
	}

	e.srv.DeleteMessage(board.ID)
	cell := cellIDs(board)[0]
	cell = cell[strings.LastIndexByte(cell, ' ')+1:]
	e.srv.SendMessage(general, ayse, "!move "+cell)
	again := e.waitBoard(t, general.ID, 3)
	if again.ID == board.ID || !strings.Contains(again.Content, "Ayşe: "+cell) {
		t.Fatalf("after the deletion the move's board is %+v, want a new message showing %s", again, cell)
	}
	if n := e.moves(t, 1); n != 4 {
		t.Errorf("%d moves after the fallback, want 4: the move applied once, the bot's answer too", n)
	}
	msgs := e.srv.Messages(general.ID)
	if b := boards(msgs); len(b) != 1 || b[0].ID != again.ID {
		t.Fatalf("the channel shows boards %+v, want the new one alone", b)
	}

	// The game goes on in the new message (but for its end, which the
	// Router posts below).
	e.srv.Press(general, ayse, "en-US", again.ID, cellIDs(again)[0])
	next := e.waitBoard(t, general.ID, 4)
	if next.ID != again.ID && !strings.Contains(next.Content, "Game over") {
		t.Errorf("the next board is message %s, want %s edited", next.ID, again.ID)
	}
	logTranscript(t, e.srv.Messages(general.ID))
}

// TestE2EResentPressAppliedOnce: Discord sending a button press again
// (the same interaction) plays nothing more: one move, one board edit.
func TestE2EResentPressAppliedOnce(t *testing.T) {
	t.Parallel()
	e := newE2E(t)
	e.srv.SlashCommand(general, ayse, "en-US", "play",
		fakediscord.Str("game", "tictactoe"), fakediscord.Str("level", "easy"), fakediscord.Str("side", "x"))
	board := e.waitBoard(t, general.ID, 1)
	press := e.srv.Press(general, ayse, "en-US", board.ID, cellIDs(board)[0])
	after := e.waitBoard(t, general.ID, 2)
	if n := e.moves(t, 1); n != 2 {
		t.Fatalf("%d moves after Ayşe's press and the bot's answer", n)
	}
	e.srv.Resend(press)
	// A later move of another cell proves the resent press was dealt with
	// (events of a channel are handled in order).
	e.srv.Press(general, ayse, "en-US", after.ID, cellIDs(after)[0])
	e.waitBoard(t, general.ID, 3)
	if n := e.moves(t, 1); n != 4 {
		t.Errorf("%d moves after two presses and a resent one, want 4", n)
	}
	var shown int
	e.srv.Snapshot(func(v *fakediscord.View) { shown = len(shownBoards(v, general.ID)) })
	if shown != 3 {
		t.Errorf("%d boards shown, want 3 (the start and two moves)", shown)
	}
	if st, _ := e.srv.Interaction(press); st.DoubleAcked {
		t.Error("the resent press was acknowledged twice")
	}
}

// TestE2ELiveBoardCalls measures a game between two people in a server
// channel, played by select menus, with the channel's two board settings:
// "board new" (a picture after every turn, as before issue 36) and the
// default one board per game edited in place. It logs the API calls and
// the messages (go test -v -run TestE2ELiveBoardCalls ./chat/discord/) and
// checks the live board posts at most 3 messages for the game.
func TestE2ELiveBoardCalls(t *testing.T) {
	t.Parallel()
	const plies = 40
	msgs := map[string]int{}
	for _, mode := range []string{"new", "one"} {
		e := newE2E(t)
		seen := len(e.srv.Messages(general.ID))
		e.srv.SendMessage(general, ayse, "!board "+mode)
		e.waitMessage(t, general.ID, seen, "the setting", func(m fakediscord.Message) bool { return m.Content != "" })
		seen = len(e.srv.Messages(general.ID))
		e.srv.SlashCommand(general, ayse, "en-US", "challenge", fakediscord.UserOpt("user", mehmet), fakediscord.Str("game", "dama"))
		invite := e.waitMessage(t, general.ID, seen, "the invitation", func(m fakediscord.Message) bool {
			return len(buttonIDs(m)) == 2 && strings.HasPrefix(buttonIDs(m)[0], "accept @")
		})
		e.srv.Press(general, mehmet, "en-US", invite.ID, buttonIDs(invite)[0])
		board := e.nextBoard(t, general.ID, fakediscord.Message{}, "the first board")
		calls, before := len(e.srv.Calls()), len(e.srv.Messages(general.ID))
		ply := 0
		for ; ply < plies && len(board.Menus()) > 0; ply++ {
			mover := ayse
			if lines := strings.Split(board.Content, "\n"); strings.Contains(lines[len(lines)-1], "Memo") { // whose turn
				mover = mehmet
			}
			msg := board
			for range 3 {
				menu, value, ok := moveOption(msg, ply)
				if !ok {
					t.Fatalf("ply %d: nothing to choose in %+v", ply, msg.Menus())
				}
				e.srv.Select(general, mover, "en-US", msg.ID, menu, value)
				if len(strings.Fields(value)) != 4 {
					break // a move
				}
				e.srv.WaitT(t, wait, "the piece's moves", func(v *fakediscord.View) bool {
					for _, m := range v.Messages(general.ID) {
						if m.ID == msg.ID {
							msg = m
						}
					}
					_, v5, ok := moveOption(msg, 0)
					return ok && len(strings.Fields(v5)) >= 5
				})
			}
			board = e.nextBoard(t, general.ID, board, "the board after ply "+strconv.Itoa(ply+1))
		}
		n := 0
		for _, c := range e.srv.Calls()[calls:] {
			if c.ChannelID == general.ID {
				n++
			}
		}
		msgs[mode] = len(e.srv.Messages(general.ID)) - before
		t.Logf("board %s: dama, %d plies by menus between two people: %d API calls, %d new messages (%s)",
			mode, ply, n, msgs[mode], e.callStats(general.ID))
	}
	if msgs["one"] > 3 || msgs["new"] < plies/2 {
		t.Errorf("new messages during the game: %d with one board per game (want at most 3), %d with a picture a turn", msgs["one"], msgs["new"])
	}
}
