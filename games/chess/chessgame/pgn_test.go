package chessgame

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/chess"
	"oyunbot/games/chess/engine"
	"oyunbot/games/internal/record"
)

// operaUCI is the Opera game (Morphy v the Duke of Brunswick and Count
// Isouard, Paris 1858) in long algebraic notation.
const operaUCI = "e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6 f3b3 d8e7 b1c3 c7c6 " +
	"c1g5 b7b5 c3b5 c6b5 c4b5 b8d7 e1c1 a8d8 d1d7 d8d7 h1d1 e7e6 b5d7 f6d7 b3b8 d7b8 d1d8"

// operaPGN is how it is exported: lines under 80 characters, the move
// number kept apart from its move at a line break as the tokens allow.
const operaPGN = `[Event "oyunbot"]
[Site "telegram -100123"]
[Date "2026.11.23"]
[Round "-"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]
[TimeControl "-"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8.
Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14.
Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0
`

// playUCI plays space-separated long algebraic moves from start.
func playUCI(t *testing.T, start games.Position, uci string) []ai.Move {
	t.Helper()
	p := start.Clone()
	var moves []ai.Move
	for _, s := range strings.Fields(uci) {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		p.Make(m)
		moves = append(moves, m)
	}
	return moves
}

func operaRequest(t *testing.T) games.CommandRequest {
	start := Game{}.Start()
	moves := playUCI(t, start, operaUCI)
	end := start.Clone()
	for _, m := range moves {
		end.Make(m)
	}
	st := end.Status()
	return games.CommandRequest{
		Game: Game{}, Lang: "en", ID: 12,
		Start: start, Moves: moves, Position: end,
		Players: [2]string{"Paul Morphy", "Duke Karl / Count Isouard"},
		Over:    st.Over, Winner: st.Winner, Reason: st.Reason,
		Started: time.Date(2026, 11, 23, 21, 40, 0, 0, time.UTC), Platform: "telegram", Channel: "-100123",
	}
}

func TestPGNOperaGame(t *testing.T) {
	req := operaRequest(t)
	if !req.Over || req.Winner != ai.First || req.Reason != chess.ReasonCheckmate {
		t.Fatalf("the Opera game ends %v %v %q, want White's checkmate", req.Over, req.Winner, req.Reason)
	}
	got, err := RecordOf(req).PGN()
	if err != nil {
		t.Fatal(err)
	}
	if got != operaPGN {
		t.Errorf("PGN:\n%s\nwant:\n%s", got, operaPGN)
	}
	for i, line := range strings.Split(got, "\n") {
		if len(line) >= 80 {
			t.Errorf("line %d has %d characters", i+1, len(line))
		}
	}
}

