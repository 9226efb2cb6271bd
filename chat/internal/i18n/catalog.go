// Package i18n is the catalogue of everything the bot says, in Turkish and
// English: one data file per language (tr.json, en.json) embedded in the
// binary, with each game's own messages (games.Host.Catalog) filed under
// its name. Placeholders are {name}; plural forms are data ({n|move|moves},
// games.Fill); both languages must have the same keys and the same
// placeholders per key (TestCatalogComplete).
package i18n

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"

	"oyunbot/chat"
	"oyunbot/games"
)

// The messages of each language, by id.
var (
	//go:embed tr.json
	trData []byte
	//go:embed en.json
	enData []byte
)

// load reads a language's messages.
func load(data []byte) (map[string]string, error) {
	m := map[string]string{}
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("i18n: %w", err)
	}
	return m, nil
}

// Catalog holds the messages by language and id. It is read-only after
// New and safe to share.
type Catalog struct {
	msgs map[chat.Lang]map[string]string
	// you is the display name that is the reader ("you" in the console):
	// a person placeholder with that value picks the message's second-
	// person variant (id + ".you-" + placeholder) where there is one.
	you string
}

// You is the display name that is the reader ("" for none).
func (c *Catalog) You() string { return c.you }

// ThirdPerson is the catalogue speaking of everyone in the third person:
// for a reader who is none of the players (a web page's spectator).
func (c *Catalog) ThirdPerson() *Catalog {
	if c.you == "" {
		return c
	}
	return &Catalog{msgs: c.msgs}
}

// personKeys are the placeholders that name a person.
var personKeys = map[string]bool{"player": true, "from": true, "to": true, "opponent": true}

// New returns the bot's catalogue, where display name you is the reader
// (the console's "you": see secondPerson; "" for none), with each game's own messages
// (games.Host.Catalog) filed under "<game name>." ("dama.side.white"). A
// game's id that is already the bot's is an error: a game named like a
// group of the bot's messages ("help") would replace them.
func New(you string, gs ...games.Game) (*Catalog, error) {
	tr, err := load(trData)
	if err != nil {
		return nil, err
	}
	en, err := load(enData)
	if err != nil {
		return nil, err
	}
	c := &Catalog{msgs: map[chat.Lang]map[string]string{chat.Turkish: tr, chat.English: en}, you: you}
	for _, g := range gs {
		for lang, msgs := range games.HostOf(g).Catalog {
			l, ok := chat.ParseLang(lang)
			if !ok {
				continue // a language the bot does not speak (yet)
			}
			for k, msg := range msgs {
				id := g.Name() + "." + k
				if _, dup := c.msgs[l][id]; dup {
					return nil, fmt.Errorf("i18n: game %s: message %q is the bot's", g.Name(), id)
				}
				c.msgs[l][id] = msg
			}
		}
	}
	return c, nil
}

// Game is game g's own message k (its id without the game's prefix) in
// lang, else in English; ok is false when the game has none.
func (c *Catalog) Game(lang chat.Lang, g games.Game, k string, kv ...string) (msg string, ok bool) {
	id := g.Name() + "." + k
	if !c.Has(lang, id) && !c.Has(chat.English, id) {
		return "", false
	}
	return c.T(lang, id, kv...), true
}

// Has reports whether id exists in lang.
func (c *Catalog) Has(lang chat.Lang, id string) bool {
	_, ok := c.msgs[lang][id]
	return ok
}

// T returns message id in lang with its {placeholders} replaced by the
// key/value pairs kv. A missing message falls back to English, then to id.
func (c *Catalog) T(lang chat.Lang, id string, kv ...string) string {
	msg, ok := c.msgs[lang][id]
	if !ok {
		if msg, ok = c.msgs[chat.English][id]; !ok {
			return id
		}
	}
	if len(kv) < 2 {
		return msg
	}
	if c.you != "" {
		msg = c.secondPerson(lang, id, msg, kv)
	}
	// Plural forms, then one pass over the placeholders: a value
	// containing "{x}" is not expanded again.
	return games.Fill(msg, kv...)
}

// secondPerson speaks to the reader where a person placeholder is them:
// the message's variant for it (id.you-<placeholder>) when there is one
// ("You resigned."); elsewhere their name stays a label ("you: b2").
func (c *Catalog) secondPerson(lang chat.Lang, id, msg string, kv []string) string {
	for i := 0; i+1 < len(kv); i += 2 {
		if personKeys[kv[i]] && kv[i+1] == c.you {
			if alt, ok := c.msgs[lang][id+".you-"+kv[i]]; ok {
				return alt
			}
		}
	}
	return msg
}

// N is T for a message about n things, with {n} set: message id+".one"
// when n is 1 and the language has it ("1 move", not "1 moves").
func (c *Catalog) N(lang chat.Lang, id string, n int, kv ...string) string {
	if n == 1 && c.Has(lang, id+".one") {
		id += ".one"
	}
	return c.T(lang, id, append([]string{"n", strconv.Itoa(n)}, kv...)...)
}

// Keys lists the ids of lang, sorted.
func (c *Catalog) Keys(lang chat.Lang) []string {
	keys := make([]string, 0, len(c.msgs[lang]))
	for k := range c.msgs[lang] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Langs lists the catalogue's languages.
func (c *Catalog) Langs() []chat.Lang { return []chat.Lang{chat.Turkish, chat.English} }
