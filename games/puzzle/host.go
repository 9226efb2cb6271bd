package puzzle

// host.go describes how the bot hosts the puzzles (games.Hosted) and their
// Turkish and English messages.

import (
	"strings"

	"oyunbot/games"
)

var (
	_ games.Hosted    = Game{}
	_ games.Commander = Game{}
)

// Host implements games.Hosted: one player, no draws, unrated; the
// standard levels choose a random start's difficulty (RandomStart).
func (g Game) Host() games.Host {
	return games.Host{
		Sides:   []games.SideInfo{{Key: "player", Words: []string{"player", "oyuncu"}}},
		Policy:  games.Policy{NoDraws: true, Unrated: true},
		Catalog: catalogFor(g.n()),
	}
}

// langOf is "tr" or "en" (anything else is English).
func langOf(lang string) string {
	if lang == "tr" {
		return "tr"
	}
	return "en"
}

// fill replaces {key} in s by value for each key, value pair.
func fill(s string, kv ...string) string { return games.Fill(s, kv...) }

// text is the catalogue's message key in lang with its placeholders filled.
func text(lang, key string, kv ...string) string {
	return fill(catalog()[langOf(lang)][key], kv...)
}

// catalogFor is the catalogue with the size's own name, help and example.
func catalogFor(n int) map[string]map[string]string {
	out := map[string]map[string]string{}
	for lang, m := range catalog() {
		c := make(map[string]string, len(m))
		for k, v := range m {
			if strings.HasSuffix(k, "@8") || strings.HasSuffix(k, "@15") {
				continue
			}
			c[k] = v
		}
		suffix := "@8"
		if n == 4 {
			suffix = "@15"
		}
		for _, k := range []string{"name", "help", "notation"} {
			c[k] = m[k+suffix]
		}
		out[lang] = c
	}
	return out
}

