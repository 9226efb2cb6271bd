package discord

import (
	"strings"
	"testing"

	"oyunbot/chat/discord/fakediscord"
)

// TestE2EConfirmOnlyForTheAsker: Ayşe and Memo play in a channel; the one
// who has moved resigns and is asked "are you sure?" with a button; the
// other player's press (and a bystander's) is refused with "this question
// was not for you", in an ephemeral follow-up the presser alone sees (issue
// 36), and the game goes on; the asker's press resigns (issue 21).
func TestE2EConfirmOnlyForTheAsker(t *testing.T) {
	t.Parallel()
	e := newE2E(t)
	cem := fakediscord.User{ID: "9", Name: "cem", GlobalName: "Cem"}
	seen := len(e.srv.Messages(general.ID))
	e.srv.SlashCommand(general, ayse, "en-US", "challenge", fakediscord.UserOpt("user", mehmet), fakediscord.Str("game", "tictactoe"))
	invite := e.waitMessage(t, general.ID, seen, "the invitation", func(m fakediscord.Message) bool {
		return len(buttonIDs(m)) == 2 && strings.HasPrefix(buttonIDs(m)[0], "accept @")
	})
	e.srv.Press(general, mehmet, "en-US", invite.ID, buttonIDs(invite)[0])
	board := e.waitBoard(t, general.ID, 1)
	mover, other := ayse, mehmet
	if strings.Contains(board.Content, "Memo (X)") {
		mover, other = mehmet, ayse
	}
	// A press out of turn is refused to the presser alone (issue 36): an
	// ephemeral follow-up, and nothing else in the channel.
	seen = len(e.srv.Messages(general.ID))
	e.srv.Press(general, other, "en-US", board.ID, cellIDs(board)[0])
	e.waitMessage(t, general.ID, seen, other.Name+"'s refusal", func(m fakediscord.Message) bool {
		return m.Ephemeral && strings.Contains(m.Content, "#g1 It is not your turn")
	})
	for _, m := range e.srv.Messages(general.ID)[seen:] {
		if !m.Ephemeral {
			t.Errorf("a refused press was answered to everyone: %q", m.Content)
		}
	}
	e.srv.Press(general, mover, "en-US", board.ID, cellIDs(board)[0])
	e.waitBoard(t, general.ID, 2)

	seen = len(e.srv.Messages(general.ID))
	e.srv.SlashCommand(general, mover, "en-US", "resign")
	ask := e.waitMessage(t, general.ID, seen, "the question", func(m fakediscord.Message) bool {
		return len(buttonIDs(m)) == 1 && strings.HasPrefix(buttonIDs(m)[0], "resign #g1 yes")
	})
	for _, u := range []fakediscord.User{other, cem} {
		seen := len(e.srv.Messages(general.ID))
		e.srv.Press(general, u, "en-US", ask.ID, buttonIDs(ask)[0])
		e.waitMessage(t, general.ID, seen, u.Name+"'s refusal", func(m fakediscord.Message) bool {
			return m.Ephemeral && strings.Contains(m.Content, "#g1 This question was not for you")
		})
		if s, err := e.mgr.Lobby().Get(1); err != nil || s.Result.Over {
			t.Fatalf("%s's press ended the game: %v %+v", u.Name, err, s.Result)
		}
	}
	e.srv.Press(general, mover, "en-US", ask.ID, buttonIDs(ask)[0])
	over := e.waitBoard(t, general.ID, 3)
	if !strings.Contains(over.Content, "resigned") {
		t.Errorf("the asker's press: %q", over.Content)
	}
	if _, err := e.mgr.Lobby().Get(1); err == nil {
		t.Error("the game goes on after the asker's resignation")
	}
}

// TestE2EPrivateCommandsAreEphemeral: in a server, and in a group DM
// reached through the user install, the slash commands whose answer
// concerns the asker alone (help, legal, rating, hint) are answered
// ephemerally; a move, the board and the history are answered to all
// (issue 36; the README's table).
func TestE2EPrivateCommandsAreEphemeral(t *testing.T) {
	t.Parallel()
	for _, ch := range []fakediscord.Channel{general, group} {
		e := newE2E(t)
		ask := func(name string, ephemeral bool, opts ...fakediscord.Option) {
			t.Helper()
			seen := len(e.srv.Messages(ch.ID))
			e.srv.SlashCommand(ch, ayse, "en-US", name, opts...)
			m := e.waitMessage(t, ch.ID, seen, "/"+name+"'s answer", func(m fakediscord.Message) bool {
				return !m.Loading && m.Content != ""
			})
			if m.Ephemeral != ephemeral {
				t.Errorf("%s: /%s answered with ephemeral %v, want %v: %q", ch.ID, name, m.Ephemeral, ephemeral, m.Content)
			}
		}
		ask("help", true)
		ask("rating", true)
		ask("play", false, fakediscord.Str("game", "tictactoe"))
		ask("legal", true)
		ask("hint", true)
		ask("board", false)
		ask("history", false)
	}
}
