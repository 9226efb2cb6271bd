package gamestest_test

import (
	"errors"
	"strings"
	"testing"

	"oyunbot/games"
	"oyunbot/games/dama"
	"oyunbot/games/draughts"
	"oyunbot/games/islem"
	"oyunbot/games/puzzle"
	"oyunbot/games/tavla"
	"oyunbot/games/tictactoe"
)

// TestPositionErrorsInBothLanguages: every way each game refuses a
// position text is a *games.PositionError whose key its catalogue has in
// Turkish and English, placeholders filled (issue 21: English internal
// errors reached Turkish players; Italian draughts' and checkers' still
// did: "italian: position "xyz" has no side to move"). Chess's are in its
// own package.
func TestPositionErrorsInBothLanguages(t *testing.T) {
	const (
		tavlaPts = ".,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,."
		empty8   = "--------/--------/--------/--------/--------/--------/--------/--------"
	)
	for _, tc := range []struct {
		game games.Game
		text string
		key  string
	}{
		{dama.Game{}, "", "empty"},
		{dama.Game{}, dama.StartFEN[:71], "no-side"},
		{dama.Game{}, dama.StartFEN + " x", "extra"},
		{dama.Game{}, "......../........ w", "ranks"},
		{dama.Game{}, "......./......../......../......../......../......../......../........ w", "rank"},
		{dama.Game{}, "......x./......../......../......../......../......../......../........ w", "char"},
		{dama.Game{}, "......../......../......../......../......../......../......../........ x", "side"},
		{dama.Game{}, "w......./......../......../......../......../......../......../........ w", "white-man"},
		{dama.Game{}, "......../......../......../......../......../......../......../b....... w", "black-man"},
		{dama.Game{}, "......../wwwwwwww/wwwwwwww/w......./......../......../......../........ w", "pieces"},

		{draughts.Italian, "", "empty"},
		{draughts.Italian, "xyz", "no-side"},
		{draughts.Italian, draughts.Italian.StartText() + " x", "extra"},
		{draughts.Checkers, "......../........ b", "ranks"},
		{draughts.Checkers, "......./......../......../......../......../......../......../........ b", "rank"},
		{draughts.Checkers, "......../......../......../......../......../......../......../.w...... b", "light"},
		{draughts.Checkers, "......../......../......../......../......../......../......../x....... b", "char"},
		{draughts.Italian, "......../......../......../......../......../......../......../.x...... w", "char"},
		{draughts.Checkers, "......../......../......../......../......../......../......../w....... x", "side"},
		{draughts.Checkers, ".w....../......../......../......../......../......../......../........ b", "white-man"},
		{draughts.Checkers, "......../......../......../......../......../......../......../b....... b", "black-man"},
		{draughts.Checkers, "......../w.w.w.w./.w.w.w.w/w.w.w.w./.w.w.w.w/......../......../........ b", "pieces"},

		{tavla.Game{}, "1 2", "fields"},
		{tavla.Game{}, ".,. 0 0 w 6-5", "points"},
		{tavla.Game{}, "x1" + tavlaPts[1:] + " 0 0 w 6-5", "point"},
		{tavla.Game{}, "w99" + tavlaPts[1:] + " 0 0 w 6-5", "point-count"},
		{tavla.Game{}, "w1/w" + tavlaPts[1:] + " 0 0 w 6-5", "point-pin"},
		{tavla.Game{}, "w15" + tavlaPts[1:len(tavlaPts)-1] + "b15 x 0 w 6-5", "off"},
		{tavla.Game{}, "w15" + tavlaPts[1:len(tavlaPts)-1] + "b14 0 0 w 6-5", "totals"},
		{tavla.Game{}, tavlaPts + " 15 15 w -", "both-off"},
		{tavla.Game{}, "w15" + tavlaPts[1:len(tavlaPts)-1] + "b15 0 0 x 6-5", "side"},
		{tavla.Game{}, "w15" + tavlaPts[1:len(tavlaPts)-1] + "b15 0 0 - 6-5", "dice-opening"},
		{tavla.Game{}, "." + tavlaPts[1:len(tavlaPts)-1] + "b15 15 0 w 6-5", "dice-over"},
		{tavla.Game{}, "w15" + tavlaPts[1:len(tavlaPts)-1] + "b15 0 0 w 9-9", "dice"},

		{islem.Game{}, empty8 + " x/* */* 0:0 b 0 0", "hand-stone"},
		{islem.Game{}, empty8 + " 1,1/* */* 0:0 b 0 0", "hand-twice"},
		{islem.Game{}, "a b", "fields"},
		{islem.Game{}, "--------/-------- */* */* 0:0 b 0 0", "ranks"},
		{islem.Game{}, "---------" + empty8[8:] + " */* */* 0:0 b 0 0", "rank-long"},
		{islem.Game{}, "b99-----" + empty8[8:] + " */* */* 0:0 b 0 0", "rank-stone"},
		{islem.Game{}, "x-------" + empty8[8:] + " */* */* 0:0 b 0 0", "rank-char"},
		{islem.Game{}, "-------" + empty8[8:] + " */* */* 0:0 b 0 0", "rank-short"},
		{islem.Game{}, empty8 + " * */* 0:0 b 0 0", "hand-sets"},
		{islem.Game{}, empty8 + " 1/1 */* 0:0 b 0 0", "hand-second"},
		{islem.Game{}, "b1-------" + empty8[8:] + " */* */* 0:0 b 0 0", "stone-count"},
		{islem.Game{}, empty8 + " */* */* x b 0 0", "captures"},
		{islem.Game{}, empty8 + " */* */* 1:0 b 0 0", "too-many"},
		{islem.Game{}, empty8 + " */* */* 0:0 x 0 0", "side"},
		{islem.Game{}, empty8 + " */* */* 0:0 b x 0", "owed"},
		{islem.Game{}, empty8 + " */* */* 0:0 b 0>e4 0", "owed-square"},
		{islem.Game{}, empty8 + " */* */* 0:0 b 2 0", "owed-none"},
		{islem.Game{}, empty8 + " */* */* 0:0 b 0 999", "turns"},

		{puzzle.Eight, "1,2,3", "count"},
		{puzzle.Eight, "1,2,3,4,5,6,7,8,x", "number"},
		{puzzle.Fifteen, "1,1,2,3,4,5,6,7,8,9,10,11,12,13,14,0", "twice"},

		{tictactoe.Game{}, "x", "format"},
		{tictactoe.Game{}, "xo x", "cells"},
		{tictactoe.Game{}, "x.o.y.... o", "cell"},
		{tictactoe.Game{}, "......... z", "side"},
		{tictactoe.Game{}, "xxx...... o", "counts"},
		{tictactoe.Game{}, "......... o", "x-to-move"},
		{tictactoe.Game{}, "x........ x", "o-to-move"},
		{tictactoe.Game{}, "xxxooo... x", "both-lines"},
		{tictactoe.Game{}, "xxxoo.o.. x", "x-line"},
		{tictactoe.Game{}, "ooox.xx.x o", "o-line"},
	} {
		_, err := tc.game.ParsePosition(tc.text)
		var pe *games.PositionError
		if !errors.As(err, &pe) || pe.Key != tc.key {
			t.Errorf("%s %q: %v, want a PositionError %s", tc.game.Name(), tc.text, err, tc.key)
			continue
		}
		tr, en := pe.Message("tr"), pe.Message("en")
		if strings.ContainsAny(tr+en, "{}") || tr == en || tr == err.Error() || en == err.Error() {
			t.Errorf("%s %q: tr %q, en %q (log %q)", tc.game.Name(), tc.text, tr, en, err)
		}
	}
	if _, err := puzzle.Eight.ParsePosition("1,2"); !errors.Is(err, puzzle.ErrFormat) {
		t.Errorf("puzzle errors no longer wrap ErrFormat: %v", err)
	}
}
