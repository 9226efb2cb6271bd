package present

import (
	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/games"
	"oyunbot/sessions"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxTapSide is the most files and ranks a tap board has: Telegram lays out
// at most 8 Buttons a row (and 100 in all: 64 squares and the actions fit).
const maxTapSide = 8

// Labels of squares on tap boards.
const (
	tapEmpty  = "·"      // an empty square
	tapTarget = "○"      // an empty square the selected piece can reach
	tapTake   = "×"      // before an occupied square it can reach
	tapOpen   = "["      // before the selected piece
	tapClose  = "]"      // after it
	tapOf     = " · "    // between a square and its count in a piece menu
	tapMore   = "…"      // ends a cut placeholder
	maxHolder = 150 - 10 // Discord's placeholder limit (150), with room
)

// TapBoard is a position as its Buttons see it.
type TapBoard struct {
	tag    string   // "#g7"
	guard  string   // names the position (tapGuard)
	rows   []string // Position.Board(), top row first
	width  int
	labels games.PieceLabeler // nil: a piece is its character
	moves  []TapMove          // the legal moves, in Legal order
	pieces []string           // the squares with moves, top row first
	from   map[string]int     // the number of moves from each square
	at     map[string]int     // the number of moves on each square alone
}

// TapMove is a legal move by its text and the ends of its path; k is its
// number (from 1) among the moves between the same two squares, 0 when it
// is the only one.
type TapMove struct {
	text, from, to string
	k              int
}

// ownButtons reports whether p lays its moves out as Buttons of its own
// now (games.MoveButtoner, returning some: backgammon's cube decisions,
// not its checker moves).
func ownButtons(p games.Position) bool {
	mb := games.CanOf(nil, p).MoveButtoner
	return mb != nil && len(mb.MoveButtons()) > 0
}

// NewTapBoard reads s for tapping. ok is false when s is over or has no
// tap board: not a board game of squares within 8×8, no legal move, a move
// on no square (a pass: typed), or moves laid out as Buttons of their own
// (games.MoveButtoner).
func NewTapBoard(s sessions.Snapshot) (*TapBoard, bool) {
	if s.Result.Over || s.Position == nil || len(s.Board) == 0 || len(s.Board) > maxTapSide {
		return nil, false
	}
	can := s.Can()
	hl := can.Highlighter
	if hl == nil || ownButtons(s.Position) {
		return nil, false
	}
	t := &TapBoard{tag: "#" + s.Tag(), guard: tapGuard(s.Position), rows: s.Board,
		width: utf8.RuneCountInString(s.Board[0])}
	for _, row := range s.Board {
		if utf8.RuneCountInString(row) != t.width {
			return nil, false
		}
	}
	if t.width == 0 || t.width > maxTapSide {
		return nil, false
	}
	t.labels = can.PieceLabeler
	for _, m := range s.Position.Moves(make([]ai.Move, 0, ai.MaxMoves)) {
		path, captured := hl.MoveSquares(m)
		var from, to string
		switch {
		case len(path) > 0:
			from, to = path[0], path[len(path)-1]
		case len(captured) == 1:
			from, to = captured[0], captured[0]
		}
		if !t.OnBoard(from) || !t.OnBoard(to) {
			return nil, false
		}
		t.moves = append(t.moves, TapMove{text: s.Position.FormatMove(m), from: from, to: to})
	}
	t.from, t.at = make(map[string]int, len(t.moves)), map[string]int{}
	pairs := make(map[[2]string][]int, len(t.moves))
	for i, m := range t.moves {
		t.from[m.from]++
		if m.from == m.to {
			t.at[m.from]++
		}
		pairs[[2]string{m.from, m.to}] = append(pairs[[2]string{m.from, m.to}], i)
	}
	for _, same := range pairs {
		for k, i := range same {
			if len(same) > 1 {
				t.moves[i].k = k + 1
			}
		}
	}
	if len(t.moves) == 0 || len(t.data("a1", "a1", "999")) > chat.MaxButtonData {
		return nil, false
	}
	for i := range t.rows {
		for j := range t.width {
			if sq := t.square(i, j); t.HasMoves(sq) {
				t.pieces = append(t.pieces, sq)
			}
		}
	}
	return t, true
}

// tapGuard names a position in a few characters: its hash (of all that
// decides the legal moves), folded to 32 bits. A position met again after
// a repetition is the same position, and its Buttons still fit it.
func tapGuard(p games.Position) string {
	h := p.Hash()
	return strconv.FormatUint(uint64(uint32(h^h>>32)), 36)
}

// square names the square of row i (from the top) and file j: "c3".
func (t *TapBoard) square(i, j int) string {
	return string(rune('a'+j)) + strconv.Itoa(len(t.rows)-i)
}

// OnBoard reports whether sq names a square of the board.
func (t *TapBoard) OnBoard(sq string) bool {
	if len(sq) < 2 || sq[0] < 'a' || int(sq[0]-'a') >= t.width {
		return false
	}
	n, err := strconv.Atoi(sq[1:])
	return err == nil && n >= 1 && n <= len(t.rows) && strconv.Itoa(n) == sq[1:]
}

// piece is the board's character on sq.
func (t *TapBoard) piece(sq string) rune {
	n, _ := strconv.Atoi(sq[1:]) // OnBoard(sq)
	return []rune(t.rows[len(t.rows)-n])[sq[0]-'a']
}

// label is how sq shows: its piece, or a dot for an empty square.
func (t *TapBoard) label(sq string) (string, bool) {
	c := t.piece(sq)
	if c == '.' || c == ' ' || c == '_' {
		return tapEmpty, false
	}
	if t.labels != nil {
		if l := t.labels.PieceLabel(c); l != "" {
			return l, true
		}
	}
	return string(c), true
}

func (t *TapBoard) HasMoves(sq string) bool { return t.from[sq] > 0 }

// between lists the moves from one square to another, in Legal order.
func (t *TapBoard) Between(from, to string) []TapMove {
	var out []TapMove
	for _, m := range t.moves {
		if m.from == from && m.to == to {
			out = append(out, m)
		}
	}
	return out
}

// targets lists the other squares the piece on from reaches, once each.
func (t *TapBoard) targets(from string) []string {
	var out []string
	for _, m := range t.moves {
		if m.from == from && m.to != from && !slices.Contains(out, m.to) {
			out = append(out, m.to)
		}
	}
	return out
}

// data is a button's text: "tap #g7 <guard>" and the squares tapped.
func (t *TapBoard) data(squares ...string) string {
	return strings.Join(append([]string{command.Tap, t.tag, t.guard}, squares...), " ")
}

// choiceData is the data of one of several moves from one square to
// another: its number among them, from 1. A single move needs none.
func (t *TapBoard) choiceData(m TapMove) string {
	if m.k == 0 {
		return t.data(m.from, m.to)
	}
	return t.data(m.from, m.to, strconv.Itoa(m.k))
}

// grid is the board as square Buttons with sel selected ("" for none):
// a piece that can move selects it, the selected piece's targets play
// (or offer the moves between the two squares), a square whose moves are
// all on it alone plays them, anything else clears.
func (t *TapBoard) grid(sel string) [][]chat.Button {
	targets := t.targets(sel)
	rows := make([][]chat.Button, len(t.rows))
	for i := range t.rows {
		rows[i] = make([]chat.Button, t.width)
		for j := range t.width {
			sq := t.square(i, j)
			label, occupied := t.label(sq)
			data := t.data()
			switch {
			case sel != "" && sq == sel:
				label = tapOpen + label + tapClose
				if t.at[sq] > 0 {
					data = t.data(sq, sq)
				}
			case slices.Contains(targets, sq):
				data, label = t.data(sel, sq), targetLabel(label, occupied)
			case t.at[sq] > 0 && t.at[sq] == t.from[sq]:
				data, label = t.data(sq, sq), targetLabel(label, occupied)
			case t.HasMoves(sq):
				data = t.data(sq)
			}
			rows[i][j] = chat.Button{Label: label, Data: data}
		}
	}
	return rows
}

// targetLabel marks a square a move goes to: a ring on an empty square, a
// cross before a piece.
func targetLabel(label string, occupied bool) string {
	if occupied {
		return tapTake + label
	}
	return tapTarget
}

// maxChoiceRows bounds the rows of choices under a tap board: with the 64
// squares and the actions they stay within Telegram's 100 Buttons. More
// choices are in the menus, and can be typed.
const maxChoiceRows = 3

// choices are the moves between two squares as Buttons, eight a row.
func (t *TapBoard) choices(same []TapMove) [][]chat.Button {
	var rows [][]chat.Button
	for i, m := range same[:min(len(same), maxChoiceRows*maxTapSide)] {
		if i%maxTapSide == 0 {
			rows = append(rows, nil)
		}
		rows[len(rows)-1] = append(rows[len(rows)-1], chat.Button{Label: m.text, Data: t.choiceData(m)})
	}
	return rows
}

// MenuTexts are a menu's placeholders, in the reply's language.
type MenuTexts struct {
	moves  string                 // all the moves
	pieces string                 // choose a piece
	square string                 // choose a square (moves on squares alone)
	of     func(sq string) string // the moves of the piece on sq
	choose string                 // one of several moves between two squares
}

// menus are the legal moves as menus: all in one when they fit; else one
// menu per group of pieces, when those fit; else a menu of the pieces,
// and with sel chosen, its moves (split when there are more than a menu
// holds).
func (t *TapBoard) menus(txt MenuTexts, sel string) []chat.Menu {
	if sel == "" && len(t.moves) <= chat.MaxMenuOptions {
		return []chat.Menu{{Placeholder: txt.moves, Options: t.options(t.pieces)}}
	}
	if sel == "" {
		if ms, ok := t.packed(txt); ok {
			return ms
		}
	}
	if sel == "" {
		return t.pieceMenus(txt)
	}
	var out []chat.Menu
	for own := t.options([]string{sel}); len(own) > 0; {
		n := min(len(own), chat.MaxMenuOptions)
		out = append(out, chat.Menu{Placeholder: txt.of(sel), Options: own[:n]})
		own = own[n:]
	}
	out = append(out, t.pieceMenus(txt)...)
	return out[:min(len(out), chat.MaxMenus)]
}

// options are the moves of the pieces on squares, piece by piece.
func (t *TapBoard) options(squares []string) []chat.Button {
	var out []chat.Button
	for _, sq := range squares {
		for _, m := range t.moves {
			if m.from == sq {
				out = append(out, chat.Button{Label: m.text, Data: t.choiceData(m)})
			}
		}
	}
	return out
}

// packed puts whole pieces' moves into menus in board order; ok is false
// when they take more than MaxMenus menus.
func (t *TapBoard) packed(txt MenuTexts) ([]chat.Menu, bool) {
	var groups [][]string
	counts := 0
	for _, sq := range t.pieces {
		n := t.from[sq]
		if n > chat.MaxMenuOptions {
			return nil, false
		}
		if len(groups) == 0 || counts+n > chat.MaxMenuOptions {
			if len(groups) == chat.MaxMenus {
				return nil, false
			}
			groups, counts = append(groups, nil), 0
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], sq)
		counts += n
	}
	out := make([]chat.Menu, len(groups))
	for i, g := range groups {
		out[i] = chat.Menu{Placeholder: holder(txt.of(strings.Join(g, ", "))), Options: t.options(g)}
	}
	return out, true
}

