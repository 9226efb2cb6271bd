package store_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/tavla"
	"oyunbot/sessions"
	"oyunbot/store"
)

// hapisMoves plays a few turns of hapis tavlası (the first legal ply each
// time, fixed rolls) and returns them as the store keeps them.
func hapisMoves(t *testing.T) []string {
	t.Helper()
	p := tavla.Game{}.Start()
	var out []string
	rolls := []string{"64:", "21:", "55:", "31:"}
	for len(out) < 30 && !p.Status().Over {
		var m ai.Move
		if p.Turn() == ai.Chance {
			roll := "5-3:" // the opening
			if len(out) > 0 {
				roll = rolls[len(out)%len(rolls)]
			}
			var err error
			if m, err = p.ParseMove(roll); err != nil {
				t.Fatal(err)
			}
		} else {
			m = p.Moves(nil)[0]
		}
		out = append(out, p.FormatMove(m))
		p.Make(m)
	}
	return out
}

// TestMigrateTavlaToHapis: a database of schema version 14, written when
// hapis tavlası was stored as "tavla", reads after migration 15 with every
// record of it under "hapis" (an unfinished game resumes as hapis, its
// moves replaying; its rating, challenge, match, tournament and analysis
// name it), and the other games' records untouched.
func TestMigrateTavlaToHapis(t *testing.T) {
	moves := hapisMoves(t)
	mj, err := json.Marshal(moves)
	if err != nil {
		t.Fatal(err)
	}
	// A challenge as the store of the time wrote it (sessions' challengeJSON).
	ch := `{"From":{"ID":"42","Name":"Ayşe","Bot":false},"To":{"ID":"7","Name":"Bora","Bot":false},"Game":"tavla","Side":-1,"TimeControl":"","Lang":"tr","Target":5}`
	match, err := json.Marshal(sessions.MatchRecord{Platform: "tg", ChannelID: "c", Game: "tavla", Target: 5})
	if err != nil {
		t.Fatal(err)
	}
	chess, err := json.Marshal(sessions.MatchRecord{Platform: "tg", ChannelID: "c", Game: "chess", Target: 2})
	if err != nil {
		t.Fatal(err)
	}
	q := func(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
	bothStores(t, func(t *testing.T, fresh func() string) {
		where := fresh()
		migrations := store.MigrationsForTest(where)
		if len(migrations) < 15 {
			t.Fatalf("%d migrations", len(migrations))
		}
		stmts := append(migrations[:14:14], `CREATE TABLE schema_version (version INTEGER NOT NULL)`,
			`INSERT INTO schema_version (version) VALUES (14)`,
			`INSERT INTO games (game, platform, channel, players, moves, started_ms, last_ms)
				VALUES ('tavla', 'tg', 'c', '[{"ID":"42","Name":"Ayşe"},{"ID":"7","Name":"Bora"}]', `+q(string(mj))+`, 1, 2)`,
			`INSERT INTO games (game, platform, channel, players, moves, started_ms, last_ms, over, winner, reason)
				VALUES ('chess', 'tg', 'c', '[{"ID":"42","Name":"Ayşe"},{"ID":"7","Name":"Bora"}]', '["e4"]', 1, 2, 1, 1, 'resigned')`,
			`INSERT INTO ratings (platform, game, player, name, rating, rd, volatility, games, updated_ms)
				VALUES ('tg', 'tavla', '42', 'Ayşe', 1600, 80, 0.06, 3, 5), ('tg', 'chess', '42', 'Ayşe', 1400, 80, 0.06, 3, 5)`,
			`INSERT INTO challenges (platform, channel, from_id, to_id, data, created_ms) VALUES ('tg', 'c', '42', '7', `+q(ch)+`, 6)`,
			`INSERT INTO matches (platform, channel, data, created_ms, updated_ms) VALUES ('tg', 'c', `+q(string(match))+`, 7, 7), ('tg', 'c', `+q(string(chess))+`, 8, 8)`,
			`INSERT INTO analyses (game_id, complete, result, at_ms) VALUES (1, 1, '{"version":1,"game":"tavla"}', 9)`,
		)
		rawExec(t, where, stmts...)
		s := open(t, where)
		ctx := t.Context()
		if n, err := s.Version(ctx); err != nil || n != len(migrations) {
			t.Fatalf("version %d, %v", n, err)
		}
		g, err := s.Game(ctx, 1)
		if err != nil || g.Game != "hapis" || fmt.Sprint(g.Moves) != fmt.Sprint(moves) {
			t.Fatalf("the hapis game: %+v, %v", g, err)
		}
		// It resumes: its game is found by the stored name and its moves
		// replay.
		reg, err := games.NewRegistry(tavla.Game{})
		if err != nil {
			t.Fatal(err)
		}
		game, ok := reg.Lookup(g.Game)
		if !ok {
			t.Fatalf("no game named %q", g.Game)
		}
		p := game.Start()
		for _, mv := range g.Moves {
			m, err := p.ParseMove(mv)
			if err != nil {
				t.Fatalf("replaying %q: %v", mv, err)
			}
			p.Make(m)
		}
		if c, err := s.Game(ctx, 2); err != nil || c.Game != "chess" {
			t.Fatalf("the chess game: %+v, %v", c, err)
		}
		rs, err := s.PlayerRatings(ctx, "tg", "42")
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, r := range rs {
			names = append(names, fmt.Sprintf("%s %v", r.Game, r.Rating))
		}
		if got := strings.Join(names, ", "); !strings.Contains(got, "hapis {1600") || !strings.Contains(got, "chess {1400") || strings.Contains(got, "tavla") {
			t.Fatalf("ratings: %s", got)
		}
		cs, err := s.Challenges(ctx)
		if err != nil || len(cs) != 1 || cs[0].Game != "hapis" || cs[0].Target != 5 {
			t.Fatalf("challenges %+v, %v", cs, err)
		}
		m1, err := s.Match(ctx, 1)
		if err != nil || m1.Game != "hapis" || m1.Target != 5 {
			t.Fatalf("match 1 %+v, %v", m1, err)
		}
		m2, err := s.Match(ctx, 2)
		if err != nil || m2.Game != "chess" {
			t.Fatalf("match 2 %+v, %v", m2, err)
		}
		a, err := s.Analysis(ctx, 1)
		if err != nil || string(a.Result) != `{"version":1,"game":"hapis"}` {
			t.Fatalf("analysis %s, %v", a.Result, err)
		}
	})
}
