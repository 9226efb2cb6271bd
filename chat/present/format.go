package present

import (
	"fmt"
	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/games"
	"oyunbot/render"
	"oyunbot/sessions"
	"strconv"
	"strings"
	"time"
)

// GameReply is the reply showing a game: head (what just happened), the
// status line (whose turn, or the result), the board as PNG when the game has
// a drawer and as text, and Buttons. viewer, if a player, decides whether the
// board is seen from the second player's side (against the bot).
func (r *Presenter) GameReply(lang chat.Lang, s sessions.Snapshot, head, viewer string) chat.Reply {
	tag := "#" + s.Tag()
	if s.Tournament != 0 {
		head = r.cat.T(lang, "tournament.game-round", "round", fmt.Sprint(s.TournamentRound)) + " · " + head
	}
	status := r.status(lang, s)
	if len(s.Ratings) == 2 {
		status += "\n" + r.ratedText(lang, s)
	}
	caption := tag + " " + head + "\n" + status
	flip := r.FlipFor(s, viewer)
	// The game's board in its chat: edited in place after each turn, a new
	// message at its end (the result below the last moves).
	rep := chat.Reply{Text: caption, Caption: caption, TextBoard: r.textBoard(lang, s, flip), GameID: s.ID, GameVersion: s.Version,
		Live: true, Fresh: s.Result.Over}
	if s.DrawOffer != ai.NoSide && !s.Result.Over {
		rep.Text += "\n" + r.cat.T(lang, "draw.pending", "player", r.PlayerName(s, s.DrawOffer))
	}
	if s.TakebackOffer != ai.NoSide && !s.Result.Over {
		rep.Text += "\n" + r.cat.T(lang, "takeback.pending", "player", r.PlayerName(s, s.TakebackOffer))
	}
	if d := r.cfg.Drawers[s.Game.Name()]; d != nil {
		toMove := 0
		if s.Turn == ai.Second {
			toMove = 1
		}
		frame := render.Frame{
			Position: s.Position,
			Board:    s.Board,
			Path:     s.LastPath,
			Captured: s.LastCaptured,
			ToMove:   toMove,
			Finished: s.Result.Over,
			Players:  [2]string{r.playerLabel(lang, s, ai.First), r.playerLabel(lang, s, ai.Second)},
			Title:    r.boardTitle(lang, s),
			Footer:   r.footer(lang, s),
			Before:   previousPath(s),
			Flip:     flip,
			Lang:     string(lang),
			Match:    r.matchScoreOf(s),
		}
		if wl := s.Can().WinningLiner; wl != nil && s.Result.Over {
			frame.Line = wl.WinningLine()
		}
		frame.Forced = forcedPieces(s)
		if left, ok := s.TimeLeft(r.now()); ok && !s.Result.Over && s.TimeControl.PerMove == 0 {
			// Each game clock next to its player's name ("4:00 – 1:50" in the
			// footer did not say whose was whose).
			frame.Clocks = [2]string{FormatClock(left[ai.First]), FormatClock(left[ai.Second])}
		}
		png, err := d.Draw(frame)
		if err != nil {
			r.log.Error("drawing board", "game", s.Game.Name(), "id", s.ID, "err", err)
		} else {
			rep.Image = png
			rep.ImageName = fmt.Sprintf("%s-%03d.png", s.Tag(), len(s.Moves))
		}
	}
	if rep.Image == nil {
		rep.Text += "\n" + rep.TextBoard
	}
	if !s.Result.Over {
		rep.Buttons = r.Buttons(lang, s)
		rep.Board, rep.Menus = r.tapView(lang, s, viewer)
	} else {
		var row []chat.Button
		if s.Tournament == 0 && s.Match == 0 && !(s.Players[0].Bot && s.Players[1].Bot) {
			row = append(row, chat.Button{Label: r.cat.T(lang, "button.rematch"), Data: command.Rematch + " #" + s.Tag()})
		}
		if Analysable(s) {
			row = append(row, r.AnalysisButton(lang, s))
		}
		if len(row) > 0 {
			rep.Buttons = [][]chat.Button{row}
		}
	}
	r.addWatch(lang, s, &rep)
	return rep
}