// TestPGNFromFEN: a game from a position with Black to move on move 40
// gets SetUp and FEN tags and starts its movetext "40...".
func TestPGNFromFEN(t *testing.T) {
	const fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40"
	start, err := Game{}.ParsePosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	r := &PGNRecord{Header: record.Header{Event: "oyunbot"}, Start: start, Moves: playUCI(t, start, "e8d7 e2e4 d7d6")}
	got, err := r.PGN()
	if err != nil {
		t.Fatal(err)
	}
	want := `[Event "oyunbot"]
[Site "?"]
[Date "????.??.??"]
[Round "-"]
[White "?"]
[Black "?"]
[Result "*"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40"]

40... Kd7 41. e4 Kd6 *
`
	if got != want {
		t.Errorf("PGN:\n%s\nwant:\n%s", got, want)
	}
	// The standard start, even with other move counters, has no FEN tag.
	std, err := Game{}.ParsePosition("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	r = &PGNRecord{Start: std}
	if got, err := r.PGN(); err != nil || strings.Contains(got, "FEN") || !strings.HasSuffix(got, "\n\n*\n") {
		t.Errorf("standard start: %q, %v; want no FEN tag and movetext \"*\"", got, err)
	}
}

func TestPGNResults(t *testing.T) {
	start := Game{}.Start()
	moves := playUCI(t, start, "e2e4 e7e5")
	for _, tc := range []struct {
		name   string
		over   bool
		winner ai.Side
		reason string
		want   string // the movetext after the moves
	}{
		{"in play", false, ai.NoSide, "", "*"},
		{"White resigns", true, ai.Second, "resigned", "{White resigns.} 0-1"},
		{"White resigns (the key games.CommandRequest names)", true, ai.Second, "resign", "{White resigns.} 0-1"},
		{"idle forfeit", true, ai.First, "idle", "{Black forfeits: no move for too long.} 1-0"},
		{"withdrew", true, ai.Second, "withdrew", "{White withdrew from the tournament.} 0-1"},
		{"abandoned, no result", true, ai.NoSide, "abandoned", "{Abandoned before a move was made: no result.} *"},
		{"early draw, no result", true, ai.NoSide, "early-draw", "{Draw agreed before both sides had moved: no result.} *"},
		{"tournament cancelled", true, ai.NoSide, "aborted", "{The tournament was cancelled: no result.} *"},
		{"Black resigns", true, ai.First, "resigned", "{Black resigns.} 1-0"},
		{"Black's flag", true, ai.First, "time", "{White wins on time.} 1-0"},
		{"White's flag", true, ai.Second, "time", "{Black wins on time.} 0-1"},
		{"agreed draw", true, ai.NoSide, "agreement", "{Draw by agreement.} 1/2-1/2"},
		{"repetition", true, ai.NoSide, chess.ReasonRepetition, "{Draw by threefold repetition.} 1/2-1/2"},
		{"fifty moves", true, ai.NoSide, chess.ReasonFiftyMoves, "{Draw by the fifty-move rule.} 1/2-1/2"},
		{"stalemate", true, ai.NoSide, chess.ReasonStalemate, "{Draw by stalemate.} 1/2-1/2"},
		{"material", true, ai.NoSide, chess.ReasonInsufficient, "{Draw: insufficient material.} 1/2-1/2"},
		{"mate says itself", true, ai.First, chess.ReasonCheckmate, "1-0"},
		{"unknown reason", true, ai.NoSide, "co}met\n", "{Ended: comet.} 1/2-1/2"},
	} {
		r := &PGNRecord{Start: start, Moves: moves, Over: tc.over, Winner: tc.winner, Reason: tc.reason}
		got, err := r.PGN()
		if err != nil {
			t.Fatal(err)
		}
		result := r.Result()
		if !strings.Contains(got, "[Result \""+result+"\"]") {
			t.Errorf("%s: no Result tag %q in\n%s", tc.name, result, got)
		}
		if want := "\n1. e4 e5 " + tc.want + "\n"; !strings.HasSuffix(got, want) {
			t.Errorf("%s: movetext ends %q, want %q", tc.name, got[strings.LastIndex(got, "\n\n")+1:], want)
		}
	}
}

func TestPGNEscapesNames(t *testing.T) {
	r := &PGNRecord{Start: Game{}.Start(), Header: record.Header{White: `Ali "the rook" Veli`, Black: "back\\slash\nnew line", Site: "   "}}
	got, err := r.PGN()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`[White "Ali \"the rook\" Veli"]`,
		`[Black "back\\slash new line"]`,
		`[Site "?"]`,
	} {
		if !strings.Contains(got, want+"\n") {
			t.Errorf("no %s in\n%s", want, got)
		}
	}
}

