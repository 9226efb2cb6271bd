package draughts

// host.go describes how the bot hosts each game (games.Hosted): the words
// for its sides, its facing board, its levels and everything it says about
// itself, in Turkish and English.

import (
	"maps"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/internal/menboard"
	"oyunbot/games/internal/pdn"
)

// Host implements games.Hosted. Both games allow every action and are
// rated. Black is the second side in both (SideNames): in checkers Black
// moves first, so a person who starts a game without naming a side plays
// White and the bot opens; `black` opens yourself.
func (g Game) Host() games.Host {
	cat := commonCatalog()
	var own map[string]map[string]string
	if g.v.italian {
		own = italianCatalog()
	} else {
		own = checkersCatalog()
	}
	for lang, msgs := range own {
		maps.Copy(cat[lang], msgs)
	}
	for lang, msgs := range pdn.Catalog() {
		maps.Copy(cat[lang], msgs)
	}
	return games.Host{
		Sides: []games.SideInfo{
			{Key: "white", Words: []string{"white", "beyaz", "w"}},
			{Key: "black", Words: []string{"black", "siyah", "b"}},
		},
		Facing:       true,
		Levels:       Levels(),
		LevelRatings: g.v.levelRatings(),
		Catalog:      cat,
	}
}

// Levels are the bot's levels in both games, weakest first: seed is the
// seed document's program (seed.go): its evaluation, a fixed 6 plies; the
// others are the common engine's standard levels on the evaluation of
// eval.go, with quiescence over captures and crowning steps and the
// endgame table.
func Levels() []ai.Level {
	return append([]ai.Level{{Name: "seed", Limits: ai.Limits{Depth: seedDepth}, Style: StyleSeed, Plain: true}}, ai.Levels()...)
}

// levelRatings are the bot's fixed ratings by level, from the self-play
// ladder between its levels at their own budgets (BENCHMARKS.md, "Bot
// ladders"), medium anchored at 1500, where a new player starts (no
// external engine of these games to anchor on). Most steps were sweeps,
// which bound a gap from below only: each is its 95% lower bound, rounded
// down to ten.
func (v *variant) levelRatings() map[string]int {
	if v.italian {
		return map[string]int{"seed": 480, "easy": 990, "medium": 1500, "hard": 1880, "master": 1950}
	}
	return map[string]int{"seed": 480, "easy": 990, "medium": 1500, "hard": 2010, "master": 2130}
}

