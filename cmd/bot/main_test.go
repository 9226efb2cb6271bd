package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestMovedTools: the subcommands that became programs under tools/ say
// where they went, with the arguments given, instead of starting the bot;
// help names them.
func TestMovedTools(t *testing.T) {
	for _, tc := range []struct{ args, want string }{
		{"loadtest -games 20", "go run ./tools/loadtest -games 20"},
		{"selfplay -game dama -a hard", "go run ./tools/selfplay -game dama -a hard"},
	} {
		var out, errb bytes.Buffer
		if code := run(strings.Fields(tc.args), nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("bot %s: exit %d, %q; want 2 and %q", tc.args, code, errb.String(), tc.want)
		}
	}
	var out bytes.Buffer
	if code := run([]string{"help"}, nil, &out, &out); code != 0 || !strings.Contains(out.String(), "./tools/loadtest") {
		t.Errorf("help: exit %d:\n%s", code, out.String())
	}
}