// Buttons are the game's move Buttons (games.MoveButtoner: tic-tac-toe's
// cells, laid out like the board) for a person to move, then the actions.
// Every button names its game ("resign #g7"): a player may have several
// games in a channel, and an older board's Buttons must act on that
// board's game, or say that it is over.
func (r *Presenter) Buttons(lang chat.Lang, s sessions.Snapshot) [][]chat.Button {
	var rows [][]chat.Button
	if p, ok := s.ToMove(); ok && !p.Bot {
		rows = r.moveButtons(lang, s)
	}
	if side, ok := s.Roller(); ok && !s.Players[side].Bot {
		rows = append(rows, []chat.Button{{Label: r.cat.T(lang, "button.roll"), Data: command.Roll + " #" + s.Tag()}})
	}
	tag := " #" + s.Tag()
	var actions []chat.Button
	// Hints are for casual games against the bot, in games that have them.
	if s.VsBot() && s.Tournament == 0 && !r.Host(s.Game).Policy.NoHints {
		actions = append(actions, chat.Button{Label: r.cat.T(lang, "button.hint"), Data: command.Hint + tag})
	}
	if midTurn(s) {
		// A ply of a turn not complete (a die of two, İşlem's placement):
		// taken back freely, and by a press too.
		actions = append(actions, chat.Button{Label: r.cat.T(lang, "button.takeback-ply"), Data: command.Undo + tag})
	}
	actions = append(actions,
		chat.Button{Label: r.cat.T(lang, "button.board"), Data: command.Board + tag},
		chat.Button{Label: r.cat.T(lang, "button.resign"), Data: command.Resign + tag})
	return append(rows, actions)
}

// midTurn reports whether a person is in the middle of their turn in s:
// they are to move and made its last ply.
func midTurn(s sessions.Snapshot) bool {
	p, ok := s.ToMove()
	return ok && !p.Bot && len(s.Sides) > 0 && s.Sides[len(s.Sides)-1] == s.Turn
}

// AnswerButtons are Accept and Decline for what id names: "#g7" for the
// draw offer in game 7, a ChallengeID for a challenge; for userID alone
// when it is not "" (confirm.go; a challenge checks whom it is for
// itself). None when the data would not fit a platform's limit (cut, it
// would name something else): the typed answer still works.
func (r *Presenter) AnswerButtons(lang chat.Lang, id, userID string) [][]chat.Button {
	accept, decline := command.Accept+" "+id, command.Decline+" "+id
	if userID != "" {
		accept, decline = WithAsked(accept, userID), WithAsked(decline, userID)
	}
	if accept == "" || decline == "" || len(accept) > chat.MaxButtonData || len(decline) > chat.MaxButtonData {
		return nil
	}
	return [][]chat.Button{{
		{Label: r.cat.T(lang, "button.accept"), Data: accept},
		{Label: r.cat.T(lang, "button.decline"), Data: decline},
	}}
}

// ChallengeID names one challenge in button data:
// "@<challenger's id>:<created, Unix ms in base 36>". A challenge replaces
// an earlier one between the same two people, so the time tells a
// challenge from the one before it; the leading "@" keeps it an argument
// an action takes (strayWords).
func ChallengeID(c sessions.Challenge) string {
	return "@" + c.From.ID + ":" + strconv.FormatInt(c.Created.UnixMilli(), 36)
}

