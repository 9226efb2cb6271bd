package present

// page.go is a game as the web pages show it (chat/web): the same names,
// lines, moves and pictures as the chat's replies, in the pieces a page
// lays out, and the picture of any step of the game.

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"time"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/render"
	"oyunbot/sessions"
)

// GameView is a game in one language, as a page shows it.
type GameView struct {
	Tag      string // "g7"
	Title    string // "#g7 · Dama"
	GameName string
	Solo     bool
	// Players are the players by side (one for a puzzle).
	Players []PlayerView
	// Status says whose turn it is, or the result; Prompt what the player
	// to move still owes (tavla's dice left); Offers a pending draw or
	// take-back.
	Status, Prompt string
	Offers         []string
	// Round is a tournament game's round ("Round 2"), "" for others.
	Round string
	Clock ClockView
	// Turns are the history, a turn each (Turns); a page has a picture of
	// the start (step 0) and after each turn (step i after Turns[i-1]).
	Turns []Turn
	Over  bool
	// Dice is the roll of a game with dice whose position shows one
	// (tavla's), DiceLeft how many of it are still to play; nil for none.
	Dice     []int
	DiceLeft int
}

// PlayerView is a player as a page shows them.
type PlayerView struct {
	Name  string // display name (the bot's name for the bot)
	Side  string // "white", in the game's words
	Level string // the bot's level, "" for a person
	Bot   bool
	// ToMove: it is their turn; Winner: they won the finished game.
	ToMove, Winner bool
	// Rating is their rating ("1512", after a rated game's end "1512
	// (+12)"), "" for none; the pages fill it in from the store.
	Rating string
}

// ClockView is a timed game's clocks.
type ClockView struct {
	// Control is the time control ("5 min + 3 s"), "" for a game without
	// a clock.
	Control string
	// Left is each side's time at the snapshot's Now; Running the side
	// whose time runs (ai.NoSide when none does: before the first move of
	// a game clock, after the end).
	Left    [2]time.Duration
	Running ai.Side
	PerMove bool
}

// dicer is a position with dice on the board (tavla's): the two faces
// rolled and how many dice are left to play.
type dicer interface {
	Dice() (a, b, left int)
}

// GameView shows game s in lang.
func (r *Presenter) GameView(lang chat.Lang, s sessions.Snapshot) (GameView, error) {
	turns, err := r.Turns(lang, s)
	if err != nil {
		return GameView{}, err
	}
	v := GameView{Tag: s.Tag(), Title: "#" + s.Tag() + " · " + r.GameName(lang, s.Game), GameName: r.GameName(lang, s.Game),
		Solo: s.Solo(), Status: r.StatusLine(lang, s), Prompt: r.Prompt(lang, s), Turns: turns, Over: s.Result.Over}
	sides := 2
	if s.Solo() {
		sides = 1
	}
	for side := range ai.Side(sides) {
		p := s.Players[side]
		pv := PlayerView{Name: r.DisplayName(p), Bot: p.Bot, ToMove: !s.Result.Over && s.Turn == side,
			Winner: s.Result.Over && !s.Result.Void() && s.Result.Winner == side && !s.Solo()}
		if !s.Solo() {
			pv.Side = r.SideName(lang, s.Game, side)
		}
		if level := BotLevel(s, side); level != "" {
			pv.Level = r.LevelName(lang, level)
		}
		v.Players = append(v.Players, pv)
	}
	if !s.Result.Over {
		if s.DrawOffer != ai.NoSide {
			v.Offers = append(v.Offers, r.cat.T(lang, "draw.pending", "player", r.PlayerName(s, s.DrawOffer)))
		}
		if s.TakebackOffer != ai.NoSide {
			v.Offers = append(v.Offers, r.cat.T(lang, "takeback.pending", "player", r.PlayerName(s, s.TakebackOffer)))
		}
	}
	if s.Tournament != 0 {
		v.Round = r.cat.T(lang, "tournament.game-round", "round", fmt.Sprint(s.TournamentRound))
	}
	if left, ok := s.TimeLeft(r.now()); ok {
		v.Clock = ClockView{Control: r.TimeControlText(lang, s.TimeControl), Left: left, Running: ai.NoSide,
			PerMove: s.TimeControl.PerMove > 0}
		begun := slices.ContainsFunc(s.Sides, func(sd ai.Side) bool { return sd == ai.First || sd == ai.Second })
		if p, ok := s.ToMove(); ok && !p.Bot && (begun || v.Clock.PerMove) {
			v.Clock.Running = s.Turn
		}
	}
	if d, ok := s.Position.(dicer); ok && !s.Result.Over {
		if a, b, left := d.Dice(); a > 0 && b > 0 {
			v.Dice, v.DiceLeft = []int{a, b}, left
		}
	}
	return v, nil
}

