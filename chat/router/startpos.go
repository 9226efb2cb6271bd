package router

// startpos.go reads a custom start position in "play" (what a turn did is
// written by chat/present's turns.go).

import (
	"strings"

	"oyunbot/chat"
)

// startWords introduce a custom start position in "play": everything after
// one of them is the position, in the game's own text ("play steps from 37",
// "oyna satranç fen …").
var startWords = map[string]bool{"from": true, "fen": true, "konum": true, "konumdan": true, "baslangic": true}

// startPosition splits play's arguments at a start word: the arguments
// before it and the position text after it ("" when there is none).
func startPosition(args []string) ([]string, string) {
	for i, a := range args {
		if startWords[chat.Fold(a)] {
			return args[:i], strings.TrimSpace(strings.Join(args[i+1:], " "))
		}
	}
	return args, ""
}