// ParseChallengeID reads a ChallengeID, in the canonical form only (a
// time is written one way), so that one challenge has one id.
func ParseChallengeID(w string) (fromID string, createdMS int64, ok bool) {
	rest, ok := strings.CutPrefix(w, "@")
	i := strings.LastIndexByte(rest, ':')
	if !ok || i <= 0 {
		return "", 0, false
	}
	ms, err := strconv.ParseInt(rest[i+1:], 36, 64)
	if err != nil || ms < 0 || strconv.FormatInt(ms, 36) != rest[i+1:] {
		return "", 0, false
	}
	return rest[:i], ms, true
}

// TextBoard draws Position.Board() rows with rank numbers on the left and
// file letters below, in a fixed-width layout.
func TextBoard(board []string) string {
	var b strings.Builder
	n := len(board)
	w := len(fmt.Sprint(n))
	width := 0
	for i, row := range board {
		fmt.Fprintf(&b, "%*d ", w, n-i)
		for j, c := range row {
			if j > 0 {
				b.WriteByte(' ')
			}
			b.WriteRune(c)
		}
		b.WriteByte('\n')
		width = max(width, len([]rune(row)))
	}
	b.WriteString(strings.Repeat(" ", w+1))
	for j := range width {
		if j > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(byte('a' + j%26))
	}
	return b.String()
}

// status is the line under a board: whose turn, or the result, and the
// clocks.
func (r *Presenter) status(lang chat.Lang, s sessions.Snapshot) string {
	line := r.StatusLine(lang, s)
	if sn := s.Can().StatusNoter; sn != nil {
		if note := sn.StatusNote(string(lang)); note != "" {
			line += "\n" + note
		}
	}
	if _, ok := s.ToMove(); ok {
		if c := r.ClockLine(lang, s); c != "" {
			line += "\n" + c
		}
	}
	return line
}

// StatusLine says whose turn it is (with the pieces a rule obliges to
// move), or the result.
func (r *Presenter) StatusLine(lang chat.Lang, s sessions.Snapshot) string {
	if s.Result.Over {
		return r.ResultLine(lang, s)
	}
	p, ok := s.ToMove()
	if !ok {
		return r.RollLine(lang, s) // a roll by hand waits for its player
	}
	line := r.cat.T(lang, "game.turn", "player", r.DisplayName(p), "side", r.SideName(lang, s.Game, s.Turn))
	if f := forcedPieces(s); len(f) > 0 {
		line += " · " + r.cat.T(lang, "game.forced", "pieces", strings.Join(f, ", "))
	}
	return line
}

// now is the router's clock (Config.Now, for tests).
func (r *Presenter) now() time.Time { return r.cfg.Now() }

// ClockLine shows the clocks of a timed game: "⏱ Ayşe 4:32 · Bora 5:00
// (5 min + 3 s)", or for a limit per move the time left for this move.
func (r *Presenter) ClockLine(lang chat.Lang, s sessions.Snapshot) string {
	left, ok := s.TimeLeft(r.now())
	if !ok || s.Result.Over {
		return ""
	}
	tc := r.TimeControlText(lang, s.TimeControl)
	if s.TimeControl.PerMove > 0 {
		p, _ := s.ToMove()
		return "⏱ " + r.cat.T(lang, "clock.per-move", "player", r.DisplayName(p), "left", FormatClock(left[s.Turn])) + " (" + tc + ")"
	}
	return fmt.Sprintf("⏱ %s %s · %s %s (%s)", r.PlayerName(s, ai.First), FormatClock(left[ai.First]),
		r.PlayerName(s, ai.Second), FormatClock(left[ai.Second]), tc)
}

// FormatClock writes a clock reading as h:mm:ss, or m:ss under an hour.
func FormatClock(d time.Duration) string {
	d = max(d, 0)
	sec := int64(d / time.Second)
	h, m, ss := sec/3600, sec/60%60, sec%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d", h, m, ss)
	}
	return fmt.Sprintf("%d:%02d", m, ss)
}

