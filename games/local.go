package games

// local.go is the capability "language": how a game speaks a person's
// language beyond its catalogue. Games implement any of these; without
// them moves are written one way for everybody and the text board is the
// grid of Board with coordinates.
//
//	LocalNotation  moves read and written by language  (Position; chess)
//	ReadingLister  a typed move's several readings     (Position; chess)
//	MoveNumberer   a custom start's move number        (Game; chess)
//	TextBoarder    a text board of its own             (Position; İşlem, puzzles, tavla, tic-tac-toe)
//	MoveGrouper    the legal moves in groups           (Position; İşlem)
//
// Errors a game returns speak the language through Localized
// (PositionError is one).

import (
	"slices"
	"strings"
)

// LocalNotation is implemented by positions whose moves are written
// differently by language (chess's piece letters: Turkish A at, F fil,
// K kale, V vezir, Ş şah beside English N, B, R, Q, K). The bot reads a
// person's typed move through ReadMove before ParseMove, and shows moves
// through WriteMove: in all of a language's letters to a person who
// writes them, else so that what is shown reads back as shown.
type LocalNotation interface {
	// ReadMove rewrites text, typed by a person writing lang, into what
	// ParseMove reads here (text unchanged when it needs nothing; a text
	// that is no legal move is rewritten as its likeliest reading, for
	// ParseMove to explain). letters says which letters it was written
	// in: lang's own ("tr"), the canonical ones ("en") or none that tell
	// ("": a pawn move, castling).
	ReadMove(text, lang string) (move, letters string)
	// WriteMove writes a move text of FormatMove's for a person reading
	// lang: in all of lang's own letters when all, else in the canonical
	// ones but for those lang reads otherwise (the king's K, which is
	// the rook in Turkish: Ş). Either way ReadMove in lang reads it back
	// as the same move.
	WriteMove(move, lang string, all bool) string
}

// Reading is one legal move a typed text can mean (ReadingLister): Move
// as ParseMove reads it (FormatMove's text), the letters it is read in
// (LocalNotation's), Key its name in the game's catalogue ("reading.<Key>"
// says it with the move as {move}, "reading.<Key>.word" is the word that
// chooses it), and Words what a person may answer to choose it, lower
// case, in any language.
type Reading struct {
	Move, Letters, Key string
	Words              []string
}

// ReadingLister is implemented by LocalNotation positions where one typed
// move can mean several legal moves by the letters it is read in (chess:
// Turkish K is the rook, kale, and the king in the standard letters).
// Readings lists them, ReadMove's own first, when there are two or more,
// else nil: the bot asks which one was meant, unless the letters the
// player has written in the game tell.
type ReadingLister interface {
	Readings(text, lang string) []Reading
}

// MoveNumberer is implemented by games whose custom starts carry the
// number of the move they start at (a chess FEN's sixth field), for the
// history and the records to count on from it.
type MoveNumberer interface {
	// FirstMoveNumber is the number of the first move played from start
	// (a position text; "" for the game's own start): 1 unless start says
	// otherwise.
	FirstMoveNumber(start string) int
}

// TextBoarder is implemented by positions whose text board needs more than
// the grid with coordinates the bot writes around Board (tavla's point
// numbers and borne-off checkers, İşlem's stones): the whole text board in
// lang, seen from the second side's edge when flip.
type TextBoarder interface {
	TextBoard(lang string, flip bool) string
}

// MoveGroup is a group of legal moves shown together: Label names what
// they share (a square, a stone), Moves are their texts.
type MoveGroup struct {
	Label string
	Moves []string
}

// MoveGrouper is implemented by positions with too many legal moves to list
// one by one (İşlem's hundreds of placements): GroupMoves groups the legal
// moves as people read them best, in lang where its labels have words.
type MoveGrouper interface {
	GroupMoves(lang string) []MoveGroup
}

// Localized is implemented by errors a game can explain in a person's
// language ("tr", "en"), such as why a custom start cannot be solved;
// their Error is short English for logs.
type Localized interface {
	Message(lang string) string
}

// PositionError is the error of a position text a game cannot take (a FEN
// with no white king, a puzzle with a tile twice): Key is a key of the
// game's catalogue under "poserr." and Args its placeholder values as
// key, value pairs; Detail is English for logs. Message says it in a
// language through the catalogue a game gives with Catalog.
type PositionError struct {
	Key    string
	Args   []string
	Detail string
	// Catalog is the game's catalogue (Host.Catalog), for Message.
	Catalog map[string]map[string]string
	// Err is a sentinel the error wraps (puzzle.ErrFormat), or nil.
	Err error
}

func (e *PositionError) Error() string {
	if e.Detail != "" {
		return e.Detail
	}
	return e.Key
}

// Unwrap returns Err.
func (e *PositionError) Unwrap() error { return e.Err }

// Message implements Localized: the catalogue's "poserr.<Key>" in lang
// (English when lang has none) with its placeholders filled; a value
// written "@key" is the catalogue's message key in the same language (a
// side's name: "@side.white" is "beyaz" in Turkish).
func (e *PositionError) Message(lang string) string {
	if _, ok := e.Catalog[lang]; !ok {
		lang = "en"
	}
	msg, ok := e.Catalog[lang]["poserr."+e.Key]
	if !ok {
		return e.Error()
	}
	kv := slices.Clone(e.Args)
	for i := 1; i < len(kv); i += 2 {
		if ref, ok := strings.CutPrefix(kv[i], "@"); ok {
			if v, ok := e.Catalog[lang][ref]; ok {
				kv[i] = v
			}
		}
	}
	return Fill(msg, kv...)
}

// Quote shows a piece of a position text as typed, in «», shortened, for
// an error's message.
func Quote(s string) string {
	if r := []rune(s); len(r) > 20 {
		s = string(r[:20]) + "…"
	}
	return "«" + s + "»"
}

// CatalogText is message key of catalogue cat in lang (English when lang
// has none) with its placeholders filled from key, value pairs.
func CatalogText(cat map[string]map[string]string, lang, key string, kv ...string) string {
	msg, ok := cat[lang][key]
	if !ok {
		msg = cat["en"][key]
	}
	return Fill(msg, kv...)
}
