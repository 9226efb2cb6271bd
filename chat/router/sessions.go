package router

// sessions.go declares what each family of handlers needs of the live
// games, one small interface each; each is served by one part of the
// program's sessions.Manager (New hands each family its part).

import (
	"context"
	"time"

	"oyunbot/ai"
	"oyunbot/sessions"
	"oyunbot/sessions/challenges"
	"oyunbot/sessions/matches"
	"oyunbot/sessions/ratings"
	"oyunbot/sessions/tournaments"
)

// gameBook finds games: in play and finished (sessions.Lobby).
type gameBook interface {
	Get(id int64) (sessions.Snapshot, error)
	Find(platform, channelID, userID string) []sessions.Snapshot
	PlayerGames(platform, userID string) []sessions.Snapshot
	ChannelGames(platform, channelID string) []sessions.Snapshot
	Finished(ctx context.Context, id int64) (sessions.Snapshot, bool)
	LastFinished(ctx context.Context, platform, channelID, userID string) (sessions.Snapshot, bool)
}

// gameStarter starts games against the bot and puzzles (sessions.Lobby).
type gameStarter interface {
	StartVsBot(ctx context.Context, req sessions.BotGame) (sessions.Snapshot, error)
	StartSolo(ctx context.Context, req sessions.SoloGame) (sessions.Snapshot, error)
}

// matchBook starts matches to a number of points and finds them
// (matches.Runner).
type matchBook interface {
	Start(ctx context.Context, req sessions.MatchGame) (sessions.Snapshot, sessions.MatchRecord, error)
	Get(ctx context.Context, id int64) (sessions.MatchRecord, bool)
}

// mover plays a game: moves, dice, takebacks, the hint and the level
// (sessions.Play).
type mover interface {
	Move(ctx context.Context, id int64, userID, text, ref string) (sessions.MoveResult, error)
	CheckMove(id int64, userID, text string) error
	Roll(ctx context.Context, id int64, userID string) (sessions.Snapshot, error)
	TakeBackPly(ctx context.Context, id int64, userID string) (sessions.Snapshot, string, error)
	Hint(ctx context.Context, id int64, userID, ref string) error
	SetLevel(ctx context.Context, id int64, userID, level string) (sessions.Snapshot, error)
	Undo(ctx context.Context, id int64, userID string) (sessions.Snapshot, error)
}

// gameActions is resigning and the offers a player makes the other
// (sessions.Offers).
type gameActions interface {
	OfferDraw(ctx context.Context, id int64, userID string) (sessions.DrawOutcome, sessions.Snapshot, error)
	DeclineDraw(ctx context.Context, id int64, userID string) (sessions.Snapshot, error)
	OfferTakeback(ctx context.Context, id int64, userID string) (sessions.TakebackOutcome, sessions.Snapshot, error)
	AnswerTakeback(ctx context.Context, id int64, userID string, accept bool) (sessions.Snapshot, error)
	Resign(ctx context.Context, id int64, userID string) (sessions.Snapshot, error)
}

// challengeBook is challenges between people (sessions.Challenges).
type challengeBook interface {
	Issue(ctx context.Context, c sessions.Challenge) error
	Pending(platform, channelID, userID string) []sessions.Challenge
	Accept(ctx context.Context, platform, channelID string, by sessions.Player, fromID string) (sessions.Snapshot, sessions.Challenge, error)
	Decline(ctx context.Context, platform, channelID, userID, fromID string) (sessions.Challenge, error)
	Named(platform, fromID string, created int64) (sessions.Challenge, bool)
}

// tournamentDesk is a channel's tournament (tournaments.Runner).
type tournamentDesk interface {
	Create(ctx context.Context, req tournaments.Request) (sessions.TournamentView, error)
	Get(ctx context.Context, platform, channelID string) (sessions.TournamentView, bool)
	Join(ctx context.Context, platform, channelID string, p sessions.Player) (sessions.TournamentView, error)
	AddBot(ctx context.Context, platform, channelID string, by sessions.Player, admin bool, level string) (sessions.TournamentView, error)
	Leave(ctx context.Context, platform, channelID string, by sessions.Player, admin bool, playerID string) (sessions.TournamentView, error)
	Start(ctx context.Context, platform, channelID string, by sessions.Player, admin bool, ref string) (sessions.TournamentView, error)
	Cancel(ctx context.Context, platform, channelID string, by sessions.Player, admin bool) (sessions.TournamentView, error)
}

// ratingBook is the players' ratings (ratings.Book).
type ratingBook interface {
	Rating(ctx context.Context, platform, game, playerID string) (sessions.RatingRecord, bool)
	PlayerRatings(ctx context.Context, platform, playerID string) ([]sessions.RatingRecord, error)
	Leaderboard(ctx context.Context, platform, game string, limit int) ([]sessions.RatingRecord, error)
	Before(ctx context.Context, id int64, playerID string) (float64, bool)
	IfLost(ctx context.Context, s sessions.Snapshot, side ai.Side) (sessions.RatingChange, bool)
}

// channelSettings is a channel's settings (sessions.Channels).
type channelSettings interface {
	Get(ctx context.Context, platform, channelID string) sessions.ChannelSettings
	Set(ctx context.Context, cs sessions.ChannelSettings) error
}

// OutageCredit gives a platform's players back the time the platform
// could not reach the bot (the fleet.Fleet of package sessions/fleet).
type OutageCredit interface {
	CreditOutage(platform string, d time.Duration)
}

// lifecycle is the live games' life beside the platforms' (the
// sessions.Manager itself).
type lifecycle interface {
	// Resume starts the bot moves pending in the platform's games (once
	// its replies can be sent).
	Resume(platform string)
	// Wait blocks until no bot move or hint is queued or running.
	Wait(ctx context.Context) error
	// Close stops the engine workers.
	Close() error
}

// families is each handler family's part of the live games.
type families struct {
	games   gameBook
	starts  gameStarter
	matches matchBook
	moves   mover
	acts    gameActions
	chal    challengeBook
	tour    tournamentDesk
	rate    ratingBook
	chans   channelSettings
	outages OutageCredit // Config.Fleet
	life    lifecycle
}

// familiesOf hands each family the part of m that serves it, and the
// tournaments, the challenges, the matches and the ratings theirs.
func familiesOf(m *sessions.Manager, tours *tournaments.Runner, chal *challenges.Book, matches *matches.Runner, book *ratings.Book) families {
	return families{games: m.Lobby(), starts: m.Lobby(), matches: matches, moves: m.Play(), acts: m.Offers(),
		chal: chal, tour: tours, rate: book, chans: m.Channels(),
		life: m}
}