// TimeControlText describes a time control: "5 dk + 3 sn", "10 min",
// "1 day per move".
func (r *Presenter) TimeControlText(lang chat.Lang, tc sessions.TimeControl) string {
	switch {
	case tc.PerMove > 0:
		return r.cat.T(lang, "clock.tc-per-move", "time", r.DurationText(lang, tc.PerMove))
	case tc.Increment > 0:
		return r.DurationText(lang, tc.Base) + " + " + r.DurationText(lang, tc.Increment)
	}
	return r.DurationText(lang, tc.Base)
}

// DurationText writes d in its largest whole unit ("90 sn", "2 dk", "1 gün").
func (r *Presenter) DurationText(lang chat.Lang, d time.Duration) string {
	for _, u := range []struct {
		d   time.Duration
		key string
	}{{24 * time.Hour, "unit.day"}, {time.Hour, "unit.hour"}, {time.Minute, "unit.min"}, {time.Second, "unit.sec"}} {
		if d >= u.d && d%u.d == 0 {
			return fmt.Sprintf("%d %s", d/u.d, r.cat.T(lang, u.key))
		}
	}
	return fmt.Sprintf("%d %s", d/time.Second, r.cat.T(lang, "unit.sec"))
}

// footer is the short status line on the picture.
func (r *Presenter) footer(lang chat.Lang, s sessions.Snapshot) string {
	switch {
	case s.Result.Void():
		return r.cat.T(lang, "footer.aborted")
	case s.Result.Over && s.Solo() && s.Result.Winner == ai.First:
		return r.cat.T(lang, "footer.solved")
	case s.Result.Over && s.Solo():
		return r.cat.T(lang, "footer.gave-up")
	case s.Result.Over && (s.Result.Winner == ai.First || s.Result.Winner == ai.Second):
		return r.cat.T(lang, "footer.win", "player", r.PlayerName(s, s.Result.Winner))
	case s.Result.Over:
		return r.cat.T(lang, "footer.draw")
	}
	p, _ := s.ToMove()
	line := r.cat.T(lang, "footer.turn", "player", r.DisplayName(p))
	if len(forcedPieces(s)) > 0 {
		line += " · " + r.cat.T(lang, "footer.forced")
	}
	// No ⏱ here: the picture's font has no emoji. Game clocks are drawn
	// next to the names; a limit per move is the mover's alone.
	if left, ok := s.TimeLeft(r.now()); ok && s.TimeControl.PerMove > 0 {
		line += " · " + FormatClock(left[s.Turn])
	}
	return line
}

// ResultLine says who won and why.
func (r *Presenter) ResultLine(lang chat.Lang, s sessions.Snapshot) string {
	Reason := r.Reason(lang, s.Game, s.Result.Reason)
	if s.Result.Void() {
		return r.cat.T(lang, "result.aborted", "reason", Reason)
	}
	if s.Result.Winner != ai.First && s.Result.Winner != ai.Second {
		return r.cat.T(lang, "result.draw", "reason", Reason)
	}
	if s.Solo() {
		if s.Result.Winner != ai.First {
			return r.cat.N(lang, "solo.gave-up", MoveCount(s))
		}
		return r.soloLine(lang, s)
	}
	line := r.cat.T(lang, "result.win", "player", r.PlayerName(s, s.Result.Winner),
		"side", r.SideName(lang, s.Game, s.Result.Winner), "reason", Reason)
	if s.Result.Points > 1 {
		line += " " + r.cat.N(lang, "result.points", s.Result.Points)
	}
	return line
}

// Reason says how a game ended: in the game's words, else the bot's (the
// endings every game shares: time, resignation, agreement...).
func (r *Presenter) Reason(lang chat.Lang, g games.Game, key string) string {
	if msg, ok := r.cat.Game(lang, g, "reason."+key); ok {
		return msg
	}
	if r.cat.Has(lang, "reason."+key) {
		return r.cat.T(lang, "reason."+key)
	}
	return r.cat.T(lang, "reason.other", "reason", key)
}

