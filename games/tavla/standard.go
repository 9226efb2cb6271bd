package tavla

// standard.go is standard tavla (../shared/rules/tavla-standard.md): the
// board, dice, turns, notation and pictures of hapis, with hitting
// instead of pinning. A checker landing on a lone opponent checker sends
// it to the bar, from where it must enter (on its own points 1..6, the
// opponent's home) before anything else of its side moves; mars counts
// two; no doubling cube. Its positions are Pos with st.hit set, so
// everything the two games share is the same code; only the rules of
// landing, entering and bearing off and the way points are named differ.
//
// Points are named as backgammon players and GNU Backgammon name them: in
// the mover's numbering from 24 (its start) down to 1 (its home is 1..6),
// "bar" for the bar and "off" for bearing off ("13/7 8/7", "bar/22",
// "6/off"). Inside, a side's own point q (1..24, moving up, as hapis) is
// named 25-q.

import (
	"fmt"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
)

// Standard is standard Turkish tavla, with hitting.
type Standard struct{}

var (
	_ games.Game   = Standard{}
	_ games.Hosted = Standard{}
)

// Name implements games.Game.
func (Standard) Name() string { return "tavla" }

// Aliases implements games.Game.
func (Standard) Aliases() []string { return []string{"erkek", "standard-tavla"} }

// Players implements games.Game.
func (Standard) Players() int { return 2 }

// SideNames implements games.Game.
func (Standard) SideNames() []string { return []string{"white", "black"} }

// Start implements games.Game: two checkers on each side's 24 point, five
// on its 13, three on its 8 and five on its 6 (own points 1, 12, 17, 19),
// and the opening roll to come.
func (Standard) Start() games.Position {
	p := newPos()
	p.st.hit = true
	for _, c := range [][2]int{{1, 2}, {12, 5}, {17, 3}, {19, 5}} {
		p.st.occ[index(white, c[0])] = int8(c[1])
		p.st.occ[index(black, c[0])] = -int8(c[1])
	}
	p.st.opening = true
	p.st.hash = p.computeHash()
	return p
}

// ParsePosition implements games.Game: the text format of String, with
// the checkers on the bar after the borne-off ones.
func (Standard) ParsePosition(s string) (games.Position, error) { return parsePositionOf(s, true) }

// Host implements games.Hosted. The levels are hapis's (but its seed
// document's): searches of whole turns on standard tavla's own learned
// evaluation (netstd1.bin, trained by tools/tavlatrain -standard), easy and
// medium 1-ply with deliberate mistakes, hard 2-ply, master 3-ply and
// rollouts (own.go). The hand-made evaluation (stdeval.go) is the style
// "hand" and the common engine's ("classic").
func (Standard) Host() games.Host {
	var lv []ai.Level
	for _, l := range levels() {
		if l.Style == "" {
			lv = append(lv, l)
		}
	}
	return games.Host{
		Sides: []games.SideInfo{
			{Key: "white", Words: []string{"white", "beyaz", "w", "first", "ilk"}},
			{Key: "black", Words: []string{"black", "siyah", "b", "second", "ikinci"}},
		},
		Facing:  true,
		Levels:  lv,
		Policy:  games.Policy{NoUndo: true, NoDraws: true},
		Catalog: stdCatalog(),
	}
}

// stdPosErr is a standard position text's fault (see posErr).
func stdPosErr(key, detail string, kv ...string) error {
	return &games.PositionError{Key: key, Args: kv, Detail: "tavla: " + detail, Catalog: stdCatalog()}
}

// text is the catalogue message of p's game (hapis's or standard tavla's).
func (p *Pos) text(lang, key string, kv ...string) string {
	if p.st.cube.on {
		return games.CatalogText(bgCatalog(), lang, key, kv...)
	}
	if p.st.hit {
		return games.CatalogText(stdCatalog(), lang, key, kv...)
	}
	return Text(lang, key, kv...)
}

// pointName is how side s's own point q (0: the bar, 25: off) is written.
func (st *state) pointName(q int) string {
	if !st.hit {
		if q > points {
			return "off"
		}
		return strconv.Itoa(q)
	}
	switch {
	case q <= 0:
		return "bar"
	case q > points:
		return "off"
	}
	return strconv.Itoa(points + 1 - q)
}

// formatStd writes a standard tavla ply: "13/7", "13/7*" for a hit,
// "bar/22", "6/off" ("3/off=6" when a smaller die could bear the same
// checker off too).
func (p *Pos) formatStd(m ai.Move) string {
	st := &p.st
	s, from, die := decodePly(m)
	q := 0
	if from != bar {
		q = ownPoint(s, from)
	}
	if q+die > points {
		if q+die > points+1 {
			for _, o := range p.Moves(make([]ai.Move, 0, 32)) {
				if os, of, od := decodePly(o); os == s && of == from && od < die && q+od > points {
					return fmt.Sprintf("%s/off=%d", st.pointName(q), die)
				}
			}
		}
		return st.pointName(q) + "/off"
	}
	out := st.pointName(q) + "/" + st.pointName(q+die)
	if st.occ[index(s, q+die)]*sign(s) == -1 {
		out += "*"
	}
	return out
}