// TestPGNSANRoundTrip reads each SAN move of the movetext back with
// ParseMove and checks it is the move played, over random games that
// reach castling, promotions, en passant and disambiguation.
func TestPGNSANRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 1858))
	played := [][]ai.Move{operaRequest(t).Moves}
	for range 30 {
		p := Game{}.Start()
		var moves, buf []ai.Move
		for len(moves) < 300 && !p.Status().Over {
			buf = p.Moves(buf[:0])
			m := buf[rng.IntN(len(buf))]
			p.Make(m)
			moves = append(moves, m)
		}
		played = append(played, moves)
	}
	seen := map[string]int{}
	for g, moves := range played {
		r := &PGNRecord{Start: Game{}.Start(), Moves: moves}
		text, err := r.PGN()
		if err != nil {
			t.Fatal(err)
		}
		movetext := text[strings.Index(text, "\n\n")+2:]
		p := Game{}.Start()
		i := 0
		for _, tok := range strings.Fields(movetext) {
			if strings.HasSuffix(tok, ".") || tok == "*" {
				continue
			}
			if i >= len(moves) {
				t.Fatalf("game %d: more SAN tokens than moves: %q", g, tok)
			}
			m, err := p.ParseMove(tok)
			if err != nil || m != moves[i] {
				t.Fatalf("game %d ply %d: %q parses to %v, %v; want %v", g, i+1, tok, m, err, moves[i])
			}
			mv := engine.MoveOf(m)
			switch {
			case mv.IsCastle():
				seen["castling"]++
			case mv.IsEnPassant():
				seen["en passant"]++
			case mv.Promotion() != chess.NoKind:
				seen["promotion"]++
			}
			if san := strings.ReplaceAll(strings.TrimRight(tok, "+#"), "x", ""); strings.ContainsRune("NBRQK", rune(san[0])) && len(san) > 3 {
				seen["disambiguation"]++
			}
			p.Make(m)
			i++
		}
		if i != len(moves) {
			t.Errorf("game %d: %d SAN moves for %d moves", g, i, len(moves))
		}
	}
	for _, kind := range []string{"castling", "en passant", "promotion", "disambiguation"} {
		if seen[kind] == 0 {
			t.Errorf("no %s in the games: the test shows nothing of it", kind)
		}
	}
	t.Logf("moves of each kind read back: %v", seen)
}

func TestPGNRefusesIllegalMoves(t *testing.T) {
	start := Game{}.Start()
	moves := playUCI(t, start, "e2e4")
	for _, tc := range []struct {
		name string
		r    PGNRecord
	}{
		{"no start", PGNRecord{Moves: moves}},
		{"a move twice", PGNRecord{Start: start, Moves: append(moves, moves[0])}},
	} {
		if got, err := tc.r.PGN(); err == nil {
			t.Errorf("%s: PGN %q, want an error", tc.name, got)
		}
	}
}

func TestPGNCommand(t *testing.T) {
	cmds := Game{}.Commands()
	if len(cmds) != 1 || cmds[0].Key != "pgn" || len(cmds[0].Words) == 0 || cmds[0].Words[0] != "pgn" {
		t.Fatalf("Commands() = %+v, want the pgn command", cmds)
	}
	for _, tc := range []struct {
		lang, text string
		over       bool
	}{
		{"en", "Game #g12 as PGN, to move 17: 1-0.", true},
		{"tr", "#g12 oyununun PGN kaydı, 17. hamleye kadar: 1-0.", true},
		{"en", "Game #g12 so far as PGN, to move 17, still in play.", false},
		{"tr", "#g12 oyununun şimdiye kadarki PGN kaydı, 17. hamleye kadar; oyun sürüyor.", false},
	} {
		req := operaRequest(t)
		req.Lang, req.Over = tc.lang, tc.over
		ans, err := cmds[0].Run(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		if ans.Text != tc.text {
			t.Errorf("%s over=%v: text %q, want %q", tc.lang, tc.over, ans.Text, tc.text)
		}
		f := ans.File
		if f == nil || f.Name != "oyunbot-g12.pgn" || f.MIME != "application/x-chess-pgn" {
			t.Fatalf("file %+v, want oyunbot-g12.pgn as application/x-chess-pgn", f)
		}
		want := operaPGN
		if !tc.over {
			want = strings.ReplaceAll(want, "1-0", "*")
		}
		if string(f.Data) != want {
			t.Errorf("%s over=%v: file\n%s\nwant\n%s", tc.lang, tc.over, f.Data, want)
		}
	}
	// No move yet, and a game from a FEN numbered from its move 40.
	start, err := Game{}.ParsePosition("4k3/8/8/8/8/8/4P3/4K3 b - - 0 40")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		lang, uci, text string
	}{
		{"en", "", "Game #g3 as PGN: no moves yet."},
		{"tr", "", "#g3 oyununun PGN kaydı: henüz hamle yok."},
		{"en", "e8d7", "Game #g3 so far as PGN, to move 40, still in play."},
		{"en", "e8d7 e2e4", "Game #g3 so far as PGN, to move 41, still in play."},
		{"tr", "e8d7 e2e4 d7d6", "#g3 oyununun şimdiye kadarki PGN kaydı, 41. hamleye kadar; oyun sürüyor."},
	} {
		req := games.CommandRequest{Lang: tc.lang, ID: 3, Start: start, Moves: playUCI(t, start, tc.uci)}
		ans, err := cmds[0].Run(context.Background(), req)
		if err != nil || ans.Text != tc.text {
			t.Errorf("%s %q: %q, %v; want %q", tc.lang, tc.uci, ans.Text, err, tc.text)
		}
	}
	if _, err := cmds[0].Run(context.Background(), games.CommandRequest{Lang: "en"}); err == nil {
		t.Error("a request without a start position gave no error")
	}
}

