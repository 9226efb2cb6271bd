package router

// tap.go makes boards people tap: for a board game of at most 8×8 squares
// whose moves have paths (games.Highlighter), a grid of square buttons
// (Reply.Board: tap a piece, then its target) and menus of the legal moves
// grouped by piece (Reply.Menus). Nothing is kept in memory: every button
// says all there is to know, "tap #g7 <guard> c3 e5", where the guard names
// the position the buttons were made for, so a press after a restart still
// works, and one on an old board says that it is old. Games are never named:
// the squares come from Position.Board and MoveSquares, the moves' texts
// from FormatMove; promotions and captures by several routes (one start and
// one end, several moves) are offered as a choice. A move on one square
// alone (a stone placed, a capture named by its square) goes from that
// square to itself: tapping the square plays it, or offers the moves there.

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/games"
	"oyunbot/sessions"
)

// maxTapSide is the most files and ranks a tap board has: Telegram lays out
// at most 8 buttons a row (and 100 in all: 64 squares and the actions fit).
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

// tapBoard is a position as its buttons see it.
type tapBoard struct {
	tag    string   // "#g7"
	guard  string   // names the position (tapGuard)
	rows   []string // Position.Board(), top row first
	width  int
	labels games.PieceLabeler // nil: a piece is its character
	moves  []tapMove          // the legal moves, in Legal order
	pieces []string           // the squares with moves, top row first
	from   map[string]int     // the number of moves from each square
	at     map[string]int     // the number of moves on each square alone
}

// tapMove is a legal move by its text and the ends of its path; k is its
// number (from 1) among the moves between the same two squares, 0 when it
// is the only one.
type tapMove struct {
	text, from, to string
	k              int
}

// newTapBoard reads s for tapping. ok is false when s is over or has no
// tap board: not a board game of squares within 8×8, no legal move, a move
// on no square (a pass: typed), or moves laid out as buttons of their own
// (games.MoveButtoner).
func newTapBoard(s sessions.Snapshot) (*tapBoard, bool) {
	if s.Result.Over || s.Position == nil || len(s.Board) == 0 || len(s.Board) > maxTapSide {
		return nil, false
	}
	hl, ok := s.Position.(games.Highlighter)
	if _, buttons := s.Position.(games.MoveButtoner); !ok || buttons {
		return nil, false
	}
	t := &tapBoard{tag: "#" + s.Tag(), guard: tapGuard(s.Position), rows: s.Board,
		width: utf8.RuneCountInString(s.Board[0])}
	for _, row := range s.Board {
		if utf8.RuneCountInString(row) != t.width {
			return nil, false
		}
	}
	if t.width == 0 || t.width > maxTapSide {
		return nil, false
	}
	t.labels, _ = s.Position.(games.PieceLabeler)
	for _, m := range s.Position.Moves(make([]ai.Move, 0, ai.MaxMoves)) {
		path, captured := hl.MoveSquares(m)
		var from, to string
		switch {
		case len(path) > 0:
			from, to = path[0], path[len(path)-1]
		case len(captured) == 1:
			from, to = captured[0], captured[0]
		}
		if !t.onBoard(from) || !t.onBoard(to) {
			return nil, false
		}
		t.moves = append(t.moves, tapMove{text: s.Position.FormatMove(m), from: from, to: to})
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
			if sq := t.square(i, j); t.hasMoves(sq) {
				t.pieces = append(t.pieces, sq)
			}
		}
	}
	return t, true
}

// tapGuard names a position in a few characters: its hash (of all that
// decides the legal moves), folded to 32 bits. A position met again after
// a repetition is the same position, and its buttons still fit it.
func tapGuard(p games.Position) string {
	h := p.Hash()
	return strconv.FormatUint(uint64(uint32(h^h>>32)), 36)
}

// square names the square of row i (from the top) and file j: "c3".
func (t *tapBoard) square(i, j int) string {
	return string(rune('a'+j)) + strconv.Itoa(len(t.rows)-i)
}

// onBoard reports whether sq names a square of the board.
func (t *tapBoard) onBoard(sq string) bool {
	if len(sq) < 2 || sq[0] < 'a' || int(sq[0]-'a') >= t.width {
		return false
	}
	n, err := strconv.Atoi(sq[1:])
	return err == nil && n >= 1 && n <= len(t.rows) && strconv.Itoa(n) == sq[1:]
}

