package dama

// host.go describes how the bot hosts dama (games.Hosted): the words for
// its sides, its facing board, and everything it says about itself.

import (
	"maps"

	"oyunbot/games"
	"oyunbot/games/internal/menboard"
	"oyunbot/games/internal/pdn"
)

var _ games.Hosted = Game{}

// Host implements games.Hosted. Dama allows every action and is rated; its
// positions offer no move buttons (a move names two squares or more).
func (Game) Host() games.Host {
	return games.Host{
		Sides: []games.SideInfo{
			{Key: "white", Words: []string{"white", "beyaz", "w", "first", "ilk"}},
			{Key: "black", Words: []string{"black", "siyah", "b", "second", "ikinci"}},
		},
		Facing: true,
		// The measured ladder (BENCHMARKS.md, "Bot ladders"): self-play
		// between neighbouring levels at their own budgets, medium
		// anchored at 1500 where a new player starts (no external dama
		// engine to anchor on): medium-easy 0.960, hard-medium 0.988,
		// master-hard 0.600.
		LevelRatings: map[string]int{"easy": 950, "medium": 1500, "hard": 2260, "master": 2330},
		Catalog:      withPDN(catalog()),
	}
}

// withPDN adds the "pdn" command's texts to cat.
func withPDN(cat map[string]map[string]string) map[string]map[string]string {
	for lang, msgs := range pdn.Catalog() {
		maps.Copy(cat[lang], msgs)
	}
	return cat
}

