package web

import (
	"testing"
	"testing/synctest"
	"time"

	"oyunbot/chat"
)

// TestTellOnlyTheAsker: a private answer (a hint, an analysis asked on a
// page) goes to its player's streams of the game alone: not to a
// spectator's, nor to the other player's, nor to the player's stream of
// another game. One that finds no stream of its player open is kept for
// their next one, once, and not past mailKeep.
func TestTellOnlyTheAsker(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHub(&Server{cfg: Config{Streams: 100, StreamsPerIP: 100}, m: NewMetrics()})
		sub := func(id int64, who string) *stream {
			st, err := h.subscribe(id, "127.0.0.1", chat.English, 0, who)
			if err != nil {
				t.Fatal(err)
			}
			return st
		}
		spectator, ayse, bora, ayseElsewhere := sub(7, ""), sub(7, "telegram/42"), sub(7, "telegram/43"), sub(8, "telegram/42")
		ayse2 := sub(7, "telegram/42") // a second tab
		h.tell(7, "telegram/42", []byte("hint"))
		for name, st := range map[string]*stream{"the spectator's": spectator, "Bora's": bora, "Ayşe's of another game": ayseElsewhere} {
			if len(st.ch) != 0 {
				t.Errorf("%s stream got Ayşe's answer", name)
			}
		}
		for _, st := range []*stream{ayse, ayse2} {
			if len(st.ch) != 1 || string(<-st.ch) != "hint" {
				t.Error("Ayşe's stream did not get her answer")
			}
		}

		// Bora has no stream of game 8: kept for his next, once.
		h.tell(8, "telegram/43", []byte("analysis"))
		if st := sub(8, ""); len(st.ch) != 0 {
			t.Error("a spectator's new stream got Bora's kept answer")
		}
		if st := sub(8, "telegram/43"); len(st.ch) != 1 || string(<-st.ch) != "analysis" {
			t.Error("Bora's next stream did not get his kept answer")
		}
		if st := sub(8, "telegram/43"); len(st.ch) != 0 {
			t.Error("a kept answer was given twice")
		}

		// Kept no longer than mailKeep.
		h.tell(9, "telegram/43", []byte("late"))
		time.Sleep(mailKeep)
		if st := sub(9, "telegram/43"); len(st.ch) != 0 {
			t.Error("an answer was kept past mailKeep")
		}
	})
}