// catalog is every message of both puzzles; keys ending in @8 or @15 are
// one size's (catalogFor files them without the suffix).
func catalog() map[string]map[string]string {
	return map[string]map[string]string{
		"tr": {
			"name@8":      "8 taş",
			"name@15":     "15 taş",
			"help@8":      "3×3 çerçevede 1–8 taşlarını sıraya diz (1 2 3 / 4 5 6 / 7 8 _). Boşluğa komşu bir taşın numarasını yaz (5) ya da boşluğun yönünü: yukarı, aşağı, sol, sağ (u, d, l, r ya da ↑ ↓ ← →); bir mesajda birkaç hamle olabilir (5 8 2). Başlangıç: oyna 8taş kolay|orta|zor|usta ya da oyna 8taş konum 5,4,0,6,1,8,7,3,2 (0 boşluk). Komutlar: ipucu, çöz [algoritma], karşılaştır.",
			"help@15":     "4×4 çerçevede 1–15 taşlarını sıraya diz, boşluk sağ altta. Taşlar numarasıyla yazılır (13, tahtada da öyle gösterilir): boşluğa komşu bir taşın numarasını yaz (11) ya da boşluğun yönünü: yukarı, aşağı, sol, sağ (u, d, l, r ya da ↑ ↓ ← →; d her zaman aşağıdır); bir mesajda birkaç hamle olabilir (11 12). Başlangıç: oyna 15taş kolay|orta|zor|usta ya da oyna 15taş konum 1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15. Komutlar: ipucu, çöz [algoritma], karşılaştır.",
			"notation@8":  "bir taş numarası (5) ya da yukarı, aşağı, sol, sağ (↑ ↓ ← →)",
			"notation@15": "bir taş numarası (11, 13) ya da yukarı, aşağı, sol, sağ (↑ ↓ ← →)",

			"side.player": "oyuncu",

			"moveerr.not-adjacent": "o taş boşluğun yanında değil",
			"moveerr.no-tile":      "öyle bir taş yok",
			"moveerr.edge":         "boşluk kenarda, o yöne gidemez",

			"reason.solved": "çözüldü",
			"start.solved":  "taşlar zaten sırasıyla dizili",

			"poserr.count":  "{want} sayı olmalı (0 ile {max} arası, 0 boşluk); bunda {n} var",
			"poserr.number": "{text}, 0 ile {max} arasında bir sayı değil",
			"poserr.twice":  "{tile} iki kez yazılmış",

			"cmd.hint":    "ipucu — en kısa çözümün sıradaki hamlesi",
			"cmd.solve":   "çöz [algoritma] — bütün çözüm (bfs, dfs, dls, iddfs, bidir, ucs, greedy, astar, idastar; sezgisel: astar-misplaced, astar-manhattan, astar-lc, idastar-pdb)",
			"cmd.compare": "karşılaştır — bütün arama algoritmaları bu başlangıçta: uzunluk, açılan düğüm, bellek, süre",

			"error.unsolvable-odd":  "Bu dizilim çözülemez: {inv} ters sıralı taş çifti var (tek sayı). 3×3 çerçevede bir hamle bu sayının tek/çift oluşunu değiştirmez ve hedefte 0'dır (çift); yalnızca çift sayıda ters çifti olan dizilimler çözülür. İki taşın yerini değiştirirsen çözülür.",
			"error.unsolvable-even": "Bu dizilim çözülemez: {inv} ters sıralı taş çifti var ve boşluk alttan {row}. satırda; toplam {sum} çift. 4×4 çerçevede yukarı/aşağı her hamle ikisinin de tek/çift oluşunu birlikte değiştirir, toplamınki değişmez ve hedefte tektir (0 + 1). İki taşın yerini değiştirirsen çözülür.",
			"error.bad-method":      "Böyle bir algoritma yok: {word}. Seçenekler: {list}.",
			"error.solved":          "Bulmaca zaten çözülmüş.",
			"error.too-hard":        "Sınırlar içinde çözüm bulunamadı ({stop}, {nodes} düğüm). Biraz ilerleyip yeniden dene.",
			"error.not-puzzle":      "Bu komut yalnızca kayan taş bulmacalarında çalışır.",
			"error.pdb-building":    "15 taşın örüntü veritabanları hazırlanıyor (bir kez, yarım dakika kadar).",

			"hint":         "İpucu: {tile} taşını kaydır (boşluk {dir}). Hedefe {n} hamle kaldı.",
			"hint.one":     "İpucu: {tile} taşını kaydır (boşluk {dir}) ve bulmaca çözülür.",
			"dir.up":       "yukarı",
			"dir.down":     "aşağı",
			"dir.left":     "sola",
			"dir.right":    "sağa",
			"solve.found":  "{method}: {len} hamle{optimal}, {nodes} düğüm açıldı, {ms} ms.\nKaydırılacak taşlar: {moves}",
			"solve.opt":    " (en kısa)",
			"solve.notopt": " (en kısa olduğu garanti değil)",
			"solve.none":   "{method} çözüm bulamadı: {stop} ({nodes} düğüm, {ms} ms).",

			"stop.nodes":       "düğüm sınırı",
			"stop.memory":      "bellek sınırı",
			"stop.time":        "süre sınırı",
			"stop.canceled":    "iptal",
			"stop.depth-bound": "derinlik sınırı",
			"stop.no-solution": "çözüm yok",
			"stop.unsupported": "desteklenmiyor",
			"stop.bad-cost":    "geçersiz maliyet",

			"compare.title":       "Arama algoritmaları, başlangıç {start}",
			"compare.head":        "Yöntem|Uzunluk|Düğüm|Bellek|Süre",
			"unit.seconds":        "sn",
			"compare.caps":        "Her yöntem en çok {nodes} düğüm, {memory} durum ve {time} ile sınırlı; sınıra takılan \"—\" ve nedeniyle gösterilir. DLS {depth}, DFS 100 derinliğe kadar arar.",
			"compare.caps-notime": "Her yöntem en çok {nodes} düğüm ve {memory} durumla sınırlı; sınıra takılan \"—\" ve nedeniyle gösterilir. DLS {depth}, DFS 100 derinliğe kadar arar.",
			"compare.capped":      "Sınıra takılanlar: {list}. Büyük bulmacalarda kör aramalar böyle tükenir: çözüm için sezgisel arama gerekir.",
			"chart.title":         "{game}: açılan düğüm ve en çok bellek (log ölçek)",
			"chart.nodes":         "açılan düğüm",
			"chart.memory":        "en çok bellek (durum)",
		},
		"en": {
			"name@8":      "8-puzzle",
			"name@15":     "15-puzzle",
			"help@8":      "Put tiles 1–8 in order in the 3×3 frame (1 2 3 / 4 5 6 / 7 8 _). Type the number of a tile next to the blank (5) or the way the blank moves: up, down, left, right (u, d, l, r or ↑ ↓ ← →); a message may hold several moves (5 8 2). Start: play puzzle8 easy|medium|hard|master or play puzzle8 from 5,4,0,6,1,8,7,3,2 (0 is the blank). Commands: hint, solve [algorithm], compare.",
			"help@15":     "Put tiles 1–15 in order in the 4×4 frame, the blank bottom right. Tiles are named by their numbers (13, as the board shows them): type the number of a tile next to the blank (11) or the way the blank moves: up, down, left, right (u, d, l, r or ↑ ↓ ← →; d is always down); a message may hold several moves (11 12). Start: play puzzle15 easy|medium|hard|master or play puzzle15 from 1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15. Commands: hint, solve [algorithm], compare.",
			"notation@8":  "a tile number (5) or up, down, left, right (↑ ↓ ← →)",
			"notation@15": "a tile number (11, 13) or up, down, left, right (↑ ↓ ← →)",

			"side.player": "player",

			"moveerr.not-adjacent": "that tile is not next to the blank",
			"moveerr.no-tile":      "there is no such tile",
			"moveerr.edge":         "the blank is at the edge and cannot go that way",

			"reason.solved": "solved",
			"start.solved":  "the tiles are already in order",

			"poserr.count":  "want {want} numbers (0 to {max}, 0 for the blank); this has {n}",
			"poserr.number": "{text} is not a number from 0 to {max}",
			"poserr.twice":  "{tile} appears twice",

			"cmd.hint":    "hint — the next move of a shortest solution",
			"cmd.solve":   "solve [algorithm] — the whole solution (bfs, dfs, dls, iddfs, bidir, ucs, greedy, astar, idastar; heuristics: astar-misplaced, astar-manhattan, astar-lc, idastar-pdb)",
			"cmd.compare": "compare — every search algorithm on this start: length, nodes expanded, memory, time",

			"error.unsolvable-odd":  "This arrangement cannot be solved: it has {inv} {inv|pair|pairs} of tiles in the wrong order (odd). On a 3×3 board no move changes whether that number is odd or even, and at the goal it is 0 (even), so only arrangements with an even number can be solved. Swap two tiles and it can.",
			"error.unsolvable-even": "This arrangement cannot be solved: it has {inv} {inv|pair|pairs} of tiles in the wrong order and the blank is on row {row} from the bottom; their sum {sum} is even. On a 4×4 board every up or down move flips whether each is odd or even, so their sum's parity never changes, and at the goal it is odd (0 + 1). Swap two tiles and it can.",
			"error.bad-method":      "No such algorithm: {word}. Choose from: {list}.",
			"error.solved":          "The puzzle is already solved.",
			"error.too-hard":        "No solution found within the limits ({stop}, {nodes} nodes). Make a few moves and try again.",
			"error.not-puzzle":      "This command works in sliding puzzles only.",
			"error.pdb-building":    "The 15-puzzle's pattern databases are being built (once, about half a minute).",

			"hint":         "Hint: slide tile {tile} (the blank moves {dir}). {n} moves to the goal.",
			"hint.one":     "Hint: slide tile {tile} (the blank moves {dir}) and it is solved.",
			"dir.up":       "up",
			"dir.down":     "down",
			"dir.left":     "left",
			"dir.right":    "right",
			"solve.found":  "{method}: {len} {len|move|moves}{optimal}, {nodes} nodes expanded, {ms} ms.\nTiles to slide: {moves}",
			"solve.opt":    " (shortest)",
			"solve.notopt": " (not guaranteed shortest)",
			"solve.none":   "{method} found no solution: {stop} ({nodes} nodes, {ms} ms).",

			"stop.nodes":       "node limit",
			"stop.memory":      "memory limit",
			"stop.time":        "time limit",
			"stop.canceled":    "canceled",
			"stop.depth-bound": "depth bound",
			"stop.no-solution": "no solution",
			"stop.unsupported": "unsupported",
			"stop.bad-cost":    "bad cost",

			"compare.title":       "Search algorithms, start {start}",
			"compare.head":        "Method|Length|Nodes|Memory|Time",
			"unit.seconds":        "s",
			"compare.caps":        "Each method is limited to {nodes} nodes, {memory} states and {time}; one that hits a limit shows \"—\" and why. DLS searches to depth {depth}, DFS to 100.",
			"compare.caps-notime": "Each method is limited to {nodes} nodes and {memory} states; one that hits a limit shows \"—\" and why. DLS searches to depth {depth}, DFS to 100.",
			"compare.capped":      "Stopped at a limit: {list}. On larger puzzles the blind searches run out like this: solving them takes an informed search.",
			"chart.title":         "{game}: nodes expanded and peak memory (log scale)",
			"chart.nodes":         "nodes expanded",
			"chart.memory":        "peak memory (states)",
		},
	}
}