// catalog is dama's own messages; the bot files them under "dama.".
func catalog() map[string]map[string]string {
	return map[string]map[string]string{
		"tr": {
			"name": "Dama",
			"help": "Türk daması: 8×8 tahtanın 64 karesinde oynanır; herkesin 16 taşı var (beyazınkiler 2. ve 3. sırada, siyahınkiler 6. ve 7. sırada); ilk beyaz oynar. " +
				"Taş bir kare düz ileri ya da yana gider; geri ve çapraz gitmez. Son sıraya varan taş dama olur: kale gibi düz çizgide her yöne istediği kadar gider. " +
				"Almak zorunludur: taş yanındaki (önündeki ya da yanındaki) rakip taşın üstünden arkasındaki boş kareye atlar; dama, yolu boşsa uzaktaki taşı alır ve arkasındaki herhangi bir boş kareye konar. " +
				"Alabildiği sürece aynı taşla almaya devam edilir ve hepsi tek hamledir; alınan taş hemen kalkar; dama iki alma arasında geri dönemez. " +
				"En çok taşı alan yol oynanmalı (taş da dama da bir sayılır). Alırken son sıraya varan taş hemen dama olur ve almaya dama olarak devam eder. " +
				"Hamlesi kalmayan (taşı bitmiş ya da kıstırılmış) kaybeder; iki tarafta birer taş kalması, aynı konumun üç kez gelmesi, 50'şer hamle alma ve taş oynatma olmaması ve anlaşma beraberliktir. " +
				"Hamleler: c3-c4 (c3c4 de olur), alma her konulan kareyle c3xc5xe5 (c3:c5:e5 de olur; tek yol varsa c3xe5 yeter).",
			"notation": "örnek: c3-c4 ya da c3xc5xe5",

			"side.white": "beyaz",
			"side.black": "siyah",
			// The text board's letters in the reader's words (from, to
			// pairs) and their legend: b is beyaz in Turkish.
			"text.letters": "wb bs WB BS",
			"text.legend":  "b beyaz, s siyah; B, S dama",

			"poserr.empty":     "konum boş: ör. {start}",
			"poserr.no-side":   "tahtadan sonra sıra yok: w (beyaz) ya da b (siyah) yaz",
			"poserr.extra":     "sıradan sonra fazladan {text} var",
			"poserr.ranks":     "tahtada {n} sıra var; / ile ayrılmış 8 sıra olmalı",
			"poserr.rank":      "{rank}. sıra {text} {n} kare; 8 olmalı",
			"poserr.char":      "{square} karesinde {text} olmaz (. w b W B yaz)",
			"poserr.side":      "sıra {text}: w (beyaz) ya da b (siyah) olmalı",
			"poserr.white-man": "{square} karesinde beyaz taş: orası dama sırası, dama olarak W yaz",
			"poserr.black-man": "{square} karesinde siyah taş: orası dama sırası, dama olarak B yaz",
			"poserr.pieces":    "{color} tarafın {n} taşı var; en çok {max} olur",

			"moveerr." + ReasonAmbiguous:         "birden çok almaya uyuyor, yolu tam yaz (ör. c3xc5xe5)",
			"moveerr." + ReasonOccupied:          "o kare dolu",
			"moveerr." + ReasonNoPiece:           "başlangıç karesinde taş yok",
			"moveerr." + ReasonNotYourPiece:      "o taş senin değil",
			"moveerr." + ReasonSameSquare:        "taş yerinden oynamıyor",
			"moveerr." + ReasonBadDirection:      "taş o yöne gidemez (taşlar ileri ya da yana, düz çizgide gider; geri gitmez)",
			"moveerr." + ReasonTooFar:            "taş bir kare ilerler ya da tek bir taşın üstünden atlar",
			"moveerr." + ReasonBlocked:           "yol kapalı",
			"moveerr." + ReasonTurnBack:          "dama, iki alma arasında geri dönemez",
			"moveerr." + ReasonNoCapture:         "atlanan karede alınacak taş yok",
			"moveerr." + ReasonCaptureCompulsory: "almak zorunlu",
			"moveerr." + ReasonNotMaximum:        "en çok taşı alan yol oynanmalı",

			"reason." + ReasonNoMoves:    "rakibin oynayacak hamlesi kalmadı",
			"reason." + ReasonNoPieces:   "rakibin bütün taşları alındı",
			"reason." + ReasonLonePieces: "iki tarafta da birer taş kaldı",
			"reason." + ReasonRepetition: "aynı konum üç kez tekrarlandı",
			"reason." + ReasonFiftyMoves: "50 hamledir alma ya da taş ilerlemesi yok",

			"start." + ReasonNoPieces: "{loser} tarafın hiç taşı yok",
			"start." + ReasonNoMoves:  "sıra {loser} tarafta ve oynayacak hamlesi yok",
		},
		"en": {
			"name": "Dama",
			"help": "Turkish draughts, on all 64 squares of the 8×8 board; each side has 16 men (White's on ranks 2 and 3, Black's on ranks 6 and 7); White moves first. " +
				"A man steps one square straight forward or sideways, never back or diagonally. A man reaching the far rank becomes a king (dama), which moves like a rook: any distance in a straight line, any way. " +
				"Capturing is compulsory: a man jumps an adjacent enemy piece (ahead or beside it) to the empty square beyond; a king takes a piece any distance away along a clear line and lands on any empty square beyond it. " +
				"The same piece goes on capturing while it can, all in one move; each captured piece is removed at once; a king may not turn back between two captures. " +
				"You must take the path that captures the most pieces (men and kings count the same). A man reaching the far rank during a capture becomes a king at once and goes on capturing as one. " +
				"No legal move (no pieces left, or all blocked) loses; one piece left on each side, the same position three times, 50 moves each without a capture or a man's move, or agreement is a draw. " +
				"Moves: c3-c4 (or c3c4), captures with every landing square c3xc5xe5 (or c3:c5:e5; c3xe5 is enough when only one path fits).",
			"notation": "e.g. c3-c4 or c3xc5xe5",

			"side.white":   "white",
			"side.black":   "black",
			"text.letters": "ww bb WW BB",
			"text.legend":  "w white, b black; W, B kings",

			"poserr.empty":     "the position is empty: e.g. {start}",
			"poserr.no-side":   "no side to move after the board: write w (white) or b (black)",
			"poserr.extra":     "unexpected {text} after the side to move",
			"poserr.ranks":     "the board has {n} ranks; want 8 separated by /",
			"poserr.rank":      "rank {rank} {text} has {n} squares; want 8",
			"poserr.char":      "{text} cannot stand on {square} (write . w b W B)",
			"poserr.side":      "side to move {text}: want w (white) or b (black)",
			"poserr.white-man": "a white man on {square}, the promotion rank: write it as a king, W",
			"poserr.black-man": "a black man on {square}, the promotion rank: write it as a king, B",
			"poserr.pieces":    "{color} has {n} pieces; at most {max}",

			"moveerr." + ReasonAmbiguous:         "it matches several captures; spell out the path (e.g. c3xc5xe5)",
			"moveerr." + ReasonOccupied:          "that square is taken",
			"moveerr." + ReasonNoPiece:           "there is no piece on the start square",
			"moveerr." + ReasonNotYourPiece:      "that piece is not yours",
			"moveerr." + ReasonSameSquare:        "the piece does not move",
			"moveerr." + ReasonBadDirection:      "the piece cannot go that way (men go forward or sideways in a straight line, never back)",
			"moveerr." + ReasonTooFar:            "a man steps one square or jumps over a single piece",
			"moveerr." + ReasonBlocked:           "the way is blocked",
			"moveerr." + ReasonTurnBack:          "a king may not turn back between two captures",
			"moveerr." + ReasonNoCapture:         "there is nothing to capture there",
			"moveerr." + ReasonCaptureCompulsory: "capturing is compulsory",
			"moveerr." + ReasonNotMaximum:        "you must take the path that captures the most pieces",

			"reason." + ReasonNoMoves:    "the opponent has no move left",
			"reason." + ReasonNoPieces:   "all the opponent's pieces were captured",
			"reason." + ReasonLonePieces: "one piece left on each side",
			"reason." + ReasonRepetition: "the same position for the third time",
			"reason." + ReasonFiftyMoves: "50 moves without a capture or a man's move",

			"start." + ReasonNoPieces: "{loser} has no pieces",
			"start." + ReasonNoMoves:  "{loser} is to move and has no move",
		},
	}
}

// PieceLabel implements games.PieceLabeler: the pieces on tap buttons,
// men as discs and kings as crowns.
func (p *Position) PieceLabel(c rune) string { return menboard.PieceLabel(c) }
