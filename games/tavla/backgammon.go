package tavla

// backgammon.go is backgammon (BACKGAMMON.md): standard tavla's board,
// dice, hitting, notation and pictures, with the doubling cube (cube.go),
// gammon 2 and backgammon 3 times the cube, money games and matches with
// the Crawford rule. Its positions are Pos with st.hit and st.cube.on
// set; only the cube's rules and the scoring are its own.

import (
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
)

// Backgammon is standard tavla with the doubling cube.
type Backgammon struct{}

var (
	_ games.Game         = Backgammon{}
	_ games.Hosted       = Backgammon{}
	_ games.MatchStarter = Backgammon{}
)

// Name implements games.Game.
func (Backgammon) Name() string { return "backgammon" }

// Aliases implements games.Game: "küplü" (tavla with the cube).
func (Backgammon) Aliases() []string { return []string{"bg", "küplü", "kuplu"} }

// Players implements games.Game.
func (Backgammon) Players() int { return 2 }

// SideNames implements games.Game.
func (Backgammon) SideNames() []string { return []string{"white", "black"} }

// Start implements games.Game: standard tavla's start, the cube centred
// at 1, a money game.
func (Backgammon) Start() games.Position {
	p := Standard{}.Start().(*Pos)
	p.st.cube = cubeState{on: true, owner: ai.NoSide}
	return p
}

// MatchStart implements games.MatchStarter: the start of a match's game
// where each side still needs away points, crawford when it is the
// Crawford game.
func (Backgammon) MatchStart(away [2]int, crawford bool) string {
	p := Backgammon{}.Start().(*Pos)
	c := &p.st.cube
	c.away = [2]int8{int8(min(max(away[0], 1), 64)), int8(min(max(away[1], 1), 64))}
	c.crawford = crawford && (away[0] == 1 || away[1] == 1)
	return p.String()
}

// ParsePosition implements games.Game: standard tavla's text and the
// three cube fields (cubeText).
func (Backgammon) ParsePosition(s string) (games.Position, error) {
	f := strings.Fields(s)
	if len(f) != 10 {
		return nil, &games.PositionError{Key: "fields", Args: []string{"n", strconv.Itoa(len(f))},
			Detail: "backgammon: want 10 fields (standard tavla's 7, the cube, its phase, the match)", Catalog: bgCatalog()}
	}
	p, err := parsePositionOf(strings.Join(f[:7], " "), true)
	if err != nil {
		return nil, err
	}
	if err := p.parseCubeText(f[7:]); err != nil {
		return nil, err
	}
	return p, nil
}

// Host implements games.Hosted: standard tavla's levels, which also
// double, take and drop (cubeDecision), and backgammon's messages.
func (Backgammon) Host() games.Host {
	h := Standard{}.Host()
	h.Catalog = bgCatalog()
	return h
}

// MoveButtons implements games.MoveButtoner: at a cube decision its two
// actions (roll or double; take or drop), none otherwise (checker moves
// are typed).
func (p *Pos) MoveButtons() [][]string {
	if p.over() || p.st.cube.phase == cubeNone {
		return nil
	}
	var row []string
	for _, m := range p.cubeMoves(nil) {
		row = append(row, p.FormatMove(m))
	}
	return [][]string{row}
}

// MoveLabel implements games.MoveLabeler: a cube action's button in the
// reader's language, with the cube it leads to ("katla (2)", "al (2)") or
// the points a drop loses ("bırak (−1)").
func (p *Pos) MoveLabel(lang, move string) string {
	act := cubeWordAt(move)
	if act == 0 {
		return move
	}
	c := &p.st.cube
	next := strconv.Itoa(2 << c.log)
	return p.text(lang, "button."+cubeNames[act], "next", next, "cube", strconv.Itoa(1<<c.log))
}

