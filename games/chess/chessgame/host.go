package chessgame

// host.go describes how the bot hosts chess (games.Hosted): the words for
// its sides, its facing board, its levels and everything it says about
// itself, in Turkish and English.

import (
	"strings"

	"oyunbot/games"
	"oyunbot/games/chess"
)

var _ games.Hosted = Game{}

// Host implements games.Hosted. Chess allows every action and is rated (a
// game from a FEN is unrated: the bot treats every custom start so).
func (Game) Host() games.Host {
	cat := catalog()
	for lang, msgs := range pgnCatalog() {
		for k, v := range msgs {
			cat[lang][k] = v
		}
	}
	return games.Host{
		Sides: []games.SideInfo{
			{Key: "white", Words: []string{"white", "w", "beyaz"}},
			{Key: "black", Words: []string{"black", "b", "siyah"}},
		},
		Facing: true,
		Levels: levels(),
		// The measured ladder, anchored on Stockfish 15.1's UCI_Elo
		// (BENCHMARKS.md, "Chess engine (issue 25)"), with the engine of the
		// fourth tuning (2026-11-27): the engine at 1 s a move (hard) 2429
		// (2375-2484, 60 games against 2400 on a quiet machine), medium
		// 1517 (1372-1670, 20 games against 1500), easy 1230 (775-1444, 12
		// games against 1350, Stockfish's floor). master is the same engine
		// with twice the time: hard's figure plus 60, an assumption, not a
		// measurement. seed keeps a rating of its own.
		LevelRatings: map[string]int{"easy": 1230, "medium": 1520, "hard": 2430, "master": 2490},
		Catalog:      cat,
	}
}

