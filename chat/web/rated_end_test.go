package web_test

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/present"
	"oyunbot/sessions"
)

// gatedSettle holds a finished game's settling (its ratings stored) until
// the test opens its gate, telling when it is reached.
type gatedSettle struct {
	sessions.Store
	reached chan struct{}
	gate    chan struct{}
}

func (g *gatedSettle) SettleGame(ctx context.Context, id int64, ratings []sessions.RatingRecord) error {
	if len(ratings) > 0 {
		close(g.reached)
		<-g.gate
	}
	return g.Store.SettleGame(ctx, id, ratings)
}

// TestRatedEndShowsRatings: a rated game's end reaches its open page with
// the ratings it left its players with, although they are stored after
// the end: the end's update waits for them (it was sent before, its
// ratings blank).
func TestRatedEndShowsRatings(t *testing.T) {
	gated := &gatedSettle{reached: make(chan struct{}), gate: make(chan struct{})}
	e := &env{t: t, path: t.TempDir() + "/bot.db", rec: &recorder{},
		wrap: func(st sessions.Store) sessions.Store { gated.Store = st; return gated }}
	e.start(nil)
	e.msg("grp", "bora", "bora", "lang en", false)
	e.msg("grp", "ayse", "ayse", "challenge @bora dama", false)
	page := watchURL(t, e.msg("grp", "bora", "bora", "accept", false))
	e.msg("grp", "ayse", "ayse", "c3-c4", false)
	e.msg("grp", "bora", "bora", "f6-f5", false)
	st := openStream(t, page+"/events", "")
	st.next(t) // the game as it stands

	type ev struct {
		Players []present.PlayerView `json:"players"`
		Over    bool                 `json:"over"`
	}
	events := make(chan ev, 16)
	go func() {
		defer close(events)
		for {
			_, data := st.next(t)
			var x ev
			json.Unmarshal([]byte(data), &x)
			events <- x
			if x.Over {
				return
			}
		}
	}()
	resigned := make(chan struct{})
	go func() {
		defer close(resigned)
		e.r.Handle(context.Background(), chat.Message{Platform: "test", ChannelID: "grp", UserID: "ayse", UserName: "ayse", Text: "resign yes"})
	}()
	select {
	case <-gated.reached: // the end is stored, its ratings not yet
	case <-time.After(30 * time.Second):
		t.Fatal("the game's end was never settled")
	}
	// The end's update is sent (blank ratings: the bug) or held back for
	// the ratings; then the ratings are stored.
	held := regexp.MustCompile(`(?m)^oyunbot_web_ends_held_total 1$`)
	var first *ev
	deadline := time.Now().Add(20 * time.Second)
	for first == nil && time.Now().Before(deadline) {
		select {
		case x := <-events:
			if x.Over {
				first = &x
			}
		case <-time.After(10 * time.Millisecond):
			if _, body := get(t, e.base+"/metrics"); held.MatchString(body) {
				deadline = time.Time{}
			}
		}
	}
	close(gated.gate)
	<-resigned
	if first == nil {
		select {
		case x, ok := <-events:
			if !ok || !x.Over {
				t.Fatalf("no end after the ratings were stored: %+v", x)
			}
			first = &x
		case <-time.After(20 * time.Second):
			t.Fatal("the end never reached the page")
		}
	}
	for _, p := range first.Players {
		if !regexp.MustCompile(`^1[0-9]{3}\?? \([+-][0-9]+\)$`).MatchString(p.Rating) {
			t.Errorf("the end's update shows %s's rating as %q, want what the game left them with", p.Name, p.Rating)
		}
	}
	if t.Failed() {
		t.Logf("players: %s", strings.TrimSpace(func() string { b, _ := json.Marshal(first.Players); return string(b) }()))
	}
}