// bgCatalog is backgammon's messages: standard tavla's, with the help,
// the scoring and the cube's added. The bot files them under
// "backgammon.".
func bgCatalog() map[string]map[string]string {
	out := stdCatalog()
	over := map[string]map[string]string{
		"tr": {
			"name": "Tavla (küplü)",
			"help": "Küplü tavla (backgammon): tavlanın tahtası, zarları ve kırma kuralları, üstüne katlama küpü. " +
				"Sıran gelince, zar atmadan önce küp ortadaysa ya da sendeyse katlayabilirsin (katla): rakip ya alır (al), küp iki katına çıkar ve küp artık onundur; ya da bırakır (bırak), oyunu küpün o anki değeri kadar kaybeder. " +
				"Katlamak istemezsen zar yaz (ya da düğmeye bas). Oyunun sonunda kazanılan sayı küp çarpı sonuçtur: düz 1, mars (gammon: rakip hiç pul toplayamadı) 2, backgammon (üstelik rakibin kırık pulu var ya da senin evinde pulu kaldı) 3. " +
				"Para oyununda tek oyun oynanır; maçta (maç 5) bir oyuncu maça 1 sayı kalınca sonraki oyun Crawford oyunudur, o oyunda katlanmaz. Beaver yoktur. " +
				"Hamleler tavladaki gibi: 13/7 8/7, bar/22, 6/off.",
			"notation": "örnek: 13/7 8/7, bar/22, 6/off; zar atmadan önce katla ya da zar; katlamaya al ya da bırak",

			"side.white": "beyaz",
			"side.black": "siyah",

			"moveerr.cube-decide":        "önce karar ver: zar at (zar) ya da katla (katla)",
			"moveerr.cube-answer":        "rakibin katladı: al ya da bırak",
			"moveerr.crawford":           "Crawford oyununda katlanmaz",
			"moveerr.cube-theirs":        "küp rakibinde: yalnız küpün sahibi katlayabilir",
			"moveerr.cube-max":           "küp 64'te: daha katlanmaz",
			"moveerr.double-before-roll": "katlama zar atmadan önce önerilir",
			"moveerr.cube-not-now":       "şimdi verilecek bir küp kararı yok",

			"reason.borne-off":  "bütün pullar toplandı",
			"reason.mars":       "mars (gammon): rakip hiç pul toplayamadı, küpün iki katı",
			"reason.backgammon": "backgammon: rakip hiç pul toplayamadı ve kırık pulu ya da kazananın evinde pulu vardı, küpün üç katı",
			"reason.drop":       "katlama bırakıldı",
			"start.drop":        "{loser} katlamayı bırakmış",
			"start.backgammon":  "{winner} bütün pullarını toplamış, {loser} hiç toplamamış",

			"prompt.cube-decide":        "sıra sende: zar at (zar) ya da katla (katla: küp {next} olur)",
			"prompt.cube-offer":         "rakibin katladı, küp {cube} olur: al (al) ya da bırak (bırak: {drop} sayı kaybedersin)",
			"prompt.cube-decide.others": "sıra {player} oyuncusunda: zar atacak ya da katlayacak (küp {next} olur)",
			"prompt.cube-offer.others":  "{opponent} katladı (küp {cube} olur): {player} alacak ya da bırakacak",

			"button.roll":   "🎲 zar",
			"button.double": "katla ({next})",
			"button.take":   "al ({next})",
			"button.drop":   "bırak (−{cube})",

			"poserr.fields": "konum 10 alandan oluşur (tavlanın 7 alanı, küp, küp kararı, maç); bunda {n} var",
			"poserr.cube":   "küp alanı {text} okunamadı: küp 1, 2, 4 … 64 (sahibi için w ya da b), karar -, d, t ya da x, maç money ya da kalan sayılar (3-1, Crawford için 1-3c)",

			"picture.cube":  "küp {value}",
			"picture.money": "para oyunu",
			"picture.crawf": "Crawford oyunu",
			"picture.offer": "katlandı: {value}",
			"text.cube":     "küp: {value} ({owner})",
			"text.centre":   "ortada",
			"text.offer":    "katlandı (küp {value} olur), cevap bekleniyor",
			"text.crawford": "Crawford oyunu: katlanmaz",
			"text.match-bg": "maça kalan: beyaz {white}, siyah {black}",
			"text.money-bg": "para oyunu",

			// The cube once turned, under the caption's status.
			"status.cube": "Küp: {value} ({owner})",
			// Cube actions in the move lines and the history ("oyunbot:
			// katla"): each reads back as the same action.
			"move.roll":   "zar",
			"move.double": "katla",
			"move.take":   "al",
			"move.drop":   "bırak",
		},
		"en": {
			"name": "Backgammon",
			"help": "Backgammon: tavla's board, dice and hitting, with the doubling cube. " +
				"At your turn, before rolling, you may double when the cube is centred or yours (double): your opponent either takes (take), the cube doubles and is theirs, or drops (drop) and loses the game at the cube's present value. " +
				"If you do not double, write roll (or press the button). A game won scores the cube times the result: single 1, gammon (the loser bore off none) 2, backgammon (moreover the loser has a checker on the bar or in the winner's home) 3. " +
				"A money game is a single game; in a match (match 5), once a player needs one point the next game is the Crawford game, with no doubling. No beavers. " +
				"Moves as in tavla: 13/7 8/7, bar/22, 6/off.",
			"notation": "e.g. 13/7 8/7, bar/22, 6/off; before rolling double or roll; to a double take or drop",

			"side.white": "white",
			"side.black": "black",

			"moveerr.cube-decide":        "decide first: roll (roll) or double (double)",
			"moveerr.cube-answer":        "your opponent doubled: take or drop",
			"moveerr.crawford":           "no doubling in the Crawford game",
			"moveerr.cube-theirs":        "your opponent owns the cube: only its owner may double",
			"moveerr.cube-max":           "the cube is at 64: no more doubling",
			"moveerr.double-before-roll": "a double is offered before rolling",
			"moveerr.cube-not-now":       "there is no cube decision to make now",

			"reason.borne-off":  "all checkers borne off",
			"reason.mars":       "gammon: the loser bore off none, twice the cube",
			"reason.backgammon": "backgammon: the loser bore off none and had a checker on the bar or in the winner's home, three times the cube",
			"reason.drop":       "the double was dropped",
			"start.drop":        "{loser} has dropped a double",
			"start.backgammon":  "{winner} has borne off all its checkers and {loser} none",

			"prompt.cube-decide":        "your turn: roll (roll) or double the cube to {next} (double)",
			"prompt.cube-offer":         "your opponent doubles to {cube}: take (take) or drop (drop: you lose {drop} {drop|point|points})",
			"prompt.cube-decide.others": "{player} to roll or to double the cube to {next}",
			"prompt.cube-offer.others":  "{opponent} doubles to {cube}: {player} to take or drop",

			"button.roll":   "🎲 roll",
			"button.double": "double ({next})",
			"button.take":   "take ({next})",
			"button.drop":   "drop (−{cube})",

			"poserr.fields": "a position has 10 fields (tavla's 7, the cube, the cube's phase, the match); this one has {n}",
			"poserr.cube":   "cube field {text}: the cube is 1, 2, 4 … 64 (w or b after it for its owner), the phase -, d, t or x, the match money or the points still needed (3-1, 1-3c in the Crawford game)",

			"picture.cube":  "cube {value}",
			"picture.money": "money game",
			"picture.crawf": "Crawford game",
			"picture.offer": "doubled: {value}",
			"text.cube":     "cube: {value} ({owner})",
			"text.centre":   "centred",
			"text.offer":    "the cube is doubled to {value}, waiting for the answer",
			"text.crawford": "the Crawford game: no doubling",
			"text.match-bg": "points needed: white {white}, black {black}",
			"text.money-bg": "money game",

			"status.cube": "Cube: {value} ({owner})",
			"move.roll":   "roll",
			"move.double": "double",
			"move.take":   "take",
			"move.drop":   "drop",
		},
	}
	for lang, kv := range over {
		for k, v := range kv {
			out[lang][k] = v
		}
	}
	return out
}

