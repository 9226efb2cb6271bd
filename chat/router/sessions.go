package router

// sessions.go declares what the Router needs of the live games. The program
// wires the real ones (cmd/bot: a sessions.Manager on its store) through
// Config.NewSessions; the Router never creates them itself.

import (
	"context"
	"time"

	"oyunbot/sessions"
)

// Sessions is the live games, challenges, tournaments, ratings and channel
// settings, as the Router uses them; *sessions.Manager implements it.
type Sessions interface {
	// Games: starting, playing, finding.
	StartVsBot(ctx context.Context, req sessions.BotGame) (sessions.Snapshot, error)
	StartSolo(ctx context.Context, req sessions.SoloGame) (sessions.Snapshot, error)
	StartMatch(ctx context.Context, req sessions.MatchGame) (sessions.Snapshot, sessions.MatchRecord, error)
	Match(ctx context.Context, id int64) (sessions.MatchRecord, bool)
	Move(ctx context.Context, id int64, userID, text, ref string) (sessions.MoveResult, error)
	CheckMove(id int64, userID, text string) error
	Hint(ctx context.Context, id int64, userID, ref string) error
	Roll(ctx context.Context, id int64, userID string) (sessions.Snapshot, error)
	Undo(ctx context.Context, id int64, userID string) (sessions.Snapshot, error)
	TakeBackPly(ctx context.Context, id int64, userID string) (sessions.Snapshot, string, error)
	OfferDraw(ctx context.Context, id int64, userID string) (sessions.DrawOutcome, sessions.Snapshot, error)
	DeclineDraw(ctx context.Context, id int64, userID string) (sessions.Snapshot, error)
	OfferTakeback(ctx context.Context, id int64, userID string) (sessions.TakebackOutcome, sessions.Snapshot, error)
	AnswerTakeback(ctx context.Context, id int64, userID string, accept bool) (sessions.Snapshot, error)
	Resign(ctx context.Context, id int64, userID string) (sessions.Snapshot, error)
	SetLevel(ctx context.Context, id int64, userID, level string) (sessions.Snapshot, error)
	Get(id int64) (sessions.Snapshot, error)
	Find(platform, channelID, userID string) []sessions.Snapshot
	ChannelGames(platform, channelID string) []sessions.Snapshot
	Finished(ctx context.Context, id int64) (sessions.Snapshot, bool)
	LastFinished(ctx context.Context, platform, channelID, userID string) (sessions.Snapshot, bool)

	// Challenges between people.
	Challenge(ctx context.Context, c sessions.Challenge) error
	Challenges(platform, channelID, userID string) []sessions.Challenge
	Accept(ctx context.Context, platform, channelID string, by sessions.Player, fromID string) (sessions.Snapshot, sessions.Challenge, error)
	Decline(ctx context.Context, platform, channelID, userID, fromID string) (sessions.Challenge, error)

	// A channel's tournament.
	CreateTournament(ctx context.Context, req sessions.NewTournament) (sessions.TournamentView, error)
	Tournament(ctx context.Context, platform, channelID string) (sessions.TournamentView, bool)
	JoinTournament(ctx context.Context, platform, channelID string, p sessions.Player) (sessions.TournamentView, error)
	AddBotToTournament(ctx context.Context, platform, channelID string, by sessions.Player, admin bool, level string) (sessions.TournamentView, error)
	LeaveTournament(ctx context.Context, platform, channelID string, by sessions.Player, admin bool, playerID string) (sessions.TournamentView, error)
	StartTournament(ctx context.Context, platform, channelID string, by sessions.Player, admin bool, ref string) (sessions.TournamentView, error)
	CancelTournament(ctx context.Context, platform, channelID string, by sessions.Player, admin bool) (sessions.TournamentView, error)

	// Ratings.
	Rating(ctx context.Context, platform, game, playerID string) (sessions.RatingRecord, bool)
	PlayerRatings(ctx context.Context, platform, playerID string) ([]sessions.RatingRecord, error)
	Leaderboard(ctx context.Context, platform, game string, limit int) ([]sessions.RatingRecord, error)

	// Channel settings.
	Channel(ctx context.Context, platform, channelID string) sessions.ChannelSettings
	SetChannel(ctx context.Context, cs sessions.ChannelSettings) error

	// Resume starts the bot moves pending in the platform's games (once
	// its replies can be sent); CreditOutage gives its players back the
	// time the platform could not reach the bot.
	Resume(platform string)
	CreditOutage(platform string, d time.Duration)
	// Wait blocks until no bot move or hint is queued or running.
	Wait(ctx context.Context) error
	// Close stops the engine workers.
	Close() error
}

var _ Sessions = (*sessions.Manager)(nil)
