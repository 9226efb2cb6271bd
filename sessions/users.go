package sessions

import "context"

// UserDirectory keeps the people a platform showed by their username
// (Telegram's @name), so that a mention resolves on any process sharing
// the store, not only the one the person spoke to.
type UserDirectory interface {
	// RememberUser stores u under (u.Platform, u.Name), replacing whoever
	// had that name before (a username passes from one account to another).
	RememberUser(ctx context.Context, u UserRecord) error
	// UserByName loads the user last remembered under a platform's name;
	// ErrNotFound if none. Names are compared as given (byte for byte):
	// the caller folds them (Telegram's usernames are case-insensitive).
	UserByName(ctx context.Context, platform, name string) (UserRecord, error)
}

// UserRecord is a person as a platform names them.
type UserRecord struct {
	Platform string
	// Name is the username, as the platform's adapter keys it (lowercase
	// for Telegram).
	Name string
	// ID is the platform's id of the person, Display the name shown.
	ID, Display string
}

// LanguageMemory keeps the language each person was last seen writing in
// a channel (who: their id), and each channel's platform locale (who ""),
// across restarts and processes.
type LanguageMemory interface {
	// RememberLanguage stores lang for (platform, channel, who).
	RememberLanguage(ctx context.Context, platform, channel, who, lang string) error
	// Language loads what RememberLanguage stored; ErrNotFound if nothing.
	Language(ctx context.Context, platform, channel, who string) (string, error)
}
