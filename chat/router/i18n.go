package router

// i18n.go is the catalogue of everything the bot says, in Turkish and
// English. Placeholders are {name}; both languages must have the same keys
// and the same placeholders per key (TestCatalogComplete).

import (
	"fmt"
	"sort"
	"strconv"

	"oyunbot/chat"
	"oyunbot/games"
)

// Catalog holds the messages by language and id. It is read-only after
// NewCatalog and safe to share.
type Catalog struct {
	msgs map[chat.Lang]map[string]string
	// you is the display name that is the reader ("you" in the console):
	// a person placeholder with that value picks the message's second-
	// person variant (id + ".you-" + placeholder) where there is one.
	you string
}

// personKeys are the placeholders that name a person.
var personKeys = map[string]bool{"player": true, "from": true, "to": true, "opponent": true}

// NewCatalog returns the bot's catalogue with each game's own messages
// (games.Host.Catalog) filed under "<game name>." ("dama.side.white"). A
// game's id that is already the bot's is an error: a game named like a
// group of the bot's messages ("help") would replace them.
func NewCatalog(gs ...games.Game) (*Catalog, error) {
	c := &Catalog{msgs: map[chat.Lang]map[string]string{chat.Turkish: turkish(), chat.English: english()}}
	for _, g := range gs {
		for lang, msgs := range games.HostOf(g).Catalog {
			l, ok := chat.ParseLang(lang)
			if !ok {
				continue // a language the bot does not speak (yet)
			}
			for k, msg := range msgs {
				id := g.Name() + "." + k
				if _, dup := c.msgs[l][id]; dup {
					return nil, fmt.Errorf("chat: game %s: message %q is the bot's", g.Name(), id)
				}
				c.msgs[l][id] = msg
			}
		}
	}
	return c, nil
}

// gameMsg is game g's own message k (its id without the game's prefix) in
// lang, else in English; ok is false when the game has none.
func (c *Catalog) gameMsg(lang chat.Lang, g games.Game, k string, kv ...string) (msg string, ok bool) {
	id := g.Name() + "." + k
	if !c.Has(lang, id) && !c.Has(chat.English, id) {
		return "", false
	}
	return c.T(lang, id, kv...), true
}

// Has reports whether id exists in lang.
func (c *Catalog) Has(lang chat.Lang, id string) bool {
	_, ok := c.msgs[lang][id]
	return ok
}

// T returns message id in lang with its {placeholders} replaced by the
// key/value pairs kv. A missing message falls back to English, then to id.
func (c *Catalog) T(lang chat.Lang, id string, kv ...string) string {
	msg, ok := c.msgs[lang][id]
	if !ok {
		if msg, ok = c.msgs[chat.English][id]; !ok {
			return id
		}
	}
	if len(kv) < 2 {
		return msg
	}
	if c.you != "" {
		msg = c.secondPerson(lang, id, msg, kv)
	}
	// Plural forms, then one pass over the placeholders: a value
	// containing "{x}" is not expanded again.
	return games.Fill(msg, kv...)
}

// secondPerson speaks to the reader where a person placeholder is them:
// the message's variant for it (id.you-<placeholder>) when there is one
// ("You resigned."); elsewhere their name stays a label ("you: b2").
func (c *Catalog) secondPerson(lang chat.Lang, id, msg string, kv []string) string {
	for i := 0; i+1 < len(kv); i += 2 {
		if personKeys[kv[i]] && kv[i+1] == c.you {
			if alt, ok := c.msgs[lang][id+".you-"+kv[i]]; ok {
				return alt
			}
		}
	}
	return msg
}

// N is T for a message about n things, with {n} set: message id+".one"
// when n is 1 and the language has it ("1 move", not "1 moves").
func (c *Catalog) N(lang chat.Lang, id string, n int, kv ...string) string {
	if n == 1 && c.Has(lang, id+".one") {
		id += ".one"
	}
	return c.T(lang, id, append([]string{"n", strconv.Itoa(n)}, kv...)...)
}