// ErrNoStep is the error of a step a game does not have.
var ErrNoStep = errors.New("present: no such step of the game")

// ErrNoDrawer is the error of a picture of a game drawn as text only.
var ErrNoDrawer = errors.New("present: the game has no drawer")

// StepFrame is the picture of step n of game s (0: the start; n: after
// its n-th turn, as Turns counts them), seen from the second side when
// flip: the turn's squares marked and its moves said with their number;
// the last step is the game as it stands (the result, a winning line, the
// pieces a rule obliges to move).
func (r *Presenter) StepFrame(lang chat.Lang, s sessions.Snapshot, n int, flip bool) (render.Frame, error) {
	start, moves, err := s.Replay()
	if err != nil {
		return render.Frame{}, err
	}
	if n < 0 {
		return render.Frame{}, ErrNoStep
	}
	pos, turn, step := start.Clone(), Turn{}, 0
	for p, t := range r.turns(lang, s, start, moves, sidesOf(s, len(moves))) {
		if step == n {
			break
		}
		pos, turn, step = p, t, step+1
	}
	if step != n {
		return render.Frame{}, ErrNoStep
	}
	last := turn.End == len(moves)
	f := render.Frame{Position: pos, Board: pos.Board(), Path: turn.Path, Captured: turn.Captured, Flip: flip, Lang: string(lang),
		Players: [2]string{r.playerLabel(lang, s, ai.First), r.playerLabel(lang, s, ai.Second)},
		Title:   r.boardTitle(lang, s), Match: r.matchScoreOf(s)}
	if pos.Turn() == ai.Second {
		f.ToMove = 1
	}
	if len(turn.Moves) > 0 {
		f.Footer = turn.Text()
	}
	if last {
		f.Finished = s.Result.Over
		if f.Footer != "" {
			f.Footer += " · "
		}
		f.Footer += r.footer(lang, s)
		if wl := s.Can().WinningLiner; wl != nil && s.Result.Over {
			f.Line = wl.WinningLine()
		}
		f.Forced = forcedPieces(s)
	}
	return f, nil
}

// StepPicture is StepFrame drawn as a PNG by the game's drawer.
func (r *Presenter) StepPicture(lang chat.Lang, s sessions.Snapshot, n int, flip bool) ([]byte, error) {
	d := r.cfg.Drawers[s.Game.Name()]
	if d == nil {
		return nil, ErrNoDrawer
	}
	f, err := r.StepFrame(lang, s, n, flip)
	if err != nil {
		return nil, err
	}
	return d.Draw(f)
}

// BoardSpots are where the squares of game s's board are on its pictures
// (StepPicture's), seen from the second side when flip: the drawer's own
// geometry (render.Spots). False for a game whose drawer does not say (a
// board of points) or that has none.
func (r *Presenter) BoardSpots(s sessions.Snapshot, flip bool) ([]render.Spot, bool) {
	d := r.cfg.Drawers[s.Game.Name()]
	if d == nil {
		return nil, false
	}
	return render.Spots(d, flip)
}

// T is the catalogue's text id in lang (the web pages' own words).
func (r *Presenter) T(lang chat.Lang, id string, kv ...string) string {
	return r.cat.T(lang, id, kv...)
}

// Drawn reports whether game g has pictures (a drawer); a game without is
// shown as text.
func (r *Presenter) Drawn(g games.Game) bool { return r.cfg.Drawers[g.Name()] != nil }

// GIF is game s as the animated GIF "gif" sends, seen from the second side
// when flip.
func (r *Presenter) GIF(lang chat.Lang, s sessions.Snapshot, flip bool) ([]byte, error) {
	d := r.cfg.GIFDrawers[s.Game.Name()]
	if d == nil {
		d = r.cfg.Drawers[s.Game.Name()]
	}
	if d == nil {
		return nil, ErrNoDrawer
	}
	frames, err := r.GameFrames(lang, s, flip)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := render.AnimateTo(&buf, d, frames, GifDelay, GifHold); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
