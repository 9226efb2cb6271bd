package router

// langmemory.go remembers the language people write in (their last
// command word's, by channel) and each channel's platform locale: a
// bounded cache in front of the store, so that memory stays bounded
// however many people write, and a restart (or another process) knows
// what was learnt.

import (
	"container/list"
	"context"
	"errors"
	"log/slog"
	"sync"

	"oyunbot/chat"
	"oyunbot/sessions"
)

// langMemorySize bounds the languages kept in memory; the store keeps the
// rest.
const langMemorySize = 10_000

// langKey names what a language is remembered for: a person in a channel,
// or the channel itself (who "").
type langKey struct{ platform, channel, who string }

// langMemory is the cache; safe for concurrent use.
type langMemory struct {
	store sessions.LanguageMemory // nil: memory only
	log   *slog.Logger
	max   int

	mu    sync.Mutex
	order *list.List // of langKey, the most recently used first
	langs map[langKey]langEntry
}

type langEntry struct {
	lang chat.Lang // "" for known to be none
	elem *list.Element
}

func newLangMemory(store sessions.LanguageMemory, log *slog.Logger) *langMemory {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &langMemory{store: store, log: log, max: langMemorySize, order: list.New(), langs: map[langKey]langEntry{}}
}

// get returns the language remembered for k.
func (m *langMemory) get(ctx context.Context, k langKey) (chat.Lang, bool) {
	if l, ok := m.cached(k); ok {
		return l, l != ""
	}
	var l chat.Lang
	if m.store != nil {
		s, err := m.store.Language(ctx, k.platform, k.channel, k.who)
		switch {
		case err == nil:
			l, _ = chat.ParseLang(s)
		case !errors.Is(err, sessions.ErrNotFound):
			m.log.Warn("reading a remembered language", "err", err)
			return "", false // not cached: asked again next time
		}
	}
	m.put(k, l)
	return l, l != ""
}

// set remembers l for k: stored when it changes.
func (m *langMemory) set(ctx context.Context, k langKey, l chat.Lang) {
	if cur, ok := m.get(ctx, k); ok && cur == l {
		return
	}
	m.put(k, l)
	if m.store != nil {
		if err := m.store.RememberLanguage(ctx, k.platform, k.channel, k.who, string(l)); err != nil {
			m.log.Warn("storing a remembered language", "err", err)
		}
	}
}

func (m *langMemory) cached(k langKey) (chat.Lang, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.langs[k]
	if !ok {
		return "", false
	}
	m.order.MoveToFront(e.elem)
	return e.lang, true
}

func (m *langMemory) put(k langKey, l chat.Lang) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if e, ok := m.langs[k]; ok {
		e.lang = l
		m.langs[k] = e
		m.order.MoveToFront(e.elem)
		return
	}
	m.langs[k] = langEntry{lang: l, elem: m.order.PushFront(k)}
	for m.order.Len() > m.max {
		last := m.order.Back()
		m.order.Remove(last)
		delete(m.langs, last.Value.(langKey))
	}
}

// len is how many languages are in memory.
func (m *langMemory) len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.order.Len()
}