// StartReason says why a custom start is refused as decided already (an
// OverAtStartError's Status st, turn the side to move): the game's
// "start.<reason>" sentence, which names the side ({winner}, {loser},
// {turn}: "black has no pieces"), or for a drawn end "start.<reason>.draw"
// ({turn}); else how the game ends there (Reason).
func (r *Presenter) StartReason(lang chat.Lang, g games.Game, st ai.Status, turn ai.Side) string {
	kv := []string{"turn", r.SideName(lang, g, turn)}
	key := "start." + st.Reason
	if st.Winner == ai.NoSide {
		key += ".draw"
	} else {
		kv = append(kv, "winner", r.SideName(lang, g, st.Winner), "loser", r.SideName(lang, g, st.Winner.Opponent()))
	}
	if msg, ok := r.cat.Game(lang, g, key, kv...); ok {
		return msg
	}
	return r.Reason(lang, g, st.Reason)
}

// MoveReason translates a refused move's Reason: the game's sentence for
// it, else the bot's for its kind.
func (r *Presenter) MoveReason(lang chat.Lang, g games.Game, me *games.MoveError) string {
	if me.Reason != "" {
		if msg, ok := r.cat.Game(lang, g, "moveerr."+me.Reason, me.Args...); ok {
			return msg
		}
	}
	switch me.Kind {
	case games.Malformed:
		return r.cat.T(lang, "moveerr.malformed", "notation", r.notation(lang, g))
	case games.Ambiguous:
		return r.cat.T(lang, "moveerr.ambiguous")
	case games.GameOver:
		return r.cat.T(lang, "moveerr.game-over")
	}
	return r.cat.T(lang, "moveerr.illegal")
}

// notation is a short example of the game's moves.
func (r *Presenter) notation(lang chat.Lang, g games.Game) string {
	if msg, ok := r.cat.Game(lang, g, "notation"); ok {
		return msg
	}
	return r.cat.T(lang, "notation.other")
}

// GameName is the game's display name ("XOX"), else its canonical name.
func (r *Presenter) GameName(lang chat.Lang, g games.Game) string {
	if msg, ok := r.cat.Game(lang, g, "name"); ok {
		return msg
	}
	return g.Name()
}

// SideName is a side's display name ("beyaz"), else its key.
func (r *Presenter) SideName(lang chat.Lang, g games.Game, side ai.Side) string {
	names := g.SideNames()
	if int(side) < 0 || int(side) >= len(names) {
		return ""
	}
	if msg, ok := r.cat.Game(lang, g, "side."+names[side]); ok {
		return msg
	}
	return names[side]
}

func (r *Presenter) LevelName(lang chat.Lang, name string) string {
	if r.cat.Has(lang, "level."+name) {
		return r.cat.T(lang, "level."+name)
	}
	return name
}

// LevelNames lists game g's levels (the standard ones for g nil).
func (r *Presenter) LevelNames(lang chat.Lang, g games.Game) string {
	levels := ai.Levels()
	if g != nil {
		levels = r.Host(g).LevelList()
	}
	var names []string
	for _, l := range levels {
		names = append(names, r.LevelName(lang, l.Name))
	}
	return strings.Join(names, ", ")
}

func (r *Presenter) DisplayName(p sessions.Player) string {
	if p.Bot {
		return r.cfg.BotName
	}
	// Stored names may predate cleaning at Handle.
	name := CleanName(p.ID)
	if p.Name != "" {
		name = CleanName(p.Name)
	}
	if r.youName != "" && name == r.you {
		return r.youName
	}
	return name
}

func (r *Presenter) PlayerName(s sessions.Snapshot, side ai.Side) string {
	if side != ai.First && side != ai.Second {
		return ""
	}
	return r.DisplayName(s.Players[side])
}