// pieceMenus list the pieces that can move (the squares, when moves are
// on squares alone), each choosing its piece.
func (t *TapBoard) pieceMenus(txt MenuTexts) []chat.Menu {
	holder := txt.pieces
	if len(t.at) > 0 {
		holder = txt.square
	}
	var out []chat.Menu
	for i, sq := range t.pieces {
		if i%chat.MaxMenuOptions == 0 {
			out = append(out, chat.Menu{Placeholder: holder})
		}
		label := sq + tapOf + strconv.Itoa(t.from[sq])
		if piece, occupied := t.label(sq); occupied {
			label = piece + " " + label
		}
		m := &out[len(out)-1]
		m.Options = append(m.Options, chat.Button{Label: label, Data: t.data(sq)})
	}
	return out
}

// holder cuts a placeholder to Discord's length.
func holder(s string) string {
	if utf8.RuneCountInString(s) <= maxHolder {
		return s
	}
	return string([]rune(s)[:maxHolder-1]) + tapMore
}

// MenuTexts are the menus' placeholders in lang.
func (r *Presenter) MenuTexts(lang chat.Lang) MenuTexts {
	return MenuTexts{
		moves:  r.cat.T(lang, "tap.menu-moves"),
		pieces: r.cat.T(lang, "tap.menu-pieces"),
		square: r.cat.T(lang, "tap.menu-squares"),
		of:     func(sq string) string { return r.cat.T(lang, "tap.menu-of", "squares", sq) },
		choose: r.cat.T(lang, "tap.menu-choose"),
	}
}

