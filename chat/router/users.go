package router

import (
	"context"
	"errors"

	"oyunbot/chat"
	"oyunbot/sessions"
)

// Users is the store's directory of people by name, for one platform, as
// an adapter asks it (telegram.UserDirectory: "@name" resolved by any
// process).
func Users(dir sessions.UserDirectory, platform string) UserNames {
	return UserNames{dir: dir, platform: platform}
}

// UserNames is a platform's people by their lowercase name (Users).
type UserNames struct {
	dir      sessions.UserDirectory
	platform string
}

// RememberUser stores u under name.
func (n UserNames) RememberUser(ctx context.Context, name string, u chat.User) error {
	return n.dir.RememberUser(ctx, sessions.UserRecord{Platform: n.platform, Name: name, ID: u.ID, Display: u.Name})
}

// UserByName loads the person last remembered under name.
func (n UserNames) UserByName(ctx context.Context, name string) (chat.User, bool, error) {
	rec, err := n.dir.UserByName(ctx, n.platform, name)
	switch {
	case errors.Is(err, sessions.ErrNotFound):
		return chat.User{}, false, nil
	case err != nil:
		return chat.User{}, false, err
	}
	return chat.User{ID: rec.ID, Name: rec.Display}, true, nil
}