// catalog is chess's own messages; the bot files them under "chess.".
func catalog() map[string]map[string]string {
	return map[string]map[string]string{
		"tr": {
			"name": "Satranç",
			"help": "Hamleler cebirsel gösterimle yazılır (SAN). Taş harfleri Türkçe ya da İngilizce olabilir: " +
				"Ş şah (S de olur), V vezir, K kale, F fil, A at; İngilizcesi K şah, Q vezir, R kale, B fil, N at; " +
				"piyonun harfi yoktur. Türkçe yazarken K kaledir; hiçbir kale o hamleyi yapamıyorsa şah olarak okunur, " +
				"hamleyi hem kale hem şah yapabiliyorsa, oyunda önceden yazdığın harfler belli etmiyorsa hangisi olduğu sorulur. " +
				"Türkçe harflerle yazarsan hamleler sana Türkçe harflerle gösterilir. " +
				"Örnekler: e4 (piyon e4'e), Af3 ya da Nf3 (at f3'e), exd5 ya da ed5 (e piyonu d5'teki taşı alır), " +
				"Abd7 (iki at d7'ye gidebiliyorsa b'deki), O-O, 0-0 ya da \"kısa rok\", O-O-O ya da \"uzun rok\", " +
				"e8=V ya da e8=Q terfi (piyon son sıraya varınca vezir, kale, fil ya da at olur; yazılmazsa vezir). " +
				"Başlangıç ve varış karesiyle de olur: g1f3, e7e8q. Büyük küçük harf fark etmez; " +
				"yalnız küçük a, b ve f bir sütundur (bxc3 piyonla alır), büyükleri taştır (Bxc3, Axb5, Fxe5). " +
				"x, + ve # yazmak gerekmez; yazarsan doğru olmalı: x taş almayı, + şah çekmeyi, # matı söyler. " +
				"Geçerken alma: rakip piyon iki kare ilerleyip piyonunun yanına gelirse hemen bir sonraki hamlede " +
				"onu çapraz geçerek alabilirsin (exd6). Rok: şah ve kale hiç oynamadıysa, aralarında taş yoksa, " +
				"şah şahta değilse ve geçtiği ya da vardığı kare tehdit altında değilse. " +
				"Mat kazanır; pat, üç kez aynı konum, " +
				"50 hamle boyunca piyon oynamaması ve taş alınmaması, mat için yetersiz taş beraberliktir.",
			"notation": "örnek: e4, Af3, exd5, O-O, e8=V ya da g1f3; taş harfleri Ş şah, V vezir, K kale, F fil, A at (ya da İngilizce K, Q, R, B, N)",

			"side.white": "beyaz",
			"side.black": "siyah",
			// The text board's letters in the reader's words (from, to
			// pairs), Turkish as the notation is: K is the rook.
			"text.letters": "KŞ QV RK BF NA PP kş qv rk bf na pp",
			"text.legend":  "Ş şah, V vezir, K kale, F fil, A at, P piyon; büyük harf beyaz, küçük harf siyah",

			"moveerr." + chess.ReasonIllegal:         "o taş oraya gidemez",
			"moveerr." + chess.ReasonAmbiguous:       "birden çok taş oraya gidebiliyor; taşın sütununu ya da sırasını ekle (ör. Nbd7, R1e2)",
			"moveerr." + chess.ReasonNoSuchPiece:     "oraya gidebilecek öyle bir taşın yok (taş harfleri: Ş şah, V vezir, K kale, F fil, A at; İngilizce K şah, Q, R, B, N)",
			"moveerr." + chess.ReasonNoPiece:         "başlangıç karesinde taş yok",
			"moveerr." + chess.ReasonNotYourPiece:    "o taş senin değil",
			"moveerr." + chess.ReasonOwnPiece:        "varış karesinde kendi taşın var",
			"moveerr." + chess.ReasonInCheck:         "şahın tehdit altında (şah çekildi): hamle şahı kurtarmalı (şahı kaçır, aradaki kareyi kapat ya da şah çeken taşı al)",
			"moveerr." + chess.ReasonKingInCheck:     "bu hamle kendi şahını tehdit altında bırakır",
			"moveerr." + chess.ReasonNoCastlingRight: "rok yapılamaz: şah ya da o kale daha önce oynadı",
			"moveerr." + chess.ReasonCastlingBlocked: "rok yapılamaz: şahla kale arasında taş var",
			"moveerr." + chess.ReasonCastlingThrough: "rok yapılamaz: şah tehdit altındaki bir kareden geçer ya da oraya varır",
			"moveerr." + chess.ReasonNotPromotion:    "yalnız son sıraya varan piyon terfi eder",
			"moveerr." + chess.ReasonBadPromotion:    "piyon vezir (V), kale (K), fil (F) ya da ata (A) terfi eder",
			"moveerr." + chess.ReasonNotCapture:      "x taş almak demek, ama varış karesi boş: x'i yazmadan dene",
			"moveerr." + chess.ReasonNoCheck:         "bu hamle şah çekmiyor: + ya da # yazmadan dene",
			"moveerr." + chess.ReasonNotMate:         "bu hamle şah çekiyor ama mat etmiyor: # yerine + yaz",

			"reason." + chess.ReasonCheckmate:    "şah mat",
			"reason." + chess.ReasonStalemate:    "pat: oynayacak hamle yok ama şah tehdit altında değil",
			"reason." + chess.ReasonRepetition:   "aynı konum üç kez tekrarlandı",
			"reason." + chess.ReasonFiftyMoves:   "50 hamledir piyon oynamadı ve taş alınmadı",
			"reason." + chess.ReasonInsufficient: "mat etmeye yetecek taş kalmadı",

			"start." + chess.ReasonCheckmate: "{loser} mat olmuş",

			"reading.rook":      "kale ({move})",
			"reading.rook.word": "kale",
			"reading.king":      "şah ({move})",
			"reading.king.word": "şah",
			"start." + chess.ReasonStalemate + ".draw": "sıra {turn} tarafta, oynayacak hamlesi yok ve şahı tehdit altında değil: pat",

			"poserr.empty":        "konum boş: {fen} gibi bir FEN yaz",
			"poserr.fields":       "FEN en az 4 alandan oluşur (tahta, sıra, rok hakları, geçerken alma karesi); bunda {n} var",
			"poserr.extra":        "FEN'in 6 alanından sonra fazladan {text} var",
			"poserr.side":         "sıra {text}: w (beyaz) ya da b (siyah) olmalı",
			"poserr.halfmove":     "yarım hamle sayacı {text} bir sayı değil",
			"poserr.fullmove":     "hamle numarası {text} 1 ya da daha büyük bir sayı değil",
			"poserr.check":        "{color} şah tehdit altında ama sıra {other} tarafta: böyle bir konum oyunda olamaz",
			"poserr.ranks":        "tahtada {n} sıra var; / ile ayrılmış 8 sıra olmalı",
			"poserr.rank-long":    "{rank}. sıra {text} 8 kareden uzun",
			"poserr.piece":        "{rank}. sıradaki {text} bir taş değil (PNBRQK, pnbrqk ya da boş kare sayısı olmalı)",
			"poserr.pawn-rank":    "{square} karesinde piyon var: piyonlar ilk ve son sırada durmaz",
			"poserr.rank-short":   "{rank}. sıra {text} {n} kare; 8 olmalı",
			"poserr.kings":        "{color} tarafın {n} şahı var; tam bir şah olmalı",
			"poserr.pawns":        "{color} tarafın {n} piyonu var; en çok 8 olur",
			"poserr.pieces":       "{color} tarafın {n} taşı var; en çok 16 olur",
			"poserr.castle-char":  "rok hakları {text}: {char}, K, Q, k, q'dan biri değil (hiç yoksa -)",
			"poserr.castle-twice": "rok hakları {text}: {char} iki kez yazılmış",
			"poserr.castle-king":  "{char} rok hakkı yazılmış ama {color} şah {square} karesinde değil",
			"poserr.castle-rook":  "{char} rok hakkı yazılmış ama {square} karesinde {color} kale yok",
			"poserr.ep-square":    "geçerken alma karesi {text} bir kare değil (ör. e3; yoksa -)",
			"poserr.ep-pawn":      "geçerken alma karesi {square}: hiçbir {color} piyon az önce onun üstünden iki kare ilerlemiş olamaz",
		},
		"en": {
			"name": "Chess",
			"help": "Moves are written in algebraic notation (SAN). Piece letters: K king, Q queen, R rook, " +
				"B bishop, N knight; a pawn has none (Turkish letters work too: Ş şah the king, V vezir, F fil, A at, " +
				"and K kale the rook when you write Turkish; when both the rook and the king can make the move, " +
				"the bot asks which, unless the letters you have written in the game tell). Examples: e4 (a pawn to e4), Nf3 (a knight to f3), " +
				"exd5 or ed5 (the e-pawn takes on d5), Nbd7 (the knight on the b-file, when two can go to d7), " +
				"O-O or 0-0 castles king side, O-O-O queen side, e8=Q or e8Q promotes (a pawn reaching the last " +
				"rank becomes a queen, rook, bishop or knight; a queen when you name none). " +
				"From and to squares work too: g1f3, e7e8q. Case does not matter, except that a small b is a " +
				"file (bxc3 takes with a pawn) and a capital B the bishop (Bxc3). x, + and # are optional; " +
				"when written they must be true: x a capture, + a check, # a mate. " +
				"En passant: when an enemy pawn steps two squares to stand beside your pawn, on the very next " +
				"move you may take it as if it had stepped one (exd6). Castling: neither the king nor that rook " +
				"has moved, nothing between them, and the king is not in check, nor crosses or lands on an " +
				"attacked square. Checkmate wins; stalemate, the same position three " +
				"times, fifty moves without a pawn move or a capture, and too little material to mate are draws.",
			"notation": "e.g. e4, Nf3, exd5, O-O, e8=Q or g1f3; pieces K king, Q queen, R rook, B bishop, N knight",

			"side.white":   "white",
			"side.black":   "black",
			"text.letters": "KK QQ RR BB NN PP kk qq rr bb nn pp",
			"text.legend":  "K king, Q queen, R rook, B bishop, N knight, P pawn; capitals white, small letters black",

			"moveerr." + chess.ReasonIllegal:         "that piece cannot go there",
			"moveerr." + chess.ReasonAmbiguous:       "more than one piece can go there; add the piece's file or rank (e.g. Nbd7, R1e2)",
			"moveerr." + chess.ReasonNoSuchPiece:     "you have no such piece that can go there (letters: K king, Q queen, R rook, B bishop, N knight)",
			"moveerr." + chess.ReasonNoPiece:         "there is no piece on the start square",
			"moveerr." + chess.ReasonNotYourPiece:    "that piece is not yours",
			"moveerr." + chess.ReasonOwnPiece:        "one of your own pieces is on that square",
			"moveerr." + chess.ReasonInCheck:         "you are in check: the move must answer it (move the king, block, or take the checking piece)",
			"moveerr." + chess.ReasonKingInCheck:     "that move would leave your king in check",
			"moveerr." + chess.ReasonNoCastlingRight: "you cannot castle: the king or that rook has already moved",
			"moveerr." + chess.ReasonCastlingBlocked: "you cannot castle: there are pieces between the king and the rook",
			"moveerr." + chess.ReasonCastlingThrough: "you cannot castle: the king would cross or land on an attacked square",
			"moveerr." + chess.ReasonNotPromotion:    "only a pawn reaching the last rank promotes",
			"moveerr." + chess.ReasonBadPromotion:    "a pawn promotes to a queen (Q), rook (R), bishop (B) or knight (N)",
			"moveerr." + chess.ReasonNotCapture:      "x means a capture, but the target square is empty: try it without the x",
			"moveerr." + chess.ReasonNoCheck:         "that move gives no check: try it without the + or #",
			"moveerr." + chess.ReasonNotMate:         "that move gives check but not mate: write + instead of #",

			"reason." + chess.ReasonCheckmate:    "checkmate",
			"reason." + chess.ReasonStalemate:    "stalemate: no legal move, but the king is not in check",
			"reason." + chess.ReasonRepetition:   "the same position for the third time",
			"reason." + chess.ReasonFiftyMoves:   "fifty moves without a pawn move or a capture",
			"reason." + chess.ReasonInsufficient: "too little material left to mate",

			"start." + chess.ReasonCheckmate: "{loser} is checkmated",

			"reading.rook":      "the rook ({move})",
			"reading.rook.word": "rook",
			"reading.king":      "the king ({move})",
			"reading.king.word": "king",
			"start." + chess.ReasonStalemate + ".draw": "{turn} is to move, has no legal move and is not in check: stalemate",

			"poserr.empty":        "the position is empty: give a FEN such as {fen}",
			"poserr.fields":       "a FEN has at least 4 fields (board, side to move, castling rights, en passant square); this one has {n}",
			"poserr.extra":        "unexpected {text} after the FEN's 6 fields",
			"poserr.side":         "side to move {text}: want w (white) or b (black)",
			"poserr.halfmove":     "halfmove clock {text} is not a number",
			"poserr.fullmove":     "move number {text} is not a number from 1",
			"poserr.check":        "the {color} king is in check but {other} is to move: no game reaches that",
			"poserr.ranks":        "the board has {n} ranks; want 8 separated by /",
			"poserr.rank-long":    "rank {rank} {text} has more than 8 squares",
			"poserr.piece":        "{text} on rank {rank} is not a piece (want PNBRQK, pnbrqk or a number of empty squares)",
			"poserr.pawn-rank":    "a pawn on {square}: pawns never stand on the first or last rank",
			"poserr.rank-short":   "rank {rank} {text} has {n} squares; want 8",
			"poserr.kings":        "{color} has {n} kings; want exactly one",
			"poserr.pawns":        "{color} has {n} pawns; at most 8",
			"poserr.pieces":       "{color} has {n} pieces; at most 16",
			"poserr.castle-char":  "castling rights {text}: {char} is not one of K Q k q (or - for none)",
			"poserr.castle-twice": "castling rights {text} name {char} twice",
			"poserr.castle-king":  "castling right {char}, but the {color} king is not on {square}",
			"poserr.castle-rook":  "castling right {char}, but no {color} rook on {square}",
			"poserr.ep-square":    "en passant square {text} is not a square (e.g. e3, or - for none)",
			"poserr.ep-pawn":      "en passant square {square}: no {color} pawn can just have stepped two squares past it",
		},
	}
}

// PieceLabel implements games.PieceLabeler: the chess symbols on tap
// buttons (outlined for White, filled for Black).
func (p *Position) PieceLabel(c rune) string {
	if i := strings.IndexRune("KQRBNPkqrbnp", c); i >= 0 {
		return string([]rune("♔♕♖♗♘♙♚♛♜♝♞♟")[i])
	}
	return ""
}