// tapView is the tap board and menus under a board showing s to viewer:
// none unless a person is to move in a game that has them.
func (r *Presenter) tapView(lang chat.Lang, s sessions.Snapshot, viewer string) ([][]chat.Button, []chat.Menu) {
	if p, ok := s.ToMove(); !ok || p.Bot {
		return nil, nil
	}
	t, ok := NewTapBoard(s)
	if !ok {
		return r.moveList(lang, s), nil
	}
	return r.Turned(s, viewer, t.grid("")), t.menus(r.MenuTexts(lang), "")
}

// Limits of a game's legal moves laid out as buttons of their own.
const (
	maxMoveList  = 40 // more, and only typing finds one
	moveListWide = 4  // buttons a row
)

// moveList is the legal moves of s as buttons, for a game whose moves no
// tap board or move buttons of its own can show (tavla's checker moves):
// then a game is played by presses alone (a message the bot can only
// edit, issue 36). Each press names the position it was made for, "tap
// #g7 <guard> =13/7", as a tap board's do. None when there are too many
// moves or a button would not hold one.
func (r *Presenter) moveList(lang chat.Lang, s sessions.Snapshot) [][]chat.Button {
	if s.Result.Over || s.Position == nil || ownButtons(s.Position) ||
		len(s.Legal) == 0 || len(s.Legal) > maxMoveList {
		return nil
	}
	head := command.Tap + " #" + s.Tag() + " " + PositionGuard(s.Position) + " " + MovePrefix
	var rows [][]chat.Button
	for i, mv := range s.Legal {
		data := head + strings.ReplaceAll(mv, " ", MoveSpace) // one word of the command
		if len(data) > chat.MaxButtonData || strings.Contains(mv, MoveSpace) || strings.ContainsAny(mv, "\t\n") {
			return nil
		}
		if i%moveListWide == 0 {
			rows = append(rows, nil)
		}
		rows[len(rows)-1] = append(rows[len(rows)-1], chat.Button{Label: r.ShowMove(lang, s, mv), Data: data})
	}
	return rows
}