// StatusNote implements games.StatusNoter: the cube's value and owner
// once it has been turned ("Küp: 2 (siyah)"), "" while it is centred at 1
// and in games without a cube.
func (p *Pos) StatusNote(lang string) string {
	c := &p.st.cube
	if !c.on || c.log == 0 || (c.owner != white && c.owner != black) {
		return ""
	}
	return p.text(lang, "status.cube", "value", strconv.Itoa(1<<c.log), "owner", p.text(lang, "side."+sideKey(c.owner)))
}

// cubeLine is the text board's line about the cube: its value and owner,
// a double waiting for its answer, the Crawford game, the match.
func (p *Pos) cubeLine(lang string) string {
	c := &p.st.cube
	owner := p.text(lang, "text.centre")
	if c.owner == white || c.owner == black {
		owner = p.text(lang, "side."+sideKey(c.owner))
	}
	line := p.text(lang, "text.cube", "value", strconv.Itoa(1<<c.log), "owner", owner)
	if c.phase == cubeAnswer {
		line += " · " + p.text(lang, "text.offer", "value", strconv.Itoa(2<<c.log))
	}
	if c.away == [2]int8{} {
		line += " · " + p.text(lang, "text.money-bg")
	} else {
		line += " · " + p.text(lang, "text.match-bg", "white", strconv.Itoa(int(c.away[0])), "black", strconv.Itoa(int(c.away[1])))
	}
	if c.crawford {
		line += " · " + p.text(lang, "text.crawford")
	}
	return line
}
