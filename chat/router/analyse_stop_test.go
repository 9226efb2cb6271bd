package router_test

import (
	"context"
	"testing"
)

// TestAnalyseWhileStopping (issue 41.6): once the bot's graceful stop has
// begun (Router.Stop), an analysis asked for is not started but answered
// that the bot is restarting and to ask again, in the asker's language
// (not "failed", nor silence).
func TestAnalyseWhileStopping(t *testing.T) {
	b := newBot(t, nil)
	b.locale = "en"
	b.say("play tictactoe easy")
	b.say("b2")
	b.expect(b.say("resign yes"), "#g1")
	if err := b.r.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
	b.expect(b.say("analyse #g1"), "The analysis of #g1 was stopped: the bot is restarting. Ask for it again once the bot is back")
	b.locale = "tr"
	b.expect(b.say("analiz #g1"), "#g1 analizi durdu: bot yeniden başlatılıyor.")
}