// playerLabel names a player on the picture: the bot with its level.
func (r *Presenter) playerLabel(lang chat.Lang, s sessions.Snapshot, side ai.Side) string {
	p := s.Players[side]
	if level := BotLevel(s, side); level != "" {
		return r.DisplayName(p) + " · " + r.LevelName(lang, level)
	}
	return r.DisplayName(p)
}

// BotLevel is the level of the bot playing side ("" for a person).
func BotLevel(s sessions.Snapshot, side ai.Side) string {
	p := s.Players[side]
	switch {
	case !p.Bot:
		return ""
	case p.Level != "":
		return p.Level
	}
	return s.Level
}

// Players is "Ayşe (white) – oyunbot (black, medium)"; a puzzle's one
// player is named alone.
func (r *Presenter) Players(lang chat.Lang, s sessions.Snapshot) string {
	if s.Solo() {
		return r.DisplayName(s.Players[0])
	}
	var parts []string
	for side := ai.First; side <= ai.Second; side++ {
		label := r.SideName(lang, s.Game, side)
		if level := BotLevel(s, side); level != "" {
			label += ", " + r.LevelName(lang, level)
		}
		parts = append(parts, fmt.Sprintf("%s (%s)", r.DisplayName(s.Players[side]), label))
	}
	return strings.Join(parts, " – ")
}

// GameTitle heads a board shown on request, with what the player to move
// owes (tavla's dice).
func (r *Presenter) GameTitle(lang chat.Lang, s sessions.Snapshot) string {
	title := r.cat.N(lang, "game.title", MoveCount(s), "game", r.GameName(lang, s.Game), "players", r.Players(lang, s))
	if p := r.Prompt(lang, s); p != "" {
		title += "\n" + p
	}
	return title
}

// ChannelGames lists a channel's running games.
func (r *Presenter) ChannelGames(lang chat.Lang, list []sessions.Snapshot) string {
	var b strings.Builder
	b.WriteString(r.cat.T(lang, "games.running"))
	for _, s := range list {
		fmt.Fprintf(&b, "\n#%s %s: %s · %s", s.Tag(), r.GameName(lang, s.Game), r.Players(lang, s), r.status(lang, s))
	}
	return b.String()
}

// boardTitle is a board picture's title: the game's tag and name, and the
// move number once the game has begun.
func (r *Presenter) boardTitle(lang chat.Lang, s sessions.Snapshot) string {
	title := "#" + s.Tag() + " · " + r.GameName(lang, s.Game)
	if n := MoveCount(s); n > 0 {
		title += " · " + r.cat.T(lang, "board.move", "n", strconv.Itoa(n))
	}
	return title
}

// forcedPieces are the pieces a rule obliges to move now (games.Forcer:
// dama's compulsory capture), for the picture to ring; none once over.
func forcedPieces(s sessions.Snapshot) []string {
	if f := s.Can().Forcer; f != nil && !s.Result.Over {
		return f.ForcedPieces()
	}
	return nil
}

// previousPath is the squares of the move before the last one by another
// side (the player's move the bot answered), for the picture to mark
// fainter; nil when there is none or the game has no squares to show.
func previousPath(s sessions.Snapshot) []string {
	n := len(s.Moves)
	if n < 2 || len(s.Sides) != n || s.Position == nil {
		return nil
	}
	if s.Can().Highlighter == nil {
		return nil
	}
	last := ai.NoSide
	for i := n - 1; i >= 0; i-- {
		if s.Sides[i] != ai.Chance {
			last = s.Sides[i]
			break
		}
	}
	pos := s.Position.Clone()
	i := n - 1
	for ; i >= 0 && (s.Sides[i] == last || s.Sides[i] == ai.Chance); i-- {
		pos.Unmake()
	}
	if i < 0 {
		return nil
	}
	pos.Unmake()
	mv, err := pos.ParseMove(s.Moves[i])
	if err != nil {
		return nil
	}
	path, _ := games.CanOf(nil, pos).Highlighter.MoveSquares(mv)
	return path
}
