package chess

// host.go describes how the bot hosts chess (games.Hosted): the words for
// its sides, its facing board, its levels and everything it says about
// itself, in Turkish and English.

import (
	"strings"

	"oyunbot/games"
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
		// The measured ladder, anchored on Stockfish 15.1's UCI_Elo at 1 s a
		// move (BENCHMARKS.md, "Chess engine"): master 2064 (1919-2210, 34
		// games), medium 1896 (1610-2181, 12), easy 1332 (1078-1586, 8).
		// hard is master's engine with half its time: master's less 60, an
		// assumption, not a measurement. seed (0-4 against 1350) keeps a
		// rating of its own.
		LevelRatings: map[string]int{"easy": 1330, "medium": 1900, "hard": 2000, "master": 2060},
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
				"piyonun harfi yoktur. Türkçe yazarken K kaledir; hiçbir kale o hamleyi yapamıyorsa şah olarak okunur. " +
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

			"moveerr." + ReasonIllegal:         "o taş oraya gidemez",
			"moveerr." + ReasonAmbiguous:       "birden çok taş oraya gidebiliyor; taşın sütununu ya da sırasını ekle (ör. Nbd7, R1e2)",
			"moveerr." + ReasonNoSuchPiece:     "oraya gidebilecek öyle bir taşın yok (taş harfleri: Ş şah, V vezir, K kale, F fil, A at; İngilizce K şah, Q, R, B, N)",
			"moveerr." + ReasonNoPiece:         "başlangıç karesinde taş yok",
			"moveerr." + ReasonNotYourPiece:    "o taş senin değil",
			"moveerr." + ReasonOwnPiece:        "varış karesinde kendi taşın var",
			"moveerr." + ReasonInCheck:         "şahın tehdit altında (şah çekildi): hamle şahı kurtarmalı (şahı kaçır, aradaki kareyi kapat ya da şah çeken taşı al)",
			"moveerr." + ReasonKingInCheck:     "bu hamle kendi şahını tehdit altında bırakır",
			"moveerr." + ReasonNoCastlingRight: "rok yapılamaz: şah ya da o kale daha önce oynadı",
			"moveerr." + ReasonCastlingBlocked: "rok yapılamaz: şahla kale arasında taş var",
			"moveerr." + ReasonCastlingThrough: "rok yapılamaz: şah tehdit altındaki bir kareden geçer ya da oraya varır",
			"moveerr." + ReasonNotPromotion:    "yalnız son sıraya varan piyon terfi eder",
			"moveerr." + ReasonBadPromotion:    "piyon vezir (V), kale (K), fil (F) ya da ata (A) terfi eder",
			"moveerr." + ReasonNotCapture:      "x taş almak demek, ama varış karesi boş: x'i yazmadan dene",
			"moveerr." + ReasonNoCheck:         "bu hamle şah çekmiyor: + ya da # yazmadan dene",
			"moveerr." + ReasonNotMate:         "bu hamle şah çekiyor ama mat etmiyor: # yerine + yaz",

			"reason." + ReasonCheckmate:    "şah mat",
			"reason." + ReasonStalemate:    "pat: oynayacak hamle yok ama şah tehdit altında değil",
			"reason." + ReasonRepetition:   "aynı konum üç kez tekrarlandı",
			"reason." + ReasonFiftyMoves:   "50 hamledir piyon oynamadı ve taş alınmadı",
			"reason." + ReasonInsufficient: "mat etmeye yetecek taş kalmadı",
		},
		"en": {
			"name": "Chess",
			"help": "Moves are written in algebraic notation (SAN). Piece letters: K king, Q queen, R rook, " +
				"B bishop, N knight; a pawn has none (Turkish letters work too: Ş şah the king, V vezir, F fil, A at, " +
				"and K kale the rook when you write Turkish). Examples: e4 (a pawn to e4), Nf3 (a knight to f3), " +
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

			"side.white": "white",
			"side.black": "black",

			"moveerr." + ReasonIllegal:         "that piece cannot go there",
			"moveerr." + ReasonAmbiguous:       "more than one piece can go there; add the piece's file or rank (e.g. Nbd7, R1e2)",
			"moveerr." + ReasonNoSuchPiece:     "you have no such piece that can go there (letters: K king, Q queen, R rook, B bishop, N knight)",
			"moveerr." + ReasonNoPiece:         "there is no piece on the start square",
			"moveerr." + ReasonNotYourPiece:    "that piece is not yours",
			"moveerr." + ReasonOwnPiece:        "one of your own pieces is on that square",
			"moveerr." + ReasonInCheck:         "you are in check: the move must answer it (move the king, block, or take the checking piece)",
			"moveerr." + ReasonKingInCheck:     "that move would leave your king in check",
			"moveerr." + ReasonNoCastlingRight: "you cannot castle: the king or that rook has already moved",
			"moveerr." + ReasonCastlingBlocked: "you cannot castle: there are pieces between the king and the rook",
			"moveerr." + ReasonCastlingThrough: "you cannot castle: the king would cross or land on an attacked square",
			"moveerr." + ReasonNotPromotion:    "only a pawn reaching the last rank promotes",
			"moveerr." + ReasonBadPromotion:    "a pawn promotes to a queen (Q), rook (R), bishop (B) or knight (N)",
			"moveerr." + ReasonNotCapture:      "x means a capture, but the target square is empty: try it without the x",
			"moveerr." + ReasonNoCheck:         "that move gives no check: try it without the + or #",
			"moveerr." + ReasonNotMate:         "that move gives check but not mate: write + instead of #",

			"reason." + ReasonCheckmate:    "checkmate",
			"reason." + ReasonStalemate:    "stalemate: no legal move, but the king is not in check",
			"reason." + ReasonRepetition:   "the same position for the third time",
			"reason." + ReasonFiftyMoves:   "fifty moves without a pawn move or a capture",
			"reason." + ReasonInsufficient: "too little material left to mate",
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