// Keys lists the ids of lang, sorted.
func (c *Catalog) Keys(lang chat.Lang) []string {
	keys := make([]string, 0, len(c.msgs[lang]))
	for k := range c.msgs[lang] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Langs lists the catalogue's languages.
func (c *Catalog) Langs() []chat.Lang { return []chat.Lang{chat.Turkish, chat.English} }

func turkish() map[string]string {
	return map[string]string{
		// Second-person variants (Catalog.you: the console's reader).
		"takeback.offered.you-player":    "Son hamleni geri almak istiyorsun. {opponent}: kabul ya da ret",
		"takeback.accepted.you-player":   "İsteğinle hamleler geri alındı; bu oyun artık puanlı sayılmaz.",
		"takeback.declined.you-player":   "Geri almayı reddettin; oyun sürüyor.",
		"game.flag.you-player":           "Süren doldu; oyunu kaybettin.",
		"game.forfeit.you-player":        "Uzun süre oynamadın, oyunu kaybettin.",
		"game.never-moved.you-player":    "Hiç hamle yapmadın.",
		"game.resigned.you-player":       "Pes ettin.",
		"game.reminder.you-player":       "Sıra sende: {left} içinde oynamazsan oyunu kaybedersin.",
		"game.reminder-void.you-player":  "Sıra sende: {left} içinde oynamazsan oyun sonuçsuz biter.",
		"footer.win.you-player":          "Kazandın",
		"result.win.you-player":          "Oyun bitti: kazandın ({side}) — {reason}.",
		"draw.offered.you-player":        "Beraberlik teklif ettin. {opponent}: kabul ya da ret",
		"draw.declined.you-player":       "Beraberliği reddettin; oyun sürüyor.",
		"draw.pending.you-player":        "Beraberlik teklif ettin (kabul / ret).",
		"challenge.sent.you-from":        "{to} kişisini {game} oynamaya çağırdın! {to} yanıtlar: kabul ya da ret",
		"challenge.sent.you-to":          "{from} seni {game} oynamaya çağırıyor! Yanıtın: kabul ya da ret",
		"challenge.declined.you-player":  "{from} tarafından gönderilen {game} davetini reddettin.",
		"challenge.declined.you-from":    "{player}, {game} davetini reddetti.",
		"challenge.open-sent.you-from":   "Buradaki herkesi {game} oynamaya çağırdın! İlk kabul eden oynar: kabul",
		"rematch.offered.you-from":       "{to} kişisine rövanş teklif ettin: {game}, renkler değişik. {to} yanıtlar: kabul ya da ret",
		"rematch.offered.you-to":         "{from} rövanş istiyor: {game}, renkler değişik. Yanıtın: kabul ya da ret",
		"match.over.you-player":          "Maç bitti: {score}. Kazandın!",
		"tournament.joined.you-player":   "Turnuvaya katıldın ({n} oyuncu): {players}",
		"tournament.left.you-player":     "Turnuvadan ayrıldın ({n} oyuncu kaldı).",
		"tournament.withdrew.you-player": "Turnuvadan çekildin; kalan oyunların kaybedilmiş sayılır.",
		"game.ended-withdrew.you-player": "Turnuvadan çekildin: bu oyunu kaybettin.",
		"rating.none.you-player":         "Henüz puanlı oyun oynamadın (başlangıç: 1500).",
		"rating.unrated-game.you-player": "Henüz {game} için puanlı oyun oynamadın (başlangıç: 1500).",
		"help": "{bot} {titles} oynar. Komutlar (başına / ya da ! koyabilirsin):\n" +
			"oyna <oyun> [seviye] [{sides}] — bota karşı yeni oyun ({games})\n" +
			"hamle <hamle>, ya da yalnızca hamleyi yaz — hamle yap (yardım hamle)\n" +
			"tahta · hamleler · ipucu · geri · berabere · pes\n" +
			"seviye [kolay|orta|zor|usta] · oyunlar · dil tr|en\n" +
			"meydan @kişi <oyun> [5dk+3sn|1g/hamle] · kabul · ret — iki kişi arasında oyun\n" +
			"turnuva oluştur <oyun> [isviçre|lig|çift] [tur] [süre] · katıl · ayrıl · başlat · sıralama · eşleşmeler · iptal\n" +
			"puan [oyun] · liderler <oyun>\n" +
			"yardım <komut|oyun> — bir komutun ya da bir oyunun ayrıntısı. İngilizce komutlar da çalışır (help).",
		"help.play": "oyna <oyun> [seviye] [{sides}] — bota karşı yeni oyun. Oyunlar: {games}. " +
			"Seviyeler: {levels}. Oyunu başlatan önce oynar ({first}); {second} dersen bot başlar.",
		"help.start": "başlat <oyun> — bota karşı yeni oyun, oyna gibi (yardım oyna). Kanalda kayıtları açık bir turnuva varken tek başına «başlat» " +
			"o turnuvayı başlatır (düzenleyen ya da kanal yöneticisi); «turnuva başlat» da olur (yardım turnuva).",
		"help.move":    "hamle <hamle> ya da yalnızca hamleyi yaz.\n{notations}",
		"help.tap":     "dokun — tahtanın düğmelerinin gönderdiği komut: bir taşa, sonra gideceği kareye dokun (Telegram) ya da hamleni listeden seç (Discord). Hamleyi yazmak da her yerde olur.",
		"help.board":   "tahta — oyunun tahtasını gösterir (birden çok oyunun varsa: tahta #g7). Biten bir oyunu da gösterir: tahta #g7.",
		"help.history": "hamleler — oyunun şimdiye kadarki hamleleri, numaralı: 1. … 2. … (biten bir oyunun: hamleler #g7).",
		"help.legal":   "yasal — sıradaki tarafın oynayabileceği bütün hamleler (hata iletisi ilk 10'unu gösterir).",
		"help.gif":     "gif — oyunun bütün konumları hareketli bir resim olarak, paylaşmak için (biten bir oyunun: gif #g7).",
		"help.roll":    "zar — zar atma sırası sendeyken zarını at (kanal zarları elle atıyorsa). zar elle / zar otomatik — kanalda zarları oyuncular mı atar, bot mu (yöneticiler; özelde herkes).",
		"help.hint":    "ipucu — motorun önerdiği hamle (yalnızca bota karşı; o oyun artık puanlı sayılmaz).",
		"help.undo":    "geri — bota karşı son hamleni ve botun cevabını geri alır; iki kişi arasında rakibe sorar (kabul / ret), kabul ederse oyun puansız olur; bitmemiş bir turun (tavlada bir zarın) son hamlesini her zaman geri alır.",
		"help.draw": "berabere — beraberlik teklif eder; rakip teklif ettiyse kabul eder. Bot, ilk 20 hamleden sonra ve önde değilse kabul eder. " +
			"İki oyuncu da hamle yapmadan kabul edilen beraberlik sonuçsuz biter, puanlanmaz (turnuvada beraberlik sayılır, yine puanlanmaz).",
		"help.resign": "pes — oyunu bırakırsın, rakip kazanır (hiç hamle yapmadıysan oyun sonuçsuz biter, puanlanmaz).",
		"help.level":  "seviye [seviye] — botun seviyesini gösterir ya da değiştirir: {levels}. Oyun yoksa kanalın varsayılanı olur (grupta bunu yalnızca yöneticiler yapar). Belirli bir oyun için: seviye zor #g7 (yalnızca oyuncuları).",
		"help.challenge": "meydan @kişi <oyun> [{sides}] [süre] — birini oyuna çağırır; o kabul ya da ret yazar. Oyunlar: {games}. " +
			"Süre: 10dk (oyun başına), 5dk+3sn (her hamleden sonra 3 sn eklenir) ya da 1g/hamle (her hamle için bir gün); " +
			"süresi biten kaybeder. Kişiyi listeden seçerek an ya da onun mesajına yanıt olarak yaz; kimseyi anmazsan (meydan dama 5dk) meydan okuma kanaldaki herkese açıktır, ilk kabul eden oynar. İki kişi arasındaki oyunlar puanlıdır.",
		"help.accept":  "kabul — sana gelen meydan okumayı ya da beraberlik teklifini kabul eder.",
		"help.rematch": "rövanş — biten oyununu aynı rakiple, renkler değişik, aynı süre ve seviyeyle yeniden oynar (bota karşı hemen başlar; bir kişiye rövanş teklif edilir, o kabul eder). Belirli bir oyun için: rövanş #g7.",
		"help.decline": "ret — sana gelen meydan okumayı ya da beraberlik teklifini reddeder.",
		"help.games":   "oyunlar — oynanabilen oyunlar ve bu kanalda süren oyunlar.",
		"help.lang":    "dil tr|en — bu kanalın dilini değiştirir (grupta yalnızca yöneticiler; özel sohbette sen).",
		"help.help":    "yardım [komut] — komutların listesi ya da bir komutun ayrıntısı.",

		"help.tournament": "turnuva oluştur <oyun> [isviçre|lig|çift] [tur sayısı] [süre] — kanalda turnuva açar (örnek: turnuva oluştur {game} isviçre 3 5dk; tur sayısı yalnızca İsviçre içindir, ligde oyuncu sayısından çıkar). " +
			"Sonra: turnuva katıl, turnuva ayrıl, turnuva bot <seviye> (botu oyuncu olarak ekler), turnuva başlat, turnuva sıralama, " +
			"turnuva eşleşmeler [tur], turnuva iptal. Başlatmayı ve iptali yalnızca düzenleyen ya da kanal yöneticisi yapabilir. Kanalda aynı anda bir turnuva olur.",
		"help.join":        "katıl — kanaldaki turnuvaya yazılırsın.",
		"help.leave":       "ayrıl — turnuvadan çıkarsın; başladıysa süren oyunun ve sonrakiler kaybedilmiş sayılır.",
		"help.standings":   "sıralama — turnuvanın puan durumu (yazı ve resim): İsviçre'de Buchholz ve medyan Buchholz, ligde Sonneborn-Berger ile. İsviçre'de bay geçilen tur 1 puandır ve G-B-M'de galibiyet sayılır.",
		"help.pairings":    "eşleşmeler [tur] — turun eşleşmeleri ve sonuçları.",
		"help.cancel":      "iptal — turnuvayı iptal eder (düzenleyen ya da yönetici); süren oyunlar sonuçsuz biter.",
		"help.rating":      "puan [oyun] [@kişi] — Glicko-2 puanın (1500'den başlar). Puanlı oyunlar: iki kişi arasındaki oyunlar, turnuva oyunları ve geri almadan, ipucusuz, seviye değiştirmeden bota karşı oyunlar (botun her seviyesinin kendi puanı var).",
		"help.leaderboard": "liderler <oyun> — bu platformdaki en yüksek puanlar (yazı ve resim).",

		"error.no-hint-rated":        "İpucu yalnızca bota karşı, turnuva dışı oyunlarda var.",
		"error.resign-words":         "Oyunu bırakmak istiyorsan yalnızca «{cmd}» yaz.",
		"error.accept-words":         "Kabul etmek için yalnızca «{cmd}» yaz (birden çok davet varsa: {cmd} @kişi).",
		"error.tournament-game":      "Turnuva oyunlarında hamle geri alınmaz, botun seviyesi değişmez.",
		"error.bad-time-control":     "«{word}» süre olarak geçmez: süre {min} ile {max} arası olur (hamle başına artış en çok {incr}), rakamlarla yazılır. Örnek: 10dk, 5dk+3sn, 1g/hamle",
		"error.time-too-short":       "«{word}» çok kısa, en az {min} olmalı: süre {min} ile {max} arası olur (hamle başına artış en çok {incr}). Örnek: 10dk, 5dk+3sn, 1g/hamle",
		"error.challenge-unresolved": "{name} kim, bulamadım. Kişiyi @ yazınca çıkan listeden seçerek an ya da onun bir mesajına yanıt olarak yaz: meydan {game}",
		"challenge.clock":            "Süre: {clock}",
		"game.flag":                  "{player} için süre doldu; oyunu kaybetti.",
		"clock.per-move":             "{player} için bu hamlede kalan: {left}",
		"clock.resumed":              "Saat, botun kapalı kaldığı {down} için durduruldu; şimdi devam ediyor. Sıra: {player}",
		"clock.resumed-outage":       "Saat, bota ulaşılamayan {down} için durduruldu; şimdi devam ediyor. Sıra: {player}",
		"clock.tc-per-move":          "hamle başına {time}",
		"unit.day":                   "gün",
		"unit.hour":                  "sa",
		"unit.min":                   "dk",
		"unit.sec":                   "sn",
		"result.aborted":             "Oyun sonuçsuz bitti — {reason}.",
		"footer.aborted":             "Sonuçsuz",
		"reason.time":                "rakibin süresi doldu",
		"reason.withdrew":            "rakip turnuvadan çekildi",
		"reason.aborted":             "turnuva iptal edildi",
		"reason.abandoned":           "hiç hamle yapmadan bırakıldı, puanlanmadı",
		"reason.early-draw":          "iki oyuncu da hamle yapmadan berabere kalındı, puanlanmadı",

		"tournament.usage":                 "Kullanım: turnuva oluştur <oyun> [isviçre|lig|çift] [tur sayısı] [süre], sonra turnuva katıl / başlat / sıralama / eşleşmeler / ayrıl / iptal. Oyunlar: {games}",
		"tournament.create-unknown":        "«{word}» ne demek anlamadım. Örnek: turnuva oluştur {game} isviçre 5 10dk. Oyunlar: {games}",
		"tournament.created":               "{organiser} bir {game} turnuvası açtı ({format}). Katılmak için: katıl. Düzenleyen hazır olunca: başlat",
		"tournament.rounds-ignored":        "{system}: tur sayısı oyuncu sayısından çıkar; {n} dikkate alınmadı.",
		"tournament.joined":                "{player} turnuvaya katıldı ({n} oyuncu): {players}",
		"tournament.left":                  "{player} turnuvadan ayrıldı ({n} oyuncu kaldı).",
		"tournament.leave-self-only":       "Yalnızca kendini turnuvadan çıkarabilirsin: ayrıl (kimseyi anmadan). Başka birini kimse çıkaramaz.",
		"tournament.withdrew":              "{player} turnuvadan çekildi; kalan oyunları kaybedilmiş sayılır.",
		"tournament.cancelled":             "{game} turnuvası iptal edildi.",
		"tournament.none":                  "Bu kanalda turnuva yok. Açmak için: turnuva oluştur <oyun>",
		"tournament.exists":                "Bu kanalda zaten bir turnuva var. Bilgi için: turnuva",
		"tournament.not-organiser":         "Bunu yalnızca turnuvayı düzenleyen ya da bir kanal yöneticisi yapabilir.",
		"tournament.rounds":                "{n} tur",
		"tournament.rounds.one":            "1 tur",
		"tournament.info":                  "Turnuva: {game}, {format} — {state}",
		"tournament.players":               "Oyuncular ({n}): {players}",
		"tournament.how-to-join":           "Katılmak için: katıl · bot eklemek için: turnuva bot <seviye> · başlatmak için: başlat",
		"tournament.round-title":           "{game} turnuvası — {round}. tur / {rounds}",
		"tournament.bye":                   "Bay: {player} (bu tur oynamaz)",
		"tournament.bye-cell":              "bay",
		"tournament.bye-counts":            "G-B-M'de bay geçilen tur (1 puan) galibiyet sayılır.",
		"tournament.standings-title":       "{game} turnuvası — sıralama ({round}. tur / {rounds})",
		"tournament.final-title":           "{game} turnuvası — son sıralama",
		"tournament.withdrawn-mark":        "(çekildi)",
		"tournament.round-started":         "{round}. tur başladı (toplam {rounds} tur):",
		"tournament.started":               "{game} turnuvası başladı: {format}, {n} oyuncu.",
		"tournament.play-hint":             "Oyunlar bu kanalda: sıra sendeyse hamleni yaz (birden çok oyunun varsa: hamle #g5 <hamle>). Durum için: sıralama",
		"tournament.over":                  "{game} turnuvası bitti!",
		"tournament.winner":                "🏆 Kazanan: {player} ({points} puan)",
		"tournament.bot-already":           "{bot} ({level}) zaten turnuvada.",
		"tournament.bad-round":             "«{word}» bir tur numarası değil: 1 ile {rounds} arasında bir sayı yaz (yazmazsan son tur).",
		"tournament.no-round-yet":          "{round}. tur henüz eşlenmedi: şimdiye kadar {rounds} tur var.",
		"tournament.winners":               "🏆 Birinciliği paylaşanlar: {players} ({points} puan)",
		"game.ended-withdrew":              "{player} turnuvadan çekildi: bu oyunu kaybetti.",
		"game.ended-aborted":               "Turnuva iptal edildi: bu oyun sonuçsuz bitti.",
		"tournament.game-round":            "Turnuva {round}. tur",
		"tournament.err.not_registering":   "Turnuva başladı; artık katılınamaz.",
		"tournament.err.not_running":       "Turnuva sürmüyor.",
		"tournament.err.not_active":        "Turnuva zaten bitti.",
		"tournament.err.already_joined":    "Zaten turnuvadasın.",
		"tournament.err.not_joined":        "Turnuvada değilsin.",
		"tournament.err.already_withdrawn": "Turnuvadan zaten çekildin.",
		"tournament.err.too_few_players":   "Başlamak için en az iki oyuncu gerekli.",
		"tournament.err.too_many_players":  "Turnuva dolu.",
		"tournament.err.bad_system":        "Böyle bir eşleştirme yok: isviçre ya da lig.",
		"tournament.err.bad_rounds":        "Tur sayısı 1 ile {max} arasında olmalı (ligde tur sayısı oyuncu sayısından çıkar).",
		"tstate.registering":               "kayıtlar açık",
		"tstate.running":                   "sürüyor, {round}. tur / {rounds}",
		"tstate.finished":                  "bitti",
		"tstate.cancelled":                 "iptal edildi",
		"system.swiss":                     "İsviçre sistemi",
		"system.roundrobin":                "lig (herkes herkesle)",
		"system.double_roundrobin":         "çift devreli lig",
		"tiebreak.sonneborn_berger":        "SB",
		"tiebreak.buchholz":                "BH",
		"tiebreak.median_buchholz":         "MBH",
		"col.board":                        "Masa",
		"col.result":                       "Sonuç",
		"col.game":                         "Oyun",
		"col.player":                       "Oyuncu",
		"col.points":                       "Puan",
		"col.wdl":                          "G-B-M",
		"col.rating":                       "Puan",
		"col.rd":                           "Sapma",
		"col.games":                        "Oyun",

		"rating.usage":          "Kullanım: puan [oyun] [@kişi]. Oyunlar: {games}",
		"rating.unrated-game":   "{player} henüz {game} için puanlı oyun oynamadı (başlangıç: 1500).",
		"rating.one":            "{player} — {game}: {rating}",
		"rating.none":           "{player} henüz puanlı oyun oynamadı (başlangıç: 1500).",
		"rating.all":            "{player}: {ratings}",
		"rating.changed":        "Puanlar: {changes}",
		"rating.fixed":          "{rating} (sabit)",
		"leaderboard.fixed":     "sabit",
		"rating.ladder":         "(sabit: seviyeler arası maçlarla ölçüldü)",
		"rating.bot":            "{bot} seviyelerine göre:",
		"rating.bot-none":       "{bot} henüz puanlı oyun oynamadı.",
		"leaderboard.usage":     "Kullanım: liderler <oyun>. Oyunlar: {games}",
		"leaderboard.empty":     "{game} için henüz puanlı oyun yok.",
		"leaderboard.title":     "{game} — liderler",
		"leaderboard.games":     "{n} oyun",
		"leaderboard.games.one": "1 oyun",

		"error.internal":          "Bir şeyler ters gitti; tekrar dener misin?",
		"error.rate-limited":      "Çok hızlı yazıyorsun; birkaç saniye bekleyip yeniden dene.",
		"error.not-saved":         "Bu kaydedilemedi (veritabanı hatası), oyun değişmedi. Biraz sonra tekrar dener misin?",
		"bot.not-saved":           "{bot} hamlesini kaydedemedi (veritabanı hatası); oyun değişmedi, biraz sonra yeniden deneyecek.",
		"game.restored":           "Yeniden başlatmadan sonra son durum",
		"outbox.stale":            "{n} eski yanıt zamanında iletilemedi. Oyunlarının son durumu için: tahta",
		"outbox.stale.one":        "Eski bir yanıt zamanında iletilemedi. Oyunlarının son durumu için: tahta",
		"error.no-game":           "Bu kanalda süren bir oyunun yok. Başlamak için: oyna <oyun> ({games}).",
		"error.no-such-game":      "Bu kanalda {game} diye süren bir oyun yok.",
		"error.play-which-game":   "Hangi oyun? Oyunlar: {games}. Örnek: oyna {game}",
		"error.play-unknown-word": "«{word}» ne demek anlamadım. Örnek: oyna {example}. Oyunlar: {games}.",
		"error.move-what":         "Hangi hamle? Hamleyi yaz: hamle <hamle> (yardım hamle)",
		"error.not-your-turn":     "Sıra sende değil, {player} oynayacak.",
		"error.bad-move":          "Geçersiz hamle «{move}»: {reason}.",
		"error.legal-moves":       "Oynanabilir hamleler: {moves}",
		"error.legal-all":         "Hepsi için: {cmd}",
		"legal.list":              "Oynanabilir hamleler ({n}): {moves}",
		"gif.caption":             "{game}, {moves} hamle: bütün oyun",
		"roll.usage":              "zar — zarını at; zar elle ya da zar otomatik — kanalın zarlarını kim atar.",
		"roll.admin-only":         "Bu kanalın zarlarını kimin attığını yalnızca kanal yöneticileri değiştirebilir (özel sohbette sen). Sıra sende olduğunda zarını atmak için: zar.",
		"roll.set-hand":           "Bu kanalda zarları artık oyuncular atar: sıra gelince «zar» yaz (bot kendi zarını atar).",
		"roll.set-auto":           "Bu kanalda zarları artık bot atar.",
		"error.no-roll":           "Şimdi atılacak bir zarın yok.",
		"game.roll-turn":          "Zar sırası: {player} — yaz: {cmd}",
		"button.roll":             "🎲 Zar at",
		"gif.no-pictures":         "Bu oyunun resmi çizilmiyor: animasyon olamaz.",
		"legal.none":              "Oynanabilir hamle yok: oyun bitti.",
		"error.already-playing":   "Zaten süren bir oyun var: {tag} ({game}). Bitirmek için: pes",
		"error.not-player":        "Bu oyunda oynamıyorsun.",
		"error.wait-turn":         "Sıranı bekle.",
		"error.game-over":         "Bu oyun bitti.",
		"error.game-ended":        "Bu oyun bitti, bu düğme artık bir şey yapmaz: {result}",
		"error.no-challenge":      "Sana gelen bir meydan okuma ya da teklif yok.",
		"error.self-challenge":    "Kendine meydan okuyamazsın; bota karşı oynamak için: oyna <oyun>",
		"error.not-vs-bot":        "Bu yalnızca bota karşı oyunlarda olur.",
		"error.nothing-to-undo":   "Geri alınacak hamlen yok.",
		"error.no-draw-offer":     "Bekleyen bir beraberlik teklifi yok.",
		"error.unknown-level":     "Böyle bir seviye yok. Seviyeler: {levels}",
		"error.one-player":        "Bu oyun tek kişilik.",
		"error.bad-start":         "Bu oyunun bir başlangıç konumu değil: {reason}",
		"error.start-over":        "Bu konumda oyun zaten bitmiş: {reason}. Oynanacak bir konum ver.",
		"error.not-allowed":       "Bu oyunda bu yapılamaz.",
		"error.match-target":      "Maç 1 ile {max} sayı arasında oynanır.",
		"error.match-length":      "«{word}» bir maç uzunluğu değil: maç 1 ile {max} arasında bir tam sayı kadar sayıya oynanır, rakamla yazılır. Örnek: {cmd} 5",
		"moveerr.turn-over":       "sıran ondan önce bitti",
		"game.started-solo":       "Yeni oyun: {game} — {player}",
		"game.custom-start":       "Başlangıç: {start} (puanlanmaz)",
		"solo.solved":             "Çözüldü: {n} hamle.",
		"solo.solved.one":         "Çözüldü: 1 hamle.",
		"solo.optimal":            "En kısa çözüm {n} hamle.",
		"solo.optimal.one":        "En kısa çözüm 1 hamle.",
		"solo.optimal-reached":    "Bu en kısa çözüm!",
		"solo.gave-up":            "Bırakıldı, çözülmedi: {n} hamle yapıldı.",
		"solo.gave-up.one":        "Bırakıldı, çözülmedi: 1 hamle yapıldı.",
		"result.points":           "({n} sayı)",
		"result.points.one":       "(1 sayı)",
		"match.next":              "Maç: {score} ({target} sayıya). Sıradaki oyun:",
		"match.started":           "Maç: {target} sayıya kadar.",
		"challenge.match":         "Maç: {target} sayıya kadar.",
		"error.match-start":       "Maçın oyunları oyunun kendi başlangıcından oynanır: konum verilemez.",
		"match.over":              "Maç bitti: {score}. {player} kazandı!",
		"match.over-void":         "Maç bitti: {score}, sonuçsuz.",
		"error.challenge-usage":   "Kullanım: meydan @kişi <oyun>. Oyunlar: {games}",
		"error.challenge-bot":     "Bota karşı oynamak için: oyna {game}",
		"error.unknown-command":   "«{word}» diye bir komut bilmiyorum. Komutlar için: yardım",
		"error.game-command":      "«{word}» şu oyunların komutu: {games}. Burada öyle bir oyununuz yok.",
		"help.game-levels":        "Seviyeler: {levels}.",
		"error.bad-side":          "«{word}», {game} oyununda bir taraf değil. Taraflar: {sides}",
		"error.no-hints":          "{game} oyununda ipucu yok.",
		"error.no-undo":           "{game} oyununda hamle geri alınmaz.",
		"error.no-draws":          "{game} oyununda beraberlik teklif edilmez.",
		"list.and":                "{list} ve {last}",
		"list.or":                 "{list} ya da {last}",

		"confirm.not-yours":  "Bu soru sana sorulmadı: düğmesine yalnızca sorulan kişi basabilir.",
		"command.when-ready": "Hazır olunca cevabı buraya gelecek.",

		"game.started":       "Yeni oyun: {game} — {players}",
		"game.moved":         "{player}: {move}",
		"game.turn":          "Sıra: {player} ({side})",
		"game.undone":        "Son hamlen geri alındı.",
		"game.ply-undone":    "{move} geri alındı; sıra hâlâ sende.",
		"game.unrated":       "Bu oyun artık puanlı sayılmaz.",
		"resign.confirm":     "Pes edersen oyunu kaybedersin ve puanın düşer. Emin misin? Onay için düğmeye bas ya da yaz: {yes}",
		"hint.confirm":       "İpucu alırsan bu oyun puansız olur. Yine de istiyor musun? Düğmeye bas ya da yaz: {yes}",
		"undo.confirm":       "Hamle geri alırsan bu oyun puansız olur. Yine de istiyor musun? Düğmeye bas ya da yaz: {yes}",
		"game.resigned":      "{player} pes etti.",
		"game.forfeit":       "{player} uzun süre oynamadı, oyunu kaybetti.",
		"game.never-moved":   "{player} hiç hamle yapmadı.",
		"game.reminder":      "{player}, sıra sende: {left} içinde oynamazsan oyunu kaybedersin.",
		"game.reminder-void": "{player}, sıra sende: {left} içinde oynamazsan oyun sonuçsuz biter.",
		"game.title":         "{game} — {players} · {n} hamle",
		"game.title.one":     "{game} — {players} · 1 hamle",

		"footer.turn":     "Sıra: {player}",
		"footer.forced":   "alma zorunlu",
		"footer.solved":   "çözüldü",
		"footer.gave-up":  "bırakıldı",
		"move.which-game": "«{move}» birden çok oyununda oynanabilir: {games}. Hangisinde? Düğmeye dokun ya da oyunu yaz: {example}",
		"game.forced":     "alma zorunlu ({pieces})",
		"board.move":      "{n}. hamle",
		"footer.win":      "{player} kazandı",
		"footer.draw":     "Berabere",
		"result.win":      "Oyun bitti: {player} ({side}) kazandı — {reason}.",
		"result.draw":     "Oyun bitti: berabere — {reason}.",

		"reason.resigned":  "rakip pes etti",
		"reason.agreement": "anlaşmayla",
		"reason.idle":      "rakip zamanında oynamadı",
		"reason.other":     "{reason}",

		"moveerr.malformed": "bu bir hamle gibi görünmüyor ({notation})",
		"moveerr.illegal":   "bu konumda oynanamaz",
		"moveerr.ambiguous": "birden çok hamleye uyuyor, hamleyi tam yaz",
		"moveerr.game-over": "oyun bitti",

		"notation.other": "yardım hamle",

		"level.easy":   "kolay",
		"level.medium": "orta",
		"level.hard":   "zor",
		"level.master": "usta",

		"history.empty": "Henüz hamle yok.",
		"hint":          "İpucu: {move}",
		"bot.thinking":  "{bot} düşünüyor…",
		"bot.queued":    "{bot} başka oyunlarda düşünüyor, sıraya alındın…",

		"slow.queued": "İsteğin sıraya alındı: önündekiler bitince hazırlanıp gönderilecek…",
		"slow.busy":   "Önceki isteklerin (animasyon, çözüm, karşılaştırma) hâlâ hazırlanıyor: yanıtları gelince yeniden iste.",

		"draw.offered":       "{player} beraberlik teklif ediyor. {opponent}: kabul ya da ret",
		"draw.agreed":        "Beraberlik kabul edildi.",
		"draw.early-unrated": "Turnuvada beraberlik sayılır, ama iki oyuncu da hamle yapmadığı için puanlanmaz.",
		"draw.declined":      "{player} beraberliği reddetti; oyun sürüyor.",
		"draw.bot-declines":  "{bot} beraberliği kabul etmiyor; oyun sürüyor.",
		"draw.pending":       "{player} beraberlik teklif etti (kabul / ret).",
		"takeback.offered":   "{player} son hamlesini geri almak istiyor. {opponent}: kabul ya da ret",
		"takeback.accepted":  "{player} isteğiyle hamleler geri alındı; bu oyun artık puanlı sayılmaz.",
		"takeback.declined":  "{player} geri almayı reddetti; oyun sürüyor.",
		"takeback.pending":   "{player} hamle geri almak istedi (kabul / ret).",
		"takeback.gone":      "Geri alma isteği artık yok: bir hamle oynandı ya da yanıtlandı.",
		"draw.gone":          "Bu oyunda sana bekleyen bir beraberlik teklifi kalmadı (geri çekildi ya da yanıtlandı).",

		"challenge.sent":             "{to}, {from} seni {game} oynamaya çağırıyor! Yanıtın: kabul ya da ret",
		"challenge.declined":         "{player}, {from} tarafından gönderilen {game} davetini reddetti.",
		"challenge.gone":             "Bu meydan okuma artık geçerli değil: yanıtlandı, yenisiyle değişti ya da süresi doldu.",
		"challenge.own":              "Bu senin meydan okuman; {to} yanıtlayacak.",
		"challenge.not-yours":        "Bu meydan okuma {to} için; yalnızca o yanıtlayabilir.",
		"challenge.open-sent":        "{from} buradaki herkesi {game} oynamaya çağırıyor! İlk kabul eden oynar: kabul",
		"challenge.open-own":         "Bu senin açık meydan okuman; ilk kabul eden seninle oynar.",
		"challenge.open-own-decline": "Açık bir meydan okumanın reddi olmaz: oynamak istersen kabul yaz, istemezsen bir şey yazman gerekmez.",
		"button.rematch":             "🔁 Rövanş",
		"rematch.offered":            "{to}, {from} rövanş istiyor: {game}, renkler değişik. Yanıtın: kabul ya da ret",
		"rematch.going-on":           "Bu oyunun maçı sürüyor; sonraki oyun kendiliğinden başlar.",
		"rematch.tournament":         "Turnuva oyunlarında rövanş yok; turnuva sonraki turu kendisi eşleştirir.",
		"rematch.not-over":           "Bu oyun sürüyor; rövanş oyun bitince istenir.",
		"rematch.none":               "Rövanş için bitmiş bir oyunun yok. Yeni bir oyun için: {example}",

		"level.show":        "Seviye: {level}. Seviyeler: {levels}",
		"level.set-game":    "Botun seviyesi artık {level}.",
		"level.set-channel": "Bu kanaldaki yeni oyunlar {level} seviyesinde başlayacak.",
		"level.admin-only":  "Kanalın varsayılan seviyesini yalnızca kanal yöneticileri değiştirebilir (özel sohbette sen). Bota karşı kendi oyununda botun seviyesini değiştirmek için oyun sürerken: seviye <seviye>.",

		"games.header":     "Oyunlar:",
		"games.start-hint": "Başlat: oyna <oyun> [{levels}] [{sides}]",
		"games.running":    "Bu kanalda süren oyunlar:",

		"lang.show":       "Bu kanalın dili: {lang}. Değiştirmek için: dil tr ya da dil en",
		"lang.set":        "Tamam, bu kanalda Türkçe konuşuyorum.",
		"lang.unknown":    "«{word}» dilini bilmiyorum: tr ya da en",
		"lang.admin-only": "Bu kanalın dilini yalnızca kanal yöneticileri değiştirebilir (özel sohbette sen).",

		// Tap boards (tap.go).
		"tap.menu-moves":   "Hamleni seç",
		"tap.menu-pieces":  "Oynatacağın taşı seç",
		"tap.menu-squares": "Kare seç",
		"tap.choose-at":    "{square}: birden çok hamle var, hangisi?",
		"tap.menu-of":      "{squares} ile hamle",
		"tap.menu-choose":  "Hangi hamle?",
		"tap.choose":       "{from} → {to}: birden çok hamle var, hangisi?",
		"tap.selected":     "{square} seçildi: gideceği kareye dokun.",
		"tap.none":         "Oynatacağın taşa dokun.",
		"tap.stale":        "Bu tahta eskidi; güncel tahta bu.",

		"button.hint":           "💡 İpucu",
		"button.board":          "Tahta",
		"button.resign":         "🏳 Pes",
		"button.confirm-resign": "🏳 Evet, pes ediyorum",
		"button.confirm-hint":   "💡 Evet, ipucu ver",
		"button.confirm-undo":   "↩ Evet, geri al",
		"button.accept":         "Kabul",
		"button.decline":        "Ret",
	}
}

func english() map[string]string {
	return map[string]string{
		// Second-person variants (Catalog.you: the console's reader).
		"takeback.offered.you-player":    "You ask to take back your last move. {opponent}: accept or decline",
		"takeback.accepted.you-player":   "Moves taken back at your request; this game is no longer rated.",
		"takeback.declined.you-player":   "You declined the take-back; play on.",
		"game.flag.you-player":           "You ran out of time and lost the game.",
		"game.forfeit.you-player":        "You did not move for too long and lost the game.",
		"game.never-moved.you-player":    "You never made a move.",
		"game.resigned.you-player":       "You resigned.",
		"game.reminder.you-player":       "It is your move: play within {left} or you lose the game.",
		"game.reminder-void.you-player":  "It is your move: play within {left} or the game ends without a result.",
		"footer.win.you-player":          "You win",
		"result.win.you-player":          "Game over: you ({side}) win — {reason}.",
		"draw.offered.you-player":        "You offer a draw. {opponent}: accept or decline",
		"draw.declined.you-player":       "You declined the draw; play on.",
		"draw.pending.you-player":        "You offered a draw (accept / decline).",
		"challenge.sent.you-from":        "You challenge {to} to {game}! {to} answers: accept or decline",
		"challenge.sent.you-to":          "{from} challenges you to {game}! Answer: accept or decline",
		"challenge.declined.you-player":  "You declined {from}'s invitation to {game}.",
		"challenge.declined.you-from":    "{player} declined your invitation to {game}.",
		"challenge.open-sent.you-from":   "You invite anyone here to play {game}! The first to accept plays: accept",
		"rematch.offered.you-from":       "You offer {to} a rematch: {game}, colours swapped. {to} answers: accept or decline",
		"rematch.offered.you-to":         "{from} offers you a rematch: {game}, colours swapped. Answer: accept or decline",
		"match.over.you-player":          "Match over: {score}. You win!",
		"tournament.joined.you-player":   "You joined the tournament — players ({n}): {players}",
		"tournament.left.you-player":     "You left the tournament — players left: {n}.",
		"tournament.withdrew.you-player": "You withdrew from the tournament; your remaining games are lost.",
		"game.ended-withdrew.you-player": "You withdrew from the tournament and lose this game.",
		"rating.none.you-player":         "You have no rated games yet (new players start at 1500).",
		"rating.unrated-game.you-player": "You have no rated {game} games yet (new players start at 1500).",
		"help": "{bot} plays {titles}. Commands (a leading / or ! is fine):\n" +
			"play <game> [level] [{sides}] — a new game against the bot ({games})\n" +
			"move <move>, or just type the move — make a move (help move)\n" +
			"board · history · hint · undo · draw · resign\n" +
			"level [easy|medium|hard|master] · games · lang tr|en\n" +
			"challenge @someone <game> [5m+3s|1d/move] · accept · decline — a game between two people\n" +
			"tournament create <game> [swiss|roundrobin|double] [rounds] [time] · join · leave · start · standings · pairings · cancel\n" +
			"rating [game] · leaderboard <game>\n" +
			"help <command> — details of a command. Turkish commands work too (yardım).",
		"help.play": "play <game> [level] [{sides}] — a new game against the bot. Games: {games}. " +
			"Levels: {levels}. Whoever starts moves first ({first}); say {second} and the bot opens.",
		"help.start": "start <game> — a new game against the bot, like play (help play). While the channel's tournament is open for registration, " +
			"a bare «start» begins it (the organiser or a channel admin); so does «tournament start» (help tournament).",
		"help.move":    "move <move>, or just type the move.\n{notations}",
		"help.tap":     "tap — what a board's buttons send: tap a piece, then its target square (Telegram), or choose your move from the menus (Discord). Typing the move works everywhere too.",
		"help.board":   "board — shows the game's board (with several games: board #g7). It shows a finished game too: board #g7.",
		"help.history": "history — the game's moves so far, numbered: 1. … 2. … (of a finished game: history #g7).",
		"help.legal":   "legal — every move the side to move may play (an error lists the first 10).",
		"help.gif":     "gif — the game's every position as an animated picture to share (of a finished game: gif #g7).",
		"help.roll":    "roll — roll your dice when it is your roll (in a channel whose players roll by hand). roll hand / roll auto — whether the players roll their own dice or the bot does (admins; anyone in a private chat).",
		"help.hint":    "hint — the move the engine suggests (against the bot only; the game is then no longer rated).",
		"help.undo":    "undo — takes back your last move and the bot's reply (against the bot); between people it asks your opponent (accept / decline), and the game is then unrated; a move of a turn not yet complete (a tavla die) is always taken back.",
		"help.draw": "draw — offers a draw, or accepts your opponent's offer. The bot accepts after the first 20 moves when it is not ahead. " +
			"A draw agreed before both players have moved ends the game without a result, unrated (in a tournament it counts as a draw, still unrated).",
		"help.resign": "resign — you give up, your opponent wins (before your first move the game ends without a result, unrated).",
		"help.level":  "level [level] — shows or changes the bot's level: {levels}. Without a game it sets the channel's default (in a group, only its admins may). For one game: level hard #g7 (its players only).",
		"help.challenge": "challenge @someone <game> [{sides}] [time] — invites someone to a game; they answer accept or decline. Games: {games}. " +
			"Time: 10m (for the game), 5m+3s (3 s added after each move) or 1d/move (a day for every move); " +
			"whoever runs out of time loses. Pick the person from the mention list, or reply to their message; name nobody (challenge dama 5m) and the challenge is open to anyone in the channel: the first to accept plays. Games between people are rated.",
		"help.accept":  "accept — accepts a challenge or a draw offer made to you.",
		"help.rematch": "rematch — plays your finished game again with the same opponent, colours swapped, the same clock and level (against the bot it starts at once; a person is offered the rematch and accepts it). For one game: rematch #g7.",
		"help.decline": "decline — declines a challenge or a draw offer made to you.",
		"help.games":   "games — the games you can play and the games going on in this channel.",
		"help.lang":    "lang tr|en — changes this channel's language (in a group only its admins may; in a private chat, you).",
		"help.help":    "help [command] — the list of commands, or details of one.",

		"help.tournament": "tournament create <game> [swiss|roundrobin|double] [rounds] [time] — opens a tournament in the channel (e.g. tournament create {game} swiss 3 5m; the number of rounds is for Swiss only, a round robin's follows from the number of players). " +
			"Then: tournament join, tournament leave, tournament addbot <level> (enters the bot as a player), tournament start, tournament standings, " +
			"tournament pairings [round], tournament cancel. Only the organiser or a channel admin may start or cancel. One tournament per channel at a time.",
		"help.join":        "join — registers you in the channel's tournament.",
		"help.leave":       "leave — takes you out of the tournament; once it has started, your game in play and later ones are lost.",
		"help.standings":   "standings — the tournament's table (text and picture): Buchholz and median Buchholz in Swiss, Sonneborn-Berger in round robin. A Swiss bye scores 1 point and counts as a win in W-D-L.",
		"help.pairings":    "pairings [round] — a round's pairings and results.",
		"help.cancel":      "cancel — cancels the tournament (organiser or admin); games in play end without a result.",
		"help.rating":      "rating [game] [@someone] — your Glicko-2 rating (new players start at 1500). Rated: games between people, tournament games, and games against the bot without undo, hints or a change of level (each bot level has its own rating).",
		"help.leaderboard": "leaderboard <game> — the best ratings on this platform (text and picture).",

		"error.no-hint-rated":        "Hints are only for casual games against the bot.",
		"error.resign-words":         "To resign, write just «{cmd}».",
		"error.accept-words":         "To accept, write just «{cmd}» (with several invitations: {cmd} @someone).",
		"error.tournament-game":      "In a tournament game moves cannot be taken back and the bot's level cannot change.",
		"error.bad-time-control":     "«{word}» is not a time I can take: a clock is from {min} to {max} (an increment at most {incr}), written with the digits 0-9. For example: 10m, 5m+3s, 1d/move",
		"error.time-too-short":       "«{word}» is below the minimum time of {min}: a clock is from {min} to {max} (an increment at most {incr}). For example: 10m, 5m+3s, 1d/move",
		"error.challenge-unresolved": "I can't tell who {name} is. Pick them from the list that opens when you type @, or reply to one of their messages with: challenge {game}",
		"challenge.clock":            "Time: {clock}",
		"game.flag":                  "{player} ran out of time and lost the game.",
		"clock.per-move":             "{player} has {left} left for this move",
		"clock.resumed":              "The clock was stopped for the {down} the bot was down; it is running again. To move: {player}",
		"clock.resumed-outage":       "The clock was stopped for the {down} the bot could not be reached; it is running again. To move: {player}",
		"clock.tc-per-move":          "{time} per move",
		"unit.day":                   "d",
		"unit.hour":                  "h",
		"unit.min":                   "min",
		"unit.sec":                   "s",
		"result.aborted":             "Game over without a result — {reason}.",
		"footer.aborted":             "No result",
		"reason.time":                "the opponent ran out of time",
		"reason.withdrew":            "the opponent left the tournament",
		"reason.aborted":             "the tournament was cancelled",
		"reason.abandoned":           "left before making a move, not rated",
		"reason.early-draw":          "a draw agreed before both players moved, not rated",

		"tournament.usage":                 "Usage: tournament create <game> [swiss|roundrobin|double] [rounds] [time], then tournament join / start / standings / pairings / leave / cancel. Games: {games}",
		"tournament.create-unknown":        "I don't understand «{word}». For example: tournament create {game} swiss 5 10m. Games: {games}",
		"tournament.created":               "{organiser} opened a {game} tournament ({format}). To play: join. When the organiser is ready: start",
		"tournament.rounds-ignored":        "{system}: the number of rounds follows from the number of players; ignoring {n}.",
		"tournament.joined":                "{player} joined the tournament — players ({n}): {players}",
		"tournament.left":                  "{player} left the tournament — players left: {n}.",
		"tournament.leave-self-only":       "You can only withdraw yourself: leave (naming no one). Nobody can take someone else out.",
		"tournament.withdrew":              "{player} withdrew from the tournament; their remaining games are lost.",
		"tournament.cancelled":             "The {game} tournament was cancelled.",
		"tournament.none":                  "There is no tournament in this channel. To open one: tournament create <game>",
		"tournament.exists":                "This channel already has a tournament. For details: tournament",
		"tournament.not-organiser":         "Only the tournament's organiser or a channel admin may do that.",
		"tournament.rounds":                "{n} rounds",
		"tournament.rounds.one":            "1 round",
		"tournament.info":                  "Tournament: {game}, {format} — {state}",
		"tournament.players":               "Players ({n}): {players}",
		"tournament.how-to-join":           "To play: join · to enter the bot: tournament addbot <level> · to begin: start",
		"tournament.round-title":           "{game} tournament — round {round} of {rounds}",
		"tournament.bye":                   "Bye: {player} (sits this round out)",
		"tournament.bye-cell":              "bye",
		"tournament.bye-counts":            "W-D-L counts a bye (1 point) as a win.",
		"tournament.standings-title":       "{game} tournament — standings (round {round} of {rounds})",
		"tournament.final-title":           "{game} tournament — final standings",
		"tournament.withdrawn-mark":        "(withdrew)",
		"tournament.round-started":         "Round {round} of {rounds} has begun:",
		"tournament.started":               "The {game} tournament has begun: {format}, {n} players.",
		"tournament.play-hint":             "The games are in this channel: when it is your move, type it (with several games: move #g5 <move>). For the table: standings",
		"tournament.over":                  "The {game} tournament is over!",
		"tournament.winner":                "🏆 Winner: {player} (score {points})",
		"tournament.bot-already":           "{bot} ({level}) is in the tournament already.",
		"tournament.bad-round":             "«{word}» is no round number: give one from 1 to {rounds} (none: the latest round).",
		"tournament.no-round-yet":          "Round {round} is not paired yet: {rounds} rounds so far.",
		"tournament.winners":               "🏆 Sharing first place: {players} (score {points})",
		"game.ended-withdrew":              "{player} withdrew from the tournament and loses this game.",
		"game.ended-aborted":               "The tournament was cancelled: this game ends without a result.",
		"tournament.game-round":            "Tournament round {round}",
		"tournament.err.not_registering":   "The tournament has started; it is too late to join.",
		"tournament.err.not_running":       "The tournament is not running.",
		"tournament.err.not_active":        "The tournament is over already.",
		"tournament.err.already_joined":    "You are in the tournament already.",
		"tournament.err.not_joined":        "You are not in the tournament.",
		"tournament.err.already_withdrawn": "You have withdrawn already.",
		"tournament.err.too_few_players":   "At least two players are needed to start.",
		"tournament.err.too_many_players":  "The tournament is full.",
		"tournament.err.bad_system":        "No such pairing system: swiss or roundrobin.",
		"tournament.err.bad_rounds":        "The number of rounds must be between 1 and {max} (a round robin's follows from the players).",
		"tstate.registering":               "open for registration",
		"tstate.running":                   "running, round {round} of {rounds}",
		"tstate.finished":                  "finished",
		"tstate.cancelled":                 "cancelled",
		"system.swiss":                     "Swiss",
		"system.roundrobin":                "round robin",
		"system.double_roundrobin":         "double round robin",
		"tiebreak.sonneborn_berger":        "SB",
		"tiebreak.buchholz":                "BH",
		"tiebreak.median_buchholz":         "MBH",
		"col.board":                        "Board",
		"col.result":                       "Result",
		"col.game":                         "Game",
		"col.player":                       "Player",
		"col.points":                       "Pts",
		"col.wdl":                          "W-D-L",
		"col.rating":                       "Rating",
		"col.rd":                           "RD",
		"col.games":                        "Games",

		"rating.usage":          "Usage: rating [game] [@someone]. Games: {games}",
		"rating.unrated-game":   "{player} has no rated {game} games yet (new players start at 1500).",
		"rating.one":            "{player} — {game}: {rating}",
		"rating.none":           "{player} has no rated games yet (new players start at 1500).",
		"rating.all":            "{player}: {ratings}",
		"rating.changed":        "Ratings: {changes}",
		"rating.fixed":          "{rating} (fixed)",
		"leaderboard.fixed":     "fixed",
		"rating.ladder":         "(fixed: measured by matches between the levels)",
		"rating.bot":            "{bot} by level:",
		"rating.bot-none":       "{bot} has no rated games yet.",
		"leaderboard.usage":     "Usage: leaderboard <game>. Games: {games}",
		"leaderboard.empty":     "No rated {game} games yet.",
		"leaderboard.title":     "{game} — leaderboard",
		"leaderboard.games":     "{n} games",
		"leaderboard.games.one": "1 game",

		"error.internal":          "Something went wrong; could you try again?",
		"error.rate-limited":      "You are sending commands too fast; wait a few seconds and try again.",
		"error.not-saved":         "That could not be saved (a database error); the game is unchanged. Could you try again in a moment?",
		"bot.not-saved":           "{bot} could not save its move (a database error); the game is unchanged, it will try again shortly.",
		"game.restored":           "After a restart, the game as it stands",
		"outbox.stale":            "{n} older replies could not be delivered in time. To see your games: board",
		"outbox.stale.one":        "An older reply could not be delivered in time. To see your games: board",
		"error.no-game":           "You have no game going on in this channel. To start one: play <game> ({games}).",
		"error.no-such-game":      "There is no game {game} going on in this channel.",
		"error.play-which-game":   "Which game? Games: {games}. For example: play {game}",
		"error.play-unknown-word": "I don't understand «{word}». For example: play {example}. Games: {games}.",
		"error.move-what":         "Which move? Type it: move <move> (help move)",
		"error.not-your-turn":     "It is not your turn; {player} is to move.",
		"error.bad-move":          "Illegal move «{move}»: {reason}.",
		"error.legal-moves":       "Legal moves: {moves}",
		"error.legal-all":         "All of them: {cmd}",
		"legal.list":              "Legal moves ({n}): {moves}",
		"gif.caption":             "{game}, {moves} {moves|move|moves}: the whole game",
		"roll.usage":              "roll — roll your dice; roll hand or roll auto — who rolls the channel's dice.",
		"roll.admin-only":         "Only the channel's admins can change who rolls its dice (in a private chat, you). To roll your own dice when it is your turn: roll.",
		"roll.set-hand":           "The players roll their own dice in this channel now: write «roll» when it is yours (the bot rolls its own).",
		"roll.set-auto":           "The bot rolls the dice in this channel now.",
		"error.no-roll":           "You have no roll to make now.",
		"game.roll-turn":          "To roll: {player} — write: {cmd}",
		"button.roll":             "🎲 Roll",
		"gif.no-pictures":         "This game has no pictures, so no animation.",
		"legal.none":              "No legal moves: the game is over.",
		"error.already-playing":   "You already have a game going on: {tag} ({game}). To end it: resign",
		"error.not-player":        "You are not playing in this game.",
		"error.wait-turn":         "Wait for your turn.",
		"error.game-over":         "This game is over.",
		"error.game-ended":        "This game is over; its buttons no longer do anything: {result}",
		"error.no-challenge":      "There is no challenge or offer for you.",
		"error.self-challenge":    "You cannot challenge yourself; to play the bot: play <game>",
		"error.not-vs-bot":        "That only works in games against the bot.",
		"error.nothing-to-undo":   "You have no move to take back.",
		"error.no-draw-offer":     "There is no draw offer pending.",
		"error.unknown-level":     "No such level. Levels: {levels}",
		"error.one-player":        "That is a one-player game.",
		"error.bad-start":         "That is not a start position of this game: {reason}",
		"error.start-over":        "The game is already over in that position: {reason}. Give a position that can be played.",
		"error.not-allowed":       "That game does not allow it.",
		"error.match-target":      "A match is played to 1 to {max} points.",
		"error.match-length":      "«{word}» is not a match length: a match is played to a whole number of points from 1 to {max}, written with the digits 0-9. For example: {cmd} 5",
		"moveerr.turn-over":       "your turn was over before it",
		"game.started-solo":       "New game: {game} — {player}",
		"game.custom-start":       "Start: {start} (not rated)",
		"solo.solved":             "Solved in {n} moves.",
		"solo.solved.one":         "Solved in 1 move.",
		"solo.optimal":            "The shortest solution has {n}.",
		"solo.optimal.one":        "The shortest solution has 1.",
		"solo.optimal-reached":    "That is the shortest solution!",
		"solo.gave-up":            "Given up, not solved, after {n} moves.",
		"solo.gave-up.one":        "Given up, not solved, after 1 move.",
		"result.points":           "({n} points)",
		"result.points.one":       "(1 point)",
		"match.next":              "Match: {score} (to {target}). Next game:",
		"match.started":           "Match to {target} points.",
		"challenge.match":         "A match to {target} points.",
		"error.match-start":       "A match's games start from the game's own position: no custom start.",
		"match.over":              "Match over: {score}. {player} wins!",
		"match.over-void":         "Match over: {score}, without a result.",
		"error.challenge-usage":   "Usage: challenge @someone <game>. Games: {games}",
		"error.challenge-bot":     "To play against the bot: play {game}",
		"error.unknown-command":   "I don't know the command «{word}». For the list: help",
		"error.game-command":      "«{word}» is a command of these games: {games}. You have no such game here.",
		"help.game-levels":        "Levels: {levels}.",
		"error.bad-side":          "«{word}» is not a side in {game}. Sides: {sides}",
		"error.no-hints":          "There are no hints in {game}.",
		"error.no-undo":           "Moves cannot be taken back in {game}.",
		"error.no-draws":          "There are no draw offers in {game}.",
		"list.and":                "{list} and {last}",
		"list.or":                 "{list} or {last}",

		"confirm.not-yours":  "This question was not for you: only the person it asked can press its button.",
		"command.when-ready": "The answer will come here when it is ready.",

		"game.started":       "New game: {game} — {players}",
		"game.moved":         "{player}: {move}",
		"game.turn":          "To move: {player} ({side})",
		"game.undone":        "Your last move was taken back.",
		"game.ply-undone":    "{move} taken back; it is still your turn.",
		"game.unrated":       "This game is no longer rated.",
		"resign.confirm":     "Resigning loses the game and costs rating. Are you sure? Press the button or type: {yes}",
		"hint.confirm":       "A hint makes this game unrated. Still want one? Press the button or type: {yes}",
		"undo.confirm":       "Taking a move back makes this game unrated. Still want to? Press the button or type: {yes}",
		"game.resigned":      "{player} resigned.",
		"game.forfeit":       "{player} did not move for too long and lost the game.",
		"game.never-moved":   "{player} never made a move.",
		"game.reminder":      "{player}, it is your move: play within {left} or you lose the game.",
		"game.reminder-void": "{player}, it is your move: play within {left} or the game ends without a result.",
		"game.title":         "{game} — {players} · {n} moves",
		"game.title.one":     "{game} — {players} · 1 move",

		"footer.turn":     "{player} to move",
		"footer.forced":   "must capture",
		"footer.solved":   "solved",
		"footer.gave-up":  "given up",
		"move.which-game": "«{move}» can be played in more than one of your games: {games}. Which one? Tap a button or name the game: {example}",
		"game.forced":     "a capture is compulsory ({pieces})",
		"board.move":      "move {n}",
		"footer.win":      "{player} wins",
		"footer.draw":     "Draw",
		"result.win":      "Game over: {player} ({side}) wins — {reason}.",
		"result.draw":     "Game over: a draw — {reason}.",

		"reason.resigned":  "the opponent resigned",
		"reason.agreement": "by agreement",
		"reason.idle":      "the opponent did not move in time",
		"reason.other":     "{reason}",

		"moveerr.malformed": "that does not look like a move ({notation})",
		"moveerr.illegal":   "it is not legal in this position",
		"moveerr.ambiguous": "it matches several moves; write the move out in full",
		"moveerr.game-over": "the game is over",

		"notation.other": "help move",

		"level.easy":   "easy",
		"level.medium": "medium",
		"level.hard":   "hard",
		"level.master": "master",

		"history.empty": "No moves yet.",
		"hint":          "Hint: {move}",
		"bot.thinking":  "{bot} is thinking…",
		"bot.queued":    "{bot} is busy with other games; you are in the queue…",

		"slow.queued": "Your request is in the queue: it is worked on, and sent, once those before it are done…",
		"slow.busy":   "Your earlier requests (animations, solutions, comparisons) are still being worked on: ask again once their answers have come.",

		"draw.offered":       "{player} offers a draw. {opponent}: accept or decline",
		"draw.agreed":        "Draw agreed.",
		"draw.early-unrated": "It counts as a draw in the tournament, but is not rated: not both players had moved.",
		"draw.declined":      "{player} declined the draw; play on.",
		"draw.bot-declines":  "{bot} declines the draw; play on.",
		"draw.pending":       "{player} offered a draw (accept / decline).",
		"takeback.offered":   "{player} asks to take back their last move. {opponent}: accept or decline",
		"takeback.accepted":  "Moves taken back at {player}'s request; this game is no longer rated.",
		"takeback.declined":  "{player} declined the take-back; play on.",
		"takeback.pending":   "{player} asked to take a move back (accept / decline).",
		"takeback.gone":      "That take-back request is gone: a move was played or it was answered.",
		"draw.gone":          "There is no draw offer to you in this game any more (it was withdrawn or answered).",

		"challenge.sent":             "{to}, {from} challenges you to {game}! Answer: accept or decline",
		"challenge.declined":         "{player} declined {from}'s invitation to {game}.",
		"challenge.gone":             "This challenge is no longer open: it was answered, replaced by a newer one, or has expired.",
		"challenge.own":              "This is your own challenge; {to} answers it.",
		"challenge.not-yours":        "This challenge is for {to}; only they can answer it.",
		"challenge.open-sent":        "{from} invites anyone here to play {game}! The first to accept plays: accept",
		"challenge.open-own":         "This is your own open challenge; the first to accept plays you.",
		"challenge.open-own-decline": "An open challenge needs no refusal: to play, accept it; otherwise nothing needs saying.",
		"button.rematch":             "🔁 Rematch",
		"rematch.offered":            "{to}, {from} offers you a rematch: {game}, colours swapped. Answer: accept or decline",
		"rematch.going-on":           "This game's match goes on; its next game starts by itself.",
		"rematch.tournament":         "Tournament games have no rematch; the tournament pairs its next round itself.",
		"rematch.not-over":           "This game is still going; a rematch is asked for after it ends.",
		"rematch.none":               "You have no finished game to rematch. For a new game: {example}",

		"level.show":        "Level: {level}. Levels: {levels}",
		"level.set-game":    "The bot now plays at level {level}.",
		"level.set-channel": "New games in this channel start at level {level}.",
		"level.admin-only":  "Only the channel's admins can change its default level (in a private chat, you). To change the bot's level in your own game against it, say while it is on: level <level>.",

		"games.header":     "Games:",
		"games.start-hint": "Start one: play <game> [{levels}] [{sides}]",
		"games.running":    "Games going on in this channel:",

		"lang.show":       "This channel's language: {lang}. To change it: lang tr or lang en",
		"lang.set":        "OK, I speak English in this channel.",
		"lang.unknown":    "I don't know the language «{word}»: tr or en",
		"lang.admin-only": "Only the channel's admins can change its language (in a private chat, you).",

		// Tap boards (tap.go).
		"tap.menu-moves":   "Choose your move",
		"tap.menu-pieces":  "Choose a piece to move",
		"tap.menu-squares": "Choose a square",
		"tap.choose-at":    "{square}: several moves, which one?",
		"tap.menu-of":      "Move {squares}",
		"tap.menu-choose":  "Which move?",
		"tap.choose":       "{from} → {to}: several moves, which one?",
		"tap.selected":     "{square} selected: tap its target square.",
		"tap.none":         "Tap the piece to move.",
		"tap.stale":        "That board is out of date; here is the current one.",

		"button.hint":           "💡 Hint",
		"button.board":          "Board",
		"button.resign":         "🏳 Resign",
		"button.confirm-resign": "🏳 Yes, I resign",
		"button.confirm-hint":   "💡 Yes, give me a hint",
		"button.confirm-undo":   "↩ Yes, take it back",
		"button.accept":         "Accept",
		"button.decline":        "Decline",
	}
}