// readStdPoint reads a standard tavla point as typed (the mover's
// numbering), returning the own point: 0 for the bar (also "25"), 25 for
// off (also "0").
func readStdPoint(t string) (int, bool) {
	t = strings.TrimRight(strings.TrimSpace(t), "*")
	switch {
	case t == "bar" || t == "b" || t == "kırık" || t == "kirik":
		return 0, true
	case offWords[t] && t != "25":
		return points + 1, true
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < 0 || n > points+1 {
		return 0, false
	}
	return points + 1 - n, true
}

// stdCatalog is standard tavla's messages: hapis's (the dice, the
// prompts, the position text's faults), with those the rules change
// rewritten and the bar's added. The bot files them under "tavla.".
func stdCatalog() map[string]map[string]string {
	out := catalog()
	over := map[string]map[string]string{
		"tr": {
			"name": "Tavla",
			"help": "Tavla (erkek tavlası): herkesin 15 pulu 24 numaralı hanesinde 2, 13'te 5, 8'de 5'e karşı 3, 6'da 5 olarak başlar; haneler herkesin kendi yönünden 24'ten 1'e sayılır, ev 1-6. " +
				"Zarları bot atar; her zar bir pulu o kadar ilerletir, çift gelirse dört kez oynanır. Olabildiğince çok zar oynanmalı; yalnız biri oynanabiliyorsa büyüğü. " +
				"İki ya da daha çok rakip pulun durduğu hane kapalıdır. Tek (açık) rakip pulun üstüne gelen pul onu kırar: kırık pul ortaya (bar) gider ve sahibi başka hiçbir pulu oynamadan önce onu rakibin evine sokmalıdır (zar 3 ise 22'ye: bar/22). " +
				"Bütün pullar evdeyken pul toplanır. 15 pulunu ilk toplayan kazanır; rakip hiç toplayamadıysa mars: 2 sayı. Katlama küpü yoktur. " +
				"Hamleler: 13/7 8/7, kırık pul için bar/22, toplamak 6/off; bütün el tek mesajda ya da zar zar.",
			"notation": "örnek: 13/7 8/7, kırık pul bar/22, toplamak 6/off",

			"moveerr.door":          "o hane kapalı (rakibin iki ya da daha çok pulu var)",
			"moveerr.bear-off-home": "pul toplamak için bütün pulların evde (1-6) olmalı ve kırık pulun olmamalı",
			"moveerr.bar-first":     "kırık pulun var: önce onu rakibin evine sok (bar/22 gibi)",
			"moveerr.no-checker":    "o hanede senin pulun yok",

			"poserr.fields": "konum 7 alandan oluşur (haneler, beyazın ve siyahın topladığı, beyazın ve siyahın kırık pul sayısı, sıra, zarlar); bunda {n} var",
			"poserr.point":  "{point}. hane {text}: ., wN ya da bN olmalı (w beyaz, b siyah, N pul sayısı)",
			"poserr.bar":    "kırık pul sayısı {text}: 0 ile 15 arasında olmalı",

			"picture.bar": "kırık",
			"text.bar":    "kırık: {side} {n}",
		},
		"en": {
			"name": "Tavla",
			"help": "Tavla (standard Turkish backgammon): each player's 15 checkers start 2 on its 24 point, 5 on its 13, 3 on its 8 and 5 on its 6; each numbers the points from its own side, 24 down to 1, home is 1-6. " +
				"The bot rolls the dice; each die moves a checker that far, a double is played four times. Play as many dice as you can; if only one can be played, the larger. " +
				"A point with two or more opponent checkers is closed. Landing on a single (blot) opponent checker hits it: it goes to the bar, and its owner must enter it in the opponent's home before moving anything else (with a 3 on 22: bar/22). " +
				"Bear off once all your checkers are home. The first to bear off all 15 wins; if the loser bore off none, it is a mars: 2 points. No doubling cube. " +
				"Moves: 13/7 8/7, from the bar bar/22, bearing off 6/off; a whole turn in one message or die by die.",
			"notation": "e.g. 13/7 8/7, from the bar bar/22, bearing off 6/off",

			"moveerr.door":          "that point is closed (two or more opponent checkers)",
			"moveerr.bear-off-home": "you bear off only when all your checkers are home (1-6) and none is on the bar",
			"moveerr.bar-first":     "you have a checker on the bar: enter it first (e.g. bar/22)",
			"moveerr.no-checker":    "you have no checker there",

			"poserr.fields": "a position has 7 fields (the points, White's and Black's borne-off counts, White's and Black's checkers on the bar, the side to move, the dice); this one has {n}",
			"poserr.point":  "point {point} {text}: want ., wN or bN (w white, b black, N checkers)",
			"poserr.bar":    "checkers on the bar {text}: want 0 to 15",

			"picture.bar": "bar",
			"text.bar":    "on the bar: {side} {n}",
		},
	}
	for lang, kv := range over {
		for k, v := range kv {
			out[lang][k] = v
		}
	}
	return out
}
