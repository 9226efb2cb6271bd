package chess

// local.go: moves in Turkish letters (for games.LocalNotation). Turkish
// notation names the pieces A (at, knight), F (fil, bishop), K (kale,
// rook), V (vezir, queen) and Ş (şah, king). K is the clash: the king in
// English, the rook in Turkish. A person writing Turkish gets the Turkish
// reading first, K the rook, and the king when no rook can make the move
// (as a small b is the b-file first and the bishop when no pawn can); a
// person writing English gets English, K the king. Ş, S (an Ş without the
// Turkish keyboard) and V name nothing in English and are read in both
// languages. Replies show Turkish letters to a game whose player wrote
// them, and elsewhere in Turkish the king as Ş: a K printed in Turkish is
// always the rook.

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Turkish is the language key of Turkish notation.
const Turkish = "tr"

// turkishToEnglish maps the Turkish piece letters (capital) to the English
// ones, K the rook (kale).
var turkishToEnglish = map[rune]byte{'A': 'N', 'F': 'B', 'K': 'R', 'V': 'Q'}

// turkishLetters are the Turkish SAN letters by Kind.
var turkishLetters = [7]string{"", "", "A", "F", "K", "V", "Ş"}

// ReadMove reads text in lang's letters as the English SAN ParseSAN
// reads, and says whose letters it was written in (Turkish, or "" when
// it tells nothing) (games.LocalNotation).
func (p *Position) ReadMove(text, lang string) (move, letters string) {
	num, body := SplitMoveNumber(text)
	if body == "" {
		return text, ""
	}
	if pts := parsePattern(body); len(pts) > 0 && pts[0].castle != 0 {
		return text, "" // O-O, kısa rok: no piece letter
	}
	tr := lang == Turkish
	body, promoTR := readPromotion(body, tr)
	r, size := utf8.DecodeRuneInString(body)
	rest := body[size:]
	var readings []string // in order of preference
	letters = ""
	switch r {
	case 'Ş', 'ş':
		readings, letters = []string{"K" + rest}, Turkish
	case 'S', 's':
		if tr {
			readings, letters = []string{"K" + rest}, Turkish
		}
	case 'V', 'v':
		readings, letters = []string{"Q" + rest}, Turkish
	case 'K', 'k':
		if tr {
			readings, letters = []string{"R" + rest, "K" + rest}, Turkish
		} else {
			letters = "en"
		}
	case 'A', 'a', 'F', 'f':
		// A (at) and F (fil) are files too: a capital the piece first, a
		// small letter the pawn's file first.
		if tr {
			piece := string(turkishToEnglish[unicode.ToUpper(r)]) + rest
			readings, letters = []string{piece, body}, Turkish
			if unicode.IsLower(r) {
				readings, letters = []string{body, piece}, ""
			}
		}
	case 'N', 'n', 'R', 'r', 'Q', 'q', 'B':
		letters = "en"
	}
	if promoTR {
		letters = Turkish
	}
	if len(readings) == 0 {
		return num + body, letters
	}
	for _, rd := range readings {
		m, err := p.ParseSAN(num + rd)
		if err != nil {
			continue
		}
		switch {
		case (r == 'K' || r == 'k') && rd[0] == 'K':
			letters = "" // no rook could: the king, as in English; the reply's Ş says so
		case rd == body: // the pawn's file, not a piece: a, f
			letters = ""
		default:
			letters = Turkish
		}
		if promoTR {
			letters = Turkish
		}
		return p.SAN(m), letters
	}
	return num + readings[0], letters
}

// SplitMoveNumber splits a move number pasted from a score sheet ("12.",
// "12...") off the move; it stays in front of what is read.
func SplitMoveNumber(text string) (num, body string) {
	t := strings.TrimSpace(text)
	body = strings.TrimLeft(t, "0123456789")
	if len(body) < len(t) && strings.HasPrefix(body, ".") {
		body = strings.TrimLeft(body, ". ")
		return t[:len(t)-len(body)], body
	}
	return "", t
}

// readPromotion rewrites a Turkish promotion letter at the end of a move
// ("e8=V", "e8V") as the English one, and says whether it did.
func readPromotion(body string, tr bool) (string, bool) {
	r, size := utf8.DecodeLastRuneInString(body)
	head := body[:len(body)-size]
	if head == "" || strings.IndexByte("18=(/", head[len(head)-1]) < 0 {
		return body, false
	}
	k := turkishToEnglish[unicode.ToUpper(r)]
	if k == 0 || !tr && k != 'Q' {
		return body, false
	}
	return head + string(k), true
}

// WriteMove is WriteSAN (games.LocalNotation): SAN with Turkish letters for
// Turkish ("Af3", "Kxe4" the rook, "Şe2", "e8=V") when all, else English
// SAN with the king as Ş ("Nf3", "Rxe4", "Şe2"); unchanged in English.
func (p *Position) WriteMove(move, lang string, all bool) string { return WriteSAN(move, lang, all) }

// WriteSAN writes SAN move (English letters) for a person reading lang:
// all of lang's letters when all, else only the king's.
func WriteSAN(move, lang string, all bool) string {
	if lang != Turkish || move == "" {
		return move
	}
	var b strings.Builder
	for i := 0; i < len(move); i++ {
		c := move[i]
		if k := letterKind(c + ('a' - 'A')); c >= 'A' && c <= 'Z' && k != NoKind && k != Pawn && (i == 0 || move[i-1] == '=') && (all || k == King) {
			b.WriteString(turkishLetters[k])
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
