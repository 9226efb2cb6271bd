package tavla

// host.go describes how the bot hosts tavla (games.Hosted): its sides
// (beyaz, siyah), its levels (the seed document's heuristic among them)
// and everything it says about itself.

import (
	"time"

	"oyunbot/ai"
	"oyunbot/games"
)

var _ games.Hosted = Game{}

// Levels. All but seed search whole turns on the learned evaluation
// (search.go, through ai.OwnSearcher; levelSearch says how each does):
// easy and medium rate each turn by the network alone (1-ply) and make
// deliberate mistakes, easy often and by up to 0.15 points, medium seldom
// and by up to 0.05; hard averages the opponent's 21 rolls and best
// replies over its best eight turns (2-ply); master looks a further
// layer of rolls deeper (3-ply) and settles close calls by truncated
// rollouts in the time left (masterOptions). Depth counts plies in that
// sense (4: rollouts). seed is
// the seed document's greedy heuristic, one die at a time, searched by the
// common engine (see Pos.SetStyle).
func levels() []ai.Level {
	return []ai.Level{
		{Name: "easy", Limits: ai.Limits{Depth: 1, Turns: true, Time: 500 * time.Millisecond}, BlunderProb: 0.4, Margin: 150},
		{Name: "medium", Limits: ai.Limits{Depth: 1, Turns: true, Time: 500 * time.Millisecond}, BlunderProb: 0.1, Margin: 50},
		{Name: "hard", Limits: ai.Limits{Depth: 2, Turns: true, Time: time.Second}},
		{Name: "master", Limits: ai.Limits{Depth: 3, Turns: true, Time: 2 * time.Second}},
		{Name: "seed", Limits: ai.Limits{Depth: 1}, Style: "seed"},
	}
}

// Host implements games.Hosted. Take-backs against the bot are off: the
// dice would be rolled again.
func (Game) Host() games.Host {
	return games.Host{
		Sides: []games.SideInfo{
			{Key: "white", Words: []string{"white", "beyaz", "w", "first", "ilk"}},
			{Key: "black", Words: []string{"black", "siyah", "b", "second", "ikinci"}},
		},
		Facing: true,
		Levels: levels(),
		Policy: games.Policy{NoUndo: true, NoDraws: true},
		// The measured ladder (BENCHMARKS.md, "Bot ladders"): games won
		// between neighbouring levels at their own budgets, medium anchored
		// at 1500 where a new player starts: easy-seed 0.990 (200 games),
		// medium-easy 0.672 (200), hard-medium 0.590 (200), master-hard
		// 0.571 (126).
		LevelRatings: map[string]int{"seed": 580, "easy": 1380, "medium": 1500, "hard": 1560, "master": 1610},
		Catalog:      catalog(),
	}
}

