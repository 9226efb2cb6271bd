package islem

// catalog.go is İşlem's own messages; the bot files them under "islem.".

func catalog() map[string]map[string]string {
	return map[string]map[string]string{
		"tr": {
			"name": "İşlem",
			"help": "8x8 tahtada 0-13 numaralı taşlarla dört işlem oyunu. Yatay ya da dikey dizilen taşlar toplam dizimi, " +
				"çapraz dizilenler çarpım dizimidir. Değeri eşit iki parça (en az biri dizim) uç taşlarından komşu olursa " +
				"işlem olur: (3×4=12), (2+4+9=5+10). 1. aşama: ilk takımı kendi taşlarına komşu olmayan karelere diz. " +
				"2. aşama: ikinci takımı istediğin kareye koy. 3. aşama: tahtadaki bir taşını boş bir kareye taşı. " +
				"Son taşının yaptığı işlemlerdeki farklı dizim sayısı kadar rakip taşı alırsın. 21 taş alan kazanır " +
				"(hamle sayıları eşitlenir). Yaz: 12 d6 (koy), d6 f2 (taşı), x e4 f5 (al). Örnek için: örnek.",
			"notation": "örnek: 12 d6, d6 f2 ya da 12 d6 x e4 f5",

			"side.black": "siyah",
			"side.red":   "kırmızı",

			"moveerr." + ReasonOccupied:     "o karede taş var",
			"moveerr." + ReasonNotInHand:    "elindeki takımda o numaralı taş yok",
			"moveerr." + ReasonNextToOwn:    "1. aşamada taş kendi taşlarına komşu olamaz",
			"moveerr." + ReasonMustForfeit:  "koyacak kare kalmadı: rakibe vereceğin taşın numarasını yaz (ör. 12)",
			"moveerr." + ReasonCaptureOwed:  "önce rakibin taşlarını almalısın (ör. x e4)",
			"moveerr." + ReasonNoCapture:    "alacağın taş yok",
			"moveerr." + ReasonNotOpponent:  "o karede rakibin taşı yok",
			"moveerr." + ReasonPlacePhase:   "elinde taş varken taş koyarsın (ör. 12 d6)",
			"moveerr." + ReasonMovePhase:    "elinde taş kalmadı: tahtadaki bir taşını taşı (ör. d6 f2)",
			"moveerr." + ReasonNotYourStone: "o karede senin taşın yok",
			"moveerr." + ReasonNoPass:       "oynayabileceğin bir hamle var",
			"moveerr." + ReasonCanPlace:     "taş ancak 1. aşamada koyacak kare kalmayınca verilir",

			"reason." + ReasonCaptures:  "21 taş alındı, hamle sayıları eşit",
			"reason." + ReasonTurnLimit: "200 hamle doldu",

			"start." + ReasonCaptures:            "hamle sayıları eşitken 21 taş alınmış ve {winner} daha çok taş almış",
			"start." + ReasonCaptures + ".draw":  "hamle sayıları eşitken 21 taş alınmış ve iki taraf eşit sayıda taş almış",
			"start." + ReasonTurnLimit:           "200 hamle oynanmış ve {winner} daha çok taş almış",
			"start." + ReasonTurnLimit + ".draw": "200 hamle oynanmış ve iki taraf eşit sayıda taş almış",

			"prompt.capture": "{ops}: {score} dizimli işlem. Rakibin {n} taşını al: x ve kareleri (ör. x a1 h8).",

			"explain.ops": "{stone}: {ops}, {score} dizimli işlem, {score} taş alır.",

			"poserr.hand-stone":  "el {text}: {stone} bir taş değil (0-13)",
			"poserr.hand-twice":  "el {text}: bir takımda {stone} iki kez var",
			"poserr.fields":      "konum 7 alandan oluşur (tahta, siyahın eli, kırmızının eli, alınanlar, sıra, borç, hamle sayısı); bunda {n} var; ya da start",
			"poserr.ranks":       "tahtada {n} sıra var; / ile ayrılmış 8 sıra olmalı",
			"poserr.rank-long":   "{rank}. sıra 8 kareden uzun",
			"poserr.rank-stone":  "{rank}. sıra: {text} bir taş değil (b0-b13 siyah, r0-r13 kırmızı)",
			"poserr.rank-char":   "{rank}. sıra: {text} beklenmiyor (-, bN ya da rN olmalı)",
			"poserr.rank-short":  "{rank}. sıra {n} kare; 8 olmalı",
			"poserr.hand-sets":   "el {text}: / ile ayrılmış iki takım olmalı",
			"poserr.hand-second": "el {text}: ikinci takıma ancak ilki bitince dokunulur",
			"poserr.stone-count": "{side} tarafın {stone} numaralı {n} taşı var; iki takımda ikisi olur",
			"poserr.captures":    "alınanlar {text}: siyah:kırmızı olmalı, ör. 3:5",
			"poserr.too-many":    "{side} tarafın elde, tahtada ve alınmış 28'den çok taşı var",
			"poserr.side":        "sıra {text}: b (siyah) ya da r (kırmızı) olmalı",
			"poserr.owed":        "alma borcu {text}: bir sayı olmalı, ör. 0 ya da 2>e4",
			"poserr.owed-square": "alma borcu {text}: N>kare yazılır, N 0'dan büyük",
			"poserr.owed-none":   "alma borcu var ama tahtada rakip taşı yok",
			"poserr.turns":       "hamle sayısı {text}: 0 ile {max} arasında olmalı",

			"legal.place":   "koy {stones} →",
			"legal.move":    "taşı {stones} →",
			"legal.capture": "al:",
			"legal.forfeit": "koyacak kare yok, rakibe ver:",
			"legal.pass":    "oynanacak hamle yok:",
			"text.black":    "s",
			"text.red":      "k",
			"text.legend":   "{black}12: siyahın 12'si, {red}7: kırmızının 7'si.",

			"cmd.example":     "örnek: bir işlemin resmi ve açıklaması",
			"example.caption": "Son konan {stone} taşı {n} dizimli işlem yaptı: {ops}. Toplam dizimleri yatay ya da dikey, çarpım dizimleri çaprazdır; iki parça uç taşlarından komşudur ve başka taşları birbirine değmez. Bu hamle rakipten {n} taş alır.",
		},
		"en": {
			"name": "İşlem",
			"help": "An arithmetic game with stones numbered 0-13 on an 8x8 board. Stones in a row or column make a sum chain, " +
				"on a diagonal a product chain. Two parts of equal value (at least one a chain) touching at end stones make " +
				"an operation: (3×4=12), (2+4+9=5+10). Phase 1: place your first set away from your own stones. " +
				"Phase 2: place your second set anywhere. Phase 3: move one of your stones to an empty square. " +
				"Your last stone's operations capture as many opponent stones as they have distinct chains. 21 captures " +
				"win (with equal moves). Type: 12 d6 (place), d6 f2 (move), x e4 f5 (capture). For an example: example.",
			"notation": "e.g. 12 d6, d6 f2 or 12 d6 x e4 f5",

			"side.black": "black",
			"side.red":   "red",

			"moveerr." + ReasonOccupied:     "that square is taken",
			"moveerr." + ReasonNotInHand:    "the set in your hand has no stone with that number",
			"moveerr." + ReasonNextToOwn:    "in phase 1 a stone may not touch your own stones",
			"moveerr." + ReasonMustForfeit:  "no square is left: type the number of the stone you give your opponent (e.g. 12)",
			"moveerr." + ReasonCaptureOwed:  "capture your opponent's stones first (e.g. x e4)",
			"moveerr." + ReasonNoCapture:    "you have nothing to capture",
			"moveerr." + ReasonNotOpponent:  "there is no opponent stone on that square",
			"moveerr." + ReasonPlacePhase:   "while you have stones in hand you place them (e.g. 12 d6)",
			"moveerr." + ReasonMovePhase:    "your hand is empty: move a stone on the board (e.g. d6 f2)",
			"moveerr." + ReasonNotYourStone: "you have no stone on that square",
			"moveerr." + ReasonNoPass:       "you have a move to play",
			"moveerr." + ReasonCanPlace:     "a stone is given up only in phase 1 when no square is left",

			"reason." + ReasonCaptures:  "21 stones captured, moves equal",
			"reason." + ReasonTurnLimit: "200 turns played",

			"start." + ReasonCaptures:            "21 stones are captured with moves equal, and {winner} has captured more",
			"start." + ReasonCaptures + ".draw":  "21 stones are captured with moves equal, and both sides have captured as many",
			"start." + ReasonTurnLimit:           "the 200 turns are played and {winner} has captured more",
			"start." + ReasonTurnLimit + ".draw": "the 200 turns are played and both sides have captured as many",

			"prompt.capture": "{ops}: a {score}-chain operation. Capture {n} of your opponent's stones: x and their squares (e.g. x a1 h8).",

			"explain.ops": "{stone}: {ops}, a {score}-chain operation capturing {score} {score|stone|stones}.",

			"poserr.hand-stone":  "hand {text}: {stone} is no stone (0-13)",
			"poserr.hand-twice":  "hand {text}: stone {stone} twice in a set",
			"poserr.fields":      "a position has 7 fields (board, black's hand, red's hand, captures, side to move, captures owed, turns); this one has {n}; or start",
			"poserr.ranks":       "the board has {n} ranks; want 8 separated by /",
			"poserr.rank-long":   "rank {rank} has more than 8 squares",
			"poserr.rank-stone":  "rank {rank}: {text} is no stone (b0-b13 black, r0-r13 red)",
			"poserr.rank-char":   "rank {rank}: unexpected {text} (want -, bN or rN)",
			"poserr.rank-short":  "rank {rank} has {n} squares; want 8",
			"poserr.hand-sets":   "hand {text}: want two sets separated by /",
			"poserr.hand-second": "hand {text}: the second set is touched only once the first is placed",
			"poserr.stone-count": "{side} has {n} stones numbered {stone}; two sets have two",
			"poserr.captures":    "captures {text}: want black:red, e.g. 3:5",
			"poserr.too-many":    "{side} has more than 28 stones in hand, on the board and captured",
			"poserr.side":        "side to move {text}: want b (black) or r (red)",
			"poserr.owed":        "captures owed {text}: want a number, e.g. 0 or 2>e4",
			"poserr.owed-square": "captures owed {text}: want N>square with N above 0",
			"poserr.owed-none":   "captures are owed but no opponent stone is on the board",
			"poserr.turns":       "turns {text}: want 0 to {max}",

			"legal.place":   "place {stones} →",
			"legal.move":    "move {stones} →",
			"legal.capture": "capture:",
			"legal.forfeit": "no square left, give your opponent:",
			"legal.pass":    "no legal move:",
			"text.black":    "b",
			"text.red":      "r",
			"text.legend":   "{black}12: black's 12, {red}7: red's 7.",

			"cmd.example":     "example: a picture of an operation, explained",
			"example.caption": "The last stone, {stone}, made a {n}-chain operation: {ops}. Sum chains run along rows or columns, product chains along diagonals; the two parts touch at end stones and nowhere else. This turn captures {n} opponent {n|stone|stones}.",
		},
	}
}
