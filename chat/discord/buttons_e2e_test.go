package discord

import (
	"strings"
	"testing"

	"oyunbot/chat/discord/fakediscord"
)

// TestE2EOldBoardActsOnItsOwnGame: Ayşe plays #g1 against Memo and then
// #g2 against Cem in one channel; #g1's board keeps its buttons (Discord
// strips none), and its resign button, pressed after #g2 has started,
// resigns #g1 while #g2 goes on. Pressed again, it says the game is over.
func TestE2EOldBoardActsOnItsOwnGame(t *testing.T) {
	t.Parallel()
	e := newE2E(t)
	cem := fakediscord.User{ID: "9", Name: "cem", GlobalName: "Cem"}
	challenge := func(to fakediscord.User) {
		t.Helper()
		seen := len(e.srv.Messages(general.ID))
		e.srv.SlashCommand(general, ayse, "en-US", "challenge", fakediscord.UserOpt("user", to), fakediscord.Str("game", "tictactoe"))
		invite := e.waitMessage(t, general.ID, seen, "the invitation", func(m fakediscord.Message) bool {
			return len(buttonIDs(m)) == 2 && strings.HasPrefix(buttonIDs(m)[0], "accept @"+ayse.ID+":")
		})
		e.srv.Press(general, to, "en-US", invite.ID, buttonIDs(invite)[0])
	}
	challenge(mehmet)
	first := e.waitBoard(t, general.ID, 1)
	challenge(cem)
	second := e.waitBoard(t, general.ID, 2)
	if !strings.Contains(first.Content, "#g1 ") || !strings.Contains(second.Content, "#g2 ") {
		t.Fatalf("boards %q, %q", first.Content, second.Content)
	}
	if !contains(buttonIDs(first), "resign #g1") || !contains(buttonIDs(second), "resign #g2") {
		t.Fatalf("resign buttons %v, %v", buttonIDs(first), buttonIDs(second))
	}

	e.srv.Press(general, ayse, "en-US", first.ID, "resign #g1")
	over := e.waitBoard(t, general.ID, 3)
	if ids := buttonIDs(over); !strings.Contains(over.Content, "#g1 ") || len(ids) != 1 || ids[0] != "rematch #g1" { // the rematch alone (issue 20.8)
		t.Fatalf("after resigning under #g1's board: %q %v", over.Content, buttonIDs(over))
	}
	if _, err := e.mgr.Lobby().Get(1); err == nil {
		t.Error("#g1 goes on")
	}
	if s, err := e.mgr.Lobby().Get(2); err != nil || s.Result.Over {
		t.Errorf("#g2 ended with #g1: %v %+v", err, s.Result)
	}

	seen := len(e.srv.Messages(general.ID))
	e.srv.Press(general, ayse, "en-US", first.ID, "resign #g1")
	e.waitMessage(t, general.ID, seen, "the stale press's answer", func(m fakediscord.Message) bool {
		return strings.Contains(m.Content, "#g1 This game is over")
	})
	if s, err := e.mgr.Lobby().Get(2); err != nil || s.Result.Over {
		t.Errorf("a stale press ended #g2: %v %+v", err, s.Result)
	}
}