func TestPGNCatalog(t *testing.T) {
	cat := pgnCatalog()
	for key := range cat["en"] {
		if cat["tr"][key] == "" {
			t.Errorf("%s has no Turkish text", key)
		}
	}
	for key := range cat["tr"] {
		if cat["en"][key] == "" {
			t.Errorf("%s has no English text", key)
		}
	}
	if cat["en"]["cmd.pgn"] == "" {
		t.Error("no help line cmd.pgn")
	}
}

// TestPGNOfATournamentGame: a tournament game's PGN names the tournament
// and the round.
func TestPGNOfATournamentGame(t *testing.T) {
	start := Game{}.Start()
	req := games.CommandRequest{Game: Game{}, Lang: "en", ID: 4, Start: start, Position: start.Clone(),
		Players: [2]string{"Ayşe", "Bora"}, Winner: ai.NoSide, Platform: "telegram", Channel: "-100", Tournament: 3, Round: 2}
	text, err := RecordOf(req).PGN()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`[Event "oyunbot tournament #t3"]`, `[Round "2"]`, `[Site "telegram -100"]`} {
		if !strings.Contains(text, want) {
			t.Errorf("PGN lacks %s:\n%s", want, text)
		}
	}
}

// TestPGNTags: the ratings, the time control and the engine's level are
// written as tags after the Seven Tag Roster (issue 20).
func TestPGNTags(t *testing.T) {
	start := Game{}.Start()
	r := &PGNRecord{Header: record.Header{Event: "oyunbot", White: "Ayşe", Black: "oyunbot"}, Start: start, Moves: playUCI(t, start, "e2e4"),
		Levels: [2]string{"", "hard"}, Ratings: [2]int{1612, 2000}, TimeControl: timeControl(games.Clock{Base: 5 * time.Minute, Increment: 3 * time.Second})}
	got, err := r.PGN()
	if err != nil {
		t.Fatal(err)
	}
	want := `[Result "*"]
[WhiteElo "1612"]
[BlackElo "2000"]
[TimeControl "300+3"]
[BlackType "program"]
[BlackLevel "hard"]

1. e4 *
`
	if !strings.HasSuffix(got, want) {
		t.Errorf("PGN:\n%s\nwant it to end:\n%s", got, want)
	}
	for c, want := range map[games.Clock]string{{}: "-", {Base: time.Hour}: "3600", {PerMove: 24 * time.Hour}: "1/86400",
		{Base: 10 * time.Second, Increment: time.Second}: "10+1"} {
		if got := timeControl(c); got != want {
			t.Errorf("timeControl(%+v) = %q, want %q", c, got, want)
		}
	}
}

// TestRecordOf: a command's request becomes the record's tags: the bot's
// level on its side only.
func TestRecordOf(t *testing.T) {
	req := games.CommandRequest{Start: Game{}.Start(), Players: [2]string{"oyunbot", "Ayşe"}, Bot: [2]bool{true, false},
		Level: "easy", Ratings: [2]int{1330, 0}, Clock: games.Clock{PerMove: time.Hour}}
	r := RecordOf(req)
	if r.Levels != [2]string{"easy", ""} || r.Ratings != [2]int{1330, 0} || r.TimeControl != "1/3600" {
		t.Errorf("record %+v", r)
	}
	if got := (Game{}).FirstMoveNumber("4k3/8/8/8/8/8/4P3/4K3 b - - 0 40"); got != 40 {
		t.Errorf("FirstMoveNumber = %d, want 40", got)
	}
}