// commonCatalog is what both games say alike; the bot files it under the
// game's name.
func commonCatalog() map[string]map[string]string {
	return map[string]map[string]string{
		"tr": {
			"side.white": "beyaz",
			"side.black": "siyah",
			// The text board's letters in the reader's words (from, to
			// pairs) and their legend: b is beyaz in Turkish.
			"text.letters": "wb bs WB BS",
			"text.legend":  "b beyaz, s siyah; B, S dama",

			"moveerr." + ReasonBadNumber:         "kare numaraları 1'den 32'ye kadardır",
			"moveerr." + ReasonLightSquare:       "o kare açık renkli: oyun yalnız koyu karelerde oynanır",
			"moveerr." + ReasonNoPiece:           "başlangıç karesinde taş yok",
			"moveerr." + ReasonNotYourPiece:      "o taş senin değil",
			"moveerr." + ReasonSameSquare:        "taş yerinden oynamıyor",
			"moveerr." + ReasonOccupied:          "o kare dolu",
			"moveerr." + ReasonNotDiagonal:       "taşlar yalnız çapraz gider",
			"moveerr." + ReasonBackward:          "taş geri gidemez: yalnız dama (kral) geri gider",
			"moveerr." + ReasonTooFar:            "taş bir kare gider ya da tek bir taşın üstünden atlar (dama da uzun gitmez)",
			"moveerr." + ReasonNoCapture:         "atlanan karede alınacak taş yok",
			"moveerr." + ReasonOwnPiece:          "kendi taşının üstünden atlanmaz",
			"moveerr." + ReasonJumpedTwice:       "bir taşın üstünden iki kez atlanmaz",
			"moveerr." + ReasonCrownStops:        "dama olan taşın hamlesi orada biter",
			"moveerr." + ReasonMustContinue:      "alma bitmedi: taş almaya devam edebiliyor, bütün yolu yaz",
			"moveerr." + ReasonCaptureCompulsory: "almak zorunlu: yalnız alan hamleler oynanabilir",
			"moveerr." + ReasonAmbiguous:         "birden çok almaya uyuyor, yolu tam yaz (ör. c3xe5xg7)",

			"reason." + ReasonNoMoves:    "rakibin oynayacak hamlesi kalmadı",
			"reason." + ReasonNoPieces:   "rakibin bütün taşları alındı",
			"reason." + ReasonRepetition: "aynı konum üç kez tekrarlandı",
			"reason." + ReasonFortyMoves: "iki taraf da 40 hamledir taş almadı, taş oynatmadı",

			"start." + ReasonNoPieces: "{loser} tarafın hiç taşı yok",
			"start." + ReasonNoMoves:  "sıra {loser} tarafta ve oynayacak hamlesi yok",

			"poserr.empty":     "konum boş: ör. {start}",
			"poserr.no-side":   "tahtadan sonra sıra yok: w (beyaz) ya da b (siyah) yaz",
			"poserr.extra":     "sıradan sonra fazladan {text} var",
			"poserr.ranks":     "tahtada {n} sıra var; / ile ayrılmış 8 sıra olmalı",
			"poserr.rank":      "{rank}. sıra {text} {n} kare; 8 olmalı",
			"poserr.light":     "{square} karesinde taş var ama o kare açık renkli: taşlar yalnız koyu karelerde durur",
			"poserr.char":      "{square} karesinde {text} olmaz (. w b W B yaz)",
			"poserr.side":      "sıra {text}: w (beyaz) ya da b (siyah) olmalı",
			"poserr.white-man": "{square} karesinde beyaz taş: orası dama sırası, dama olarak W yaz",
			"poserr.black-man": "{square} karesinde siyah taş: orası dama sırası, dama olarak B yaz",
			"poserr.pieces":    "{color} tarafın {n} taşı var; en çok {max} olur",
		},
		"en": {
			"side.white":   "white",
			"side.black":   "black",
			"text.letters": "ww bb WW BB",
			"text.legend":  "w white, b black; W, B kings",

			"moveerr." + ReasonBadNumber:         "square numbers go from 1 to 32",
			"moveerr." + ReasonLightSquare:       "that is a light square: play is on the dark squares only",
			"moveerr." + ReasonNoPiece:           "there is no piece on the start square",
			"moveerr." + ReasonNotYourPiece:      "that piece is not yours",
			"moveerr." + ReasonSameSquare:        "the piece does not move",
			"moveerr." + ReasonOccupied:          "that square is taken",
			"moveerr." + ReasonNotDiagonal:       "pieces move diagonally only",
			"moveerr." + ReasonBackward:          "a man never moves backwards: only a king does",
			"moveerr." + ReasonTooFar:            "a piece steps one square or jumps a single piece (kings too: no long moves)",
			"moveerr." + ReasonNoCapture:         "there is nothing to capture there",
			"moveerr." + ReasonOwnPiece:          "you cannot jump your own piece",
			"moveerr." + ReasonJumpedTwice:       "no piece is jumped twice",
			"moveerr." + ReasonCrownStops:        "a man crowned by a capture stops there",
			"moveerr." + ReasonMustContinue:      "the capture is not over: the piece can take again, so write the whole path",
			"moveerr." + ReasonCaptureCompulsory: "capturing is compulsory: only the captures can be played",
			"moveerr." + ReasonAmbiguous:         "it matches several captures; write the whole path (e.g. c3xe5xg7)",

			"reason." + ReasonNoMoves:    "the opponent has no move left",
			"reason." + ReasonNoPieces:   "all the opponent's pieces were captured",
			"reason." + ReasonRepetition: "the same position for the third time",
			"reason." + ReasonFortyMoves: "40 moves each without a capture or a man's move",

			"start." + ReasonNoPieces: "{loser} has no pieces",
			"start." + ReasonNoMoves:  "{loser} is to move and has no move",

			"poserr.empty":     "the position is empty: e.g. {start}",
			"poserr.no-side":   "no side to move after the board: write w (white) or b (black)",
			"poserr.extra":     "unexpected {text} after the side to move",
			"poserr.ranks":     "the board has {n} ranks; want 8 separated by /",
			"poserr.rank":      "rank {rank} {text} has {n} squares; want 8",
			"poserr.light":     "a piece on {square}, a light square: pieces stand on the dark squares only",
			"poserr.char":      "on {square}, {text} is no piece (write . w b W B)",
			"poserr.side":      "side to move {text}: want w (white) or b (black)",
			"poserr.white-man": "a white man on {square}, the crowning rank: write it as a king, W",
			"poserr.black-man": "a black man on {square}, the crowning rank: write it as a king, B",
			"poserr.pieces":    "{color} has {n} pieces; at most {max}",
		},
	}
}