// piece is the board's character on sq.
func (t *tapBoard) piece(sq string) rune {
	n, _ := strconv.Atoi(sq[1:]) // onBoard(sq)
	return []rune(t.rows[len(t.rows)-n])[sq[0]-'a']
}

// label is how sq shows: its piece, or a dot for an empty square.
func (t *tapBoard) label(sq string) (string, bool) {
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

func (t *tapBoard) hasMoves(sq string) bool { return t.from[sq] > 0 }

// between lists the moves from one square to another, in Legal order.
func (t *tapBoard) between(from, to string) []tapMove {
	var out []tapMove
	for _, m := range t.moves {
		if m.from == from && m.to == to {
			out = append(out, m)
		}
	}
	return out
}

// targets lists the other squares the piece on from reaches, once each.
func (t *tapBoard) targets(from string) []string {
	var out []string
	for _, m := range t.moves {
		if m.from == from && m.to != from && !slices.Contains(out, m.to) {
			out = append(out, m.to)
		}
	}
	return out
}

// data is a button's text: "tap #g7 <guard>" and the squares tapped.
func (t *tapBoard) data(squares ...string) string {
	return strings.Join(append([]string{command.Tap, t.tag, t.guard}, squares...), " ")
}

// choiceData is the data of one of several moves from one square to
// another: its number among them, from 1. A single move needs none.
func (t *tapBoard) choiceData(m tapMove) string {
	if m.k == 0 {
		return t.data(m.from, m.to)
	}
	return t.data(m.from, m.to, strconv.Itoa(m.k))
}

// grid is the board as square buttons with sel selected ("" for none):
// a piece that can move selects it, the selected piece's targets play
// (or offer the moves between the two squares), a square whose moves are
// all on it alone plays them, anything else clears.
func (t *tapBoard) grid(sel string) [][]chat.Button {
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
			case t.hasMoves(sq):
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
// squares and the actions they stay within Telegram's 100 buttons. More
// choices are in the menus, and can be typed.
const maxChoiceRows = 3

// choices are the moves between two squares as buttons, eight a row.
func (t *tapBoard) choices(same []tapMove) [][]chat.Button {
	var rows [][]chat.Button
	for i, m := range same[:min(len(same), maxChoiceRows*maxTapSide)] {
		if i%maxTapSide == 0 {
			rows = append(rows, nil)
		}
		rows[len(rows)-1] = append(rows[len(rows)-1], chat.Button{Label: m.text, Data: t.choiceData(m)})
	}
	return rows
}

// menuTexts are a menu's placeholders, in the reply's language.
type menuTexts struct {
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
func (t *tapBoard) menus(txt menuTexts, sel string) []chat.Menu {
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
func (t *tapBoard) options(squares []string) []chat.Button {
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
func (t *tapBoard) packed(txt menuTexts) ([]chat.Menu, bool) {
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
func (t *tapBoard) pieceMenus(txt menuTexts) []chat.Menu {
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

// menuTexts are the menus' placeholders in lang.
func (r *Router) menuTexts(lang chat.Lang) menuTexts {
	return menuTexts{
		moves:  r.cat.T(lang, "tap.menu-moves"),
		pieces: r.cat.T(lang, "tap.menu-pieces"),
		square: r.cat.T(lang, "tap.menu-squares"),
		of:     func(sq string) string { return r.cat.T(lang, "tap.menu-of", "squares", sq) },
		choose: r.cat.T(lang, "tap.menu-choose"),
	}
}

// tapView is the tap board and menus under a board showing s to viewer:
// none unless a person is to move in a game that has them.
func (r *Router) tapView(lang chat.Lang, s sessions.Snapshot, viewer string) ([][]chat.Button, []chat.Menu) {
	if p, ok := s.ToMove(); !ok || p.Bot {
		return nil, nil
	}
	t, ok := newTapBoard(s)
	if !ok {
		return nil, nil
	}
	return r.turned(s, viewer, t.grid("")), t.menus(r.menuTexts(lang), "")
}

// turned turns grid round, as gameReply turns the picture, for a viewer
// who plays the second side against the bot in a game whose sides face
// each other: the squares lie where the picture shows them.
func (r *Router) turned(s sessions.Snapshot, viewer string, grid [][]chat.Button) [][]chat.Button {
	if viewer == "" || !s.VsBot() || s.SideOf(viewer) != ai.Second || !r.host(s.Game).Facing {
		return grid
	}
	slices.Reverse(grid)
	for _, row := range grid {
		slices.Reverse(row)
	}
	return grid
}

// tap: a tap board's button, "tap #g7 <guard> [from [to [n]]]": select a
// piece (or none), play the move from one square to another, or offer
// the moves between them when there are several. The board pressed is
// edited; a move is played as if typed.
func (q *request) tap() {
	args := q.argsWithoutTag()
	if !q.hasTag() || len(args) == 0 || len(args) > 4 {
		q.say(q.t("help." + command.Tap))
		return
	}
	s, ok := q.current()
	if !ok {
		return
	}
	t, ok := newTapBoard(s)
	if !ok || args[0] != t.guard {
		q.tapStale(s)
		return
	}
	if side := s.SideOf(q.m.UserID); side == ai.NoSide {
		q.sayError(sessions.ErrNotPlayer)
		return
	}
	if p, _ := s.ToMove(); p.Bot || p.ID != q.m.UserID {
		q.sayMoveError(s, "", sessions.ErrNotYourTurn)
		return
	}
	squares := args[1:]
	for _, sq := range squares[:min(len(squares), 2)] {
		if !t.onBoard(sq) {
			q.tapEdit(s, t, "", nil)
			return
		}
	}
	switch len(squares) {
	case 0:
		q.tapEdit(s, t, "", nil)
	case 1:
		if !t.hasMoves(squares[0]) {
			q.tapEdit(s, t, "", nil)
			return
		}
		q.tapEdit(s, t, squares[0], nil)
	default:
		same := t.between(squares[0], squares[1])
		switch k, err := strconv.Atoi(strings.Join(squares[2:], "")); {
		case len(same) == 0:
			q.tapEdit(s, t, "", nil)
		case len(same) == 1:
			q.canonical = true
			q.move(same[0].text, true)
		case err == nil && k >= 1 && k <= len(same):
			q.canonical = true
			q.move(same[k-1].text, true)
		default:
			q.tapEdit(s, t, squares[0], same)
		}
	}
}

// tapEdit edits the pressed board: sel selected, and the moves of same
// (several between two squares) to choose from.
func (q *request) tapEdit(s sessions.Snapshot, t *tapBoard, sel string, same []tapMove) {
	txt := q.r.menuTexts(q.lang)
	rep := chat.Reply{Edit: true, Board: q.r.turned(s, q.m.UserID, t.grid(sel)), Buttons: q.r.buttons(q.lang, s)}
	switch {
	case len(same) > 0:
		rep.Text = t.tag + " " + q.t("tap.choose", "from", sel, "to", same[0].to)
		if same[0].to == sel {
			rep.Text = t.tag + " " + q.t("tap.choose-at", "square", sel)
		}
		rep.Board = append(rep.Board, t.choices(same)...)
		choice := chat.Menu{Placeholder: txt.choose}
		for _, m := range same[:min(len(same), chat.MaxMenuOptions)] {
			choice.Options = append(choice.Options, chat.Button{Label: m.text, Data: t.choiceData(m)})
		}
		rep.Menus = append([]chat.Menu{choice}, t.pieceMenus(txt)...)
	case sel != "":
		rep.Text = t.tag + " " + q.t("tap.selected", "square", sel)
		rep.Menus = t.menus(txt, sel)
	default:
		rep.Text = t.tag + " " + q.t("tap.none")
		rep.Menus = t.menus(txt, "")
	}
	rep.Menus = rep.Menus[:min(len(rep.Menus), chat.MaxMenus)]
	q.sayReply(rep)
}

// tapStale answers a press on a board whose position is gone: its buttons
// are removed and the current board is shown.
func (q *request) tapStale(s sessions.Snapshot) {
	note := "#" + s.Tag() + " " + q.t("tap.stale")
	q.sayReply(chat.Reply{Edit: true, Text: note})
	q.sayReply(q.r.gameReply(q.lang, s, q.t("tap.stale"), q.m.UserID))
}