// MovePrefix marks a tap press that plays a whole legal move (moveList),
// whose spaces are written MoveSpace.
const (
	MovePrefix = "="
	MoveSpace  = "+"
)

// PositionGuard names position p in a few characters, for buttons that
// must say which position they were made for (tapGuard).
func PositionGuard(p games.Position) string { return tapGuard(p) }

// Turned turns grid round, as GameReply turns the picture, for a viewer
// who plays the second side against the bot in a game whose sides face
// each other: the squares lie where the picture shows them.
func (r *Presenter) Turned(s sessions.Snapshot, viewer string, grid [][]chat.Button) [][]chat.Button {
	if viewer == "" || !s.VsBot() || s.SideOf(viewer) != ai.Second || !r.Host(s.Game).Facing {
		return grid
	}
	slices.Reverse(grid)
	for _, row := range grid {
		slices.Reverse(row)
	}
	return grid
}

// Guard names the position a tap board was made for (a press on an older
// board's buttons says so).
func (t *TapBoard) Guard() string { return t.guard }

// Move is the move's text, as FormatMove writes it.
func (m TapMove) Move() string { return m.text }

// TapEdit is the edit of a tapped board: sel selected, and the moves of
// same (several between two squares) to choose from, seen by viewer.
func (r *Presenter) TapEdit(lang chat.Lang, s sessions.Snapshot, t *TapBoard, viewer, sel string, same []TapMove) chat.Reply {
	txt := r.MenuTexts(lang)
	rep := chat.Reply{Edit: true, Board: r.Turned(s, viewer, t.grid(sel)), Buttons: r.Buttons(lang, s)}
	switch {
	case len(same) > 0:
		rep.Text = t.tag + " " + r.cat.T(lang, "tap.choose", "from", sel, "to", same[0].to)
		if same[0].to == sel {
			rep.Text = t.tag + " " + r.cat.T(lang, "tap.choose-at", "square", sel)
		}
		rep.Board = append(rep.Board, t.choices(same)...)
		choice := chat.Menu{Placeholder: txt.choose}
		for _, m := range same[:min(len(same), chat.MaxMenuOptions)] {
			choice.Options = append(choice.Options, chat.Button{Label: m.text, Data: t.choiceData(m)})
		}
		rep.Menus = append([]chat.Menu{choice}, t.pieceMenus(txt)...)
	case sel != "":
		rep.Text = t.tag + " " + r.cat.T(lang, "tap.selected", "square", sel)
		rep.Menus = t.menus(txt, sel)
	default:
		rep.Text = t.tag + " " + r.cat.T(lang, "tap.none")
		rep.Menus = t.menus(txt, "")
	}
	rep.Menus = rep.Menus[:min(len(rep.Menus), chat.MaxMenus)]
	return rep
}