func italianCatalog() map[string]map[string]string {
	return map[string]map[string]string{
		"tr": {
			"name": "İtalyan daması",
			"help": "8×8 tahtanın koyu karelerinde oynanır (h1 koyudur); ilk beyaz oynar. " +
				"Taş bir kare çapraz ileri gider; son sıraya varan taş dama (kral) olur ve bir kare çapraz her yöne gider, uzun gitmez. " +
				"Almak zorunludur: yanındaki rakip taşın üstünden arkasındaki boş kareye atlanır, alabildiği sürece devam edilir; " +
				"taş yalnız ileri alır ve damayı hiç alamaz. Birden çok alma varsa: en çok taşı alan; eşitse damayla alan; " +
				"sonra en çok dama alan; sonra damaya en önce rastlayan oynanmalı. Alarak dama olan taşın hamlesi orada biter. " +
				"Türk damasından farkı: taşlar düz değil çapraz gider, dama uzun gitmez, taş damayı alamaz, ilk beyaz oynar. " +
				"Hamleler: c3-d4, alma c3xe5xg7 (ya da c3xg7); numarayla da olur: 22-18, 22x15x6 (1 = a8, 32 = h1). " +
				"Hamlesi kalmayan kaybeder; üç kez aynı konum, 40'ar hamle alma ve taş oynatma olmaması ve anlaşma beraberliktir.",
			"notation": "örnek: c3-d4, c3xe5xg7 ya da 22-18, 22x15",

			"moveerr." + ReasonManTakesKing: "İtalyan damasında taş damayı alamaz",
			"moveerr." + ReasonNotMaximum:   "en çok taşı alan yol oynanmalı",
			"moveerr." + ReasonKingFirst:    "dama da bu kadar taş alabiliyor: damayla alınmalı",
			"moveerr." + ReasonMostKings:    "eşit almalardan en çok dama alan oynanmalı",
			"moveerr." + ReasonKingEarliest: "eşit almalardan damaya en önce rastlayan oynanmalı",
		},
		"en": {
			"name": "Italian draughts",
			"help": "Played on the dark squares of the 8×8 board (h1 is dark); White moves first. " +
				"A man steps one square diagonally forward; a man reaching the far rank is crowned king and steps one square diagonally any way, never further. " +
				"Capturing is compulsory: jump an adjacent enemy piece to the empty square beyond, and go on while you can; " +
				"men capture forward only and never take a king. Of several captures you must play the one that takes the most pieces; " +
				"if equal, with a king; then the most kings; then the one that meets a king first. A man crowned by a capture stops there. " +
				"Unlike Turkish dama: pieces move diagonally, not straight; kings are short; a man cannot take a king; White starts. " +
				"Moves: c3-d4, captures c3xe5xg7 (or c3xg7), or in numbers 22-18, 22x15x6 (1 = a8, 32 = h1). " +
				"No legal move loses; the same position three times, 40 moves each without a capture or a man's move, or agreement is a draw.",
			"notation": "e.g. c3-d4, c3xe5xg7 or 22-18, 22x15",

			"moveerr." + ReasonManTakesKing: "in Italian draughts a man never captures a king",
			"moveerr." + ReasonNotMaximum:   "you must play the capture that takes the most pieces",
			"moveerr." + ReasonKingFirst:    "a king can take as many: the king must capture",
			"moveerr." + ReasonMostKings:    "of equal captures, the one taking the most kings must be played",
			"moveerr." + ReasonKingEarliest: "of equal captures, the one meeting a king first must be played",
		},
	}
}

func checkersCatalog() map[string]map[string]string {
	return map[string]map[string]string{
		"tr": {
			"name": "İngiliz daması",
			"help": "8×8 tahtanın koyu karelerinde oynanır (a1 koyudur); ilk siyah oynar: siyahı seçen başlar, yoksa bot başlar. " +
				"Taş bir kare çapraz ileri gider; son sıraya varan taş dama (kral) olur ve bir kare çapraz her yöne gider, uzun gitmez. " +
				"Almak zorunludur: yanındaki rakip taşın üstünden arkasındaki boş kareye atlanır, alabildiği sürece devam edilir; " +
				"taş yalnız ileri alır, damayı da alabilir. Birden çok alma varsa istediğini seçersin (en çok alma kuralı yok). " +
				"Alarak dama olan taşın hamlesi orada biter. " +
				"Türk damasından farkı: taşlar çapraz gider, dama uzun gitmez, almada seçim serbest, ilk siyah oynar. " +
				"Hamleler: c3-d4, alma c3xe5xg7; numarayla da olur: 22-18, 22x15 (1 = b8, 32 = g1; siyah üstte). " +
				"Hamlesi kalmayan kaybeder; üç kez aynı konum, 40'ar hamle alma ve taş oynatma olmaması ve anlaşma beraberliktir.",
			"notation": "örnek: c3-d4, c3xe5xg7 ya da 22-18, 22x15",
		},
		"en": {
			"name": "Checkers",
			"help": "English draughts, on the dark squares of the 8×8 board (a1 is dark); Black moves first: choose black to open, otherwise the bot opens. " +
				"A man steps one square diagonally forward; a man reaching the far rank is crowned king and steps one square diagonally any way, never further. " +
				"Capturing is compulsory: jump an adjacent enemy piece to the empty square beyond, and go on while you can; " +
				"men capture forward only (kings both ways) and may take kings. Of several captures you choose any (no majority rule). " +
				"A man crowned by a capture stops there. " +
				"Unlike Turkish dama: pieces move diagonally, not straight; kings are short; any capture may be chosen; Black starts. " +
				"Moves: c3-d4, captures c3xe5xg7, or in numbers 22-18, 22x15 (1 = b8, 32 = g1, Black at the top). " +
				"No legal move loses; the same position three times, 40 moves each without a capture or a man's move, or agreement is a draw.",
			"notation": "e.g. c3-d4, c3xe5xg7 or 22-18, 22x15",
		},
	}
}

// PieceLabel implements games.PieceLabeler: the pieces on tap buttons,
// men as discs and kings as crowns.
func (p *Position) PieceLabel(c rune) string { return menboard.PieceLabel(c) }