// catalog is hapis's own messages; the bot files them under "hapis.".
func catalog() map[string]map[string]string {
	return map[string]map[string]string{
		"tr": {
			"name": "Hapis tavlası",
			"help": "Hapis tavlası: herkesin 15 pulu kendi 1 numaralı hanesinde başlar; hanelerini 1'den 24'e sayar ve hep ileri oynar, evi 19-24. " +
				"Zarları bot atar; her zar bir pulu o kadar ilerletir, çift gelirse dört kez oynanır. Olabildiğince çok zar oynanmalı; yalnız biri oynanabiliyorsa büyüğü. " +
				"İki ya da daha çok pulun durduğu hane kapıdır, rakip oraya konamaz. Tek (açık) pulun üstüne konan pul onu hapseder: hapisteki pul, üstündekiler gidene dek oynayamaz. " +
				"Bütün pullar evdeyken ve hiçbiri hapiste değilken pul toplanır. 15 pulunu ilk toplayan kazanır; rakip hiç toplayamadıysa mars: 2 sayı. " +
				"Hamleler kendi numaralarınla yazılır: 13/18 ya da 13-18, toplamak 20/off; bütün el tek mesajda (13/18 18/20) ya da zar zar.",
			"notation": "örnek: 13/18 18/20, toplamak için 20/off",

			"side.white": "beyaz",
			"side.black": "siyah",

			"moveerr.no-checker":       "o hanede senin oynayabileceğin pul yok",
			"moveerr.pinned":           "o pul hapiste, üstündeki rakip pul gidene dek oynayamaz",
			"moveerr.backward":         "pullar yalnız ileri gider",
			"moveerr.no-die":           "bu hamle {die} ister, kalan zarların: {dice}",
			"moveerr.only-die":         "yalnız {dice} kaldı; bu hamle {die} ister",
			"moveerr.off-die":          "bu pulu toplamak {die} ya da daha büyük bir zar ister, kalan zarların: {dice}",
			"moveerr.only-die-off":     "yalnız {dice} kaldı; bu pulu toplamak {die} ya da daha büyük bir zar ister",
			"moveerr.door":             "o hane rakibin kapısı (iki ya da daha çok pul)",
			"moveerr.pinned-point":     "o hanede senin hapsedilmiş pulun var, oraya konamazsın",
			"moveerr.bear-off-home":    "pul toplamak için bütün pulların evde (19-24) olmalı",
			"moveerr.bear-off-pinned":  "hapisteki bir pulun varken pul toplanmaz",
			"moveerr.bear-off-farther": "daha geride pulun var: bu zarla içeride oyna",
			"moveerr.larger-die":       "yalnız bir zar oynanabiliyor: büyüğü oynanmalı",
			"moveerr.max-dice":         "böyle oynarsan bir zar boşa gider; zarların hepsini kullanan bir yol var",
			"moveerr.roll":             "zarları bot atar",
			"moveerr.can-move":         "oynanabilecek bir zarın var, pas geçemezsin",
			"moveerr.must-pass":        "hiçbir zarın oynanamıyor: pas yaz",

			"reason.borne-off": "bütün pullar toplandı",
			"reason.mars":      "mars: rakip hiç pul toplayamadı",
			"reason.deadlock":  "iki taraf da hiçbir zarla oynayamıyor: berabere",
			"start.borne-off":  "{winner} bütün pullarını toplamış",
			"start.mars":       "{winner} bütün pullarını toplamış, {loser} hiç toplamamış",

			"prompt.roll":      "zarın: {roll} ({name})",
			"prompt.one-die":   "zarın: {roll} ({name}); yalnız {die} oynanabiliyor",
			"prompt.some-dice": "zarın: {roll} ({name}); yalnız {n} zar oynanabiliyor",
			"prompt.die":       "kalan zar: {dice}",
			"prompt.pass":      "zarın: {roll} ({name}); oynanacak hamle yok, pas yaz",
			"prompt.lost":      "rakibin {lost} zarıyla oynayamadı. Zarın: {roll} ({name})",
			// The same, said of the player to move to those who watch (the
			// web page): {player} is to move, {opponent} the other.
			"prompt.roll.others":      "zar ({player}): {roll} ({name})",
			"prompt.one-die.others":   "zar ({player}): {roll} ({name}); yalnız {die} oynanabiliyor",
			"prompt.some-dice.others": "zar ({player}): {roll} ({name}); yalnız {n} zar oynanabiliyor",
			"prompt.pass.others":      "zar ({player}): {roll} ({name}); oynanacak hamle yok, pas",
			"prompt.lost.others":      "{opponent} {lost} zarıyla oynayamadı. Zar ({player}): {roll} ({name})",

			"poserr.fields":       "konum 5 alandan oluşur (haneler, beyazın ve siyahın topladığı pul sayısı, sıra, zarlar); bunda {n} var",
			"poserr.points":       "24 hane olmalı, virgülle ayrılmış; bunda {n} var",
			"poserr.point":        "{point}. hane {text}: ., wN, bN, wN/b ya da bN/w olmalı (w beyaz, b siyah, N pul sayısı)",
			"poserr.point-count":  "{point}. hane {text}: pul sayısı 1 ile 15 arasında olmalı",
			"poserr.point-pin":    "{point}. hane {text}: hapisteki pul öbür tarafın olmalı",
			"poserr.off":          "toplanan pul sayısı {text}: 0 ile 15 arasında olmalı",
			"poserr.totals":       "beyazın {white}, siyahın {black} pulu var; ikisinin de 15 olmalı",
			"poserr.both-off":     "iki taraf birden bütün pullarını toplamış olamaz",
			"poserr.side":         "sıra {text}: w (beyaz), b (siyah) ya da açılış zarından önce - olmalı",
			"poserr.dice-opening": "açılış zarından önce zar olmaz: {text}",
			"poserr.dice-over":    "bitmiş oyunda zar olmaz: {text}",
			"poserr.dice":         "zarlar {text}: -, a-b, a ya da axN olmalı (ör. 6-3, 5, 4x3)",

			"picture.side":   "{side}: pip {pips} · toplanan {off}",
			"picture.white":  "beyaz",
			"picture.black":  "siyah",
			"picture.match":  "maç {a}–{b} · {target} sayıya",
			"picture.pinned": "hapiste",

			"text.w":      "b",
			"text.b":      "s",
			"text.dice":   "zar: {dice}",
			"text.side":   "{side} ({letter}): pip {pips}, toplanan {off}",
			"text.pinned": "{cell}: {n} {top} pulun altında hapsedilmiş bir {under} pul (hapisteki pul, üstündekiler gidene dek oynayamaz)",
		},
		"en": {
			"name": "Hapis tavlası",
			"help": "Hapis tavlası (pinning backgammon): each player's 15 checkers start on its own point 1; each numbers its points 1 to 24 and always moves up, home is 19-24. " +
				"The bot rolls the dice; each die moves a checker that far, a double is played four times. Play as many dice as you can; if only one can be played, the larger. " +
				"A point with two or more checkers is a door: the opponent may not land there. A checker landing on a single (open) opponent checker pins it: the pinned checker cannot move until the checkers on top have left. " +
				"Bear off once all your checkers are home and none is pinned. The first to bear off all 15 wins; if the loser bore off none, it is a mars: 2 points. " +
				"Moves use your own point numbers: 13/18 or 13-18, bearing off 20/off; a whole turn in one message (13/18 18/20) or die by die.",
			"notation": "e.g. 13/18 18/20, bearing off 20/off",

			"side.white": "white",
			"side.black": "black",

			"moveerr.no-checker":       "you have no checker that can move on that point",
			"moveerr.pinned":           "that checker is pinned: it cannot move until the opponent's checker on top leaves",
			"moveerr.backward":         "checkers only move forward",
			"moveerr.no-die":           "that move needs a {die}; your dice left: {dice}",
			"moveerr.only-die":         "only a {dice} is left; that move needs a {die}",
			"moveerr.off-die":          "bearing that checker off needs a {die} or more; your dice left: {dice}",
			"moveerr.only-die-off":     "only a {dice} is left; bearing that checker off needs a {die} or more",
			"moveerr.door":             "that point is the opponent's door (two or more checkers)",
			"moveerr.pinned-point":     "a checker of yours is pinned on that point: you may not land there",
			"moveerr.bear-off-home":    "you bear off only when all your checkers are home (19-24)",
			"moveerr.bear-off-pinned":  "you cannot bear off while a checker of yours is pinned",
			"moveerr.bear-off-farther": "a checker of yours stands farther back: use this die inside",
			"moveerr.larger-die":       "only one die can be played: it must be the larger",
			"moveerr.max-dice":         "that wastes a die: there is a way to play all of them",
			"moveerr.roll":             "the bot rolls the dice",
			"moveerr.can-move":         "a die of yours can be played: you may not pass",
			"moveerr.must-pass":        "none of your dice can be played: write pass",

			"reason.borne-off": "all checkers borne off",
			"reason.mars":      "mars: the loser bore off none",
			"reason.deadlock":  "neither side can move with any roll: a draw",
			"start.borne-off":  "{winner} has borne off all its checkers",
			"start.mars":       "{winner} has borne off all its checkers and {loser} none",

			"prompt.roll":      "your roll: {roll} ({name} in Turkish)",
			"prompt.one-die":   "your roll: {roll} ({name} in Turkish); only the {die} can be played",
			"prompt.some-dice": "your roll: {roll} ({name} in Turkish); only {n} {n|die|dice} can be played",
			"prompt.die":       "dice left: {dice}",
			"prompt.pass":      "your roll: {roll} ({name} in Turkish): no legal move; write pass",
			"prompt.lost":      "your opponent's {lost} could not be played. Your roll: {roll} ({name} in Turkish)",
			// The same, said of the player to move to those who watch (the
			// web page): {player} is to move, {opponent} the other.
			"prompt.roll.others":      "{player}'s roll: {roll} ({name} in Turkish)",
			"prompt.one-die.others":   "{player}'s roll: {roll} ({name} in Turkish); only the {die} can be played",
			"prompt.some-dice.others": "{player}'s roll: {roll} ({name} in Turkish); only {n} {n|die|dice} can be played",
			"prompt.pass.others":      "{player}'s roll: {roll} ({name} in Turkish): no legal move, a pass",
			"prompt.lost.others":      "{opponent}'s {lost} could not be played. {player}'s roll: {roll} ({name} in Turkish)",

			"poserr.fields":       "a position has 5 fields (the points, White's and Black's borne-off counts, the side to move, the dice); this one has {n}",
			"poserr.points":       "want 24 points separated by commas; this has {n}",
			"poserr.point":        "point {point} {text}: want ., wN, bN, wN/b or bN/w (w white, b black, N checkers)",
			"poserr.point-count":  "point {point} {text}: a count from 1 to 15",
			"poserr.point-pin":    "point {point} {text}: the pinned checker is the other side's",
			"poserr.off":          "borne-off count {text}: want 0 to 15",
			"poserr.totals":       "White has {white} checkers, Black {black}; want 15 each",
			"poserr.both-off":     "both sides cannot have borne off every checker",
			"poserr.side":         "side to move {text}: want w (white), b (black) or - before the opening roll",
			"poserr.dice-opening": "no dice before the opening roll: {text}",
			"poserr.dice-over":    "no dice in a finished game: {text}",
			"poserr.dice":         "dice {text}: want -, a-b, a or axN (e.g. 6-3, 5, 4x3)",

			"picture.side":   "{side}: pips {pips} · off {off}",
			"picture.white":  "white",
			"picture.black":  "black",
			"picture.match":  "match {a}–{b} · to {target}",
			"picture.pinned": "pinned",

			"text.w":      "w",
			"text.b":      "b",
			"text.dice":   "dice: {dice}",
			"text.side":   "{side} ({letter}): pips {pips}, off {off}",
			"text.pinned": "{cell}: a {top} stack of {n} on a pinned {under} checker (it cannot move until they have left)",
		},
	}
}

// Text is tavla's catalogue message key in lang (English when lang has
// none) with its {placeholders} filled from key, value pairs: the words
// its picture and text board write.
func Text(lang, key string, kv ...string) string {
	return games.CatalogText(catalog(), lang, key, kv...)
}

// AutoMove implements games.AutoMover: a roll none of whose dice can be
// played is passed for the player (the reply says so); any other turn is
// the player's to play.
func (p *Pos) AutoMove() (ai.Move, bool) {
	if t := p.Turn(); t != ai.First && t != ai.Second {
		return ai.NoMove, false
	}
	ms := p.Moves(nil)
	if len(ms) == 1 && isPass(ms[0]) {
		return ms[0], true
	}
	return ai.NoMove, false
}
